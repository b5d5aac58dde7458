import { zodResolver } from "@hookform/resolvers/zod";
import { CircleAlert, CircleCheck } from "lucide-react";
import { useEffect, useState } from "react";
import { type FieldPath, useForm } from "react-hook-form";
import { Link, useNavigate, useSearchParams } from "react-router";
import { billingCycleParam, planIdParam } from "@/shared/plan-params";
import { BILLING_LABELS, PLANS } from "@/shared/plans";
import { type CadastroInput, cadastroSchema, PAYMENT_REQUIRED_MESSAGE } from "@/shared/schemas/cadastro";
import { InputField } from "@/web/components/form-field";
import { Alert, AlertDescription, AlertTitle } from "@/web/components/ui/alert";
import { Button } from "@/web/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/web/components/ui/card";
import { LoadingState, Spinner } from "@/web/components/ui/spinner";
import { ApiError } from "@/web/lib/api";
import { authClient } from "@/web/lib/auth-client";
import { useHydrated } from "@/web/lib/use-hydrated";
import { createAccount } from "@/web/site/create-account/create-account-api";
import { type CurrentCheckoutState, useCurrentCheckout } from "@/web/site/create-account/use-current-checkout";
import { SiteFooter, SiteHeader } from "@/web/site/public-page";
import { publicMeta } from "@/web/site/seo";
import type { Route } from "./+types/create-account";

export const meta: Route.MetaFunction = () =>
  publicMeta({
    path: "/create-account",
    title: "Criar conta",
    description: "Defina a senha de acesso à sua conta Guarita.",
  });

const AFTER_SIGN_UP = "/app/dashboard";
/** The redirect after sign-up takes 2000 ms (docs/product.md, "Account creation"). */
const REDIRECT_DELAY_MS = 2000;
const FALLBACK_ERROR = "Erro ao criar conta. Tente novamente.";

/**
 * Account creation (docs/product.md, "Account creation"). The query's email and nome only decide whether the page
 * stays (without them it goes home); what it shows, and the account's data, come from this
 * browser's checkout on the server.
 */
export default function CreateAccountPage() {
  const hydrated = useHydrated();
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const email = params.get("email");
  const nome = params.get("nome");
  const missing = hydrated && (!email || !nome);
  const plan = planIdParam.parse(params.get("plan"));
  const billing = billingCycleParam.parse(params.get("billing"));
  const checkoutHref = `/checkout?plan=${plan}&billing=${billing}`;

  useEffect(() => {
    if (missing) navigate("/", { replace: true });
  }, [missing, navigate]);

  return (
    <div className="flex min-h-svh flex-col">
      <SiteHeader />
      <main className="mx-auto flex w-full max-w-md flex-1 flex-col justify-center px-4 py-10">
        {!hydrated || missing ? (
          // Pre-rendered: the page's heading, while the query (email, nome) is read in the browser.
          <Card>
            <CardHeader>
              <CreateAccountTitle />
              <CardDescription>Defina a senha de acesso ao painel da Guarita.</CardDescription>
            </CardHeader>
            <CardContent>
              <LoadingState />
            </CardContent>
          </Card>
        ) : (
          <CreateAccountCard checkoutHref={checkoutHref} />
        )}
      </main>
      <SiteFooter />
    </div>
  );
}

/** What the page says above the form: only a paid checkout is "Pagamento confirmado". */
const CHECKOUT_READY_DESCRIPTION: Record<ReadyCheckout["status"], string> = {
  pago: "Pagamento confirmado. Falta só definir a senha de acesso ao painel.",
  sem_cobranca:
    "Plano Personalizado, sem cobrança agora: defina a senha de acesso ao painel. Nossa equipe comercial entra em contato com a proposta.",
};

type ReadyCheckout = Extract<CurrentCheckoutState, { status: "ready" }>["checkout"];

function CreateAccountCard({ checkoutHref }: { checkoutHref: string }) {
  const [current, retry] = useCurrentCheckout();
  if (current.status === "ready") return <PasswordForm checkout={current.checkout} checkoutHref={checkoutHref} />;
  return (
    <Card>
      <CardHeader>
        <CreateAccountTitle />
      </CardHeader>
      <CardContent>
        {current.status === "loading" && <LoadingState />}
        {current.status === "unpaid" && (
          <Alert>
            <CircleAlert aria-hidden="true" />
            <AlertDescription>
              <p>{PAYMENT_REQUIRED_MESSAGE}</p>
              <CheckoutLink href={checkoutHref} />
            </AlertDescription>
          </Alert>
        )}
        {current.status === "error" && (
          <Alert variant="destructive">
            <CircleAlert aria-hidden="true" />
            <AlertTitle>Não foi possível verificar o pagamento</AlertTitle>
            <AlertDescription>
              <p>{current.message}</p>
              <Button type="button" variant="outline" size="sm" onClick={retry}>
                Tentar novamente
              </Button>
            </AlertDescription>
          </Alert>
        )}
      </CardContent>
    </Card>
  );
}

function CheckoutLink({ href }: { href: string }) {
  return (
    <Link to={href} className="font-medium text-foreground underline underline-offset-4">
      Ir para o checkout
    </Link>
  );
}

function PasswordForm({ checkout, checkoutHref }: { checkout: ReadyCheckout; checkoutHref: string }) {
  const navigate = useNavigate();
  const session = authClient.useSession();
  const [serverError, setServerError] = useState<{ message: string; needsCheckout: boolean } | null>(null);
  const [created, setCreated] = useState(false);
  const form = useForm<CadastroInput>({
    resolver: zodResolver(cadastroSchema),
    defaultValues: { senha: "", confirmacao: "" },
  });
  const { isSubmitting } = form.formState;

  useEffect(() => {
    if (!created) return;
    const timer = setTimeout(() => navigate(AFTER_SIGN_UP, { replace: true }), REDIRECT_DELAY_MS);
    return () => clearTimeout(timer);
  }, [created, navigate]);

  const onSubmit = form.handleSubmit(async (values) => {
    setServerError(null);
    try {
      await createAccount(values);
    } catch (error) {
      if (error instanceof ApiError && error.status === 400 && error.fields.length > 0) {
        for (const field of error.fields)
          form.setError(field.path as FieldPath<CadastroInput>, { message: field.message });
        return;
      }
      setServerError({
        message: error instanceof Error && error.message ? error.message : FALLBACK_ERROR,
        needsCheckout: error instanceof ApiError && error.status === 402,
      });
      return;
    }
    // The server set the session cookie; load it now so the console opens signed in.
    await session.refetch().catch(() => undefined);
    setCreated(true);
  });

  if (created) {
    return (
      <Card role="status" aria-live="polite">
        <CardHeader className="items-center text-center">
          <CircleCheck aria-hidden="true" className="mx-auto size-12 text-primary" />
          <CardTitle asChild>
            <h1 className="text-xl">Conta criada com sucesso!</h1>
          </CardTitle>
          <CardDescription>Bem-vindo(a) à Guarita, {checkout.nome}. Redirecionando para o painel...</CardDescription>
        </CardHeader>
        <CardContent className="flex justify-center">
          <Spinner aria-hidden="true" />
        </CardContent>
      </Card>
    );
  }

  const planLabel = `${PLANS[checkout.plan].nome} · ${BILLING_LABELS[checkout.billing]}`;
  return (
    <Card>
      <CardHeader>
        <CreateAccountTitle />
        <CardDescription>{CHECKOUT_READY_DESCRIPTION[checkout.status]}</CardDescription>
      </CardHeader>
      <CardContent className="grid gap-6">
        <dl className="grid gap-2 rounded-lg bg-muted p-4 text-sm">
          <div className="flex justify-between gap-4">
            <dt className="text-muted-foreground">Nome</dt>
            <dd className="truncate font-medium">{checkout.nome}</dd>
          </div>
          <div className="flex justify-between gap-4">
            <dt className="text-muted-foreground">E-mail</dt>
            <dd className="truncate font-medium">{checkout.email}</dd>
          </div>
          <div className="flex justify-between gap-4">
            <dt className="text-muted-foreground">Plano</dt>
            <dd className="font-medium">{planLabel}</dd>
          </div>
        </dl>

        <form onSubmit={onSubmit} noValidate className="grid gap-4">
          {/* Lets password managers save the new login under the right e-mail. */}
          <input type="email" name="email" autoComplete="username" value={checkout.email} readOnly hidden />
          <InputField form={form} name="senha" label="Senha" type="password" autoComplete="new-password" required />
          <InputField
            form={form}
            name="confirmacao"
            label="Confirmar senha"
            type="password"
            autoComplete="new-password"
            required
          />

          {serverError && (
            <Alert variant="destructive">
              <CircleAlert aria-hidden="true" />
              <AlertTitle>Não foi possível criar a conta</AlertTitle>
              <AlertDescription>
                <p>{serverError.message}</p>
                {serverError.needsCheckout && <CheckoutLink href={checkoutHref} />}
              </AlertDescription>
            </Alert>
          )}

          <Button type="submit" size="lg" disabled={isSubmitting}>
            {isSubmitting ? (
              <>
                <Spinner aria-hidden="true" />
                Criando conta...
              </>
            ) : (
              "Criar conta"
            )}
          </Button>
        </form>
      </CardContent>
    </Card>
  );
}

/** The page's one heading, the same in every state of the card (loading, no checkout, form). */
function CreateAccountTitle() {
  return (
    <CardTitle asChild>
      <h1 className="text-2xl">Crie sua conta</h1>
    </CardTitle>
  );
}
