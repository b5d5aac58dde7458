/**
 * The system under test: the real app (createSystem) on a migrated database, created once per
 * test worker and reset per test file. TEST_DB=postgres uses TEST_DATABASE_URL; otherwise an
 * in-memory PGlite.
 */
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { sql } from "drizzle-orm";
import { pino } from "pino";
import { beforeAll } from "vitest";
import { createSystem, type System, type SystemOptions } from "@/server/bootstrap";
import type { Database } from "@/server/db/client";
import type { BlobStore } from "@/server/storage";
import { createFileStore } from "@/server/storage/file-store";

export const TEST_ORIGIN = "http://localhost:3000";

type Global = typeof globalThis & { __guaritaSystem?: Promise<System>; __guaritaMailDir?: string };

/**
 * This worker's mail folder: the system writes each e-mail there as an `.eml` file (no SMTP in
 * tests); tests/support/mailbox.ts reads it. Removed when the worker exits.
 */
export function testMailDir(): string {
  const g = globalThis as Global;
  if (!g.__guaritaMailDir) {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), "guarita-mail-"));
    g.__guaritaMailDir = dir;
    process.once("exit", () => fs.rmSync(dir, { recursive: true, force: true }));
  }
  return g.__guaritaMailDir;
}

/**
 * This worker's photo store: a files store in a temporary folder. The photo tests run their cases on
 * a local S3-compatible server too, through a second system (src/server/modules/fotos).
 */
export function testStore(): BlobStore {
  const g = globalThis as Global & { __guaritaStore?: BlobStore };
  if (!g.__guaritaStore) {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), "guarita-files-"));
    process.once("exit", () => fs.rmSync(dir, { recursive: true, force: true }));
    g.__guaritaStore = createFileStore(dir);
  }
  return g.__guaritaStore;
}

/** Options of the shared test system; a test may build a second instance with the same ones. */
export function testSystemOptions(): SystemOptions {
  const kind = process.env.TEST_DB === "postgres" ? "postgres" : "pglite";
  const url = process.env.TEST_DATABASE_URL;
  if (kind === "postgres" && !url) throw new Error("TEST_DB=postgres requer TEST_DATABASE_URL");
  return {
    logger: pino({ level: process.env.TEST_LOG_LEVEL ?? "silent" }),
    database: kind === "postgres" ? { url: url!, poolMax: 5 } : { dataDir: null },
    authSecret: "test-secret-test-secret-test-secret-123",
    publicUrl: TEST_ORIGIN,
    trustProxy: true,
    signInPerMinute: 10,
    maxLoginFailures: 5,
    sseHeartbeatMs: 300,
    mailDir: testMailDir(),
    // Tests receive webhooks on loopback ports; the refusal of private addresses has its own test.
    webhooksAllowPrivate: true,
    storage: testStore(),
  };
}

function startSystem(): Promise<System> {
  return createSystem(testSystemOptions());
}

export function getSystem(): Promise<System> {
  const g = globalThis as Global;
  g.__guaritaSystem ??= startSystem();
  return g.__guaritaSystem;
}

/**
 * Empties every table (auth and domain), keeping the migrated schema. The audit trail refuses to be emptied
 * (its append-only trigger, docs/decisions/024-audit-and-lgpd.md), so it keeps growing across files; tests
 * read it by tenant.
 */
export async function resetDatabase(db: Database): Promise<void> {
  const rows = await db.execute<{ tablename: string }>(
    sql`select tablename from pg_tables where schemaname = 'public' and tablename not in ('__drizzle_migrations', 'auditoria')`,
  );
  const tables =
    (rows as unknown as { rows?: { tablename: string }[] }).rows ?? (rows as unknown as { tablename: string }[]);
  if (tables.length === 0) return;
  await db.execute(sql.raw(`TRUNCATE ${tables.map((t) => `"${t.tablename}"`).join(", ")} RESTART IDENTITY CASCADE`));
}

/** Use at the top of an API test file: a clean database for this file, and the shared system. */
export function setupTestSystem(): () => System {
  let system: System | undefined;
  beforeAll(async () => {
    system = await getSystem();
    await resetDatabase(system.handle.db);
  });
  return () => {
    if (!system) throw new Error("setupTestSystem(): o sistema ainda não foi iniciado (use dentro de um teste)");
    return system;
  };
}
