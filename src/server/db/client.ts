/**
 * One database handle for the whole process: embedded PGlite (default) or a pooled PostgreSQL
 * server (DATABASE_URL). Both expose the same Drizzle API plus LISTEN/NOTIFY, which is all the
 * rest of the server may rely on.
 */
import fs from "node:fs";
import path from "node:path";
import { setImmediate as nextMacrotask } from "node:timers/promises";
import { PGlite } from "@electric-sql/pglite";
import { btree_gist } from "@electric-sql/pglite/contrib/btree_gist";
import { pg_trgm } from "@electric-sql/pglite/contrib/pg_trgm";
import { unaccent } from "@electric-sql/pglite/contrib/unaccent";
import type { ExtractTablesWithRelations } from "drizzle-orm";
import { drizzle as drizzlePg } from "drizzle-orm/node-postgres";
import type { PgDatabase, PgQueryResultHKT, PgTransaction } from "drizzle-orm/pg-core";
import { drizzle as drizzlePglite } from "drizzle-orm/pglite";
import pg from "pg";
import { createPgListener, type ListenerLogger } from "./pg-listener";
import * as schema from "./schema";

export type Schema = typeof schema;
export type Database = PgDatabase<PgQueryResultHKT, Schema, ExtractTablesWithRelations<Schema>>;
export type Transaction = PgTransaction<PgQueryResultHKT, Schema, ExtractTablesWithRelations<Schema>>;
/** Either the database or an open transaction: query functions accept both. */
export type Executor = Database | Transaction;

/** Property names in the schema are camelCase; columns are snake_case (drizzle.config.ts agrees). */
export const CASING = "snake_case" as const;

export type Unlisten = () => Promise<void>;

export interface DatabaseHandle {
  kind: "pglite" | "postgres";
  db: Database;
  /**
   * Subscribes to a NOTIFY channel. Resolves once the LISTEN is active. On a server, the LISTEN
   * connection is re-opened after PostgreSQL went away, and `onReconnect` runs each time: whatever
   * was notified in between is lost, so the subscriber reads it back from where it keeps it.
   */
  listen(channel: string, onPayload: (payload: string) => void, onReconnect?: () => void): Promise<Unlisten>;
  /** Whether the LISTEN connection is up (false while it reconnects after the server went away). */
  listening(): boolean;
  /**
   * Resolves once this process has heard every notification committed before the call (false if
   * it could not tell: the LISTEN connection is down). After its own write, an instance uses it
   * so its next request sees what the write announced.
   */
  caughtUp(): Promise<boolean>;
  /** Runs `fn` while holding a session-level advisory lock (serialises migrations across instances). */
  withAdvisoryLock<T>(key: number, fn: (db: Database) => Promise<T>): Promise<T>;
  close(): Promise<void>;
}

export type DatabaseOptions = { url: string; poolMax?: number } | { dataDir: string | null };

/** Where connection trouble on a server is reported (the app's logger). */
export type DatabaseLogger = ListenerLogger;

/** How long a request waits for a pooled connection before it fails (503) instead of hanging. */
export const CONNECT_TIMEOUT_MS = 5_000;

export async function openDatabase(options: DatabaseOptions, logger?: DatabaseLogger): Promise<DatabaseHandle> {
  return "url" in options ? openPostgres(options.url, options.poolMax ?? 10, logger) : openPglite(options.dataDir);
}

/** `dataDir: null` keeps the database in memory (tests). */
async function openPglite(dataDir: string | null): Promise<DatabaseHandle> {
  if (dataDir) fs.mkdirSync(path.dirname(path.resolve(dataDir)), { recursive: true });
  const client = await PGlite.create(dataDir ?? undefined, { extensions: { unaccent, pg_trgm, btree_gist } });
  takeTurns(client);
  const db = drizzlePglite({ client, schema, casing: CASING }) as unknown as Database;
  let lockChain: Promise<unknown> = Promise.resolve();
  return {
    kind: "pglite",
    db,
    async listen(channel, onPayload) {
      const unlisten = await client.listen(channel, onPayload);
      return () => unlisten();
    },
    // In-process: nothing to lose.
    listening: () => true,
    // One connection, in-process: a commit's notifications are dispatched before the commit resolves.
    caughtUp: async () => true,
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

/**
 * PGlite executes a statement synchronously on this thread and hands the result, and its mutex,
 * on through promise continuations only. Requests that took turns with the database therefore
 * never let the event loop reach its I/O phase: under load (100 connections creating requests) it
 * got there every 0.3–2 s, new requests were not even read for seconds, and some timed out while
 * every request the server had read was answered within 35 ms (docs/benchmarks.md). So the calls
 * made outside a transaction (a statement, or a whole transaction) take turns here, first come
 * first served, and the event loop turns once between one call and the next: sockets are read and
 * answered between any two statements of different requests. A transaction's own statements run on
 * as before, so a transaction is not held open longer.
 */
function takeTurns(client: PGlite): void {
  let last: Promise<unknown> = Promise.resolve();
  const inTurn = <A extends unknown[], R>(call: (...args: A) => Promise<R>) => {
    const original = call.bind(client);
    return (...args: A): Promise<R> => {
      const turn = last.then(() => nextMacrotask()).then(() => original(...args));
      last = turn.catch(() => undefined);
      return turn;
    };
  };
  client.query = inTurn(client.query) as typeof client.query;
  client.exec = inTurn(client.exec);
  client.transaction = inTurn(client.transaction) as typeof client.transaction;
}

async function openPostgres(url: string, poolMax: number, logger?: DatabaseLogger): Promise<DatabaseHandle> {
  const pool = new pg.Pool({
    connectionString: url,
    max: poolMax,
    connectionTimeoutMillis: CONNECT_TIMEOUT_MS,
    keepAlive: true,
  });
  const warn = (error: Error, msg: string) =>
    logger ? logger.warn({ err: error }, msg) : process.emitWarning(`${msg}: ${error.message}`);
  // An idle client lost its connection (a restart sends 57P01 to every backend); the pool drops it.
  pool.on("error", (error) => warn(error, "conexão ociosa com o PostgreSQL perdida"));
  // The pool only watches idle clients. A checked-out one (a transaction between two statements)
  // would emit an unhandled 'error' and end the process. Nothing to log here: its next query fails
  // and reaches the request's error handler, the pool discards it on release, and an idle one is
  // already reported above.
  pool.on("connect", (client) => {
    client.on("error", () => undefined);
  });
  const db = drizzlePg({ client: pool, schema, casing: CASING }) as unknown as Database;
  // LISTEN needs one dedicated connection for the life of the process.
  const listener = createPgListener({ url, logger, connectTimeoutMs: CONNECT_TIMEOUT_MS });

  return {
    kind: "postgres",
    db,
    listen: (channel, onPayload, onReconnect) => listener.listen(channel, onPayload, onReconnect),
    listening: () => listener.connected(),
    caughtUp: () => listener.caughtUp(),
    async withAdvisoryLock(key, fn) {
      const client = await pool.connect();
      try {
        await client.query("SELECT pg_advisory_lock($1)", [key]);
        try {
          return await fn(drizzlePg({ client, schema, casing: CASING }) as unknown as Database);
        } finally {
          await client.query("SELECT pg_advisory_unlock($1)", [key]);
        }
      } finally {
        client.release();
      }
    },
    async close() {
      await listener.close();
      await pool.end();
    },
  };
}
