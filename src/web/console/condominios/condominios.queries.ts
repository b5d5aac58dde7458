/** Condominiums on the client: every key starts with "condominios" (300 s fresh, docs/product.md, "Live updates"). */
import { keepPreviousData, queryOptions, useMutation, useQueryClient } from "@tanstack/react-query";
import { QUERY_ROOTS, SOLICITACAO_ROOTS } from "@/shared/query-keys";
import {
  type CondominioInput,
  condominioDetailSchema,
  condominioInputSchema,
  condominioPageSchema,
  condominioSchema,
  retencaoSchema,
} from "@/shared/schemas/condominios";
import { apiFetch } from "@/web/lib/api";
import { cleanFilters, toQueryString } from "@/web/lib/use-list-params";

export const CONDOMINIOS_STALE_TIME = 300_000;

export interface CondominioFilters {
  q?: string;
  page?: number;
}

export const condominiosKeys = {
  all: [QUERY_ROOTS.condominios] as const,
  list: (filters: CondominioFilters) => [...condominiosKeys.all, "list", filters] as const,
  detail: (id: string) => [...condominiosKeys.all, "detail", id] as const,
  retencao: (id: string) => [...condominiosKeys.all, "retencao", id] as const,
};

export function condominiosListOptions(filters: CondominioFilters) {
  const clean = cleanFilters(filters);
  return queryOptions({
    queryKey: condominiosKeys.list(clean),
    queryFn: async ({ signal }) =>
      condominioPageSchema.parse(await apiFetch<unknown>(`/api/condominios${toQueryString(clean)}`, { signal })),
    staleTime: CONDOMINIOS_STALE_TIME,
    placeholderData: keepPreviousData,
  });
}

export function condominioDetailOptions(id: string) {
  return queryOptions({
    queryKey: condominiosKeys.detail(id),
    queryFn: async ({ signal }) =>
      condominioDetailSchema.parse(await apiFetch<unknown>(`/api/condominios/${encodeURIComponent(id)}`, { signal })),
    staleTime: CONDOMINIOS_STALE_TIME,
  });
}

/** POST /api/condominios, or PUT /api/condominios/:id when an id is given. */
export function useSaveCondominio(id?: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (input: CondominioInput) =>
      condominioSchema.parse(
        await apiFetch<unknown>(id ? `/api/condominios/${encodeURIComponent(id)}` : "/api/condominios", {
          method: id ? "PUT" : "POST",
          json: condominioInputSchema.parse(input),
        }),
      ),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: condominiosKeys.all }),
  });
}

/**
 * What the retention job would anonymise now in the condominium (docs/product.md, "Personal data and
 * retention"): always fetched fresh.
 */
export function retencaoPreviewOptions(id: string) {
  return queryOptions({
    queryKey: condominiosKeys.retencao(id),
    queryFn: async ({ signal }) =>
      retencaoSchema.parse(await apiFetch<unknown>(`/api/condominios/${encodeURIComponent(id)}/retencao`, { signal })),
    staleTime: 0,
  });
}

/**
 * POST /api/condominios/:id/retencao/executar. Visitors' names change on every screen that shows
 * requests, calls, passes or access records, so all of them refetch.
 */
export function useExecutarRetencao(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async () =>
      retencaoSchema.parse(
        await apiFetch<unknown>(`/api/condominios/${encodeURIComponent(id)}/retencao/executar`, { method: "POST" }),
      ),
    onSuccess: () =>
      Promise.all(
        [...SOLICITACAO_ROOTS, QUERY_ROOTS.passes, QUERY_ROOTS.acessos, QUERY_ROOTS.busca].map((root) =>
          queryClient.invalidateQueries({ queryKey: [root] }),
        ),
      ),
  });
}
