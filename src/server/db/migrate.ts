import path from "node:path";
import { fileURLToPath } from "node:url";
import { sql } from "drizzle-orm";
import { readMigrationFiles } from "drizzle-orm/migrator";
import type { NodePgDatabase } from "drizzle-orm/node-postgres";
import { migrate as migratePg } from "drizzle-orm/node-postgres/migrator";
import type { PgliteDatabase } from "drizzle-orm/pglite";
import { migrate as migratePglite } from "drizzle-orm/pglite/migrator";
import type { DatabaseHandle } from "./client";

/** Arbitrary constant shared by every instance: "guarita-migrations". */
export const MIGRATION_LOCK_KEY = 7_301_2024;

/** Next to this module in src/, and copied next to the bundle in build/server/ by the build. */
export const MIGRATIONS_FOLDER = path.join(path.dirname(fileURLToPath(import.meta.url)), "migrations");

/**
 * Applies pending migrations. Idempotent (drizzle records what ran), and serialised by an advisory
 * lock so two instances starting together on one PostgreSQL do not race.
 */
export async function applyMigrations(handle: DatabaseHandle, migrationsFolder = MIGRATIONS_FOLDER): Promise<void> {
  await handle.withAdvisoryLock(MIGRATION_LOCK_KEY, async (db) => {
    if (handle.kind === "pglite") {
      await migratePglite(db as unknown as PgliteDatabase, { migrationsFolder });
    } else {
      await migratePg(db as unknown as NodePgDatabase, { migrationsFolder });
    }
  });
}

/**
 * How many of the migrations in `migrationsFolder` the database has not applied yet (drizzle's rule:
 * those newer than the last one it recorded). For MIGRATE_ON_START=false, where the app runs under a
 * role that may only read and write rows and the owner applies migrations beforehand (README, "Run
 * on PostgreSQL"): it only reads drizzle's table, which that role may SELECT.
 */
export async function pendingMigrations(handle: DatabaseHandle, migrationsFolder = MIGRATIONS_FOLDER): Promise<number> {
  const files = readMigrationFiles({ migrationsFolder });
  let last: number;
  try {
    const result = await handle.db.execute<{ last: string | number | null }>(
      sql`select max(created_at) as last from drizzle.__drizzle_migrations`,
    );
    const rows = (result as unknown as { rows?: { last: string | number | null }[] }).rows ?? [];
    last = Number(rows[0]?.last ?? -1);
  } catch (error) {
    // 42P01 undefined table, 3F000 undefined schema: nothing was ever applied.
    const code =
      (error as { code?: string; cause?: { code?: string } }).code ??
      (error as { cause?: { code?: string } }).cause?.code;
    if (code !== "42P01" && code !== "3F000") throw error;
    last = -1;
  }
  return files.filter((file) => file.folderMillis > last).length;
}

/** MIGRATE_ON_START=false: the owner migrates beforehand; a database behind the code is refused. */
export async function refusePendingMigrations(handle: DatabaseHandle, migrationsFolder = MIGRATIONS_FOLDER) {
  const pending = await pendingMigrations(handle, migrationsFolder);
  if (pending > 0) {
    throw new Error(
      `${pending} migração(ões) pendente(s) e MIGRATE_ON_START=false: aplique-as com \`npm run db:migrate\` usando a DATABASE_URL do dono das tabelas e inicie de novo`,
    );
  }
}
