/**
 * The domain events' names. Here rather than only in schemas/events.ts so the console's event stream
 * can listen for them without loading zod (docs/decisions/026); schemas/events.ts re-exports them.
 *
 * What /api/events streams (SSE `data:`). `id` is the event's per-tenant increasing id, also sent as
 * the SSE `id:`; `invalidate` names the TanStack Query key roots the browser must refetch.
 */
export const EVENT_TYPES = [
  "solicitacao.criada",
  "solicitacao.atualizada",
  "chamada.criada",
  "chamada.atualizada",
  /** A message to a resident was sent, delivered, opened (docs/product.md, "Resident link"): the timeline moves. */
  "notificacao.atualizada",
  /** Someone came in or left (docs/product.md, "Entradas e saídas"): the access log and "who is inside" move. */
  "acesso.entrada",
  "acesso.saida",
  /** An entry marked "Não entrou", or an exit undone: "who is inside" moves. */
  "acesso.atualizado",
  /** A pass was presented at the gate (every attempt, refused ones too). */
  "passe.validado",
  /** A pass was created, suspended, reactivated or revoked. */
  "passe.atualizado",
  /**
   * A conversation of the virtual attendant moved (a line said, a stage reached, taken over, closed):
   * "Atendimentos" and the kiosk follow it. Carries ids only; the transcript is read through the API.
   */
  "atendimento.atualizado",
  /** A gate's kiosk was created, paired or revoked: the kiosk itself stops at once when revoked. */
  "totem.atualizado",
  /**
   * The operators' central moved (an item entered, was claimed, released, resolved or escalated; an
   * operator's status changed): staff's central screens read the queue again. Carries no personal data.
   */
  "central.atualizada",
  /**
   * A package was received, confirmed, acknowledged, handed over or returned (docs/product.md,
   * "Encomendas"): every screen that shows it follows. Carries ids and the status only.
   */
  "encomenda.atualizada",
  /**
   * A common area's booking was made, confirmed, refused, cancelled or its guest list changed, or an
   * area changed (docs/decisions/044-common-area-bookings.md): calendars and lists follow. Ids only.
   */
  "reserva.atualizada",
  /**
   * The account's subscription or invoices changed (a payment, a failure, a plan change, a
   * cancellation: docs/decisions/045-plans-and-billing.md): "Plano e faturamento" and the console's
   * billing banner follow. No unit: a morador never hears it.
   */
  "faturamento.atualizado",
] as const;

/** The events about an access request: they carry the request's id, visitor and status. */
export const SOLICITACAO_EVENT_TYPES = [
  "solicitacao.criada",
  "solicitacao.atualizada",
  "chamada.criada",
  "chamada.atualizada",
  "notificacao.atualizada",
] as const satisfies readonly (typeof EVENT_TYPES)[number][];
