import { ThemeProvider } from "next-themes";
import * as React from "react";
import { isRouteErrorResponse, Links, Meta, Outlet, Scripts, ScrollRestoration, useLocation } from "react-router";
import { isStaticPublicPath } from "@/shared/public-routes";
import { Button } from "@/web/components/ui/button";
import { LoadingState } from "@/web/components/ui/spinner";
import { onFirstToast } from "@/web/lib/toast";
import { disableZodJit } from "@/web/lib/zod-jitless";
import type { Route } from "./+types/root";
import "./app.css";

// No `new Function` in zod (our CSP forbids eval; lib/zod-jitless.ts). The root module runs before
// any route module, so this is set before the first schema parses.
disableZodJit();

export const meta: Route.MetaFunction = () => [
  { title: "Guarita — Sistema de Portaria Inteligente" },
  { name: "description", content: "Portaria remota para condomínios com atendimento por IA 24 horas." },
];

// Sonner and its Toaster load with the first toast (lib/toast.ts), not with any page; a toast raised
// before the Toaster mounts is shown when it does.
const Toaster = React.lazy(() => import("@/web/components/ui/sonner").then((m) => ({ default: m.Toaster })));

function DeferredToaster() {
  const [mounted, setMounted] = React.useState(false);
  React.useEffect(() => onFirstToast(() => setMounted(true)), []);
  if (!mounted) return null;
  return (
    <React.Suspense fallback={null}>
      <Toaster />
    </React.Suspense>
  );
}

/**
 * Marks the document as hydrated (`<html data-hydrated>`) and tells the loader of the pre-rendered
 * pages (scripts/defer-hydration.mjs), which then replays a click that came before React did.
 * Tests wait for the attribute before using a widget.
 */
function useHydratedMarker() {
  React.useEffect(() => {
    document.documentElement.setAttribute("data-hydrated", "");
    window.dispatchEvent(new Event("guarita:hydrated"));
  }, []);
}

/**
 * The HTML document around every page, the loading fallback and the error screen. It holds only
 * what the public pages need (theme and toasts): the console's providers (query cache, tooltips)
 * live in console/layout.tsx, so the pre-rendered pages never load the console's code.
 */
export function Layout({ children }: { children: React.ReactNode }) {
  useHydratedMarker();
  // Content-only pages ship without React: `data-static-page` tells the build to strip their
  // hydration scripts (scripts/static-pages.mjs, docs/decisions/013).
  const staticPage = isStaticPublicPath(useLocation().pathname);
  return (
    // next-themes sets the theme class on <html> before hydration; the attribute difference is expected.
    <html lang="pt-BR" suppressHydrationWarning data-static-page={staticPage ? "" : undefined}>
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <meta name="color-scheme" content="light dark" />
        <Meta />
        <Links />
      </head>
      <body>
        <ThemeProvider
          attribute="class"
          storageKey="theme"
          defaultTheme="system"
          enableSystem
          disableTransitionOnChange
        >
          {children}
          <DeferredToaster />
        </ThemeProvider>
        <ScrollRestoration />
        <Scripts />
      </body>
    </html>
  );
}

export default function App() {
  return <Outlet />;
}

/** Shown while the client app loads on pages that are not pre-rendered (the console). */
export function HydrateFallback() {
  return <LoadingState fullScreen message="Carregando Guarita..." />;
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  let title = "Algo deu errado";
  let message = "Ocorreu um erro inesperado. Tente recarregar a página.";
  let details: string | undefined;

  if (isRouteErrorResponse(error)) {
    if (error.status === 404) {
      title = "Página não encontrada";
      message = "A página que você procura não existe ou foi movida.";
    } else {
      title = `Erro ${error.status}`;
      message = error.statusText || message;
    }
  } else if (import.meta.env.DEV && error instanceof Error) {
    details = error.stack;
  }

  return (
    <main className="flex min-h-svh flex-col items-center justify-center gap-4 px-4 py-10 text-center">
      <h1 className="font-bold text-3xl tracking-tight">{title}</h1>
      <p className="max-w-md text-muted-foreground">{message}</p>
      <div className="flex flex-wrap justify-center gap-2">
        <Button onClick={() => window.location.reload()}>Recarregar página</Button>
        <Button asChild variant="outline">
          <a href="/">Voltar para o início</a>
        </Button>
      </div>
      {details && (
        <pre className="mt-4 max-h-80 w-full max-w-3xl overflow-auto rounded-md bg-muted p-4 text-left text-xs">
          <code>{details}</code>
        </pre>
      )}
    </main>
  );
}
