/**
 * Data subjects' requests (issue 15, item 5; LGPD art. 18 and 19): find a person by document or
 * name across residents, staff and visitors; export what is held about them; anonymise them.
 * Every request is recorded with its 15-day deadline and its completion.
 */
import { z } from "zod";
import { TITULAR_PEDIDO_TIPOS } from "../domain";
import { isoDateTime, listQuery, maskedDocument, pageOf } from "./common";

/** LGPD art. 19: the controller answers within 15 days of the request. */
export const PRAZO_TITULAR_DIAS = 15;

export const TITULAR_PEDIDO_TIPO_LABELS: Record<(typeof TITULAR_PEDIDO_TIPOS)[number], string> = {
  exportacao: "Exportação dos dados",
  anonimizacao: "Anonimização",
};

/** Letters and digits only, lower case: "123.456.789-00" and "12345678900" are the same document. */
export function documentKey(documento: string): string {
  return documento.toLowerCase().replace(/[^0-9a-z]/g, "");
}

const documento = z
  .string({ error: "Informe o documento" })
  .trim()
  .max(40, "Documento deve ter no máximo 40 caracteres")
  .refine((v) => documentKey(v).length >= 3, "Documento deve ter pelo menos 3 letras ou números");

const nome = z
  .string({ error: "Informe o nome" })
  .trim()
  .min(3, "Nome deve ter pelo menos 3 caracteres")
  .max(120, "Nome deve ter no máximo 120 caracteres");

/** Search by document (letters and digits compared, punctuation ignored) or by name (contains). */
export const titularBuscaQuerySchema = z
  .object({ documento: documento.optional(), nome: nome.optional() })
  .refine((q) => q.documento !== undefined || q.nome !== undefined, {
    path: ["documento"],
    message: "Informe o documento ou o nome do titular",
  });
export type TitularBuscaQuery = z.output<typeof titularBuscaQuerySchema>;

/**
 * A request. With `documento`, the rows are those with that document; without it, those whose
 * name contains `nome` (the same rule as the search). `nome` is always recorded as the titular's.
 */
export const titularPedidoCreateSchema = z
  .object({
    tipo: z.enum(TITULAR_PEDIDO_TIPOS, { error: "Escolha exportação ou anonimização" }),
    documento: documento.nullish().transform((v) => v || null),
    nome,
  })
  .strict();
export type TitularPedidoCreateInput = z.input<typeof titularPedidoCreateSchema>;
export type TitularPedidoCreate = z.output<typeof titularPedidoCreateSchema>;

export const titularPedidoListQuerySchema = listQuery({});

export const titularContagensSchema = z.object({
  pessoas: z.number().int(),
  solicitacoes: z.number().int(),
  chamadas: z.number().int(),
  passes: z.number().int(),
  acessos: z.number().int(),
});
export type TitularContagens = z.infer<typeof titularContagensSchema>;

export const titularPedidoSchema = z.object({
  id: z.uuid(),
  tipo: z.enum(TITULAR_PEDIDO_TIPOS),
  titular_nome: z.string(),
  titular_documento: maskedDocument,
  criado_por_nome: z.string().nullable(),
  recebido_em: isoDateTime,
  /** recebido_em + 15 days. */
  prazo_em: isoDateTime,
  concluido_em: isoDateTime.nullable(),
  /** What was exported or anonymised (row counts); null while not done. */
  contagens: titularContagensSchema.nullable(),
  /** The ZIP (exports only). */
  arquivo_url: z.string().nullable(),
});
export type TitularPedido = z.infer<typeof titularPedidoSchema>;
export const titularPedidoPageSchema = pageOf(titularPedidoSchema);
export type TitularPedidoPage = z.infer<typeof titularPedidoPageSchema>;

export const titularPessoaSchema = z.object({
  id: z.uuid(),
  nome: z.string(),
  documento: maskedDocument,
  condominio: z.string(),
  /** Units lived in ("101 Torre A"), current ones first. */
  unidades: z.array(z.string()),
  /** morador: lives in a unit now; equipe: has a login in the tenant; inativo: neither. */
  vinculo: z.enum(["morador", "equipe", "inativo"]),
  /** An active resident or staff login: kept while active, not anonymised. */
  ativo: z.boolean(),
});
export type TitularPessoa = z.infer<typeof titularPessoaSchema>;

export const titularAmostraSchema = z.object({
  tipo: z.enum(["solicitacao", "passe", "acesso"]),
  id: z.uuid(),
  nome: z.string(),
  documento: maskedDocument,
  data: isoDateTime,
  unidade: z.string(),
  condominio: z.string(),
});
export type TitularAmostra = z.infer<typeof titularAmostraSchema>;

export const titularBuscaResultSchema = z.object({
  criterio: z.enum(["documento", "nome"]),
  contagens: titularContagensSchema,
  /** Residents' and staff's records (at most 50). */
  pessoas: z.array(titularPessoaSchema),
  /** The newest visitor rows (requests, passes, access records), at most 10. */
  visitantes: z.array(titularAmostraSchema),
});
export type TitularBuscaResult = z.infer<typeof titularBuscaResultSchema>;
