import { useQuery } from "@tanstack/react-query";
import { primeirosPassosOptions } from "./dashboard.queries";

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
  const { data } = useQuery({ ...primeirosPassosOptions(), enabled });
  if (!enabled || !data) return null;
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
