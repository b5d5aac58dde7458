/**
 * A condominium's gates on the client (docs/product.md, "Portões"): the condominium screen's card
 * and the Portaria screen's gate read the same list. Keys sit under the condominium's root
 * ("condominios"), as its data, in a "portoes" branch, so saving a gate refreshes just its list.
 */
import { queryOptions, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import {
  type PortaoCameraInput,
  type PortaoInput,
  portaoCameraTesteResultSchema,
  portaoCameraTesteSchema,
  portaoCreateSchema,
  portaoInputSchema,
  portaoListSchema,
  portaoSchema,
} from "@/shared/schemas/portoes";
import { apiFetch } from "@/web/lib/api";
import { toQueryString } from "@/web/lib/use-list-params";
import { CONDOMINIOS_STALE_TIME, condominiosKeys } from "./condominios.queries";

export const portoesKeys = {
  all: [...condominiosKeys.all, "portoes"] as const,
  list: (condominioId: string) => [...portoesKeys.all, condominioId] as const,
};

/** GET /api/portoes: the condominium's gates, active first, by name (few: one request, no pages). */
export function portoesOptions(condominioId: string) {
  return queryOptions({
    queryKey: portoesKeys.list(condominioId),
    queryFn: async ({ signal }) =>
      portaoListSchema.parse(
        await apiFetch<unknown>(`/api/portoes${toQueryString({ condominio_id: condominioId })}`, { signal }),
      ),
    staleTime: CONDOMINIOS_STALE_TIME,
    enabled: !!condominioId,
  });
}

/**
 * The condominium's gates in use, for the forms that place something at a gate (a kiosk, a simulated
 * call or WhatsApp): inactive gates are not offered (the server refuses them too).
 */
export function usePortoesAtivos(condominioId: string) {
  const query = useQuery(portoesOptions(condominioId));
  return {
    ativos: (query.data?.items ?? []).filter((p) => p.ativo),
    isPending: query.isPending,
    isError: query.isError,
    error: query.error,
  };
}

/**
 * POST /api/portoes, or PUT /api/portoes/:id with `id`. A name the condominium already has is a 409;
 * bad input a 400 naming the fields.
 */
export function useSavePortao(condominioId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ id, input }: { id?: string; input: PortaoInput }) =>
      portaoSchema.parse(
        await apiFetch<unknown>(id ? `/api/portoes/${encodeURIComponent(id)}` : "/api/portoes", {
          method: id ? "PUT" : "POST",
          json: id
            ? portaoInputSchema.parse(input)
            : portaoCreateSchema.parse({ ...input, condominio_id: condominioId }),
        }),
      ),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: portoesKeys.list(condominioId) }),
  });
}

/**
 * POST /api/portoes/:id/camera/teste: one picture from the camera now, as the form holds it (the
 * saved password when the password field is blank), or the reason there is none. Nothing is saved.
 */
export function useTestarCamera(portaoId: string) {
  return useMutation({
    mutationFn: async (camera: PortaoCameraInput) =>
      portaoCameraTesteResultSchema.parse(
        await apiFetch<unknown>(`/api/portoes/${encodeURIComponent(portaoId)}/camera/teste`, {
          method: "POST",
          json: portaoCameraTesteSchema.parse(camera),
        }),
      ),
  });
}
