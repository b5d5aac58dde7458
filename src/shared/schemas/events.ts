import { z } from "zod";
import { CHAMADA_STATUSES, DECISAO_VIAS, SOLICITACAO_STATUSES } from "../domain";

/**
 * What /api/events streams (SSE `data:`). `id` is the event's per-tenant increasing id, also sent as
 * the SSE `id:`; `invalidate` names the TanStack Query key roots the browser must refetch.
 */
export const EVENT_TYPES = [
  "solicitacao.criada",
  "solicitacao.atualizada",
  "chamada.criada",
  "chamada.atualizada",
  /** A message to a resident was sent, delivered, opened (issue 13): the request's timeline moves. */
  "notificacao.atualizada",
] as const;

export const domainEventSchema = z.object({
  id: z.number().int(),
  type: z.enum(EVENT_TYPES),
  solicitacao_id: z.uuid(),
  /**
   * The request's unit: a morador's stream carries only their units' events. Absent from events
   * stored before it existed (kept 7 days), which a morador's stream therefore never sends.
   */
  unidade_id: z.uuid().optional(),
  nome_visitante: z.string(),
  /** The request's status (also on call events). */
  status: z.enum(SOLICITACAO_STATUSES),
  /** On `chamada.*` events: the call and its new status. */
  chamada: z.object({ id: z.uuid(), status: z.enum(CHAMADA_STATUSES) }).optional(),
  /** On a decision: through what (console, telefone, link) and by whom. */
  decisao: z.object({ via: z.enum(DECISAO_VIAS), por_nome: z.string() }).optional(),
  /** Set when every resident was reached and nobody answered (the porteiro takes over). */
  sem_resposta_moradores: z.boolean().optional(),
  invalidate: z.array(z.string()),
  created_at: z.string(),
});
export type DomainEvent = z.infer<typeof domainEventSchema>;
