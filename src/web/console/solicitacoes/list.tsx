import { useQuery } from "@tanstack/react-query";
import { FilterX, Plus, RefreshCw, Search, SearchX } from "lucide-react";
import { useEffect, useRef, useState } from "react";
import { Link, useSearchParams } from "react-router";
import { toast } from "sonner";
import { SOLICITACAO_STATUSES, SOLICITACAO_TIPOS, type SolicitacaoStatus, type SolicitacaoTipo } from "@/shared/domain";
import { TOTAL_CAP } from "@/shared/schemas/common";
import { solicitacaoStatusDisplay, tipoLabel } from "@/shared/status-catalogue";
import { EmptyState } from "@/web/components/empty-state";
import { ErrorState } from "@/web/components/error-state";
import { PageHeader } from "@/web/components/page-header";
import { Pagination } from "@/web/components/pagination";
import { Button } from "@/web/components/ui/button";
import { Card, CardContent } from "@/web/components/ui/card";
import { Input } from "@/web/components/ui/input";
import { Label } from "@/web/components/ui/label";
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from "@/web/components/ui/select";
import { Skeleton } from "@/web/components/ui/skeleton";
import { consoleTitle } from "@/web/console/placeholder-page";
import { errorMessage } from "@/web/lib/api";
import { cn } from "@/web/lib/utils";
import type { Route } from "./+types/list";
import { type SolicitacaoFilters, solicitacoesListOptions } from "./solicitacoes.queries";
import { SolicitacoesTable } from "./solicitacoes-table";

export const meta: Route.MetaFunction = () => consoleTitle("Solicitações de Acesso");

const ALL = "todos";
const SEARCH_DEBOUNCE_MS = 300;
const MAX_SEARCH = 100;
const number = new Intl.NumberFormat("pt-BR");

/** The list's state lives in the URL (?status&tipo&q&page), so back and reload keep it. */
export function readListParams(params: URLSearchParams) {
  const status = params.get("status");
  const tipo = params.get("tipo");
  const page = Number.parseInt(params.get("page") ?? "", 10);
  return {
    status: (SOLICITACAO_STATUSES as readonly string[]).includes(status ?? "")
      ? (status as SolicitacaoStatus)
      : undefined,
    tipo: (SOLICITACAO_TIPOS as readonly string[]).includes(tipo ?? "") ? (tipo as SolicitacaoTipo) : undefined,
    q: (params.get("q") ?? "").trim().slice(0, MAX_SEARCH) || undefined,
    page: Number.isSafeInteger(page) && page > 1 ? page : 1,
  } satisfies SolicitacaoFilters;
}

/** "1 resultado", "23 resultados", "Mais de 10.000 resultados". */
export function resultsLabel(total: number, truncated: boolean): string {
  if (truncated) return `Mais de ${number.format(TOTAL_CAP)} resultados`;
  return `${number.format(total)} ${total === 1 ? "resultado" : "resultados"}`;
}

/** Request list (SPEC.md section 2.5). */
export default function SolicitacoesListPage() {
  const [params, setParams] = useSearchParams();
  const filters = readListParams(params);
  const list = useQuery(solicitacoesListOptions(filters));
  const [refreshing, setRefreshing] = useState(false);
  const topRef = useRef<HTMLDivElement>(null);

  /** Changes some parameters; any change of filter or search goes back to page 1. */
  function update(changes: Record<string, string | undefined>, { replace = false } = {}) {
    setParams(
      (previous) => {
        const next = new URLSearchParams(previous);
        for (const [key, value] of Object.entries(changes)) {
          if (value) next.set(key, value);
          else next.delete(key);
        }
        if (!("page" in changes)) next.delete("page");
        return next;
      },
      { replace, preventScrollReset: true },
    );
  }

  // The search box: typed text is debounced into ?q (replacing the history entry, so back does not
  // step through every keystroke); a ?q changed from outside (back/forward) refills the box.
  const [search, setSearch] = useState(filters.q ?? "");
  const urlQ = filters.q ?? "";
  const lastUrlQ = useRef(urlQ);
  useEffect(() => {
    if (urlQ !== lastUrlQ.current) {
      lastUrlQ.current = urlQ;
      setSearch(urlQ);
    }
  }, [urlQ]);
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs when the typed text changes only
  useEffect(() => {
    const next = search.trim().slice(0, MAX_SEARCH);
    if (next === lastUrlQ.current) return;
    const timer = setTimeout(() => {
      lastUrlQ.current = next;
      update({ q: next || undefined }, { replace: true });
    }, SEARCH_DEBOUNCE_MS);
    return () => clearTimeout(timer);
  }, [search]);

  async function refresh() {
    setRefreshing(true);
    try {
      const result = await list.refetch();
      if (result.isError) toast.error("Erro ao atualizar", { description: errorMessage(result.error) });
      else toast.success("Dados atualizados", { description: "Lista de solicitações atualizada." });
    } finally {
      setRefreshing(false);
    }
  }

  function goToPage(page: number) {
    update({ page: page > 1 ? String(page) : undefined });
    topRef.current?.scrollIntoView({ block: "start" });
  }

  const filtered = !!(filters.status || filters.tipo || filters.q);
  const data = list.data;
  const items = data?.items ?? [];

  return (
    <div className="mx-auto flex w-full max-w-7xl flex-col gap-6" ref={topRef}>
      <PageHeader
        title="Solicitações de Acesso"
        description="Gerencie as solicitações de acesso de visitantes e prestadores de serviço."
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

      <Card className="gap-4">
        <CardContent className="space-y-4 px-4 sm:px-6">
          <search>
            <form
              className="grid gap-3 md:grid-cols-[minmax(0,1fr)_12rem_12rem_auto] md:items-end"
              onSubmit={(event) => {
                event.preventDefault();
                const next = search.trim().slice(0, MAX_SEARCH);
                lastUrlQ.current = next;
                update({ q: next || undefined }, { replace: true });
              }}
            >
              <div className="grid gap-2">
                <Label htmlFor="busca-solicitacoes">Buscar solicitações</Label>
                <div className="relative">
                  <Search
                    className="pointer-events-none absolute top-1/2 left-2.5 size-4 -translate-y-1/2 text-muted-foreground"
                    aria-hidden="true"
                  />
                  <Input
                    id="busca-solicitacoes"
                    type="search"
                    placeholder="Nome, documento, unidade ou torre"
                    className="pl-8"
                    maxLength={MAX_SEARCH}
                    value={search}
                    onChange={(event) => setSearch(event.target.value)}
                  />
                </div>
              </div>
              <div className="grid gap-2">
                <Label htmlFor="filtro-status">Status</Label>
                <Select
                  value={filters.status ?? ALL}
                  onValueChange={(v) => update({ status: v === ALL ? undefined : v })}
                >
                  <SelectTrigger id="filtro-status">
                    <SelectValue />
                  </SelectTrigger>
                  <SelectContent>
                    <SelectItem value={ALL}>Todos os status</SelectItem>
                    {SOLICITACAO_STATUSES.map((status) => (
                      <SelectItem key={status} value={status}>
                        {solicitacaoStatusDisplay(status).label}
                      </SelectItem>
                    ))}
                  </SelectContent>
                </Select>
              </div>
              <div className="grid gap-2">
                <Label htmlFor="filtro-tipo">Tipo</Label>
                <Select value={filters.tipo ?? ALL} onValueChange={(v) => update({ tipo: v === ALL ? undefined : v })}>
                  <SelectTrigger id="filtro-tipo">
                    <SelectValue />
                  </SelectTrigger>
                  <SelectContent>
                    <SelectItem value={ALL}>Todos os tipos</SelectItem>
                    {SOLICITACAO_TIPOS.map((tipo) => (
                      <SelectItem key={tipo} value={tipo}>
                        {tipoLabel(tipo)}
                      </SelectItem>
                    ))}
                  </SelectContent>
                </Select>
              </div>
              <Button
                variant="ghost"
                disabled={!filtered && !search}
                onClick={() => {
                  lastUrlQ.current = "";
                  setSearch("");
                  update({ status: undefined, tipo: undefined, q: undefined });
                }}
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
              <Skeleton className="h-4 w-24" />
            ) : null}
          </div>

          {list.isError && !data ? (
            <ErrorState
              title="Não foi possível carregar as solicitações."
              error={list.error}
              onRetry={() => void list.refetch()}
            />
          ) : !list.isPending && items.length === 0 ? (
            <EmptyState
              icon={filtered ? SearchX : Plus}
              title="Nenhuma solicitação encontrada."
              description={filtered ? "Tente ajustar os filtros ou a busca." : undefined}
              action={
                <Button asChild>
                  <Link to="/app/solicitacoes/nova">
                    <Plus aria-hidden="true" />
                    Criar primeira solicitação
                  </Link>
                </Button>
              }
            />
          ) : (
            <SolicitacoesTable items={items} loading={list.isPending} stale={list.isPlaceholderData} />
          )}

          {data && (
            <Pagination
              page={filters.page}
              pageSize={data.page_size}
              total={data.total}
              totalTruncated={data.total_truncated}
              itemsOnPage={items.length}
              onPageChange={goToPage}
              disabled={list.isPlaceholderData}
            />
          )}
        </CardContent>
      </Card>
    </div>
  );
}
