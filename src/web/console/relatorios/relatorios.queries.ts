/**
 * "Relatórios" on the client (docs/product.md): the report of one condominium and period, and the
 * addresses of its downloads (plain links: the browser downloads them with the session cookie).
 */
import { keepPreviousData, queryOptions } from "@tanstack/react-query";
import { type Relatorio, type RelatorioTabela, relatorioSchema } from "@/shared/schemas/relatorios";
import { apiFetch } from "@/web/lib/api";
import { toQueryString } from "@/web/lib/use-list-params";

/** One condominium and either a month or two dates (inclusive). */
export interface RelatorioParams {
  condominio_id: string;
  mes?: string;
  de?: string;
  ate?: string;
}

/** Past months do not change; the current one moves slowly. */
const STALE_TIME = 5 * 60_000;

export function relatorioOptions(params: RelatorioParams) {
  return queryOptions({
    queryKey: ["relatorios", params] as const,
    queryFn: async ({ signal }): Promise<Relatorio> =>
      relatorioSchema.parse(await apiFetch<unknown>(`/api/relatorios${toQueryString({ ...params })}`, { signal })),
    staleTime: STALE_TIME,
    placeholderData: keepPreviousData,
  });
}

export const csvHref = (tabela: RelatorioTabela, params: RelatorioParams) =>
  `/api/relatorios/csv/${tabela}${toQueryString({ ...params })}`;

export const pdfHref = (condominio_id: string, mes: string) =>
  `/api/relatorios/mensal.pdf${toQueryString({ condominio_id, mes })}`;

/** The last full month before `now`, "AAAA-MM" (the monthly report's default). */
export function lastFullMonth(now = new Date()): string {
  const d = new Date(now.getFullYear(), now.getMonth() - 1, 1);
  return `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, "0")}`;
}
