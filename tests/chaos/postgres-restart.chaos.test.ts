/**
 * Chaos: PostgreSQL goes away under a running Guarita (docs/decisions/012-database-outages-and-data-dir-lock.md).
 *
 * It does not use TEST_DATABASE_URL's server: it starts its own PostgreSQL
 * (tests/support/postgres-server.ts) so it can stop and restart it, and runs Guarita as a separate
 * process against it, the way `npm start` does. Before decision 012, a restart killed the process
 * within a second (the LISTEN connection's unhandled 'error' event).
 *
 * What the API may answer while the server is away (the designed behaviour): 503 with code
 * DATABASE_UNAVAILABLE, the pt-BR message "Banco de dados indisponível. Tente novamente em
 * instantes." and `Retry-After: 5`; `/api/health` 503 `unavailable` while the database cannot be
 * reached, 200 `degraded` while it can but the realtime LISTEN connection is still reconnecting.
 * Anything else fails: a 500 or any other 5xx, a 401 (a session lookup that failed is not a
 * signed-out user), a dropped connection. Once `/api/health` answers 200 again, every request must
 * succeed.
 */
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  committedEventIds,
  demoSession,
  describeOutcomes,
  idsOf,
  isDesignedUnavailable,
  latestEventId,
  type Outcome,
  type Query,
  record,
  sleep,
  sqlOn,
  waitFor,
} from "../support/chaos";
import { type PostgresServer, startPostgresServer } from "../support/postgres-server";
import { httpClient, type ServerProcess, startServer, waitUntilReady } from "../support/server-process";
import { openHttpEventStream } from "../support/sse-http";

let postgres: PostgresServer;
let query: Query;
let server: ServerProcess;
let pid: number | undefined;
let dataDir: string;
let api: ReturnType<typeof httpClient>;
let cookie: string;
let target: { condominio_id: string; unidade_id: string };
let organizationId: string;

beforeAll(async () => {
  postgres = await startPostgresServer();
  query = sqlOn(postgres.url);
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "guarita-chaos-restart-"));
  server = await startServer({ DATABASE_URL: postgres.url, SEED_DEMO: "true", DATA_DIR: dataDir });
  pid = server.pid;
  ({ cookie, organizationId, target } = await demoSession(server));
  api = httpClient(server.baseUrl, cookie);
}, 120_000);

afterAll(async () => {
  await server?.stop();
  await postgres?.destroy();
  if (dataDir) fs.rmSync(dataDir, { recursive: true, force: true });
});

/** Creates one request and returns the id of its `solicitacao.criada` event. */
async function createAndGetEventId(nome_visitante: string): Promise<number> {
  const res = await api("POST", "/api/solicitacoes", { ...target, nome_visitante });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  const [row] = await query<{ id: string }>(
    "SELECT id FROM eventos WHERE solicitacao_id = $1 AND tipo = 'solicitacao.criada'",
    [res.body.id],
  );
  return Number(row!.id);
}

/**
 * Every event committed after `after` reached the stream, in id order, once. A create made now is
 * the sentinel: once its event is in the stream, every smaller id is final (ids follow commit order).
 */
async function expectEveryEventSince(stream: Awaited<ReturnType<typeof openHttpEventStream>>, after: number) {
  const upTo = await createAndGetEventId("Sentinela");
  await waitFor(
    () => idsOf(stream.events).some((id) => id >= upTo),
    20_000,
    "o cliente SSE recebesse o evento da sentinela",
  );
  const committed = await committedEventIds(query, organizationId, after, upTo);
  const got = idsOf(stream.events).filter((id) => id > after && id <= upTo);
  expect(
    committed.filter((id) => !got.includes(id)),
    "eventos que não chegaram ao cliente SSE",
  ).toEqual([]);
  expect(got, "em ordem, uma vez cada").toEqual(committed);
  return committed;
}

describe("PostgreSQL goes away", () => {
  it("answers 503 with a pt-BR message and Retry-After while it is stopped; events of the gap still reach SSE", async () => {
    const stream = await openHttpEventStream(server.baseUrl, cookie);
    await waitFor(() => stream.events.some((e) => e.event === "ready"), 10_000, "o fluxo SSE ficasse pronto");
    const before = await latestEventId(query, organizationId);
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
      // Long enough for the LISTEN connection's backoff to grow, so it is still reconnecting when
      // the writes below commit: their NOTIFYs are lost, the outbox is not.
      await sleep(Math.max(0, 4_000 - (Date.now() - stoppedAt)));
    } finally {
      await postgres.start();
    }
    // From here /api/health goes unavailable (503) → degraded (200, LISTEN still reconnecting) → ok,
    // by itself, never backwards.
    const recovery: Outcome[] = [];
    const watchRecovery = (async () => {
      for (const deadline = Date.now() + 20_000; Date.now() < deadline; await sleep(50)) {
        if ((await record(recovery, api, "health", "GET", "/api/health")).body?.status === "ok") return;
      }
    })();
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

    await expectEveryEventSince(stream, before);
    const created = stream.events.filter((e) => e.event === "solicitacao.criada");
    expect(created.map((e) => JSON.parse(e.data!).nome_visitante)).toEqual([...names, "Sentinela"]);
    await watchRecovery;
    const states = recovery.map((o) => `${o.status} ${o.body?.status}`);
    expect(states[states.length - 1], "/api/health voltou a ok").toBe("200 ok");
    const rank = { unavailable: 0, degraded: 1, ok: 2 } as Record<string, number>;
    for (const [i, o] of recovery.entries()) {
      if (o.body?.status === "degraded") expect(o.status === 200 && o.body.realtime.listening === false).toBe(true);
      else if (o.body?.status !== "ok") expect(isDesignedUnavailable(o), states[i]).toBe(true);
      if (i > 0)
        expect(rank[o.body?.status], states.join(" → ")).toBeGreaterThanOrEqual(rank[recovery[i - 1]!.body.status]!);
    }
    expect(stream.ended()).toBe(false);
    stream.close();
    console.info("PostgreSQL parado por 4 s; /api/health na volta:", [...new Set(states)].join(" → "));
  }, 60_000);

  it("a restart under load: degraded, then recovers by itself; same process, no 500, nothing lost", async () => {
    const stream = await openHttpEventStream(server.baseUrl, cookie);
    await waitFor(() => stream.events.some((e) => e.event === "ready"), 10_000, "o fluxo SSE ficasse pronto");
    const before = await latestEventId(query, organizationId);
    const known = (await api("GET", "/api/solicitacoes")).body.items[0].id as string;

    const outcomes: Outcome[] = [];
    let running = true;
    // 4 writers, 2 readers (lists, the dashboard, the signed-in user, a detail that records its
    // view), and /api/health every 50 ms.
    const writers = Array.from({ length: 4 }, (_, w) =>
      (async () => {
        for (let i = 0; running; i++) {
          const o = await record(outcomes, api, "create", "POST", "/api/solicitacoes", {
            ...target,
            nome_visitante: `Carga ${w}-${i}`,
          });
          if (o.status !== 201) await sleep(50);
        }
      })(),
    );
    const reads = ["/api/solicitacoes", "/api/dashboard/kpis", "/api/me", `/api/solicitacoes/${known}`];
    const readers = Array.from({ length: 2 }, (_, r) =>
      (async () => {
        for (let i = r; running; i++) {
          const o = await record(outcomes, api, "read", "GET", reads[i % reads.length]!);
          if (o.status !== 200) await sleep(50);
        }
      })(),
    );
    const poller = (async () => {
      while (running) {
        await record(outcomes, api, "health", "GET", "/api/health");
        await sleep(50);
      }
    })();
    const ofKind = (kind: Outcome["kind"], since = 0) =>
      outcomes.filter((o) => o.kind === kind && o.startedAt >= since);

    await waitFor(() => ofKind("create").filter((o) => o.status === 201).length >= 10, 15_000, "a carga começasse");
    const restartAt = Date.now();
    await postgres.restart();
    await waitUntilReady(server, 20_000);
    const recoveredAt = Date.now();
    // Recovered by itself: health back to "ok" (LISTEN reconnected), and more work done since.
    await waitFor(
      () =>
        ofKind("health", recoveredAt).some((o) => o.body?.status === "ok") &&
        ofKind("create", recoveredAt).filter((o) => o.status === 201).length >= 10 &&
        ofKind("read", recoveredAt).filter((o) => o.status === 200).length >= 10,
      20_000,
      "a carga voltasse ao normal e /api/health a ok",
    );
    running = false;
    await Promise.all([...writers, ...readers, poller]);

    // The same process, never restarted: it did not exit, and its uptime only grew.
    expect(server.hasExited(), server.output()).toBe(false);
    expect(server.child.pid).toBe(pid);
    const uptimes = ofKind("health")
      .map((o) => o.body?.uptimeSeconds)
      .filter((u): u is number => typeof u === "number");
    expect(uptimes).toEqual([...uptimes].sort((x, y) => x - y));

    // The outage was seen and reported: health left "ok" (503 unavailable, or 200 degraded while
    // LISTEN reconnects), and every answer was either a success or the designed 503.
    const health = ofKind("health", restartAt);
    const notOk = health.filter((o) => o.body?.status !== "ok");
    expect(notOk.length, "/api/health não saiu de ok durante o reinício").toBeGreaterThan(0);
    const badHealth = notOk.filter(
      (o) =>
        !isDesignedUnavailable(o) &&
        !(o.status === 200 && o.body?.status === "degraded" && o.body?.realtime?.listening === false),
    );
    expect(badHealth, describeOutcomes(badHealth)).toEqual([]);
    const failures = outcomes.filter((o) => o.kind !== "health" && !(o.status >= 200 && o.status < 300));
    const undesigned = failures.filter((o) => !isDesignedUnavailable(o));
    expect(undesigned, describeOutcomes(undesigned)).toEqual([]);
    // After recovery, everything succeeds.
    const afterRecovery = outcomes.filter(
      (o) => o.startedAt >= recoveredAt && o.kind !== "health" && !(o.status >= 200 && o.status < 300),
    );
    expect(afterRecovery, describeOutcomes(afterRecovery)).toEqual([]);

    // Every acknowledged write is in the database.
    const acknowledged = ofKind("create")
      .filter((o) => o.status === 201)
      .map((o) => o.body.id as string);
    const stored = await query<{ id: string }>("SELECT id FROM solicitacoes_acesso WHERE id = ANY($1::uuid[])", [
      acknowledged,
    ]);
    expect(stored.length).toBe(acknowledged.length);

    // The SSE client connected before the restart got every event committed since, in order, once,
    // including each acknowledged create's.
    const committed = await expectEveryEventSince(stream, before);
    const eventSolicitacoes = new Set(
      stream.events.filter((e) => e.event === "solicitacao.criada").map((e) => JSON.parse(e.data!).solicitacao_id),
    );
    expect(acknowledged.filter((id) => !eventSolicitacoes.has(id))).toEqual([]);
    expect(stream.ended()).toBe(false);
    stream.close();

    console.info(
      "reinício do PostgreSQL sob carga:",
      JSON.stringify({
        requests: outcomes.length,
        acknowledgedCreates: acknowledged.length,
        unavailable: failures.length,
        healthDuringRestart: [...new Set(notOk.map((o) => `${o.status} ${o.body?.status}`))],
        recoveredInMs: recoveredAt - restartAt,
        events: committed.length,
      }),
    );
  }, 90_000);
});
