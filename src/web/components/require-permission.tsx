/**
 * The console's guard for a screen a role may not use (docs/decisions/015-roles-and-data-scope.md).
 * The server already refuses with 403; this spares the user that raw error when they type the URL
 * in (a morador at /app/pessoas, a porteiro at /app/condominios/novo): the screen is replaced by a
 * clear pt-BR state with the way back. Its children mount only once /api/me says the role may, so a
 * hidden screen never fires a request the server would refuse.
 */
import { useQuery } from "@tanstack/react-query";
import { ArrowLeft, ShieldX } from "lucide-react";
import type * as React from "react";
import { Link } from "react-router";
import type { Permission } from "@/shared/permissions";
import { ErrorState } from "@/web/components/error-state";
import { Button } from "@/web/components/ui/button";
import { Card, CardContent } from "@/web/components/ui/card";
import { LoadingState } from "@/web/components/ui/spinner";
import { meQueryOptions } from "@/web/lib/me.queries";

export const NO_PERMISSION_TEXT = "Você não tem permissão para acessar esta página.";

/** What a signed-in user sees instead of a screen their role cannot use. */
export function NoPermission() {
  return (
    <div className="mx-auto flex w-full max-w-3xl flex-col gap-6" data-testid="sem-permissao">
      <Card>
        <CardContent className="flex flex-col items-center gap-3 px-4 py-10 text-center">
          <span className="flex size-12 items-center justify-center rounded-full bg-muted text-muted-foreground">
            <ShieldX className="size-6" aria-hidden="true" />
          </span>
          <h1 className="font-bold text-2xl tracking-tight">Acesso restrito</h1>
          <p className="max-w-md text-muted-foreground text-sm">
            {NO_PERMISSION_TEXT} Se precisar deste acesso, fale com o síndico ou com a administradora.
          </p>
          <Button asChild>
            <Link to="/app/dashboard">
              <ArrowLeft aria-hidden="true" />
              Voltar para o dashboard
            </Link>
          </Button>
        </CardContent>
      </Card>
    </div>
  );
}

/**
 * Renders `children` only for a role with `permission` (the server's table, as /api/me lists it);
 * a loading state until that is known, the no-permission state otherwise.
 */
export function RequirePermission({ permission, children }: { permission: Permission; children: React.ReactNode }) {
  const me = useQuery(meQueryOptions());
  if (me.data) return me.data.permissions.includes(permission) ? children : <NoPermission />;
  if (me.isError) {
    // A 401 is handled by the console layout (back to /login); anything else may be retried here.
    return (
      <div className="mx-auto w-full max-w-3xl">
        <ErrorState
          title="Não foi possível verificar o seu acesso."
          error={me.error}
          onRetry={() => void me.refetch()}
        />
      </div>
    );
  }
  return <LoadingState className="py-16" />;
}
