import { useQuery } from "@tanstack/react-query";
import { Plus, RefreshCw } from "lucide-react";
import { lazy, Suspense, useState } from "react";
import { Link } from "react-router";
import { TENANT_WIDE_ROLES } from "@/shared/permissions";
import type { Me } from "@/shared/schemas/me";
import { ErrorState } from "@/web/components/error-state";
import { PageHeader } from "@/web/components/page-header";
import { Button } from "@/web/components/ui/button";
import { LoadingState } from "@/web/components/ui/spinner";
import { consoleTitle } from "@/web/console/placeholder-page";
import { errorMessage } from "@/web/lib/api";
import { condominioOptions } from "@/web/lib/lookups.queries";
import { meQueryOptions } from "@/web/lib/me.queries";
import { toast } from "@/web/lib/toast";
import { cn } from "@/web/lib/utils";
import type { Route } from "./+types/dashboard";
import { CondominioSelector, useDashboardCondominio } from "./condominio-selector";
import { kpisOptions, ultimasOptions } from "./dashboard.queries";
import { KpiCards, type KpiScope } from "./kpi-cards";
import { PrimeirosPassos } from "./primeiros-passos";
import { UltimasSolicitacoes } from "./ultimas-solicitacoes";

export const meta: Route.MetaFunction = () => consoleTitle("Dashboard");

// A morador's home (and the lists it reuses) loads only for a morador (docs/decisions/026).
const MoradorHome = lazy(() => import("./morador-home").then((m) => ({ default: m.MoradorHome })));
const loading = <LoadingState message="Carregando painel..." className="py-16" />;

/**
 * /app/dashboard: staff (owner, síndico, porteiro), whose data is the whole tenant, get the
 * dashboard; anyone whose data is only their own units (a morador) gets their unit's home. Nothing is
 * fetched until /api/me says which.
 */
export default function DashboardPage() {
  const me = useQuery(meQueryOptions());
  if (me.data) {
    if (TENANT_WIDE_ROLES.includes(me.data.role)) return <StaffDashboard me={me.data} />;
    return (
      <Suspense fallback={loading}>
        <MoradorHome me={me.data} />
      </Suspense>
    );
  }
  if (me.isError) {
    // A 401 sends the whole console to /login (layout); anything else may be retried here.
    return (
      <div className="mx-auto w-full max-w-7xl">
        <ErrorState title="Não foi possível carregar o painel." error={me.error} onRetry={() => void me.refetch()} />
      </div>
    );
  }
  return loading;
}

/**
 * Dashboard (docs/product.md, "Dashboard"): the pending requests now, today's KPIs and latest
 * requests, live through realtime events; of every condominium or of the one chosen (filtered by the
 * server), the choice remembered on this device.
 */
function StaffDashboard({ me }: { me: Me }) {
  const condominios = useQuery(condominioOptions());
  const choices = condominios.data;
  const [condominioId, setCondominioId] = useDashboardCondominio(me.organization.id, choices);
  const filters = condominioId ? { condominio_id: condominioId } : {};
  const kpis = useQuery(kpisOptions(filters));
  const ultimas = useQuery(ultimasOptions(filters));
  const several = (choices?.length ?? 0) > 1;
  // What the figures count: said only when there is more than one condominium to tell apart.
  const scope: KpiScope = several ? (condominioId ? "um" : "todos") : null;
  const [refreshing, setRefreshing] = useState(false);

  async function refresh() {
    setRefreshing(true);
    try {
      const results = await Promise.all([kpis.refetch(), ultimas.refetch()]);
      const failed = results.find((result) => result.isError);
      if (failed) {
        toast.error("Erro ao atualizar", { description: errorMessage(failed.error) });
      } else {
        toast.success("Dados atualizados", { description: "Dashboard atualizado com os dados mais recentes." });
      }
    } finally {
      setRefreshing(false);
    }
  }

  return (
    <div className="mx-auto flex w-full max-w-7xl flex-col gap-6">
      <PageHeader
        title="Dashboard"
        description="Visão geral das solicitações e atividades do sistema"
        actions={
          <>
            <Button variant="outline" onClick={() => void refresh()} disabled={refreshing} aria-busy={refreshing}>
              <RefreshCw aria-hidden="true" className={cn(refreshing && "animate-spin")} />
              Atualizar
            </Button>
            <Button asChild>
              <Link to="/app/solicitacoes/nova">
                <Plus aria-hidden="true" />
                Nova Solicitação
              </Link>
            </Button>
          </>
        }
      />
      <PrimeirosPassos />
      {several && choices && <CondominioSelector value={condominioId} onChange={setCondominioId} choices={choices} />}
      {kpis.isError && !kpis.data ? (
        <ErrorState
          title="Não foi possível carregar os indicadores."
          error={kpis.error}
          onRetry={() => void kpis.refetch()}
        />
      ) : (
        <KpiCards kpis={kpis.data} loading={kpis.isPending} scope={scope} />
      )}
      <UltimasSolicitacoes
        items={ultimas.data}
        loading={ultimas.isPending}
        error={ultimas.error}
        onRetry={() => void ultimas.refetch()}
        showCondominio={several && !condominioId}
      />
    </div>
  );
}
