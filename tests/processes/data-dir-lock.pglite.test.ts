/**
 * Embedded database only: runs in the `api-pglite` project (vitest.config.ts); with DATABASE_URL
 * there is no DATA_DIR database to protect. Starts real server processes (`src/server/main.ts`
 * through tsx, as `npm start` runs it) on one temporary DATA_DIR.
 *
 * Before docs/decisions/012, the second process started and served too, and after a restart 680
 * of 1,307 acknowledged writes were gone.
 */
import { spawn } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { httpClient, type ServerProcess, signInOver, spawnServer, waitUntilReady } from "../support/server-process";

const ROOT = path.resolve(import.meta.dirname, "..", "..");
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "guarita-lock-"));
const embedded = { DATA_DIR: dataDir, DATABASE_URL: "", SEED_DEMO: "true" };
const started: ServerProcess[] = [];

async function start(): Promise<ServerProcess> {
  const server = await spawnServer(embedded);
  started.push(server);
  return server;
}

/** Runs a database CLI (`npm run db:migrate` runs this file) to its end. */
function runCli(file: string): Promise<{ code: number | null; output: string }> {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, ["--import", "tsx", file], {
      cwd: ROOT,
      env: { PATH: process.env.PATH ?? "", HOME: process.env.HOME ?? "", LOG_LEVEL: "warn", ...embedded },
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

afterAll(async () => {
  for (const server of started) await server.stop("SIGKILL");
  fs.rmSync(dataDir, { recursive: true, force: true });
});

describe("one process per embedded database (DATA_DIR lock)", () => {
  it("a second start and the database CLIs refuse at once, naming the holder; the holder loses no write", async () => {
    const first = await start();
    await waitUntilReady(first);

    const second = await start();
    const stillRunning = new Promise((resolve) => setTimeout(() => resolve("ainda rodando"), 30_000));
    expect(await Promise.race([second.exited, stillRunning])).toBe(1);
    const lines = second.output().trim().split("\n");
    expect(lines).toHaveLength(1);
    expect(lines[0]).toContain(`O diretório de dados ${dataDir} já está em uso pelo processo ${first.child.pid} em `);
    expect(lines[0]).toContain("Encerre esse processo ou use outro DATA_DIR.");

    const migrate = await runCli("src/server/db/migrate.cli.ts");
    expect(migrate.code).toBe(1);
    expect(migrate.output.trim()).toBe(lines[0]);

    // The holder keeps serving and every acknowledged write survives its restart.
    const cookie = await signInOver(first.baseUrl, "porteiro@demo.guarita.app", "demo1234");
    const api = httpClient(first.baseUrl, cookie);
    const condominio = (await api("GET", "/api/condominios")).body.items[0];
    const unidade = (await api("GET", `/api/unidades?condominio_id=${condominio.id}`)).body.items[0];
    const created = await Promise.all(
      Array.from({ length: 30 }, (_, i) =>
        api("POST", "/api/solicitacoes", {
          condominio_id: condominio.id,
          unidade_id: unidade.id,
          nome_visitante: `Gravação ${i}`,
        }),
      ),
    );
    expect(created.map((r) => r.status)).toEqual(created.map(() => 201));
    expect(await first.stop("SIGTERM")).toBe(0);
    // Released on shutdown: the lock and its holder file are gone.
    expect(fs.readdirSync(dataDir).filter((f) => f.startsWith("guarita.lock"))).toEqual([]);

    const again = await start();
    await waitUntilReady(again);
    const againApi = httpClient(again.baseUrl, cookie);
    const found = await Promise.all(created.map((r) => againApi("GET", `/api/solicitacoes/${r.body.id}`)));
    expect(found.map((r) => r.status)).toEqual(created.map(() => 200));
    await again.stop("SIGTERM");
  }, 120_000);

  it("a killed holder (SIGKILL) does not block the next start", async () => {
    // Same DATA_DIR, already migrated and seeded by the test above.
    const holder = await start();
    await waitUntilReady(holder);
    await holder.stop("SIGKILL");

    const next = await start();
    await waitUntilReady(next);
    expect(next.output()).not.toContain("já está em uso");
    expect((await httpClient(next.baseUrl)("GET", "/api/health")).body.status).toBe("ok");
    expect(await next.stop("SIGTERM")).toBe(0);
  }, 120_000);
});
