/** People on the client: every key starts with "pessoas" (60 s fresh). */
import { keepPreviousData, queryOptions, useMutation, useQueryClient } from "@tanstack/react-query";
import { QUERY_ROOTS } from "@/shared/query-keys";
import { fotoSchema } from "@/shared/schemas/fotos";
import {
  type PessoaInput,
  pessoaDetailSchema,
  pessoaInputSchema,
  pessoaPageSchema,
  pessoaSchema,
} from "@/shared/schemas/pessoas";
import { apiFetch } from "@/web/lib/api";
import { cleanFilters, toQueryString } from "@/web/lib/use-list-params";

export const PESSOAS_STALE_TIME = 60_000;

export interface PessoaFilters {
  condominio_id?: string;
  q?: string;
  status?: "ativo" | "inativo";
  page?: number;
  page_size?: number;
}

export const pessoasKeys = {
  all: [QUERY_ROOTS.pessoas] as const,
  list: (filters: PessoaFilters) => [...pessoasKeys.all, "list", filters] as const,
  detail: (id: string) => [...pessoasKeys.all, "detail", id] as const,
};

export function pessoasListOptions(filters: PessoaFilters, { enabled = true } = {}) {
  const clean = cleanFilters(filters);
  return queryOptions({
    queryKey: pessoasKeys.list(clean),
    queryFn: async ({ signal }) =>
      pessoaPageSchema.parse(await apiFetch<unknown>(`/api/pessoas${toQueryString(clean)}`, { signal })),
    staleTime: PESSOAS_STALE_TIME,
    placeholderData: keepPreviousData,
    enabled,
  });
}

/** How often the detail is re-read while its photo is being processed, and for how long at most. */
const FOTO_POLL_MS = 1_500;
const FOTO_POLL_MAX_MS = 60_000;

export function pessoaDetailOptions(id: string) {
  return queryOptions({
    queryKey: pessoasKeys.detail(id),
    queryFn: async ({ signal }) =>
      pessoaDetailSchema.parse(await apiFetch<unknown>(`/api/pessoas/${encodeURIComponent(id)}`, { signal })),
    staleTime: PESSOAS_STALE_TIME,
    // No live event tells the people's screens a photo is ready (docs/product.md, "Fotos"): while it
    // is "processando" the detail is re-read every moment, and given up on after a minute (a render
    // that slow ends as "indisponível" on the server; the next visit shows it).
    refetchInterval: (query) => {
      const foto = query.state.data?.foto;
      if (foto?.status !== "processando") return false;
      return Date.now() - Date.parse(foto.created_at) < FOTO_POLL_MAX_MS ? FOTO_POLL_MS : false;
    },
  });
}

/**
 * POST /api/pessoas/:id/foto: the person's photo, replacing any earlier one. The answer is the photo
 * still "processando": the detail is refetched to show it, and re-read until the image is ready.
 */
export function useAdicionarFotoPessoa(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (foto: Blob) =>
      fotoSchema.parse(
        await apiFetch<unknown>(`/api/pessoas/${encodeURIComponent(id)}/foto`, {
          method: "POST",
          headers: { "Content-Type": foto.type || "image/jpeg" },
          body: foto,
        }),
      ),
    onSettled: () => queryClient.invalidateQueries({ queryKey: pessoasKeys.detail(id) }),
  });
}

/** DELETE /api/pessoas/:id/foto: the image leaves the store. */
export function useRemoverFotoPessoa(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => apiFetch<unknown>(`/api/pessoas/${encodeURIComponent(id)}/foto`, { method: "DELETE" }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: pessoasKeys.detail(id) }),
  });
}

export function useSavePessoa(id?: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (input: PessoaInput) =>
      pessoaSchema.parse(
        await apiFetch<unknown>(id ? `/api/pessoas/${encodeURIComponent(id)}` : "/api/pessoas", {
          method: id ? "PUT" : "POST",
          json: pessoaInputSchema.parse(input),
        }),
      ),
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: pessoasKeys.all }),
        queryClient.invalidateQueries({ queryKey: [QUERY_ROOTS.condominios] }),
      ]),
  });
}

export function useDeletePessoa(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => apiFetch<unknown>(`/api/pessoas/${encodeURIComponent(id)}`, { method: "DELETE" }),
    onSuccess: () => {
      queryClient.removeQueries({ queryKey: pessoasKeys.detail(id) });
      return Promise.all([
        queryClient.invalidateQueries({ queryKey: pessoasKeys.all }),
        queryClient.invalidateQueries({ queryKey: [QUERY_ROOTS.unidades] }),
        queryClient.invalidateQueries({ queryKey: [QUERY_ROOTS.condominios] }),
      ]);
    },
  });
}
