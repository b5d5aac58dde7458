import { zodResolver } from "@hookform/resolvers/zod";
import { CircleAlert, CircleCheck, MailX } from "lucide-react";
import { useCallback, useEffect, useState } from "react";
import { type FieldPath, useForm } from "react-hook-form";
import { Link, useNavigate, useSearchParams } from "react-router";
import { ROLE_LABELS } from "@/shared/permissions";
import { type ConviteNovaContaForm, conviteNovaContaFormSchema } from "@/shared/schemas/convite-aceite";
import { type ConviteAberto, conviteAbertoSchema } from "@/shared/schemas/equipe";
import { Brand } from "@/web/components/brand";
import { InputField } from "@/web/components/form-field";
import { Alert, AlertDescription, AlertTitle } from "@/web/components/ui/alert";
import { Button } from "@/web/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/web/components/ui/card";
import { Input } from "@/web/components/ui/input";
import { Label } from "@/web/components/ui/label";
import { LoadingState, Spinner } from "@/web/components/ui/spinner";
import { ApiError, apiFetch, errorMessage } from "@/web/lib/api";
import { authClient } from "@/web/lib/auth-client";
import { useHydrated } from "@/web/lib/use-hydrated";
import { publicMeta } from "@/web/site/seo";
import type { Route } from "./+types/convite";

export const meta: Route.MetaFunction = () =>
  publicMeta({
    path: "/convite",
    title: "Convite para a equipe",
    description: "Aceite o convite para a equipe de uma administradora no Guarita.",
  });

/** The console's index sends each role to its home (a porteiro to Portaria). */
const AFTER_ACCEPT = "/app";

type Load =
  | { state: "loading" }
  | { state: "invalid"; message: string }
  | { state: "error"; message: string }
  | { state: "ready"; convite: ConviteAberto };

/**
 * The invitation link's page (/convite?token=…). Pre-rendered as a loading card; in the browser it
 * reads the token, asks the server what the invitation is, and then either creates the login (name
 * and password) or, when the e-mail already has an account, asks that account's password and joins.
 * The token stays in the query string only: it is sent to our API and nowhere else.
 */
export default function ConvitePage() {
  const hydrated = useHydrated();
  const [params] = useSearchParams();
  const token = params.get("token") ?? "";
  const [load, setLoad] = useState<Load>({ state: "loading" });

  // Public pages have no TanStack Query client (the console's lives in its layout): a plain fetch.
  const fetchInvitation = useCallback(
    (signal?: AbortSignal) => {
      if (!token) {
        setLoad({ state: "invalid", message: "O link do convite está incompleto. Abra-o de novo pelo e-mail." });
        return;
      }
      setLoad({ state: "loading" });
      apiFetch<unknown>(`/api/convites/${encodeURIComponent(token)}`, { signal })
        .then((body) => setLoad({ state: "ready", convite: conviteAbertoSchema.parse(body) }))
        .catch((error: unknown) => {
          if (signal?.aborted) return;
          // A 4xx is the answer (used, revoked, expired); anything else may pass with another try.
          if (error instanceof ApiError && error.status < 500 && error.status !== 429)
            setLoad({ state: "invalid", message: error.message });
          else setLoad({ state: "error", message: errorMessage(error) });
        });
    },
    [token],
  );

  useEffect(() => {
    if (!hydrated) return;
    const controller = new AbortController();
    fetchInvitation(controller.signal);
    return () => controller.abort();
  }, [hydrated, fetchInvitation]);

  return (
    <main className="flex min-h-svh flex-col items-center justify-center gap-6 bg-muted px-4 py-10">
      <Link to="/" className="rounded-md outline-none focus-visible:ring-[3px] focus-visible:ring-ring/60">
        <Brand showTagline />
      </Link>
      <Card className="w-full max-w-md">
        {load.state === "loading" && (
          <>
            <Heading description="Verificando o seu convite." />
            <CardContent>
              <LoadingState message="Carregando convite..." className="py-8" />
            </CardContent>
          </>
        )}
        {load.state === "invalid" && (
          <>
            <Heading description="Não foi possível abrir este convite." />
            <CardContent className="grid gap-4">
              <Alert variant="destructive">
                <MailX aria-hidden="true" />
                <AlertTitle>Convite indisponível</AlertTitle>
                <AlertDescription>{load.message}</AlertDescription>
              </Alert>
              <Button asChild variant="outline">
                <Link to="/login">Ir para o login</Link>
              </Button>
            </CardContent>
          </>
        )}
        {load.state === "error" && (
          <>
            <Heading description="Não foi possível abrir este convite." />
            <CardContent className="grid gap-4">
              <Alert variant="destructive">
                <CircleAlert aria-hidden="true" />
                <AlertDescription>{load.message}</AlertDescription>
              </Alert>
              <Button onClick={() => fetchInvitation()}>Tentar novamente</Button>
            </CardContent>
          </>
        )}
        {load.state === "ready" && <Invitation token={token} convite={load.convite} />}
      </Card>
    </main>
  );
}

function Heading({ description }: { description: string }) {
  return (
    <CardHeader className="text-center">
      <CardTitle asChild>
        <h1 className="text-xl">Convite para a equipe</h1>
      </CardTitle>
      <CardDescription>{description}</CardDescription>
    </CardHeader>
  );
}

function Invitation({ token, convite }: { token: string; convite: ConviteAberto }) {
  const navigate = useNavigate();
  const session = authClient.useSession();
  const [accepted, setAccepted] = useState(false);

  const accept = async (body: { nome?: string; senha?: string }) => {
    await apiFetch(`/api/convites/${encodeURIComponent(token)}/aceitar`, { method: "POST", json: body });
    // The server opened (or moved) the session; load it before the console asks who is signed in.
    await session.refetch().catch(() => undefined);
    setAccepted(true);
    navigate(AFTER_ACCEPT, { replace: true });
  };

  const papel = ROLE_LABELS[convite.papel];
  const description = `${convite.convidado_por ?? "A administradora"} convidou você para a equipe de ${convite.organizacao} como ${papel}.`;

  if (accepted) {
    return (
      <>
        <Heading description={description} />
        <CardContent role="status" aria-live="polite" className="grid justify-items-center gap-3 py-6 text-center">
          <CircleCheck aria-hidden="true" className="size-10 text-primary" />
          <p className="font-medium">Convite aceito. Abrindo o painel...</p>
        </CardContent>
      </>
    );
  }

  return (
    <>
      <Heading description={description} />
      <CardContent className="grid gap-6">
        <dl className="grid gap-2 rounded-lg bg-muted p-4 text-sm">
          <div className="flex justify-between gap-4">
            <dt className="shrink-0 text-muted-foreground">Administradora</dt>
            <dd className="min-w-0 break-words text-right font-medium">{convite.organizacao}</dd>
          </div>
          <div className="flex justify-between gap-4">
            <dt className="shrink-0 text-muted-foreground">Papel</dt>
            <dd className="min-w-0 text-right font-medium">{papel}</dd>
          </div>
          <div className="flex justify-between gap-4">
            <dt className="shrink-0 text-muted-foreground">E-mail</dt>
            <dd className="min-w-0 break-all text-right font-medium">{convite.email}</dd>
          </div>
        </dl>
        {convite.conta_existente ? (
          <ExistingAccount convite={convite} accept={accept} />
        ) : (
          <NewAccount email={convite.email} accept={accept} />
        )}
      </CardContent>
    </>
  );
}

type Accept = (body: { nome?: string; senha?: string }) => Promise<void>;

function NewAccount({ email, accept }: { email: string; accept: Accept }) {
  const [serverError, setServerError] = useState<string | null>(null);
  const form = useForm<ConviteNovaContaForm>({
    resolver: zodResolver(conviteNovaContaFormSchema),
    defaultValues: { nome: "", senha: "", confirmacao: "" },
  });
  const { isSubmitting } = form.formState;

  const onSubmit = form.handleSubmit(async ({ nome, senha }) => {
    setServerError(null);
    try {
      await accept({ nome, senha });
    } catch (error) {
      if (error instanceof ApiError && error.status === 400 && error.fields.length > 0) {
        for (const field of error.fields)
          form.setError(field.path as FieldPath<ConviteNovaContaForm>, { message: field.message });
        return;
      }
      setServerError(errorMessage(error));
    }
  });

  return (
    <form onSubmit={onSubmit} noValidate className="grid gap-4" aria-busy={isSubmitting}>
      <p className="text-muted-foreground text-sm">Para aceitar, informe seu nome e crie uma senha de acesso.</p>
      {/* Lets password managers save the new login under the invited e-mail. */}
      <input type="email" name="email" autoComplete="username" value={email} readOnly hidden />
      <InputField form={form} name="nome" label="Seu nome" autoComplete="name" required />
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
          <AlertTitle>Não foi possível aceitar o convite</AlertTitle>
          <AlertDescription>{serverError}</AlertDescription>
        </Alert>
      )}
      <Button type="submit" size="lg" disabled={isSubmitting}>
        {isSubmitting ? (
          <>
            <Spinner aria-hidden="true" />
            Aceitando...
          </>
        ) : (
          "Aceitar convite e entrar"
        )}
      </Button>
    </form>
  );
}

/**
 * The invited e-mail already has a login: accepting needs that login's session. The page signs in
 * with the account's own password (better-auth, with its throttling) and then accepts.
 */
function ExistingAccount({ convite, accept }: { convite: ConviteAberto; accept: Accept }) {
  const session = authClient.useSession();
  const [password, setPassword] = useState("");
  const [busy, setBusy] = useState(false);
  const [serverError, setServerError] = useState<string | null>(null);
  const signedInAsInvited = session.data?.user.email.toLowerCase() === convite.email;

  const run = async (signInFirst: boolean) => {
    setBusy(true);
    setServerError(null);
    try {
      if (signInFirst) {
        const { error } = await authClient.signIn.email({ email: convite.email, password });
        if (error) throw new Error(error.message || "E-mail ou senha incorretos.");
      }
      await accept({});
    } catch (error) {
      setServerError(errorMessage(error));
      setBusy(false);
    }
  };

  if (session.isPending) return <LoadingState message="Verificando sua sessão..." className="py-4" />;

  return (
    <div className="grid gap-4">
      {signedInAsInvited ? (
        <p className="text-sm">
          Você está conectado como <strong className="break-all">{convite.email}</strong>.
        </p>
      ) : (
        <form
          className="grid gap-4"
          noValidate
          onSubmit={(event) => {
            event.preventDefault();
            void run(true);
          }}
        >
          <p className="text-muted-foreground text-sm">
            Já existe uma conta Guarita com este e-mail. Entre com a senha dela para aceitar o convite.
          </p>
          <input type="email" name="email" autoComplete="username" value={convite.email} readOnly hidden />
          <div className="grid gap-2">
            <Label htmlFor="senha-existente">Senha da sua conta</Label>
            <Input
              id="senha-existente"
              type="password"
              autoComplete="current-password"
              required
              value={password}
              onChange={(event) => setPassword(event.target.value)}
              disabled={busy}
            />
          </div>
          <Button type="submit" size="lg" disabled={busy || password.length === 0}>
            {busy ? <Spinner aria-hidden="true" /> : null}
            Entrar e aceitar o convite
          </Button>
        </form>
      )}
      {signedInAsInvited && (
        <Button size="lg" disabled={busy} onClick={() => void run(false)}>
          {busy ? <Spinner aria-hidden="true" /> : null}
          Aceitar convite
        </Button>
      )}
      {serverError && (
        <Alert variant="destructive">
          <CircleAlert aria-hidden="true" />
          <AlertDescription>{serverError}</AlertDescription>
        </Alert>
      )}
    </div>
  );
}
