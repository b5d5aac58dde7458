/** The checkout page's calls to /api/checkout (server/modules/checkout). */
import type { CheckoutConfig, CheckoutCreateInput, CheckoutSession, DemoCardInput } from "@/shared/schemas/checkout";
import { apiFetch } from "@/web/lib/api";

export const fetchCheckoutConfig = () => apiFetch<CheckoutConfig>("/api/checkout/config");

export const startCheckout = (input: CheckoutCreateInput) =>
  apiFetch<CheckoutSession>("/api/checkout", { method: "POST", json: input });

export const confirmCheckout = (id: string, cartao?: DemoCardInput) =>
  apiFetch<CheckoutSession>(`/api/checkout/${id}/confirmar`, { method: "POST", json: cartao ? { cartao } : {} });
