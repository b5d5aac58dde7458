/**
 * Server-side pagination, one way for every list: a page of rows plus a count that stops after
 * TOTAL_CAP + 1 matches, so "N resultados" stays cheap on any table size (docs/decisions/006).
 */
import { count, type SQL, sql } from "drizzle-orm";
import type { PgTable } from "drizzle-orm/pg-core";
import { TOTAL_CAP } from "../../shared/schemas/common";
import type { Executor } from "./client";

export interface CappedTotal {
  total: number;
  truncated: boolean;
}

export async function cappedCount(db: Executor, table: PgTable, where: SQL): Promise<CappedTotal> {
  const [row] = await db.select({ n: count() }).from(
    db
      .select({ one: sql`1` })
      .from(table)
      .where(where)
      .limit(TOTAL_CAP + 1)
      .as("matches"),
  );
  const n = row?.n ?? 0;
  return { total: Math.min(n, TOTAL_CAP), truncated: n > TOTAL_CAP };
}

/**
 * The planner's estimate of how many rows match, from EXPLAIN (no rows read): a fraction of a
 * millisecond where counting a common search term up to the cap reads thousands of pages.
 */
async function estimatedMatches(db: Executor, table: PgTable, where: SQL): Promise<number | null> {
  const result = await db.execute(sql`EXPLAIN (FORMAT JSON) SELECT 1 FROM ${table} WHERE ${where}`);
  const rows =
    (result as unknown as { rows?: Record<string, unknown>[] }).rows ??
    (result as unknown as Record<string, unknown>[]);
  const raw = rows[0]?.["QUERY PLAN"];
  const plan = (typeof raw === "string" ? JSON.parse(raw) : raw) as { Plan?: { "Plan Rows"?: number } }[] | undefined;
  const estimate = plan?.[0]?.Plan?.["Plan Rows"];
  return typeof estimate === "number" ? estimate : null;
}

/** Only an estimate this far above the cap is trusted to mean "more than TOTAL_CAP" without counting. */
const ESTIMATE_MARGIN = 5;

/**
 * cappedCount for a "contains" search on a big table: a common term ("joao" among a million
 * visits) matches tens of thousands of rows spread over the whole table, and counting even the
 * first TOTAL_CAP + 1 of them costs more than the page itself. When the planner estimates several
 * times the cap, the answer is "more than 10.000" at once; anything closer is counted exactly.
 */
export async function cappedSearchCount(db: Executor, table: PgTable, where: SQL): Promise<CappedTotal> {
  const estimate = await estimatedMatches(db, table, where);
  if (estimate !== null && estimate > TOTAL_CAP * ESTIMATE_MARGIN) return { total: TOTAL_CAP, truncated: true };
  return cappedCount(db, table, where);
}

/** The API's page shape (pageOf in src/shared/schemas/common.ts). */
export function toPage<T>(items: T[], counted: CappedTotal, page: number, pageSize: number) {
  return { items, total: counted.total, total_truncated: counted.truncated, page, page_size: pageSize };
}
