/**
 * The one seam between billing and whoever moves the money. Checkout and "Plano e faturamento" only
 * ever talk to this interface; `createPayments` picks Stripe when its keys are configured and the
 * labelled demo provider otherwise (docs/product.md, "Checkout"; docs/decisions/045-plans-and-billing.md).
 */
import type { PaymentMode } from "../../shared/domain";
import type { AssinaturaStatus } from "../../shared/faturamento";
import type { BillingCycle, PlanId } from "../../shared/plans";
import type { CheckoutCliente, DemoCard } from "../../shared/schemas/checkout";
import type { BillingEvent, CardSnapshot } from "./billing-events";

/** A subscription for a checkout (docs/decisions/045-plans-and-billing.md). */
export interface SubscriptionRequest {
  /** Our checkout session id: the idempotency key and metadata, so a retry never subscribes twice. */
  checkoutId: string;
  plano: PlanId;
  ciclo: BillingCycle;
  /** Each period's charge, from the plan catalogue. */
  valorCentavos: number;
  email: string;
  nome: string;
  cliente: CheckoutCliente;
}

export interface CreatedSubscription {
  customerRef: string;
  subscriptionRef: string;
  /** What the browser confirms the first payment with (Stripe: its PaymentIntent's client secret); null in demo. */
  clientSecret: string | null;
}

/** The subscription on record that an owner's request acts on. */
export interface SubscriptionOnRecord {
  customerRef: string;
  subscriptionRef: string;
  plano: PlanId;
  ciclo: BillingCycle;
  status: AssinaturaStatus;
  valorCentavos: number;
  periodoInicio: Date | null;
  periodoFim: Date | null;
  compromissoAte: Date | null;
  cancelaEm: Date | null;
  planoProximo: PlanId | null;
  cicloProximo: BillingCycle | null;
  proximoEm: Date | null;
  cartao: CardSnapshot | null;
}

export interface PlanTarget {
  plano: PlanId;
  ciclo: BillingCycle;
  valorCentavos: number;
}

export type DemoLifecycleStep = "renovar" | "falhar_pagamento" | "fim_do_periodo";

export type PaymentOutcome =
  | { status: "succeeded" }
  /** The card still needs the browser (3-D Secure) or the provider is still processing. */
  | { status: "pending" }
  | { status: "failed"; reason: string };

export interface PaymentProvider {
  readonly mode: PaymentMode;
  /** Handed to the browser; null in demo mode. */
  readonly publishableKey: string | null;
  /** Creates the Customer and the Subscription of a checkout; its first invoice waits for the card. */
  createSubscription(request: SubscriptionRequest): Promise<CreatedSubscription>;
  /**
   * The first payment's outcome (demo mode charges `card`; Stripe reads what the browser confirmed)
   * and, once paid, the events that record the subscription and its first invoice. `subscription` is the
   * row on record (the stateless demo builds its events from it; Stripe needs only the ref).
   */
  confirmSubscription(
    subscriptionRef: string,
    card: DemoCard | null,
    subscription: SubscriptionOnRecord,
  ): Promise<{ outcome: PaymentOutcome; events: BillingEvent[] }>;
  /**
   * `imediato`: an upgrade, in force now, the proration charged at once (its invoice among the events);
   * `fim_do_periodo`: a downgrade, scheduled for the end of the period, nothing charged now.
   */
  changePlan(
    subscription: SubscriptionOnRecord,
    target: PlanTarget,
    efeito: "imediato" | "fim_do_periodo",
  ): Promise<{ events: BillingEvent[]; cobradoAgoraCentavos: number }>;
  /** Cancels at `at` (the end of the period, or of the yearly commitment). */
  cancel(subscription: SubscriptionOnRecord, at: Date): Promise<BillingEvent[]>;
  /** Undoes a scheduled cancellation, or subscribes again after the end with the card on record. */
  reactivate(subscription: SubscriptionOnRecord): Promise<BillingEvent[]>;
  /**
   * Demo: charges `card` (and pays an unpaid invoice with it); Stripe: a customer-portal session
   * (`portalUrl`), the new card coming back through the webhooks.
   */
  changeCard(
    subscription: SubscriptionOnRecord,
    card: DemoCard | null,
    returnUrl: string,
  ): Promise<{ portalUrl: string | null; events: BillingEvent[] }>;
  /** Demo mode only: moves the simulated lifecycle one step (renewal, a failed charge, the period's end). */
  simulate?(subscription: SubscriptionOnRecord, step: DemoLifecycleStep): Promise<BillingEvent[]>;
}

/** Demo mode: the card given to change the card on record was refused (`reason` in pt-BR); answered as 402. */
export class CardDeclinedError extends Error {
  constructor(readonly reason: string) {
    super(reason);
    this.name = "CardDeclinedError";
  }
}

/** A provider-side failure we can't attribute to the customer (network, keys): answered as 502. */
export class PaymentProviderError extends Error {
  constructor(message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = "PaymentProviderError";
  }
}
