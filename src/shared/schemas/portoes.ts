import { z } from "zod";
import { PORTAO_TIPOS, type PortaoTipo } from "../domain";
import { requiredId } from "./common";

/** How the console names a gate's kind. */
export const PORTAO_TIPO_LABELS: Record<PortaoTipo, string> = {
  pedestres: "Pedestres",
  veiculos: "Veículos",
};

/** A gate (docs/product.md, "Portões"): its name is unique in its condominium, whatever the case. */
export const portaoSchema = z.object({
  id: z.uuid(),
  condominio_id: z.uuid(),
  nome: z.string(),
  tipo: z.enum(PORTAO_TIPOS),
  ativo: z.boolean(),
});
export type Portao = z.infer<typeof portaoSchema>;

/** A condominium's gates, active first, by name. Few per condominium: no paging. */
export const portaoListSchema = z.object({ items: z.array(portaoSchema) });

/** The gate form and the API body of a create or an update. */
export const portaoInputSchema = z
  .object({
    nome: z
      .string({ error: "Nome é obrigatório" })
      .trim()
      .min(1, "Nome é obrigatório")
      .max(60, "Nome deve ter no máximo 60 caracteres"),
    tipo: z.enum(PORTAO_TIPOS, { error: "Selecione o tipo do portão" }).default("pedestres"),
    ativo: z.boolean({ error: "Valor inválido" }).default(true),
  })
  .strict();
export type PortaoInput = z.input<typeof portaoInputSchema>;

/** POST /api/portoes: the form plus the condominium the gate belongs to (it never moves). */
export const portaoCreateSchema = portaoInputSchema.extend({ condominio_id: requiredId("Selecione um condomínio") });

export const portaoListQuerySchema = z.object({ condominio_id: requiredId("Selecione um condomínio") });

/**
 * Where a request or a pass reading happened, as an integration says it: the gate's id, or its name
 * (the free text these calls took before gates existed, matched to a gate of the condominium).
 */
export const portaoRefFields = {
  portao_id: z.uuid("Portão inválido").optional(),
  portao: z.string().trim().max(60, "Portão deve ter no máximo 60 caracteres").optional(),
};
