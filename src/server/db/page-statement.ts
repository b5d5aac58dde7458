/**
 * A list page in one statement, for the lists read most (docs/decisions/028): the page's rows and
 * the total capped at TOTAL_CAP + 1 in a single round trip, the constant SQL rendered once, the
 * rows read as arrays straight from the driver (no Drizzle mapping), timestamps formatted by the
 * database as the API writes them, and, on a PostgreSQL server, the statement prepared once per
 * connection when its plan doesn't depend on the values. The request list went from two statements
 * and ~1 ms of Node CPU per page to one statement and ~0.2 ms (docs/benchmarks.md).
 */
import { PGlite } from "@electric-sql/pglite";
import { type Column, type GetColumnData, type SQL, sql } from "drizzle-orm";
import { PgDialect } from "drizzle-orm/pg-core";
import pg from "pg";
import { TOTAL_CAP } from "../../shared/schemas/common";
import { CASING, type Executor } from "./client";
import type { CappedTotal } from "./pagination";

const dialect = new PgDialect({ casing: CASING });

/**
 * `Date.prototype.toISOString()` of a timestamptz, written by the database (milliseconds truncated,
 * as the driver's dates truncate them); null stays null.
 */
export function isoText<C extends Column | SQL>(
  column: C,
): SQL<C extends Column ? (C["_"]["notNull"] extends true ? string : string | null) : string | null> {
  return sql`to_char(${column} AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;
}

/** A constant piece of SQL as text, so that building each statement doesn't walk it again. */
function renderedOnce(piece: SQL): SQL {
  const { sql: text, params } = dialect.sqlToQuery(piece);
  if (params.length > 0) throw new Error("renderedOnce: só para SQL sem parâmetros");
  return sql.raw(text);
}

/** Statement names by text: the shapes are few (which filters are present); past the cap, unnamed. */
const statementNames = new Map<string, string>();
const MAX_NAMED_STATEMENTS = 500;

function statementName(text: string): string | undefined {
  let name = statementNames.get(text);
  if (name === undefined && statementNames.size < MAX_NAMED_STATEMENTS) {
    name = `guarita_page_${statementNames.size + 1}`;
    statementNames.set(text, name);
  }
  return name;
}

/** The rows as arrays, as the driver parses them. `prepare`: reuse the plan per connection (server only). */
async function queryArrays(db: Executor, query: SQL, prepare: boolean): Promise<unknown[][]> {
  const client = (db as { $client?: unknown }).$client;
  const { sql: text, params } = dialect.sqlToQuery(query);
  if (client instanceof pg.Pool) {
    const result = await client.query({
      name: prepare ? statementName(text) : undefined,
      text,
      values: params,
      rowMode: "array",
    });
    return result.rows as unknown[][];
  }
  if (client instanceof PGlite) return (await client.query<unknown[]>(text, params, { rowMode: "array" })).rows;
  // A transaction or a pinned connection: through Drizzle, in column order.
  const result = (await db.execute(query)) as unknown as { rows: Record<string, unknown>[] };
  return result.rows.map((row) => Object.values(row));
}

/**
 * What a page shows: columns whose driver value is the value itself (text, uuid, integer,
 * boolean; timestamps through isoText), by the name the rows will have.
 */
export type PageColumns = Record<string, Column | SQL>;

export type PageRow<C extends PageColumns> = {
  [K in keyof C]: C[K] extends SQL<infer T> ? T : C[K] extends Column ? GetColumnData<C[K]> : never;
};

export interface PageDefinition<C extends PageColumns> {
  columns: C;
  /** FROM … JOIN …, without WHERE. */
  from: SQL;
  /** The table alone, for the count: the filter must not need the joins. */
  countFrom: SQL;
  /** The list's order, most significant first; an index should match it exactly. */
  orderBy: { key: Column; direction: "ASC" | "DESC" }[];
}

export interface PageRequest {
  where: SQL;
  page: number;
  pageSize: number;
  /**
   * Reuse the plan. Only when no filter makes the best plan depend on its value: a `LIKE '%…%'`
   * or a period must be planned for its own value (a rare name or a few days walk other indexes).
   */
  prepare: boolean;
}

/**
 * A page reader: the rows of the requested page in order, and the capped total (the count of
 * at most TOTAL_CAP + 1 matches, as pagination.ts's cappedCount), from one statement:
 *
 *   SELECT c.n, p.found, p.c0, … FROM (capped count) c LEFT JOIN LATERAL (page) p ON true ORDER BY …
 *
 * A page past the end still brings the count: one row whose page columns are null.
 */
export function pageStatement<C extends PageColumns>(definition: PageDefinition<C>) {
  const names = Object.keys(definition.columns);
  const selected = sql.join(
    names.map((name, i) => sql`${definition.columns[name]} AS ${sql.raw(`c${i}`)}`),
    sql`, `,
  );
  // Only the columns go out: the order keys stay in the statement (a timestamp key would be parsed into a Date for nothing).
  const returned = names.map((_, i) => `p.c${i}`).join(", ");
  const keys = sql.join(
    definition.orderBy.map((o, i) => sql`${o.key} AS ${sql.raw(`k${i}`)}`),
    sql`, `,
  );
  const innerOrder = sql.join(
    definition.orderBy.map((o) => sql`${o.key} ${sql.raw(o.direction)}`),
    sql`, `,
  );
  const outerOrder = definition.orderBy.map((o, i) => `p.k${i} ${o.direction}`).join(", ");
  const head = renderedOnce(
    sql`SELECT c.n, p.found, ${sql.raw(returned)} FROM (SELECT count(*)::int AS n FROM (SELECT 1 FROM ${definition.countFrom} WHERE `,
  );
  const beforePage = renderedOnce(
    sql` LIMIT ${sql.raw(String(TOTAL_CAP + 1))}) m) c LEFT JOIN LATERAL (SELECT true AS found, ${selected}, ${keys} FROM ${definition.from} WHERE `,
  );
  const beforeLimit = renderedOnce(sql` ORDER BY ${innerOrder} LIMIT `);
  const tail = sql.raw(`) p ON true ORDER BY ${outerOrder}`);

  return async (db: Executor, request: PageRequest): Promise<{ items: PageRow<C>[]; counted: CappedTotal }> => {
    const { where, page, pageSize } = request;
    const query = sql`${head}${where}${beforePage}${where}${beforeLimit}${pageSize} OFFSET ${(page - 1) * pageSize}${tail}`;
    const rows = await queryArrays(db, query, request.prepare);
    const n = Number(rows[0]?.[0] ?? 0);
    const items: PageRow<C>[] = [];
    for (const row of rows) {
      if (row[1] === null) continue; // the count's row of an empty page
      const item: Record<string, unknown> = {};
      for (let i = 0; i < names.length; i++) item[names[i]!] = row[i + 2];
      items.push(item as PageRow<C>);
    }
    return { items, counted: { total: Math.min(n, TOTAL_CAP), truncated: n > TOTAL_CAP } };
  };
}
