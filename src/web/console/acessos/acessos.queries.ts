/**
 * The access log on the client (docs/product.md, "Entradas e saídas"): the list, its CSV export and the two
 * changes the gate makes to it, registering an entry and an exit. Every key starts with "acessos", the root
 * the server's acesso.* events name; a change here invalidates the same roots as that event (ACESSO_ROOTS:
 * the log, the dashboard's "people inside" count and the pass screens), so this tab does not wait for the
 * echo. The Portaria screen uses these through this module.
 */
import { keepPreviousData, queryOptions, useMutation, useQueryClient } from "@tanstack/react-query";
import type { AcessoOrigem, VisitaTipo } from "@/shared/domain";
import { ACESSO_ROOTS, QUERY_ROOTS } from "@/shared/query-keys";
import {
  type Acesso,
  type AcessoPage,
  acessoPageSchema,
  acessoSchema,
  type EntradaCreate,
} from "@/shared/schemas/acessos";
import { apiFetch } from "@/web/lib/api";
import { invalidateRoots } from "@/web/lib/realtime";
import { cleanFilters, toQueryString } from "@/web/lib/use-list-params";

/** The gate's lists move every few minutes; realtime events refresh them sooner. */
export const ACESSOS_STALE_TIME = 30_000;

/** The API's filters; `de`/`ate` are ISO date-times (inclusive start, exclusive end). */
export interface AcessoFilters {
  condominio_id?: string;
  unidade_id?: string;
  tipo?: VisitaTipo;
  origem?: AcessoOrigem;
  /** "true": only who is inside now. */
  presentes?: "true";
  q?: string;
  de?: string;
  ate?: string;
  page?: number;
  page_size?: number;
}

export const acessosKeys = {
  all: [QUERY_ROOTS.acessos] as const,
  lists: () => [...acessosKeys.all, "list"] as const,
  list: (filters: AcessoFilters) => [...acessosKeys.lists(), filters] as const,
};

/** GET /api/acessos: one page, newest entry first. */
export function acessosListOptions(filters: AcessoFilters) {
  const clean = cleanFilters(filters);
  return queryOptions({
    queryKey: acessosKeys.list(clean),
    queryFn: async ({ signal }): Promise<AcessoPage> =>
      acessoPageSchema.parse(await apiFetch<unknown>(`/api/acessos${toQueryString(clean)}`, { signal })),
    staleTime: ACESSOS_STALE_TIME,
    placeholderData: keepPreviousData,
  });
}

/** POST /api/acessos: an entry through a validated pass, an authorised request or a resident. 409 if already in. */
export function useRegistrarEntrada() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (input: EntradaCreate): Promise<Acesso> =>
      acessoSchema.parse(await apiFetch<unknown>("/api/acessos", { method: "POST", json: input })),
    onSettled: () => invalidateRoots(queryClient, ACESSO_ROOTS),
  });
}

/** POST /api/acessos/:id/nao-entrou: the gate opened but nobody came in (a few minutes after the entry). */
export function useNaoEntrou() {
  return useAcessoAction("nao-entrou");
}

/** POST /api/acessos/:id/desfazer-saida: an exit tapped by mistake, shortly after. */
export function useDesfazerSaida() {
  return useAcessoAction("desfazer-saida");
}

function useAcessoAction(action: "nao-entrou" | "desfazer-saida") {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (id: string): Promise<Acesso> =>
      acessoSchema.parse(
        await apiFetch<unknown>(`/api/acessos/${encodeURIComponent(id)}/${action}`, { method: "POST", json: {} }),
      ),
    onSettled: () => invalidateRoots(queryClient, ACESSO_ROOTS),
  });
}

/** POST /api/acessos/:id/saida. 409 when they already left (someone else registered it). */
export function useRegistrarSaida() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (id: string): Promise<Acesso> =>
      acessoSchema.parse(
        await apiFetch<unknown>(`/api/acessos/${encodeURIComponent(id)}/saida`, { method: "POST", json: {} }),
      ),
    // On a 409 too: the list then drops the person someone else already let out.
    onSettled: () => invalidateRoots(queryClient, ACESSO_ROOTS),
  });
}
