/**
 * Outbound webhooks ("Configurações → Integrações", docs/decisions/020-webhooks.md): the settings
 * screen and the API share these schemas, and the payload schemas document what a receiver gets.
 */
import { z } from "zod";
import {
  CHAMADA_RESPOSTAS,
  CHAMADA_STATUSES,
  ENCOMENDA_STATUSES,
  RESERVA_STATUSES,
  RETIRADA_METODOS,
  SOLICITACAO_STATUSES,
  SOLICITACAO_TIPOS,
  TRANSPORTADORAS,
  VISITA_TIPOS,
  WEBHOOK_ENTREGA_STATUSES,
  WEBHOOK_EVENTOS,
  type WebhookEvento,
} from "../domain";
import { isoDateTime, listQuery, optionalText, pageOf } from "./common";

/** What each event means, as the settings screen explains it. */
export const WEBHOOK_EVENTO_LABELS: Record<WebhookEvento, string> = {
  "solicitacao.criada": "Solicitação criada",
  "solicitacao.autorizada": "Solicitação autorizada",
  "solicitacao.negada": "Solicitação negada",
  "solicitacao.expirada": "Solicitação expirada",
  "chamada.status_alterado": "Status de chamada alterado",
  "portao.abrir": "Abrir portão (comando para o controlador)",
  "encomenda.recebida": "Encomenda recebida na portaria",
  "encomenda.retirada": "Encomenda retirada",
  "reserva.criada": "Reserva de área comum criada",
  "reserva.confirmada": "Reserva de área comum confirmada",
  "reserva.recusada": "Reserva de área comum recusada",
  "reserva.cancelada": "Reserva de área comum cancelada",
};

export const WEBHOOK_ENTREGA_STATUS_LABELS: Record<(typeof WEBHOOK_ENTREGA_STATUSES)[number], string> = {
  pendente: "Pendente",
  entregue: "Entregue",
  falhou: "Falhou",
};

/** The header with the signature: `t=<unix seconds>,v1=<hex HMAC-SHA256 of "<t>.<body>">`. */
export const WEBHOOK_SIGNATURE_HEADER = "Guarita-Signature";

export const webhookUrl = z
  .string({ error: "Informe a URL" })
  .trim()
  .min(1, "Informe a URL")
  .max(2000, "URL deve ter no máximo 2000 caracteres")
  .refine((value) => {
    try {
      const url = new URL(value);
      return url.protocol === "http:" || url.protocol === "https:";
    } catch {
      return false;
    }
  }, "Informe uma URL http:// ou https:// válida")
  .refine((value) => {
    try {
      const url = new URL(value);
      return !url.username && !url.password;
    } catch {
      return true;
    }
  }, "A URL não pode conter usuário e senha");

const eventos = z
  .array(z.enum(WEBHOOK_EVENTOS, { error: "Evento inválido" }), { error: "Escolha ao menos um evento" })
  .min(1, "Escolha ao menos um evento")
  .transform((list) => [...new Set(list)].sort());

export const webhookInputSchema = z
  .object({
    url: webhookUrl,
    descricao: optionalText(120, "Descrição deve ter no máximo 120 caracteres"),
    eventos,
  })
  .strict();
export type WebhookInput = z.input<typeof webhookInputSchema>;

export const webhookUpdateSchema = z
  .object({
    url: webhookUrl.optional(),
    descricao: optionalText(120, "Descrição deve ter no máximo 120 caracteres").optional(),
    eventos: eventos.optional(),
    ativa: z.boolean({ error: "Valor inválido" }).optional(),
  })
  .strict();
export type WebhookUpdate = z.input<typeof webhookUpdateSchema>;

export const webhookSchema = z.object({
  id: z.uuid(),
  url: z.string(),
  descricao: z.string().nullable(),
  eventos: z.array(z.enum(WEBHOOK_EVENTOS)),
  ativa: z.boolean(),
  /** The secret's first characters, to tell it apart ("whsec_3f9a…"). */
  segredo_prefixo: z.string(),
  created_at: isoDateTime,
  /** The latest delivery's status and when, for the list. */
  ultima_entrega: z
    .object({ status: z.enum(WEBHOOK_ENTREGA_STATUSES), status_http: z.number().int().nullable(), em: isoDateTime })
    .nullable(),
});
export type Webhook = z.infer<typeof webhookSchema>;
export const webhookListSchema = z.object({ items: z.array(webhookSchema) });

/** Creating a webhook or replacing its secret: the only times the secret is shown. */
export const webhookComSegredoSchema = webhookSchema.extend({
  segredo: z.string().describe("Verifique a assinatura de cada entrega com ele. Não é mostrado de novo."),
});
export type WebhookComSegredo = z.infer<typeof webhookComSegredoSchema>;

export const webhookEntregaListQuerySchema = listQuery({
  status: z.enum(WEBHOOK_ENTREGA_STATUSES, { error: "Status inválido" }).optional(),
});

export const webhookTentativaSchema = z.object({
  status_http: z.number().int().nullable(),
  erro: z.string().nullable(),
  duracao_ms: z.number().int(),
  created_at: isoDateTime,
});

export const webhookEntregaSchema = z.object({
  id: z.uuid(),
  evento_id: z.number().int(),
  tipo: z.enum(WEBHOOK_EVENTOS),
  status: z.enum(WEBHOOK_ENTREGA_STATUSES),
  tentativas: z.number().int(),
  ultimo_status_http: z.number().int().nullable(),
  ultimo_erro: z.string().nullable(),
  proxima_tentativa_em: isoDateTime.nullable(),
  created_at: isoDateTime,
  entregue_em: isoDateTime.nullable(),
  /** Every attempt, oldest first. */
  historico: z.array(webhookTentativaSchema),
  /** The JSON body sent. */
  corpo: z.string(),
});
export type WebhookEntrega = z.infer<typeof webhookEntregaSchema>;
export const webhookEntregaPageSchema = pageOf(webhookEntregaSchema);

// ── What a receiver gets ────────────────────────────────────────────────────────────────────────

const solicitacaoPayload = z.object({
  id: z.uuid(),
  status: z.enum(SOLICITACAO_STATUSES),
  tipo: z.enum(SOLICITACAO_TIPOS),
  nome_visitante: z.string(),
  motivo: z.string().nullable(),
  /** The gate where the visitor is, and its name (docs/product.md, "Portões"). */
  portao_id: z.uuid().nullable(),
  portao: z.string().nullable(),
  created_at: isoDateTime,
  decidido_em: isoDateTime.nullable(),
  decidido_por_nome: z.string().nullable(),
});

const condominioPayload = z.object({ id: z.uuid(), nome: z.string() });
const unidadePayload = z.object({
  id: z.uuid(),
  codigo: z.string(),
  torre: z.string().nullable(),
  pbx_ramal: z.string().nullable(),
});

/** On `portao.abrir` sent for a pass validated at the gate (docs/product.md, "Portaria"), instead of a request. */
const passePayload = z.object({
  id: z.uuid(),
  nome: z.string(),
  tipo: z.enum(VISITA_TIPOS),
  descricao: z.string().nullable(),
  validacao_id: z.uuid().optional(),
});

/**
 * On `encomenda.recebida` and `encomenda.retirada` (docs/product.md, "Encomendas"): the package,
 * with no name or document (who it is for and who collected it stay in Guarita).
 */
const encomendaPayload = z.object({
  id: z.uuid(),
  /** The batch it came in (one pickup code per batch). */
  lote_id: z.uuid(),
  status: z.enum(ENCOMENDA_STATUSES),
  transportadora: z.enum(TRANSPORTADORAS),
  rastreio: z.string().nullable(),
  perecivel: z.boolean(),
  recebida_em: isoDateTime,
  retirada_em: isoDateTime.nullable(),
  retirada_metodo: z.enum(RETIRADA_METODOS).nullable(),
});

/**
 * On `reserva.*` (docs/decisions/044-common-area-bookings.md): the booking of a common area, with how
 * many guests are listed and never their names or documents.
 */
const reservaPayload = z.object({
  id: z.uuid(),
  status: z.enum(RESERVA_STATUSES),
  area: z.object({ id: z.uuid(), nome: z.string() }),
  inicio: isoDateTime,
  fim: isoDateTime,
  convidados_total: z.number().int(),
});

export const webhookDataSchema = z.object({
  /** Every event but a pass's `portao.abrir`, the packages' and the bookings' events. */
  solicitacao: solicitacaoPayload.optional(),
  passe: passePayload.optional(),
  /** On `encomenda.recebida` and `encomenda.retirada`, instead of a request. */
  encomenda: encomendaPayload.optional(),
  /** On `reserva.criada`, `reserva.confirmada`, `reserva.recusada` and `reserva.cancelada`, instead of a request. */
  reserva: reservaPayload.optional(),
  condominio: condominioPayload,
  unidade: unidadePayload,
  /** On `chamada.status_alterado`. */
  chamada: z
    .object({
      id: z.uuid(),
      status: z.enum(CHAMADA_STATUSES),
      ramal_discado: z.string().nullable(),
      pessoa_id: z.uuid().nullable(),
      provedor: z.string().nullable(),
      iniciado_em: isoDateTime,
      finalizado_em: isoDateTime.nullable(),
      resposta: z.enum(CHAMADA_RESPOSTAS).nullable(),
    })
    .optional(),
  /** On `portao.abrir`: which gate to open (the request's or the validation's gate, else "principal"). */
  portao: z
    .object({
      /** The gate's id; null when the request or reading named no gate ("principal"). */
      id: z.uuid().nullable(),
      nome: z.string(),
      condominio_id: z.uuid(),
      /**
       * The entry this opening recorded (docs/decisions/033-gate-opening-is-entry.md): a controller
       * that sees nobody pass reports it with POST /api/v1/acessos/{id}/nao-entrou.
       */
      acesso_id: z.uuid().nullable().optional(),
    })
    .optional(),
});

/** The JSON body of every delivery. `id` is unique per event: receivers drop repeats by it. */
export const webhookPayloadSchema = z.object({
  id: z.string().describe("Identificador do evento (repetições de entrega trazem o mesmo)"),
  tipo: z.enum(WEBHOOK_EVENTOS),
  criado_em: isoDateTime,
  organizacao_id: z.string(),
  dados: webhookDataSchema,
});
export type WebhookPayload = z.infer<typeof webhookPayloadSchema>;
