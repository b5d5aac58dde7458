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

/** The API's page shape (pageOf in src/shared/schemas/common.ts). */
export function toPage<T>(items: T[], counted: CappedTotal, page: number, pageSize: number) {
  return { items, total: counted.total, total_truncated: counted.truncated, page, page_size: pageSize };
}
