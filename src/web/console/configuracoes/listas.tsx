/**
 * What the settings cards' lists (convites, chaves, webhooks, entregas) share: the choice between
 * the error, the skeleton, the empty state and the items; the items' and the skeleton's lists; the
 * situation filter; and the step back from a page that a removal emptied.
 */
import type { UseQueryResult } from "@tanstack/react-query";
import type * as React from "react";
import { useEffect } from "react";
import { ErrorState } from "@/web/components/error-state";
import { Skeleton } from "@/web/components/ui/skeleton";
import { cn } from "@/web/lib/utils";

/**
 * The error replaces the list only when there is nothing to show: a failed refetch keeps the items
 * already on screen.
 */
export function ConteudoDaLista({
  query,
  erro,
  carregando,
  vazio,
  children,
}: {
  query: UseQueryResult<{ items: readonly unknown[] }>;
  /** What failed, in the standard error state ("Não foi possível carregar as chaves."). */
  erro: string;
  carregando: React.ReactNode;
  vazio: React.ReactNode;
  children: React.ReactNode;
}) {
  if (query.isError && !query.data)
    return <ErrorState title={erro} error={query.error} onRetry={() => void query.refetch()} />;
  if (query.isPending) return carregando;
  if ((query.data?.items ?? []).length === 0) return vazio;
  return children;
}

/** The items, dimmed and marked busy while the previous page stays on screen (`stale`). */
export function ListaItens({
  label,
  stale = false,
  children,
}: {
  label: string;
  stale?: boolean;
  children: React.ReactNode;
}) {
  return (
    <ul
      className={cn("divide-y rounded-lg border", stale && "opacity-60")}
      aria-label={label}
      aria-busy={stale || undefined}
    >
      {children}
    </ul>
  );
}

/** Two placeholder items, hidden from screen readers; the list's name says what is loading. */
export function ListaSkeleton({
  label,
  larguras = ["w-48", "w-32"],
}: {
  /** "Carregando chaves". */
  label: string;
  /** Of the first and the second line, roughly those of the item's title and detail. */
  larguras?: readonly [string, string];
}) {
  return (
    <ul className="divide-y rounded-lg border" aria-busy="true" aria-label={label}>
      {[0, 1].map((i) => (
        <li key={i} className="space-y-2 p-4" aria-hidden="true">
          <Skeleton className={cn("h-4", larguras[0])} />
          <Skeleton className={cn("h-3", larguras[1])} />
        </li>
      ))}
    </ul>
  );
}

/**
 * "Situação" as native radio buttons (arrow keys move between them) drawn as a segmented control;
 * the first option, "Todas", is no filter (undefined).
 */
export function FiltroSituacao<S extends string>({
  name,
  value,
  options,
  onChange,
  denso = false,
}: {
  /** Of the radio group; unique on the page. */
  name: string;
  value: S | undefined;
  options: readonly (readonly [S | undefined, string])[];
  onChange: (status: S | undefined) => void;
  /** Narrower options, for four of them in a dialog. */
  denso?: boolean;
}) {
  return (
    <fieldset className="flex min-w-0 flex-wrap items-center gap-x-3 gap-y-2">
      <legend className="float-left mr-1 font-medium text-sm">Situação</legend>
      <div className={cn("inline-flex rounded-md border p-0.5", denso && "flex-wrap")}>
        {options.map(([status, label]) => (
          <label
            key={label}
            className={cn(
              "cursor-pointer rounded-sm py-1.5 text-sm transition-colors has-[:focus-visible]:ring-[3px] has-[:focus-visible]:ring-ring/50",
              denso ? "px-2.5" : "px-3",
              value === status ? "bg-primary text-primary-foreground" : "text-muted-foreground hover:text-foreground",
            )}
          >
            <input
              type="radio"
              name={name}
              className="sr-only"
              checked={value === status}
              onChange={() => onChange(status)}
            />
            {label}
          </label>
        ))}
      </div>
    </fieldset>
  );
}

/**
 * An action on the last page (a revocation, a redelivery under a filter) can leave it empty: step
 * back (`voltar`) instead of showing an empty page. The placeholder page of a page change does not
 * count.
 */
export function useVoltaDaPaginaVazia(
  query: UseQueryResult<{ items: readonly unknown[] }>,
  page: number,
  voltar: () => void,
) {
  const vazia = !!query.data && query.data.items.length === 0 && page > 1 && !query.isPlaceholderData;
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs when the page turns out empty only
  useEffect(() => {
    if (vazia) voltar();
  }, [vazia]);
}
