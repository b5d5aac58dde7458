import { useEffect, useState } from "react";
import type { CheckoutConfig } from "@/shared/schemas/checkout";
import { fetchCheckoutConfig } from "./checkout-api";

export type PaymentConfigState =
  | { status: "loading" }
  | { status: "ready"; config: CheckoutConfig }
  | { status: "error" };

/** Which payment provider the server runs (Stripe or demo); asked on load and on each retry. */
export function usePaymentConfig(): [PaymentConfigState, () => void] {
  const [state, setState] = useState<PaymentConfigState>({ status: "loading" });
  useEffect(() => {
    if (state.status !== "loading") return;
    let active = true;
    fetchCheckoutConfig().then(
      (config) => active && setState({ status: "ready", config }),
      () => active && setState({ status: "error" }),
    );
    return () => {
      active = false;
    };
  }, [state.status]);
  return [state, () => setState({ status: "loading" })];
}
