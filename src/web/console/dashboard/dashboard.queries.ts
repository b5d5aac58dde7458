/**
 * Dashboard on the client: the query-key factory and the options of /api/dashboard/*. Every key
 * starts with "dashboard", so a realtime event naming that root refreshes the KPIs and the latest list.
 * The answers are read as the shared types, not parsed with the schemas: the dashboard is the first
 * console screen and zod would be most of its download (docs/decisions/026); the API's contract tests
 * hold the server to the schemas.
 */
import { queryOptions } from "@tanstack/react-query";
import type { z } from "zod";
import { QUERY_ROOTS } from "@/shared/query-keys";
import type { Kpis, ultimasSchema } from "@/shared/schemas/dashboard";
import type { SolicitacaoComFotoRow } from "@/shared/schemas/solicitacoes";
import { apiFetch } from "@/web/lib/api";

/** Dashboard queries: 30 s fresh (docs/product.md, "Live updates"). */
export const DASHBOARD_STALE_TIME = 30_000;
/** The API's default; the card shows at most ULTIMAS_SHOWN of them (docs/product.md, "Dashboard"). */
export const ULTIMAS_LIMIT = 20;
export const ULTIMAS_SHOWN = 10;

type Ultimas = z.infer<typeof ultimasSchema>;

export interface DashboardFilters {
  condominio_id?: string;
  /** YYYY-MM-DD; today by default. */
  data?: string;
}

function query(params: Record<string, string | number | undefined>): string {
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(params))
    if (value !== undefined && value !== "") search.set(key, String(value));
  const text = search.toString();
  return text ? `?${text}` : "";
}

export const dashboardKeys = {
  all: [QUERY_ROOTS.dashboard] as const,
  kpis: (filters: DashboardFilters = {}) => [...dashboardKeys.all, "kpis", filters] as const,
  ultimas: (filters: DashboardFilters & { limit?: number } = {}) => [...dashboardKeys.all, "ultimas", filters] as const,
};

/** GET /api/dashboard/kpis: the pending requests now, today's counts by status and the trends against last month. */
export function kpisOptions(filters: DashboardFilters = {}) {
  return queryOptions({
    queryKey: dashboardKeys.kpis(filters),
    queryFn: ({ signal }): Promise<Kpis> => apiFetch<Kpis>(`/api/dashboard/kpis${query({ ...filters })}`, { signal }),
    staleTime: DASHBOARD_STALE_TIME,
  });
}

/** GET /api/dashboard/ultimas: today's requests, newest first. */
export function ultimasOptions(filters: DashboardFilters = {}) {
  const params = { ...filters, limit: ULTIMAS_LIMIT };
  return queryOptions({
    queryKey: dashboardKeys.ultimas(params),
    queryFn: async ({ signal }): Promise<SolicitacaoComFotoRow[]> =>
      (await apiFetch<Ultimas>(`/api/dashboard/ultimas${query(params)}`, { signal })).items,
    staleTime: DASHBOARD_STALE_TIME,
  });
}
