/** Units and their residents on the client: every key starts with "unidades" (60 s fresh). */
import { keepPreviousData, queryOptions, useMutation, useQueryClient } from "@tanstack/react-query";
import { QUERY_ROOTS } from "@/shared/query-keys";
import {
  type UnidadeInput,
  unidadeDetailSchema,
  unidadeInputSchema,
  unidadePageSchema,
  unidadeSchema,
} from "@/shared/schemas/unidades";
import { apiFetch } from "@/web/lib/api";
import { cleanFilters, toQueryString } from "@/web/lib/use-list-params";

export const UNIDADES_STALE_TIME = 60_000;

export interface UnidadeFilters {
  condominio_id?: string;
  q?: string;
  status?: "ativa" | "inativa";
  page?: number;
}

export const unidadesKeys = {
  all: [QUERY_ROOTS.unidades] as const,
  list: (filters: UnidadeFilters) => [...unidadesKeys.all, "list", filters] as const,
  detail: (id: string) => [...unidadesKeys.all, "detail", id] as const,
};

export function unidadesListOptions(filters: UnidadeFilters) {
  const clean = cleanFilters(filters);
  return queryOptions({
    queryKey: unidadesKeys.list(clean),
    queryFn: async ({ signal }) =>
      unidadePageSchema.parse(await apiFetch<unknown>(`/api/unidades${toQueryString(clean)}`, { signal })),
    staleTime: UNIDADES_STALE_TIME,
    placeholderData: keepPreviousData,
  });
}

export function unidadeDetailOptions(id: string) {
  return queryOptions({
    queryKey: unidadesKeys.detail(id),
    queryFn: async ({ signal }) =>
      unidadeDetailSchema.parse(await apiFetch<unknown>(`/api/unidades/${encodeURIComponent(id)}`, { signal })),
    staleTime: UNIDADES_STALE_TIME,
  });
}

/** Resident changes touch units (counts), people (their units) and condominium counts. */
function invalidateAll(queryClient: ReturnType<typeof useQueryClient>) {
  return Promise.all([
    queryClient.invalidateQueries({ queryKey: unidadesKeys.all }),
    queryClient.invalidateQueries({ queryKey: [QUERY_ROOTS.pessoas] }),
  ]);
}

export function useSaveUnidade(id?: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (input: UnidadeInput) =>
      unidadeSchema.omit({ moradores: true }).parse(
        await apiFetch<unknown>(id ? `/api/unidades/${encodeURIComponent(id)}` : "/api/unidades", {
          method: id ? "PUT" : "POST",
          json: unidadeInputSchema.parse(input),
        }),
      ),
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: unidadesKeys.all }),
        queryClient.invalidateQueries({ queryKey: [QUERY_ROOTS.condominios] }),
      ]),
  });
}

const base = (id: string) => `/api/unidades/${encodeURIComponent(id)}/moradores`;

export function useLinkMorador(unidadeId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: { pessoa_id: string; is_responsavel: boolean }) =>
      apiFetch<unknown>(base(unidadeId), { method: "POST", json: input }),
    onSuccess: () => invalidateAll(queryClient),
  });
}

export function useUpdateMorador(unidadeId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ pessoaId, is_responsavel }: { pessoaId: string; is_responsavel: boolean }) =>
      apiFetch<unknown>(`${base(unidadeId)}/${encodeURIComponent(pessoaId)}`, {
        method: "PATCH",
        json: { is_responsavel },
      }),
    onSuccess: () => invalidateAll(queryClient),
  });
}

export function useUnlinkMorador(unidadeId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (pessoaId: string) =>
      apiFetch<unknown>(`${base(unidadeId)}/${encodeURIComponent(pessoaId)}`, { method: "DELETE" }),
    onSuccess: () => invalidateAll(queryClient),
  });
}
