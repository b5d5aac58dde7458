/**
 * The scaffold of the console's list screens (solicitações, pessoas, unidades, condomínios,
 * chamadas): header, filter bar, results count, the loading/error/empty states and pagination, so
 * a screen only says what it filters and how it draws its items.
 */
import type { UseQueryResult } from "@tanstack/react-query";
import { ChevronDown, Eye, FileSpreadsheet, FilterX, Pencil, Plus, Search, SlidersHorizontal } from "lucide-react";
import type * as React from "react";
import { Children, useId, useState } from "react";
import { Link, useSearchParams } from "react-router";
import { TOTAL_CAP } from "@/shared/schemas/common";
import { ErrorState } from "@/web/components/error-state";
import { PageHeader } from "@/web/components/page-header";
import { Pagination } from "@/web/components/pagination";
import { Button } from "@/web/components/ui/button";
import { Card, CardContent } from "@/web/components/ui/card";
import { Input } from "@/web/components/ui/input";
import { Label } from "@/web/components/ui/label";
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from "@/web/components/ui/select";
import { ALL, type ListParams, MAX_SEARCH } from "@/web/lib/use-list-params";
import { cn } from "@/web/lib/utils";

const number = new Intl.NumberFormat("pt-BR");

/** "1 resultado", "23 resultados", "Mais de 10.000 resultados". */
function resultsLabel(total: number, truncated: boolean): string {
  if (truncated) return `Mais de ${number.format(TOTAL_CAP)} resultados`;
  return `${number.format(total)} ${total === 1 ? "resultado" : "resultados"}`;
}

/** One page of a list endpoint, as every list API returns it. */
interface ListPage<T> {
  items: T[];
  total: number;
  total_truncated: boolean;
  page_size: number;
}

/** A primary button-link with the "+" icon: "Nova Pessoa", "Cadastrar unidade"... */
export function AddLink({ to, children }: { to: string; children: React.ReactNode }) {
  return (
    <Button asChild>
      <Link to={to}>
        <Plus aria-hidden="true" />
        {children}
      </Link>
    </Button>
  );
}

/**
 * "Importar planilha" of the unit and people lists (docs/product.md, "Importar planilha"), carrying
 * the condominium the list is filtered by.
 */
export function ImportLink({ condominioId }: { condominioId?: string }) {
  return (
    <Button asChild variant="outline">
      <Link to={condominioId ? `/app/importacao?condominio_id=${condominioId}` : "/app/importacao"}>
        <FileSpreadsheet aria-hidden="true" />
        Importar planilha
      </Link>
    </Button>
  );
}

/**
 * The search box (debounced into ?q by useListParams), the screen's own filters and, when the screen
 * has filters to clear, "Limpar filtros". `columns` lays them out on wide screens. On a phone the
 * filters fold behind one "Filtros" button, which counts the ones in effect ("Filtros (2)"), under
 * the search box, which always shows (docs/product.md, "Lists and search"). A screen without a search
 * (the audit trail) leaves out `searchId`.
 */
export function ListFilters({
  list,
  searchId,
  searchLabel,
  placeholder,
  columns,
  clearKeys,
  filtered = false,
  children,
}: {
  list: ListParams;
  searchId?: string;
  searchLabel?: string;
  placeholder?: string;
  columns: string;
  /** The query-string keys "Limpar filtros" removes along with ?q; without them there is no button. */
  clearKeys?: string[];
  filtered?: boolean;
  children?: React.ReactNode;
}) {
  const [params] = useSearchParams();
  const [open, setOpen] = useState(false);
  const panelId = useId();
  const hasFilters = Children.toArray(children).length > 0 || !!clearKeys;
  const active = (clearKeys ?? []).filter((key) => !!params.get(key)).length;
  const clear = clearKeys && (
    <Button type="button" variant="ghost" disabled={!filtered && !list.search} onClick={() => list.clear(clearKeys)}>
      <FilterX aria-hidden="true" />
      Limpar filtros
    </Button>
  );
  return (
    <search>
      <form
        className={cn("grid gap-3 md:items-end", columns)}
        onSubmit={(event) => {
          event.preventDefault();
          list.submitSearch();
        }}
      >
        {searchId && (
          <div className="grid gap-2">
            <Label htmlFor={searchId}>{searchLabel}</Label>
            <div className="relative">
              <Search
                className="pointer-events-none absolute top-1/2 left-2.5 size-4 -translate-y-1/2 text-muted-foreground"
                aria-hidden="true"
              />
              <Input
                id={searchId}
                type="search"
                placeholder={placeholder}
                className="pl-8"
                maxLength={MAX_SEARCH}
                value={list.search}
                onChange={(event) => list.setSearch(event.target.value)}
              />
            </div>
          </div>
        )}
        {hasFilters && (
          <>
            <Button
              type="button"
              variant="outline"
              className="w-full justify-between md:hidden"
              aria-expanded={open}
              aria-controls={panelId}
              onClick={() => setOpen(!open)}
            >
              <span className="flex items-center gap-2">
                <SlidersHorizontal aria-hidden="true" />
                {active > 0 ? `Filtros (${active})` : "Filtros"}
              </span>
              <ChevronDown className={cn("transition-transform", open && "rotate-180")} aria-hidden="true" />
            </Button>
            {/* On wide screens the panel's children sit in the form's own grid, as if it were not there. */}
            <div id={panelId} className={cn("grid gap-3 md:contents", !open && "max-md:hidden")}>
              {children}
              {clear}
            </div>
          </>
        )}
      </form>
    </search>
  );
}

/** A labelled select whose first choice ("Todos", "Todas"...) means no filter (undefined). */
export function SelectFilter({
  id,
  label,
  allLabel,
  value,
  onChange,
  options,
}: {
  id: string;
  label: string;
  allLabel: string;
  value: string | undefined;
  onChange: (value: string | undefined) => void;
  options: readonly (readonly [value: string, label: string])[];
}) {
  return (
    <div className="grid gap-2">
      <Label htmlFor={id}>{label}</Label>
      <Select value={value ?? ALL} onValueChange={(v) => onChange(v === ALL ? undefined : v)}>
        <SelectTrigger id={id} className="w-full">
          <SelectValue />
        </SelectTrigger>
        <SelectContent>
          <SelectItem value={ALL}>{allLabel}</SelectItem>
          {options.map(([optionValue, optionLabel]) => (
            <SelectItem key={optionValue} value={optionValue}>
              {optionLabel}
            </SelectItem>
          ))}
        </SelectContent>
      </Select>
    </div>
  );
}

/**
 * A list screen. While the first page loads, `loading` replaces the content; screens without it draw
 * their own skeleton inside the content (a table keeps its header that way). An error only replaces
 * the content when there is nothing to show: a failed refetch keeps the rows already on screen.
 */
export function ListScreen<T>({
  ref,
  title,
  description,
  actions,
  filters,
  query,
  page,
  onPageChange,
  countLoading,
  loading,
  errorTitle,
  error,
  empty,
  children,
}: {
  ref?: React.Ref<HTMLDivElement>;
  title: string;
  description: string;
  actions?: React.ReactNode;
  filters: React.ReactNode;
  query: UseQueryResult<ListPage<T>>;
  page: number;
  onPageChange: (page: number) => void;
  /** Shown in place of the results count while the first page loads. */
  countLoading?: React.ReactNode;
  loading?: React.ReactNode;
  /** What failed, in the standard error state ("Não foi possível carregar as unidades."). */
  errorTitle?: string;
  /** Instead of errorTitle, where the product words the error state differently. */
  error?: React.ReactNode;
  empty: React.ReactNode;
  children: (items: T[]) => React.ReactNode;
}) {
  const data = query.data;
  const items = data?.items ?? [];
  let content: React.ReactNode;
  if (query.isError && !data)
    content = error ?? <ErrorState title={errorTitle ?? ""} error={query.error} onRetry={() => void query.refetch()} />;
  else if (query.isPending && loading) content = loading;
  else if (!query.isPending && items.length === 0) content = empty;
  else content = children(items);

  return (
    <div className="mx-auto flex w-full max-w-7xl flex-col gap-6" ref={ref}>
      <PageHeader title={title} description={description} actions={actions} />
      <Card className="gap-4">
        <CardContent className="space-y-4 px-4 sm:px-6">
          {filters}

          <div className="min-h-5 text-muted-foreground text-sm" aria-live="polite">
            {data ? (
              <p data-testid="results-count">{resultsLabel(data.total, data.total_truncated)}</p>
            ) : query.isPending ? (
              countLoading
            ) : null}
          </div>

          {content}

          {data && (
            <Pagination
              page={page}
              pageSize={data.page_size}
              total={data.total}
              totalTruncated={data.total_truncated}
              itemsOnPage={items.length}
              onPageChange={onPageChange}
              disabled={query.isPlaceholderData}
            />
          )}
        </CardContent>
      </Card>
    </div>
  );
}

/** The table and the cards of a list screen live apart, so a screen that only shows rows loads no filter code. */
export { ListTable } from "@/web/components/responsive-list";

/**
 * The links "Ver" and "Editar" of a record, named for screen readers ("Ver {name}"); "Editar" only
 * when the role may edit (`editable`). Icons in a table row; on a card (`layout="card"`), buttons
 * with their words, for a thumb.
 */
export function RowActions({
  to,
  name,
  editable = true,
  layout = "table",
}: {
  to: string;
  name: string;
  editable?: boolean;
  layout?: "table" | "card";
}) {
  if (layout === "card")
    return (
      <>
        <Button asChild variant="outline">
          <Link to={to} aria-label={`Ver ${name}`}>
            <Eye aria-hidden="true" />
            Ver
          </Link>
        </Button>
        {editable && (
          <Button asChild variant="outline">
            <Link to={`${to}/editar`} aria-label={`Editar ${name}`}>
              <Pencil aria-hidden="true" />
              Editar
            </Link>
          </Button>
        )}
      </>
    );
  return (
    <div className="flex justify-end gap-1">
      <Button asChild variant="ghost" size="icon">
        <Link to={to} aria-label={`Ver ${name}`}>
          <Eye aria-hidden="true" />
        </Link>
      </Button>
      {editable && (
        <Button asChild variant="ghost" size="icon">
          <Link to={`${to}/editar`} aria-label={`Editar ${name}`}>
            <Pencil aria-hidden="true" />
          </Link>
        </Button>
      )}
    </div>
  );
}
