/**
 * Access requests (solicitacoes_acesso): the API contract and the console form share these schemas.
 * Field names: docs/product.md, "Data and field names"; messages: the same file, "Validation messages".
 */
import { z } from "zod";
import {
  CANAIS_NOTIFICACAO,
  CHAMADA_RESPOSTAS,
  CHAMADA_STATUSES,
  DECISAO_VIAS,
  NOTIFICACAO_STATUSES,
  SOLICITACAO_STATUSES,
  SOLICITACAO_TIPOS,
  WEBHOOK_ENTREGA_STATUSES,
} from "../domain";
import { optionalPhone } from "../phone";
import {
  condominioRefSchema,
  isoDateTime,
  listQuery,
  maskedDocument,
  optionalText,
  pageOf,
  requiredId,
} from "./common";
import { fotoSchema } from "./fotos";
import { portaoRefFields } from "./portoes";

/** Empty → null; otherwise a date-time that must lie in the future. Output: ISO string or null. */
const expiracao = z
  .string()
  .trim()
  .nullish()
  .transform((value, ctx) => {
    if (!value) return null;
    const date = new Date(value);
    if (Number.isNaN(date.getTime())) {
      ctx.addIssue({ code: "custom", message: "Data de expiração inválida" });
      return z.NEVER;
    }
    if (date.getTime() <= Date.now()) {
      ctx.addIssue({ code: "custom", message: "A expiração deve ser uma data futura" });
      return z.NEVER;
    }
    return date.toISOString();
  });

const visitorFields = {
  nome_visitante: z
    .string({ error: "Nome deve ter pelo menos 2 caracteres" })
    .trim()
    .min(2, "Nome deve ter pelo menos 2 caracteres")
    .max(120, "Nome deve ter no máximo 120 caracteres"),
  doc_visitante: optionalText(40),
  /** Typed as Brazilians type it, stored in E.164 (docs/product.md, "Telefones"). */
  telefone_visitante: optionalPhone(),
  motivo: optionalText(500),
  expiracao_em: expiracao,
};

export const solicitacaoCreateSchema = z
  .object({
    condominio_id: requiredId("Selecione um condomínio"),
    unidade_id: requiredId("Selecione uma unidade"),
    tipo: z.enum(SOLICITACAO_TIPOS, { error: "Selecione o tipo de visita" }).default("visitante"),
    ...visitorFields,
    // The gate the Portaria device works at (docs/product.md, "Portões"); integrations may also name it.
    portao_id: portaoRefFields.portao_id,
  })
  .strict();
export type SolicitacaoCreateInput = z.input<typeof solicitacaoCreateSchema>;
export type SolicitacaoCreate = z.output<typeof solicitacaoCreateSchema>;

/** While pending, the visitor data can be corrected; a field left out keeps its value. */
export const solicitacaoUpdateSchema = z
  .object({
    tipo: z.enum(SOLICITACAO_TIPOS, { error: "Selecione o tipo de visita" }).optional(),
    nome_visitante: visitorFields.nome_visitante.optional(),
    doc_visitante: visitorFields.doc_visitante.optional(),
    telefone_visitante: visitorFields.telefone_visitante.optional(),
    motivo: visitorFields.motivo.optional(),
    expiracao_em: visitorFields.expiracao_em.optional(),
  })
  .strict();
export type SolicitacaoUpdate = z.output<typeof solicitacaoUpdateSchema>;

export const decisaoSchema = z
  .object({ observacoes: optionalText(500) })
  .strict()
  .default({ observacoes: null });

/** The longest reason "Negar" keeps (docs/product.md, "Request detail"). */
export const MOTIVO_NEGACAO_MAX = 280;

/** Why it was denied: optional, shown to the porteiro and in the timeline; empty → null. */
export const motivoNegacaoField = optionalText(
  MOTIVO_NEGACAO_MAX,
  `O motivo deve ter no máximo ${MOTIVO_NEGACAO_MAX} caracteres`,
);

/** POST …/negar: the observation and, optionally, the reason. */
export const negacaoSchema = z
  .object({ observacoes: optionalText(500), motivo_negacao: motivoNegacaoField })
  .strict()
  .default({ observacoes: null, motivo_negacao: null });

const solicitacaoFilters = {
  condominio_id: z.uuid("Condomínio inválido").optional(),
  unidade_id: z.uuid("Unidade inválida").optional(),
  status: z.enum(SOLICITACAO_STATUSES, { error: "Status inválido" }).optional(),
  tipo: z.enum(SOLICITACAO_TIPOS, { error: "Tipo inválido" }).optional(),
  q: z.string().trim().max(100, "Busca longa demais").optional(),
  /** Only pending requests nobody answered ("Sem resposta dos moradores"). */
  sem_resposta: z
    .enum(["true", "false"], { error: "Use true ou false" })
    .optional()
    .transform((v) => v === "true"),
  /** created_at period, inclusive start and exclusive end. */
  de: z.iso.datetime({ offset: true, error: "Data inicial inválida" }).optional(),
  ate: z.iso.datetime({ offset: true, error: "Data final inválida" }).optional(),
};

export const solicitacaoListQuerySchema = listQuery(solicitacaoFilters);
export type SolicitacaoListQuery = z.input<typeof solicitacaoListQuerySchema>;

/** The same filters for the CSV export (no paging: it streams every match). */
export const solicitacaoExportQuerySchema = z.object(solicitacaoFilters);
export type SolicitacaoFiltersQuery = z.output<typeof solicitacaoExportQuerySchema>;

export const solicitacaoSchema = z.object({
  id: z.uuid(),
  condominio_id: z.uuid(),
  unidade_id: z.uuid(),
  tipo: z.enum(SOLICITACAO_TIPOS),
  nome_visitante: z.string(),
  doc_visitante: z.string().nullable(),
  telefone_visitante: z.string().nullable(),
  motivo: z.string().nullable(),
  expiracao_em: isoDateTime.nullable(),
  status: z.enum(SOLICITACAO_STATUSES),
  decidido_em: isoDateTime.nullable(),
  decidido_por_pessoa_id: z.uuid().nullable(),
  /** The decider's name: the person linked to the deciding user, else the user's name. */
  decidido_por_nome: z.string().nullable(),
  observacoes: z.string().nullable(),
  /** The gate where the visitor is (docs/product.md, "Portões"), and its name. */
  portao_id: z.uuid().nullable(),
  portao: z.string().nullable(),
  /**
   * Through what it was decided: console (staff), telefone (a call's DTMF answer), link (the resident's
   * link) or aplicativo (a signed-in resident in the console).
   */
  decidido_via: z.enum(DECISAO_VIAS).nullable(),
  /** Why it was denied, when the decider said (docs/product.md, "Request detail"). */
  motivo_negacao: z.string().nullable(),
  /** Every resident was reached and nobody answered (docs/product.md, "Resident link"): the porteiro takes over. */
  sem_resposta_moradores_em: isoDateTime.nullable(),
  /** Created by the virtual attendant in a conversation with the visitor (docs/product.md, "Atendente virtual"). */
  criado_pelo_atendente: z.boolean(),
  created_at: isoDateTime,
  updated_at: isoDateTime,
  unidade: z.object({ codigo: z.string(), torre: z.string().nullable() }),
});
export type Solicitacao = z.infer<typeof solicitacaoSchema>;

/** A request as lists show it (the list, the dashboard's latest): the visitor's document masked. */
export const solicitacaoListItemSchema = solicitacaoSchema.extend({ doc_visitante: maskedDocument });

/** A row of GET /api/solicitacoes: the list item and the condominium it belongs to. */
export const solicitacaoListRowSchema = solicitacaoListItemSchema.extend({ condominio: condominioRefSchema });
export type SolicitacaoListRow = z.infer<typeof solicitacaoListRowSchema>;

/**
 * A row with the thumbnail of the visitor's latest photo (the requests' list, the dashboard's latest:
 * docs/product.md, "Fotos"); signed for the reader and short-lived, null without a photo.
 */
export const solicitacaoComFotoRowSchema = solicitacaoListRowSchema.extend({
  foto_miniatura_url: z.string().nullable(),
});
export type SolicitacaoComFotoRow = z.infer<typeof solicitacaoComFotoRowSchema>;

export const solicitacaoPageSchema = pageOf(solicitacaoComFotoRowSchema);
export type SolicitacaoPage = z.infer<typeof solicitacaoPageSchema>;

/** Who did something: a console user, or an integration through its API key. */
export const autorSchema = z.object({
  tipo: z.enum(["usuario", "chave_api", "atendente"]),
  nome: z.string(),
});
export type Autor = z.infer<typeof autorSchema>;

export const chamadaDaSolicitacaoSchema = z.object({
  id: z.uuid(),
  status: z.enum(CHAMADA_STATUSES),
  ramal_discado: z.string().nullable(),
  iniciado_em: isoDateTime,
  finalizado_em: isoDateTime.nullable(),
  /** Seconds between start and end; null while the call goes on. */
  duracao_segundos: z.number().int().nullable(),
  provedor: z.string().nullable(),
  pessoa: z.object({ id: z.uuid(), nome: z.string(), pbx_ramal: z.string().nullable() }).nullable(),
  /** The resident's answer on this call (DTMF), when it decided the request. */
  resposta: z.enum(CHAMADA_RESPOSTAS).nullable(),
  respondido_em: isoDateTime.nullable(),
  criado_por: autorSchema.nullable(),
});

/** A message to a resident about this request (docs/product.md, "Resident link"): an attempt on its timeline. */
export const notificacaoSchema = z.object({
  id: z.uuid(),
  pessoa_id: z.uuid().nullable(),
  pessoa_nome: z.string(),
  /** Position in the unit's calling order (0 = the first reached). */
  ordem: z.number().int(),
  canal: z.enum(CANAIS_NOTIFICACAO),
  destino: z.string(),
  status: z.enum(NOTIFICACAO_STATUSES),
  /** Sent by the labelled demo channel: nothing left the machine. */
  demo: z.boolean(),
  /** Not sent: the channel has no provider keys on this server ("WhatsApp não configurado"). */
  nao_configurado: z.boolean(),
  /**
   * Demo only: the message as the resident would read it. Its link's token is cut (`…/r/abc…`)
   * except on the demo tenant (its "Mensagens enviadas (demonstração)" panel).
   */
  mensagem: z.string().nullable(),
  ultimo_erro: z.string().nullable(),
  created_at: isoDateTime,
  enviada_em: isoDateTime.nullable(),
  entregue_em: isoDateTime.nullable(),
  aberta_em: isoDateTime.nullable(),
  decidida_em: isoDateTime.nullable(),
});
export type Notificacao = z.infer<typeof notificacaoSchema>;

/** The gate-open command sent to a webhook for this request, and how its delivery went. */
export const comandoPortaoSchema = z.object({
  entrega_id: z.uuid(),
  /** Which webhook: its description, and its URL's origin only (the path may carry the gate's token). */
  webhook: z.object({ descricao: z.string().nullable(), origem: z.string() }),
  status: z.enum(WEBHOOK_ENTREGA_STATUSES),
  tentativas: z.number().int(),
  ultimo_status_http: z.number().int().nullable(),
  created_at: isoDateTime,
  entregue_em: isoDateTime.nullable(),
});

export const solicitacaoDetailSchema = solicitacaoSchema.extend({
  condominio: z.object({ id: z.uuid(), nome: z.string(), timezone: z.string() }),
  /** The visitor's photos, oldest first (docs/product.md, "Fotos"); addresses signed for the reader. */
  fotos: z.array(fotoSchema),
  criado_por: autorSchema.nullable(),
  /** Set when the decision came through the integration API (a resident's answer on a call). */
  decidido_via_chave: z.string().nullable(),
  chamadas: z.array(chamadaDaSolicitacaoSchema),
  /** Staff only (empty for a morador): the gate commands sent to the integrations. */
  comandos_portao: z.array(comandoPortaoSchema),
  /**
   * The messages to the residents, oldest first: the same list for every role that sees the request
   * (a morador's shows the destinations masked, without the text or the provider's error).
   */
  notificacoes: z.array(notificacaoSchema),
});
export type SolicitacaoDetail = z.infer<typeof solicitacaoDetailSchema>;

/**
 * A resident's message as the integration API shows it: no address and no text (a PBX or an
 * attendant has no use for them, and a message's text carries the resident's link).
 */
export const notificacaoIntegracaoSchema = notificacaoSchema.omit({ destino: true, mensagem: true });

/** GET /api/v1/solicitacoes/{id}: the detail, with the messages as above. */
export const solicitacaoDetailIntegracaoSchema = solicitacaoDetailSchema.extend({
  notificacoes: z.array(notificacaoIntegracaoSchema),
});
export type SolicitacaoDetailIntegracao = z.infer<typeof solicitacaoDetailIntegracaoSchema>;
