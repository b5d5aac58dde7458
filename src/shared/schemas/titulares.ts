/**
 * Data subjects' requests (LGPD art. 18 and 19; docs/product.md, "Direitos dos titulares"): list the candidates
 * for a document or name across residents, staff and visitors; export or anonymise exactly the records
 * staff chose as one person's (docs/decisions/024-audit-and-lgpd.md). Every request is recorded with
 * who the subject is, its 15-day deadline and its completion.
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

/** The kinds of record a data subject's request acts on (calls follow their requests and people). */
export const TITULAR_REGISTRO_TIPOS = ["pessoa", "solicitacao", "passe", "acesso", "convidado"] as const;
export type TitularRegistroTipo = (typeof TITULAR_REGISTRO_TIPOS)[number];

export const TITULAR_REGISTRO_TIPO_LABELS: Record<TitularRegistroTipo, string> = {
  pessoa: "Cadastro de pessoa",
  solicitacao: "Solicitação de acesso",
  passe: "Passe",
  acesso: "Entrada e saída",
  convidado: "Convidado de reserva",
};

/**
 * At most this many records in a search answer and in one request: beyond it the search says so and
 * the staff narrows it by document (docs/decisions/024-audit-and-lgpd.md).
 */
export const TITULAR_MAX_REGISTROS = 500;

/** One record, as chosen in a request: its kind and id. */
export const titularRegistroRefSchema = z
  .object({
    tipo: z.enum(TITULAR_REGISTRO_TIPOS, { error: "Tipo de registro inválido" }),
    id: z.uuid("Identificador de registro inválido"),
  })
  .strict();
export type TitularRegistroRef = z.infer<typeof titularRegistroRefSchema>;

/**
 * A request: who the data subject is, as the staff confirmed it (the name, and the document they
 * presented), and exactly which records are theirs, chosen among the search's candidates. The
 * server checks that every record is the tenant's, not yet anonymised, and the subject's: a record
 * with a document must carry the confirmed document; one without must carry the confirmed name.
 */
export const titularPedidoCreateSchema = z
  .object({
    tipo: z.enum(TITULAR_PEDIDO_TIPOS, { error: "Escolha exportação ou anonimização" }),
    titular: z
      .object({
        nome,
        documento: documento.nullish().transform((v) => v || null),
      })
      .strict(),
    registros: z
      .array(titularRegistroRefSchema, { error: "Escolha os registros do titular" })
      .min(1, "Escolha pelo menos um registro do titular")
      .max(TITULAR_MAX_REGISTROS, `No máximo ${TITULAR_MAX_REGISTROS} registros por pedido`)
      .refine(
        (list) => new Set(list.map((r) => `${r.tipo}:${r.id}`)).size === list.length,
        "Um registro foi escolhido mais de uma vez",
      ),
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
  /** The attendant's conversations about those requests (absent from requests done before they existed). */
  conversas: z.number().int().optional(),
  /** Packages addressed to or collected by the chosen people (absent from requests done before packages existed). */
  encomendas: z.number().int().optional(),
  /** Guest-list entries of common-area bookings (absent from requests done before bookings existed). */
  convidados: z.number().int().optional(),
  /** Bookings the chosen residents made (absent from requests done before bookings existed). */
  reservas: z.number().int().optional(),
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

/** A record that may be the data subject's: enough to tell people apart, the document masked. */
export const titularRegistroSchema = z.object({
  tipo: z.enum(TITULAR_REGISTRO_TIPOS),
  id: z.uuid(),
  nome: z.string(),
  documento: maskedDocument,
  condominio: z.string(),
  /** "101 Torre A"; a person's units (current first) joined by ", "; null for a person without one. */
  unidade: z.string().nullable(),
  /** When the request or pass was created, the entry happened or the person was registered. */
  data: isoDateTime,
  /** People's records only: morador (lives in a unit now), equipe (has a login here), inativo. */
  vinculo: z.enum(["morador", "equipe", "inativo"]).nullable(),
  /** An active resident or staff login: kept while active, never anonymised. */
  ativo: z.boolean(),
});
export type TitularRegistro = z.infer<typeof titularRegistroSchema>;

/**
 * A candidate: the records that carry one document (or, without a document, one name). Two people
 * with the same name and different documents are two candidates; records without a document are
 * never merged into a candidate with one, since nothing says they are the same person.
 */
export const titularCandidatoSchema = z.object({
  nome: z.string(),
  /** Masked; null: these records carry no document. */
  documento: maskedDocument,
  /** Newest first. */
  registros: z.array(titularRegistroSchema),
});
export type TitularCandidato = z.infer<typeof titularCandidatoSchema>;

export const titularBuscaResultSchema = z.object({
  criterio: z.enum(["documento", "nome"]),
  /** By name, then newest record first. */
  candidatos: z.array(titularCandidatoSchema),
  /** More records matched than TITULAR_MAX_REGISTROS: the newest are listed; search by document. */
  truncado: z.boolean(),
});
export type TitularBuscaResult = z.infer<typeof titularBuscaResultSchema>;
