/**
 * How a unit is named on screen. Here rather than only in schemas/unidades.ts so the console's first
 * screen can use it without loading zod (docs/decisions/026); schemas/unidades.ts re-exports it.
 */

/** "Torre A - Unidade 101", or "Unidade 101" without a tower (docs/product.md, "Unidades"). */
export function unidadeLabel(u: { codigo: string; torre: string | null }): string {
  return u.torre ? `${u.torre} - Unidade ${u.codigo}` : `Unidade ${u.codigo}`;
}
