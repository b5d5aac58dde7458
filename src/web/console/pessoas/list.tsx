import { useQuery } from "@tanstack/react-query";
import { FilterX, Plus, RefreshCw, Search, SearchX, Users } from "lucide-react";
import { useState } from "react";
import { Link } from "react-router";
import { toast } from "sonner";
import type { Pessoa } from "@/shared/schemas/pessoas";
import { EmptyState } from "@/web/components/empty-state";
import { PageHeader } from "@/web/components/page-header";
import { Pagination } from "@/web/components/pagination";
import { ActiveBadge, CondominioFilter, shortId } from "@/web/components/registry";
import { Alert, AlertDescription, AlertTitle } from "@/web/components/ui/alert";
import { Button } from "@/web/components/ui/button";
import { Card, CardContent } from "@/web/components/ui/card";
import { Input } from "@/web/components/ui/input";
import { Label } from "@/web/components/ui/label";
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from "@/web/components/ui/select";
import { Skeleton } from "@/web/components/ui/skeleton";
import { consoleTitle } from "@/web/console/placeholder-page";
import { resultsLabel } from "@/web/console/solicitacoes/list";
import { errorMessage } from "@/web/lib/api";
import { ALL, isUuid, MAX_SEARCH, oneOf, useListParams } from "@/web/lib/use-list-params";
import { cn } from "@/web/lib/utils";
import type { Route } from "./+types/list";
import { pessoasListOptions } from "./pessoas.queries";

export const meta: Route.MetaFunction = () => consoleTitle("Pessoas");

const STATUSES = ["ativo", "inativo"] as const;

function Row({ label, value }: { label: string; value: string | null }) {
  return (
    <div className="flex min-w-0 gap-2 text-sm">
      <dt className="shrink-0 text-muted-foreground">{label}:</dt>
      <dd className="min-w-0 truncate" title={value ?? undefined}>
        {value ?? "-"}
      </dd>
    </div>
  );
}

function PessoaCard({ p }: { p: Pessoa }) {
  return (
    <li className="min-w-0">
      <Card className="h-full min-w-0 gap-3 py-4" data-pessoa-id={p.id}>
        <CardContent className="flex h-full flex-col gap-3 px-4">
          <div className="flex items-start gap-3">
            <span
              className="flex size-10 shrink-0 items-center justify-center rounded-full bg-primary/10 font-semibold text-primary"
              aria-hidden="true"
            >
              {p.nome.trim().charAt(0).toUpperCase()}
            </span>
            <div className="min-w-0 flex-1">
              <h2 className="truncate font-semibold" title={p.nome}>
                {p.nome}
              </h2>
              <p className="font-mono text-muted-foreground text-xs">#{shortId(p.id)}</p>
            </div>
            <ActiveBadge active={p.ativo} />
          </div>
          <dl className="grid min-w-0 gap-1">
            <Row label="Documento" value={p.documento} />
            <Row label="E-mail" value={p.email} />
            <Row label="Telefone" value={p.telefone_e164} />
            <Row label="Ramal" value={p.pbx_ramal} />
          </dl>
          <div className="mt-auto flex gap-2">
            <Button asChild variant="outline" size="sm" className="flex-1">
              <Link to={`/app/pessoas/${p.id}`} aria-label={`Ver ${p.nome}`}>
                Ver
              </Link>
            </Button>
            <Button asChild variant="outline" size="sm" className="flex-1">
              <Link to={`/app/pessoas/${p.id}/editar`} aria-label={`Editar ${p.nome}`}>
                Editar
              </Link>
            </Button>
          </div>
        </CardContent>
      </Card>
    </li>
  );
}

/** People list, as cards (SPEC.md section 2.8). */
export default function PessoasListPage() {
  const list$ = useListParams();
  const condominioId = list$.params.get("condominio_id");
  const filters = {
    q: list$.q,
    condominio_id: isUuid(condominioId) ? condominioId : undefined,
    status: oneOf(list$.params.get("status"), STATUSES),
    page: list$.page,
  };
  const list = useQuery(pessoasListOptions(filters));
  const [refreshing, setRefreshing] = useState(false);
  const data = list.data;
  const items = data?.items ?? [];
  const filtered = !!(filters.q || filters.condominio_id || filters.status);

  async function refresh() {
    setRefreshing(true);
    try {
      const result = await list.refetch();
      if (result.isError) toast.error("Erro ao atualizar", { description: errorMessage(result.error) });
      else toast.success("Dados atualizados", { description: "Lista de pessoas atualizada." });
    } finally {
      setRefreshing(false);
    }
  }

  return (
    <div className="mx-auto flex w-full max-w-7xl flex-col gap-6">
      <PageHeader
        title="Pessoas"
        description="Gerencie os moradores e funcionários dos condomínios."
        actions={
          <>
            <Button variant="outline" onClick={() => void refresh()} disabled={refreshing} aria-busy={refreshing}>
              <RefreshCw aria-hidden="true" className={cn(refreshing && "animate-spin")} />
              Atualizar
            </Button>
            <Button asChild>
              <Link to="/app/pessoas/nova">
                <Plus aria-hidden="true" />
                Nova Pessoa
              </Link>
            </Button>
          </>
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
                <Label htmlFor="busca-pessoas">Buscar pessoas</Label>
                <div className="relative">
                  <Search
                    className="pointer-events-none absolute top-1/2 left-2.5 size-4 -translate-y-1/2 text-muted-foreground"
                    aria-hidden="true"
                  />
                  <Input
                    id="busca-pessoas"
                    type="search"
                    placeholder="Nome, documento, e-mail ou ramal"
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
                    <SelectItem value={ALL}>Todos</SelectItem>
                    <SelectItem value="ativo">Ativo</SelectItem>
                    <SelectItem value="inativo">Inativo</SelectItem>
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
            {data ? (
              <p data-testid="results-count">{resultsLabel(data.total, data.total_truncated)}</p>
            ) : list.isPending ? (
              <p>Carregando pessoas...</p>
            ) : null}
          </div>

          {list.isError && !data ? (
            <Alert variant="destructive">
              <AlertTitle className="line-clamp-none">Erro ao carregar pessoas: {errorMessage(list.error)}</AlertTitle>
              <AlertDescription>
                <Button
                  variant="outline"
                  size="sm"
                  className="mt-2 text-foreground"
                  onClick={() => void list.refetch()}
                >
                  <RefreshCw aria-hidden="true" />
                  Tentar novamente
                </Button>
              </AlertDescription>
            </Alert>
          ) : list.isPending ? (
            <ul className="grid grid-cols-1 gap-4 sm:grid-cols-2 xl:grid-cols-3" aria-busy="true">
              {[0, 1, 2, 3, 4, 5].map((i) => (
                <li key={i} className="space-y-3 rounded-xl border p-4" aria-hidden="true">
                  <Skeleton className="h-10 w-40" />
                  <Skeleton className="h-4 w-full" />
                  <Skeleton className="h-4 w-3/4" />
                </li>
              ))}
            </ul>
          ) : items.length === 0 ? (
            <EmptyState
              icon={filtered ? SearchX : Users}
              title="Nenhuma pessoa encontrada"
              description={filtered ? "Tente ajustar os filtros ou a busca." : undefined}
              action={
                <Button asChild>
                  <Link to="/app/pessoas/nova">
                    <Plus aria-hidden="true" />
                    Cadastrar pessoa
                  </Link>
                </Button>
              }
            />
          ) : (
            <ul
              className={cn(
                "grid grid-cols-1 gap-4 sm:grid-cols-2 xl:grid-cols-3",
                list.isPlaceholderData && "opacity-60",
              )}
              aria-busy={list.isPlaceholderData || undefined}
              aria-label="Pessoas"
            >
              {items.map((p) => (
                <PessoaCard key={p.id} p={p} />
              ))}
            </ul>
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
