/**
 * Stripe's Subscription and Invoice objects → billing's snapshots (billing-events.ts), so the webhook and the
 * provider's own reads tell billing the same thing (docs/decisions/045-plans-and-billing.md). Pure: no calls.
 *
 * The plan in force lives in the subscription's metadata (`plano`, `ciclo`), written by our own changes; the
 * Price is what Stripe charges next. They differ legitimately between a scheduled downgrade's switch of the
 * Price (before the renewal invoice) and the renewal itself; any other difference is a change made outside
 * the console (the Stripe Dashboard), and then the Price says the plan.
 */
import type Stripe from "stripe";
import type { AssinaturaStatus, FaturaStatus } from "../../shared/faturamento";
import { BILLING_CYCLES, type BillingCycle, PLAN_IDS, PLANS, type PlanId } from "../../shared/plans";
import type { CardSnapshot, InvoiceLine, InvoiceSnapshot, SubscriptionSnapshot } from "./billing-events";
import { type PlanRef, planOfLookupKey } from "./stripe-prices";

/** Stripe's decline codes, in the customer's language; anything else gets the generic message. */
export const DECLINE_MESSAGES: Record<string, string> = {
  card_declined: "Cartão recusado pela operadora.",
  insufficient_funds: "Saldo ou limite insuficiente.",
  expired_card: "Cartão vencido: confira a validade.",
  incorrect_cvc: "CVC incorreto.",
  processing_error: "A operadora não conseguiu processar o cartão.",
};
export const GENERIC_DECLINE = "Pagamento não aprovado.";

export function declineMessage(error: { code?: string | null; decline_code?: string | null } | null | undefined) {
  const code = error?.decline_code ?? error?.code ?? "";
  return DECLINE_MESSAGES[code] ?? GENERIC_DECLINE;
}

/** The subscription metadata our changes write (Stripe metadata values are strings; "" clears a key). */
export const META = {
  checkoutId: "checkout_id",
  plano: "plano",
  ciclo: "ciclo",
  planoProximo: "plano_proximo",
  cicloProximo: "ciclo_proximo",
  proximoEm: "proximo_em",
} as const;

const isPlan = (v: unknown): v is PlanId => PLAN_IDS.includes(v as PlanId);
const isCycle = (v: unknown): v is BillingCycle => BILLING_CYCLES.includes(v as BillingCycle);

const fromEpoch = (s: number | null | undefined): Date | null => (s ? new Date(s * 1000) : null);

/** A metadata instant: ISO 8601 (what we write) or epoch seconds. */
export function metaDate(value: string | undefined): Date | null {
  if (!value) return null;
  const date = /^\d+$/.test(value) ? new Date(Number(value) * 1000) : new Date(value);
  return Number.isNaN(date.getTime()) ? null : date;
}

export function planOfPrice(price: Stripe.Price | string | null | undefined): PlanRef | null {
  if (!price || typeof price === "string") return null;
  const byKey = planOfLookupKey(price.lookup_key);
  if (byKey) return byKey;
  const { plano, ciclo } = price.metadata ?? {};
  return isPlan(plano) && isCycle(ciclo) ? { plano, ciclo } : null;
}

/** A downgrade scheduled for the end of the period (our metadata); null when none. */
export function scheduledChange(metadata: Stripe.Metadata | null | undefined): (PlanRef & { em: Date }) | null {
  const plano = metadata?.[META.planoProximo];
  const ciclo = metadata?.[META.cicloProximo];
  const em = metaDate(metadata?.[META.proximoEm]);
  return isPlan(plano) && isCycle(ciclo) && em ? { plano, ciclo, em } : null;
}

const sameRef = (a: PlanRef | null, b: PlanRef | null) => !!a && !!b && a.plano === b.plano && a.ciclo === b.ciclo;

/** The plan in force (see the header): metadata when the Price agrees with it or with the scheduled change. */
export function planOfSubscription(sub: Stripe.Subscription): PlanRef | null {
  const price = planOfPrice(sub.items.data[0]?.price);
  const meta = sub.metadata ?? {};
  const fromMeta: PlanRef | null =
    isPlan(meta[META.plano]) && isCycle(meta[META.ciclo])
      ? { plano: meta[META.plano] as PlanId, ciclo: meta[META.ciclo] as BillingCycle }
      : null;
  // Personalizado keeps whatever Price was running (its amount is agreed with sales).
  if (fromMeta?.plano === "personalizado") return fromMeta;
  if (!price) return fromMeta;
  if (!fromMeta) return price;
  return sameRef(price, fromMeta) || sameRef(price, scheduledChange(meta)) ? fromMeta : price;
}

const STATUS: Record<Stripe.Subscription.Status, AssinaturaStatus> = {
  active: "ativa",
  trialing: "ativa",
  past_due: "inadimplente",
  unpaid: "inadimplente",
  // No trials here, so a paused subscription (a trial ended without a card) waits for a payment.
  paused: "inadimplente",
  canceled: "cancelada",
  incomplete_expired: "cancelada",
  incomplete: "incompleta",
};

const BRANDS: Record<string, string> = {
  visa: "Visa",
  mastercard: "Mastercard",
  amex: "American Express",
  elo: "Elo",
  hipercard: "Hipercard",
  diners: "Diners Club",
  discover: "Discover",
  jcb: "JCB",
  unionpay: "UnionPay",
};

/** The card of an expanded PaymentMethod; undefined when the object doesn't say (an id, or no card). */
export function cardOf(pm: Stripe.PaymentMethod | string | null | undefined): CardSnapshot | undefined {
  if (!pm || typeof pm === "string" || !pm.card) return undefined;
  const { brand, last4, exp_month, exp_year } = pm.card;
  return {
    bandeira: BRANDS[brand] ?? null,
    final: last4,
    validade:
      exp_month && exp_year ? `${String(exp_month).padStart(2, "0")}/${String(exp_year % 100).padStart(2, "0")}` : null,
  };
}

export const idOf = (v: string | { id: string } | null | undefined): string | null =>
  v ? (typeof v === "string" ? v : v.id) : null;

/** Thrown for a subscription we can't read as one of ours (no known Price nor metadata). */
export class NotOurSubscriptionError extends Error {}

export function subscriptionSnapshot(sub: Stripe.Subscription): SubscriptionSnapshot {
  const plan = planOfSubscription(sub);
  if (!plan) throw new NotOurSubscriptionError(`Assinatura ${sub.id} sem plano reconhecível`);
  const item = sub.items.data[0];
  const next = scheduledChange(sub.metadata);
  const snapshot: SubscriptionSnapshot = {
    customerRef: idOf(sub.customer) ?? "",
    subscriptionRef: sub.id,
    plano: plan.plano,
    ciclo: plan.ciclo,
    status: STATUS[sub.status] ?? "incompleta",
    valorCentavos: item?.price.unit_amount ?? 0,
    periodoInicio: fromEpoch(item?.current_period_start),
    periodoFim: fromEpoch(item?.current_period_end),
    cancelaEm: fromEpoch(sub.cancel_at) ?? (sub.cancel_at_period_end ? fromEpoch(item?.current_period_end) : null),
    encerradaEm: fromEpoch(sub.ended_at),
    planoProximo: next?.plano ?? null,
    cicloProximo: next?.ciclo ?? null,
    proximoEm: next?.em ?? null,
  };
  const card = cardOf(sub.default_payment_method);
  if (card) snapshot.cartao = card;
  return snapshot;
}

const dia = new Intl.DateTimeFormat("pt-BR", {
  timeZone: "America/Sao_Paulo",
  day: "2-digit",
  month: "2-digit",
  year: "numeric",
});
const periodo = (start: number, end: number) => `${dia.format(start * 1000)} a ${dia.format(end * 1000)}`;
const CICLO: Record<BillingCycle, string> = { monthly: "mensal", yearly: "anual" };
const planName = (ref: PlanRef | null) =>
  ref ? `plano ${PLANS[ref.plano].nome} (${CICLO[ref.ciclo]})` : "assinatura Guarita";

export interface InvoiceContext {
  /** Price id → plan, for lines that name their Price by id (webhook payloads). */
  planOfPriceId?: (priceId: string) => PlanRef | null;
  /** The event says the charge failed (invoice.payment_failed). */
  falhou?: boolean;
  /** Why, when the PaymentIntent's last error was read. */
  motivoFalha?: string | null;
}

function linePlan(line: Stripe.InvoiceLineItem, ctx: InvoiceContext): PlanRef | null {
  const price = line.pricing?.price_details?.price;
  if (!price) return null;
  return typeof price === "string" ? (ctx.planOfPriceId?.(price) ?? null) : planOfPrice(price);
}

function isProration(line: Stripe.InvoiceLineItem): boolean {
  const p = line.parent;
  return !!(p?.subscription_item_details?.proration || p?.invoice_item_details?.proration);
}

/** A line in pt-BR: Stripe's own descriptions are in the account's language and name Prices, not plans. */
function lineText(line: Stripe.InvoiceLineItem, ctx: InvoiceContext): string {
  const plan = planName(linePlan(line, ctx));
  const when = periodo(line.period.start, line.period.end);
  if (isProration(line)) {
    return line.amount < 0
      ? `Ajuste proporcional: crédito do ${plan} não usado, ${when}`
      : `Ajuste proporcional: ${plan}, ${when}`;
  }
  const text = plan.charAt(0).toUpperCase() + plan.slice(1);
  return `${text}, ${when}`;
}

export function invoiceSubscriptionRef(inv: Stripe.Invoice): string | null {
  return idOf(inv.parent?.subscription_details?.subscription);
}

function invoiceStatus(inv: Stripe.Invoice, ctx: InvoiceContext): FaturaStatus {
  switch (inv.status) {
    case "paid":
      return "paga";
    case "void":
    case "uncollectible":
      return "anulada";
    case "open":
      return ctx.falhou || (inv.attempted && inv.attempt_count > 0) ? "falhou" : "aberta";
    default:
      return "aberta";
  }
}

/** The invoice of one of our subscriptions as billing records it; null when it isn't a subscription's. */
export function invoiceSnapshot(inv: Stripe.Invoice, ctx: InvoiceContext = {}): InvoiceSnapshot | null {
  const subscriptionRef = invoiceSubscriptionRef(inv);
  if (!subscriptionRef) return null;
  const lines = inv.lines?.data ?? [];
  const status = invoiceStatus(inv, ctx);
  const itens: InvoiceLine[] = lines.map((line) => ({ descricao: lineText(line, ctx), valor_centavos: line.amount }));
  // A subscription invoice's own period_start/end is the previous period's: the lines say what was billed.
  const main = lines.find((l) => !isProration(l)) ?? lines[0];
  const metaPlan = ((m) => (isPlan(m?.plano) && isCycle(m?.ciclo) ? { plano: m.plano, ciclo: m.ciclo } : null))(
    inv.parent?.subscription_details?.metadata as Record<string, string> | null | undefined,
  ) as PlanRef | null;
  const plan = (main ? linePlan(main, ctx) : null) ?? metaPlan;
  const name = planName(plan);
  const descricao =
    inv.billing_reason === "subscription_update"
      ? `Mudança para o ${planName(metaPlan ?? plan)}: ajuste proporcional`
      : inv.billing_reason === "subscription_cycle"
        ? `Renovação do ${name}`
        : `Assinatura do ${name}`;
  return {
    invoiceRef: inv.id,
    subscriptionRef,
    status,
    descricao,
    valorCentavos: status === "paga" ? inv.amount_paid : inv.amount_due,
    itens,
    periodoInicio: main ? fromEpoch(main.period.start) : fromEpoch(inv.period_start),
    periodoFim: main ? fromEpoch(main.period.end) : fromEpoch(inv.period_end),
    pagaEm: status === "paga" ? (fromEpoch(inv.status_transitions?.paid_at) ?? fromEpoch(inv.created)) : null,
    motivoFalha: status === "falhou" ? (ctx.motivoFalha ?? GENERIC_DECLINE) : null,
  };
}
