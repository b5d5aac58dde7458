/**
 * PostgreSQL only: runs in the `api-postgres` project (vitest.config.ts), because a database
 * server that goes away and comes back only exists with DATABASE_URL; PGlite lives inside the
 * process. It does not use TEST_DATABASE_URL's server: it starts its own PostgreSQL
 * (tests/support/postgres-server.ts) so it can stop and restart it, and runs Guarita as a separate
 * process against it, the way `npm start` does.
 *
 * Before docs/decisions/012, a restart killed the process within a second (the LISTEN connection's
 * unhandled 'error' event).
 */
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type PostgresServer, startPostgresServer } from "../support/postgres-server";
import { httpClient, type ServerProcess, signInOver, spawnServer, waitUntilReady } from "../support/server-process";
import { openHttpEventStream } from "../support/sse-http";

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

let postgres: PostgresServer;
let server: ServerProcess;
let dataDir: string;
let api: ReturnType<typeof httpClient>;
let cookie: string;
let target: { condominio_id: string; unidade_id: string };
let organizationId: string;

async function query<T>(text: string, params: unknown[] = []): Promise<T[]> {
  const client = new pg.Client({ connectionString: postgres.url });
  await client.connect();
  try {
    return (await client.query(text, params)).rows as T[];
  } finally {
    await client.end();
  }
}

const maxEventId = async () =>
  Number(
    (
      await query<{ max: string | null }>("SELECT max(id) AS max FROM eventos WHERE organization_id = $1", [
        organizationId,
      ])
    )[0]?.max ?? 0,
  );

const eventIdsAfter = async (after: number) =>
  (
    await query<{ id: string }>("SELECT id FROM eventos WHERE organization_id = $1 AND id > $2 ORDER BY id", [
      organizationId,
      after,
    ])
  ).map((r) => Number(r.id));

beforeAll(async () => {
  postgres = await startPostgresServer();
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "guarita-restart-"));
  server = await spawnServer({ DATABASE_URL: postgres.url, SEED_DEMO: "true", DATA_DIR: dataDir });
  await waitUntilReady(server);
  cookie = await signInOver(server.baseUrl, "porteiro@demo.guarita.app", "demo1234");
  api = httpClient(server.baseUrl, cookie);
  organizationId = (await api("GET", "/api/me")).body.organization.id;
  const condominio = (await api("GET", "/api/condominios")).body.items[0];
  const unidade = (await api("GET", `/api/unidades?condominio_id=${condominio.id}`)).body.items[0];
  target = { condominio_id: condominio.id, unidade_id: unidade.id };
}, 120_000);

afterAll(async () => {
  await server?.stop();
  await postgres?.destroy();
  if (dataDir) fs.rmSync(dataDir, { recursive: true, force: true });
});

describe("PostgreSQL goes away", () => {
  it("answers 503 with a pt-BR message and Retry-After while it is stopped; events of the gap still reach SSE", async () => {
    const stream = await openHttpEventStream(server.baseUrl, cookie);
    await waitFor(() => stream.events.some((e) => e.event === "ready"), 5_000);
    await postgres.shutdown();
    const stoppedAt = Date.now();
    try {
      const health = await api("GET", "/api/health");
      expect(health.status).toBe(503);
      expect(health.body).toMatchObject({ status: "unavailable", database: { kind: "postgres", reachable: false } });
      expect(health.headers.get("retry-after")).toBe("5");

      for (const [method, url, body] of [
        ["POST", "/api/solicitacoes", { ...target, nome_visitante: "Durante a queda" }],
        ["GET", "/api/solicitacoes", undefined],
        ["GET", "/api/auth/get-session", undefined],
      ] as const) {
        const res = await api(method, url, body);
        expect(res.status, `${method} ${url}`).toBe(503);
        expect(res.body.error).toMatchObject({
          code: "DATABASE_UNAVAILABLE",
          message: "Banco de dados indisponível. Tente novamente em instantes.",
        });
        expect(res.headers.get("retry-after")).toBe("5");
      }
      expect(server.hasExited()).toBe(false);
      // Long enough for the LISTEN connection's backoff to reach its cap, so it is still
      // reconnecting when the writes below commit: their NOTIFYs are lost, the outbox is not.
      await sleep(Math.max(0, 4_000 - (Date.now() - stoppedAt)));
    } finally {
      await postgres.start();
    }
    const before = await maxEventId();
    await waitUntilReady(server, 20_000);
    // Usually the LISTEN connection is still waiting for its next try here (health "degraded"):
    // the creates below then commit while nobody listens, and only the outbox has them.
    const health = await api("GET", "/api/health");
    expect(health.status).toBe(200);
    expect(health.body.realtime.listening).toBe(health.body.status === "ok");
    const names = ["Depois da volta 1", "Depois da volta 2", "Depois da volta 3"];
    for (const nome_visitante of names) {
      expect((await api("POST", "/api/solicitacoes", { ...target, nome_visitante })).status).toBe(201);
    }

    // Every event committed since (ours, and any the expiry job wrote), in order, once.
    const committed = await eventIdsAfter(before);
    // Every domain event has an id (requests, calls, messages to residents); "ready" has none.
    const received = () => stream.events.filter((e) => e.id !== undefined);
    await waitFor(() => received().length >= committed.length, 15_000);
    await sleep(300);
    const ids = received().map((e) => Number(e.id));
    expect(ids.filter((id) => id <= committed[committed.length - 1]!)).toEqual(committed);
    expect(new Set(ids).size).toBe(ids.length);
    const created = received().filter((e) => e.event === "solicitacao.criada");
    expect(created.map((e) => JSON.parse(e.data!).nome_visitante)).toEqual(names);
    await waitUntilHealthy();
    stream.close();
  }, 60_000);

  it("a restart under write load: the process stays up, no acknowledged write or event is lost", async () => {
    const stream = await openHttpEventStream(server.baseUrl, cookie);
    const before = await maxEventId();
    await waitFor(() => stream.events.some((e) => e.event === "ready"), 5_000);

    type Result = { status: number; id?: string; startedAt: number };
    const results: Result[] = [];
    let writing = true;
    const writers = Array.from({ length: 4 }, (_, w) =>
      (async () => {
        for (let i = 0; writing; i++) {
          const startedAt = Date.now();
          const res = await api("POST", "/api/solicitacoes", { ...target, nome_visitante: `Carga ${w}-${i}` }).catch(
            () => ({ status: 0, body: null }),
          );
          results.push({ status: res.status, id: res.body?.id, startedAt });
          if (res.status !== 201) await sleep(50);
        }
      })(),
    );

    await sleep(1_500);
    await postgres.restart();
    await waitUntilReady(server, 20_000);
    const recoveredAt = Date.now();
    await sleep(2_000);
    writing = false;
    await Promise.all(writers);

    // The process stayed up and every request got an answer: 201, or 503 while the server was away.
    expect(server.hasExited(), server.output()).toBe(false);
    const statuses = [...new Set(results.map((r) => r.status))].sort();
    expect(
      statuses.every((s) => s === 201 || s === 503),
      `statuses ${statuses}`,
    ).toBe(true);
    expect(results.filter((r) => r.startedAt > recoveredAt).every((r) => r.status === 201)).toBe(true);
    const acknowledged = results.filter((r) => r.status === 201).map((r) => r.id!);
    expect(acknowledged.length).toBeGreaterThan(10);

    // Every acknowledged write is in the database.
    const stored = await query<{ id: string }>("SELECT id FROM solicitacoes_acesso WHERE id = ANY($1::uuid[])", [
      acknowledged,
    ]);
    expect(stored.length).toBe(acknowledged.length);

    // The SSE client connected before the restart got every event committed since, in order, once.
    const committed = await eventIdsAfter(before);
    const delivered = () => stream.events.filter((e) => e.id !== undefined).map((e) => Number(e.id));
    await waitFor(() => delivered().length >= committed.length, 15_000);
    await sleep(300);
    const missing = committed.filter((id) => !delivered().includes(id));
    expect(missing, "eventos que não chegaram ao cliente SSE").toEqual([]);
    expect(delivered().filter((id) => id <= committed[committed.length - 1]!)).toEqual(committed);
    expect(new Set(delivered()).size).toBe(delivered().length);
    const eventSolicitacoes = new Set(
      stream.events.filter((e) => e.event === "solicitacao.criada").map((e) => JSON.parse(e.data!).solicitacao_id),
    );
    expect(acknowledged.filter((id) => !eventSolicitacoes.has(id))).toEqual([]);
    expect(stream.ended()).toBe(false);
    stream.close();

    const outcome = {
      writes: results.length,
      acknowledged: acknowledged.length,
      unavailable: results.filter((r) => r.status === 503).length,
      events: committed.length,
    };
    console.info("reinício do PostgreSQL sob carga:", JSON.stringify(outcome));
  }, 60_000);
});

/** The LISTEN connection is back: health says "ok" again (its backoff is capped at 5 s). */
async function waitUntilHealthy() {
  let status = "";
  for (const deadline = Date.now() + 15_000; status !== "ok" && Date.now() < deadline; await sleep(200))
    status = (await api("GET", "/api/health")).body.status;
  expect(status).toBe("ok");
}

async function waitFor(condition: () => boolean, timeoutMs: number) {
  const deadline = Date.now() + timeoutMs;
  while (!condition() && Date.now() < deadline) await sleep(50);
}
