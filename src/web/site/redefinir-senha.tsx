import { zodResolver } from "@hookform/resolvers/zod";
import { CircleAlert, Eye, EyeOff } from "lucide-react";
import { useState } from "react";
import { type FieldPath, type UseFormReturn, useForm } from "react-hook-form";
import { Link, useSearchParams } from "react-router";
import { type ResetPasswordFormInput, resetPasswordFormSchema } from "@/shared/schemas/reset-password";
import { Alert, AlertDescription, AlertTitle } from "@/web/components/ui/alert";
import { Button } from "@/web/components/ui/button";
import { Input } from "@/web/components/ui/input";
import { Label } from "@/web/components/ui/label";
import { LoadingState, Spinner } from "@/web/components/ui/spinner";
import { ApiError, apiFetch, errorMessage } from "@/web/lib/api";
import { useHydrated } from "@/web/lib/use-hydrated";
import { AccountCard } from "@/web/site/account-card";
import { publicMeta } from "@/web/site/seo";
import type { Route } from "./+types/redefinir-senha";

export const meta: Route.MetaFunction = () =>
  publicMeta({
    path: "/redefinir-senha",
    title: "Redefinir senha",
    description: "Crie uma nova senha de acesso ao Guarita pelo link recebido por e-mail.",
    noindex: true,
  });

const TITLE = "Redefinir senha";
/** The server's field names → this form's. */
const FIELD_OF: Record<string, FieldPath<ResetPasswordFormInput>> = { newPassword: "senha" };

/**
 * The e-mailed reset link arrives here through better-auth (GET /api/auth/reset-password/:token),
 * which checked the token and added it as `?token=`, or `?error=INVALID_TOKEN` when it is unknown,
 * expired or used. The query is read after hydration (the pre-rendered page shows the loading
 * state), so an invalid link is said at once, before anyone types a new password.
 */
export default function RedefinirSenhaPage() {
  const hydrated = useHydrated();
  const [params, setParams] = useSearchParams();
  const token = params.get("token");
  const [outcome, setOutcome] = useState<"form" | "done" | "link-dead">("form");

  if (outcome === "done") {
    return (
      <AccountCard
        success
        title="Senha redefinida"
        description="Sua nova senha já vale. Por segurança, encerramos as sessões abertas em todos os aparelhos."
        footer={
          <Button asChild className="w-full">
            <Link to="/login">Ir para o login</Link>
          </Button>
        }
      />
    );
  }
  if (!hydrated) {
    return (
      <AccountCard title={TITLE}>
        <LoadingState message="Verificando o link..." />
      </AccountCard>
    );
  }
  if (!token || params.has("error") || outcome === "link-dead") return <InvalidLink />;

  return (
    <AccountCard title={TITLE} description="Escolha uma nova senha para a sua conta.">
      <NewPasswordForm
        token={token}
        onDone={() => {
          setOutcome("done");
          // The used token leaves the address bar and the history entry.
          setParams({}, { replace: true });
        }}
        onLinkDead={() => setOutcome("link-dead")}
      />
    </AccountCard>
  );
}

function InvalidLink() {
  return (
    <AccountCard
      title={TITLE}
      footer={
        <>
          <Button asChild className="w-full">
            <Link to="/esqueci-a-senha">Pedir um novo link</Link>
          </Button>
          <Button asChild variant="ghost" className="w-full">
            <Link to="/login">Voltar para o login</Link>
          </Button>
        </>
      }
    >
      <Alert variant="destructive">
        <CircleAlert aria-hidden="true" />
        <AlertTitle>Este link não vale mais</AlertTitle>
        <AlertDescription>
          O link de redefinição de senha é inválido, expirou ou já foi usado. Cada link vale por 1 hora e uma única vez:
          peça um novo para continuar.
        </AlertDescription>
      </Alert>
    </AccountCard>
  );
}

function NewPasswordForm({ token, onDone, onLinkDead }: { token: string; onDone: () => void; onLinkDead: () => void }) {
  const [serverError, setServerError] = useState<string | null>(null);
  const form = useForm<ResetPasswordFormInput>({
    resolver: zodResolver(resetPasswordFormSchema),
    defaultValues: { senha: "", confirmacao: "" },
  });
  const { isSubmitting } = form.formState;

  const onSubmit = form.handleSubmit(async (values) => {
    setServerError(null);
    try {
      await apiFetch("/api/auth/reset-password", { method: "POST", json: { token, newPassword: values.senha } });
    } catch (error) {
      if (error instanceof ApiError && error.code === "INVALID_TOKEN") {
        onLinkDead();
        return;
      }
      const fields = error instanceof ApiError ? error.fields.filter((f) => FIELD_OF[f.path]) : [];
      if (fields.length > 0) {
        for (const field of fields) form.setError(FIELD_OF[field.path]!, { message: field.message });
        return;
      }
      setServerError(errorMessage(error));
      return;
    }
    onDone();
  });

  return (
    <form onSubmit={onSubmit} noValidate className="grid gap-4" aria-busy={isSubmitting}>
      <PasswordField
        form={form}
        name="senha"
        label="Nova senha"
        hint="Pelo menos 6 caracteres. Evite senhas comuns, como 123456."
      />
      <PasswordField form={form} name="confirmacao" label="Confirmar nova senha" />
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
            Salvando...
          </>
        ) : (
          "Salvar nova senha"
        )}
      </Button>
    </form>
  );
}

/** A new-password input with its own show/hide toggle, label, hint and inline error. */
function PasswordField({
  form,
  name,
  label,
  hint,
}: {
  form: UseFormReturn<ResetPasswordFormInput>;
  name: FieldPath<ResetPasswordFormInput>;
  label: string;
  hint?: string;
}) {
  const [visible, setVisible] = useState(false);
  const error = form.formState.errors[name]?.message;
  const disabled = form.formState.isSubmitting;
  const hintId = hint ? `${name}-hint` : undefined;
  const errorId = error ? `${name}-error` : undefined;
  const describedBy = [errorId, hintId].filter(Boolean).join(" ") || undefined;
  return (
    <div className="grid gap-2">
      <Label htmlFor={name}>{label}</Label>
      <div className="relative">
        <Input
          id={name}
          type={visible ? "text" : "password"}
          autoComplete="new-password"
          required
          aria-required
          disabled={disabled}
          className="pr-11"
          aria-invalid={error ? true : undefined}
          aria-describedby={describedBy}
          {...form.register(name)}
        />
        <Button
          type="button"
          variant="ghost"
          size="icon-sm"
          className="absolute top-1/2 right-0.5 -translate-y-1/2 text-muted-foreground hover:bg-transparent"
          aria-label={visible ? `Ocultar ${label.toLowerCase()}` : `Mostrar ${label.toLowerCase()}`}
          aria-controls={name}
          disabled={disabled}
          onClick={() => setVisible((value) => !value)}
        >
          {visible ? <EyeOff aria-hidden="true" /> : <Eye aria-hidden="true" />}
        </Button>
      </div>
      {hint && (
        <p id={hintId} className="text-muted-foreground text-xs">
          {hint}
        </p>
      )}
      {error && (
        <p id={errorId} className="text-destructive text-sm">
          {error}
        </p>
      )}
    </div>
  );
}
