import { useQuery } from "@tanstack/react-query";
import type { FieldPath, FieldValues } from "react-hook-form";
import { unidadeLabel } from "@/shared/schemas/unidades";
import { type AnyForm, SelectField } from "@/web/components/form-field";
import { errorMessage } from "@/web/lib/api";
import { unidadeOptions } from "@/web/lib/lookups.queries";

/**
 * "Unidade": the active units of a condominium, for the gate's forms (a new visitor, a resident's
 * entry, a request registered from a conversation). Says when they are loading, missing or none.
 */
export function UnidadeSelectField<T extends FieldValues>({
  form,
  name,
  condominioId,
  onValueChange,
}: {
  form: AnyForm<T>;
  name: FieldPath<T>;
  condominioId: string;
  onValueChange?: (value: string) => void;
}) {
  const unidades = useQuery(unidadeOptions(condominioId));
  const choices = (unidades.data ?? []).filter((u) => u.enabled);
  let placeholder = "Selecione a unidade";
  if (unidades.isPending) placeholder = "Carregando unidades...";
  else if (unidades.isError) placeholder = "Unidades indisponíveis";
  else if (choices.length === 0) placeholder = "Nenhuma unidade ativa neste condomínio";
  return (
    <SelectField
      form={form}
      name={name}
      label="Unidade"
      required
      placeholder={placeholder}
      options={choices.map((u) => [u.id, unidadeLabel(u)] as const)}
      disabled={unidades.isPending || choices.length === 0}
      onValueChange={onValueChange}
      hint={unidades.isError ? errorMessage(unidades.error) : undefined}
    />
  );
}
