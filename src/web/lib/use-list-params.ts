/**
 * URL-synced list state shared by the registry lists: filters live in the query string (so back and
 * reload keep them), the search box is debounced into ?q, and any filter change goes back to page 1.
 */
import { useEffect, useRef, useState } from "react";
import { useSearchParams } from "react-router";

export const SEARCH_DEBOUNCE_MS = 300;
export const MAX_SEARCH = 100;
/** The "Todos"/"Todas" value of the filter selects (Radix Select needs a non-empty value). */
export const ALL = "todos";

export function useListParams() {
  const [params, setParams] = useSearchParams();
  const page = Number.parseInt(params.get("page") ?? "", 10);
  const urlQ = (params.get("q") ?? "").trim().slice(0, MAX_SEARCH);

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

  const [search, setSearch] = useState(urlQ);
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

  function submitSearch() {
    const next = search.trim().slice(0, MAX_SEARCH);
    lastUrlQ.current = next;
    update({ q: next || undefined }, { replace: true });
  }

  /** Clears the search and the given filter keys. */
  function clear(keys: string[]) {
    lastUrlQ.current = "";
    setSearch("");
    update(Object.fromEntries([["q", undefined], ...keys.map((k) => [k, undefined])]));
  }

  return {
    /** A query-string id, if it is a well-formed UUID (anything else would be a 400 from the API). */
    uuid: (key: string) => {
      const value = params.get(key);
      return isUuid(value) ? value : undefined;
    },
    /** A query-string value, if it is one of the allowed ones. */
    oneOf: <T extends string>(key: string, allowed: readonly T[]) => oneOf(params.get(key), allowed),
    q: urlQ || undefined,
    page: Number.isSafeInteger(page) && page > 1 ? page : 1,
    update,
    search,
    setSearch,
    submitSearch,
    clear,
    goToPage: (p: number) => update({ page: p > 1 ? String(p) : undefined }),
  };
}

export type ListParams = ReturnType<typeof useListParams>;

/** Whether any filter besides the page is set: the empty state then suggests changing them. */
export function isFiltered(filters: object): boolean {
  return Object.entries(filters).some(([key, value]) => key !== "page" && !!value);
}

function oneOf<T extends string>(value: string | null, allowed: readonly T[]): T | undefined {
  return (allowed as readonly string[]).includes(value ?? "") ? (value as T) : undefined;
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
export function isUuid(value: string | null | undefined): value is string {
  return !!value && UUID.test(value);
}

/** Drops empty values and builds "?a=1&b=2". */
export function toQueryString(filters: object): string {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(filters)) {
    if (value === undefined || value === null || value === "") continue;
    params.set(key, String(value));
  }
  const text = params.toString();
  return text ? `?${text}` : "";
}

export function cleanFilters<T extends object>(filters: T): T {
  const clean: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(filters)) {
    if (value === undefined || value === null || value === "") continue;
    clean[key] = value;
  }
  return clean as T;
}
