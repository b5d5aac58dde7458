import { z } from "zod";
import { DEFAULT_TIMEZONE, TIMEZONES } from "../domain";
import { isoDateTime, listQuery, pageOf } from "./common";
import { solicitacaoSchema } from "./solicitacoes";

/** Condominium form and API body (SPEC.md section 5). */
export const condominioInputSchema = z
  .object({
    nome: z
      .string({ error: "Nome deve ter pelo menos 2 caracteres" })
      .trim()
      .min(2, "Nome deve ter pelo menos 2 caracteres")
      .max(120, "Nome deve ter no máximo 120 caracteres"),
    timezone: z.enum(TIMEZONES, { error: "Selecione um timezone" }).default(DEFAULT_TIMEZONE),
    enabled: z.boolean({ error: "Valor inválido" }).default(true),
    /** Seconds a resident has to answer before the next one is reached (issue 13). */
    espera_morador_segundos: z.coerce
      .number({ error: "Informe o tempo de espera em segundos" })
      .int("Use um número inteiro de segundos")
      .min(15, "Espere ao menos 15 segundos")
      .max(3600, "Espere no máximo 3600 segundos (1 hora)")
      .default(60),
    /** Reach every resident at once instead of one after another. */
    notificar_todos_moradores: z.boolean({ error: "Valor inválido" }).default(false),
  })
  .strict();
export type CondominioInput = z.input<typeof condominioInputSchema>;

export const condominioListQuerySchema = listQuery({
  q: z.string().trim().max(100, "Busca longa demais").optional(),
});

export const condominioSchema = z.object({
  id: z.uuid(),
  nome: z.string(),
  timezone: z.enum(TIMEZONES),
  enabled: z.boolean(),
  espera_morador_segundos: z.number().int(),
  notificar_todos_moradores: z.boolean(),
  created_at: isoDateTime,
});
export type Condominio = z.infer<typeof condominioSchema>;
export const condominioPageSchema = pageOf(condominioSchema);

/** GET /api/condominios/:id: the condominium, its counts and its latest requests. */
export const condominioDetailSchema = condominioSchema.extend({
  unidades_count: z.number().int(),
  pessoas_count: z.number().int(),
  solicitacoes_recentes: z.array(solicitacaoSchema),
});
export type CondominioDetail = z.infer<typeof condominioDetailSchema>;
