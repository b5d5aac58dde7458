/**
 * Deliveries on the client (docs/product.md, "Encomendas"): one key factory and the query/mutation
 * options of every call to /api/encomendas. Every key starts with "encomendas", the root the
 * server's `encomenda.atualizada` event names (ENCOMENDA_ROOTS): a package received, confirmed or
 * handed over at another tablet refreshes the lists, the detail and the morador's screen by itself;
 * a change made here invalidates the same roots.
 */
import { keepPreviousData, queryOptions, useMutation, useQueryClient } from "@tanstack/react-query";
import type { EncomendaStatus, Transportadora } from "@/shared/domain";
import { ENCOMENDA_ROOTS, QUERY_ROOTS } from "@/shared/query-keys";
import {
  type AutorizadoCreateInput,
  autorizadoListSchema,
  autorizadoSchema,
  type EncomendaCreate,
  type EncomendaDetail,
  type EncomendaItem,
  type EncomendaPage,
  encomendaDetailSchema,
  encomendaPageSchema,
  loteCriadoSchema,
  type RetiradaConsulta,
  type RetiradaCreate,
  retiradaConsultaResultSchema,
  retiradaResultSchema,
} from "@/shared/schemas/encomendas";
import { fotoSchema } from "@/shared/schemas/fotos";
import { apiFetch } from "@/web/lib/api";
import { invalidateRoots } from "@/web/lib/realtime";
import { cleanFilters, toQueryString } from "@/web/lib/use-list-params";

/** Lists and details: 30 s fresh (the gate's busiest screen); realtime events refresh them sooner. */
export const ENCOMENDAS_STALE_TIME = 30_000;

/** The list's API filters (GET /api/encomendas and its /export.csv). */
export interface EncomendaFilters {
  condominio_id?: string;
  unidade_id?: string;
  status?: EncomendaStatus;
  transportadora?: Transportadora;
  /** "true" | "false", as the query string carries it. */
  perecivel?: "true" | "false";
  q?: string;
  /** ISO date-times: inclusive start, exclusive end (lib/periodo.ts). */
  de?: string;
  ate?: string;
  page?: number;
  page_size?: number;
}

export const encomendasKeys = {
  all: [QUERY_ROOTS.encomendas] as const,
  lists: () => [...encomendasKeys.all, "list"] as const,
  list: (filters: EncomendaFilters) => [...encomendasKeys.lists(), filters] as const,
  details: () => [...encomendasKeys.all, "detail"] as const,
  detail: (id: string) => [...encomendasKeys.details(), id] as const,
  autorizados: (unidadeId: string) => [...encomendasKeys.all, "autorizados", unidadeId] as const,
};

/** GET /api/encomendas: one page (a morador's come scoped to their units, with the pickup code). */
export function encomendasListOptions(filters: EncomendaFilters) {
  const clean = cleanFilters(filters);
  return queryOptions({
    queryKey: encomendasKeys.list(clean),
    queryFn: async ({ signal }): Promise<EncomendaPage> =>
      encomendaPageSchema.parse(await apiFetch<unknown>(`/api/encomendas${toQueryString(clean)}`, { signal })),
    staleTime: ENCOMENDAS_STALE_TIME,
    placeholderData: keepPreviousData,
  });
}

/** GET /api/encomendas/:id: the package, its batch and the residents' notices. */
export function encomendaDetailOptions(id: string) {
  return queryOptions({
    queryKey: encomendasKeys.detail(id),
    queryFn: async ({ signal }): Promise<EncomendaDetail> =>
      encomendaDetailSchema.parse(await apiFetch<unknown>(`/api/encomendas/${encodeURIComponent(id)}`, { signal })),
    staleTime: ENCOMENDAS_STALE_TIME,
    // No event says a photo finished rendering (docs/product.md, "Fotos"): while it is "processando"
    // the detail is read again every moment, and given up on after a minute.
    refetchInterval: (query) => {
      const foto = query.state.data?.foto;
      if (foto?.status !== "processando") return false;
      return Date.now() - Date.parse(foto.created_at) < FOTO_POLL_MAX_MS ? FOTO_POLL_MS : false;
    },
  });
}

const FOTO_POLL_MS = 1_500;
const FOTO_POLL_MAX_MS = 60_000;

/** POST /api/encomendas/:id/foto: the package's or label's photo, replacing any earlier one. */
export function useAdicionarFotoEncomenda(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (foto: Blob) =>
      fotoSchema.parse(
        await apiFetch<unknown>(`/api/encomendas/${encodeURIComponent(id)}/foto`, {
          method: "POST",
          headers: { "Content-Type": foto.type || "image/jpeg" },
          body: foto,
        }),
      ),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: encomendasKeys.detail(id) }),
  });
}

/** GET /api/encomendas/autorizados?unidade_id=: who the unit lets collect its packages. */
export function autorizadosOptions(unidadeId: string) {
  return queryOptions({
    queryKey: encomendasKeys.autorizados(unidadeId),
    queryFn: async ({ signal }) =>
      autorizadoListSchema.parse(
        await apiFetch<unknown>(`/api/encomendas/autorizados?unidade_id=${encodeURIComponent(unidadeId)}`, { signal }),
      ).items,
    staleTime: ENCOMENDAS_STALE_TIME,
    enabled: !!unidadeId,
  });
}

type QueryClient = ReturnType<typeof useQueryClient>;

function afterChange(queryClient: QueryClient, detail?: EncomendaDetail) {
  if (detail) queryClient.setQueryData(encomendasKeys.detail(detail.id), detail);
  invalidateRoots(queryClient, ENCOMENDA_ROOTS);
}

/** POST /api/encomendas: a unit's packages received together (one pickup code, one notice). */
export function useReceberEncomendas() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (input: EncomendaCreate) =>
      loteCriadoSchema.parse(await apiFetch<unknown>("/api/encomendas", { method: "POST", json: input })),
    onSuccess: () => afterChange(queryClient),
  });
}

/** POST /api/encomendas/:id/confirmar: what the virtual attendant recorded, checked by the porteiro. */
export function useConfirmarEncomenda(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (item: EncomendaItem) =>
      encomendaDetailSchema.parse(
        await apiFetch<unknown>(`/api/encomendas/${encodeURIComponent(id)}/confirmar`, {
          method: "POST",
          json: { item },
        }),
      ),
    onSuccess: (detail) => afterChange(queryClient, detail),
    onError: () => invalidateRoots(queryClient, ENCOMENDA_ROOTS),
  });
}

/** POST /api/encomendas/:id/devolver: it leaves without a resident, with the reason. */
export function useDevolverEncomenda(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (motivo: string) =>
      encomendaDetailSchema.parse(
        await apiFetch<unknown>(`/api/encomendas/${encodeURIComponent(id)}/devolver`, {
          method: "POST",
          json: { motivo },
        }),
      ),
    onSuccess: (detail) => afterChange(queryClient, detail),
    onError: () => invalidateRoots(queryClient, ENCOMENDA_ROOTS),
  });
}

/** POST /api/encomendas/:id/ciente: the resident saw the notice (a perishable's reminders stop). */
export function useCienteEncomenda() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (id: string) =>
      encomendaDetailSchema.parse(
        await apiFetch<unknown>(`/api/encomendas/${encodeURIComponent(id)}/ciente`, { method: "POST", json: {} }),
      ),
    onSuccess: (detail) => afterChange(queryClient, detail),
  });
}

/**
 * POST /api/encomendas/retirada/consultar: what a pickup code names (404 unknown, 409 already
 * collected "em … por …", 429 too many wrong codes). A mutation: every try counts at the server.
 */
export function useConsultarRetirada() {
  return useMutation({
    mutationFn: async (input: RetiradaConsulta) =>
      retiradaConsultaResultSchema.parse(
        await apiFetch<unknown>("/api/encomendas/retirada/consultar", { method: "POST", json: input }),
      ),
  });
}

/** POST /api/encomendas/retiradas: the packages handed over, and to whom. */
export function useRegistrarRetirada() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (input: RetiradaCreate) =>
      retiradaResultSchema.parse(await apiFetch<unknown>("/api/encomendas/retiradas", { method: "POST", json: input })),
    // Also after a 409 (collected at another tablet): every screen shows the package as it is now.
    onSettled: () => invalidateRoots(queryClient, ENCOMENDA_ROOTS),
  });
}

/** POST /api/encomendas/autorizados: "Minha diarista pode retirar". */
export function useCreateAutorizado() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (input: AutorizadoCreateInput) =>
      autorizadoSchema.parse(await apiFetch<unknown>("/api/encomendas/autorizados", { method: "POST", json: input })),
    onSuccess: () => invalidateRoots(queryClient, ENCOMENDA_ROOTS),
  });
}

/** DELETE /api/encomendas/autorizados/:id (of the unit whose list is on screen). */
export function useRemoveAutorizado(unidadeId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (id: string) =>
      apiFetch<void>(`/api/encomendas/autorizados/${encodeURIComponent(id)}`, { method: "DELETE" }),
    onSettled: () => {
      void queryClient.invalidateQueries({ queryKey: encomendasKeys.autorizados(unidadeId) });
      invalidateRoots(queryClient, ENCOMENDA_ROOTS);
    },
  });
}
