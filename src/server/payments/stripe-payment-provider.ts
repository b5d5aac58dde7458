/**
 * Stripe mode: the server creates the PaymentIntent (amount from the plan catalogue, never from the
 * browser), the browser confirms the card with Stripe.js, and the server reads the PaymentIntent's
 * status back. The webhook (stripe-webhook.ts) records the same outcome when the browser goes away.
 */
import Stripe from "stripe";
import type { DemoCard } from "../../shared/schemas/checkout";
import {
  type CreatedPayment,
  type PaymentOutcome,
  type PaymentProvider,
  PaymentProviderError,
  type PaymentRequest,
} from "./payment-provider";

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

/** Stripe's decline codes, in the customer's language; anything else gets the generic message. */
const DECLINE_MESSAGES: Record<string, string> = {
  card_declined: "Cartão recusado pela operadora.",
  insufficient_funds: "Saldo ou limite insuficiente.",
  expired_card: "Cartão vencido: confira a validade.",
  incorrect_cvc: "CVC incorreto.",
  processing_error: "A operadora não conseguiu processar o cartão.",
};

function declineReason(intent: Stripe.PaymentIntent): string {
  const error = intent.last_payment_error;
  const code = error?.decline_code ?? error?.code ?? "";
  return DECLINE_MESSAGES[code] ?? "Pagamento não aprovado.";
}

export function createStripePaymentProvider(config: StripeConfig): PaymentProvider {
  const stripe = createStripeClient(config);
  return {
    mode: "stripe",
    publishableKey: config.publishableKey,
    async createPayment(request: PaymentRequest): Promise<CreatedPayment> {
      try {
        const intent = await stripe.paymentIntents.create(
          {
            amount: request.amountCents,
            currency: request.currency,
            allowed_payment_method_types: ["card"],
            description: request.description,
            receipt_email: request.email,
            metadata: { checkout_id: request.checkoutId, ...request.metadata },
          },
          { idempotencyKey: `checkout-${request.checkoutId}` },
        );
        if (!intent.client_secret) throw new PaymentProviderError("PaymentIntent sem client_secret");
        return { reference: intent.id, clientSecret: intent.client_secret };
      } catch (error) {
        throw error instanceof PaymentProviderError
          ? error
          : new PaymentProviderError("Falha ao criar o pagamento na Stripe", { cause: error });
      }
    },
    async confirmPayment(reference: string, _card: DemoCard | null): Promise<PaymentOutcome> {
      let intent: Stripe.PaymentIntent;
      try {
        intent = await stripe.paymentIntents.retrieve(reference);
      } catch (error) {
        throw new PaymentProviderError("Falha ao consultar o pagamento na Stripe", { cause: error });
      }
      return outcomeOf(intent);
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
