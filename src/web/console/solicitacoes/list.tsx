import { useQuery } from "@tanstack/react-query";
import { Check, PhoneOff, Plus, SearchX } from "lucide-react";
import { useRef } from "react";
import { SOLICITACAO_STATUSES, SOLICITACAO_TIPOS } from "@/shared/domain";
import { solicitacaoStatusDisplay, tipoLabel } from "@/shared/status-catalogue";
import { CondominioFilter } from "@/web/components/condominio-filter";
import { EmptyState } from "@/web/components/empty-state";
import { ExportCsvLink } from "@/web/components/export-csv-link";
import { AddLink, ListFilters, ListScreen, SelectFilter } from "@/web/components/list-screen";
import { RefreshButton } from "@/web/components/refresh-button";
import { SolicitacoesTable } from "@/web/components/solicitacoes-table";
import { Button } from "@/web/components/ui/button";
import { Skeleton } from "@/web/components/ui/skeleton";
import { consoleTitle } from "@/web/console/placeholder-page";
import { useCondominios } from "@/web/lib/condominios";
import { isFiltered, useListParams } from "@/web/lib/use-list-params";
import type { Route } from "./+types/list";
import { solicitacoesListOptions } from "./solicitacoes.queries";

export const meta: Route.MetaFunction = () => consoleTitle("Solicitações de Acesso");

const STATUS_OPTIONS = SOLICITACAO_STATUSES.map((s) => [s, solicitacaoStatusDisplay(s).label] as const);
const TIPO_OPTIONS = SOLICITACAO_TIPOS.map((t) => [t, tipoLabel(t)] as const);
/** ?sem_resposta=true: only the pending requests nobody answered (docs/product.md, "Resident link"), via the API. */
const SEM_RESPOSTA = ["true"] as const;

/** The "Sem resposta" chip: a toggle (aria-pressed), with a check when on, not colour alone. */
function SemRespostaChip({ pressed, onToggle }: { pressed: boolean; onToggle: () => void }) {
  return (
    <Button
      type="button"
      variant="outline"
      aria-pressed={pressed}
      onClick={onToggle}
      data-testid="filtro-sem-resposta"
      className="aria-pressed:border-orange-400 aria-pressed:bg-orange-100 aria-pressed:text-orange-950 dark:aria-pressed:border-orange-400/50 dark:aria-pressed:bg-orange-400/15 dark:aria-pressed:text-orange-100"
    >
      {pressed ? <Check aria-hidden="true" /> : <PhoneOff aria-hidden="true" />}
      Sem resposta<span className="sr-only"> dos moradores</span>
    </Button>
  );
}

/** Request list (docs/product.md, "Solicitações"). */
export default function SolicitacoesListPage() {
  const list$ = useListParams();
  const filters = {
    condominio_id: list$.uuid("condominio_id"),
    status: list$.oneOf("status", SOLICITACAO_STATUSES),
    tipo: list$.oneOf("tipo", SOLICITACAO_TIPOS),
    sem_resposta: list$.oneOf("sem_resposta", SEM_RESPOSTA),
    q: list$.q,
    page: list$.page,
  };
  const list = useQuery(solicitacoesListOptions(filters));
  const filtered = isFiltered(filters);
  const topRef = useRef<HTMLDivElement>(null);
  // Several condominiums: each row names its own, and the list filters by one (docs/product.md, "Lists and search").
  const condominios = useCondominios();

  return (
    <ListScreen
      ref={topRef}
      title="Solicitações de Acesso"
      description="Gerencie as solicitações de acesso de visitantes e prestadores de serviço."
      actions={
        <>
          <RefreshButton refetch={list.refetch} description="Lista de solicitações atualizada." />
          <ExportCsvLink path="/api/solicitacoes/export.csv" filters={filters} />
          <AddLink to="/app/solicitacoes/nova">Nova Solicitação</AddLink>
        </>
      }
      filters={
        <ListFilters
          list={list$}
          searchId="busca-solicitacoes"
          searchLabel="Buscar solicitações"
          placeholder="Nome, documento, unidade ou torre"
          columns={
            condominios.many || filters.condominio_id
              ? "md:grid-cols-2 xl:grid-cols-3 2xl:grid-cols-[minmax(0,1fr)_14rem_12rem_12rem_auto_auto]"
              : "md:grid-cols-2 xl:grid-cols-[minmax(0,1fr)_12rem_12rem_auto_auto]"
          }
          clearKeys={["condominio_id", "status", "tipo", "sem_resposta"]}
          filtered={filtered}
        >
          <CondominioFilter
            condominios={condominios}
            value={filters.condominio_id}
            onChange={(condominio_id) => list$.update({ condominio_id })}
          />
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
          <SemRespostaChip
            pressed={filters.sem_resposta === "true"}
            onToggle={() => list$.update({ sem_resposta: filters.sem_resposta ? undefined : "true" })}
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
          description={
            filters.sem_resposta && !filters.condominio_id && !filters.status && !filters.tipo && !filters.q
              ? "Nenhuma solicitação pendente está sem resposta dos moradores."
              : filtered
                ? "Tente ajustar os filtros ou a busca."
                : undefined
          }
          action={<AddLink to="/app/solicitacoes/nova">Criar primeira solicitação</AddLink>}
        />
      }
    >
      {(items) => (
        <SolicitacoesTable
          items={items}
          loading={list.isPending}
          stale={list.isPlaceholderData}
          showCondominio={condominios.many}
        />
      )}
    </ListScreen>
  );
}
