/**
 * A fresh PostgreSQL database for a bench: BENCH_DATABASE_URL when given, else `name` dropped and
 * created on the local server (BENCH_PG_ADMIN_URL, default the trust login of 127.0.0.1).
 */
import pg from "pg";

const PG_ADMIN_URL = process.env.BENCH_PG_ADMIN_URL ?? "postgres://postgres@127.0.0.1:5432/postgres";

export async function freshDatabase(name: string): Promise<string> {
  if (process.env.BENCH_DATABASE_URL) return process.env.BENCH_DATABASE_URL;
  if (!/^[a-z_][a-z0-9_]*$/.test(name)) throw new Error(`Nome de banco inválido: ${name}`);
  const admin = new pg.Client({ connectionString: PG_ADMIN_URL });
  await admin.connect();
  await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
  await admin.query(`CREATE DATABASE ${name}`);
  await admin.end();
  const url = new URL(PG_ADMIN_URL);
  url.pathname = `/${name}`;
  return url.toString();
}
