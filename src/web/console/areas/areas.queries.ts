/**
 * Common areas on the client (docs/decisions/044-common-area-bookings.md): the areas and their rules,
 * for the staff's editor and for the morador's booking screens alike. Bookings, the calendar and its
 * feeds are in reservas.queries.ts; both share reservasKeys (reservas.keys.ts), whose root the server's
 * `reserva.atualizada` event names, so a change anywhere refreshes every screen by itself.
 */
import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { RESERVA_ROOTS } from "@/shared/query-keys";
import { fotoSchema } from "@/shared/schemas/fotos";
import { type Area, type AreaCreate, type AreaUpdate, areaListSchema, areaSchema } from "@/shared/schemas/reservas";
import { apiFetch } from "@/web/lib/api";
import { invalidateRoots } from "@/web/lib/realtime";
import { cleanFilters, toQueryString } from "@/web/lib/use-list-params";
import { type AreaFilters, reservasKeys } from "./reservas.keys";

/** Areas change rarely (60 s fresh); realtime events refresh them sooner. */
export const AREAS_STALE_TIME = 60_000;

/** GET /api/areas: staff see inactive areas too unless `ativas`; a morador gets their condominiums' active ones. */
export function areasListOptions(filters: AreaFilters = {}) {
  const clean = cleanFilters(filters);
  return queryOptions({
    queryKey: reservasKeys.areaList(clean),
    queryFn: async ({ signal }): Promise<Area[]> =>
      areaListSchema.parse(await apiFetch<unknown>(`/api/areas${toQueryString(clean)}`, { signal })).items,
    staleTime: AREAS_STALE_TIME,
    placeholderData: keepPreviousData,
  });
}

/** The areas of one condominium (or of all the caller sees). */
export function useAreas(condominioId?: string, { ativas }: { ativas?: boolean } = {}) {
  return useQuery(areasListOptions({ condominio_id: condominioId, ativas }));
}

/** GET /api/areas/:id: the area with its rules. */
export function areaDetailOptions(id: string) {
  return queryOptions({
    queryKey: reservasKeys.area(id),
    queryFn: async ({ signal }): Promise<Area> =>
      areaSchema.parse(await apiFetch<unknown>(`/api/areas/${encodeURIComponent(id)}`, { signal })),
    staleTime: AREAS_STALE_TIME,
    enabled: !!id,
    // The photo's renditions are made after the upload: read again while it is "processando" (a minute at most).
    refetchInterval: (query) => {
      const foto = query.state.data?.foto;
      if (foto?.status !== "processando") return false;
      return Date.now() - Date.parse(foto.created_at) < 60_000 ? 1_500 : false;
    },
  });
}

export function useArea(id: string) {
  return useQuery(areaDetailOptions(id));
}

type QueryClient = ReturnType<typeof useQueryClient>;

function afterAreaChange(queryClient: QueryClient, area?: Area) {
  if (area) queryClient.setQueryData(reservasKeys.area(area.id), area);
  invalidateRoots(queryClient, RESERVA_ROOTS);
}

/** POST /api/areas. */
export function useCreateArea() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (input: AreaCreate) =>
      areaSchema.parse(await apiFetch<unknown>("/api/areas", { method: "POST", json: input })),
    onSuccess: (area) => afterAreaChange(queryClient, area),
  });
}

/** PATCH /api/areas/:id. */
export function useUpdateArea(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (input: AreaUpdate) =>
      areaSchema.parse(
        await apiFetch<unknown>(`/api/areas/${encodeURIComponent(id)}`, { method: "PATCH", json: input }),
      ),
    onSuccess: (area) => afterAreaChange(queryClient, area),
  });
}

/** DELETE /api/areas/:id (409 while it has future bookings). */
export function useRemoveArea(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async () => apiFetch<void>(`/api/areas/${encodeURIComponent(id)}`, { method: "DELETE" }),
    onSuccess: () => {
      queryClient.removeQueries({ queryKey: reservasKeys.area(id) });
      invalidateRoots(queryClient, RESERVA_ROOTS);
    },
  });
}

/** POST /api/areas/:id/foto: the area's photo, replacing any earlier one. */
export function useAreaFoto(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (foto: Blob) =>
      fotoSchema.parse(
        await apiFetch<unknown>(`/api/areas/${encodeURIComponent(id)}/foto`, {
          method: "POST",
          headers: { "Content-Type": foto.type || "image/jpeg" },
          body: foto,
        }),
      ),
    onSuccess: () => invalidateRoots(queryClient, RESERVA_ROOTS),
  });
}
