/**
 * The audit trail on the client (docs/product.md, "Auditoria"): the "Auditoria" list, its CSV export, the team members
 * its person filter offers, and a person's "Acessos a estes dados". Every key starts with a shared
 * root: "auditoria" for the trail, "equipe" for the members (a change to the team refreshes them).
 */
import { keepPreviousData, queryOptions } from "@tanstack/react-query";
import { QUERY_ROOTS } from "@/shared/query-keys";
import { type AuditoriaAcao, type AuditoriaEntidade, auditoriaPageSchema } from "@/shared/schemas/auditoria";
import { membroPageSchema } from "@/shared/schemas/equipe";
import { equipeKeys } from "@/web/console/configuracoes/configuracoes.queries";
import { apiFetch } from "@/web/lib/api";
import { cleanFilters, toQueryString } from "@/web/lib/use-list-params";

/** New records arrive with every change; a minute-old page is recent enough, "Atualizar" is at hand. */
const AUDITORIA_STALE_TIME = 30_000;

/** "Acessos a estes dados" pages 20 views at a time (the API's own size). */
export const ACESSOS_DADOS_PAGE_SIZE = 20;

/** The largest page the API serves: a team is far smaller, so the person filter lists everyone. */
const MEMBROS_OPCOES_PAGE_SIZE = 200;

/** The API's filters; `de`/`ate` are ISO date-times (inclusive start, exclusive end). */
export interface AuditoriaFilters {
  de?: string;
  ate?: string;
  /** A user's id: what that team member did. */
  ator_id?: string;
  acao?: AuditoriaAcao;
  entidade?: AuditoriaEntidade;
  page?: number;
}

export const auditoriaKeys = {
  all: [QUERY_ROOTS.auditoria] as const,
  lists: () => [...auditoriaKeys.all, "list"] as const,
  list: (filters: AuditoriaFilters) => [...auditoriaKeys.lists(), filters] as const,
  acessosPessoa: (pessoaId: string, page: number) => [...auditoriaKeys.all, "pessoa", pessoaId, { page }] as const,
};

/** GET /api/auditoria: one page, newest first. */
export function auditoriaListOptions(filters: AuditoriaFilters) {
  const clean = cleanFilters(filters);
  return queryOptions({
    queryKey: auditoriaKeys.list(clean),
    queryFn: async ({ signal }) =>
      auditoriaPageSchema.parse(await apiFetch<unknown>(`/api/auditoria${toQueryString(clean)}`, { signal })),
    staleTime: AUDITORIA_STALE_TIME,
    placeholderData: keepPreviousData,
  });
}

/** GET /api/auditoria/pessoas/{id}/acessos: who viewed this person's data, newest first. */
export function acessosPessoaOptions(pessoaId: string, page: number) {
  return queryOptions({
    queryKey: auditoriaKeys.acessosPessoa(pessoaId, page),
    queryFn: async ({ signal }) =>
      auditoriaPageSchema.parse(
        await apiFetch<unknown>(
          `/api/auditoria/pessoas/${encodeURIComponent(pessoaId)}/acessos${toQueryString({ page: page > 1 ? page : undefined })}`,
          { signal },
        ),
      ),
    staleTime: AUDITORIA_STALE_TIME,
    placeholderData: keepPreviousData,
  });
}

/** GET /api/equipe/membros, everyone at once: the choices of the person filter. */
export function membrosOpcoesOptions() {
  return queryOptions({
    queryKey: [...equipeKeys.membros(), "opcoes"] as const,
    queryFn: async ({ signal }) =>
      membroPageSchema.parse(
        await apiFetch<unknown>(`/api/equipe/membros${toQueryString({ page_size: MEMBROS_OPCOES_PAGE_SIZE })}`, {
          signal,
        }),
      ).items,
    staleTime: 5 * 60_000,
  });
}
