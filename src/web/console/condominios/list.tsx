import { useQuery } from "@tanstack/react-query";
import { format } from "date-fns";
import { Building2, Eye, Pencil, Plus, Search, SearchX } from "lucide-react";
import { Link } from "react-router";
import { EmptyState } from "@/web/components/empty-state";
import { ErrorState } from "@/web/components/error-state";
import { PageHeader } from "@/web/components/page-header";
import { Pagination } from "@/web/components/pagination";
import { ActiveBadge, shortId } from "@/web/components/registry";
import { Button } from "@/web/components/ui/button";
import { Card, CardContent } from "@/web/components/ui/card";
import { Input } from "@/web/components/ui/input";
import { Label } from "@/web/components/ui/label";
import { Skeleton } from "@/web/components/ui/skeleton";
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from "@/web/components/ui/table";
import { consoleTitle } from "@/web/console/placeholder-page";
import { resultsLabel } from "@/web/console/solicitacoes/list";
import { MAX_SEARCH, useListParams } from "@/web/lib/use-list-params";
import { cn } from "@/web/lib/utils";
import type { Route } from "./+types/list";
import { condominiosListOptions } from "./condominios.queries";

export const meta: Route.MetaFunction = () => consoleTitle("Condomínios");

/** Condominium list (SPEC.md section 2.10). */
export default function CondominiosListPage() {
  const list$ = useListParams();
  const list = useQuery(condominiosListOptions({ q: list$.q, page: list$.page }));
  const data = list.data;
  const items = data?.items ?? [];

  return (
    <div className="mx-auto flex w-full max-w-7xl flex-col gap-6">
      <PageHeader
        title="Condomínios"
        description="Gerencie os condomínios atendidos pela portaria remota."
        actions={
          <Button asChild>
            <Link to="/app/condominios/novo">
              <Plus aria-hidden="true" />
              Novo Condomínio
            </Link>
          </Button>
        }
      />
      <Card className="gap-4">
        <CardContent className="space-y-4 px-4 sm:px-6">
          <search>
            <form
              className="grid gap-2 md:max-w-md"
              onSubmit={(event) => {
                event.preventDefault();
                list$.submitSearch();
              }}
            >
              <Label htmlFor="busca-condominios">Buscar condomínios</Label>
              <div className="relative">
                <Search
                  className="pointer-events-none absolute top-1/2 left-2.5 size-4 -translate-y-1/2 text-muted-foreground"
                  aria-hidden="true"
                />
                <Input
                  id="busca-condominios"
                  type="search"
                  placeholder="Nome ou timezone"
                  className="pl-8"
                  maxLength={MAX_SEARCH}
                  value={list$.search}
                  onChange={(event) => list$.setSearch(event.target.value)}
                />
              </div>
            </form>
          </search>

          <div className="min-h-5 text-muted-foreground text-sm" aria-live="polite">
            {data ? (
              <p data-testid="results-count">{resultsLabel(data.total, data.total_truncated)}</p>
            ) : list.isPending ? (
              <p>Carregando condomínios...</p>
            ) : null}
          </div>

          {list.isError && !data ? (
            <ErrorState
              title="Não foi possível carregar os condomínios."
              error={list.error}
              onRetry={() => void list.refetch()}
            />
          ) : !list.isPending && items.length === 0 ? (
            <EmptyState
              icon={list$.q ? SearchX : Building2}
              title="Nenhum condomínio encontrado."
              description={list$.q ? "Tente ajustar a busca." : undefined}
              action={
                <Button asChild>
                  <Link to="/app/condominios/novo">
                    <Plus aria-hidden="true" />
                    Cadastrar condomínio
                  </Link>
                </Button>
              }
            />
          ) : (
            <div className="overflow-x-auto">
              <Table
                className={cn(list.isPlaceholderData && "opacity-60")}
                aria-busy={list.isPending || list.isPlaceholderData || undefined}
              >
                <TableHeader>
                  <TableRow className="hover:bg-transparent">
                    <TableHead>Nome</TableHead>
                    <TableHead>Timezone</TableHead>
                    <TableHead>Status</TableHead>
                    <TableHead>Criado em</TableHead>
                    <TableHead className="text-right">Ações</TableHead>
                  </TableRow>
                </TableHeader>
                <TableBody>
                  {list.isPending
                    ? [0, 1, 2, 3].map((i) => (
                        <TableRow key={i} aria-hidden="true">
                          {[0, 1, 2, 3, 4].map((c) => (
                            <TableCell key={c}>
                              <Skeleton className="h-4 w-24" />
                            </TableCell>
                          ))}
                        </TableRow>
                      ))
                    : items.map((c) => (
                        <TableRow key={c.id} data-condominio-id={c.id}>
                          <TableCell className="whitespace-normal">
                            <Link to={`/app/condominios/${c.id}`} className="font-medium hover:underline">
                              {c.nome}
                            </Link>
                            <div className="font-mono text-muted-foreground text-xs">#{shortId(c.id)}</div>
                          </TableCell>
                          <TableCell>{c.timezone}</TableCell>
                          <TableCell>
                            <ActiveBadge active={c.enabled} />
                          </TableCell>
                          <TableCell>{format(new Date(c.created_at), "dd/MM/yyyy")}</TableCell>
                          <TableCell className="text-right">
                            <div className="flex justify-end gap-1">
                              <Button asChild variant="ghost" size="icon">
                                <Link to={`/app/condominios/${c.id}`} aria-label={`Ver ${c.nome}`}>
                                  <Eye aria-hidden="true" />
                                </Link>
                              </Button>
                              <Button asChild variant="ghost" size="icon">
                                <Link to={`/app/condominios/${c.id}/editar`} aria-label={`Editar ${c.nome}`}>
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
