/**
 * One database handle for the whole process: embedded PGlite (default) or a pooled PostgreSQL
 * server (DATABASE_URL). Both expose the same Drizzle API plus LISTEN/NOTIFY, which is all the
 * rest of the server may rely on.
 */
import fs from "node:fs";
import path from "node:path";
import { PGlite } from "@electric-sql/pglite";
import { pg_trgm } from "@electric-sql/pglite/contrib/pg_trgm";
import { unaccent } from "@electric-sql/pglite/contrib/unaccent";
import type { ExtractTablesWithRelations } from "drizzle-orm";
import { drizzle as drizzlePg } from "drizzle-orm/node-postgres";
import type { PgDatabase, PgQueryResultHKT, PgTransaction } from "drizzle-orm/pg-core";
import { drizzle as drizzlePglite } from "drizzle-orm/pglite";
import pg from "pg";
import * as schema from "./schema";

export type Schema = typeof schema;
export type Database = PgDatabase<PgQueryResultHKT, Schema, ExtractTablesWithRelations<Schema>>;
export type Transaction = PgTransaction<PgQueryResultHKT, Schema, ExtractTablesWithRelations<Schema>>;
/** Either the database or an open transaction: query functions accept both. */
export type Executor = Database | Transaction;

export type Unlisten = () => Promise<void>;

export interface DatabaseHandle {
  kind: "pglite" | "postgres";
  db: Database;
  /** Subscribes to a NOTIFY channel. Resolves once the LISTEN is active. */
  listen(channel: string, onPayload: (payload: string) => void): Promise<Unlisten>;
  /** Runs `fn` while holding a session-level advisory lock (serialises migrations across instances). */
  withAdvisoryLock<T>(key: number, fn: (db: Database) => Promise<T>): Promise<T>;
  close(): Promise<void>;
}

export type DatabaseOptions = { url: string; poolMax?: number } | { dataDir: string | null };

export async function openDatabase(options: DatabaseOptions): Promise<DatabaseHandle> {
  return "url" in options ? openPostgres(options.url, options.poolMax ?? 10) : openPglite(options.dataDir);
}

/** `dataDir: null` keeps the database in memory (tests). */
async function openPglite(dataDir: string | null): Promise<DatabaseHandle> {
  if (dataDir) fs.mkdirSync(path.dirname(path.resolve(dataDir)), { recursive: true });
  const client = await PGlite.create(dataDir ?? undefined, { extensions: { unaccent, pg_trgm } });
  const db = drizzlePglite({ client, schema, casing: "snake_case" }) as unknown as Database;
  let lockChain: Promise<unknown> = Promise.resolve();
  return {
    kind: "pglite",
    db,
    async listen(channel, onPayload) {
      const unlisten = await client.listen(channel, onPayload);
      return () => unlisten();
    },
    // One connection, but concurrent async callers still interleave: queue them in-process.
    withAdvisoryLock(_key, fn) {
      const run = lockChain.then(() => fn(db));
      lockChain = run.catch(() => undefined);
      return run;
    },
    async close() {
      await client.close();
    },
  };
}

async function openPostgres(url: string, poolMax: number): Promise<DatabaseHandle> {
  const pool = new pg.Pool({ connectionString: url, max: poolMax });
  pool.on("error", (error) => {
    // An idle client lost its connection; the pool replaces it. Logged by the caller's logger.
    process.emitWarning(`PostgreSQL pool error: ${error.message}`);
  });
  const db = drizzlePg({ client: pool, schema, casing: "snake_case" }) as unknown as Database;
  // LISTEN needs one dedicated connection for the life of the process.
  let listener: pg.Client | null = null;
  const handlers = new Map<string, Set<(payload: string) => void>>();

  async function listenerClient(): Promise<pg.Client> {
    if (listener) return listener;
    const client = new pg.Client({ connectionString: url });
    await client.connect();
    client.on("notification", (msg) => {
      for (const handler of handlers.get(msg.channel) ?? []) handler(msg.payload ?? "");
    });
    listener = client;
    return client;
  }

  return {
    kind: "postgres",
    db,
    async listen(channel, onPayload) {
      const client = await listenerClient();
      let set = handlers.get(channel);
      if (!set) {
        set = new Set();
        handlers.set(channel, set);
        await client.query(`LISTEN ${pg.escapeIdentifier(channel)}`);
      }
      set.add(onPayload);
      return async () => {
        set.delete(onPayload);
      };
    },
    async withAdvisoryLock(key, fn) {
      const client = await pool.connect();
      try {
        await client.query("SELECT pg_advisory_lock($1)", [key]);
        try {
          return await fn(drizzlePg({ client, schema, casing: "snake_case" }) as unknown as Database);
        } finally {
          await client.query("SELECT pg_advisory_unlock($1)", [key]);
        }
      } finally {
        client.release();
      }
    },
    async close() {
      await listener?.end();
      await pool.end();
    },
  };
}
