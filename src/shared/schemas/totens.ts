/**
 * The gate's kiosk (docs/product.md, "Totem"): staff create one for a gate and pair a tablet through a
 * single-use link; the tablet then holds its own credential, good only for conversations at its gate.
 */
import { z } from "zod";
import { listQuery, pageOf, requiredId } from "./common";

/** How long a pairing link can be used. */
export const TOTEM_PAREAMENTO_MINUTOS = 10;

export const TOTEM_STATUSES = ["aguardando_pareamento", "pareado", "revogado"] as const;
export type TotemStatus = (typeof TOTEM_STATUSES)[number];

export const TOTEM_STATUS_LABELS: Record<TotemStatus, string> = {
  aguardando_pareamento: "Aguardando pareamento",
  pareado: "Pareado",
  revogado: "Revogado",
};

export const totemSchema = z.object({
  id: z.uuid(),
  nome: z.string(),
  condominio_id: z.uuid(),
  condominio_nome: z.string(),
  portao_id: z.uuid(),
  portao_nome: z.string(),
  status: z.enum(TOTEM_STATUSES),
  /** While a pairing link is open: when it stops working. */
  pareamento_expira_em: z.string().nullable(),
  pareado_em: z.string().nullable(),
  /** The kiosk's last request (updated at most once a minute). */
  ultimo_contato_em: z.string().nullable(),
  revogado_em: z.string().nullable(),
  created_at: z.string(),
});
export type Totem = z.infer<typeof totemSchema>;

export const totemListQuerySchema = listQuery({ condominio_id: z.uuid("Condomínio inválido").optional() });
export const totemPageSchema = pageOf(totemSchema);

/** "Novo totem": its name, and the gate it stands at (which names its condominium). */
export const totemCreateSchema = z
  .object({
    nome: z
      .string({ error: "Nome é obrigatório" })
      .trim()
      .min(1, "Nome é obrigatório")
      .max(60, "Nome deve ter no máximo 60 caracteres"),
    condominio_id: requiredId("Selecione um condomínio"),
    portao_id: requiredId("Selecione um portão"),
  })
  .strict();
export type TotemCreate = z.input<typeof totemCreateSchema>;

/** A fresh pairing link: shown once, to open on the tablet (also as a QR code). */
export const totemPareamentoSchema = z.object({
  totem: totemSchema,
  codigo: z.string(),
  link: z.string(),
  expira_em: z.string(),
});
export type TotemPareamento = z.infer<typeof totemPareamentoSchema>;

/** What the tablet sends from the pairing link. */
export const totemParearInputSchema = z
  .object({ codigo: z.string({ error: "Código de pareamento inválido" }).trim().min(1).max(100) })
  .strict();

/** What the kiosk knows of itself. */
export const totemDispositivoSchema = z.object({
  id: z.uuid(),
  nome: z.string(),
  condominio_nome: z.string(),
  portao_nome: z.string(),
});
export type TotemDispositivo = z.infer<typeof totemDispositivoSchema>;
