/**
 * The one seam between checkout and whoever moves the money. Checkout only ever talks to this
 * interface; `createPaymentProvider` picks Stripe when its keys are configured and the labelled
 * demo provider otherwise (docs/product.md, "Checkout").
 */
import type { PaymentMode } from "../../shared/domain";
import type { DemoCard } from "../../shared/schemas/checkout";

export interface PaymentRequest {
  /** Our checkout session id: Stripe's idempotency key and metadata, so a retry never charges twice. */
  checkoutId: string;
  amountCents: number;
  currency: "brl";
  description: string;
  email: string;
  metadata: Record<string, string>;
}

export interface CreatedPayment {
  /** The provider's payment id, stored on the checkout session. */
  reference: string;
  /** What the browser needs to confirm the card with the provider (Stripe's client secret); null for demo. */
  clientSecret: string | null;
}

export type PaymentOutcome =
  | { status: "succeeded" }
  /** The card still needs the browser (3-D Secure) or the provider is still processing. */
  | { status: "pending" }
  | { status: "failed"; reason: string };

export interface PaymentProvider {
  readonly mode: PaymentMode;
  /** Handed to the browser; null in demo mode. */
  readonly publishableKey: string | null;
  createPayment(request: PaymentRequest): Promise<CreatedPayment>;
  /**
   * The payment's outcome. Demo mode charges `card` here; Stripe reads the PaymentIntent the
   * browser confirmed (the card never reaches our server).
   */
  confirmPayment(reference: string, card: DemoCard | null): Promise<PaymentOutcome>;
}

/** A provider-side failure we can't attribute to the customer (network, keys): answered as 502. */
export class PaymentProviderError extends Error {
  constructor(message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = "PaymentProviderError";
  }
}
