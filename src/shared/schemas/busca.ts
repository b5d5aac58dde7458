import { z } from "zod";
import { condominioRefSchema, isoDateTime, maskedDocument } from "./common";

export const buscaQuerySchema = z.object({
  q: z
    .string({ error: "Informe o que buscar" })
    .trim()
    .min(2, "Digite pelo menos 2 caracteres")
    .max(100, "Busca longa demais"),
  limit: z.coerce.number().int().min(1).max(10).default(5),
});

const unidadeRef = z.object({ codigo: z.string(), torre: z.string().nullable() });

/**
 * Header search: grouped top results of one tenant. Each says where it belongs (the condominium, and
 * for a request its unit) and a request when it was made, so two visits of the same provider read
 * apart (docs/product.md, "Console shell").
 */
export const buscaResultSchema = z.object({
  pessoas: z.array(
    z.object({
      id: z.uuid(),
      nome: z.string(),
      documento: maskedDocument,
      pbx_ramal: z.string().nullable(),
      condominio: condominioRefSchema,
    }),
  ),
  solicitacoes: z.array(
    z.object({
      id: z.uuid(),
      nome_visitante: z.string(),
      status: z.string(),
      created_at: isoDateTime,
      unidade: unidadeRef,
      condominio: condominioRefSchema,
    }),
  ),
  unidades: z.array(
    z.object({ id: z.uuid(), codigo: z.string(), torre: z.string().nullable(), condominio: condominioRefSchema }),
  ),
});
export type BuscaResult = z.infer<typeof buscaResultSchema>;
