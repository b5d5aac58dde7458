import { useQuery } from "@tanstack/react-query";
import { Eye, FilterX, PhoneCall, Search, SearchX } from "lucide-react";
import { Link } from "react-router";
import { CHAMADA_STATUSES } from "@/shared/domain";
import { formatDuracao } from "@/shared/schemas/chamadas";
import { chamadaStatusDisplay } from "@/shared/status-catalogue";
import { EmptyState } from "@/web/components/empty-state";
import { ErrorState } from "@/web/components/error-state";
import { PageHeader } from "@/web/components/page-header";
import { Pagination } from "@/web/components/pagination";
import { formatDateTime, RelativeTime } from "@/web/components/relative-time";
import { StatusBadge } from "@/web/components/status-badge";
import { TipoBadge } from "@/web/components/tipo-badge";
import { Button } from "@/web/components/ui/button";
import { Card, CardContent } from "@/web/components/ui/card";
import { Input } from "@/web/components/ui/input";
import { Label } from "@/web/components/ui/label";
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from "@/web/components/ui/select";
import { Skeleton } from "@/web/components/ui/skeleton";
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from "@/web/components/ui/table";
import { consoleTitle } from "@/web/console/placeholder-page";
import { resultsLabel } from "@/web/console/solicitacoes/list";
import { ALL, isUuid, MAX_SEARCH, oneOf, useListParams } from "@/web/lib/use-list-params";
import { cn } from "@/web/lib/utils";
import type { Route } from "./+types/list";
import { chamadasListOptions } from "./chamadas.queries";

export const meta: Route.MetaFunction = () => consoleTitle("Chamadas");

/** Call list (SPEC.md section 2.11). */
export default function ChamadasListPage() {
  const list$ = useListParams();
  const solicitacaoId = list$.params.get("solicitacao_id");
  const pessoaId = list$.params.get("pessoa_id");
  const filters = {
    q: list$.q,
    status: oneOf(list$.params.get("status"), CHAMADA_STATUSES),
    solicitacao_id: isUuid(solicitacaoId) ? solicitacaoId : undefined,
    pessoa_id: isUuid(pessoaId) ? pessoaId : undefined,
    page: list$.page,
  };
  const list = useQuery(chamadasListOptions(filters));
  const data = list.data;
  const items = data?.items ?? [];
  const filtered = !!(filters.q || filters.status || filters.solicitacao_id || filters.pessoa_id);

  return (
    <div className="mx-auto flex w-full max-w-7xl flex-col gap-6">
      <PageHeader title="Chamadas" description="Histórico das chamadas feitas aos moradores para autorizar acessos." />
      <Card className="gap-4">
        <CardContent className="space-y-4 px-4 sm:px-6">
          <search>
            <form
              className="grid gap-3 md:grid-cols-[minmax(0,1fr)_12rem_auto] md:items-end"
              onSubmit={(event) => {
                event.preventDefault();
                list$.submitSearch();
              }}
            >
              <div className="grid gap-2">
                <Label htmlFor="busca-chamadas">Buscar chamadas</Label>
                <div className="relative">
                  <Search
                    className="pointer-events-none absolute top-1/2 left-2.5 size-4 -translate-y-1/2 text-muted-foreground"
                    aria-hidden="true"
                  />
                  <Input
                    id="busca-chamadas"
                    type="search"
                    placeholder="Pessoa, ramal, visitante ou provedor"
                    className="pl-8"
                    maxLength={MAX_SEARCH}
                    value={list$.search}
                    onChange={(event) => list$.setSearch(event.target.value)}
                  />
                </div>
              </div>
              <div className="grid gap-2">
                <Label htmlFor="filtro-status">Status</Label>
                <Select
                  value={filters.status ?? ALL}
                  onValueChange={(v) => list$.update({ status: v === ALL ? undefined : v })}
                >
                  <SelectTrigger id="filtro-status" className="w-full">
                    <SelectValue />
                  </SelectTrigger>
                  <SelectContent>
                    <SelectItem value={ALL}>Todos</SelectItem>
                    {CHAMADA_STATUSES.map((s) => (
                      <SelectItem key={s} value={s}>
                        {chamadaStatusDisplay(s).label}
                      </SelectItem>
                    ))}
                  </SelectContent>
                </Select>
              </div>
              <Button
                type="button"
                variant="ghost"
                disabled={!filtered && !list$.search}
                onClick={() => list$.clear(["status", "solicitacao_id", "pessoa_id"])}
              >
                <FilterX aria-hidden="true" />
                Limpar filtros
              </Button>
            </form>
          </search>

          <div className="min-h-5 text-muted-foreground text-sm" aria-live="polite">
            {data ? (
              <p data-testid="results-count">{resultsLabel(data.total, data.total_truncated)}</p>
            ) : list.isPending ? (
              <p>Carregando chamadas...</p>
            ) : null}
          </div>

          {list.isError && !data ? (
            <ErrorState
              title="Não foi possível carregar as chamadas."
              error={list.error}
              onRetry={() => void list.refetch()}
            />
          ) : !list.isPending && items.length === 0 ? (
            <EmptyState
              icon={filtered ? SearchX : PhoneCall}
              title="Nenhuma chamada encontrada."
              description={filtered ? "Tente ajustar os filtros ou a busca." : undefined}
            />
          ) : (
            <div className="overflow-x-auto">
              <Table
                className={cn(list.isPlaceholderData && "opacity-60")}
                aria-busy={list.isPending || list.isPlaceholderData || undefined}
              >
                <TableHeader>
                  <TableRow className="hover:bg-transparent">
                    <TableHead>Pessoa</TableHead>
                    <TableHead>Ramal</TableHead>
                    <TableHead>Visitante</TableHead>
                    <TableHead>Status</TableHead>
                    <TableHead>Iniciada em</TableHead>
                    <TableHead>Duração</TableHead>
                    <TableHead className="text-right">
                      <span className="sr-only">Ações</span>
                    </TableHead>
                  </TableRow>
                </TableHeader>
                <TableBody>
                  {list.isPending
                    ? [0, 1, 2, 3, 4].map((i) => (
                        <TableRow key={i} aria-hidden="true">
                          {[0, 1, 2, 3, 4, 5, 6].map((c) => (
                            <TableCell key={c}>
                              <Skeleton className="h-4 w-20" />
                            </TableCell>
                          ))}
                        </TableRow>
                      ))
                    : items.map((c) => (
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
                              <Link
                                to={`/app/chamadas/${c.id}`}
                                aria-label={`Ver chamada de ${formatDateTime(c.iniciado_em)}`}
                              >
                                <Eye aria-hidden="true" />
                                Ver
                              </Link>
                            </Button>
                          </TableCell>
                        </TableRow>
                      ))}
                </TableBody>
              </Table>
            </div>
          )}

          {data && (
            <Pagination
              page={list$.page}
              pageSize={data.page_size}
              total={data.total}
              totalTruncated={data.total_truncated}
              itemsOnPage={items.length}
              onPageChange={list$.goToPage}
              disabled={list.isPlaceholderData}
            />
          )}
        </CardContent>
      </Card>
    </div>
  );
}
