/**
 * The new tenant's checklist (condominium → units → people): the dashboard's "Primeiros passos" card
 * and the empty states of the registry lists read it, so it lives here rather than in either feature.
 */
import { queryOptions, useQuery } from "@tanstack/react-query";
import { QUERY_ROOTS } from "@/shared/query-keys";
import type { PrimeirosPassos } from "@/shared/schemas/dashboard";
import { apiFetch } from "./api";
import { usePermission } from "./me.queries";

/** Under the dashboard root, so a change that refreshes the dashboard refreshes the checklist too. */
export const primeirosPassosKey = [QUERY_ROOTS.dashboard, "primeiros-passos"] as const;

/** GET /api/dashboard/primeiros-passos: what the tenant has registered yet (not parsed, as dashboard.queries.ts). */
export function primeirosPassosOptions() {
  return queryOptions({
    queryKey: primeirosPassosKey,
    queryFn: ({ signal }): Promise<PrimeirosPassos> =>
      apiFetch<PrimeirosPassos>("/api/dashboard/primeiros-passos", { signal }),
    // Right after creating the first records the user comes back here: always ask again on mount.
    staleTime: 0,
  });
}

export interface FirstStep {
  description: string;
  to: string;
  label: string;
}

/**
 * What a new tenant must register before this list makes sense (condominium → units → people),
 * for the empty states; null once the prerequisites exist or while unknown.
 */
export function useMissingPrerequisite(
  list: "condominios" | "unidades" | "pessoas",
  enabled: boolean,
): FirstStep | null {
  // Only those who may register anything are led to register it.
  const canRegister = usePermission("cadastros:editar");
  const { data } = useQuery({ ...primeirosPassosOptions(), enabled: enabled && canRegister });
  if (!enabled || !canRegister || !data) return null;
  if (list === "condominios") {
    return data.condominios
      ? null
      : {
          description: "Comece por aqui: o condomínio é o primeiro cadastro.",
          to: "/app/condominios/novo",
          label: "Cadastrar condomínio",
        };
  }
  if (!data.condominios) {
    return {
      description: "Antes, cadastre o condomínio: unidades e pessoas pertencem a ele.",
      to: "/app/condominios/novo",
      label: "Cadastrar condomínio",
    };
  }
  if (list === "pessoas" && !data.unidades) {
    return {
      description: "Cadastre também as unidades, para vincular cada pessoa à sua unidade como moradora.",
      to: "/app/unidades/nova",
      label: "Cadastrar unidade",
    };
  }
  return null;
}
