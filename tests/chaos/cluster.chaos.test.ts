/**
 * Several server processes on one machine (WEB_CONCURRENCY, src/server/cluster.ts): the workers
 * share the port and the sessions; a worker that dies is replaced while the others keep serving;
 * SIGTERM stops them all; a primary killed with -9 leaves no worker behind.
 */
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { demoSession, sleep, waitFor } from "../support/chaos";
import { type PostgresServer, startPostgresServer } from "../support/postgres-server";
import { httpClient, type ServerProcess, startServer } from "../support/server-process";

let postgres: PostgresServer;
const servers: ServerProcess[] = [];
const dirs: string[] = [];

/** The primary's children: its workers. */
function workersOf(pid: number): number[] {
  const children = fs.readFileSync(`/proc/${pid}/task/${pid}/children`, "utf8").trim();
  return children ? children.split(/\s+/).map(Number) : [];
}

const isAlive = (pid: number) => {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
};

async function startCluster(env: Record<string, string> = {}) {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "guarita-cluster-"));
  dirs.push(dataDir);
  // No BETTER_AUTH_SECRET: the primary settles one secret in DATA_DIR for every worker.
  const server = await startServer({
    DATABASE_URL: postgres.url,
    WEB_CONCURRENCY: "2",
    DATA_DIR: dataDir,
    BETTER_AUTH_SECRET: "",
    ...env,
  });
  servers.push(server);
  await waitFor(() => workersOf(server.pid).length === 2, 30_000, "dois processos do servidor");
  return server;
}

/** `n` requests on `n` fresh connections: the primary hands each connection to the next worker. */
async function statusesOnFreshConnections(server: ServerProcess, cookie: string, n: number) {
  return Promise.all(
    Array.from({ length: n }, async () => {
      const res = await fetch(`${server.baseUrl}/api/me`, {
        headers: { cookie, origin: server.baseUrl, connection: "close" },
      });
      await res.arrayBuffer();
      return res.status;
    }),
  );
}

beforeAll(async () => {
  postgres = await startPostgresServer();
});

afterAll(async () => {
  for (const server of servers) await server.stop("SIGKILL");
  await postgres?.destroy();
  for (const dir of dirs) fs.rmSync(dir, { recursive: true, force: true });
});

describe("WEB_CONCURRENCY=2 on PostgreSQL", () => {
  it("serves from two processes that share the port and the sessions, and replaces one that dies", async () => {
    const server = await startCluster({ SEED_DEMO: "true" });
    await waitFor(
      () => /Guarita pronto em .* \(postgres, 2 processos, \d+ ms\)/.test(server.output()),
      30_000,
      "o aviso de pronto com os dois processos",
    );
    const { cookie } = await demoSession(server);
    // A session signed in on one worker is valid on every connection, whichever worker takes it.
    expect(await statusesOnFreshConnections(server, cookie, 20)).toEqual(Array(20).fill(200));

    const [victim, survivor] = workersOf(server.pid);
    process.kill(victim!, "SIGKILL");
    await waitFor(() => !isAlive(victim!), 5_000, "o processo morto sair");
    // The other worker serves while the replacement starts.
    expect(await statusesOnFreshConnections(server, cookie, 10)).toEqual(Array(10).fill(200));
    await waitFor(
      () => {
        const now = workersOf(server.pid);
        return now.length === 2 && !now.includes(victim!);
      },
      30_000,
      "um processo novo no lugar do que morreu",
    );
    expect(workersOf(server.pid)).toContain(survivor);
    await sleep(500);
    expect(await statusesOnFreshConnections(server, cookie, 20)).toEqual(Array(20).fill(200));
    const api = httpClient(server.baseUrl, cookie);
    expect((await api("GET", "/api/health")).body.status).toBe("ok");

    // SIGTERM to the primary stops everyone, cleanly.
    const workers = workersOf(server.pid);
    expect(await server.stop("SIGTERM")).toBe(0);
    await waitFor(() => workers.every((pid) => !isAlive(pid)), 15_000, "os processos do servidor pararem");
  });

  it("leaves no worker behind when the primary is killed with -9", async () => {
    const server = await startCluster({ SEED_DEMO: "false" });
    const workers = workersOf(server.pid);
    expect(workers).toHaveLength(2);
    await server.stop("SIGKILL");
    await waitFor(() => workers.every((pid) => !isAlive(pid)), 15_000, "os processos sem primário pararem");
  });
});
