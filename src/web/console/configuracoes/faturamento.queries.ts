/**
 * "Plano e faturamento" on the client (docs/decisions/045-plans-and-billing.md): the subscription's
 * summary with the plan's usage, the invoices, and the owner's changes (plan, card, cancel, reactivate,
 * the demo's simulations). Everything is rooted at "faturamento", which the "faturamento.atualizado"
 * event invalidates, so the page and the console's billing banner follow the provider live.
 */
import { keepPreviousData, queryOptions, useMutation, useQueryClient } from "@tanstack/react-query";
import { QUERY_ROOTS } from "@/shared/query-keys";
import type { DemoCardInput } from "@/shared/schemas/checkout";
import {
  type DemoSimulacao,
  type FaturamentoResumo,
  faturamentoResumoSchema,
  faturaPageSchema,
  type MudarPlano,
  mudarPlanoResultadoSchema,
  mudarPlanoSchema,
  trocarCartaoResultadoSchema,
  trocarCartaoSchema,
} from "@/shared/schemas/faturamento";
import { apiFetch } from "@/web/lib/api";
import { meKeys } from "@/web/lib/me.queries";
import { toQueryString } from "@/web/lib/use-list-params";

export const FATURAS_PAGE_SIZE = 12;

export const faturamentoKeys = {
  all: [QUERY_ROOTS.faturamento] as const,
  resumo: () => [...faturamentoKeys.all, "resumo"] as const,
  faturas: () => [...faturamentoKeys.all, "faturas"] as const,
  faturasList: (page: number) => [...faturamentoKeys.faturas(), { page }] as const,
};

/** GET /api/faturamento: plan, cycle, status, next charge, card, usage. Owner and síndicos. */
export function faturamentoResumoOptions() {
  return queryOptions({
    queryKey: faturamentoKeys.resumo(),
    queryFn: async ({ signal }) =>
      faturamentoResumoSchema.parse(await apiFetch<unknown>("/api/faturamento", { signal })),
    // The usage moves as the account works; a short stale time keeps a revisit close.
    staleTime: 30_000,
  });
}

/** GET /api/faturamento/faturas: the newest first, paged by the server. */
export function faturasOptions(page: number) {
  return queryOptions({
    queryKey: faturamentoKeys.faturasList(page),
    queryFn: async ({ signal }) =>
      faturaPageSchema.parse(
        await apiFetch<unknown>(`/api/faturamento/faturas${toQueryString({ page, page_size: FATURAS_PAGE_SIZE })}`, {
          signal,
        }),
      ),
    staleTime: 30_000,
    placeholderData: keepPreviousData,
  });
}

/**
 * After any change: the answer's summary at once, then everything under "faturamento" (a change may add
 * an invoice, and the banner's state lives there too) and /api/me (the banner reads its `cobranca`).
 */
function useAfterChange() {
  const queryClient = useQueryClient();
  return async (resumo: FaturamentoResumo) => {
    queryClient.setQueryData(faturamentoKeys.resumo(), resumo);
    await Promise.all([
      queryClient.invalidateQueries({ queryKey: faturamentoKeys.all }),
      queryClient.invalidateQueries({ queryKey: meKeys.all }),
    ]);
  };
}

/** POST /api/faturamento/plano: an upgrade is in force at once (with a proration), a downgrade at the period's end. */
export function useMudarPlano() {
  const afterChange = useAfterChange();
  return useMutation({
    mutationFn: async (input: MudarPlano) =>
      mudarPlanoResultadoSchema.parse(
        await apiFetch<unknown>("/api/faturamento/plano", { method: "POST", json: mudarPlanoSchema.parse(input) }),
      ),
    onSuccess: (resultado) => afterChange(resultado.resumo),
  });
}

/** POST /api/faturamento/cancelar: at the end of the period; nothing is deleted. */
export function useCancelarAssinatura() {
  const afterChange = useAfterChange();
  return useMutation({
    mutationFn: async () =>
      faturamentoResumoSchema.parse(await apiFetch<unknown>("/api/faturamento/cancelar", { method: "POST" })),
    onSuccess: afterChange,
  });
}

/** POST /api/faturamento/reativar: undoes a scheduled cancellation, or starts an ended subscription again. */
export function useReativarAssinatura() {
  const afterChange = useAfterChange();
  return useMutation({
    mutationFn: async () =>
      faturamentoResumoSchema.parse(await apiFetch<unknown>("/api/faturamento/reativar", { method: "POST" })),
    onSuccess: afterChange,
  });
}

/** POST /api/faturamento/cartao: the demo's test card, or (Stripe) the customer portal's address. */
export function useTrocarCartao() {
  const afterChange = useAfterChange();
  return useMutation({
    mutationFn: async (cartao?: DemoCardInput) =>
      trocarCartaoResultadoSchema.parse(
        await apiFetch<unknown>("/api/faturamento/cartao", {
          method: "POST",
          json: trocarCartaoSchema.parse(cartao ? { cartao } : {}),
        }),
      ),
    onSuccess: (resultado) => afterChange(resultado.resumo),
  });
}

/** POST /api/faturamento/demo/simular: demo mode's renewal, failed charge, end of grace, end of period. */
export function useSimularDemo() {
  const afterChange = useAfterChange();
  return useMutation({
    mutationFn: async (acao: DemoSimulacao) =>
      faturamentoResumoSchema.parse(
        await apiFetch<unknown>("/api/faturamento/demo/simular", { method: "POST", json: { acao } }),
      ),
    onSuccess: afterChange,
  });
}
