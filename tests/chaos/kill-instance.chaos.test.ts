/**
 * Chaos: `kill -9` of an app instance in the middle of a burst of creates (docs/architecture.md, "Tests": chaos).
 *
 * Two Guarita processes (A and B) share a throw-away PostgreSQL server. An SSE client follows A
 * while eight writers fire creates at it; A gets SIGKILL with requests in flight. B keeps taking
 * writes while A is dead (the client misses those too), then A is started again on the same
 * database and the client reconnects to it with `Last-Event-ID`, as a browser does.
 *
 * Asserts: every create that got a 201 is stored; a create whose answer was lost is all there or
 * not at all (the request and its event commit together); the client received, before the kill,
 * every committed event up to the last one it saw, and after reconnecting every event committed
 * after that one, in id order, exactly once, then live events again.
 */
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  type Api,
  committedEventIds,
  demoSession,
  describeOutcomes,
  idsOf,
  latestEventId,
  type Outcome,
  type Query,
  record,
  sqlOn,
  waitFor,
} from "../support/chaos";
import { type PostgresServer, startPostgresServer } from "../support/postgres-server";
import { httpClient, type ServerProcess, startServer } from "../support/server-process";
import { openHttpEventStream } from "../support/sse-http";

/**
 * Writers on A, creates per writer (WRITERS × PER_WRITER in all, at most), and how many 201s A must
 * have given before it is killed.
 */
const WRITERS = 8;
const PER_WRITER = 30;
const KILL_AFTER_CREATED = 40;
/** Creates through B while A is dead: the SSE client misses them as well. */
const WHILE_DEAD = 20;

let postgres: PostgresServer;
let query: Query;
const servers: ServerProcess[] = [];
const dirs: string[] = [];

const tempDir = () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "guarita-chaos-kill-"));
  dirs.push(dir);
  return dir;
};

/** A Guarita process on the test's PostgreSQL server, answering /api/health. */
async function start(env: Record<string, string>) {
  const server = await startServer({ DATABASE_URL: postgres.url, ...env });
  servers.push(server);
  return server;
}

/**
 * WRITERS writers firing `total` creates at `api` between them, each waiting for its answer before
 * the next; a writer stops at a create that got no answer at all (its instance is gone).
 */
function burstOfCreates(
  api: Api,
  where: { condominio_id: string; unidade_id: string },
  total: number,
  name: (n: number) => string,
) {
  const outcomes: Outcome[] = [];
  let next = 0;
  let inFlight = 0;
  const done = Promise.all(
    Array.from({ length: WRITERS }, async () => {
      while (next < total) {
        const n = next++;
        inFlight++;
        const o = await record(outcomes, api, "create", "POST", "/api/solicitacoes", {
          ...where,
          nome_visitante: name(n),
        });
        inFlight--;
        if (o.status === 0) return;
      }
    }),
  );
  return { outcomes, done, inFlight: () => inFlight };
}

let a: ServerProcess;
let b: ServerProcess;
let dataDirA: string;

beforeAll(async () => {
  postgres = await startPostgresServer();
  query = sqlOn(postgres.url);
  dataDirA = tempDir();
  // A seeds the demo tenant; B waits for the migrations' advisory lock and seeds nothing.
  a = await start({ SEED_DEMO: "true", DATA_DIR: dataDirA });
  b = await start({ SEED_DEMO: "false", DATA_DIR: tempDir() });
}, 120_000);

afterAll(async () => {
  await Promise.all(servers.map((s) => s.stop("SIGKILL")));
  await postgres?.destroy();
  for (const dir of dirs) fs.rmSync(dir, { recursive: true, force: true });
});

describe("kill -9 of an instance during a burst of creates", () => {
  it("keeps every acknowledged create, and a client resuming with Last-Event-ID gets every missed event once, in order", async () => {
    const { cookie, organizationId, target } = await demoSession(a);
    const apiA = httpClient(a.baseUrl, cookie);
    const apiB = httpClient(b.baseUrl, cookie);

    const first = await openHttpEventStream(a.baseUrl, cookie);
    await waitFor(() => first.events.some((e) => e.event === "ready"), 10_000, "o fluxo SSE em A ficasse pronto");
    // Read once the stream is subscribed: everything after this id must reach it.
    const before = await latestEventId(query, organizationId);

    // The burst: the writers go on until A stops answering.
    const writers = burstOfCreates(apiA, target, WRITERS * PER_WRITER, (n) => `Rajada ${n}`);
    const burst = writers.outcomes;
    const created = () => burst.filter((o) => o.status === 201);
    await waitFor(
      () => created().length >= KILL_AFTER_CREATED && idsOf(first.events).some((id) => id > before),
      30_000,
      `A confirmasse ${KILL_AFTER_CREATED} criações e o cliente SSE recebesse eventos`,
    );
    const inFlightAtKill = writers.inFlight();
    a.child.kill("SIGKILL");
    await a.exited;
    await writers.done;
    await waitFor(() => first.ended(), 10_000, "o fluxo SSE em A terminasse com o processo");

    // Killed mid-burst: requests were in flight, and some were still coming.
    expect(inFlightAtKill, "requisições em andamento no kill").toBeGreaterThan(0);
    expect(created().length).toBeLessThan(WRITERS * PER_WRITER);
    // A answered 201 or nothing at all: never an error.
    const failed = burst.filter((o) => o.status !== 201 && o.status !== 0);
    expect(failed, describeOutcomes(failed)).toEqual([]);

    // What the client saw before the kill: every committed event up to the last one, in order, once.
    const seenBefore = idsOf(first.events).filter((id) => id > before);
    const lastSeen = seenBefore[seenBefore.length - 1]!;
    expect(seenBefore).toEqual(await committedEventIds(query, organizationId, before, lastSeen));

    // While A is dead, B takes writes.
    const whileDead: Outcome[] = [];
    for (let i = 0; i < WHILE_DEAD; i += 2) {
      await Promise.all(
        [i, i + 1].map((n) =>
          record(whileDead, apiB, "create", "POST", "/api/solicitacoes", { ...target, nome_visitante: `Via B ${n}` }),
        ),
      );
    }
    expect(
      whileDead.filter((o) => o.status !== 201),
      describeOutcomes(whileDead),
    ).toEqual([]);

    // A starts again on the same database (a new process, as a supervisor would do).
    a = await start({ SEED_DEMO: "true", DATA_DIR: dataDirA });

    // Every 201 is in the database.
    const acknowledged = [...created(), ...whileDead].map((o) => o.body.id as string);
    const stored = await query<{ id: string }>("SELECT id FROM solicitacoes_acesso WHERE id = ANY($1::uuid[])", [
      acknowledged,
    ]);
    expect(stored.map((r) => r.id).sort()).toEqual([...acknowledged].sort());
    // A create whose answer was lost is all there or not at all: no request without its event, and
    // no event without its request.
    const halfDone = await query<{ nome: string }>(
      `SELECT coalesce(s.nome_visitante, e.payload->>'nome_visitante') AS nome
         FROM solicitacoes_acesso s
         FULL JOIN (SELECT * FROM eventos WHERE tipo = 'solicitacao.criada') e ON e.solicitacao_id = s.id
        WHERE (s.id IS NULL OR e.id IS NULL)
          AND coalesce(s.organization_id, e.organization_id) = $1
          AND coalesce(s.nome_visitante, e.payload->>'nome_visitante') LIKE 'Rajada %'`,
      [organizationId],
    );
    expect(halfDone).toEqual([]);

    // The client comes back, to the restarted A, with the last id it saw.
    const resumed = await openHttpEventStream(a.baseUrl, cookie, { lastEventId: lastSeen });
    // A create after the reconnection arrives live; once it is there, everything before it is final
    // (ids are given in commit order and the stream sends them in order).
    const sentinel = await record([], apiB, "create", "POST", "/api/solicitacoes", {
      ...target,
      nome_visitante: "Depois da volta",
    });
    expect(sentinel.status).toBe(201);
    const [sentinelEvent] = await query<{ id: string }>(
      "SELECT id FROM eventos WHERE solicitacao_id = $1 AND tipo = 'solicitacao.criada'",
      [sentinel.body.id],
    );
    const upTo = Number(sentinelEvent!.id);
    await waitFor(
      () => idsOf(resumed.events).some((id) => id >= upTo),
      20_000,
      "o cliente SSE reconectado recebesse o evento criado depois da volta",
    );
    const missed = await committedEventIds(query, organizationId, lastSeen, upTo);
    const got = idsOf(resumed.events).filter((id) => id <= upTo);
    expect(
      missed.filter((id) => !got.includes(id)),
      "eventos perdidos",
    ).toEqual([]);
    expect(got, "em ordem, uma vez cada").toEqual(missed);
    // It missed the creates of the burst's end and those made through B.
    const missedCreates = resumed.events
      .filter((e) => e.event === "solicitacao.criada")
      .map((e) => JSON.parse(e.data!).nome_visitante as string);
    expect(missedCreates.filter((n) => n.startsWith("Via B"))).toHaveLength(WHILE_DEAD);
    expect(resumed.ended()).toBe(false);
    resumed.close();

    console.info(
      "kill -9 durante a rajada:",
      JSON.stringify({
        creates: burst.length,
        acknowledged: created().length,
        lostAnswers: burst.filter((o) => o.status === 0).length,
        inFlightAtKill,
        seenBeforeKill: seenBefore.length,
        missedEvents: missed.length,
      }),
    );
  }, 120_000);
});

describe("a client away for longer than one replay page", () => {
  /** More than the 500 events one read of the outbox returns (realtime/event-bus.ts `since`). */
  const AWAY = 510;

  // Found by this test: the route used to replay a single page of the outbox (500 events) and
  // lose the rest (20 of 520). It now reads page after page (event-bus.ts `replay`).
  it("gets every event committed while it was away, in order, once", async () => {
    const { cookie, organizationId, target } = await demoSession(b);
    const api = httpClient(b.baseUrl, cookie);
    // A unit nobody lives in: one event per create (no message to residents), so the count is exact.
    const unidade = await api("POST", "/api/unidades", {
      condominio_id: target.condominio_id,
      codigo: "CAOS-1",
    });
    expect(unidade.status, JSON.stringify(unidade.body)).toBe(201);
    const where = { condominio_id: target.condominio_id, unidade_id: unidade.body.id as string };
    const lastSeen = await latestEventId(query, organizationId);

    const { outcomes, done } = burstOfCreates(api, where, AWAY, (n) => `Ausente ${n}`);
    await done;
    const refused = outcomes.filter((o) => o.status !== 201);
    expect(refused, describeOutcomes(refused)).toEqual([]);

    const resumed = await openHttpEventStream(b.baseUrl, cookie, { lastEventId: lastSeen });
    const sentinel = await record([], api, "create", "POST", "/api/solicitacoes", {
      ...where,
      nome_visitante: "Depois da ausência",
    });
    expect(sentinel.status).toBe(201);
    const [sentinelEvent] = await query<{ id: string }>(
      "SELECT id FROM eventos WHERE solicitacao_id = $1 AND tipo = 'solicitacao.criada'",
      [sentinel.body.id],
    );
    const upTo = Number(sentinelEvent!.id);
    await waitFor(
      () => idsOf(resumed.events).some((id) => id >= upTo),
      20_000,
      "o cliente SSE recebesse o evento criado depois da ausência",
    );
    const missed = await committedEventIds(query, organizationId, lastSeen, upTo);
    expect(missed.length).toBeGreaterThan(AWAY);
    const got = idsOf(resumed.events).filter((id) => id <= upTo);
    resumed.close();
    const lost = missed.filter((id) => !got.includes(id));
    expect(lost, `${lost.length} eventos perdidos, de ${lost[0]} a ${lost[lost.length - 1]}`).toEqual([]);
    expect(got, "em ordem, uma vez cada").toEqual(missed);
  }, 120_000);
});
