/**
 * The profile on the client. The sessions live under the signed-in user's root ("me"): a change
 * of name or photo invalidates /api/me (the header's avatar and name follow at once) and the list.
 */
import { queryOptions, useMutation, useQueryClient } from "@tanstack/react-query";
import {
  encerrarOutrasResultSchema,
  encerrarSessaoResultSchema,
  type PerfilInput,
  perfilInputSchema,
  perfilSchema,
  sessoesSchema,
} from "@/shared/schemas/perfil";
import { apiFetch } from "@/web/lib/api";
import { meKeys } from "@/web/lib/me.queries";

export const perfilKeys = {
  sessoes: [...meKeys.all, "sessoes"] as const,
};

export function sessoesOptions() {
  return queryOptions({
    queryKey: perfilKeys.sessoes,
    queryFn: async ({ signal }) => sessoesSchema.parse(await apiFetch<unknown>("/api/perfil/sessoes", { signal })),
    // "Último acesso" moves while the screen is open elsewhere; a revisit refetches.
    staleTime: 0,
  });
}

export function useUpdatePerfil() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (input: PerfilInput) =>
      perfilSchema.parse(
        await apiFetch<unknown>("/api/perfil", { method: "PUT", json: perfilInputSchema.parse(input) }),
      ),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: meKeys.all }),
  });
}

/**
 * better-auth's change-password, through the same client as every API call (its errors come back in
 * our shape, pt-BR, with field paths). With revokeOtherSessions it ends every other session and
 * gives this browser a new one (a new cookie), so the list changes.
 */
export function useAlterarSenha() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (input: { currentPassword: string; newPassword: string }) => {
      await apiFetch<unknown>("/api/auth/change-password", {
        method: "POST",
        json: { ...input, revokeOtherSessions: true },
      });
    },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: perfilKeys.sessoes }),
  });
}

export function useEncerrarSessao() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (id: string) =>
      encerrarSessaoResultSchema.parse(
        await apiFetch<unknown>(`/api/perfil/sessoes/${encodeURIComponent(id)}`, { method: "DELETE" }),
      ),
    // Gone already (ended on another device) is as good as ended: refresh the list either way.
    onSettled: () => queryClient.invalidateQueries({ queryKey: perfilKeys.sessoes }),
  });
}

export function useEncerrarOutras() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async () =>
      encerrarOutrasResultSchema.parse(
        await apiFetch<unknown>("/api/perfil/sessoes/encerrar-outras", { method: "POST" }),
      ),
    onSettled: () => queryClient.invalidateQueries({ queryKey: perfilKeys.sessoes }),
  });
}
