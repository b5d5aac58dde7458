/**
 * Vitest global setup of the api-postgres project: the test database starts empty on every run.
 * The suite migrates it itself, and a database left behind by another checkout (a branch with a newer
 * migration, an interrupted run) would otherwise make the migration tests count what this code never
 * shipped.
 */
import pg from "pg";

export default async function setup(): Promise<void> {
  const url = process.env.TEST_DATABASE_URL;
  if (!url) return;
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await client.query("DROP SCHEMA IF EXISTS drizzle CASCADE");
    await client.query("DROP SCHEMA IF EXISTS public CASCADE");
    await client.query("CREATE SCHEMA public");
    // As a new database has it: everyone may use the schema (PostgreSQL 15 no longer lets them create in it).
    await client.query("GRANT USAGE ON SCHEMA public TO PUBLIC");
  } finally {
    await client.end();
  }
}
