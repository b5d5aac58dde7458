/**
 * Passes on the client: one query-key factory and the query/mutation options of every call to
 * /api/passes. Every key starts with "passes", so the realtime events of a validation at the gate
 * (`passe.validado`, `passe.atualizado`) refresh the list and the detail's "usos" and history; a
 * change made here invalidates the same roots as the server's event (PASSE_ROOTS).
 */
import { keepPreviousData, queryOptions, useMutation, useQueryClient } from "@tanstack/react-query";
import type { PasseStatus, VisitaTipo } from "@/shared/domain";
import { PASSE_ROOTS, QUERY_ROOTS } from "@/shared/query-keys";
import { fotoSchema } from "@/shared/schemas/fotos";
import {
  type PasseCreate,
  type PasseDetail,
  type PassePage,
  type PasseUpdate,
  passeDetailSchema,
  passePageSchema,
} from "@/shared/schemas/passes";
import { apiFetch } from "@/web/lib/api";
import { invalidateRoots } from "@/web/lib/realtime";
import { cleanFilters, toQueryString } from "@/web/lib/use-list-params";

/** Lists and details: 60 s fresh, like the other registers; realtime events refresh them sooner. */
export const PASSES_STALE_TIME = 60_000;

export interface PasseFilters {
  condominio_id?: string;
  unidade_id?: string;
  status?: PasseStatus;
  tipo?: VisitaTipo;
  q?: string;
  page?: number;
  page_size?: number;
}

export const passesKeys = {
  all: [QUERY_ROOTS.passes] as const,
  lists: () => [...passesKeys.all, "list"] as const,
  list: (filters: PasseFilters) => [...passesKeys.lists(), filters] as const,
  details: () => [...passesKeys.all, "detail"] as const,
  detail: (id: string) => [...passesKeys.details(), id] as const,
};

/** GET /api/passes: one page. */
export function passesListOptions(filters: PasseFilters) {
  const clean = cleanFilters(filters);
  return queryOptions({
    queryKey: passesKeys.list(clean),
    queryFn: async ({ signal }): Promise<PassePage> =>
      passePageSchema.parse(await apiFetch<unknown>(`/api/passes${toQueryString(clean)}`, { signal })),
    staleTime: PASSES_STALE_TIME,
    placeholderData: keepPreviousData,
  });
}

/** GET /api/passes/:id, with the PIN, the QR Code's token, the share links and the last validations. */
export function passeDetailOptions(id: string) {
  return queryOptions({
    queryKey: passesKeys.detail(id),
    queryFn: async ({ signal }): Promise<PasseDetail> =>
      passeDetailSchema.parse(await apiFetch<unknown>(`/api/passes/${encodeURIComponent(id)}`, { signal })),
    staleTime: PASSES_STALE_TIME,
  });
}

type QueryClient = ReturnType<typeof useQueryClient>;

/** The answer is the whole detail: show it at once, and refresh every screen that lists passes. */
function afterChange(queryClient: QueryClient, passe: PasseDetail) {
  queryClient.setQueryData(passesKeys.detail(passe.id), passe);
  invalidateRoots(queryClient, PASSE_ROOTS);
}

/** POST /api/passes. The body is the form's output of passeCreateSchema. */
export function useCreatePasse() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (input: PasseCreate) =>
      passeDetailSchema.parse(await apiFetch<unknown>("/api/passes", { method: "POST", json: input })),
    onSuccess: (passe) => afterChange(queryClient, passe),
  });
}

/** PUT /api/passes/:id: the visitor and the schedule (the unit, PIN and QR Code stay). */
export function useUpdatePasse(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (input: PasseUpdate) =>
      passeDetailSchema.parse(
        await apiFetch<unknown>(`/api/passes/${encodeURIComponent(id)}`, { method: "PUT", json: input }),
      ),
    onSuccess: (passe) => afterChange(queryClient, passe),
  });
}

export type PasseAcao = "suspender" | "reativar" | "revogar";

/** POST /api/passes/:id/suspender | /reativar | /revogar. 409 when the status no longer allows it. */
export function usePasseAcao(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (acao: PasseAcao) =>
      passeDetailSchema.parse(
        await apiFetch<unknown>(`/api/passes/${encodeURIComponent(id)}/${acao}`, { method: "POST", json: {} }),
      ),
    onSuccess: (passe) => afterChange(queryClient, passe),
    onError: () => {
      // Someone else may have changed it first (409): show the current status.
      void queryClient.invalidateQueries({ queryKey: passesKeys.detail(id) });
    },
  });
}

/**
 * POST /api/passes/:id/foto: the holder's face, replacing any earlier one (docs/product.md, "Fotos").
 * The answer is the photo still "processando": the detail is refetched to show its placeholder, and
 * the `passe.atualizado` event refetches it again once the image is ready.
 */
export function useAdicionarFotoPasse(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (foto: Blob) =>
      fotoSchema.parse(
        await apiFetch<unknown>(`/api/passes/${encodeURIComponent(id)}/foto`, {
          method: "POST",
          headers: { "Content-Type": foto.type || "image/jpeg" },
          body: foto,
        }),
      ),
    onSettled: () => {
      // The detail (under the "passes" root) refetches, also after a failure: a 409 means the pass was
      // revoked meanwhile, which the refetched detail then shows.
      invalidateRoots(queryClient, PASSE_ROOTS);
    },
  });
}
