/**
 * Every condominium, and every unit of one: the choices of the forms and the names the registry
 * screens show for an id. Shared by several console features, so it lives here. Keys are rooted at
 * "condominios" and "unidades" (so changes to those screens refresh them) under an "options" branch.
 */
import { queryOptions } from "@tanstack/react-query";
import { QUERY_ROOTS } from "@/shared/query-keys";
import type { Condominio } from "@/shared/schemas/condominios";
import type { Unidade } from "@/shared/schemas/unidades";
import { apiFetch } from "./api";

/** Condominiums 300 s fresh, units 60 s (docs/product.md, "Live updates"). */
const CONDOMINIOS_STALE_TIME = 300_000;
const UNIDADES_STALE_TIME = 60_000;
const PAGE_SIZE = 200;
/** Safety stop: 20 pages of 200. */
const MAX_PAGES = 20;

interface Page<T> {
  items: T[];
  total: number;
  total_truncated?: boolean;
}

/** Reads every page of a list endpoint (the API serves at most 200 per page). */
async function fetchAll<T>(path: string, params: Record<string, string>, signal: AbortSignal): Promise<T[]> {
  const items: T[] = [];
  for (let page = 1; page <= MAX_PAGES; page++) {
    const search = new URLSearchParams({ ...params, page: String(page), page_size: String(PAGE_SIZE) });
    const body = await apiFetch<Page<T>>(`${path}?${search}`, { signal });
    items.push(...body.items);
    if (body.items.length < PAGE_SIZE || (!body.total_truncated && items.length >= body.total)) break;
  }
  return items;
}

export const lookupKeys = {
  condominios: () => [QUERY_ROOTS.condominios, "options"] as const,
  unidades: (condominioId: string) => [QUERY_ROOTS.unidades, "options", condominioId] as const,
};

export function condominioOptions() {
  return queryOptions({
    queryKey: lookupKeys.condominios(),
    queryFn: ({ signal }) => fetchAll<Condominio>("/api/condominios", {}, signal),
    staleTime: CONDOMINIOS_STALE_TIME,
  });
}

export function unidadeOptions(condominioId: string) {
  return queryOptions({
    queryKey: lookupKeys.unidades(condominioId),
    queryFn: ({ signal }) => fetchAll<Unidade>("/api/unidades", { condominio_id: condominioId }, signal),
    staleTime: UNIDADES_STALE_TIME,
    enabled: !!condominioId,
  });
}
