import { zodResolver } from "@hookform/resolvers/zod";
import { CircleAlert, MailCheck } from "lucide-react";
import { useState } from "react";
import { useForm } from "react-hook-form";
import { Link } from "react-router";
import {
  type ForgotPasswordInput,
  forgotPasswordSchema,
  PASSWORD_RESET_REQUESTED_MESSAGE,
} from "@/shared/schemas/auth";
import { Alert, AlertDescription } from "@/web/components/ui/alert";
import { Button } from "@/web/components/ui/button";
import { Input } from "@/web/components/ui/input";
import { Label } from "@/web/components/ui/label";
import { Spinner } from "@/web/components/ui/spinner";
import { apiFetch, errorMessage } from "@/web/lib/api";
import { AccountCard } from "@/web/site/account-card";
import { publicMeta } from "@/web/site/seo";
import type { Route } from "./+types/esqueci-a-senha";

export const meta: Route.MetaFunction = () =>
  publicMeta({
    path: "/esqueci-a-senha",
    title: "Esqueceu a senha?",
    description: "Peça um link por e-mail para criar uma nova senha de acesso ao Guarita.",
    noindex: true,
  });

/**
 * "Esqueceu a senha?" (from /login). The server answers the same whether or not the address has an
 * account, so the page does too: after sending, it always says that a link is on its way if there
 * is an account. Only what does not depend on the account shows as an error (a malformed address,
 * too many requests from this network, no connection).
 */
export default function EsqueciASenhaPage() {
  const [sent, setSent] = useState(false);
  const [serverError, setServerError] = useState<string | null>(null);
  const form = useForm<ForgotPasswordInput>({
    resolver: zodResolver(forgotPasswordSchema),
    defaultValues: { email: "" },
  });
  const { errors, isSubmitting } = form.formState;

  const onSubmit = form.handleSubmit(async (values) => {
    setServerError(null);
    try {
      await apiFetch("/api/auth/request-password-reset", { method: "POST", json: { email: values.email } });
    } catch (error) {
      setServerError(errorMessage(error));
      return;
    }
    setSent(true);
  });

  if (sent) {
    return (
      <AccountCard
        success
        title="Verifique seu e-mail"
        description={PASSWORD_RESET_REQUESTED_MESSAGE}
        footer={
          <>
            <Button asChild className="w-full">
              <Link to="/login">Voltar para o login</Link>
            </Button>
            <Button
              type="button"
              variant="ghost"
              className="w-full"
              onClick={() => {
                form.reset();
                setSent(false);
              }}
            >
              Usar outro e-mail
            </Button>
          </>
        }
      >
        <p className="flex gap-2 text-muted-foreground text-sm">
          <MailCheck aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
          <span>
            O link vale por 1 hora e só pode ser usado uma vez. Se não encontrar a mensagem, veja a caixa de spam.
          </span>
        </p>
      </AccountCard>
    );
  }

  return (
    <AccountCard
      title="Esqueceu a senha?"
      description="Informe o e-mail da sua conta. Enviaremos um link para você criar uma nova senha."
      footer={
        <Link
          to="/login"
          className="rounded-sm text-muted-foreground text-sm underline-offset-4 outline-none hover:text-foreground hover:underline focus-visible:ring-[3px] focus-visible:ring-ring/60"
        >
          Lembrou a senha? Entrar
        </Link>
      }
    >
      <form onSubmit={onSubmit} className="grid gap-4" aria-busy={isSubmitting}>
        <div className="grid gap-2">
          <Label htmlFor="email">E-mail</Label>
          <Input
            id="email"
            type="email"
            inputMode="email"
            autoComplete="email"
            placeholder="seu@email.com"
            required
            disabled={isSubmitting}
            aria-invalid={errors.email ? true : undefined}
            aria-describedby={errors.email ? "email-error" : undefined}
            {...form.register("email")}
          />
          {errors.email && (
            <p id="email-error" className="text-destructive text-sm">
              {errors.email.message}
            </p>
          )}
        </div>
        {serverError && (
          <Alert variant="destructive">
            <CircleAlert aria-hidden="true" />
            <AlertDescription>{serverError}</AlertDescription>
          </Alert>
        )}
        <Button type="submit" className="w-full" disabled={isSubmitting}>
          {isSubmitting ? (
            <>
              <Spinner />
              Enviando...
            </>
          ) : (
            "Enviar link"
          )}
        </Button>
      </form>
    </AccountCard>
  );
}
