import { useEffect, useState } from "react";
import type { CheckoutSession } from "@/shared/schemas/checkout";
import { ApiError, errorMessage } from "@/web/lib/api";
import { fetchCurrentCheckout } from "./create-account-api";

export type CurrentCheckoutState =
  | { status: "loading" }
  /** A checkout that can become an account: paid, or Personalizado (no charge). */
  | { status: "ready"; checkout: CheckoutSession & { status: "pago" | "sem_cobranca" } }
  /** No checkout in this browser, or one that is not paid (pending, declined, already used). */
  | { status: "unpaid" }
  | { status: "error"; message: string };

/**
 * Whether this browser has a checkout ready for account creation: only the server knows, through
 * the signed checkout cookie. Asked on load and on each retry.
 */
export function useCurrentCheckout(): [CurrentCheckoutState, () => void] {
  const [state, setState] = useState<CurrentCheckoutState>({ status: "loading" });
  useEffect(() => {
    if (state.status !== "loading") return;
    let active = true;
    fetchCurrentCheckout().then(
      (checkout) => {
        if (!active) return;
        const { status } = checkout;
        setState(
          status === "pago" || status === "sem_cobranca"
            ? { status: "ready", checkout: { ...checkout, status } }
            : { status: "unpaid" },
        );
      },
      (error: unknown) => {
        if (!active) return;
        if (error instanceof ApiError && error.status === 404) setState({ status: "unpaid" });
        else setState({ status: "error", message: errorMessage(error) });
      },
    );
    return () => {
      active = false;
    };
  }, [state.status]);
  return [state, () => setState({ status: "loading" })];
}
