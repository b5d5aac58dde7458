/**
 * `npm run db:move` (move.ts), on PostgreSQL only: it needs a server to move to, so it runs in the
 * api-postgres project and is reported as skipped on api-pglite. An embedded install started the
 * way `npm start` starts it (PGlite in a temporary DATA_DIR, demo tenant, one sign-in and one new
 * request) is moved into fresh databases of its own on TEST_DATABASE_URL's server (`dbmove_…`,
 * dropped at the end; the server's `test` and `postgres` databases hold no data of ours), then
 * Guarita runs on the server database and the demo síndico finds everything there.
 */
import { spawn } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { sql } from "drizzle-orm";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { freePort } from "../../../tests/support/ports";
import { onPostgres } from "../../../tests/support/postgres-only";
import {
  httpClient,
  type ServerProcess,
  signInOver,
  spawnServer,
  waitUntilReady,
} from "../../../tests/support/server-process";
import { openDatabase } from "./client";
import { MIGRATIONS_FOLDER } from "./migrate";
import { MoveFailedError, MoveRefusedError, moveToPostgres } from "./move";

const ROOT = path.resolve(import.meta.dirname, "..", "..", "..");
const SINDICO = "sindico@demo.guarita.app";
const PASSWORD = "demo1234";

const adminUrl = process.env.TEST_DATABASE_URL ?? "";
const suffix = `${Date.now().toString(36)}_${Math.random().toString(36).slice(2, 8)}`;
/** The database the move goes to, and one for the rolled-back attempt. */
const database = `dbmove_${suffix}`;
const rollbackDatabase = `dbmove_${suffix}_rb`;
const withDatabase = (url: string, name: string) => {
  const u = new URL(url);
  u.pathname = `/${name}`;
  return u.toString();
};
// On api-pglite there is no server (and the describe below is skipped).
const targetUrl = adminUrl && withDatabase(adminUrl, database);
const rollbackUrl = adminUrl && withDatabase(adminUrl, rollbackDatabase);

let dataDir: string;
let emptyDir: string;
const otherDirs: string[] = [];
const servers: ServerProcess[] = [];

async function query<T>(url: string, text: string, params: unknown[] = []): Promise<T[]> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return (await client.query(text, params)).rows as T[];
  } finally {
    await client.end();
  }
}

/** Every copied table (public and drizzle), quoted, with its row count. */
async function serverCounts(url: string): Promise<Record<string, number>> {
  const tables = await query<{ name: string }>(
    url,
    `SELECT format('%I.%I', schemaname, tablename) AS name FROM pg_tables
      WHERE schemaname IN ('public', 'drizzle') ORDER BY 1`,
  );
  const counts: Record<string, number> = {};
  for (const { name } of tables) {
    counts[name] = Number((await query<{ n: string }>(url, `SELECT count(*)::text AS n FROM ${name}`))[0]!.n);
  }
  return counts;
}

const relationsInPublic = async (url: string) =>
  Number(
    (
      await query<{ n: string }>(
        url,
        "SELECT count(*)::text AS n FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace WHERE n.nspname = 'public'",
      )
    )[0]!.n,
  );

/** `npm run db:move -- …` as its own process. */
function runMove(args: string[]): Promise<{ code: number | null; output: string }> {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, ["--import", "tsx", "src/server/db/move.cli.ts", ...args], {
      cwd: ROOT,
      env: { PATH: process.env.PATH ?? "", HOME: process.env.HOME ?? "", LOG_LEVEL: "warn" },
      stdio: ["ignore", "pipe", "pipe"],
    });
    let output = "";
    child.stdout.on("data", (d) => {
      output += d;
    });
    child.stderr.on("data", (d) => {
      output += d;
    });
    child.once("exit", (code) => resolve({ code, output }));
  });
}

async function start(env: Record<string, string>): Promise<ServerProcess> {
  const server = await spawnServer(env);
  servers.push(server);
  await waitUntilReady(server, 120_000);
  return server;
}

describe.runIf(onPostgres)("npm run db:move [PostgreSQL only: needs a server to move to]", () => {
  let embedded: ServerProcess;
  let embeddedCookie: string;
  let listBefore: { total: number; items: { id: string; nome_visitante: string }[] };
  let place: { condominio_id: string; unidade_id: string };

  beforeAll(async () => {
    if (!adminUrl) throw new Error("TEST_DATABASE_URL não definido");
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "guarita-move-"));
    emptyDir = fs.mkdtempSync(path.join(os.tmpdir(), "guarita-move-empty-"));
    await query(adminUrl, `CREATE DATABASE ${database}`);
    await query(adminUrl, `CREATE DATABASE ${rollbackDatabase}`);

    // The customer's embedded install: demo tenant, a session, and a request made today (events).
    // No BETTER_AUTH_SECRET, like a plain `npm start`: the secret is generated into DATA_DIR/auth-secret.
    embedded = await start({ DATA_DIR: dataDir, DATABASE_URL: "", SEED_DEMO: "true", BETTER_AUTH_SECRET: "" });
    embeddedCookie = await signInOver(embedded.baseUrl, SINDICO, PASSWORD);
    const api = httpClient(embedded.baseUrl, embeddedCookie);
    const condominio = (await api("GET", "/api/condominios")).body.items[0];
    const unidade = (await api("GET", `/api/unidades?condominio_id=${condominio.id}`)).body.items[0];
    place = { condominio_id: condominio.id, unidade_id: unidade.id };
    const created = await api("POST", "/api/solicitacoes", { ...place, nome_visitante: "Visita antes da mudança" });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    listBefore = (await api("GET", "/api/solicitacoes?page_size=200")).body;
  }, 240_000);

  afterAll(async () => {
    for (const server of servers) await server.stop("SIGKILL");
    if (adminUrl) {
      for (const name of [database, rollbackDatabase]) {
        await query(adminUrl, `DROP DATABASE IF EXISTS ${name} WITH (FORCE)`).catch(() => undefined);
      }
    }
    for (const dir of [dataDir, emptyDir, ...otherDirs]) if (dir) fs.rmSync(dir, { recursive: true, force: true });
  }, 60_000);

  it("refuses while Guarita runs on the DATA_DIR, and writes nothing", async () => {
    const attempt = moveToPostgres({ dataDir, targetUrl });
    await expect(attempt).rejects.toBeInstanceOf(MoveRefusedError);
    await expect(attempt).rejects.toThrow(/já está em uso .* precisa do Guarita parado/);
    expect(await relationsInPublic(targetUrl)).toBe(0);

    expect(await embedded.stop()).toBe(0);
  }, 60_000);

  it("refuses a bad URL, an unreachable server, a missing database and a DATA_DIR without a database", async () => {
    await expect(moveToPostgres({ dataDir, targetUrl: "mysql://servidor/guarita" })).rejects.toThrow(
      /URL de destino inválida/,
    );
    await expect(moveToPostgres({ dataDir, targetUrl: withDatabase(adminUrl, "") })).rejects.toThrow(
      /Informe o banco de destino/,
    );
    const closed = await freePort();
    await expect(
      moveToPostgres({ dataDir, targetUrl: `postgres://postgres@127.0.0.1:${closed}/guarita` }),
    ).rejects.toThrow(/Não foi possível conectar ao banco de destino guarita \(127\.0\.0\.1:\d+\)/);
    await expect(moveToPostgres({ dataDir, targetUrl: withDatabase(adminUrl, `${database}_x`) })).rejects.toThrow(
      /não existe: crie-o vazio/,
    );
    await expect(moveToPostgres({ dataDir: emptyDir, targetUrl })).rejects.toThrow(/Não há banco embutido/);
    // Not even a lock directory was left behind.
    expect(fs.readdirSync(emptyDir)).toEqual([]);
    expect(await relationsInPublic(targetUrl)).toBe(0);
  }, 60_000);

  it("rolls everything back when the copy fails halfway, so the same database can be used again", async () => {
    const failing = moveToPostgres({
      dataDir,
      targetUrl: rollbackUrl,
      batchSize: 7,
      onProgress: ({ table, copied }) => {
        if (table === "solicitacoes_acesso" && copied > 0) throw new Error("falha simulada no meio da cópia");
      },
    });
    await expect(failing).rejects.toBeInstanceOf(MoveFailedError);
    await expect(failing).rejects.toThrow(/falha simulada/);
    expect(await relationsInPublic(rollbackUrl)).toBe(0);
    expect(
      (
        await query<{ r: string | null }>(rollbackUrl, "SELECT to_regclass('drizzle.__drizzle_migrations')::text AS r")
      )[0]!.r,
    ).toBeNull();
  }, 120_000);

  it("copies every table with its ids into the empty database, and Guarita serves the demo tenant from it", async () => {
    const move = await runMove(["--to", targetUrl, "--from", dataDir]);
    expect(move.code, move.output).toBe(0);
    expect(move.output).toMatch(/Contagens conferidas em \d+ tabelas/);
    expect(move.output).toContain("  solicitacoes_acesso: ");
    expect(move.output).toContain(`BETTER_AUTH_SECRET="$(cat ${path.join(dataDir, "auth-secret")})"`);

    // Our own check, independent of the move's: every table, both sides, same count; same ids and
    // exact timestamps (microseconds) where the issue names them.
    const onServer = await serverCounts(targetUrl);
    const source = await openDatabase({ dataDir: path.join(dataDir, "pglite") });
    const onSource: Record<string, number> = {};
    const sourceRows = async <T>(text: string) =>
      ((await source.db.execute(sql.raw(text))) as unknown as { rows: T[] }).rows;
    const fingerprint = `
      SELECT string_agg(organization_id::text || ':' || id::text || '@' || extract(epoch FROM created_at)::text, ','
                        ORDER BY organization_id::text COLLATE "C", id) AS f FROM eventos`;
    const sequencesOf = `SELECT string_agg(organization_id::text || '=' || ultimo_id::text, ','
                                  ORDER BY organization_id::text COLLATE "C") AS f FROM evento_sequencias`;
    const requestsOf =
      "SELECT string_agg(id::text || '@' || extract(epoch FROM created_at)::text, ',' ORDER BY id) AS f FROM solicitacoes_acesso";
    const journalSequence =
      "SELECT last_value::text || ':' || is_called::text AS f FROM drizzle.__drizzle_migrations_id_seq";
    const fingerprints = [fingerprint, sequencesOf, requestsOf, journalSequence];
    let sourceFingerprints: string[];
    try {
      for (const table of Object.keys(onServer)) {
        onSource[table] = Number((await sourceRows<{ n: string }>(`SELECT count(*)::text AS n FROM ${table}`))[0]!.n);
      }
      sourceFingerprints = [];
      for (const q of fingerprints) sourceFingerprints.push((await sourceRows<{ f: string }>(q))[0]!.f);
      // And no table of the embedded database is missing on the server.
      const sourceTables = await sourceRows<{ name: string }>(
        "SELECT format('%I.%I', schemaname, tablename) AS name FROM pg_tables WHERE schemaname IN ('public', 'drizzle') ORDER BY 1",
      );
      expect(sourceTables.map((t) => t.name).sort()).toEqual(Object.keys(onServer).sort());
    } finally {
      await source.close();
    }
    expect(onServer).toEqual(onSource);
    for (const table of [
      'public."user"',
      "public.session",
      "public.account",
      "public.organization",
      "public.member",
      "public.solicitacoes_acesso",
      "public.chamadas",
      "public.eventos",
      "public.evento_sequencias",
      "drizzle.__drizzle_migrations",
    ]) {
      expect(onServer[table], table).toBeGreaterThan(0);
    }
    const serverFingerprints: string[] = [];
    for (const q of fingerprints) {
      serverFingerprints.push((await query<{ f: string }>(targetUrl, q))[0]!.f);
    }
    expect(serverFingerprints).toEqual(sourceFingerprints);
    const migrationFiles = fs.readdirSync(MIGRATIONS_FOLDER).filter((f) => f.endsWith(".sql")).length;
    expect(onServer["drizzle.__drizzle_migrations"]).toBe(migrationFiles);

    // Guarita on the server database as the README says: the embedded install's secret, another
    // DATA_DIR (so nothing is read from the old one). Nothing to migrate, nothing seeded, same data.
    const serverDataDir = fs.mkdtempSync(path.join(os.tmpdir(), "guarita-move-server-"));
    otherDirs.push(serverDataDir);
    const secret = fs.readFileSync(path.join(dataDir, "auth-secret"), "utf8").trim();
    const server = await start({ DATABASE_URL: targetUrl, DATA_DIR: serverDataDir, BETTER_AUTH_SECRET: secret });
    // The session opened on the embedded install is still valid: sessions were copied.
    const kept = await httpClient(server.baseUrl, embeddedCookie)("GET", "/api/me");
    expect(kept.status, JSON.stringify(kept.body)).toBe(200);

    const api = httpClient(server.baseUrl, await signInOver(server.baseUrl, SINDICO, PASSWORD));
    const listAfter = (await api("GET", "/api/solicitacoes?page_size=200")).body;
    expect(listAfter.total).toBe(listBefore.total);
    expect(listAfter.items.map((s: { id: string }) => s.id)).toEqual(listBefore.items.map((s) => s.id));
    expect(listAfter.items.map((s: { nome_visitante: string }) => s.nome_visitante)).toContain(
      "Visita antes da mudança",
    );

    // New writes go on from the copied state: the tenant's event ids continue, the journal is unchanged.
    const organizationId = (await api("GET", "/api/me")).body.organization.id as string;
    const maxEvent = async () =>
      Number(
        (
          await query<{ m: string }>(targetUrl, "SELECT max(id)::text AS m FROM eventos WHERE organization_id = $1", [
            organizationId,
          ])
        )[0]!.m,
      );
    const lastCopied = await maxEvent();
    const created = await api("POST", "/api/solicitacoes", { ...place, nome_visitante: "Visita depois da mudança" });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    expect(await maxEvent()).toBeGreaterThan(lastCopied);
    expect((await serverCounts(targetUrl))["drizzle.__drizzle_migrations"]).toBe(migrationFiles);
    expect(await server.stop()).toBe(0);
  }, 240_000);

  it("refuses a second move into the now non-empty database and changes nothing", async () => {
    const before = await serverCounts(targetUrl);
    const again = await runMove(["--to", targetUrl, "--from", dataDir]);
    expect(again.code, again.output).toBe(1);
    expect(again.output).toContain(`O banco ${database} (`);
    expect(again.output).toMatch(/\) não está vazio \(account, acessos, .+ e mais \d+\)/);
    expect(again.output).toContain("Nada foi gravado");
    expect(await serverCounts(targetUrl)).toEqual(before);
  }, 120_000);
});
