import { useQuery } from "@tanstack/react-query";
import { Plus, SearchX } from "lucide-react";
import { useRef } from "react";
import { SOLICITACAO_STATUSES, SOLICITACAO_TIPOS } from "@/shared/domain";
import { solicitacaoStatusDisplay, tipoLabel } from "@/shared/status-catalogue";
import { EmptyState } from "@/web/components/empty-state";
import { AddLink, ListFilters, ListScreen, SelectFilter } from "@/web/components/list-screen";
import { RefreshButton } from "@/web/components/refresh-button";
import { SolicitacoesTable } from "@/web/components/solicitacoes-table";
import { Skeleton } from "@/web/components/ui/skeleton";
import { consoleTitle } from "@/web/console/placeholder-page";
import { isFiltered, useListParams } from "@/web/lib/use-list-params";
import type { Route } from "./+types/list";
import { solicitacoesListOptions } from "./solicitacoes.queries";

export const meta: Route.MetaFunction = () => consoleTitle("Solicitações de Acesso");

const STATUS_OPTIONS = SOLICITACAO_STATUSES.map((s) => [s, solicitacaoStatusDisplay(s).label] as const);
const TIPO_OPTIONS = SOLICITACAO_TIPOS.map((t) => [t, tipoLabel(t)] as const);

/** Request list (SPEC.md section 2.5). */
export default function SolicitacoesListPage() {
  const list$ = useListParams();
  const filters = {
    status: list$.oneOf("status", SOLICITACAO_STATUSES),
    tipo: list$.oneOf("tipo", SOLICITACAO_TIPOS),
    q: list$.q,
    page: list$.page,
  };
  const list = useQuery(solicitacoesListOptions(filters));
  const filtered = isFiltered(filters);
  const topRef = useRef<HTMLDivElement>(null);

  return (
    <ListScreen
      ref={topRef}
      title="Solicitações de Acesso"
      description="Gerencie as solicitações de acesso de visitantes e prestadores de serviço."
      actions={
        <>
          <RefreshButton refetch={list.refetch} description="Lista de solicitações atualizada." />
          <AddLink to="/app/solicitacoes/nova">Nova Solicitação</AddLink>
        </>
      }
      filters={
        <ListFilters
          list={list$}
          searchId="busca-solicitacoes"
          searchLabel="Buscar solicitações"
          placeholder="Nome, documento, unidade ou torre"
          columns="md:grid-cols-[minmax(0,1fr)_12rem_12rem_auto]"
          clearKeys={["status", "tipo"]}
          filtered={filtered}
        >
          <SelectFilter
            id="filtro-status"
            label="Status"
            allLabel="Todos os status"
            value={filters.status}
            onChange={(status) => list$.update({ status })}
            options={STATUS_OPTIONS}
          />
          <SelectFilter
            id="filtro-tipo"
            label="Tipo"
            allLabel="Todos os tipos"
            value={filters.tipo}
            onChange={(tipo) => list$.update({ tipo })}
            options={TIPO_OPTIONS}
          />
        </ListFilters>
      }
      query={list}
      page={list$.page}
      onPageChange={(page) => {
        list$.goToPage(page);
        topRef.current?.scrollIntoView({ block: "start" });
      }}
      countLoading={<Skeleton className="h-4 w-24" />}
      errorTitle="Não foi possível carregar as solicitações."
      empty={
        <EmptyState
          icon={filtered ? SearchX : Plus}
          title="Nenhuma solicitação encontrada."
          description={filtered ? "Tente ajustar os filtros ou a busca." : undefined}
          action={<AddLink to="/app/solicitacoes/nova">Criar primeira solicitação</AddLink>}
        />
      }
    >
      {(items) => <SolicitacoesTable items={items} loading={list.isPending} stale={list.isPlaceholderData} />}
    </ListScreen>
  );
}
