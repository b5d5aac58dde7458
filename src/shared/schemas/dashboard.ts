import { z } from "zod";
import { solicitacaoSchema } from "./solicitacoes";

export const dashboardQuerySchema = z.object({
  condominio_id: z.uuid("Condomínio inválido").optional(),
  /** Override of "today" (YYYY-MM-DD), read in each condominium's timezone. */
  data: z.iso.date({ error: "Data inválida (use AAAA-MM-DD)" }).optional(),
});

/** Today's count against the daily average of the previous calendar month, in percent. */
export const trendSchema = z
  .object({ percent: z.number().int(), direction: z.enum(["up", "down", "flat"]) })
  .nullable();

export const kpisSchema = z.object({
  counts: z.object({
    pendente: z.number().int(),
    autorizado: z.number().int(),
    negado: z.number().int(),
    expirado: z.number().int(),
    cancelado: z.number().int(),
    total: z.number().int(),
  }),
  trends: z.object({ pendente: trendSchema, autorizado: trendSchema, negado: trendSchema, total: trendSchema }),
});
export type Kpis = z.infer<typeof kpisSchema>;

export const ultimasQuerySchema = dashboardQuerySchema.extend({
  limit: z.coerce.number().int().min(1, "Limite inválido").max(100, "No máximo 100").default(20),
});

export const ultimasSchema = z.object({ items: z.array(solicitacaoSchema) });

/** GET /api/dashboard/primeiros-passos: what a new tenant has set up yet (condominium → units → people). */
export const primeirosPassosSchema = z.object({
  condominios: z.boolean(),
  unidades: z.boolean(),
  pessoas: z.boolean(),
});
export type PrimeirosPassos = z.infer<typeof primeirosPassosSchema>;
