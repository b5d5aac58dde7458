/**
 * "Condomínio" then "Portão", for the forms that place something at a gate (a kiosk, a simulated call
 * or WhatsApp). The gates are the chosen condominium's active ones, which the caller reads (the
 * condominiums feature's `usePortoesAtivos`); the gate select says when they are loading, unavailable
 * or none.
 */
import type { FieldPath, FieldValues, PathValue } from "react-hook-form";
import { type AnyForm, SelectField } from "@/web/components/form-field";
import { errorMessage } from "@/web/lib/api";

interface Opcao {
  id: string;
  nome: string;
}

/** The chosen condominium's active gates and how their request went. */
export interface PortoesAtivos {
  ativos: readonly Opcao[];
  isPending: boolean;
  isError: boolean;
  error: unknown;
}

export function CondominioPortaoFields<T extends FieldValues & { condominio_id: string; portao_id: string }>({
  form,
  condominios,
  carregandoCondominios,
  condominioId,
  portoes,
  portaoHint,
  wrap = false,
}: {
  form: AnyForm<T>;
  /** The condominiums offered. */
  condominios: readonly Opcao[];
  carregandoCondominios: boolean;
  /** The chosen condominium (the form's `condominio_id`). */
  condominioId: string;
  portoes: PortoesAtivos;
  /** What the gate is for, under its select once the condominium has gates. */
  portaoHint: string;
  /** The chosen condominium's name wraps in the closed select (long names, a 360 px phone). */
  wrap?: boolean;
}) {
  let portaoPlaceholder = "Selecione o portão";
  if (!condominioId) portaoPlaceholder = "Escolha o condomínio primeiro";
  else if (portoes.isPending) portaoPlaceholder = "Carregando portões...";
  else if (portoes.isError) portaoPlaceholder = "Portões indisponíveis";
  else if (portoes.ativos.length === 0) portaoPlaceholder = "Nenhum portão ativo neste condomínio";

  let hint = portaoHint;
  if (portoes.isError) hint = errorMessage(portoes.error);
  else if (condominioId && !portoes.isPending && portoes.ativos.length === 0)
    hint = "Cadastre um portão na página do condomínio, em “Portões”.";

  return (
    <>
      <SelectField
        form={form}
        name={"condominio_id" as FieldPath<T>}
        label="Condomínio"
        required
        placeholder={carregandoCondominios ? "Carregando condomínios..." : "Selecione o condomínio"}
        options={condominios.map((c) => [c.id, c.nome] as const)}
        disabled={carregandoCondominios}
        wrap={wrap}
        // The gate of the previous condominium is not one of this one's.
        onValueChange={() => form.setValue("portao_id" as FieldPath<T>, "" as PathValue<T, FieldPath<T>>)}
      />
      <SelectField
        form={form}
        name={"portao_id" as FieldPath<T>}
        label="Portão"
        required
        placeholder={portaoPlaceholder}
        options={portoes.ativos.map((p) => [p.id, p.nome] as const)}
        disabled={!condominioId || portoes.isPending || portoes.ativos.length === 0}
        hint={hint}
      />
    </>
  );
}
