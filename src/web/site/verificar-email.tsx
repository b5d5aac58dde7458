import { CircleAlert, MailCheck } from "lucide-react";
import { useState } from "react";
import { Link, useSearchParams } from "react-router";
import { EMAIL_VERIFICATION_ERRORS, INVALID_LINK_MESSAGE } from "@/shared/schemas/auth";
import { Alert, AlertDescription, AlertTitle } from "@/web/components/ui/alert";
import { Button } from "@/web/components/ui/button";
import { LoadingState, Spinner } from "@/web/components/ui/spinner";
import { apiFetch, errorMessage } from "@/web/lib/api";
import { authClient } from "@/web/lib/auth-client";
import { useHydrated } from "@/web/lib/use-hydrated";
import { AccountCard } from "@/web/site/account-card";
import { publicMeta } from "@/web/site/seo";
import type { Route } from "./+types/verificar-email";

export const meta: Route.MetaFunction = () =>
  publicMeta({
    path: "/verificar-email",
    title: "Confirmar e-mail",
    description: "Confirmação do endereço de e-mail da sua conta Guarita.",
    noindex: true,
  });

const TITLE = "Confirmação de e-mail";
const CONSOLE = "/app/dashboard";

/**
 * Where the e-mailed confirmation link lands, through better-auth's GET /api/auth/verify-email:
 * `?confirmado=1` when the address was confirmed, plus `&error=CODE` when it was not (expired,
 * invalid, another account's link). Opened any other way, the page explains what to do. A new
 * confirmation e-mail can be asked for here by the signed-in owner of the account.
 */
export default function VerificarEmailPage() {
  const hydrated = useHydrated();
  const [params] = useSearchParams();
  const error = params.get("error");

  if (!hydrated) {
    return (
      <AccountCard title={TITLE}>
        <LoadingState />
      </AccountCard>
    );
  }
  if (error) {
    return (
      <AccountCard title={TITLE}>
        <Alert variant="destructive">
          <CircleAlert aria-hidden="true" />
          <AlertTitle>E-mail não confirmado</AlertTitle>
          <AlertDescription>{EMAIL_VERIFICATION_ERRORS[error] ?? INVALID_LINK_MESSAGE}</AlertDescription>
        </Alert>
        <ResendConfirmation />
      </AccountCard>
    );
  }
  if (params.has("confirmado")) {
    return (
      <AccountCard
        success
        title="E-mail confirmado"
        description="Obrigado! O endereço de e-mail da sua conta está confirmado."
        footer={
          <Button asChild className="w-full">
            <Link to={CONSOLE}>Ir para o painel</Link>
          </Button>
        }
      />
    );
  }
  return (
    <AccountCard
      title={TITLE}
      description="Para confirmar seu e-mail, abra o link que enviamos para a sua caixa de entrada."
    >
      <ResendConfirmation />
    </AccountCard>
  );
}

/**
 * A new link, for the signed-in owner only (the server refuses anyone else). Signed out, the page
 * sends the visitor to sign in first; already confirmed, it says so.
 */
function ResendConfirmation() {
  const session = authClient.useSession();
  const [state, setState] = useState<{ status: "idle" | "sending" | "sent" } | { status: "error"; message: string }>({
    status: "idle",
  });
  const user = session.data?.user;

  if (session.isPending) return <LoadingState message="Carregando sua conta..." className="p-2" />;
  if (!user) {
    return (
      <div className="grid gap-3 text-center">
        <p className="text-muted-foreground text-sm">Entre na sua conta para pedir um novo e-mail de confirmação.</p>
        <Button asChild className="w-full">
          <Link to="/login">Entrar</Link>
        </Button>
      </div>
    );
  }
  if (user.emailVerified) {
    return (
      <div className="grid gap-3 text-center">
        <p className="text-muted-foreground text-sm">O e-mail da sua conta ({user.email}) já está confirmado.</p>
        <Button asChild className="w-full">
          <Link to={CONSOLE}>Ir para o painel</Link>
        </Button>
      </div>
    );
  }
  if (state.status === "sent") {
    return (
      <p role="status" className="flex gap-2 text-sm">
        <MailCheck aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-primary" />
        <span>
          Enviamos um novo link para <strong className="break-all">{user.email}</strong>. Ele vale por 1 dia.
        </span>
      </p>
    );
  }

  const send = async () => {
    setState({ status: "sending" });
    try {
      await apiFetch("/api/auth/send-verification-email", { method: "POST", json: { email: user.email } });
      setState({ status: "sent" });
    } catch (error) {
      setState({ status: "error", message: errorMessage(error) });
    }
  };
  return (
    <div className="grid gap-3">
      {state.status === "error" && (
        <Alert variant="destructive">
          <CircleAlert aria-hidden="true" />
          <AlertDescription>{state.message}</AlertDescription>
        </Alert>
      )}
      <Button type="button" className="w-full" disabled={state.status === "sending"} onClick={send}>
        {state.status === "sending" ? (
          <>
            <Spinner />
            Enviando...
          </>
        ) : (
          "Reenviar e-mail de confirmação"
        )}
      </Button>
    </div>
  );
}
