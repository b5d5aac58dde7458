import { useQuery } from "@tanstack/react-query";
import { Eye, PhoneCall, SearchX } from "lucide-react";
import { Link } from "react-router";
import { CHAMADA_STATUSES } from "@/shared/domain";
import { formatDuracao } from "@/shared/schemas/chamadas";
import { chamadaStatusDisplay } from "@/shared/status-catalogue";
import { EmptyState } from "@/web/components/empty-state";
import { ExportCsvLink } from "@/web/components/export-csv-link";
import { ListFilters, ListScreen, ListTable, SelectFilter } from "@/web/components/list-screen";
import { formatDateTime, RelativeTime } from "@/web/components/relative-time";
import { StatusBadge } from "@/web/components/status-badge";
import { TipoBadge } from "@/web/components/tipo-badge";
import { Button } from "@/web/components/ui/button";
import { TableCell, TableHead, TableRow } from "@/web/components/ui/table";
import { consoleTitle } from "@/web/console/placeholder-page";
import { isFiltered, useListParams } from "@/web/lib/use-list-params";
import type { Route } from "./+types/list";
import { chamadasListOptions } from "./chamadas.queries";

export const meta: Route.MetaFunction = () => consoleTitle("Chamadas");

const STATUS_OPTIONS = CHAMADA_STATUSES.map((s) => [s, chamadaStatusDisplay(s).label] as const);

/** Call list (docs/product.md, "Chamadas"). */
export default function ChamadasListPage() {
  const list$ = useListParams();
  const filters = {
    q: list$.q,
    status: list$.oneOf("status", CHAMADA_STATUSES),
    // Set by links from a request or a person; "Limpar filtros" clears them with the rest.
    solicitacao_id: list$.uuid("solicitacao_id"),
    pessoa_id: list$.uuid("pessoa_id"),
    page: list$.page,
  };
  const list = useQuery(chamadasListOptions(filters));
  const filtered = isFiltered(filters);

  return (
    <ListScreen
      title="Chamadas"
      description="Histórico das chamadas feitas aos moradores para autorizar acessos."
      actions={<ExportCsvLink path="/api/chamadas/export.csv" filters={filters} />}
      filters={
        <ListFilters
          list={list$}
          searchId="busca-chamadas"
          searchLabel="Buscar chamadas"
          placeholder="Pessoa, ramal, visitante ou provedor"
          columns="md:grid-cols-[minmax(0,1fr)_12rem_auto]"
          clearKeys={["status", "solicitacao_id", "pessoa_id"]}
          filtered={filtered}
        >
          <SelectFilter
            id="filtro-status"
            label="Status"
            allLabel="Todos"
            value={filters.status}
            onChange={(status) => list$.update({ status })}
            options={STATUS_OPTIONS}
          />
        </ListFilters>
      }
      query={list}
      page={list$.page}
      onPageChange={list$.goToPage}
      countLoading={<p>Carregando chamadas...</p>}
      errorTitle="Não foi possível carregar as chamadas."
      empty={
        <EmptyState
          icon={filtered ? SearchX : PhoneCall}
          title="Nenhuma chamada encontrada."
          description={filtered ? "Tente ajustar os filtros ou a busca." : undefined}
        />
      }
    >
      {(items) => (
        <ListTable
          loading={list.isPending}
          stale={list.isPlaceholderData}
          skeleton={{ rows: 5, columns: 7, width: "w-20" }}
          head={
            <>
              <TableHead>Pessoa</TableHead>
              <TableHead>Ramal</TableHead>
              <TableHead>Visitante</TableHead>
              <TableHead>Status</TableHead>
              <TableHead>Iniciada em</TableHead>
              <TableHead>Duração</TableHead>
              <TableHead className="text-right">
                <span className="sr-only">Ações</span>
              </TableHead>
            </>
          }
        >
          {items.map((c) => (
            <TableRow key={c.id} data-chamada-id={c.id}>
              <TableCell className="font-medium">{c.pessoa?.nome ?? "-"}</TableCell>
              <TableCell>{c.ramal_discado ?? c.pessoa?.pbx_ramal ?? "-"}</TableCell>
              <TableCell className="min-w-40 whitespace-normal">
                <div className="flex flex-col items-start gap-1">
                  <span>{c.solicitacao.nome_visitante}</span>
                  <TipoBadge tipo={c.solicitacao.tipo} />
                </div>
              </TableCell>
              <TableCell>
                <StatusBadge kind="chamada" status={c.status} />
              </TableCell>
              <TableCell>
                <div className="flex flex-col">
                  <span>{formatDateTime(c.iniciado_em)}</span>
                  <RelativeTime value={c.iniciado_em} className="text-muted-foreground text-xs" />
                </div>
              </TableCell>
              <TableCell className="font-mono tabular-nums" data-testid="duracao">
                {formatDuracao(c.duracao_segundos)}
              </TableCell>
              <TableCell className="text-right">
                <Button asChild variant="ghost" size="sm">
                  <Link to={`/app/chamadas/${c.id}`} aria-label={`Ver chamada de ${formatDateTime(c.iniciado_em)}`}>
                    <Eye aria-hidden="true" />
                    Ver
                  </Link>
                </Button>
              </TableCell>
            </TableRow>
          ))}
        </ListTable>
      )}
    </ListScreen>
  );
}
