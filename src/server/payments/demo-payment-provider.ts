/**
 * Demo mode (no Stripe keys): nothing is charged. It behaves like Stripe's test mode for the two
 * contract cards (docs/product.md, "Checkout"): 4242 4242 4242 4242 succeeds with any future expiry and any
 * 3-digit CVC; 4000 0000 0000 0002 is declined. Any other number is refused with a hint, so nobody
 * mistakes the demo for a real charge.
 */
import { randomUUID } from "node:crypto";
import type { DemoCard } from "../../shared/schemas/checkout";
import type { CreatedPayment, PaymentOutcome, PaymentProvider } from "./payment-provider";

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

export function createDemoPaymentProvider(clock: () => Date = () => new Date()): PaymentProvider {
  return {
    mode: "demo",
    publishableKey: null,
    async createPayment(): Promise<CreatedPayment> {
      return { reference: `demo_${randomUUID()}`, clientSecret: null };
    },
    async confirmPayment(_reference: string, card: DemoCard | null): Promise<PaymentOutcome> {
      if (!card) return { status: "failed", reason: DEMO_MISSING_CARD_REASON };
      if (isExpired(card.validade, clock())) return { status: "failed", reason: DEMO_EXPIRED_REASON };
      if (card.numero === DEMO_CARD_SUCCESS) return { status: "succeeded" };
      if (card.numero === DEMO_CARD_DECLINED) return { status: "failed", reason: DEMO_DECLINED_REASON };
      return { status: "failed", reason: DEMO_UNKNOWN_CARD_REASON };
    },
  };
}
