import { readdirSync } from "node:fs";
import { sql } from "drizzle-orm";
import pg from "pg";
import { describe, expect, it } from "vitest";
import { describeOnPostgres, onPostgres } from "../../../tests/support/postgres-only";
import { getSystem } from "../../../tests/support/system";
import { type DatabaseHandle, openDatabase } from "./client";
import { applyMigrations, MIGRATIONS_FOLDER } from "./migrate";

const migrationFiles = readdirSync(MIGRATIONS_FOLDER).filter((f) => f.endsWith(".sql")).length;

async function appliedCount(handle: DatabaseHandle): Promise<number> {
  const result = await handle.db.execute(sql`select count(*)::int as n from drizzle.__drizzle_migrations`);
  return (result as unknown as { rows: { n: number }[] }).rows[0]!.n;
}

/** A brand-new, empty PostgreSQL database next to the test one; dropped afterwards. */
async function withFreshPostgres(url: string, fn: (freshUrl: string) => Promise<void>) {
  const name = `guarita_migrate_${process.pid}`;
  const admin = new pg.Client({ connectionString: url });
  await admin.connect();
  try {
    await admin.query(`DROP DATABASE IF EXISTS ${name}`);
    await admin.query(`CREATE DATABASE ${name}`);
    const fresh = new URL(url);
    fresh.pathname = `/${name}`;
    await fn(fresh.toString());
  } finally {
    await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    await admin.end();
  }
}

/** An empty database of the kind under test: in-memory PGlite, or a fresh PostgreSQL database. */
async function withFreshDatabase(fn: (fresh: DatabaseHandle) => Promise<void>) {
  const run = async (fresh: DatabaseHandle) => {
    try {
      await fn(fresh);
    } finally {
      await fresh.close();
    }
  };
  if (!onPostgres) return run(await openDatabase({ dataDir: null }));
  await withFreshPostgres(process.env.TEST_DATABASE_URL!, async (url) => run(await openDatabase({ url, poolMax: 2 })));
}

describe("migrations", () => {
  it("are idempotent: applying them again changes nothing", async () => {
    const system = await getSystem();
    await applyMigrations(system.handle);
    await applyMigrations(system.handle);
    expect(await appliedCount(system.handle)).toBe(migrationFiles);
  });

  it("serialise concurrent callers in one process", async () => {
    // Embedded PGlite lives in one process, and so does one pool: its callers must queue too.
    await withFreshDatabase(async (fresh) => {
      await Promise.all([applyMigrations(fresh), applyMigrations(fresh), applyMigrations(fresh)]);
      expect(await appliedCount(fresh)).toBe(migrationFiles);
    });
  });
});

describeOnPostgres("migrations across instances", () => {
  it("do not race when several instances start together on one database", async () => {
    await withFreshPostgres(process.env.TEST_DATABASE_URL!, async (freshUrl) => {
      // Four pools, as four app instances would have, all migrating an empty database at once.
      const handles = await Promise.all([1, 2, 3, 4].map(() => openDatabase({ url: freshUrl, poolMax: 2 })));
      try {
        await Promise.all(handles.map((h) => applyMigrations(h)));
        expect(await appliedCount(handles[0]!)).toBe(migrationFiles);
      } finally {
        await Promise.all(handles.map((h) => h.close()));
      }
    });
  });
});
