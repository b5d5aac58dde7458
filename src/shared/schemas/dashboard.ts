import { z } from "zod";
import { solicitacaoComFotoRowSchema } from "./solicitacoes";

/** One condominium, or every one the caller reaches when omitted (the dashboard's selector). */
const condominioFilter = z.uuid("Condomínio inválido").optional();

export const dashboardQuerySchema = z.object({
  condominio_id: condominioFilter,
  /** Override of "today" (YYYY-MM-DD), read in each condominium's timezone. */
  data: z.iso.date({ error: "Data inválida (use AAAA-MM-DD)" }).optional(),
});

/**
 * Today's count against the daily average of the previous calendar month (docs/decisions/006):
 * the difference in requests, the average it is measured against, and the change in percent only
 * when that average is large enough for a percentage to mean something (else null).
 */
export const trendSchema = z
  .object({
    direction: z.enum(["up", "down", "flat"]),
    /** Today minus the daily average, rounded to a whole request (signed). */
    difference: z.number().int(),
    /** Last month's daily average, one decimal. */
    average: z.number(),
    /** |today − average| / average, rounded, when the average is at least MIN_PERCENT_BASE; else null. */
    percent: z.number().int().nullable(),
  })
  .nullable();
export type Trend = z.infer<typeof trendSchema>;

/** Below this daily average a percentage says more about the small base than about today. */
export const MIN_PERCENT_BASE = 10;

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
  /** People inside now: entries without an exit (docs/product.md, "Dashboard"). */
  presentes: z.number().int(),
  /**
   * Pending requests now, whenever created (`counts.pendente` is only today's): the same count as
   * GET /api/dashboard/pendentes, which the bell shows, for the same condominium filter.
   */
  pendentes_agora: z.number().int(),
});
export type Kpis = z.infer<typeof kpisSchema>;

export const ultimasQuerySchema = dashboardQuerySchema.extend({
  limit: z.coerce.number().int().min(1, "Limite inválido").max(100, "No máximo 100").default(20),
});

export const ultimasSchema = z.object({ items: z.array(solicitacaoComFotoRowSchema) });

/** GET /api/dashboard/pendentes: the bell (docs/product.md, "Console shell"). */
export const pendentesQuerySchema = z.object({ condominio_id: condominioFilter });

/** How many newest pending requests the bell lists. */
export const PENDENTES_LISTADAS = 5;

export const pendentesSchema = z.object({
  /** Pending requests now: the same count as the dashboard's `pendentes_agora` for the same filter. */
  pendentes: z.number().int(),
  /** Of those, the ones nobody answered ("Sem resposta dos moradores"). */
  sem_resposta: z.number().int(),
  /** The newest pending requests, at most PENDENTES_LISTADAS. */
  items: z.array(solicitacaoComFotoRowSchema),
});
export type Pendentes = z.infer<typeof pendentesSchema>;

/** GET /api/dashboard/primeiros-passos: what a new tenant has set up yet (condominium → units → people). */
export const primeirosPassosSchema = z.object({
  condominios: z.boolean(),
  unidades: z.boolean(),
  pessoas: z.boolean(),
});
export type PrimeirosPassos = z.infer<typeof primeirosPassosSchema>;
