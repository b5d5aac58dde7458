/**
 * Configurações on the client: the team (members and invitations, rooted at "equipe"), the
 * administradora's own data (rooted at "organizacao") and the integrations (API keys and webhooks,
 * rooted at "integracoes"). Members and invitations are separate branches so inviting refreshes the
 * invitations only, and a role change the members only.
 */
import { keepPreviousData, queryOptions, useMutation, useQueryClient } from "@tanstack/react-query";
import type { MemberRole, WebhookEntregaStatus } from "@/shared/domain";
import { QUERY_ROOTS } from "@/shared/query-keys";
import {
  type ConviteInput,
  conviteInputSchema,
  convitePageSchema,
  conviteSchema,
  type MembroCondominiosInput,
  membroCondominiosInputSchema,
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
import {
  type WebhookInput,
  type WebhookUpdate,
  webhookComSegredoSchema,
  webhookEntregaPageSchema,
  webhookEntregaSchema,
  webhookInputSchema,
  webhookListSchema,
  webhookSchema,
  webhookUpdateSchema,
} from "@/shared/schemas/webhooks";
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

/** "Condomínios em que trabalha" of a porteiro (an empty list: every condominium). */
export function useDefinirCondominios() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ id, input }: { id: string; input: MembroCondominiosInput }) =>
      membroSchema.parse(
        await apiFetch<unknown>(`${membroPath(id)}/condominios`, {
          method: "PUT",
          json: membroCondominiosInputSchema.parse(input),
        }),
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

// ── Webhooks (docs/decisions/020-webhooks.md) ──────────────────────────────────────────────────────

export const WEBHOOK_ENTREGAS_PAGE_SIZE = 10;

export interface WebhookEntregaFilters {
  status?: WebhookEntregaStatus;
  page?: number;
}

/**
 * Configurações → Integrações → Webhooks, under the same root as the keys: the list (at most 20,
 * never their secrets) and each webhook's deliveries, one branch per webhook so a redelivery
 * refreshes that webhook's deliveries (and the list's "última entrega") only.
 */
export const webhookKeys = {
  all: [...integracoesKeys.all, "webhooks"] as const,
  list: () => [...webhookKeys.all, "lista"] as const,
  entregas: (id: string) => [...webhookKeys.all, "entregas", id] as const,
  entregasList: (id: string, filters: WebhookEntregaFilters) => [...webhookKeys.entregas(id), filters] as const,
};

/** While a delivery is pending the job retries it: the open "Entregas" view follows along. */
const ENTREGAS_POLL_MS = 15_000;

/** GET /api/integracoes/webhooks: the newest first, each with its latest delivery. */
export function webhooksListOptions() {
  return queryOptions({
    queryKey: webhookKeys.list(),
    queryFn: async ({ signal }) =>
      webhookListSchema.parse(await apiFetch<unknown>("/api/integracoes/webhooks", { signal })),
    // "Última entrega" moves as events happen; a short stale time keeps it close.
    staleTime: 10_000,
  });
}

const webhookPath = (id: string) => `/api/integracoes/webhooks/${encodeURIComponent(id)}`;

/** GET /api/integracoes/webhooks/{id}/entregas: the newest first, each with its attempts and body. */
export function webhookEntregasOptions(id: string, filters: WebhookEntregaFilters) {
  const clean = cleanFilters(filters);
  return queryOptions({
    queryKey: webhookKeys.entregasList(id, clean),
    queryFn: async ({ signal }) =>
      webhookEntregaPageSchema.parse(
        await apiFetch<unknown>(
          `${webhookPath(id)}/entregas${toQueryString({ ...clean, page_size: WEBHOOK_ENTREGAS_PAGE_SIZE })}`,
          { signal },
        ),
      ),
    staleTime: 5_000,
    placeholderData: keepPreviousData,
    refetchInterval: (query) =>
      query.state.data?.items.some((entrega) => entrega.status === "pendente") ? ENTREGAS_POLL_MS : false,
  });
}

/**
 * POST /api/integracoes/webhooks: the answer carries the signing secret, the only time it is shown
 * (besides a rotation). It stays in the dialog's state only; the list refetches without it.
 */
export function useCriarWebhook() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (input: WebhookInput) =>
      webhookComSegredoSchema.parse(
        await apiFetch<unknown>("/api/integracoes/webhooks", { method: "POST", json: webhookInputSchema.parse(input) }),
      ),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: webhookKeys.list() }),
  });
}

/** PATCH /api/integracoes/webhooks/{id}: URL, description and events (the edit dialog) or pause/resume. */
export function useAlterarWebhook() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ id, input }: { id: string; input: WebhookUpdate }) =>
      webhookSchema.parse(
        await apiFetch<unknown>(webhookPath(id), { method: "PATCH", json: webhookUpdateSchema.parse(input) }),
      ),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: webhookKeys.list() }),
  });
}

export function useExcluirWebhook() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => apiFetch<unknown>(webhookPath(id), { method: "DELETE" }),
    // Also after a 404: the webhook was deleted elsewhere, and the list should say so.
    onSettled: (_data, _error, id) => {
      queryClient.removeQueries({ queryKey: webhookKeys.entregas(id) });
      return queryClient.invalidateQueries({ queryKey: webhookKeys.list() });
    },
  });
}

/** POST /api/integracoes/webhooks/{id}/segredo: a new secret, shown once; the old one stops now. */
export function useGerarSegredoWebhook() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (id: string) =>
      webhookComSegredoSchema.parse(await apiFetch<unknown>(`${webhookPath(id)}/segredo`, { method: "POST" })),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: webhookKeys.list() }),
  });
}

/** POST .../entregas/{entregaId}/reenviar: the delivery is due again now. */
export function useReenviarEntrega() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ webhookId, entregaId }: { webhookId: string; entregaId: string }) =>
      webhookEntregaSchema.parse(
        await apiFetch<unknown>(`${webhookPath(webhookId)}/entregas/${encodeURIComponent(entregaId)}/reenviar`, {
          method: "POST",
        }),
      ),
    onSettled: (_data, _error, { webhookId }) =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: webhookKeys.entregas(webhookId) }),
        queryClient.invalidateQueries({ queryKey: webhookKeys.list() }),
      ]),
  });
}
