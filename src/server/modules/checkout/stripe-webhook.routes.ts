/**
 * POST /api/webhooks/stripe: Stripe's signed notifications of the subscriptions' lifecycle
 * (docs/decisions/045-plans-and-billing.md). The signature is checked by the official library against the
 * raw body; anything unsigned or tampered gets 400 and changes nothing. A verified event is answered 2xx
 * once recorded (or when it isn't ours), since Stripe retries anything else; a failure on our side (the
 * database, a scheduled change Stripe didn't take) is a 500 so that Stripe retries it.
 */
import { Hono } from "hono";
import type Stripe from "stripe";
import type { Database } from "../../db/client";
import type { AppEnv } from "../../http/context";
import { AppError, badRequest } from "../../http/errors";
import type { StripeWebhookVerifier } from "../../payments/stripe-webhook";
import { applyBillingEvents } from "../faturamento/faturamento.service";

export interface StripeWebhookDeps {
  /** An NFS-e provider is configured: a paid invoice's nota is queued. */
  nfseAtiva: boolean;
  publicUrl: string;
}

export function stripeWebhookRoutes(db: Database, verifier: StripeWebhookVerifier | null, deps: StripeWebhookDeps) {
  return new Hono<AppEnv>().post("/stripe", async (c) => {
    if (!verifier) throw new AppError(404, "NOT_FOUND", "Webhook da Stripe não configurado.");
    const signature = c.req.header("stripe-signature");
    if (!signature) throw badRequest("Assinatura da Stripe ausente.");
    const rawBody = await c.req.text();
    let event: Stripe.Event;
    try {
      event = verifier.verify(rawBody, signature);
    } catch {
      throw badRequest("Assinatura da Stripe inválida.");
    }
    const logger = c.get("logger");
    const events = await verifier.billingEvents(event);
    const results = await applyBillingEvents(db, "stripe", events, deps);
    const refs = events.map((e) => (e.kind === "subscription" ? e.subscription.subscriptionRef : e.invoice.invoiceRef));
    if (results.includes("desconhecido")) {
      logger.warn({ event: event.id, type: event.type, refs, results }, "stripe webhook: subscription not ours");
    } else {
      logger.info({ event: event.id, type: event.type, refs, results }, "stripe webhook");
    }
    return c.json({ received: true }, 200);
  });
}
