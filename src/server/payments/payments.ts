/**
 * Payment configuration → the provider checkout uses and, in Stripe mode with a webhook secret,
 * the webhook verifier. Without Stripe keys everything runs in the labelled demo mode.
 */
import type Stripe from "stripe";
import { createDemoPaymentProvider } from "./demo-payment-provider";
import type { PaymentProvider } from "./payment-provider";
import { createStripePaymentProvider } from "./stripe-payment-provider";
import { createStripeWebhookVerifier, type StripeWebhookVerifier } from "./stripe-webhook";

export interface PaymentsConfig {
  stripe?: {
    secretKey: string;
    publishableKey: string;
    webhookSecret?: string;
    httpClient?: Stripe.HttpClient;
  };
}

export interface Payments {
  provider: PaymentProvider;
  /** Null unless Stripe and STRIPE_WEBHOOK_SECRET are both configured. */
  webhook: StripeWebhookVerifier | null;
}

export function createPayments(config: PaymentsConfig = {}): Payments {
  const { stripe } = config;
  if (!stripe) return { provider: createDemoPaymentProvider(), webhook: null };
  return {
    provider: createStripePaymentProvider(stripe),
    webhook: stripe.webhookSecret
      ? createStripeWebhookVerifier({
          secretKey: stripe.secretKey,
          webhookSecret: stripe.webhookSecret,
          httpClient: stripe.httpClient,
        })
      : null,
  };
}
