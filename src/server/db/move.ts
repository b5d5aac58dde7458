/**
 * `npm run db:move`: copies the embedded database (PGlite in DATA_DIR) into an empty database on a
 * PostgreSQL server, so a customer who started with `npm start` keeps every tenant, login, session,
 * request, call and event (ids included) when moving to a server (docs/decisions/025).
 *
 * Not a dump: PGlite's dump tool pins another PGlite release than ours, and pg_dump 18's output does
 * not load into the PostgreSQL 15 servers we support. Instead, in ONE transaction on the server:
 * our own migrations (SQL written for 15) create the tables, every row is copied table by table in
 * foreign-key order, in batches, as text cast back to the column's type (exact: PostgreSQL's own
 * output and input, the way pg_dump's COPY works), sequences are set, and every table's row count
 * is compared. Any failure rolls it all back: the server database is left as empty as it was.
 */
import fs from "node:fs";
import path from "node:path";
import { sql } from "drizzle-orm";
import { type MigrationMeta, readMigrationFiles } from "drizzle-orm/migrator";
import pg from "pg";
import { CONNECT_TIMEOUT_MS, type DatabaseHandle, openDatabase } from "./client";
import { DataDirInUseError, lockDataDir } from "./data-dir-lock";
import { applyMigrations, MIGRATION_LOCK_KEY, MIGRATIONS_FOLDER } from "./migrate";
import {
  type Catalog,
  catalogDifferences,
  copyOrder,
  displayName,
  type Query,
  qualified,
  quoteIdent,
  readCatalog,
  type TableInfo,
} from "./move-catalog";

/** Refused before anything was written (bad input, a busy DATA_DIR, a target that is not empty). */
export class MoveRefusedError extends Error {
  override name = "MoveRefusedError";
}

/** The copy started and failed; the server transaction was rolled back. */
export class MoveFailedError extends Error {
  override name = "MoveFailedError";
}

export interface TableProgress {
  /** `session`, `drizzle.__drizzle_migrations`. */
  table: string;
  copied: number;
  total: number;
}

export interface MoveOptions {
  /** The embedded install's DATA_DIR (its database is DATA_DIR/pglite). */
  dataDir: string;
  /** postgres://… of an empty database on the server. */
  targetUrl: string;
  /** Rows per round trip; bounds the memory a wide table takes (default 500). */
  batchSize?: number;
  /** Each phase, in pt-BR, for the CLI to print. */
  onStep?: (message: string) => void;
  /** After each batch (and once at 0 rows) of each table. */
  onProgress?: (progress: TableProgress) => void;
}

export interface MoveReport {
  tables: { table: string; rows: number }[];
  rows: number;
  sequences: number;
  migrations: number;
  ms: number;
}

const DEFAULT_BATCH = 500;

/** Where the data goes, in messages: `guarita (db.example.com:5432)`, never the password. */
export function describeTarget(url: string): string {
  const invalid = () =>
    new MoveRefusedError(
      `URL de destino inválida: use postgres://usuário:senha@servidor:5432/banco (recebido: ${url}).`,
    );
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    throw invalid();
  }
  if (parsed.protocol !== "postgres:" && parsed.protocol !== "postgresql:") throw invalid();
  const database = decodeURIComponent(parsed.pathname.replace(/^\//, ""));
  if (!database) {
    throw new MoveRefusedError(
      "Informe o banco de destino na URL, por exemplo postgres://usuário:senha@servidor:5432/guarita.",
    );
  }
  return `${database} (${parsed.host || "socket local"})`;
}

/** PGlite keeps a regular PostgreSQL data directory; PG_VERSION is its first file. */
function hasEmbeddedDatabase(pgliteDir: string): boolean {
  return fs.existsSync(path.join(pgliteDir, "PG_VERSION"));
}

export async function moveToPostgres(options: MoveOptions): Promise<MoveReport> {
  const started = performance.now();
  const step = options.onStep ?? (() => undefined);
  const where = describeTarget(options.targetUrl);
  const dataDir = path.resolve(options.dataDir);
  const pgliteDir = path.join(dataDir, "pglite");
  if (!hasEmbeddedDatabase(pgliteDir)) {
    throw new MoveRefusedError(`Não há banco embutido em ${pgliteDir}: confira --from (ou DATA_DIR).`);
  }

  // The copy must see a database nobody writes to: the app holds this lock while it runs.
  const lock = { lost: null as Error | null };
  let release: () => Promise<void>;
  try {
    release = await lockDataDir(dataDir, {
      onCompromised: (error) => {
        lock.lost = error;
      },
    });
  } catch (error) {
    if (error instanceof DataDirInUseError) {
      throw new MoveRefusedError(`${error.message} A mudança para o PostgreSQL precisa do Guarita parado.`);
    }
    throw error;
  }

  let target: pg.Client | null = null;
  let source: DatabaseHandle | null = null;
  try {
    target = await connectTarget(options.targetUrl, where);
    const targetQuery = queryOf(target);
    await refuseUnlessEmpty(targetQuery, where);

    step(`Abrindo o banco embutido em ${pgliteDir} e aplicando migrações pendentes…`);
    source = await openDatabase({ dataDir: pgliteDir });
    // What `npm start` would do first: both sides then have the schema of this version's migrations.
    await applyMigrations(source);
    const migrations = readMigrationFiles({ migrationsFolder: MIGRATIONS_FOLDER });
    const sourceQuery = pgliteQuery(source);
    await refuseOtherMigrationState(sourceQuery, migrations);

    const report = await copyEverything({
      sourceQuery,
      target,
      targetQuery,
      where,
      migrations,
      batchSize: options.batchSize ?? DEFAULT_BATCH,
      step,
      onProgress: options.onProgress ?? (() => undefined),
      lock,
    });
    return { ...report, ms: Math.round(performance.now() - started) };
  } finally {
    await source?.close().catch(() => undefined);
    await target?.end().catch(() => undefined);
    // After a lost lock there is nothing left to release.
    await release().catch(() => undefined);
  }
}

function queryOf(client: pg.Client): Query {
  return async <T>(text: string, params?: unknown[]) => (await client.query(text, params)).rows as T[];
}

/** PGlite through its Drizzle handle; our source queries take no parameters. */
function pgliteQuery(handle: DatabaseHandle): Query {
  return async <T>(text: string) => ((await handle.db.execute(sql.raw(text))) as unknown as { rows: T[] }).rows;
}

async function connectTarget(url: string, where: string): Promise<pg.Client> {
  const client = new pg.Client({
    connectionString: url,
    connectionTimeoutMillis: CONNECT_TIMEOUT_MS,
    application_name: "guarita-db-move",
  });
  // A connection that dies mid-copy fails its next query; unhandled, this event would end the process.
  client.on("error", () => undefined);
  try {
    await client.connect();
  } catch (error) {
    await client.end().catch(() => undefined);
    if ((error as { code?: string }).code === "3D000") {
      throw new MoveRefusedError(`O banco ${where} não existe: crie-o vazio (por exemplo, createdb) e rode de novo.`);
    }
    throw new MoveRefusedError(
      `Não foi possível conectar ao banco de destino ${where}: ${(error as Error).message || String(error)}`,
    );
  }
  const [version] = (
    await client.query<{ num: number; text: string }>(
      "SELECT current_setting('server_version_num')::int AS num, current_setting('server_version') AS text",
    )
  ).rows;
  if (!version || version.num < 150_000) {
    await client.end().catch(() => undefined);
    throw new MoveRefusedError(
      `O servidor de destino roda PostgreSQL ${version?.text ?? "desconhecido"}; o Guarita precisa do 15 ou mais novo.`,
    );
  }
  return client;
}

/**
 * Only an empty database is written to: merging two installs' rows (ids, tenants, logins) is not
 * something a copy can do safely. Any table, view or sequence in `public`, or a migrations journal
 * with rows (`npm run db:migrate` or `npm start` already ran there), counts as not empty.
 */
async function refuseUnlessEmpty(query: Query, where: string): Promise<void> {
  const relations = await query<{ name: string }>(`
    SELECT c.relname AS name
      FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace
     WHERE n.nspname = 'public' AND c.relkind IN ('r', 'p', 'v', 'm', 'S', 'f')
       AND NOT EXISTS (SELECT 1 FROM pg_depend d
                        WHERE d.classid = 'pg_class'::regclass AND d.objid = c.oid AND d.deptype = 'e')
     ORDER BY c.relname`);
  const found = relations.map((r) => r.name);
  const [journal] = await query<{ exists: boolean }>(
    "SELECT to_regclass('drizzle.__drizzle_migrations') IS NOT NULL AS exists",
  );
  if (journal?.exists) {
    const [row] = await query<{ n: string }>('SELECT count(*)::text AS n FROM "drizzle"."__drizzle_migrations"');
    if (Number(row?.n ?? 0) > 0) found.push(`drizzle.__drizzle_migrations (${row?.n} migrações)`);
  }
  if (found.length === 0) return;
  const shown = found.slice(0, 5).join(", ") + (found.length > 5 ? ` e mais ${found.length - 5}` : "");
  throw new MoveRefusedError(
    `O banco ${where} não está vazio (${shown}). Nada foi gravado. A mudança só grava em um banco vazio, para não misturar dados: crie um banco novo (por exemplo, createdb guarita) e rode de novo.`,
  );
}

/**
 * The server database is built from this version's migration files and receives the embedded
 * journal: they must be the same list, or the server would believe it ran SQL it never ran.
 */
async function refuseOtherMigrationState(query: Query, migrations: MigrationMeta[]): Promise<void> {
  const [row] = await query<{ last: string | null }>(
    'SELECT max(created_at)::text AS last FROM "drizzle"."__drizzle_migrations"',
  );
  const expected = migrations.at(-1)?.folderMillis;
  if (row?.last !== String(expected)) {
    throw new MoveRefusedError(
      `O banco embutido foi migrado por outra versão do Guarita (última migração ${row?.last ?? "nenhuma"}, esta versão termina em ${expected}). Rode a mudança com a versão que usa esses dados.`,
    );
  }
}

interface CopyContext {
  sourceQuery: Query;
  target: pg.Client;
  targetQuery: Query;
  where: string;
  migrations: MigrationMeta[];
  batchSize: number;
  step: (message: string) => void;
  onProgress: (progress: TableProgress) => void;
  lock: { lost: Error | null };
}

async function copyEverything(ctx: CopyContext): Promise<Omit<MoveReport, "ms">> {
  const { sourceQuery, target, targetQuery } = ctx;
  // One snapshot of the source for every table, so counts and rows agree with each other.
  await sourceQuery("BEGIN ISOLATION LEVEL REPEATABLE READ READ ONLY");
  try {
    await textFormats(sourceQuery);
    await target.query("BEGIN");
    try {
      await textFormats(targetQuery);
      // An instance started on the server meanwhile waits here instead of migrating alongside us.
      await target.query("SELECT pg_advisory_xact_lock($1)", [MIGRATION_LOCK_KEY]);
      await refuseUnlessEmpty(targetQuery, ctx.where);

      ctx.step(`Criando as tabelas no banco ${ctx.where} (${ctx.migrations.length} migrações)…`);
      await createSchema(target, ctx.migrations);
      const sourceCatalog = await readCatalog(sourceQuery);
      const differences = catalogDifferences(sourceCatalog, await readCatalog(targetQuery));
      if (differences.length > 0) {
        throw new MoveFailedError(
          `O servidor, depois das migrações, difere do banco embutido: ${differences.join("; ")}.`,
        );
      }

      ctx.step(`Copiando ${sourceCatalog.tables.length} tabelas…`);
      const counts: { table: TableInfo; total: number; copied: number }[] = [];
      for (const table of copyOrder(sourceCatalog)) {
        counts.push({ table, ...(await copyTable(ctx, table)) });
      }
      const sequences = await copySequences(ctx, sourceCatalog);
      await checkCounts(targetQuery, counts);
      if (ctx.lock.lost) {
        throw new MoveFailedError(
          `Outro processo tomou o diretório de dados durante a cópia (${ctx.lock.lost.message}).`,
        );
      }
      await target.query("COMMIT");
      return {
        tables: counts.map((c) => ({ table: displayName(c.table), rows: c.total })),
        rows: counts.reduce((sum, c) => sum + c.total, 0),
        sequences,
        migrations: ctx.migrations.length,
      };
    } catch (error) {
      await target.query("ROLLBACK").catch(() => undefined);
      if (error instanceof MoveRefusedError || error instanceof MoveFailedError) throw error;
      throw new MoveFailedError((error as Error).message || String(error), { cause: error });
    }
  } finally {
    await sourceQuery("ROLLBACK").catch(() => undefined);
  }
}

/**
 * Values travel as text: fix the settings that shape it, whatever either server's configuration
 * says. Timestamps carry their offset, so TimeZone does not matter; ISO dates read the same under
 * any DateStyle order; floats print their shortest exact form; bytea in hex.
 */
async function textFormats(query: Query): Promise<void> {
  await query("SET LOCAL DateStyle = 'ISO, YMD'");
  await query("SET LOCAL IntervalStyle = 'postgres'");
  await query("SET LOCAL extra_float_digits = 1");
  await query("SET LOCAL bytea_output = 'hex'");
}

/**
 * Drizzle's journal table exactly as its migrator creates it, then every migration's statements,
 * inside our transaction (the migrator would commit on its own). The journal's rows are not written
 * here: they are copied from the embedded database like any other table, and its id sequence set.
 */
async function createSchema(target: pg.Client, migrations: MigrationMeta[]): Promise<void> {
  await target.query('CREATE SCHEMA IF NOT EXISTS "drizzle"');
  await target.query(
    'CREATE TABLE IF NOT EXISTS "drizzle"."__drizzle_migrations" (id SERIAL PRIMARY KEY, hash text NOT NULL, created_at bigint)',
  );
  for (const migration of migrations) {
    for (const statement of migration.sql) {
      if (statement.trim()) await target.query(statement);
    }
  }
}

const CURSOR = "guarita_move";

/**
 * One table through a cursor, `batchSize` rows at a time: every value leaves PGlite as text and is
 * cast back to its column's type on the server, so nothing passes through a JavaScript Date or
 * number (microseconds, bigints and numerics stay exact). One INSERT … SELECT FROM unnest(text[]…)
 * per batch: one parameter per column whatever the batch size.
 */
async function copyTable(ctx: CopyContext, table: TableInfo): Promise<{ total: number; copied: number }> {
  const name = displayName(table);
  const from = qualified(table.schema, table.name);
  const columns = table.columns.filter((c) => !c.generated);
  const [count] = await ctx.sourceQuery<{ n: string }>(`SELECT count(*)::text AS n FROM ${from}`);
  const total = Number(count?.n ?? 0);

  const alias = (i: number) => `c${i}`;
  const select = columns.map((c, i) => `${quoteIdent(c.name)}::text AS ${alias(i)}`).join(", ");
  const insert =
    `INSERT INTO ${from} (${columns.map((c) => quoteIdent(c.name)).join(", ")})` +
    (columns.some((c) => c.identity) ? " OVERRIDING SYSTEM VALUE" : "") +
    ` SELECT ${columns.map((c, i) => `CAST(${alias(i)} AS ${c.type})`).join(", ")}` +
    ` FROM unnest(${columns.map((_, i) => `$${i + 1}::text[]`).join(", ")}) AS u(${columns.map((_, i) => alias(i)).join(", ")})`;

  let copied = 0;
  ctx.onProgress({ table: name, copied, total });
  await ctx.sourceQuery(`DECLARE ${CURSOR} NO SCROLL CURSOR FOR SELECT ${select} FROM ${from}`);
  try {
    for (;;) {
      const rows = await ctx.sourceQuery<Record<string, string | null>>(
        `FETCH FORWARD ${ctx.batchSize} FROM ${CURSOR}`,
      );
      if (rows.length === 0) break;
      await ctx.target.query(
        insert,
        columns.map((_, i) => rows.map((row) => row[alias(i)] ?? null)),
      );
      copied += rows.length;
      ctx.onProgress({ table: name, copied, total });
    }
  } finally {
    await ctx.sourceQuery(`CLOSE ${CURSOR}`).catch(() => undefined);
  }
  return { total, copied };
}

/** Sequences continue where the embedded ones stopped (Drizzle's journal id, any serial or identity). */
async function copySequences(ctx: CopyContext, catalog: Catalog): Promise<number> {
  for (const sequence of catalog.sequences) {
    const [state] = await ctx.sourceQuery<{ last_value: string; is_called: boolean }>(
      `SELECT last_value::text AS last_value, is_called FROM ${sequence}`,
    );
    if (!state) continue;
    await ctx.target.query("SELECT setval($1::regclass, $2::bigint, $3::boolean)", [
      sequence,
      state.last_value,
      state.is_called,
    ]);
  }
  return catalog.sequences.length;
}

/** Every table, counted on the server inside the copy's transaction, against the embedded count. */
async function checkCounts(
  targetQuery: Query,
  counts: { table: TableInfo; total: number; copied: number }[],
): Promise<void> {
  const mismatches: string[] = [];
  for (const { table, total, copied } of counts) {
    const [row] = await targetQuery<{ n: string }>(
      `SELECT count(*)::text AS n FROM ${qualified(table.schema, table.name)}`,
    );
    const onServer = Number(row?.n ?? -1);
    if (onServer !== total || copied !== total) {
      mismatches.push(`${displayName(table)}: ${total} no banco embutido, ${copied} copiadas, ${onServer} no servidor`);
    }
  }
  if (mismatches.length > 0) {
    throw new MoveFailedError(`As contagens de linhas não conferem: ${mismatches.join("; ")}.`);
  }
}
