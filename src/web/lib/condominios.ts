/**
 * The caller's condominiums, and whether there are several (docs/product.md, "Lists and search"):
 * an administradora with several sees on every list which condominium each row belongs to, and the
 * header search names it on each result; one condominium (a morador's units, a single building)
 * shows neither, since every row would say the same. Here, apart from the filter select, so the
 * header search can ask without loading the lists' select code (docs/decisions/026).
 */
import { useQuery } from "@tanstack/react-query";
import { condominioOptions } from "./lookups.queries";

/** The caller's condominiums (the cached lookup), and whether there is more than one. */
export function useCondominios({ enabled = true }: { enabled?: boolean } = {}) {
  const query = useQuery({ ...condominioOptions(), enabled });
  const items = query.data ?? [];
  return {
    items,
    /** More than one: the lists show the condominium of each row and the condominium filter. */
    many: items.length > 1,
    /** The only condominium, when there is exactly one (its units are the unit filter's choices). */
    only: items.length === 1 ? items[0] : undefined,
    isPending: query.isPending,
    nomeOf: (id: string) => items.find((c) => c.id === id)?.nome,
  };
}

export type Condominios = ReturnType<typeof useCondominios>;
