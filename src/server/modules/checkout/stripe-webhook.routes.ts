/**
 * POST /api/webhooks/stripe: Stripe's signed notifications of payment outcomes. The signature is
 * checked by the official library against the raw body; anything unsigned or tampered gets 400
 * and changes nothing.
 */
import { Hono } from "hono";
import type Stripe from "stripe";
import type { Database } from "../../db/client";
import type { AppEnv } from "../../http/context";
import { AppError, badRequest } from "../../http/errors";
import { outcomeOf } from "../../payments/stripe-payment-provider";
import type { StripeWebhookVerifier } from "../../payments/stripe-webhook";
import { recordProviderOutcome } from "./checkout.service";

const HANDLED = new Set<Stripe.Event["type"]>([
  "payment_intent.succeeded",
  "payment_intent.payment_failed",
  "payment_intent.canceled",
]);

export function stripeWebhookRoutes(db: Database, verifier: StripeWebhookVerifier | null) {
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
    if (HANDLED.has(event.type)) {
      const intent = event.data.object as Stripe.PaymentIntent;
      const outcome = outcomeOf(intent);
      const recorded = outcome.status !== "pending" && (await recordProviderOutcome(db, "stripe", intent.id, outcome));
      c.get("logger").info({ type: event.type, intent: intent.id, recorded }, "stripe webhook");
    }
    // Stripe retries anything but 2xx; an event we don't handle is still received.
    return c.json({ received: true }, 200);
  });
}
