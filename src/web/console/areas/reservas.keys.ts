/**
 * The one key factory of common areas and their bookings (docs/decisions/044-common-area-bookings.md),
 * shared by areas.queries.ts and reservas.queries.ts. Every key starts with "reservas", the root the
 * server's `reserva.atualizada` event names (RESERVA_ROOTS): a booking made on a resident's phone or
 * decided at another screen refreshes the areas, availability, lists, calendar and details by itself,
 * and a change made here invalidates the same root.
 */
import type { ReservaStatus } from "@/shared/domain";
import { QUERY_ROOTS } from "@/shared/query-keys";

/** GET /api/areas: staff see inactive areas too unless `ativas`; a morador gets their condominiums' active ones. */
export interface AreaFilters {
  condominio_id?: string;
  ativas?: boolean;
}

/** The bookings list's API filters (GET /api/reservas and its /export.csv). */
export interface ReservaFilters {
  condominio_id?: string;
  area_id?: string;
  unidade_id?: string;
  status?: ReservaStatus;
  /** The start's day (YYYY-MM-DD), inclusive, in the condominium's calendar. */
  de?: string;
  ate?: string;
  page?: number;
  page_size?: number;
}

/** GET /api/reservas/calendario: bookings holding time in [de, ate]. */
export interface CalendarioFilters {
  condominio_id: string;
  area_id?: string;
  de: string;
  ate: string;
}

export const reservasKeys = {
  all: [QUERY_ROOTS.reservas] as const,
  areas: () => [...reservasKeys.all, "areas"] as const,
  areaList: (filters: AreaFilters) => [...reservasKeys.areas(), "list", filters] as const,
  area: (id: string) => [...reservasKeys.areas(), "detail", id] as const,
  disponibilidade: (areaId: string, de: string, ate: string) =>
    [...reservasKeys.all, "disponibilidade", areaId, de, ate] as const,
  lists: () => [...reservasKeys.all, "list"] as const,
  list: (filters: ReservaFilters) => [...reservasKeys.lists(), filters] as const,
  detail: (id: string) => [...reservasKeys.all, "detail", id] as const,
  calendario: (filters: CalendarioFilters) => [...reservasKeys.all, "calendario", filters] as const,
  feeds: (condominioId: string) => [...reservasKeys.all, "calendarios", condominioId] as const,
};
