/**
 * The condominium filter of the lists that span condominiums (docs/product.md, "Lists and search"):
 * "Todos os condomínios" and each, shown when the caller has several (useCondominios, lib/condominios.ts).
 */
import { SelectFilter } from "@/web/components/list-screen";
import type { Condominios } from "@/web/lib/condominios";

/**
 * The filter select, labelled "Condomínio", in a list's filter bar (the value lives in the URL as
 * ?condominio_id). Shown when the caller has several condominiums, or when the URL already filters by
 * one, so a filter in effect is never hidden.
 */
export function CondominioFilter({
  condominios,
  value,
  onChange,
}: {
  condominios: Condominios;
  value: string | undefined;
  onChange: (value: string | undefined) => void;
}) {
  if (!condominios.many && !value) return null;
  const options: [string, string][] = condominios.items.map((c) => [c.id, c.nome]);
  // A condominium from the URL that is not among the options yet still needs an item to show.
  if (value && !condominios.items.some((c) => c.id === value))
    options.unshift([value, condominios.isPending ? "Carregando..." : "Condomínio selecionado"]);
  return (
    <SelectFilter
      id="filtro-condominio"
      label="Condomínio"
      allLabel="Todos os condomínios"
      value={value}
      onChange={onChange}
      options={options}
    />
  );
}
