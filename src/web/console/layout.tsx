import { QueryClientProvider, useQuery, useQueryClient } from "@tanstack/react-query";
import { useCallback, useEffect, useState } from "react";
import { Outlet, useNavigate } from "react-router";
import { AppSidebar } from "@/web/components/app-sidebar";
import { BillingBanner } from "@/web/components/billing-banner";
import { ConsoleHeader } from "@/web/components/console-header";
import { readSidebarCookie, SidebarInset, SidebarProvider } from "@/web/components/ui/sidebar";
import { LoadingState } from "@/web/components/ui/spinner";
import type { MenuUser } from "@/web/components/user-menu";
import { ApiError } from "@/web/lib/api";
import { authClient } from "@/web/lib/auth-client";
import { meQueryOptions } from "@/web/lib/me.queries";
import { queryClient } from "@/web/lib/query-client";
import { useRealtime } from "@/web/lib/realtime";
import { SignOutContext } from "@/web/lib/sign-out";
import { toast } from "@/web/lib/toast";

export const LOADING_MESSAGE = "Carregando Guarita...";

/**
 * The console's providers: the query cache lives here, not in root.tsx, so the pre-rendered public
 * pages never load it. The cache is the module-level one, so it survives leaving and re-entering
 * /app within the tab. Tooltips bring their own provider, with Radix, on first use (ui/tooltip.tsx).
 */
export default function ConsoleLayout() {
  return (
    <QueryClientProvider client={queryClient}>
      <ConsoleGate />
    </QueryClientProvider>
  );
}

/**
 * The signed-in area (docs/product.md, "Console shell"): a spinner while the session loads, /login (replacing
 * history) without a user, otherwise the shell with the nested screen.
 */
function ConsoleGate() {
  const session = authClient.useSession();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  // Set while signing out: the shell stays down even if the session store briefly reports the old user.
  const [leaving, setLeaving] = useState(false);
  const user = session.data?.user;
  const signedOut = !session.isPending && !user;

  useEffect(() => {
    if (!signedOut) return;
    // The shell (and every query observer in it) is already unmounted here, so clearing the cache
    // cannot trigger a refetch; the next user starts with an empty cache.
    queryClient.clear();
    navigate("/login", { replace: true });
  }, [signedOut, navigate, queryClient]);

  const signOut = useCallback(async () => {
    // Unmount the shell first: its queries and its event stream end with it, before the cookie does.
    setLeaving(true);
    const { error } = await authClient.signOut().catch(() => ({ error: { message: "" } }));
    if (error) {
      setLeaving(false);
      toast.error("Erro ao sair", { description: error.message || "Não foi possível sair. Tente novamente." });
      return;
    }
    // A full page load, not a client-side navigation: nothing of this session (query cache, session
    // store, event stream) survives in memory for the next person at a shared gate tablet, and /login
    // cannot see a stale user and bounce back to the console.
    window.location.replace("/login");
  }, []);

  if (!user || leaving) return <LoadingState fullScreen message={leaving ? "Saindo..." : LOADING_MESSAGE} />;
  return (
    <SignOutContext.Provider value={signOut}>
      <ConsoleShell sessionUser={user} onUnauthorized={() => void session.refetch()} />
    </SignOutContext.Provider>
  );
}

function ConsoleShell({ sessionUser, onUnauthorized }: { sessionUser: MenuUser; onUnauthorized: () => void }) {
  const me = useQuery(meQueryOptions());
  // Live updates for every console screen (docs/product.md, "Live updates"): one event stream per tab.
  useRealtime();
  // Read once, in the browser: the console is never pre-rendered, so there is no hydration to match.
  const [sidebarOpen] = useState(readSidebarCookie);

  const unauthorized = me.error instanceof ApiError && me.error.status === 401;
  useEffect(() => {
    // The session cookie expired or was revoked: refresh the session, which sends us to /login.
    if (unauthorized) onUnauthorized();
  }, [unauthorized, onUnauthorized]);

  const user: MenuUser = me.data?.user ?? sessionUser;

  return (
    <SidebarProvider defaultOpen={sidebarOpen}>
      <a
        href="#conteudo"
        className="sr-only focus:not-sr-only focus:fixed focus:top-2 focus:left-2 focus:z-50 focus:rounded-md focus:bg-background focus:px-3 focus:py-2 focus:shadow-md focus:outline-none focus:ring-[3px] focus:ring-ring/60"
      >
        Pular para o conteúdo
      </a>
      <AppSidebar me={me.data} meLoading={me.isPending} />
      <SidebarInset>
        <ConsoleHeader user={user} demo={me.data?.organization.demo} />
        {/* A failed payment's grace period, or a read-only console (docs/decisions/045-plans-and-billing.md). */}
        {me.data && <BillingBanner me={me.data} />}
        <main id="conteudo" tabIndex={-1} className="flex-1 p-4 outline-none md:p-6">
          <Outlet />
        </main>
      </SidebarInset>
    </SidebarProvider>
  );
}
