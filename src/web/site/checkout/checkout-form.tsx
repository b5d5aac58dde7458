import { zodResolver } from "@hookform/resolvers/zod";
import { CircleAlert, MessageCircle } from "lucide-react";
import { lazy, Suspense, useCallback, useRef, useState } from "react";
import { type FieldPath, type Resolver, useForm } from "react-hook-form";
import { useNavigate } from "react-router";
import { COMPANY, whatsappUrl } from "@/shared/company";
import type { BillingCycle, PlanId } from "@/shared/plans";
import type { CheckoutSession } from "@/shared/schemas/checkout";
import { Alert, AlertDescription, AlertTitle } from "@/web/components/ui/alert";
import { Button } from "@/web/components/ui/button";
import { Skeleton } from "@/web/components/ui/skeleton";
import { Spinner } from "@/web/components/ui/spinner";
import { ApiError } from "@/web/lib/api";
import { BillingFields } from "./billing-fields";
import { confirmCheckout, startCheckout } from "./checkout-api";
import {
  type CheckoutFormValues,
  checkoutFormSchema,
  demoCheckoutFormSchema,
  EMPTY_CHECKOUT_FORM,
} from "./checkout-form-schema";
import { DemoCardFields } from "./demo-card-fields";
import type { StripeBillingDetails, StripeCardHandle } from "./stripe-card-field";
import { usePaymentConfig } from "./use-payment-config";

const StripeCardField = lazy(() => import("./stripe-card-field"));

/** The two checkout alerts (docs/product.md, "Error messages"). */
const PAYMENT_FAILED = "Erro no processamento do pagamento. Tente novamente.";
const UNEXPECTED = "Erro inesperado. Tente novamente.";

const SALES_MESSAGE = `Olá! Tenho interesse no plano Personalizado da ${COMPANY.name} e gostaria de falar com vendas.`;

type FormAlert = { title: string; detail?: string } | null;

function stripeBillingDetails(cliente: CheckoutFormValues["cliente"]): StripeBillingDetails {
  return {
    name: cliente.nome.trim(),
    email: cliente.email.trim(),
    phone: cliente.telefone,
    address: {
      line1: `${cliente.rua.trim()}, ${cliente.numero.trim()}`,
      line2: cliente.complemento?.trim() || null,
      city: cliente.cidade.trim(),
      state: cliente.estado.trim().toUpperCase(),
      postal_code: cliente.cep,
      country: "BR",
    },
  };
}

export function CheckoutForm({ plan, billing }: { plan: PlanId; billing: BillingCycle }) {
  const navigate = useNavigate();
  const [paymentConfig, retryConfig] = usePaymentConfig();
  const [stripeCard, setStripeCard] = useState<StripeCardHandle | null>(null);
  const [stripeFailed, setStripeFailed] = useState(false);
  const [alert, setAlert] = useState<FormAlert>(null);

  const mode = paymentConfig.status === "ready" ? paymentConfig.config.mode : null;
  const charges = plan !== "personalizado";
  // The card fields are part of the form only in demo mode; the resolver reads the current need.
  const needsDemoCard = useRef(false);
  needsDemoCard.current = charges && mode === "demo";
  const resolver = useCallback<Resolver<CheckoutFormValues>>(
    (values, context, options) =>
      (needsDemoCard.current
        ? zodResolver(demoCheckoutFormSchema)
        : (zodResolver(checkoutFormSchema) as unknown as Resolver<CheckoutFormValues>))(values, context, options),
    [],
  );
  const form = useForm<CheckoutFormValues>({ resolver, defaultValues: EMPTY_CHECKOUT_FORM });
  const { isSubmitting, errors } = form.formState;

  const providerReady = mode !== null && (!charges || mode === "demo" || stripeCard !== null);
  const onStripeLoadError = useCallback(() => setStripeFailed(true), []);

  const goToAccountCreation = (session: CheckoutSession) => {
    const query = new URLSearchParams({ plan, billing, email: session.email, nome: session.nome });
    navigate(`/create-account?${query}`);
  };

  const onSubmit = form.handleSubmit(async (values) => {
    setAlert(null);
    try {
      let session = await startCheckout({ plan, billing, cliente: values.cliente });
      if (session.status === "pendente" && mode === "stripe") {
        const result = await stripeCard!.confirm(session.client_secret ?? "", stripeBillingDetails(values.cliente));
        if (result.error) return setAlert({ title: PAYMENT_FAILED, detail: result.error });
        session = await confirmCheckout(session.id);
      } else if (session.status === "pendente") {
        session = await confirmCheckout(session.id, values.cartao);
      }
      if (session.status === "pago" || session.status === "sem_cobranca") return goToAccountCreation(session);
      setAlert({
        title: PAYMENT_FAILED,
        detail: "O pagamento ainda está em processamento. Aguarde alguns instantes e tente novamente.",
      });
    } catch (error) {
      if (!(error instanceof ApiError)) return setAlert({ title: UNEXPECTED });
      if (error.status === 402) return setAlert({ title: PAYMENT_FAILED, detail: error.message });
      if (error.status === 409) {
        form.setError("cliente.email", { message: error.message }, { shouldFocus: true });
        return;
      }
      if (error.status === 400 && error.fields.length > 0) {
        for (const field of error.fields) {
          form.setError(field.path as FieldPath<CheckoutFormValues>, { message: field.message });
        }
        return;
      }
      setAlert({ title: UNEXPECTED, detail: error.status === 0 ? error.message : undefined });
    }
  });

  return (
    <form onSubmit={onSubmit} noValidate className="grid gap-8" aria-labelledby="checkout-form-title">
      <h2 id="checkout-form-title" className="sr-only">
        Dados de cobrança e pagamento
      </h2>
      <BillingFields register={form.register} errors={errors} />

      <section aria-labelledby="pagamento-titulo" className="grid gap-4">
        <h3 id="pagamento-titulo" className="font-semibold text-base">
          Pagamento
        </h3>
        {!charges ? (
          <Alert>
            <MessageCircle aria-hidden="true" />
            <AlertTitle>Plano sob consulta: nenhuma cobrança agora</AlertTitle>
            <AlertDescription>
              <p>
                Nosso time comercial entra em contato em até 1 dia útil para montar a proposta. Enquanto isso, você já
                pode criar a sua conta e cadastrar o condomínio.
              </p>
              <a
                href={whatsappUrl(SALES_MESSAGE)}
                target="_blank"
                rel="noopener noreferrer"
                className="font-medium text-foreground underline underline-offset-4"
              >
                Falar com vendas pelo WhatsApp
              </a>
            </AlertDescription>
          </Alert>
        ) : paymentConfig.status === "loading" ? (
          <div className="grid gap-2" aria-busy="true">
            <span className="sr-only">Carregando o formulário de pagamento...</span>
            <Skeleton className="h-16 w-full" />
            <Skeleton className="h-10 w-full" />
          </div>
        ) : paymentConfig.status === "error" || stripeFailed ? (
          <Alert variant="destructive">
            <CircleAlert aria-hidden="true" />
            <AlertTitle>Não foi possível carregar o pagamento</AlertTitle>
            <AlertDescription>
              <p>Verifique sua conexão e tente de novo.</p>
              <Button
                type="button"
                variant="outline"
                size="sm"
                onClick={() => {
                  setStripeFailed(false);
                  retryConfig();
                }}
              >
                Tentar novamente
              </Button>
            </AlertDescription>
          </Alert>
        ) : mode === "demo" ? (
          <DemoCardFields register={form.register} errors={errors} />
        ) : (
          <Suspense fallback={<Skeleton className="h-12 w-full" />}>
            <StripeCardField
              publishableKey={paymentConfig.config.publishable_key ?? ""}
              onReady={setStripeCard}
              onLoadError={onStripeLoadError}
            />
          </Suspense>
        )}
      </section>

      {alert && (
        <Alert variant="destructive">
          <CircleAlert aria-hidden="true" />
          <AlertTitle>{alert.title}</AlertTitle>
          {alert.detail && <AlertDescription>{alert.detail}</AlertDescription>}
        </Alert>
      )}

      <Button
        type="submit"
        size="lg"
        disabled={isSubmitting || !providerReady}
        className="w-full sm:w-auto sm:justify-self-end"
      >
        {isSubmitting ? (
          <>
            <Spinner aria-hidden="true" />
            Processando...
          </>
        ) : charges ? (
          "Confirmar pagamento"
        ) : (
          "Continuar e criar conta"
        )}
      </Button>
    </form>
  );
}
