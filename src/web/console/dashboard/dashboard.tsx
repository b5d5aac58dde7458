import { useQuery } from "@tanstack/react-query";
import { Plus, RefreshCw } from "lucide-react";
import { useState } from "react";
import { Link } from "react-router";
import { toast } from "sonner";
import { ErrorState } from "@/web/components/error-state";
import { PageHeader } from "@/web/components/page-header";
import { Button } from "@/web/components/ui/button";
import { consoleTitle } from "@/web/console/placeholder-page";
import { errorMessage } from "@/web/lib/api";
import { cn } from "@/web/lib/utils";
import type { Route } from "./+types/dashboard";
import { kpisOptions, ultimasOptions } from "./dashboard.queries";
import { KpiCards } from "./kpi-cards";
import { PrimeirosPassos } from "./primeiros-passos";
import { UltimasSolicitacoes } from "./ultimas-solicitacoes";

export const meta: Route.MetaFunction = () => consoleTitle("Dashboard");

/** Dashboard (SPEC.md section 2.4): today's KPIs and latest requests, live through realtime events. */
export default function DashboardPage() {
  const kpis = useQuery(kpisOptions());
  const ultimas = useQuery(ultimasOptions());
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
      {kpis.isError && !kpis.data ? (
        <ErrorState
          title="Não foi possível carregar os indicadores."
          error={kpis.error}
          onRetry={() => void kpis.refetch()}
        />
      ) : (
        <KpiCards kpis={kpis.data} loading={kpis.isPending} />
      )}
      <UltimasSolicitacoes
        items={ultimas.data}
        loading={ultimas.isPending}
        error={ultimas.error}
        onRetry={() => void ultimas.refetch()}
      />
    </div>
  );
}
