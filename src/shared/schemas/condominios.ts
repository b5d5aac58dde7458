import { z } from "zod";
import { DEFAULT_TIMEZONE, TIMEZONES } from "../domain";
import { isoDateTime, pageOf, paginationQuery } from "./common";

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
  })
  .strict();
export type CondominioInput = z.input<typeof condominioInputSchema>;

export const condominioListQuerySchema = z.object({
  q: z.string().trim().max(100, "Busca longa demais").optional(),
  ...paginationQuery,
});

export const condominioSchema = z.object({
  id: z.uuid(),
  nome: z.string(),
  timezone: z.enum(TIMEZONES),
  enabled: z.boolean(),
  created_at: isoDateTime,
});
export type Condominio = z.infer<typeof condominioSchema>;
export const condominioPageSchema = pageOf(condominioSchema);
