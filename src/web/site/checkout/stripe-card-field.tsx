/**
 * Stripe mode's card field: Stripe Elements, loaded from js.stripe.com only when the server says
 * Stripe is configured (this module is lazy-loaded). The card number never reaches our server; the
 * browser confirms the PaymentIntent with Stripe directly.
 */

import { CardElement, Elements, useElements, useStripe } from "@stripe/react-stripe-js";
import { loadStripe, type StripeCardElementOptions } from "@stripe/stripe-js";
import { useEffect, useMemo, useState } from "react";
import { Label } from "@/web/components/ui/label";

export interface StripeBillingDetails {
  name: string;
  email: string;
  phone: string;
  address: { line1: string; line2: string | null; city: string; state: string; postal_code: string; country: "BR" };
}

export interface StripeCardHandle {
  confirm(clientSecret: string, billing: StripeBillingDetails): Promise<{ error: string | null }>;
}

const CARD_OPTIONS: StripeCardElementOptions = { hidePostalCode: true, style: { base: { fontSize: "16px" } } };

function CardInput({ onReady }: { onReady: (handle: StripeCardHandle | null) => void }) {
  const stripe = useStripe();
  const elements = useElements();
  const [ready, setReady] = useState(false);

  useEffect(() => {
    if (!stripe || !elements || !ready) return onReady(null);
    onReady({
      async confirm(clientSecret, billing) {
        const card = elements.getElement(CardElement);
        if (!card) return { error: "Campo do cartão indisponível." };
        const result = await stripe.confirmCardPayment(clientSecret, {
          payment_method: { card, billing_details: billing },
        });
        return { error: result.error ? (result.error.message ?? "Pagamento não aprovado.") : null };
      },
    });
  }, [stripe, elements, ready, onReady]);

  return (
    <div className="grid gap-2">
      <Label htmlFor="stripe-card">Cartão de crédito</Label>
      <div id="stripe-card" className="rounded-md border bg-background px-3 py-3">
        <CardElement options={CARD_OPTIONS} onReady={() => setReady(true)} />
      </div>
    </div>
  );
}

export default function StripeCardField({
  publishableKey,
  onReady,
  onLoadError,
}: {
  publishableKey: string;
  onReady: (handle: StripeCardHandle | null) => void;
  onLoadError: () => void;
}) {
  const stripePromise = useMemo(() => {
    const promise = loadStripe(publishableKey, { locale: "pt-BR" });
    promise.catch(onLoadError);
    return promise;
  }, [publishableKey, onLoadError]);
  return (
    <Elements stripe={stripePromise}>
      <CardInput onReady={onReady} />
    </Elements>
  );
}
