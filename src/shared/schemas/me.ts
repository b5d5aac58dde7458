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
});
export type Me = z.infer<typeof meSchema>;
