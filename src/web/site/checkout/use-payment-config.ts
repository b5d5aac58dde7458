import { useEffect, useState } from "react";
import type { CheckoutConfig } from "@/shared/schemas/checkout";
import { fetchCheckoutConfig } from "./checkout-api";

export type PaymentConfigState =
  | { status: "loading" }
  | { status: "ready"; config: CheckoutConfig }
  | { status: "error" };

/** Which payment provider the server runs (Stripe or demo); asked once per page view. */
export function usePaymentConfig(): [PaymentConfigState, () => void] {
  const [state, setState] = useState<PaymentConfigState>({ status: "loading" });
  const [attempt, setAttempt] = useState(0);
  useEffect(() => {
    let active = true;
    setState({ status: "loading" });
    fetchCheckoutConfig().then(
      (config) => active && setState({ status: "ready", config }),
      () => active && setState({ status: "error" }),
    );
    return () => {
      active = false;
    };
  }, [attempt]);
  return [state, () => setAttempt((n) => n + 1)];
}
