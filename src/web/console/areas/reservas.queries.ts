/**
 * Bookings of common areas on the client (docs/decisions/044-common-area-bookings.md): availability,
 * the lists and their CSV, a booking's detail and guests, approvals and cancellations, the month/week
 * calendar and the condominium's secret calendar feeds. The areas themselves are in areas.queries.ts.
 * Every key comes from reservasKeys and starts with "reservas", the root the server's
 * `reserva.atualizada` event names (RESERVA_ROOTS): a booking made on a resident's phone or decided at
 * another screen refreshes the availability, the lists, the calendar and the detail on screen by itself.
 */
import { keepPreviousData, queryOptions, useMutation, useQueryClient } from "@tanstack/react-query";
import { RESERVA_ROOTS } from "@/shared/query-keys";
import {
  type CalendarioItem,
  type ConvidadoInput,
  calendarioFeedCreatedSchema,
  calendarioFeedListSchema,
  calendarioSchema,
  type Disponibilidade,
  disponibilidadeSchema,
  type ReservaCreateInput,
  type ReservaDetail,
  reservaDetailSchema,
  reservaPageSchema,
} from "@/shared/schemas/reservas";
import { apiFetch } from "@/web/lib/api";
import { invalidateRoots } from "@/web/lib/realtime";
import { cleanFilters, toQueryString } from "@/web/lib/use-list-params";
import { type CalendarioFilters, type ReservaFilters, reservasKeys } from "./reservas.keys";

/** A booking taken by a neighbour shows as "Ocupado" within 30 s even without the live stream. */
export const RESERVAS_STALE_TIME = 30_000;

/** GET /api/areas/:id/disponibilidade?de=&ate=: each day's times, free or taken (at most 42 days). */
export function disponibilidadeOptions(areaId: string, de: string, ate: string) {
  return queryOptions({
    queryKey: reservasKeys.disponibilidade(areaId, de, ate),
    queryFn: async ({ signal }): Promise<Disponibilidade> =>
      disponibilidadeSchema.parse(
        await apiFetch<unknown>(
          `/api/areas/${encodeURIComponent(areaId)}/disponibilidade${toQueryString({ de, ate })}`,
          { signal },
        ),
      ),
    staleTime: RESERVAS_STALE_TIME,
    placeholderData: keepPreviousData,
    enabled: !!areaId,
  });
}

/** GET /api/reservas: one page of the staff list (a morador's scoped to their units). */
export function reservasPageOptions(filters: ReservaFilters) {
  const clean = cleanFilters(filters);
  return queryOptions({
    queryKey: reservasKeys.list(clean),
    queryFn: async ({ signal }) =>
      reservaPageSchema.parse(await apiFetch<unknown>(`/api/reservas${toQueryString(clean)}`, { signal })),
    staleTime: RESERVAS_STALE_TIME,
    placeholderData: keepPreviousData,
  });
}

/** The CSV export's address, with the list's filters (no paging). */
export function reservasExportHref(filters: ReservaFilters): string {
  const { page: _page, page_size: _size, ...rest } = filters;
  return `/api/reservas/export.csv${toQueryString(cleanFilters(rest))}`;
}

/** GET /api/reservas/:id: the booking with its guest list. */
export function reservaDetailOptions(id: string) {
  return queryOptions({
    queryKey: reservasKeys.detail(id),
    queryFn: async ({ signal }): Promise<ReservaDetail> =>
      reservaDetailSchema.parse(await apiFetch<unknown>(`/api/reservas/${encodeURIComponent(id)}`, { signal })),
    staleTime: RESERVAS_STALE_TIME,
  });
}

/** GET /api/reservas/calendario: bookings holding time in [de, ate]. */
export function calendarioOptions(filters: CalendarioFilters) {
  const clean = cleanFilters(filters);
  return queryOptions({
    queryKey: reservasKeys.calendario(clean),
    queryFn: async ({ signal }): Promise<CalendarioItem[]> =>
      calendarioSchema.parse(await apiFetch<unknown>(`/api/reservas/calendario${toQueryString(clean)}`, { signal }))
        .items,
    staleTime: RESERVAS_STALE_TIME,
    placeholderData: keepPreviousData,
    enabled: !!filters.condominio_id,
  });
}

type QueryClient = ReturnType<typeof useQueryClient>;

function afterChange(queryClient: QueryClient, detail?: ReservaDetail) {
  if (detail) queryClient.setQueryData(reservasKeys.detail(detail.id), detail);
  invalidateRoots(queryClient, RESERVA_ROOTS);
}

/** POST /api/reservas: pendente when the area needs the síndico's approval, else confirmada. */
export function useCreateReserva() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (input: ReservaCreateInput) =>
      reservaDetailSchema.parse(await apiFetch<unknown>("/api/reservas", { method: "POST", json: input })),
    onSuccess: (detail) => afterChange(queryClient, detail),
    // A 409 means someone took the time meanwhile: the calendar shows it taken at once.
    onError: () => invalidateRoots(queryClient, RESERVA_ROOTS),
  });
}

/** PUT /api/reservas/:id/convidados: the whole guest list. */
export function useReplaceConvidados(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (convidados: ConvidadoInput[]) =>
      reservaDetailSchema.parse(
        await apiFetch<unknown>(`/api/reservas/${encodeURIComponent(id)}/convidados`, {
          method: "PUT",
          json: { convidados },
        }),
      ),
    onSuccess: (detail) => afterChange(queryClient, detail),
  });
}

function useDecision(id: string, action: "aprovar" | "recusar" | "cancelar") {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (body: { motivo?: string | null }) =>
      reservaDetailSchema.parse(
        await apiFetch<unknown>(`/api/reservas/${encodeURIComponent(id)}/${action}`, { method: "POST", json: body }),
      ),
    onSuccess: (detail) => afterChange(queryClient, detail),
    // Decided or cancelled at another screen meanwhile (409): every list shows the booking as it is now.
    onError: () => invalidateRoots(queryClient, RESERVA_ROOTS),
  });
}

/** POST /api/reservas/:id/aprovar (reservas:aprovar). */
export const useAprovarReserva = (id: string) => useDecision(id, "aprovar");
/** POST /api/reservas/:id/recusar {motivo} (reservas:aprovar). */
export const useRecusarReserva = (id: string) => useDecision(id, "recusar");
/** POST /api/reservas/:id/cancelar {motivo?}: staff must give one. */
export const useCancelarReserva = (id: string) => useDecision(id, "cancelar");

/** GET /api/calendarios?condominio_id=: the condominium's live feeds, without their secret (a morador's: their units'). */
export function calendarioFeedsOptions(condominioId: string) {
  return queryOptions({
    queryKey: reservasKeys.feeds(condominioId),
    queryFn: async ({ signal }) =>
      calendarioFeedListSchema.parse(
        await apiFetch<unknown>(`/api/calendarios${toQueryString({ condominio_id: condominioId })}`, { signal }),
      ).items,
    staleTime: RESERVAS_STALE_TIME,
    enabled: !!condominioId,
  });
}

/**
 * POST /api/calendarios: a new feed; its answer is the only time the secret address is shown. The
 * invalidation is returned (awaited) so the list already holds the new feed when the call resolves.
 */
export function useCreateCalendarioFeed() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (input: { condominio_id: string; unidade_id: string | null }) =>
      calendarioFeedCreatedSchema.parse(await apiFetch<unknown>("/api/calendarios", { method: "POST", json: input })),
    onSuccess: (feed) => queryClient.invalidateQueries({ queryKey: reservasKeys.feeds(feed.condominio_id) }),
  });
}

/** DELETE /api/calendarios/:id: revoked, its address answers 404 from now on. */
export function useRevogarCalendarioFeed(condominioId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (id: string) =>
      apiFetch<void>(`/api/calendarios/${encodeURIComponent(id)}`, { method: "DELETE" }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: reservasKeys.feeds(condominioId) }),
  });
}
