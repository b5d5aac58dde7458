import { useEffect } from "react";
import { useLocation } from "react-router";
import { Button } from "@/web/components/ui/button";
import type { Route } from "./+types/not-found";

export const meta: Route.MetaFunction = () => [{ title: "Página não encontrada | Guarita" }];

/** Any unknown path (docs/product.md, "Not-found page"). The missing path is logged as a warning. */
export default function NotFoundPage() {
  const { pathname } = useLocation();

  useEffect(() => {
    console.warn("404: rota inexistente acessada:", pathname);
  }, [pathname]);

  return (
    <main className="flex min-h-svh flex-col items-center justify-center gap-4 bg-muted px-4 text-center">
      <p className="font-bold text-6xl text-primary tracking-tight">404</p>
      <h1 className="font-semibold text-2xl" lang="en">
        Oops! Page not found
      </h1>
      <p className="max-w-md text-muted-foreground">A página que você procura não existe ou foi movida.</p>
      <Button asChild>
        <a href="/">Voltar para o início</a>
      </Button>
    </main>
  );
}
