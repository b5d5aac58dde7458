/**
 * Verifies Stripe webhook deliveries with the official library (signature + timestamp tolerance),
 * so only Stripe can mark a checkout as paid through this door.
 */
import type Stripe from "stripe";
import { createStripeClient } from "./stripe-payment-provider";

export interface StripeWebhookVerifier {
  /** The verified event; throws when the signature, the secret or the payload don't match. */
  verify(rawBody: string, signature: string): Stripe.Event;
}

export function createStripeWebhookVerifier(config: {
  secretKey: string;
  webhookSecret: string;
}): StripeWebhookVerifier {
  const stripe = createStripeClient({ secretKey: config.secretKey });
  return {
    verify: (rawBody, signature) => stripe.webhooks.constructEvent(rawBody, signature, config.webhookSecret),
  };
}
