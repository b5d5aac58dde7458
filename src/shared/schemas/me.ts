import { z } from "zod";
import { MEMBER_ROLES } from "../domain";

/** GET /api/me: who is signed in, in which tenant, with which role. */
export const meSchema = z.object({
  user: z.object({
    id: z.string(),
    name: z.string(),
    email: z.string(),
    image: z.string().nullable(),
  }),
  /** `demo`: the seeded demo tenant, labelled "Dados de demonstração" in the console. */
  organization: z.object({ id: z.string(), name: z.string(), slug: z.string(), demo: z.boolean() }),
  role: z.enum(MEMBER_ROLES),
  permissions: z.array(z.string()),
  /**
   * The subscription's state as the console's banner shows it (docs/decisions/045-plans-and-billing.md):
   * `carencia` while a failed payment's grace period runs (until `ate`), `somente_leitura` once it is
   * over or the subscription ended. Null for a morador, and when everything is in order.
   */
  cobranca: z
    .object({ situacao: z.enum(["carencia", "somente_leitura"]), ate: z.iso.datetime({ offset: true }).nullable() })
    .nullable(),
});
export type Me = z.infer<typeof meSchema>;
