import { useQuery } from "@tanstack/react-query";
import { Eye, FilterX, Home, Pencil, Plus, Search, SearchX } from "lucide-react";
import { Link } from "react-router";
import { EmptyState } from "@/web/components/empty-state";
import { ErrorState } from "@/web/components/error-state";
import { PageHeader } from "@/web/components/page-header";
import { Pagination } from "@/web/components/pagination";
import { ActiveBadge, CondominioFilter } from "@/web/components/registry";
import { Button } from "@/web/components/ui/button";
import { Card, CardContent } from "@/web/components/ui/card";
import { Input } from "@/web/components/ui/input";
import { Label } from "@/web/components/ui/label";
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from "@/web/components/ui/select";
import { LoadingState } from "@/web/components/ui/spinner";
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from "@/web/components/ui/table";
import { consoleTitle } from "@/web/console/placeholder-page";
import { resultsLabel } from "@/web/console/solicitacoes/list";
import { ALL, isUuid, MAX_SEARCH, oneOf, useListParams } from "@/web/lib/use-list-params";
import { cn } from "@/web/lib/utils";
import type { Route } from "./+types/list";
import { unidadesListOptions } from "./unidades.queries";

export const meta: Route.MetaFunction = () => consoleTitle("Unidades");

const STATUSES = ["ativa", "inativa"] as const;

/** Unit list (SPEC.md section 2.9). */
export default function UnidadesListPage() {
  const list$ = useListParams();
  const condominioId = list$.params.get("condominio_id");
  const filters = {
    q: list$.q,
    condominio_id: isUuid(condominioId) ? condominioId : undefined,
    status: oneOf(list$.params.get("status"), STATUSES),
    page: list$.page,
  };
  const list = useQuery(unidadesListOptions(filters));
  const data = list.data;
  const items = data?.items ?? [];
  const filtered = !!(filters.q || filters.condominio_id || filters.status);
  const newHref = filters.condominio_id
    ? `/app/unidades/nova?condominio_id=${filters.condominio_id}`
    : "/app/unidades/nova";

  return (
    <div className="mx-auto flex w-full max-w-7xl flex-col gap-6">
      <PageHeader
        title="Unidades"
        description="Gerencie as unidades dos condomínios e seus moradores."
        actions={
          <Button asChild>
            <Link to={newHref}>
              <Plus aria-hidden="true" />
              Nova Unidade
            </Link>
          </Button>
        }
      />
      <Card className="gap-4">
        <CardContent className="space-y-4 px-4 sm:px-6">
          <search>
            <form
              className="grid gap-3 md:grid-cols-[minmax(0,1fr)_14rem_10rem_auto] md:items-end"
              onSubmit={(event) => {
                event.preventDefault();
                list$.submitSearch();
              }}
            >
              <div className="grid gap-2">
                <Label htmlFor="busca-unidades">Buscar unidades</Label>
                <div className="relative">
                  <Search
                    className="pointer-events-none absolute top-1/2 left-2.5 size-4 -translate-y-1/2 text-muted-foreground"
                    aria-hidden="true"
                  />
                  <Input
                    id="busca-unidades"
                    type="search"
                    placeholder="Código, torre, ramal ou observações"
                    className="pl-8"
                    maxLength={MAX_SEARCH}
                    value={list$.search}
                    onChange={(event) => list$.setSearch(event.target.value)}
                  />
                </div>
              </div>
              <CondominioFilter
                id="filtro-condominio"
                value={filters.condominio_id}
                onChange={(v) => list$.update({ condominio_id: v })}
              />
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
                    <SelectItem value={ALL}>Todas</SelectItem>
                    <SelectItem value="ativa">Ativa</SelectItem>
                    <SelectItem value="inativa">Inativa</SelectItem>
                  </SelectContent>
                </Select>
              </div>
              <Button
                type="button"
                variant="ghost"
                disabled={!filtered && !list$.search}
                onClick={() => list$.clear(["condominio_id", "status"])}
              >
                <FilterX aria-hidden="true" />
                Limpar filtros
              </Button>
            </form>
          </search>

          <div className="min-h-5 text-muted-foreground text-sm" aria-live="polite">
            {data && <p data-testid="results-count">{resultsLabel(data.total, data.total_truncated)}</p>}
          </div>

          {list.isPending ? (
            <LoadingState message="Carregando unidades..." />
          ) : list.isError && !data ? (
            <ErrorState
              title="Não foi possível carregar as unidades."
              error={list.error}
              onRetry={() => void list.refetch()}
            />
          ) : items.length === 0 ? (
            <EmptyState
              icon={filtered ? SearchX : Home}
              title="Nenhuma unidade encontrada."
              description={filtered ? "Tente ajustar os filtros ou a busca." : undefined}
              action={
                <Button asChild>
                  <Link to={newHref}>
                    <Plus aria-hidden="true" />
                    Cadastrar unidade
                  </Link>
                </Button>
              }
            />
          ) : (
            <div className="overflow-x-auto">
              <Table
                className={cn(list.isPlaceholderData && "opacity-60")}
                aria-busy={list.isPlaceholderData || undefined}
              >
                <TableHeader>
                  <TableRow className="hover:bg-transparent">
                    <TableHead>Código</TableHead>
                    <TableHead>Torre</TableHead>
                    <TableHead>Ramal</TableHead>
                    <TableHead>Moradores</TableHead>
                    <TableHead>Observações</TableHead>
                    <TableHead>Status</TableHead>
                    <TableHead className="text-right">Ações</TableHead>
                  </TableRow>
                </TableHeader>
                <TableBody>
                  {items.map((u) => (
                    <TableRow key={u.id} data-unidade-id={u.id}>
                      <TableCell>
                        <Link to={`/app/unidades/${u.id}`} className="font-medium hover:underline">
                          {u.codigo}
                        </Link>
                      </TableCell>
                      <TableCell>{u.torre ?? "-"}</TableCell>
                      <TableCell>{u.pbx_ramal ?? "-"}</TableCell>
                      <TableCell data-testid="moradores">{u.moradores}</TableCell>
                      <TableCell className="max-w-64 truncate" title={u.observacoes ?? undefined}>
                        {u.observacoes ?? "-"}
                      </TableCell>
                      <TableCell>
                        <ActiveBadge active={u.enabled} feminine />
                      </TableCell>
                      <TableCell className="text-right">
                        <div className="flex justify-end gap-1">
                          <Button asChild variant="ghost" size="icon">
                            <Link to={`/app/unidades/${u.id}`} aria-label={`Ver unidade ${u.codigo}`}>
                              <Eye aria-hidden="true" />
                            </Link>
                          </Button>
                          <Button asChild variant="ghost" size="icon">
                            <Link to={`/app/unidades/${u.id}/editar`} aria-label={`Editar unidade ${u.codigo}`}>
                              <Pencil aria-hidden="true" />
                            </Link>
                          </Button>
                        </div>
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
