import { z } from "zod";
import { maskedDocument } from "./common";

export const buscaQuerySchema = z.object({
  q: z
    .string({ error: "Informe o que buscar" })
    .trim()
    .min(2, "Digite pelo menos 2 caracteres")
    .max(100, "Busca longa demais"),
  limit: z.coerce.number().int().min(1).max(10).default(5),
});

/** Header search: grouped top results of one tenant. */
export const buscaResultSchema = z.object({
  pessoas: z.array(
    z.object({ id: z.uuid(), nome: z.string(), documento: maskedDocument, pbx_ramal: z.string().nullable() }),
  ),
  solicitacoes: z.array(
    z.object({ id: z.uuid(), nome_visitante: z.string(), status: z.string(), created_at: z.string() }),
  ),
  unidades: z.array(z.object({ id: z.uuid(), codigo: z.string(), torre: z.string().nullable() })),
});
export type BuscaResult = z.infer<typeof buscaResultSchema>;
