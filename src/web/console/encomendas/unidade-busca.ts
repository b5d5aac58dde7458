/**
 * "Receber encomendas"' unit search (docs/product.md, "Encomendas"): the porteiro types what the label
 * says ("101", "A 101", "torre b 2") and the condominium's units that match every word are offered.
 * Accents and case do not matter.
 */
import { unidadeLabel } from "@/shared/unidade-label";

function normalizar(text: string): string {
  return text
    .normalize("NFD")
    .replace(/\p{Diacritic}/gu, "")
    .toLowerCase()
    .trim();
}

/**
 * Units where every typed word starts a word of the unit's label ("a" is tower A, not the "a" inside
 * "Unidade"; "2" finds 201 and 202); all of them when nothing is typed.
 */
export function filtrarUnidades<T extends { codigo: string; torre: string | null }>(
  unidades: readonly T[],
  busca: string,
): T[] {
  const words = normalizar(busca)
    .split(/[\s-]+/)
    .filter(Boolean);
  if (words.length === 0) return [...unidades];
  return unidades.filter((u) => {
    const tokens = normalizar(unidadeLabel(u))
      .split(/[\s-]+/)
      .filter(Boolean);
    return words.every((w) => tokens.some((t) => t.startsWith(w)));
  });
}
