/**
 * The gates' kiosks on the client (docs/product.md, "Totem"): the list, creating one, a new pairing
 * link and revoking. Every key starts with "totens", the root the server's `totem.atualizado` event
 * names (TOTEM_ROOTS), so a kiosk that pairs or is revoked elsewhere refreshes this screen by itself.
 */
import { keepPreviousData, queryOptions, useMutation, useQueryClient } from "@tanstack/react-query";
import { QUERY_ROOTS, TOTEM_ROOTS } from "@/shared/query-keys";
import {
  type Totem,
  type TotemCreate,
  type TotemPareamento,
  totemCreateSchema,
  totemPageSchema,
  totemPareamentoSchema,
  totemSchema,
} from "@/shared/schemas/totens";
import { apiFetch } from "@/web/lib/api";
import { invalidateRoots } from "@/web/lib/realtime";
import { cleanFilters, toQueryString } from "@/web/lib/use-list-params";

/** A kiosk's status moves when it pairs or is revoked; the realtime event refreshes it sooner. */
export const TOTENS_STALE_TIME = 60_000;

export interface TotemFilters {
  condominio_id?: string;
  page?: number;
  page_size?: number;
}

export const totensKeys = {
  all: [QUERY_ROOTS.totens] as const,
  lists: () => [...totensKeys.all, "list"] as const,
  list: (filters: TotemFilters) => [...totensKeys.lists(), filters] as const,
};

/** GET /api/totens: one page of the tenant's kiosks. */
export function totensListOptions(filters: TotemFilters) {
  const clean = cleanFilters(filters);
  return queryOptions({
    queryKey: totensKeys.list(clean),
    queryFn: async ({ signal }) =>
      totemPageSchema.parse(await apiFetch<unknown>(`/api/totens${toQueryString(clean)}`, { signal })),
    staleTime: TOTENS_STALE_TIME,
    placeholderData: keepPreviousData,
  });
}

const totemPath = (id: string, action: "pareamento" | "revogar") => `/api/totens/${encodeURIComponent(id)}/${action}`;

/** POST /api/totens: the kiosk and its first pairing link (shown once). */
export function useCriarTotem() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (input: TotemCreate): Promise<TotemPareamento> =>
      totemPareamentoSchema.parse(
        await apiFetch<unknown>("/api/totens", { method: "POST", json: totemCreateSchema.parse(input) }),
      ),
    onSettled: () => invalidateRoots(queryClient, TOTEM_ROOTS),
  });
}

/** POST /api/totens/:id/pareamento: a new link (the tablet was replaced, or the last link expired). */
export function useNovoPareamento() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (id: string): Promise<TotemPareamento> =>
      totemPareamentoSchema.parse(await apiFetch<unknown>(totemPath(id, "pareamento"), { method: "POST", json: {} })),
    onSettled: () => invalidateRoots(queryClient, TOTEM_ROOTS),
  });
}

/** POST /api/totens/:id/revogar: the kiosk stops at once (its next call is a 401). */
export function useRevogarTotem() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (id: string): Promise<Totem> =>
      totemSchema.parse(await apiFetch<unknown>(totemPath(id, "revogar"), { method: "POST", json: {} })),
    onSettled: () => invalidateRoots(queryClient, TOTEM_ROOTS),
  });
}
