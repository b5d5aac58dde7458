/**
 * "Atendimentos" on the client (docs/product.md, "Atendente virtual"): the conversations, one of them with
 * its transcript, and what a person does with it (take it over, type to the visitor, register the request,
 * close it). Every key starts with "atendimentos", the root the server's `atendimento.atualizado` event
 * names (ATENDIMENTO_ROOTS): a visitor's new line refreshes the list and the open transcript by itself.
 */
import { keepPreviousData, type QueryClient, queryOptions, useMutation, useQueryClient } from "@tanstack/react-query";
import type { z } from "zod";
import { ATENDIMENTO_ROOTS, QUERY_ROOTS, SOLICITACAO_ROOTS } from "@/shared/query-keys";
import {
  type ATENDIMENTO_SITUACOES,
  type Atendimento,
  type AtendimentoSolicitacaoInput,
  atendimentoEncerrarInputSchema,
  atendimentoMensagemInputSchema,
  atendimentoPageSchema,
  atendimentoSchema,
  atendimentoSolicitacaoInputSchema,
} from "@/shared/schemas/atendimentos";
import { apiFetch } from "@/web/lib/api";
import { invalidateRoots } from "@/web/lib/realtime";
import { cleanFilters, toQueryString } from "@/web/lib/use-list-params";

/** Events refresh these at once; between them a conversation is a few minutes long. */
export const ATENDIMENTOS_STALE_TIME = 30_000;

export type AtendimentoPage = z.infer<typeof atendimentoPageSchema>;
export type AtendimentoSituacao = (typeof ATENDIMENTO_SITUACOES)[number];

export interface AtendimentoFilters {
  condominio_id?: string;
  situacao?: AtendimentoSituacao;
  page?: number;
  page_size?: number;
}

export const atendimentosKeys = {
  all: [QUERY_ROOTS.atendimentos] as const,
  lists: () => [...atendimentosKeys.all, "list"] as const,
  list: (filters: AtendimentoFilters) => [...atendimentosKeys.lists(), filters] as const,
  details: () => [...atendimentosKeys.all, "detail"] as const,
  detail: (id: string) => [...atendimentosKeys.details(), id] as const,
};

/** GET /api/atendimentos: one page; "abertas" lists those needing a person first, then the latest activity. */
export function atendimentosListOptions(filters: AtendimentoFilters) {
  const clean = cleanFilters(filters);
  return queryOptions({
    queryKey: atendimentosKeys.list(clean),
    queryFn: async ({ signal }) =>
      atendimentoPageSchema.parse(await apiFetch<unknown>(`/api/atendimentos${toQueryString(clean)}`, { signal })),
    staleTime: ATENDIMENTOS_STALE_TIME,
    placeholderData: keepPreviousData,
  });
}

/** GET /api/atendimentos/:id: the conversation with its whole transcript. */
export function atendimentoDetailOptions(id: string) {
  return queryOptions({
    queryKey: atendimentosKeys.detail(id),
    queryFn: async ({ signal }) =>
      atendimentoSchema.parse(await apiFetch<unknown>(`/api/atendimentos/${encodeURIComponent(id)}`, { signal })),
    staleTime: ATENDIMENTOS_STALE_TIME,
    enabled: !!id,
  });
}

/** The answer is the conversation as it is now: shown at once, and the list refetched around it. */
function settle(queryClient: QueryClient, id: string, updated?: Atendimento) {
  if (updated) queryClient.setQueryData(atendimentosKeys.detail(id), updated);
  invalidateRoots(queryClient, ATENDIMENTO_ROOTS);
}

function useAtendimentoAction<Input>(
  id: string,
  request: (input: Input) => { path: string; json: unknown },
  /** What else the change shows on. */
  alsoRoots: readonly string[] = [],
) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (input: Input): Promise<Atendimento> => {
      const { path, json } = request(input);
      return atendimentoSchema.parse(
        await apiFetch<unknown>(`/api/atendimentos/${encodeURIComponent(id)}/${path}`, { method: "POST", json }),
      );
    },
    onSuccess: (updated) => {
      settle(queryClient, id, updated);
      invalidateRoots(queryClient, alsoRoots);
    },
    // Someone else may have closed or taken it first: show the conversation as it is.
    onError: () => settle(queryClient, id),
  });
}

/** POST /api/atendimentos/:id/assumir: a person takes over; the virtual attendant stops replying. */
export function useAssumirAtendimento(id: string) {
  return useAtendimentoAction<void>(id, () => ({ path: "assumir", json: {} }));
}

/** POST /api/atendimentos/:id/mensagens: a line the visitor reads on the kiosk (and takes over, if not yet). */
export function useEnviarMensagem(id: string) {
  return useAtendimentoAction<string>(id, (texto) => ({
    path: "mensagens",
    json: atendimentoMensagemInputSchema.parse({ texto }),
  }));
}

/** POST /api/atendimentos/:id/solicitacao: the request for the visitor; the residents are reached as usual. */
export function useRegistrarSolicitacao(id: string) {
  return useAtendimentoAction<AtendimentoSolicitacaoInput>(
    id,
    (input) => ({ path: "solicitacao", json: atendimentoSolicitacaoInputSchema.parse(input) }),
    // A new request: the request screens, the dashboard and the bell count it.
    SOLICITACAO_ROOTS,
  );
}

/** POST /api/atendimentos/:id/encerrar: closes it; "negado" tells the visitor "Entrada não autorizada". */
export function useEncerrarAtendimento(id: string) {
  return useAtendimentoAction<"negado" | undefined>(id, (resultado) => ({
    path: "encerrar",
    json: atendimentoEncerrarInputSchema.parse(resultado ? { resultado } : {}),
  }));
}
