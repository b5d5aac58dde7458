/**
 * The Portaria screen's own calls (docs/product.md, "Portaria"): validating a pass, the visitors
 * waiting for a decision and the latest validations. Entries and exits go through the access log's
 * module (acessos.queries). Keys start with the roots the server's events name ("solicitacoes",
 * "acessos", "passes"), so the gate's lists follow what other gates, residents and integrations do.
 */
import { queryOptions, useMutation, useQueryClient } from "@tanstack/react-query";
import type { z } from "zod";
import { ACESSO_ROOTS, QUERY_ROOTS } from "@/shared/query-keys";
import { type AguardandoDecisao, aguardandoDecisaoSchema } from "@/shared/schemas/acessos";
import {
  type ValidacaoResultadoResponse,
  type ValidarPasse,
  validacaoPageSchema,
  validacaoResultadoSchema,
} from "@/shared/schemas/passes";
import { convidadosPortariaSchema } from "@/shared/schemas/reservas";
import { apiFetch } from "@/web/lib/api";
import { invalidateRoots } from "@/web/lib/realtime";
import { toQueryString } from "@/web/lib/use-list-params";

export type ValidacaoPage = z.infer<typeof validacaoPageSchema>;

/** How many validations "Últimas validações" shows. */
export const ULTIMAS_VALIDACOES = 10;

export const portariaKeys = {
  aguardando: (condominioId: string) => [QUERY_ROOTS.solicitacoes, "portaria-aguardando", condominioId] as const,
  validacoes: (condominioId: string, pageSize: number) =>
    [QUERY_ROOTS.passes, "validacoes", { condominio_id: condominioId, page_size: pageSize }] as const,
  /** Under the bookings' root: a booking confirmed, cancelled or its list edited refreshes the gate's list. */
  convidados: (condominioId: string, q = "") =>
    [QUERY_ROOTS.reservas, "portaria-convidados", condominioId, { q }] as const,
};

/** GET /api/portaria/aguardando: the condominium's pending requests, the one waiting longest first. */
export function aguardandoOptions(condominioId: string) {
  return queryOptions({
    queryKey: portariaKeys.aguardando(condominioId),
    queryFn: async ({ signal }): Promise<AguardandoDecisao> =>
      aguardandoDecisaoSchema.parse(
        await apiFetch<unknown>(`/api/portaria/aguardando${toQueryString({ condominio_id: condominioId })}`, {
          signal,
        }),
      ),
    staleTime: 15_000,
    // "Aguardando há 3 min" and the expiry move with the clock, not only with events.
    refetchInterval: 60_000,
    enabled: !!condominioId,
  });
}

/** GET /api/portaria/validacoes: the latest attempts at this condominium's gate, newest first. */
export function validacoesOptions(condominioId: string, pageSize = ULTIMAS_VALIDACOES) {
  return queryOptions({
    queryKey: portariaKeys.validacoes(condominioId, pageSize),
    queryFn: async ({ signal }): Promise<ValidacaoPage> =>
      validacaoPageSchema.parse(
        await apiFetch<unknown>(
          `/api/portaria/validacoes${toQueryString({ condominio_id: condominioId, page_size: pageSize })}`,
          { signal },
        ),
      ),
    staleTime: 15_000,
    enabled: !!condominioId,
  });
}

/**
 * POST /api/portaria/validacoes. A refusal is a 200 with liberado=false; a 429 means too many wrong
 * PINs at this gate. A success counts as a use of the pass, opens the gate and records the entry
 * (`acesso_id`), so the pass screens, the log and the dashboard refresh.
 */
export function useValidarPasse() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (input: ValidarPasse): Promise<ValidacaoResultadoResponse> =>
      validacaoResultadoSchema.parse(
        await apiFetch<unknown>("/api/portaria/validacoes", { method: "POST", json: input }),
      ),
    onSettled: () => invalidateRoots(queryClient, ACESSO_ROOTS),
  });
}

export type ConvidadosPortaria = z.infer<typeof convidadosPortariaSchema>;

/** GET /api/portaria/convidados: today's guests of the condominium's confirmed bookings, those in their window first. */
export function convidadosOptions(condominioId: string, q = "") {
  return queryOptions({
    queryKey: portariaKeys.convidados(condominioId, q),
    queryFn: async ({ signal }): Promise<ConvidadosPortaria> =>
      convidadosPortariaSchema.parse(
        await apiFetch<unknown>(
          `/api/portaria/convidados${toQueryString({ condominio_id: condominioId, q: q || undefined })}`,
          { signal },
        ),
      ),
    staleTime: 15_000,
    // A guest's window opens and closes with the clock, not only with events.
    refetchInterval: 60_000,
    enabled: !!condominioId,
  });
}
