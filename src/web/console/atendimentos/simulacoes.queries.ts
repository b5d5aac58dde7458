/**
 * "Simular ligação" and "Simular WhatsApp" on the client (docs/decisions/037-phone-line-and-whatsapp.md):
 * whether this tenant is the demonstration, starting a played call or WhatsApp conversation, and the
 * visitor's next line. The conversation itself is read like any other (atendimentoDetailOptions), so
 * the `atendimento.atualizado` events move it live; what only a turn's answer carries (the TwiML
 * Twilio would get) is kept per conversation for this tab.
 */
import { queryOptions, skipToken, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { ATENDIMENTO_ROOTS, QUERY_ROOTS } from "@/shared/query-keys";
import {
  type SimulacaoTurno,
  simulacaoCreateSchema,
  simulacaoDisponivelSchema,
  simulacaoMensagemSchema,
  simulacaoTurnoSchema,
} from "@/shared/schemas/simulacoes";
import { apiFetch } from "@/web/lib/api";
import { invalidateRoots } from "@/web/lib/realtime";
import { atendimentosKeys } from "./atendimentos.queries";

export type SimulacaoCanal = SimulacaoTurno["canal"];

export const simulacoesKeys = {
  /**
   * Under the signed-in context's root, not "atendimentos": it depends on the tenant alone, and every
   * conversation's event would refetch it for nothing.
   */
  disponivel: () => [QUERY_ROOTS.me, "simulacoes"] as const,
  /** The last turn of a simulation: turns set it, nothing fetches it (an event only marks it stale). */
  turno: (conversaId: string) => [QUERY_ROOTS.atendimentos, "simulacoes", "turno", conversaId] as const,
};

/** GET /api/atendimentos/simulacoes: only the demonstration offers the buttons. */
export function simulacaoDisponivelOptions() {
  return queryOptions({
    queryKey: simulacoesKeys.disponivel(),
    queryFn: async ({ signal }) =>
      simulacaoDisponivelSchema.parse(await apiFetch<unknown>("/api/atendimentos/simulacoes", { signal })).disponivel,
    staleTime: Number.POSITIVE_INFINITY,
  });
}

/** The last turn this tab played in a simulation (its TwiML), or undefined (another tab, a reload). */
export function useUltimoTurno(conversaId: string) {
  return useQuery<SimulacaoTurno>({
    queryKey: simulacoesKeys.turno(conversaId),
    queryFn: skipToken,
    staleTime: Number.POSITIVE_INFINITY,
    // Kept while staff look at the request and come back (the dialog is closed meanwhile).
    gcTime: Number.POSITIVE_INFINITY,
  }).data;
}

/**
 * The turn's conversation is shown at once: its detail refetched before the promise settles (so the
 * attendant's answer is on the transcript when the box empties), the list around it.
 */
async function settle(queryClient: ReturnType<typeof useQueryClient>, turno: SimulacaoTurno) {
  queryClient.setQueryData(simulacoesKeys.turno(turno.conversa_id), turno);
  invalidateRoots(queryClient, ATENDIMENTO_ROOTS);
  await queryClient.refetchQueries({ queryKey: atendimentosKeys.detail(turno.conversa_id) });
}

export interface IniciarSimulacao {
  canal: SimulacaoCanal;
  portao_id: string;
  /** WhatsApp: the visitor's first message. */
  texto?: string;
}

/** POST /api/atendimentos/simulacoes: the call is answered (the greeting) or the first message read. */
export function useIniciarSimulacao() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ texto, ...input }: IniciarSimulacao) => {
      const body = {
        ...simulacaoCreateSchema.parse(input),
        ...(texto === undefined ? {} : simulacaoMensagemSchema.parse({ texto })),
      };
      const turno = simulacaoTurnoSchema.parse(
        await apiFetch<unknown>("/api/atendimentos/simulacoes", { method: "POST", json: body }),
      );
      await settle(queryClient, turno);
      return turno;
    },
  });
}

/** POST /api/atendimentos/simulacoes/:id/mensagens: what the visitor says; the answer is the attendant's. */
export function useFalarNaSimulacao(conversaId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (texto: string) => {
      const turno = simulacaoTurnoSchema.parse(
        await apiFetch<unknown>(`/api/atendimentos/simulacoes/${encodeURIComponent(conversaId)}/mensagens`, {
          method: "POST",
          json: simulacaoMensagemSchema.parse({ texto }),
        }),
      );
      await settle(queryClient, turno);
      return turno;
    },
    // The call may have ended meanwhile (409): show the conversation as it is.
    onError: () => invalidateRoots(queryClient, ATENDIMENTO_ROOTS),
  });
}
