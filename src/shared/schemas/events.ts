import { z } from "zod";
import {
  ACESSO_ORIGENS,
  ATENDENTE_ETAPAS,
  CHAMADA_STATUSES,
  DECISAO_VIAS,
  ENCOMENDA_STATUSES,
  RESERVA_STATUSES,
  SOLICITACAO_STATUSES,
  VALIDACAO_RESULTADOS,
} from "../domain";
import { EVENT_TYPES } from "../event-types";

/** The event names live in ../event-types.ts, which the browser's event stream reads without zod. */
export { EVENT_TYPES, SOLICITACAO_EVENT_TYPES } from "../event-types";

export const domainEventSchema = z.object({
  id: z.number().int(),
  type: z.enum(EVENT_TYPES),
  /** On the request events (SOLICITACAO_EVENT_TYPES), and on an entry through a request. */
  solicitacao_id: z.uuid().optional(),
  /**
   * The request's unit: a morador's stream carries only their units' events. Absent from events
   * stored before it existed (kept 7 days), which a morador's stream therefore never sends.
   */
  unidade_id: z.uuid().optional(),
  /**
   * Where it happened: the unit's condominium, or the gate's. A porteiro assigned to condominiums
   * receives only theirs; an event without it reaches staff of the whole tenant only.
   */
  condominio_id: z.uuid().optional(),
  /** The visitor's name (the request's, the pass's or the access record's). */
  nome_visitante: z.string(),
  /** The request's status (also on call events); absent on access and pass events. */
  status: z.enum(SOLICITACAO_STATUSES).optional(),
  /** On `chamada.*` events: the call and its new status. */
  chamada: z.object({ id: z.uuid(), status: z.enum(CHAMADA_STATUSES) }).optional(),
  /** On a decision: through what (console, telefone, link) and by whom. */
  decisao: z.object({ via: z.enum(DECISAO_VIAS), por_nome: z.string() }).optional(),
  /** Set when every resident was reached and nobody answered (the porteiro takes over). */
  sem_resposta_moradores: z.boolean().optional(),
  /** On `acesso.*` events. */
  acesso: z.object({ id: z.uuid(), origem: z.enum(ACESSO_ORIGENS), condominio_id: z.uuid() }).optional(),
  /** On `passe.*` events; `resultado` on a validation. */
  passe: z
    .object({
      id: z.uuid().nullable(),
      resultado: z.enum(VALIDACAO_RESULTADOS).optional(),
      /** On a successful validation at a known gate: its name and id. */
      portao: z.string().optional(),
      portao_id: z.uuid().optional(),
    })
    .optional(),
  /** On `atendimento.atualizado`: the conversation, its stage, and the kiosk it runs on. */
  atendimento: z.object({ id: z.uuid(), etapa: z.enum(ATENDENTE_ETAPAS), totem_id: z.uuid().nullable() }).optional(),
  /** On `totem.atualizado`: the kiosk, and whether it was revoked. */
  totem: z.object({ id: z.uuid(), revogado: z.boolean() }).optional(),
  /**
   * On `encomenda.atualizada`: the package, its batch, its status and what happened (recebida: it is
   * now waiting for the residents; retirada: handed over; atualizada: anything else).
   */
  encomenda: z
    .object({
      id: z.uuid(),
      lote_id: z.uuid(),
      status: z.enum(ENCOMENDA_STATUSES),
      acao: z.enum(["recebida", "retirada", "atualizada"]),
    })
    .optional(),
  /**
   * On `reserva.atualizada`: the booking (null when an area itself changed), its area and status, and
   * what happened (criada, confirmada, recusada, cancelada, atualizada: guests or an area's settings).
   */
  reserva: z
    .object({
      id: z.uuid().nullable(),
      area_id: z.uuid(),
      condominio_id: z.uuid(),
      status: z.enum(RESERVA_STATUSES).nullable(),
      acao: z.enum(["criada", "confirmada", "recusada", "cancelada", "atualizada"]),
    })
    .optional(),
  invalidate: z.array(z.string()),
  created_at: z.string(),
});
export type DomainEvent = z.infer<typeof domainEventSchema>;
