/**
 * Stripe mode (docs/decisions/045-plans-and-billing.md): checkout creates a Customer and a Subscription on the
 * catalogue's Price (stripe-prices.ts, never an amount from the browser); the subscription's first invoice
 * waits for the card, which the browser confirms with Stripe.js against the invoice's client secret; the
 * server then reads the subscription back. Plan changes, cancellation and reactivation update the
 * subscription; the new card goes through Stripe's customer portal. Webhooks (stripe-webhook.ts) tell
 * billing everything that happens later (renewals, failed charges, the end).
 */
import Stripe from "stripe";
import type { DemoCard } from "../../shared/schemas/checkout";
import type { BillingEvent } from "./billing-events";
import {
  CardDeclinedError,
  type CreatedSubscription,
  type PaymentOutcome,
  type PaymentProvider,
  PaymentProviderError,
  type PlanTarget,
  type SubscriptionOnRecord,
  type SubscriptionRequest,
} from "./payment-provider";
import {
  declineMessage,
  GENERIC_DECLINE,
  idOf,
  invoiceSnapshot,
  META,
  planOfSubscription,
  subscriptionSnapshot,
} from "./stripe-billing";
import { ensureStripePrices, planOfPriceId, priceIdOf } from "./stripe-prices";

export interface StripeConfig {
  secretKey: string;
  publishableKey: string;
  /** Tests hand the SDK a fetch that answers for api.stripe.com (this machine has no internet). */
  httpClient?: Stripe.HttpClient;
}

export function createStripeClient(config: Pick<StripeConfig, "secretKey" | "httpClient">): Stripe {
  return new Stripe(config.secretKey, {
    maxNetworkRetries: 2,
    timeout: 15_000,
    appInfo: { name: "Guarita" },
    ...(config.httpClient ? { httpClient: config.httpClient } : {}),
  });
}

function declineReason(intent: Stripe.PaymentIntent): string {
  return declineMessage(intent.last_payment_error);
}

const epoch = (d: Date) => Math.floor(d.getTime() / 1000);

/** Runs Stripe calls; a failure other than a declined card becomes a PaymentProviderError (answered 502). */
async function call<T>(what: string, fn: () => Promise<T>): Promise<T> {
  try {
    return await fn();
  } catch (error) {
    if (error instanceof PaymentProviderError || error instanceof CardDeclinedError) throw error;
    throw new PaymentProviderError(what, { cause: error });
  }
}

/** What the invoice's charge attempt says: the latest PaymentIntent of the invoice, when there is one. */
export async function lastPaymentIntent(stripe: Stripe, invoiceId: string): Promise<Stripe.PaymentIntent | null> {
  const payments = await stripe.invoicePayments.list({
    invoice: invoiceId,
    limit: 10,
    expand: ["data.payment.payment_intent"],
  });
  const intents = payments.data
    .map((p) => p.payment.payment_intent)
    .filter((pi): pi is Stripe.PaymentIntent => !!pi && typeof pi !== "string")
    .sort((a, b) => b.created - a.created);
  return intents[0] ?? null;
}

/** Billing's reading of an invoice, with the Price → plan map for its lines (webhook payloads name Prices by id). */
export async function readInvoice(
  stripe: Stripe,
  inv: Stripe.Invoice,
  opts: { falhou?: boolean } = {},
): Promise<ReturnType<typeof invoiceSnapshot>> {
  const ids = await ensureStripePrices(stripe).catch(() => ({}));
  const falhou = opts.falhou || (inv.status === "open" && inv.attempted && inv.attempt_count > 0);
  let motivoFalha: string | null = null;
  if (falhou && inv.status === "open") {
    const intent = await lastPaymentIntent(stripe, inv.id).catch(() => null);
    motivoFalha = intent?.last_payment_error ? declineReason(intent) : GENERIC_DECLINE;
  }
  return invoiceSnapshot(inv, { planOfPriceId: (id) => planOfPriceId(ids, id), falhou: opts.falhou, motivoFalha });
}

const EXPAND_SUB = ["latest_invoice", "default_payment_method"];

export function createStripePaymentProvider(config: StripeConfig): PaymentProvider {
  const stripe = createStripeClient(config);

  async function retrieve(ref: string): Promise<Stripe.Subscription> {
    return stripe.subscriptions.retrieve(ref, { expand: EXPAND_SUB });
  }

  const snapshotEvent = (sub: Stripe.Subscription): BillingEvent => ({
    kind: "subscription",
    eventId: null,
    subscription: subscriptionSnapshot(sub),
  });

  /** Puts back the Price of the plan in force (metadata) when a scheduled change switched it early. */
  async function restorePrice(sub: Stripe.Subscription): Promise<Stripe.Subscription> {
    const plan = planOfSubscription(sub);
    const item = sub.items.data[0];
    if (!plan || !item || plan.plano === "personalizado") return sub;
    const price = priceIdOf(await ensureStripePrices(stripe), plan.plano, plan.ciclo);
    if (item.price.id === price) return sub;
    return stripe.subscriptions.update(sub.id, {
      items: [{ id: item.id, price }],
      proration_behavior: "none",
      expand: EXPAND_SUB,
    });
  }

  async function declinedReason(invoiceId: string | null): Promise<string> {
    const intent = invoiceId ? await lastPaymentIntent(stripe, invoiceId).catch(() => null) : null;
    return intent?.last_payment_error ? declineReason(intent) : GENERIC_DECLINE;
  }

  async function invoiceEvent(inv: Stripe.Invoice | string | null): Promise<BillingEvent[]> {
    if (!inv || typeof inv === "string") return [];
    const snapshot = await readInvoice(stripe, inv);
    return snapshot ? [{ kind: "invoice", eventId: null, invoice: snapshot }] : [];
  }

  return {
    mode: "stripe",
    publishableKey: config.publishableKey,

    async createSubscription(request: SubscriptionRequest): Promise<CreatedSubscription> {
      return call("Falha ao criar a assinatura na Stripe", async () => {
        const price = priceIdOf(await ensureStripePrices(stripe), request.plano, request.ciclo);
        const { cliente } = request;
        const customer = await stripe.customers.create(
          {
            email: request.email,
            name: cliente.empresa || request.nome,
            phone: cliente.telefone,
            address: {
              line1: `${cliente.rua}, ${cliente.numero}`,
              line2: [cliente.complemento, cliente.bairro].filter(Boolean).join(", ") || undefined,
              city: cliente.cidade,
              state: cliente.estado,
              postal_code: cliente.cep,
              country: "BR",
            },
            preferred_locales: ["pt-BR"],
            metadata: { [META.checkoutId]: request.checkoutId, responsavel: request.nome, cnpj: cliente.cnpj ?? "" },
          },
          { idempotencyKey: `checkout-${request.checkoutId}-customer` },
        );
        const sub = await stripe.subscriptions.create(
          {
            customer: customer.id,
            items: [{ price }],
            payment_behavior: "default_incomplete",
            payment_settings: { save_default_payment_method: "on_subscription", payment_method_types: ["card"] },
            metadata: {
              [META.checkoutId]: request.checkoutId,
              [META.plano]: request.plano,
              [META.ciclo]: request.ciclo,
            },
            expand: ["latest_invoice.confirmation_secret"],
          },
          { idempotencyKey: `checkout-${request.checkoutId}-subscription` },
        );
        const invoice = sub.latest_invoice;
        const clientSecret = invoice && typeof invoice !== "string" ? invoice.confirmation_secret?.client_secret : null;
        if (!clientSecret) throw new PaymentProviderError("Assinatura sem client_secret na primeira fatura");
        return { customerRef: customer.id, subscriptionRef: sub.id, clientSecret };
      });
    },

    async confirmSubscription(subscriptionRef: string, _card: DemoCard | null) {
      const sub = await call("Falha ao consultar a assinatura na Stripe", () => retrieve(subscriptionRef));
      if (sub.status === "active" || sub.status === "trialing") {
        const events = [
          snapshotEvent(sub),
          ...(await call("Falha ao ler a fatura", () => invoiceEvent(sub.latest_invoice))),
        ];
        return { outcome: { status: "succeeded" } as PaymentOutcome, events };
      }
      if (sub.status === "incomplete_expired" || sub.status === "canceled") {
        return { outcome: { status: "failed", reason: GENERIC_DECLINE } as PaymentOutcome, events: [] };
      }
      const invoiceId = idOf(sub.latest_invoice);
      if (sub.status === "incomplete" && invoiceId) {
        const intent = await call("Falha ao consultar o pagamento na Stripe", () =>
          lastPaymentIntent(stripe, invoiceId),
        );
        if (intent) {
          const outcome = outcomeOf(intent);
          // The subscription isn't active yet but the charge went through: Stripe is still settling it.
          if (outcome.status !== "succeeded") return { outcome, events: [] };
        }
      }
      return { outcome: { status: "pending" } as PaymentOutcome, events: [] };
    },

    async changePlan(subscription: SubscriptionOnRecord, target: PlanTarget, efeito: "imediato" | "fim_do_periodo") {
      return call("Falha ao mudar o plano na Stripe", async () => {
        const ref = subscription.subscriptionRef;
        const clearSchedule = { [META.planoProximo]: "", [META.cicloProximo]: "", [META.proximoEm]: "" };
        const undo = target.plano === subscription.plano && target.ciclo === subscription.ciclo;
        if (efeito === "fim_do_periodo" && undo) {
          // The plan in force asked again: the scheduled change is dropped, and the Price put back if
          // invoice.upcoming had already switched it (stripe-webhook.ts).
          await restorePrice(await retrieve(ref));
          const sub = await stripe.subscriptions.update(ref, { metadata: clearSchedule, expand: EXPAND_SUB });
          return { events: [snapshotEvent(sub)], cobradoAgoraCentavos: 0 };
        }
        if (efeito === "fim_do_periodo") {
          // The Price changes at the renewal (stripe-webhook.ts, applyScheduledChange): nothing is charged now.
          const sub = await stripe.subscriptions.update(ref, {
            metadata: {
              [META.planoProximo]: target.plano,
              [META.cicloProximo]: target.ciclo,
              [META.proximoEm]: (subscription.periodoFim ?? new Date()).toISOString(),
            },
            expand: ["default_payment_method"],
          });
          return { events: [snapshotEvent(sub)], cobradoAgoraCentavos: 0 };
        }
        if (target.plano === "personalizado") {
          // Agreed with sales: the running Price stays until support sets the agreed one.
          const sub = await stripe.subscriptions.update(ref, {
            metadata: { [META.plano]: target.plano, [META.ciclo]: target.ciclo, ...clearSchedule },
            expand: ["default_payment_method"],
          });
          return { events: [snapshotEvent(sub)], cobradoAgoraCentavos: 0 };
        }
        const price = priceIdOf(await ensureStripePrices(stripe), target.plano, target.ciclo);
        // A downgrade's Price already switched before the renewal: prorate from the plan actually paid for.
        const before = await restorePrice(await retrieve(ref));
        const item = before.items.data[0];
        if (!item) throw new PaymentProviderError(`Assinatura ${ref} sem item`);
        // The new Price only if the proration is paid: a declined card leaves the plan as it was.
        const changed = await stripe.subscriptions.update(ref, {
          items: [{ id: item.id, price }],
          proration_behavior: "always_invoice",
          payment_behavior: "pending_if_incomplete",
          expand: EXPAND_SUB,
        });
        if (changed.pending_update) throw new CardDeclinedError(await declinedReason(idOf(changed.latest_invoice)));
        // Stripe takes no metadata with pending_if_incomplete: the plan in force is written once paid.
        const sub = await stripe.subscriptions.update(ref, {
          metadata: { [META.plano]: target.plano, [META.ciclo]: target.ciclo, ...clearSchedule },
          expand: EXPAND_SUB,
        });
        const latest = sub.latest_invoice;
        const proration =
          latest &&
          typeof latest !== "string" &&
          latest.id !== idOf(before.latest_invoice) &&
          latest.billing_reason === "subscription_update"
            ? latest
            : null;
        return {
          events: [snapshotEvent(sub), ...(await invoiceEvent(proration))],
          cobradoAgoraCentavos: proration
            ? proration.status === "paid"
              ? proration.amount_paid
              : proration.amount_due
            : 0,
        };
      });
    },

    async cancel(subscription: SubscriptionOnRecord, at: Date) {
      return call("Falha ao cancelar a assinatura na Stripe", async () => {
        const sub = await stripe.subscriptions.update(subscription.subscriptionRef, {
          cancel_at: epoch(at),
          // Ending at the end of a paid period: nothing to credit back.
          proration_behavior: "none",
          expand: ["default_payment_method"],
        });
        return [snapshotEvent(sub)];
      });
    },

    async reactivate(subscription: SubscriptionOnRecord) {
      return call("Falha ao reativar a assinatura na Stripe", async () => {
        const current = await retrieve(subscription.subscriptionRef);
        if (current.status !== "canceled" && current.status !== "incomplete_expired") {
          const sub = await stripe.subscriptions.update(subscription.subscriptionRef, {
            cancel_at: "",
            expand: ["default_payment_method"],
          });
          return [snapshotEvent(sub)];
        }
        // Ended: a new subscription for the same customer, charged at once with the card on record.
        const customerId = idOf(current.customer)!;
        let paymentMethod = idOf(current.default_payment_method);
        if (!paymentMethod) {
          const customer = await stripe.customers.retrieve(customerId);
          paymentMethod = "deleted" in customer ? null : idOf(customer.invoice_settings?.default_payment_method);
        }
        if (!paymentMethod) throw new PaymentProviderError(`Cliente ${customerId} sem cartão para reativar`);
        const plano = subscription.plano === "personalizado" ? "avancado" : subscription.plano;
        const price = priceIdOf(await ensureStripePrices(stripe), plano, subscription.ciclo);
        const sub = await stripe.subscriptions.create(
          {
            customer: customerId,
            items: [{ price }],
            default_payment_method: paymentMethod,
            payment_behavior: "allow_incomplete",
            metadata: {
              [META.checkoutId]: current.metadata?.[META.checkoutId] ?? "",
              [META.plano]: plano,
              [META.ciclo]: subscription.ciclo,
              reativa: subscription.subscriptionRef,
            },
            expand: EXPAND_SUB,
          },
          { idempotencyKey: `reactivate-${subscription.subscriptionRef}-${current.ended_at ?? 0}` },
        );
        if (sub.status !== "active") {
          // The card on record was declined: nothing half-made is left behind at Stripe.
          const reason = await declinedReason(idOf(sub.latest_invoice));
          await stripe.subscriptions.cancel(sub.id);
          throw new CardDeclinedError(reason);
        }
        return [snapshotEvent(sub), ...(await invoiceEvent(sub.latest_invoice))];
      });
    },

    async changeCard(subscription: SubscriptionOnRecord, _card: DemoCard | null, returnUrl: string) {
      return call("Falha ao abrir o portal da Stripe", async () => {
        const session = await stripe.billingPortal.sessions.create({
          customer: subscription.customerRef,
          return_url: returnUrl,
          locale: "pt-BR",
        });
        return { portalUrl: session.url, events: [] };
      });
    },
  };
}

export function outcomeOf(intent: Stripe.PaymentIntent): PaymentOutcome {
  if (intent.status === "succeeded") return { status: "succeeded" };
  if (intent.status === "canceled") return { status: "failed", reason: "Pagamento cancelado." };
  if (intent.status === "requires_payment_method" && intent.last_payment_error) {
    return { status: "failed", reason: declineReason(intent) };
  }
  return { status: "pending" };
}
