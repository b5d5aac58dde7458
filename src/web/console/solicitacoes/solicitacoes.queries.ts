/**
 * Access requests on the client: one query-key factory and the query/mutation options of every call
 * to /api/solicitacoes. Every key starts with "solicitacoes", so a realtime event naming that root
 * refreshes lists, details and the header's pending count at once; a decision made here invalidates
 * the same roots as the server's event (SOLICITACAO_ROOTS), so no other screen keeps the old status.
 */
import { keepPreviousData, queryOptions, useMutation, useQueryClient } from "@tanstack/react-query";
import type { SolicitacaoStatus, SolicitacaoTipo } from "@/shared/domain";
import { QUERY_ROOTS, SOLICITACAO_ROOTS } from "@/shared/query-keys";
import { type Foto, fotoSchema } from "@/shared/schemas/fotos";
import {
  type Solicitacao,
  type SolicitacaoCreate,
  type SolicitacaoDetail,
  type SolicitacaoPage,
  solicitacaoDetailSchema,
  solicitacaoPageSchema,
  solicitacaoSchema,
} from "@/shared/schemas/solicitacoes";
import { apiFetch } from "@/web/lib/api";
import { trackOwnAction } from "@/web/lib/own-actions";
import { invalidateRoots } from "@/web/lib/realtime";

/** Lists and details: 60 s fresh (docs/product.md, "Live updates"). */
export const SOLICITACOES_STALE_TIME = 60_000;

export interface SolicitacaoFilters {
  condominio_id?: string;
  unidade_id?: string;
  status?: SolicitacaoStatus;
  tipo?: SolicitacaoTipo;
  /** "true": only the pending requests nobody answered ("Sem resposta dos moradores"). */
  sem_resposta?: "true";
  q?: string;
  de?: string;
  ate?: string;
  page?: number;
  page_size?: number;
}

export const solicitacoesKeys = {
  all: [QUERY_ROOTS.solicitacoes] as const,
  lists: () => [...solicitacoesKeys.all, "list"] as const,
  list: (filters: SolicitacaoFilters) => [...solicitacoesKeys.lists(), filters] as const,
  details: () => [...solicitacoesKeys.all, "detail"] as const,
  detail: (id: string) => [...solicitacoesKeys.details(), id] as const,
};

/** Drops empty values so equal filters always make equal keys and URLs. */
function cleanFilters(filters: SolicitacaoFilters): SolicitacaoFilters {
  const clean: Record<string, string | number> = {};
  for (const [key, value] of Object.entries(filters)) {
    if (value === undefined || value === null || value === "") continue;
    clean[key] = value;
  }
  return clean as SolicitacaoFilters;
}

function toSearchParams(filters: SolicitacaoFilters): string {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(cleanFilters(filters))) params.set(key, String(value));
  const text = params.toString();
  return text ? `?${text}` : "";
}

/** GET /api/solicitacoes: one page, newest first. */
export function solicitacoesListOptions(filters: SolicitacaoFilters) {
  const clean = cleanFilters(filters);
  return queryOptions({
    queryKey: solicitacoesKeys.list(clean),
    queryFn: async ({ signal }): Promise<SolicitacaoPage> =>
      solicitacaoPageSchema.parse(await apiFetch<unknown>(`/api/solicitacoes${toSearchParams(clean)}`, { signal })),
    staleTime: SOLICITACOES_STALE_TIME,
    placeholderData: keepPreviousData,
  });
}

/** GET /api/solicitacoes/:id, with the unit, condominium, decider and call history. */
export function solicitacaoDetailOptions(id: string) {
  return queryOptions({
    queryKey: solicitacoesKeys.detail(id),
    queryFn: async ({ signal }): Promise<SolicitacaoDetail> =>
      solicitacaoDetailSchema.parse(await apiFetch<unknown>(`/api/solicitacoes/${encodeURIComponent(id)}`, { signal })),
    staleTime: SOLICITACOES_STALE_TIME,
  });
}

/**
 * After any change: every screen that shows requests refetches (docs/product.md, "Live updates"), the same roots
 * the server's realtime event names, without waiting for the event.
 */
function invalidateAfterChange(queryClient: ReturnType<typeof useQueryClient>) {
  invalidateRoots(queryClient, SOLICITACAO_ROOTS);
}

/** POST /api/solicitacoes. The body is the form's output of solicitacaoCreateSchema. */
export function useCreateSolicitacao() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: SolicitacaoCreate) =>
      trackOwnAction(
        async () =>
          solicitacaoSchema.parse(await apiFetch<unknown>("/api/solicitacoes", { method: "POST", json: input })),
        {
          idOf: (created) => created.id,
        },
      ),
    onSuccess: () => {
      invalidateAfterChange(queryClient);
    },
  });
}

export type Decisao = "autorizar" | "negar";

/** A decision, or a denial with its optional reason (docs/product.md, "Request detail"). */
export type DecisaoInput = Decisao | { decisao: Decisao; motivoNegacao?: string | null };

/**
 * POST /api/solicitacoes/:id/autorizar or /negar (staff, or a morador for their units' requests).
 * 409 when the request is no longer pending; 400 with the field when the reason is too long.
 */
export function useDecidirSolicitacao(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: DecisaoInput) => {
      const { decisao, motivoNegacao = null } = typeof input === "string" ? { decisao: input } : input;
      return trackOwnAction(
        async () =>
          solicitacaoSchema.parse(
            await apiFetch<unknown>(`/api/solicitacoes/${encodeURIComponent(id)}/${decisao}`, {
              method: "POST",
              json: decisao === "negar" && motivoNegacao ? { motivo_negacao: motivoNegacao } : {},
            }),
          ),
        { id },
      );
    },
    onSuccess: (updated: Solicitacao) => {
      // Show the decision at once; the refetch below brings the rest (call history) up to date.
      queryClient.setQueryData<SolicitacaoDetail>(solicitacoesKeys.detail(id), (old) =>
        old ? { ...old, ...updated } : old,
      );
      invalidateAfterChange(queryClient);
    },
    onError: () => {
      // Someone else may have decided first (409): show the current state.
      void queryClient.invalidateQueries({ queryKey: solicitacoesKeys.detail(id) });
    },
  });
}

/**
 * POST /api/solicitacoes/:id/fotos: the body is the image itself (docs/decisions/039-visitor-photos.md).
 * Tracked as this tab's own change, so the realtime echo of the upload raises no second toast.
 */
export function enviarFoto(id: string, foto: Blob): Promise<Foto> {
  return trackOwnAction(
    async () =>
      fotoSchema.parse(
        await apiFetch<unknown>(`/api/solicitacoes/${encodeURIComponent(id)}/fotos`, {
          method: "POST",
          headers: { "Content-Type": foto.type || "image/jpeg" },
          body: foto,
        }),
      ),
    { id },
  );
}

/** Adds a photo from the request's detail; the detail refetches with its new signed addresses. */
export function useAdicionarFoto(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (foto: Blob) => enviarFoto(id, foto),
    onSuccess: () => invalidateAfterChange(queryClient),
  });
}
