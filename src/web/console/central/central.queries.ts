/**
 * The operators' central on the client (docs/decisions/042-operators-central.md): the queue with who is on
 * duty, and what an operator does with an item. Every key starts with "central", the root the server's
 * `central.atualizada` event names (CENTRAL_ROOTS): an item entering, claimed elsewhere or resolved
 * refreshes every operator's screen by itself.
 */
import { queryOptions, useMutation, useQueryClient } from "@tanstack/react-query";
import { z } from "zod";
import { CENTRAL_ROOTS, QUERY_ROOTS } from "@/shared/query-keys";
import {
  type CentralItem,
  type CentralResolver,
  type CentralSla,
  centralFilaSchema,
  centralItemSchema,
  centralSlaCondominioSchema,
  type PresencaStatus,
} from "@/shared/schemas/central";
import { apiFetch } from "@/web/lib/api";
import { invalidateRoots } from "@/web/lib/realtime";

/** Events refresh the queue at once; the poll only covers a stream that dropped without saying so. */
export const CENTRAL_REFETCH_INTERVAL = 30_000;
/** The screen says it is open this often; the server shows an operator offline after 2 minutes. */
export const HEARTBEAT_MS = 60_000;

export const centralKeys = {
  all: [QUERY_ROOTS.central] as const,
  fila: (condominioId: string | undefined) => [...centralKeys.all, "fila", condominioId ?? null] as const,
  sla: () => [...centralKeys.all, "sla"] as const,
};

/** GET /api/central: open and claimed items, oldest first; the operators; the server's clock. */
export function centralFilaOptions(condominioId: string | undefined) {
  const query = condominioId ? `?condominio_id=${encodeURIComponent(condominioId)}` : "";
  return queryOptions({
    queryKey: centralKeys.fila(condominioId),
    queryFn: async ({ signal }) => centralFilaSchema.parse(await apiFetch<unknown>(`/api/central${query}`, { signal })),
    refetchInterval: CENTRAL_REFETCH_INTERVAL,
    // A night-long screen: a tab in the background still hears of new items.
    refetchIntervalInBackground: true,
  });
}

const slaListSchema = z.object({ itens: z.array(centralSlaCondominioSchema) });
export type CentralSlaCondominio = z.infer<typeof centralSlaCondominioSchema>;

/** GET /api/central/sla: each condominium's times to claim and to resolve (supervisors). */
export function centralSlaOptions(enabled: boolean) {
  return queryOptions({
    queryKey: centralKeys.sla(),
    queryFn: async ({ signal }) => slaListSchema.parse(await apiFetch<unknown>("/api/central/sla", { signal })),
    enabled,
  });
}

export type CentralAcao =
  | { tipo: "assumir"; id: string }
  | { tipo: "liberar"; id: string }
  | { tipo: "resolver"; id: string; input: CentralResolver }
  | { tipo: "reatribuir"; id: string; userId: string };

function bodyOf(acao: CentralAcao): unknown {
  if (acao.tipo === "resolver") return acao.input;
  if (acao.tipo === "reatribuir") return { user_id: acao.userId };
  return {};
}

/**
 * POST /api/central/itens/:id/{assumir,liberar,resolver,reatribuir}. Success or failure (409: someone else
 * took it first), the queue is read again, so the screen shows the item as it is now.
 */
export function useCentralAcao() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (acao: CentralAcao): Promise<CentralItem> =>
      centralItemSchema.parse(
        await apiFetch<unknown>(`/api/central/itens/${encodeURIComponent(acao.id)}/${acao.tipo}`, {
          method: "POST",
          json: bodyOf(acao),
        }),
      ),
    onSettled: () => invalidateRoots(queryClient, CENTRAL_ROOTS),
  });
}

/** PUT /api/central/presenca: the operator's own status; also the screen's heartbeat. */
export function useCentralPresenca() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (status: PresencaStatus) =>
      apiFetch<{ status: PresencaStatus }>("/api/central/presenca", { method: "PUT", json: { status } }),
    onSuccess: () => invalidateRoots(queryClient, CENTRAL_ROOTS),
  });
}

/** A heartbeat that refreshes nothing: the server only notes the screen is open. */
export function enviarPresenca(status: PresencaStatus) {
  return apiFetch<{ status: PresencaStatus }>("/api/central/presenca", { method: "PUT", json: { status } });
}

/** PUT /api/central/sla/:condominioId (supervisors). */
export function useSalvarSla() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ condominioId, sla }: { condominioId: string; sla: CentralSla }) =>
      apiFetch<unknown>(`/api/central/sla/${encodeURIComponent(condominioId)}`, { method: "PUT", json: sla }),
    onSuccess: () => invalidateRoots(queryClient, CENTRAL_ROOTS),
  });
}
