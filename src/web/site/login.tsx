import { CircleAlert, Eye, EyeOff } from "lucide-react";
import { type ChangeEvent, type FormEvent, useEffect, useRef, useState } from "react";
import { Link, useNavigate } from "react-router";
import { Brand } from "@/web/components/brand";
import { Alert, AlertDescription } from "@/web/components/ui/alert";
import { Button } from "@/web/components/ui/button";
import { Card, CardContent, CardDescription, CardFooter, CardHeader, CardTitle } from "@/web/components/ui/card";
import { Input } from "@/web/components/ui/input";
import { Label } from "@/web/components/ui/label";
import { LoadingState, Spinner } from "@/web/components/ui/spinner";
import { authClient } from "@/web/lib/auth-client";
import { toast } from "@/web/lib/toast";
import { type SignInErrors, type SignInField, validateSignIn } from "@/web/site/login/sign-in-validation";
import { publicMeta } from "@/web/site/seo";
import type { Route } from "./+types/login";

export const meta: Route.MetaFunction = () =>
  publicMeta({ path: "/login", title: "Entrar", description: "Acesse o sistema Guarita com suas credenciais." });

/** The console's index sends each role to its home (a porteiro to Portaria). */
const AFTER_LOGIN = "/app";
const FALLBACK_ERROR = "Erro ao fazer login";
const FIELDS: readonly SignInField[] = ["email", "password"];

/**
 * The form's state, as react-hook-form kept it before (docs/decisions/026: neither it nor zod
 * downloads with this page): checked on submit with signInSchema's rules, the first field in error
 * focused, and once submitted each field checked again as it changes.
 */
function useSignInForm(onValid: (values: { email: string; password: string }) => Promise<void>) {
  const refs = { email: useRef<HTMLInputElement>(null), password: useRef<HTMLInputElement>(null) };
  const [errors, setErrors] = useState<SignInErrors>({});
  const [isSubmitting, setSubmitting] = useState(false);
  const submitted = useRef(false);
  const values = () => ({ email: refs.email.current?.value ?? "", password: refs.password.current?.value ?? "" });

  const register = (name: SignInField) => ({
    name,
    ref: refs[name],
    onChange: (_event: ChangeEvent<HTMLInputElement>) => {
      if (!submitted.current) return;
      const result = validateSignIn(values());
      const message = result.success ? undefined : result.errors[name];
      setErrors((current) => (current[name] === message ? current : { ...current, [name]: message }));
    },
  });

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    submitted.current = true;
    setSubmitting(true);
    try {
      const result = validateSignIn(values());
      if (!result.success) {
        setErrors(result.errors);
        const first = FIELDS.find((field) => result.errors[field]);
        if (first) refs[first].current?.focus();
        return;
      }
      setErrors({});
      await onValid(result.data);
    } finally {
      setSubmitting(false);
    }
  };

  return { register, errors, isSubmitting, onSubmit };
}

/**
 * Sign-in (docs/product.md, "Sign-in and passwords"). The session check runs only in the browser, so the pre-rendered
 * page (and the first client render) shows the card with the loading spinner; the form replaces it
 * once we know nobody is signed in.
 */
export default function LoginPage() {
  const session = authClient.useSession();
  const navigate = useNavigate();
  const [showPassword, setShowPassword] = useState(false);
  const [serverError, setServerError] = useState<string | null>(null);
  const [redirecting, setRedirecting] = useState(false);

  const form = useSignInForm(async (values) => {
    setServerError(null);
    try {
      const { error } = await authClient.signIn.email({ email: values.email, password: values.password });
      if (error) {
        setServerError(error.message || FALLBACK_ERROR);
        return;
      }
    } catch (error) {
      setServerError(error instanceof Error && error.message ? error.message : FALLBACK_ERROR);
      return;
    }
    setRedirecting(true);
    // Load the new session before leaving, so the console does not see "no user" and bounce back here.
    await session.refetch().catch(() => undefined);
    toast.success("Login realizado com sucesso!", { description: "Redirecionando para o dashboard..." });
    navigate(AFTER_LOGIN, { replace: true });
  });
  const { errors, isSubmitting } = form;
  const busy = isSubmitting || redirecting;
  const alreadySignedIn = !session.isPending && !!session.data?.user;

  useEffect(() => {
    if (alreadySignedIn && !busy) navigate(AFTER_LOGIN, { replace: true });
  }, [alreadySignedIn, busy, navigate]);

  const checkingSession = (session.isPending || alreadySignedIn) && !busy;

  return (
    <main className="flex min-h-svh flex-col items-center justify-center gap-6 bg-muted px-4 py-10">
      <Link to="/" className="rounded-md outline-none focus-visible:ring-[3px] focus-visible:ring-ring/60">
        <Brand showTagline />
      </Link>
      <Card className="w-full max-w-sm">
        <CardHeader className="text-center">
          <CardTitle asChild>
            <h1 className="text-xl">Entrar na sua conta</h1>
          </CardTitle>
          <CardDescription>Acesse o sistema com suas credenciais</CardDescription>
        </CardHeader>
        <CardContent>
          {checkingSession ? (
            <LoadingState message="Carregando Guarita..." className="py-10" />
          ) : (
            <form onSubmit={(event) => void form.onSubmit(event)} className="grid gap-4" aria-busy={busy}>
              <div className="grid gap-2">
                <Label htmlFor="email">E-mail</Label>
                <Input
                  id="email"
                  type="email"
                  inputMode="email"
                  autoComplete="email"
                  placeholder="seu@email.com"
                  required
                  disabled={busy}
                  aria-invalid={errors.email ? true : undefined}
                  aria-describedby={errors.email ? "email-error" : undefined}
                  {...form.register("email")}
                />
                {errors.email && (
                  <p id="email-error" className="text-destructive text-sm">
                    {errors.email}
                  </p>
                )}
              </div>
              <div className="grid gap-2">
                <div className="flex items-center justify-between gap-2">
                  <Label htmlFor="password">Senha</Label>
                  <Link
                    to="/esqueci-a-senha"
                    className="rounded-sm text-muted-foreground text-sm underline-offset-4 outline-none hover:text-foreground hover:underline focus-visible:ring-[3px] focus-visible:ring-ring/60"
                  >
                    Esqueceu a senha?
                  </Link>
                </div>
                <div className="relative">
                  <Input
                    id="password"
                    type={showPassword ? "text" : "password"}
                    autoComplete="current-password"
                    placeholder="Digite sua senha"
                    required
                    disabled={busy}
                    className="pr-11"
                    aria-invalid={errors.password ? true : undefined}
                    aria-describedby={errors.password ? "password-error" : undefined}
                    {...form.register("password")}
                  />
                  <Button
                    type="button"
                    variant="ghost"
                    size="icon-sm"
                    className="absolute top-1/2 right-0.5 -translate-y-1/2 text-muted-foreground hover:bg-transparent"
                    aria-label={showPassword ? "Ocultar senha" : "Mostrar senha"}
                    aria-controls="password"
                    disabled={busy}
                    onClick={() => setShowPassword((value) => !value)}
                  >
                    {showPassword ? <EyeOff aria-hidden="true" /> : <Eye aria-hidden="true" />}
                  </Button>
                </div>
                {errors.password && (
                  <p id="password-error" className="text-destructive text-sm">
                    {errors.password}
                  </p>
                )}
              </div>
              {serverError && (
                <Alert variant="destructive">
                  <CircleAlert aria-hidden="true" />
                  <AlertDescription>{serverError}</AlertDescription>
                </Alert>
              )}
              <Button type="submit" className="w-full" disabled={busy}>
                {busy ? (
                  <>
                    <Spinner />
                    Entrando...
                  </>
                ) : (
                  "Entrar"
                )}
              </Button>
            </form>
          )}
        </CardContent>
        <CardFooter className="justify-center">
          <p className="text-center text-muted-foreground text-sm">
            Sistema seguro e confiável para gestão de portaria
          </p>
        </CardFooter>
      </Card>
    </main>
  );
}
