import { z } from "zod";
import { condominioRefSchema, listQuery, optionalText, pageOf, requiredId } from "./common";
import { moradorSchema } from "./pessoas";
import { solicitacaoSchema } from "./solicitacoes";

/** Unit form and API body (docs/product.md, "Unidades"). */
export const unidadeInputSchema = z
  .object({
    condominio_id: requiredId("Selecione um condomínio"),
    codigo: z
      .string({ error: "Código é obrigatório" })
      .trim()
      .min(1, "Código é obrigatório")
      .max(20, "Código deve ter no máximo 20 caracteres"),
    torre: optionalText(60),
    pbx_ramal: optionalText(20),
    observacoes: optionalText(500),
    enabled: z.boolean({ error: "Valor inválido" }).default(true),
  })
  .strict();
export type UnidadeInput = z.input<typeof unidadeInputSchema>;

export const unidadeListQuerySchema = listQuery({
  condominio_id: z.uuid("Condomínio inválido").optional(),
  q: z.string().trim().max(100, "Busca longa demais").optional(),
  status: z.enum(["ativa", "inativa"], { error: "Status inválido" }).optional(),
});

export const unidadeSchema = z.object({
  id: z.uuid(),
  condominio_id: z.uuid(),
  codigo: z.string(),
  torre: z.string().nullable(),
  pbx_ramal: z.string().nullable(),
  observacoes: z.string().nullable(),
  enabled: z.boolean(),
  /** Active residents (v_moradores_ativos). */
  moradores: z.number().int(),
});
export type Unidade = z.infer<typeof unidadeSchema>;
/** A row of GET /api/unidades: the unit and its condominium. */
export const unidadeListItemSchema = unidadeSchema.extend({ condominio: condominioRefSchema });
export type UnidadeListItem = z.infer<typeof unidadeListItemSchema>;
export const unidadePageSchema = pageOf(unidadeListItemSchema);

/** GET /api/unidades/:id: the unit, its active residents and its latest requests. */
export const unidadeDetailSchema = unidadeSchema.extend({
  moradores_ativos: z.array(moradorSchema),
  solicitacoes_recentes: z.array(solicitacaoSchema),
});
export type UnidadeDetail = z.infer<typeof unidadeDetailSchema>;

export { unidadeLabel } from "../unidade-label";
