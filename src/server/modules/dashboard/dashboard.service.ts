import { SOLICITACAO_STATUSES, type SolicitacaoStatus } from "../../../shared/domain";
import {
  type Kpis,
  MIN_PERCENT_BASE,
  PENDENTES_LISTADAS,
  type Pendentes,
  type PrimeirosPassos,
  type Trend,
} from "../../../shared/schemas/dashboard";
import { scopeKey } from "../../auth/scope";
import type { Database } from "../../db/client";
import type { TenantContext } from "../../http/context";
import { countPresentes } from "../acessos/acessos.service";
import { thumbnailsOf } from "../fotos/fotos.service";
import { list as listSolicitacoes, toSolicitacaoListItem } from "../solicitacoes/solicitacoes.service";
import {
  countPendentes,
  countPreviousMonthByStatus,
  countTodayByStatus,
  hasAny,
  latestToday,
} from "./dashboard.queries";

type MonthCounts = Awaited<ReturnType<typeof countPreviousMonthByStatus>>;

/**
 * Last month's counts barely change, and reading a month of requests costs far more than reading
 * today's: keep them for a few minutes per tenant, condominium filter and month.
 */
const PREVIOUS_MONTH_TTL_MS = 5 * 60_000;
const previousMonthCache = new Map<string, { at: number; value: Promise<MonthCounts> }>();

function previousMonthCounts(db: Database, filter: Parameters<typeof countPreviousMonthByStatus>[1]) {
  const month = (filter.data ?? new Date().toISOString()).slice(0, 7);
  const key = `${filter.organizationId}|${scopeKey(filter)}|${filter.condominioId ?? "*"}|${month}`;
  const hit = previousMonthCache.get(key);
  if (hit && Date.now() - hit.at < PREVIOUS_MONTH_TTL_MS) return hit.value;
  const value = countPreviousMonthByStatus(db, filter);
  previousMonthCache.set(key, { at: Date.now(), value });
  value.catch(() => previousMonthCache.delete(key));
  if (previousMonthCache.size > 10_000) previousMonthCache.clear();
  return value;
}

function sign(n: number): "up" | "down" | "flat" {
  return n > 0 ? "up" : n < 0 ? "down" : "flat";
}

/**
 * Today against the daily average of the previous calendar month (docs/decisions/006). Only when
 * there is something today and there was data last month (otherwise the figure means nothing).
 * The difference in requests is always given; the percentage only from a daily average of
 * MIN_PERCENT_BASE up, because against an average of 0.3 one request is already +233%.
 * The direction follows the figure the card shows (the percentage when there is one).
 */
export function computeTrend(today: number, previousMonthCount: number, daysInPreviousMonth: number): Trend {
  if (today <= 0 || previousMonthCount <= 0 || daysInPreviousMonth <= 0) return null;
  const average = previousMonthCount / daysInPreviousMonth;
  const difference = Math.round(today - average) || 0;
  const signedPercent = average >= MIN_PERCENT_BASE ? Math.round(((today - average) / average) * 100) || 0 : null;
  return {
    direction: sign(signedPercent ?? difference),
    difference,
    average: Math.round(average * 10) / 10,
    percent: signedPercent === null ? null : Math.abs(signedPercent),
  };
}

export async function kpis(
  db: Database,
  tenant: TenantContext,
  q: { condominio_id?: string; data?: string },
): Promise<Kpis> {
  const filter = {
    organizationId: tenant.organizationId,
    scope: tenant.scope,
    condominioId: q.condominio_id,
    data: q.data,
  };
  const [today, previous, presentes, agora] = await Promise.all([
    countTodayByStatus(db, filter),
    previousMonthCounts(db, filter),
    countPresentes(db, tenant, q.condominio_id),
    countPendentes(db, filter),
  ]);
  const counts = Object.fromEntries(SOLICITACAO_STATUSES.map((st) => [st, 0])) as Record<SolicitacaoStatus, number>;
  for (const row of today) counts[row.status as SolicitacaoStatus] = row.n;
  const prev = Object.fromEntries(SOLICITACAO_STATUSES.map((st) => [st, 0])) as Record<SolicitacaoStatus, number>;
  let days = 0;
  for (const row of previous) {
    prev[row.status as SolicitacaoStatus] = row.n;
    days = Math.max(days, row.days);
  }
  const total = Object.values(counts).reduce((a, b) => a + b, 0);
  const prevTotal = Object.values(prev).reduce((a, b) => a + b, 0);
  return {
    presentes,
    pendentes_agora: agora.pendentes,
    counts: { ...counts, total },
    trends: {
      pendente: computeTrend(counts.pendente, prev.pendente, days),
      autorizado: computeTrend(counts.autorizado, prev.autorizado, days),
      negado: computeTrend(counts.negado, prev.negado, days),
      total: computeTrend(total, prevTotal, days),
    },
  };
}

export async function ultimas(
  db: Database,
  tenant: TenantContext,
  q: { condominio_id?: string; data?: string; limit: number },
  photos: { secret: string },
) {
  const rows = await latestToday(
    db,
    { organizationId: tenant.organizationId, scope: tenant.scope, condominioId: q.condominio_id, data: q.data },
    q.limit,
  );
  const thumbs = await thumbnailsOf(
    { db, secret: photos.secret },
    tenant,
    rows.map((r) => r.row.id),
  );
  return {
    items: rows.map((r) => ({
      ...toSolicitacaoListItem({
        ...r.row,
        unidadeCodigo: r.unidadeCodigo,
        unidadeTorre: r.unidadeTorre,
        portaoNome: r.portaoNome,
      }),
      condominio: r.condominio,
      foto_miniatura_url: thumbs.get(r.row.id) ?? null,
    })),
  };
}

/**
 * The bell: pending requests now (the dashboard's "Pendentes agora" is the same count, from the same
 * query), those nobody answered, and the newest few.
 */
export async function pendentes(
  db: Database,
  tenant: TenantContext,
  q: { condominio_id?: string },
  photos: { secret: string },
): Promise<Pendentes> {
  const [counts, newest] = await Promise.all([
    countPendentes(db, { organizationId: tenant.organizationId, scope: tenant.scope, condominioId: q.condominio_id }),
    listSolicitacoes(db, tenant, { status: "pendente", condominioId: q.condominio_id }, 1, PENDENTES_LISTADAS, photos),
  ]);
  return { pendentes: counts.pendentes, sem_resposta: counts.semResposta, items: newest.items };
}

/** The onboarding checklist of a new tenant: three indexed EXISTS probes, not counts. */
export async function primeirosPassos(db: Database, tenant: TenantContext): Promise<PrimeirosPassos> {
  const [condominios, unidades, pessoas] = await Promise.all([
    hasAny(db, "condominios", tenant.organizationId),
    hasAny(db, "unidades", tenant.organizationId),
    hasAny(db, "pessoas", tenant.organizationId),
  ]);
  return { condominios, unidades, pessoas };
}
