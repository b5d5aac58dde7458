/**
 * Demo mode (no Stripe keys): nothing is charged. It behaves like Stripe's test mode for the two
 * contract cards (docs/product.md, "Checkout"): 4242 4242 4242 4242 succeeds with any future expiry and any
 * 3-digit CVC; 4000 0000 0000 0002 is declined. Any other number is refused with a hint, so nobody
 * mistakes the demo for a real charge.
 *
 * It also plays a subscription's lifecycle (docs/decisions/045-plans-and-billing.md): monthly periods,
 * prorated upgrades, downgrades and cancellations at the period's end, and, on the owner's request,
 * a renewal, a failed charge or the period's end. It is stateless: billing hands it the subscription on
 * record and applies the events it answers, exactly as it applies Stripe's webhooks. Invoice refs of a
 * period are derived from the subscription and the period's start, so paying a failed period's invoice
 * later finds the same row.
 */
import { randomUUID } from "node:crypto";
import { type BillingCycle, PLANS, type PlanId, planAmountCents } from "../../shared/plans";
import type { DemoCard } from "../../shared/schemas/checkout";
import type { BillingEvent, CardSnapshot, InvoiceLine, SubscriptionSnapshot } from "./billing-events";
import {
  CardDeclinedError,
  type DemoLifecycleStep,
  type PaymentOutcome,
  type PaymentProvider,
  type PlanTarget,
  type SubscriptionOnRecord,
} from "./payment-provider";

export const DEMO_CARD_SUCCESS = "4242424242424242";
export const DEMO_CARD_DECLINED = "4000000000000002";

export const DEMO_DECLINED_REASON = "Cartão recusado pela operadora.";
export const DEMO_UNKNOWN_CARD_REASON =
  "No modo de demonstração, use o cartão de teste 4242 4242 4242 4242 (aprovado) ou 4000 0000 0000 0002 (recusado).";
export const DEMO_EXPIRED_REASON = "Cartão vencido: confira a validade.";
export const DEMO_MISSING_CARD_REASON = "Informe os dados do cartão.";

/** "MM/AA" is valid through the last day of that month. */
export function isExpired(validade: string, now: Date): boolean {
  const [mm, yy] = validade.split("/").map(Number) as [number, number];
  const endOfMonth = new Date(Date.UTC(2000 + yy, mm, 1)); // first instant of the following month
  return endOfMonth.getTime() <= now.getTime();
}

/** The two contract cards' rules. */
export function chargeDemoCard(card: DemoCard | null, now: Date): PaymentOutcome {
  if (!card) return { status: "failed", reason: DEMO_MISSING_CARD_REASON };
  if (isExpired(card.validade, now)) return { status: "failed", reason: DEMO_EXPIRED_REASON };
  if (card.numero === DEMO_CARD_SUCCESS) return { status: "succeeded" };
  if (card.numero === DEMO_CARD_DECLINED) return { status: "failed", reason: DEMO_DECLINED_REASON };
  return { status: "failed", reason: DEMO_UNKNOWN_CARD_REASON };
}

export function demoCardSnapshot(card: DemoCard): CardSnapshot {
  return {
    bandeira: card.numero.startsWith("4") ? "Visa" : null,
    final: card.numero.slice(-4),
    validade: card.validade,
  };
}

// ---------------------------------------------------------------------------------------------------
// Events

const eventId = () => `demo:${randomUUID()}`;

function addMonth(at: Date): Date {
  const d = new Date(at.getTime());
  d.setUTCMonth(d.getUTCMonth() + 1);
  return d;
}

/** "Avançado (anual)". */
function planoCiclo(plano: PlanId, ciclo: BillingCycle): string {
  return `${PLANS[plano].nome} (${ciclo === "yearly" ? "anual" : "mensal"})`;
}

function snapshotOf(sub: SubscriptionOnRecord, changes: Partial<SubscriptionSnapshot> = {}): BillingEvent {
  const subscription: SubscriptionSnapshot = {
    customerRef: sub.customerRef,
    subscriptionRef: sub.subscriptionRef,
    plano: sub.plano,
    ciclo: sub.ciclo,
    status: sub.status,
    valorCentavos: sub.valorCentavos,
    periodoInicio: sub.periodoInicio,
    periodoFim: sub.periodoFim,
    cancelaEm: sub.cancelaEm,
    encerradaEm: null,
    planoProximo: sub.planoProximo,
    cicloProximo: sub.cicloProximo,
    proximoEm: sub.proximoEm,
    ...changes,
  };
  return { kind: "subscription", eventId: eventId(), subscription };
}

interface PeriodCharge {
  plano: PlanId;
  ciclo: BillingCycle;
  valorCentavos: number;
  inicio: Date;
  fim: Date;
}

/** A period's invoice: one ref per (subscription, period start), whatever happens to it. */
function periodInvoice(
  sub: SubscriptionOnRecord,
  period: PeriodCharge,
  outcome: { paga: true; at: Date } | { paga: false; motivo: string },
): BillingEvent {
  const descricao = `Guarita — plano ${planoCiclo(period.plano, period.ciclo)}`;
  return {
    kind: "invoice",
    eventId: eventId(),
    invoice: {
      invoiceRef: `demo_in_${sub.subscriptionRef}_${period.inicio.getTime()}`,
      subscriptionRef: sub.subscriptionRef,
      status: outcome.paga ? "paga" : "falhou",
      descricao,
      valorCentavos: period.valorCentavos,
      itens: [
        { descricao: `Plano ${planoCiclo(period.plano, period.ciclo)}, 1 mês`, valor_centavos: period.valorCentavos },
      ],
      periodoInicio: period.inicio,
      periodoFim: period.fim,
      pagaEm: outcome.paga ? outcome.at : null,
      motivoFalha: outcome.paga ? null : outcome.motivo,
    },
  };
}

function prorationInvoice(
  sub: SubscriptionOnRecord,
  target: PlanTarget,
  itens: InvoiceLine[],
  now: Date,
): BillingEvent {
  const valor = itens.reduce((sum, line) => sum + line.valor_centavos, 0);
  return {
    kind: "invoice",
    eventId: eventId(),
    invoice: {
      invoiceRef: `demo_in_${sub.subscriptionRef}_ajuste_${now.getTime()}`,
      subscriptionRef: sub.subscriptionRef,
      status: "paga",
      descricao: `Ajuste proporcional: ${PLANS[sub.plano].nome} → ${PLANS[target.plano].nome}`,
      valorCentavos: valor,
      itens,
      periodoInicio: now,
      periodoFim: sub.periodoFim,
      pagaEm: now,
      motivoFalha: null,
    },
  };
}

/** The share of the current period still ahead, 0..1. */
function remainingShare(sub: SubscriptionOnRecord, now: Date): number {
  if (!sub.periodoInicio || !sub.periodoFim) return 0;
  const total = sub.periodoFim.getTime() - sub.periodoInicio.getTime();
  if (total <= 0) return 0;
  return Math.min(1, Math.max(0, (sub.periodoFim.getTime() - now.getTime()) / total));
}

// ---------------------------------------------------------------------------------------------------
// Lifecycle

function upgradeNow(sub: SubscriptionOnRecord, target: PlanTarget, now: Date) {
  const changes = {
    plano: target.plano,
    ciclo: target.ciclo,
    valorCentavos: target.valorCentavos,
    planoProximo: null,
    cicloProximo: null,
    proximoEm: null,
  };
  // Without a period (a Personalizado signed up without a charge) the new plan starts a period now.
  if (!sub.periodoInicio || !sub.periodoFim) {
    const period = { ...target, inicio: now, fim: addMonth(now) };
    const events = [snapshotOf(sub, { ...changes, status: "ativa", periodoInicio: now, periodoFim: period.fim })];
    if (target.valorCentavos > 0) events.push(periodInvoice(sub, period, { paga: true, at: now }));
    return { events, cobradoAgoraCentavos: target.valorCentavos };
  }
  const share = remainingShare(sub, now);
  const credito = -Math.round(sub.valorCentavos * share);
  const debito = Math.round(target.valorCentavos * share);
  const cobrado = Math.max(0, Math.round((target.valorCentavos - sub.valorCentavos) * share));
  const events = [snapshotOf(sub, changes)];
  if (cobrado > 0) {
    const itens = [
      {
        descricao: `Crédito do plano ${planoCiclo(sub.plano, sub.ciclo)} pelo restante do período`,
        valor_centavos: credito,
      },
      { descricao: `Plano ${planoCiclo(target.plano, target.ciclo)} pelo restante do período`, valor_centavos: debito },
    ];
    // Rounding each line apart may differ by a cent from the whole: the total is what is charged.
    itens[1]!.valor_centavos += cobrado - (credito + debito);
    events.push(prorationInvoice(sub, target, itens, now));
  }
  return { events, cobradoAgoraCentavos: cobrado };
}

function scheduleAtPeriodEnd(sub: SubscriptionOnRecord, target: PlanTarget): BillingEvent[] {
  // Asking for the plan already in force undoes a scheduled change.
  const same = target.plano === sub.plano && target.ciclo === sub.ciclo;
  return [
    snapshotOf(sub, {
      planoProximo: same ? null : target.plano,
      cicloProximo: same ? null : target.ciclo,
      proximoEm: same ? null : sub.periodoFim,
    }),
  ];
}

/**
 * The period boundary: a scheduled cancellation due by then ends the subscription; otherwise the next
 * period starts (with a scheduled change applied) and its charge is approved or refused.
 */
function turnPeriod(sub: SubscriptionOnRecord, boundary: Date, paga: boolean): BillingEvent[] {
  if (sub.cancelaEm && sub.periodoFim && sub.cancelaEm.getTime() <= sub.periodoFim.getTime()) {
    return [
      snapshotOf(sub, {
        status: "cancelada",
        encerradaEm: boundary,
        cancelaEm: null,
        planoProximo: null,
        cicloProximo: null,
        proximoEm: null,
      }),
    ];
  }
  const plano = sub.planoProximo ?? sub.plano;
  const ciclo = sub.cicloProximo ?? sub.ciclo;
  const valorCentavos = sub.planoProximo ? planAmountCents(plano, ciclo) : sub.valorCentavos;
  const period: PeriodCharge = { plano, ciclo, valorCentavos, inicio: boundary, fim: addMonth(boundary) };
  const snapshot = snapshotOf(sub, {
    plano,
    ciclo,
    valorCentavos,
    status: paga ? "ativa" : "inadimplente",
    periodoInicio: period.inicio,
    periodoFim: period.fim,
    planoProximo: null,
    cicloProximo: null,
    proximoEm: null,
  });
  const invoice = periodInvoice(
    sub,
    period,
    paga ? { paga: true, at: boundary } : { paga: false, motivo: DEMO_DECLINED_REASON },
  );
  // The new period first, so the invoice (and its e-mail) reads the plan it charges for.
  return [snapshot, invoice];
}

/** A charge refused again while already past due: the same period's invoice, failed once more. */
function failAgain(sub: SubscriptionOnRecord): BillingEvent[] {
  if (!sub.periodoInicio || !sub.periodoFim) return [];
  const period = { ...sub, inicio: sub.periodoInicio, fim: sub.periodoFim };
  return [periodInvoice(sub, period, { paga: false, motivo: DEMO_DECLINED_REASON })];
}

/** Pays the current period's unpaid invoice (a past-due subscription): paying restores at once. */
function payCurrentPeriod(sub: SubscriptionOnRecord, now: Date): BillingEvent[] {
  if (sub.status !== "inadimplente" || !sub.periodoInicio || !sub.periodoFim) return [];
  const period = { ...sub, inicio: sub.periodoInicio, fim: sub.periodoFim };
  return [periodInvoice(sub, period, { paga: true, at: now }), snapshotOf(sub, { status: "ativa" })];
}

/** Subscribes again after the end, charging the card on record for a new period from now. */
function restart(sub: SubscriptionOnRecord, now: Date): BillingEvent[] {
  const period: PeriodCharge = { ...sub, inicio: now, fim: addMonth(now) };
  return [
    snapshotOf(sub, {
      status: "ativa",
      periodoInicio: period.inicio,
      periodoFim: period.fim,
      cancelaEm: null,
      encerradaEm: null,
      planoProximo: null,
      cicloProximo: null,
      proximoEm: null,
    }),
    periodInvoice(sub, period, { paga: true, at: now }),
  ];
}

function simulateStep(sub: SubscriptionOnRecord, step: DemoLifecycleStep, now: Date): BillingEvent[] {
  switch (step) {
    case "renovar":
      return turnPeriod(sub, now, true);
    case "fim_do_periodo":
      return turnPeriod(sub, sub.periodoFim ?? now, true);
    case "falhar_pagamento":
      return sub.status === "inadimplente" ? failAgain(sub) : turnPeriod(sub, now, false);
  }
}

export function createDemoPaymentProvider(clock: () => Date = () => new Date()): PaymentProvider {
  return {
    mode: "demo",
    publishableKey: null,
    async createSubscription() {
      return {
        customerRef: `demo_cus_${randomUUID()}`,
        subscriptionRef: `demo_sub_${randomUUID()}`,
        clientSecret: null,
      };
    },
    async confirmSubscription(_ref, card, sub) {
      const now = clock();
      const outcome = chargeDemoCard(card, now);
      if (outcome.status !== "succeeded" || !card) return { outcome, events: [] };
      const period: PeriodCharge = { ...sub, inicio: now, fim: addMonth(now) };
      const snapshot = snapshotOf(sub, {
        status: "ativa",
        periodoInicio: period.inicio,
        periodoFim: period.fim,
        cartao: demoCardSnapshot(card),
      });
      return { outcome, events: [snapshot, periodInvoice(sub, period, { paga: true, at: now })] };
    },
    async changePlan(sub, target, efeito) {
      if (efeito === "imediato") return upgradeNow(sub, target, clock());
      return { events: scheduleAtPeriodEnd(sub, target), cobradoAgoraCentavos: 0 };
    },
    async cancel(sub, at) {
      return [snapshotOf(sub, { cancelaEm: at })];
    },
    async reactivate(sub) {
      if (sub.status === "cancelada") return restart(sub, clock());
      return [snapshotOf(sub, { cancelaEm: null })];
    },
    async changeCard(sub, card) {
      const now = clock();
      const outcome = chargeDemoCard(card, now);
      if (outcome.status === "failed") throw new CardDeclinedError(outcome.reason);
      const events = [snapshotOf(sub, { cartao: demoCardSnapshot(card!) }), ...payCurrentPeriod(sub, now)];
      return { portalUrl: null, events };
    },
    async simulate(sub, step) {
      return simulateStep(sub, step, clock());
    },
  };
}
