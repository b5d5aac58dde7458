/**
 * Stripe's webhook deliveries (docs/decisions/045-plans-and-billing.md): verified with the official library
 * (signature + timestamp tolerance) so only Stripe speaks through this door, then read as billing events.
 *
 * Stripe delivers events at least once and in no particular order, so an event is a prompt rather than the
 * truth: the subscription or invoice it names is read back from Stripe and that state is what billing
 * records (the event's own copy when Stripe can't be reached). Each event is applied once, by its id.
 */
import type Stripe from "stripe";
import type { BillingEvent } from "./billing-events";
import {
  invoiceSubscriptionRef,
  META,
  NotOurSubscriptionError,
  scheduledChange,
  subscriptionSnapshot,
} from "./stripe-billing";
import { createStripeClient, readInvoice } from "./stripe-payment-provider";
import { ensureStripePrices, priceIdOf } from "./stripe-prices";

export interface StripeWebhookVerifier {
  /** The verified event; throws when the signature, the secret or the payload don't match. */
  verify(rawBody: string, signature: string): Stripe.Event;
  /**
   * What a verified event means for billing, as of now at Stripe; [] for an event billing doesn't follow
   * or a subscription that isn't one of ours. Throws when Stripe must retry (a scheduled change not made).
   */
  billingEvents(event: Stripe.Event, now?: Date): Promise<BillingEvent[]>;
}

const SUBSCRIPTION_EVENTS = new Set<string>([
  "customer.subscription.created",
  "customer.subscription.updated",
  "customer.subscription.deleted",
]);
const INVOICE_EVENTS = new Set<string>([
  "invoice.paid",
  "invoice.payment_failed",
  "invoice.finalized",
  "invoice.voided",
  "invoice.marked_uncollectible",
]);

/** Event types the endpoint must be subscribed to in the Stripe Dashboard. */
export const STRIPE_WEBHOOK_EVENTS = [...SUBSCRIPTION_EVENTS, ...INVOICE_EVENTS, "invoice.upcoming"];

const ENDED = new Set<Stripe.Subscription.Status>(["canceled", "incomplete_expired"]);
const CLEAR_SCHEDULE = { [META.planoProximo]: "", [META.cicloProximo]: "", [META.proximoEm]: "" };

/**
 * A downgrade scheduled for the end of the period (changePlan "fim_do_periodo" only writes metadata) takes
 * effect here, in two steps so the customer pays the old price for the old period and the new one after:
 * - `invoice.upcoming` (days before the renewal): the Price switches, without proration, so the renewal
 *   invoice charges the new plan; the metadata still says the old plan is the one in force;
 * - the `customer.subscription.*` that shows the period rolled past `proximo_em`: the metadata's plan becomes
 *   the new one and the schedule is cleared (and the Price switched, without proration, if invoice.upcoming
 *   never came: the endpoint not subscribed to it, or the renewal too close to the change).
 * Both are idempotent: an update already made is not made again.
 */
async function switchPrice(stripe: Stripe, sub: Stripe.Subscription): Promise<Stripe.Subscription> {
  const next = scheduledChange(sub.metadata);
  const item = sub.items.data[0];
  if (!next || !item || ENDED.has(sub.status) || next.plano === "personalizado") return sub;
  // The renewal this upcoming invoice announces is the one the change was scheduled for.
  if (next.em.getTime() > (item.current_period_end + 60) * 1000) return sub;
  const price = priceIdOf(await ensureStripePrices(stripe), next.plano, next.ciclo);
  if (item.price.id === price) return sub;
  return stripe.subscriptions.update(sub.id, {
    items: [{ id: item.id, price }],
    proration_behavior: "none",
    expand: ["default_payment_method"],
  });
}

async function applyScheduledChange(stripe: Stripe, sub: Stripe.Subscription, now: Date) {
  const next = scheduledChange(sub.metadata);
  const item = sub.items.data[0];
  if (!next || !item || ENDED.has(sub.status)) return sub;
  const rolled = next.em.getTime() <= now.getTime() || item.current_period_start * 1000 >= next.em.getTime();
  if (!rolled) return sub;
  const price =
    next.plano === "personalizado" ? null : priceIdOf(await ensureStripePrices(stripe), next.plano, next.ciclo);
  return stripe.subscriptions.update(sub.id, {
    ...(price && item.price.id !== price ? { items: [{ id: item.id, price }], proration_behavior: "none" } : {}),
    metadata: { [META.plano]: next.plano, [META.ciclo]: next.ciclo, ...CLEAR_SCHEDULE },
    expand: ["default_payment_method"],
  });
}

function isMissing(error: unknown): boolean {
  return (error as { code?: string } | null)?.code === "resource_missing";
}

export function createStripeWebhookVerifier(config: {
  secretKey: string;
  webhookSecret: string;
  httpClient?: Stripe.HttpClient;
}): StripeWebhookVerifier {
  const stripe = createStripeClient({ secretKey: config.secretKey, httpClient: config.httpClient });

  /** The subscription as it is now; the event's copy when Stripe can't say. */
  async function currentSubscription(ref: string, fallback: Stripe.Subscription | null) {
    try {
      return await stripe.subscriptions.retrieve(ref, { expand: ["default_payment_method"] });
    } catch (error) {
      if (!fallback && !isMissing(error)) throw error;
      return fallback;
    }
  }

  function subscriptionEvent(eventId: string, sub: Stripe.Subscription): BillingEvent[] {
    try {
      return [{ kind: "subscription", eventId, subscription: subscriptionSnapshot(sub) }];
    } catch (error) {
      if (error instanceof NotOurSubscriptionError) return [];
      throw error;
    }
  }

  return {
    verify: (rawBody, signature) => stripe.webhooks.constructEvent(rawBody, signature, config.webhookSecret),

    async billingEvents(event, now = new Date()) {
      const eventId = `stripe:${event.id}`;
      if (SUBSCRIPTION_EVENTS.has(event.type)) {
        const received = event.data.object as Stripe.Subscription;
        let sub = (await currentSubscription(received.id, received))!;
        sub = await applyScheduledChange(stripe, sub, now);
        return subscriptionEvent(eventId, sub);
      }
      if (event.type === "invoice.upcoming") {
        const ref = invoiceSubscriptionRef(event.data.object as Stripe.Invoice);
        const sub = ref ? await currentSubscription(ref, null) : null;
        return sub ? subscriptionEvent(eventId, await switchPrice(stripe, sub)) : [];
      }
      if (INVOICE_EVENTS.has(event.type)) {
        const received = event.data.object as Stripe.Invoice;
        let inv = received;
        try {
          inv = await stripe.invoices.retrieve(received.id);
        } catch {
          // Stripe unreachable: the event's copy is the best we have.
        }
        // A failure Stripe already got past (paid since, or voided) is old news: the current status says.
        const falhou = event.type === "invoice.payment_failed" && inv.status === "open";
        const snapshot = await readInvoice(stripe, inv, { falhou });
        return snapshot ? [{ kind: "invoice", eventId, invoice: snapshot }] : [];
      }
      return [];
    },
  };
}
