/**
 * The access log (docs/product.md, "Entradas e saídas"): one record per visit, with its entry and, once they
 * leave, its exit. "Quem está no condomínio agora" is the records without an exit.
 */
import { z } from "zod";
import { ACESSO_ORIGENS, type AcessoOrigem, VISITA_TIPOS } from "../domain";
import { isoDateTime, listQuery, maskedDocument, optionalText, pageOf, requiredId } from "./common";

export const ACESSO_ORIGEM_LABELS: Record<AcessoOrigem, string> = {
  solicitacao: "Solicitação autorizada",
  passe: "Passe",
  morador: "Autorizado por morador",
  reserva: "Convidado de reserva",
};

/**
 * A gate opened for someone is their entry (docs/decisions/033-gate-opening-is-entry.md); for this
 * long after it, "Não entrou" undoes it. An exit can be undone for a shorter time: a tap on the wrong row.
 */
export const NAO_ENTROU_JANELA_MINUTOS = 10;
export const DESFAZER_SAIDA_JANELA_MINUTOS = 2;

const nome = z
  .string({ error: "Nome deve ter pelo menos 2 caracteres" })
  .trim()
  .min(2, "Nome deve ter pelo menos 2 caracteres")
  .max(120, "Nome deve ter no máximo 120 caracteres");

/**
 * Registering an entry: through a successful pass validation, an authorised request, a resident, or a
 * booking's guest list.
 */
export const entradaCreateSchema = z.discriminatedUnion(
  "origem",
  [
    z
      .object({ origem: z.literal("passe"), validacao_id: requiredId("Valide o passe antes de registrar a entrada") })
      .strict(),
    z.object({ origem: z.literal("solicitacao"), solicitacao_id: requiredId("Selecione a solicitação") }).strict(),
    z
      .object({
        origem: z.literal("morador"),
        unidade_id: requiredId("Selecione uma unidade"),
        /** The resident who let the visitor in, at the gate or on the intercom. */
        autorizado_por_pessoa_id: requiredId("Selecione o morador que autorizou"),
        nome,
        documento: optionalText(40),
        tipo: z.enum(VISITA_TIPOS, { error: "Selecione o tipo" }).default("visitante"),
      })
      .strict(),
    /** A guest on a confirmed booking's list, within its window (docs/decisions/044-common-area-bookings.md). */
    z.object({ origem: z.literal("reserva"), reserva_convidado_id: requiredId("Selecione o convidado") }).strict(),
  ],
  { error: "Informe a origem da entrada: passe, solicitação, morador ou reserva" },
);
export type EntradaCreateInput = z.input<typeof entradaCreateSchema>;
export type EntradaCreate = z.output<typeof entradaCreateSchema>;

const acessoFilters = {
  condominio_id: z.uuid("Condomínio inválido").optional(),
  unidade_id: z.uuid("Unidade inválida").optional(),
  tipo: z.enum(VISITA_TIPOS, { error: "Tipo inválido" }).optional(),
  origem: z.enum(ACESSO_ORIGENS, { error: "Origem inválida" }).optional(),
  /** Only who is inside now (entered, not left). */
  presentes: z
    .enum(["true", "false"], { error: "Use true ou false" })
    .optional()
    .transform((v) => v === "true"),
  q: z.string().trim().max(100, "Busca longa demais").optional(),
  /** Entry period: inclusive start, exclusive end. */
  de: z.iso.datetime({ offset: true, error: "Data inicial inválida" }).optional(),
  ate: z.iso.datetime({ offset: true, error: "Data final inválida" }).optional(),
};

export const acessoListQuerySchema = listQuery(acessoFilters);
export type AcessoListQuery = z.input<typeof acessoListQuerySchema>;

/** The same filters for the CSV export (no paging: it streams every match). */
export const acessoExportQuerySchema = z.object(acessoFilters);
export type AcessoFiltersQuery = z.output<typeof acessoExportQuerySchema>;

export const acessoSchema = z.object({
  id: z.uuid(),
  condominio_id: z.uuid(),
  unidade_id: z.uuid(),
  nome: z.string(),
  documento: z.string().nullable(),
  tipo: z.enum(VISITA_TIPOS),
  origem: z.enum(ACESSO_ORIGENS),
  solicitacao_id: z.uuid().nullable(),
  passe_id: z.uuid().nullable(),
  autorizado_por_nome: z.string().nullable(),
  entrada_em: isoDateTime,
  entrada_por: z.string().nullable(),
  saida_em: isoDateTime.nullable(),
  saida_por: z.string().nullable(),
  /** Set when the gate opened but the person did not come in; the visit never counts as inside. */
  nao_entrou_em: isoDateTime.nullable(),
  nao_entrou_por: z.string().nullable(),
  unidade: z.object({ codigo: z.string(), torre: z.string().nullable() }),
  /** The condominium, and the zone its times are read in (docs/product.md, "Horários"). */
  condominio: z.object({ nome: z.string(), timezone: z.string() }),
});
export type Acesso = z.infer<typeof acessoSchema>;
/**
 * A row of the log's list: the document masked, as lists show it (docs/product.md, "Personal data and
 * retention"), and the thumbnail of the visitor's latest photo when the entry came from a request
 * that has one (docs/product.md, "Fotos"): signed for the reader and short-lived, else null.
 */
export const acessoListRowSchema = acessoSchema.extend({
  documento: maskedDocument,
  foto_miniatura_url: z.string().nullable(),
});
export type AcessoListRow = z.infer<typeof acessoListRowSchema>;
export const acessoPageSchema = pageOf(acessoListRowSchema);
export type AcessoPage = z.infer<typeof acessoPageSchema>;

/** Visitors at a condominium's gate waiting for a decision (Portaria screen, "Aguardando decisão"). */
export const aguardandoDecisaoQuerySchema = z.object({
  condominio_id: requiredId("Selecione o condomínio da portaria"),
});
export const aguardandoDecisaoSchema = z.object({
  items: z.array(
    z.object({
      solicitacao_id: z.uuid(),
      nome_visitante: z.string(),
      tipo: z.string(),
      created_at: isoDateTime,
      expiracao_em: isoDateTime.nullable(),
      /** Every resident was reached and nobody answered: the porteiro takes over. */
      sem_resposta_moradores: z.boolean(),
      unidade_id: z.uuid(),
      unidade: z.object({ codigo: z.string(), torre: z.string().nullable() }),
    }),
  ),
});
export type AguardandoDecisao = z.infer<typeof aguardandoDecisaoSchema>;
