/**
 * Configurações on the client: the team (members and invitations, rooted at "equipe") and the
 * administradora's own data (rooted at "organizacao"). Members and invitations are separate
 * branches so inviting refreshes the invitations only, and a role change the members only.
 */
import { keepPreviousData, queryOptions, useMutation, useQueryClient } from "@tanstack/react-query";
import type { MemberRole } from "@/shared/domain";
import { QUERY_ROOTS } from "@/shared/query-keys";
import {
  type ConviteInput,
  conviteInputSchema,
  convitePageSchema,
  conviteSchema,
  membroPageSchema,
  membroSchema,
  type PapelInput,
  papelInputSchema,
} from "@/shared/schemas/equipe";
import {
  type ChaveInput,
  chaveCriadaSchema,
  chaveInputSchema,
  chavePageSchema,
  chaveSchema,
} from "@/shared/schemas/integracoes";
import { type OrganizacaoInput, organizacaoInputSchema, organizacaoSchema } from "@/shared/schemas/organizacao";
import { apiFetch } from "@/web/lib/api";
import { meKeys } from "@/web/lib/me.queries";
import { cleanFilters, toQueryString } from "@/web/lib/use-list-params";

/** A team changes rarely and only through this screen; 30 s keeps two managers' tabs close enough. */
const EQUIPE_STALE_TIME = 30_000;
export const MEMBROS_PAGE_SIZE = 20;
export const CONVITES_PAGE_SIZE = 10;

export interface MembroFilters {
  q?: string;
  papel?: MemberRole;
  page?: number;
}

export interface ConviteFilters {
  page?: number;
}

export const equipeKeys = {
  all: [QUERY_ROOTS.equipe] as const,
  membros: () => [...equipeKeys.all, "membros"] as const,
  membrosList: (filters: MembroFilters) => [...equipeKeys.membros(), filters] as const,
  convites: () => [...equipeKeys.all, "convites"] as const,
  convitesList: (filters: ConviteFilters) => [...equipeKeys.convites(), filters] as const,
};

export const organizacaoKeys = {
  all: [QUERY_ROOTS.organizacao] as const,
};

export const CHAVES_PAGE_SIZE = 20;

export interface ChaveFilters {
  status?: "ativa" | "revogada";
  page?: number;
}

/** Configurações → Integrações: the API keys (never their secrets, which no query keeps). */
export const integracoesKeys = {
  all: [QUERY_ROOTS.integracoes] as const,
  chaves: () => [...integracoesKeys.all, "chaves"] as const,
  chavesList: (filters: ChaveFilters) => [...integracoesKeys.chaves(), filters] as const,
};

export function membrosListOptions(filters: MembroFilters) {
  const clean = cleanFilters(filters);
  return queryOptions({
    queryKey: equipeKeys.membrosList(clean),
    queryFn: async ({ signal }) =>
      membroPageSchema.parse(
        await apiFetch<unknown>(`/api/equipe/membros${toQueryString({ ...clean, page_size: MEMBROS_PAGE_SIZE })}`, {
          signal,
        }),
      ),
    staleTime: EQUIPE_STALE_TIME,
    placeholderData: keepPreviousData,
  });
}

export function convitesListOptions(filters: ConviteFilters) {
  const clean = cleanFilters(filters);
  return queryOptions({
    queryKey: equipeKeys.convitesList(clean),
    queryFn: async ({ signal }) =>
      convitePageSchema.parse(
        await apiFetch<unknown>(`/api/equipe/convites${toQueryString({ ...clean, page_size: CONVITES_PAGE_SIZE })}`, {
          signal,
        }),
      ),
    staleTime: EQUIPE_STALE_TIME,
    placeholderData: keepPreviousData,
  });
}

const membroPath = (id: string) => `/api/equipe/membros/${encodeURIComponent(id)}`;
const convitePath = (id: string) => `/api/equipe/convites/${encodeURIComponent(id)}`;

export function useConvidar() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (input: ConviteInput) =>
      conviteSchema.parse(
        await apiFetch<unknown>("/api/equipe/convites", { method: "POST", json: conviteInputSchema.parse(input) }),
      ),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: equipeKeys.convites() }),
  });
}

export function useReenviarConvite() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (id: string) =>
      conviteSchema.parse(await apiFetch<unknown>(`${convitePath(id)}/reenviar`, { method: "POST" })),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: equipeKeys.convites() }),
  });
}

export function useRevogarConvite() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => apiFetch<unknown>(convitePath(id), { method: "DELETE" }),
    // Also after a 404: the invitation was accepted or revoked elsewhere, and the list should say so.
    onSettled: () => queryClient.invalidateQueries({ queryKey: equipeKeys.convites() }),
  });
}

export function useAlterarPapel() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ id, input }: { id: string; input: PapelInput }) =>
      membroSchema.parse(
        await apiFetch<unknown>(membroPath(id), { method: "PATCH", json: papelInputSchema.parse(input) }),
      ),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: equipeKeys.membros() }),
  });
}

export function useRemoverMembro() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => apiFetch<unknown>(membroPath(id), { method: "DELETE" }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: equipeKeys.membros() }),
  });
}

/** GET /api/organizacao: any member may read it; the screen is for owner and síndicos. */
export function organizacaoOptions() {
  return queryOptions({
    queryKey: organizacaoKeys.all,
    queryFn: async ({ signal }) => organizacaoSchema.parse(await apiFetch<unknown>("/api/organizacao", { signal })),
  });
}

export function useSalvarOrganizacao() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (input: OrganizacaoInput) =>
      organizacaoSchema.parse(
        await apiFetch<unknown>("/api/organizacao", { method: "PUT", json: organizacaoInputSchema.parse(input) }),
      ),
    onSuccess: (saved) => {
      queryClient.setQueryData(organizacaoKeys.all, saved);
      // The sidebar shows the organization's name, read from /api/me.
      return queryClient.invalidateQueries({ queryKey: meKeys.all });
    },
  });
}

/** GET /api/integracoes/chaves: the newest first, with each key's last use. */
export function chavesListOptions(filters: ChaveFilters) {
  const clean = cleanFilters(filters);
  return queryOptions({
    queryKey: integracoesKeys.chavesList(clean),
    queryFn: async ({ signal }) =>
      chavePageSchema.parse(
        await apiFetch<unknown>(`/api/integracoes/chaves${toQueryString({ ...clean, page_size: CHAVES_PAGE_SIZE })}`, {
          signal,
        }),
      ),
    // "Último uso" moves while the integrations work; a short stale time keeps it close.
    staleTime: 10_000,
    placeholderData: keepPreviousData,
  });
}

const chavePath = (id: string) => `/api/integracoes/chaves/${encodeURIComponent(id)}`;

/**
 * POST /api/integracoes/chaves: the answer carries the secret, the only time it is ever shown. It
 * stays in the dialog's state (and this mutation's result) only; the list refetches without it.
 */
export function useCriarChave() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (input: ChaveInput) =>
      chaveCriadaSchema.parse(
        await apiFetch<unknown>("/api/integracoes/chaves", { method: "POST", json: chaveInputSchema.parse(input) }),
      ),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: integracoesKeys.chaves() }),
  });
}

export function useRevogarChave() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (id: string) => chaveSchema.parse(await apiFetch<unknown>(chavePath(id), { method: "DELETE" })),
    // Also after a 404: the key was revoked elsewhere, and the list should say so.
    onSettled: () => queryClient.invalidateQueries({ queryKey: integracoesKeys.chaves() }),
  });
}
