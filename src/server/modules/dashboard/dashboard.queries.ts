/**
 * "Today" is the calendar day in each condominium's own timezone (docs/product.md, "Dashboard"): a request
 * at 22:00 in São Paulo is still today there although it is tomorrow in UTC. The created_at range
 * around the reference instant keeps the tenant's (organization_id, created_at) index in use.
 */
import { and, desc, eq, type SQL, sql } from "drizzle-orm";
import { type DataScope, unidadeRowCondition } from "../../auth/scope";
import type { Executor } from "../../db/client";
import { condominios as c, pessoas, solicitacoesAcesso as s, unidades } from "../../db/schema";
import { solicitacaoColumns, solicitacaoWhere } from "../solicitacoes/solicitacoes.service";

export interface DayFilter {
  organizationId: string;
  /** The caller's data scope (auth/scope.ts): a morador counts only their units, an assigned porteiro their condominiums. */
  scope: DataScope;
  condominioId?: string;
  /** YYYY-MM-DD to read instead of today. */
  data?: string;
}

/** The instant the day is read around: now, or noon UTC of the requested date. */
function reference(f: DayFilter): Date {
  return f.data ? new Date(`${f.data}T12:00:00Z`) : new Date();
}

/** The local calendar day of `reference`, in the row's condominium timezone. */
function localDay(f: DayFilter): SQL {
  return f.data ? sql`${f.data}::date` : sql`(now() AT TIME ZONE ${c.timezone})::date`;
}

const localDate = sql`(${s.createdAt} AT TIME ZONE ${c.timezone})::date`;

function dayWhere(f: DayFilter): SQL {
  const ref = reference(f);
  // Brazilian zones are UTC-2 to UTC-5: two days either side always contain the local day.
  const from = new Date(ref.getTime() - 2 * 86_400_000);
  const to = new Date(ref.getTime() + 2 * 86_400_000);
  return and(
    eq(s.organizationId, f.organizationId),
    unidadeRowCondition(f, s.unidadeId, s.condominioId),
    f.condominioId ? eq(s.condominioId, f.condominioId) : undefined,
    sql`${s.createdAt} >= ${from} AND ${s.createdAt} < ${to}`,
    sql`${localDate} = ${localDay(f)}`,
  )!;
}

export async function countTodayByStatus(db: Executor, f: DayFilter) {
  return db
    .select({ status: s.status, n: sql<number>`count(*)::int` })
    .from(s)
    .innerJoin(c, eq(c.id, s.condominioId))
    .where(dayWhere(f))
    .groupBy(s.status);
}

/** Counts by status over the previous calendar month, and that month's number of days. */
export async function countPreviousMonthByStatus(db: Executor, f: DayFilter) {
  const ref = reference(f);
  const from = new Date(Date.UTC(ref.getUTCFullYear(), ref.getUTCMonth() - 1, 1) - 86_400_000);
  const to = new Date(Date.UTC(ref.getUTCFullYear(), ref.getUTCMonth(), 1) + 86_400_000);
  const monthStart = sql`date_trunc('month', ${localDay(f)})::date`;
  return db
    .select({
      status: s.status,
      n: sql<number>`count(*)::int`,
      days: sql<number>`max(extract(day from ${monthStart} - interval '1 day'))::int`,
    })
    .from(s)
    .innerJoin(c, eq(c.id, s.condominioId))
    .where(
      and(
        eq(s.organizationId, f.organizationId),
        unidadeRowCondition(f, s.unidadeId, s.condominioId),
        f.condominioId ? eq(s.condominioId, f.condominioId) : undefined,
        sql`${s.createdAt} >= ${from} AND ${s.createdAt} < ${to}`,
        sql`${localDate} >= (${monthStart} - interval '1 month')::date AND ${localDate} < ${monthStart}`,
      ),
    )
    .groupBy(s.status);
}

/**
 * Pending requests now, whenever they were created, and how many of them nobody answered: the one
 * count the bell and the dashboard's "Pendentes agora" both show (docs/product.md, "Dashboard"),
 * read with the request list's own filter, so `?status=pendente` lists exactly as many.
 */
export async function countPendentes(db: Executor, f: Omit<DayFilter, "data">) {
  const [row] = await db
    .select({
      pendentes: sql<number>`count(*)::int`,
      semResposta: sql<number>`(count(*) FILTER (WHERE ${s.semRespostaMoradoresEm} IS NOT NULL))::int`,
    })
    .from(s)
    .where(solicitacaoWhere(f, { status: "pendente", condominioId: f.condominioId }));
  return { pendentes: row?.pendentes ?? 0, semResposta: row?.semResposta ?? 0 };
}

export async function latestToday(db: Executor, f: DayFilter, limit: number) {
  return db
    .select({ ...solicitacaoColumns, condominio: { id: c.id, nome: c.nome, timezone: c.timezone } })
    .from(s)
    .innerJoin(c, eq(c.id, s.condominioId))
    .innerJoin(unidades, eq(unidades.id, s.unidadeId))
    .where(dayWhere(f))
    .orderBy(desc(s.createdAt), desc(s.id))
    .limit(limit);
}

const REGISTRY_TABLES = { condominios: c, unidades, pessoas } as const;

/** Whether the tenant has at least one row in a registry table (stops at the first one). */
export async function hasAny(db: Executor, table: keyof typeof REGISTRY_TABLES, organizationId: string) {
  const t = REGISTRY_TABLES[table];
  const [row] = await db.select({ one: sql`1` }).from(t).where(eq(t.organizationId, organizationId)).limit(1);
  return !!row;
}
