/** Calls on the client: every key starts with "chamadas" (60 s fresh). Calls are read-only here. */
import { keepPreviousData, queryOptions } from "@tanstack/react-query";
import type { ChamadaStatus } from "@/shared/domain";
import { QUERY_ROOTS } from "@/shared/query-keys";
import { chamadaListItemSchema, chamadaPageSchema } from "@/shared/schemas/chamadas";
import { apiFetch } from "@/web/lib/api";
import { cleanFilters, toQueryString } from "@/web/lib/use-list-params";

export const CHAMADAS_STALE_TIME = 60_000;

export interface ChamadaFilters {
  /** The condominium of the call's request. */
  condominio_id?: string;
  status?: ChamadaStatus;
  q?: string;
  solicitacao_id?: string;
  pessoa_id?: string;
  page?: number;
  /** The API's default (50) unless set: the morador's home shows only the latest few. */
  page_size?: number;
}

export const chamadasKeys = {
  all: [QUERY_ROOTS.chamadas] as const,
  list: (filters: ChamadaFilters) => [...chamadasKeys.all, "list", filters] as const,
  detail: (id: string) => [...chamadasKeys.all, "detail", id] as const,
};

export function chamadasListOptions(filters: ChamadaFilters) {
  const clean = cleanFilters(filters);
  return queryOptions({
    queryKey: chamadasKeys.list(clean),
    queryFn: async ({ signal }) =>
      chamadaPageSchema.parse(await apiFetch<unknown>(`/api/chamadas${toQueryString(clean)}`, { signal })),
    staleTime: CHAMADAS_STALE_TIME,
    placeholderData: keepPreviousData,
  });
}

export function chamadaDetailOptions(id: string) {
  return queryOptions({
    queryKey: chamadasKeys.detail(id),
    queryFn: async ({ signal }) =>
      chamadaListItemSchema.parse(await apiFetch<unknown>(`/api/chamadas/${encodeURIComponent(id)}`, { signal })),
    staleTime: CHAMADAS_STALE_TIME,
  });
}
