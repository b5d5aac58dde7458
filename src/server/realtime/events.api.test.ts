import { type AddressInfo, connect } from "node:net";
import { serve } from "@hono/node-server";
import { OpenAPIHono } from "@hono/zod-openapi";
import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  addSignedInMember,
  addSignedInMorador,
  addUnidade,
  createCondominioWithUnidade,
  createTenantWithMember,
  signIn,
} from "../../../tests/support/factories";
import { isDomainEvent, openEventStream } from "../../../tests/support/sse";
import { setupTestSystem, testSystemOptions } from "../../../tests/support/system";
import { createSystem, type System } from "../bootstrap";
import { openDatabase } from "../db/client";
import { member, unidadeMoradores } from "../db/schema";
import type { AppEnv, TenantContext } from "../http/context";
import { eventsRoutes, MAX_STREAMS_PER_SESSION, TOO_MANY_STREAMS } from "./events.routes";

const system = setupTestSystem();

type Tenant = Awaited<ReturnType<typeof createTenantWithMember>>;
let a: Tenant;
let b: Tenant;
let condoA: Awaited<ReturnType<typeof createCondominioWithUnidade>>;
let condoB: Awaited<ReturnType<typeof createCondominioWithUnidade>>;

const createIn = (t: Tenant, where: typeof condoA, nome: string) =>
  t.api.post("/api/solicitacoes", {
    json: { condominio_id: where.condominio.id, unidade_id: where.unidade.id, nome_visitante: nome },
  });

beforeAll(async () => {
  a = await createTenantWithMember(system(), { role: "porteiro" });
  b = await createTenantWithMember(system(), { role: "porteiro" });
  condoA = await createCondominioWithUnidade(system(), a.org.id);
  condoB = await createCondominioWithUnidade(system(), b.org.id);
});

describe("GET /api/events", () => {
  it("answers 401 without a session", async () => {
    const { response } = await openEventStream(system(), undefined);
    expect(response.status).toBe(401);
  });

  it("streams the caller's tenant's changes with ids, and never another tenant's", async () => {
    const streamA = await openEventStream(system(), a.cookie);
    const streamB = await openEventStream(system(), b.cookie);
    expect(streamA.response.headers.get("content-type")).toContain("text/event-stream");
    expect(await streamA.messages!.next((m) => m.event === "ready")).not.toBeNull();
    expect(await streamB.messages!.next((m) => m.event === "ready")).not.toBeNull();

    const created = (await createIn(a, condoA, "Evento Tenant A")).body;
    const evt = await streamA.messages!.next(isDomainEvent);
    expect(evt?.event).toBe("solicitacao.criada");
    const data = JSON.parse(evt!.data!);
    expect(data).toMatchObject({ solicitacao_id: created.id, nome_visitante: "Evento Tenant A", status: "pendente" });
    // Every screen that shows a request: lists, dashboard, and the condominium, unit and person details.
    expect(data.invalidate).toEqual(
      expect.arrayContaining(["solicitacoes", "dashboard", "chamadas", "condominios", "unidades", "pessoas", "busca"]),
    );
    expect(Number(evt!.id)).toBe(data.id);

    await a.api.post(`/api/solicitacoes/${created.id}/autorizar`);
    const upd = await streamA.messages!.next(isDomainEvent);
    expect(upd?.event).toBe("solicitacao.atualizada");
    expect(JSON.parse(upd!.data!).status).toBe("autorizado");
    expect(Number(upd!.id)).toBeGreaterThan(Number(evt!.id));

    // Tenant B's stream saw nothing of A; its own change arrives.
    await createIn(b, condoB, "Evento Tenant B");
    const bEvent = await streamB.messages!.next(isDomainEvent);
    expect(JSON.parse(bEvent!.data!).nome_visitante).toBe("Evento Tenant B");
    expect(await streamB.messages!.next(isDomainEvent, 300)).toBeNull();
    expect(await streamA.messages!.next(isDomainEvent, 300)).toBeNull();

    await streamA.messages!.close();
    await streamB.messages!.close();
  });

  it("replays what a client missed after Last-Event-ID, in order", async () => {
    const first = await openEventStream(system(), a.cookie);
    await createIn(a, condoA, "Antes da queda");
    const seen = await first.messages!.next(isDomainEvent);
    await first.messages!.close();

    await createIn(a, condoA, "Perdido 1");
    await createIn(a, condoA, "Perdido 2");

    const resumed = await openEventStream(system(), a.cookie, { lastEventId: seen!.id });
    const r1 = await resumed.messages!.next(isDomainEvent);
    const r2 = await resumed.messages!.next(isDomainEvent);
    expect([JSON.parse(r1!.data!).nome_visitante, JSON.parse(r2!.data!).nome_visitante]).toEqual([
      "Perdido 1",
      "Perdido 2",
    ]);
    expect(Number(r2!.id)).toBeGreaterThan(Number(r1!.id));
    // Live events keep flowing after the replay.
    await createIn(a, condoA, "Ao vivo");
    expect(JSON.parse((await resumed.messages!.next(isDomainEvent))!.data!).nome_visitante).toBe("Ao vivo");
    await resumed.messages!.close();
  });

  it("rejects a malformed Last-Event-ID", async () => {
    const { response } = await openEventStream(system(), a.cookie, { lastEventId: "abc" });
    expect(response.status).toBe(400);
  });

  it("sends heartbeats", async () => {
    const stream = await openEventStream(system(), a.cookie);
    expect(await stream.messages!.next((m) => m.comment === "ping", 2000)).not.toBeNull();
    await stream.messages!.close();
  });
});

describe("a stream re-checks its session and membership at every heartbeat", () => {
  // Heartbeat is 300 ms in tests: "within a heartbeat" plus slack for a loaded machine.
  const WITHIN_A_HEARTBEAT = testSystemOptions().sseHeartbeatMs! + 1200;

  async function openReady(cookie: string) {
    const stream = await openEventStream(system(), cookie);
    expect(stream.response.status).toBe(200);
    expect(await stream.messages!.next((m) => m.event === "ready")).not.toBeNull();
    return stream.messages!;
  }

  it("ends the stream when its session signs out, and only that session's", async () => {
    const t = await createTenantWithMember(system(), { role: "porteiro" });
    const otherSession = await signIn(system(), t.email, t.password);
    const signedOut = await openReady(t.cookie);
    const stays = await openReady(otherSession);

    expect((await t.api.post("/api/auth/sign-out", { json: {} })).status).toBe(200);

    expect(await signedOut.endsWithin(WITHIN_A_HEARTBEAT)).toBe(true);
    expect(await stays.endsWithin(WITHIN_A_HEARTBEAT)).toBe(false);
    expect(await stays.next((m) => m.comment === "ping", 1000)).not.toBeNull();
    await stays.close();
  });

  it("ends the stream when the user is removed from the tenant", async () => {
    const t = await createTenantWithMember(system(), { role: "sindico" });
    const removed = await addSignedInMember(system(), t.org.id, "porteiro");
    const removedStream = await openReady(removed.cookie);
    const ownerStream = await openReady(t.cookie);

    await system()
      .handle.db.delete(member)
      .where(and(eq(member.userId, removed.user.id), eq(member.organizationId, t.org.id)));

    expect(await removedStream.endsWithin(WITHIN_A_HEARTBEAT)).toBe(true);
    expect(await ownerStream.endsWithin(WITHIN_A_HEARTBEAT)).toBe(false);
    expect((await openEventStream(system(), removed.cookie)).response.status).toBe(403);
    await ownerStream.close();
  });

  it("ends the stream when the user's role no longer grants reading requests", async () => {
    const t = await createTenantWithMember(system(), { role: "porteiro" });
    const stream = await openReady(t.cookie);

    await system()
      .handle.db.update(member)
      .set({ role: "convidado" })
      .where(and(eq(member.userId, t.user.id), eq(member.organizationId, t.org.id)));

    expect(await stream.endsWithin(WITHIN_A_HEARTBEAT)).toBe(true);
  });
});

describe("a morador's stream follows the units they live in", () => {
  it("starts carrying a unit's events after moving in, and stops after moving out, within a heartbeat", async () => {
    const t = await createTenantWithMember(system(), { role: "porteiro" });
    const condo = await createCondominioWithUnidade(system(), t.org.id);
    const outra = await addUnidade(system(), t.org.id, condo.condominio.id, "202");
    const morador = await addSignedInMorador(system(), t.org.id, {
      id: condo.unidade.id,
      condominioId: condo.condominio.id,
    });
    const create = (unidadeId: string, nome: string) =>
      t.api.post("/api/solicitacoes", {
        json: { condominio_id: condo.condominio.id, unidade_id: unidadeId, nome_visitante: nome },
      });
    const stream = await openEventStream(system(), morador.cookie);
    expect(await stream.messages!.next((m) => m.event === "ready")).not.toBeNull();
    const heartbeat = testSystemOptions().sseHeartbeatMs!;
    const nextName = async () => {
      const event = await stream.messages!.next(isDomainEvent, heartbeat + 1200);
      return event ? JSON.parse(event.data!).nome_visitante : null;
    };

    await create(outra.id, "Da vizinha");
    await create(condo.unidade.id, "Da casa");
    expect(await nextName()).toBe("Da casa");

    // Moves into 202 too: after the next heartbeat's check, 202's events arrive.
    await system().handle.db.insert(unidadeMoradores).values({
      organizationId: t.org.id,
      condominioId: condo.condominio.id,
      unidadeId: outra.id,
      pessoaId: morador.pessoa.id,
    });
    await new Promise((resolve) => setTimeout(resolve, heartbeat * 2 + 200));
    await create(outra.id, "Agora também é minha");
    expect(await nextName()).toBe("Agora também é minha");

    // Leaves 101: its events stop.
    await system()
      .handle.db.update(unidadeMoradores)
      .set({ ativo: false })
      .where(and(eq(unidadeMoradores.pessoaId, morador.pessoa.id), eq(unidadeMoradores.unidadeId, condo.unidade.id)));
    await new Promise((resolve) => setTimeout(resolve, heartbeat * 2 + 200));
    await create(condo.unidade.id, "Não é mais minha");
    await create(outra.id, "Continua minha");
    expect(await nextName()).toBe("Continua minha");
    expect(await stream.messages!.next(isDomainEvent, 300)).toBeNull();
    await stream.messages!.close();
  });
});

describe("over a real HTTP connection (@hono/node-server)", () => {
  /** The raw text of a stream read with fetch, and whether it ended. */
  async function openRaw(baseUrl: string, cookie: string, lastEventId?: string) {
    const controller = new AbortController();
    const headers: Record<string, string> = { cookie, accept: "text/event-stream" };
    if (lastEventId !== undefined) headers["last-event-id"] = lastEventId;
    const response = await fetch(`${baseUrl}/api/events`, { headers, signal: controller.signal });
    expect(response.status).toBe(200);
    // HTTP/1.1: chunked, so the frames go to the socket as ready-made chunks (events.routes.ts).
    expect(response.headers.get("transfer-encoding")).toBe("chunked");
    const state = { text: "", ended: false };
    void (async () => {
      const decoder = new TextDecoder();
      try {
        for await (const chunk of response.body as unknown as AsyncIterable<Uint8Array>)
          state.text += decoder.decode(chunk, { stream: true });
      } catch {
        // aborted
      }
      state.ended = true;
    })();
    const until = async (condition: () => boolean, timeoutMs = 5_000) => {
      const deadline = Date.now() + timeoutMs;
      while (!condition() && Date.now() < deadline) await new Promise((r) => setTimeout(r, 20));
      return condition();
    };
    const names = () => [...state.text.matchAll(/"nome_visitante":"([^"]*)"/g)].map((m) => m[1]);
    const ids = () => [...state.text.matchAll(/^id: (\d+)$/gm)].map((m) => Number(m[1]));
    return { state, until, names, ids, close: () => controller.abort() };
  }

  it("streams ready, live events in order, pings and a replay, and ends on sign-out", async () => {
    const server = serve({ fetch: system().app.fetch, port: 0, hostname: "127.0.0.1" });
    await new Promise<void>((resolve) => server.once("listening", () => resolve()));
    const baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    try {
      const t = await createTenantWithMember(system(), { role: "porteiro" });
      const condo = await createCondominioWithUnidade(system(), t.org.id);
      const stream = await openRaw(baseUrl, t.cookie);
      expect(await stream.until(() => stream.state.text.includes("event: ready"))).toBe(true);

      for (const nome of ["HTTP 1", "HTTP 2", "HTTP 3"]) await createIn(t, condo, nome);
      expect(await stream.until(() => stream.names().length === 3)).toBe(true);
      expect(stream.names()).toEqual(["HTTP 1", "HTTP 2", "HTTP 3"]);
      // A heartbeat, then more events: by now they go straight into the node response.
      const pings = () => stream.state.text.split(": ping\n\n").length - 1;
      expect(await stream.until(() => pings() >= 2)).toBe(true);
      await createIn(t, condo, "HTTP 4");
      await createIn(t, condo, "HTTP 5");
      expect(await stream.until(() => stream.names().length === 5)).toBe(true);
      expect(stream.names()).toEqual(["HTTP 1", "HTTP 2", "HTTP 3", "HTTP 4", "HTTP 5"]);
      const ids = stream.ids();
      expect(ids).toEqual([...ids].sort((a, b) => a - b));

      // Another session resumes after the first event: the rest replayed once, in order, then live.
      const other = await signIn(system(), t.email, t.password);
      const resumed = await openRaw(baseUrl, other, String(ids[0]));
      expect(await resumed.until(() => resumed.names().length === 4)).toBe(true);
      await createIn(t, condo, "HTTP 6");
      expect(await resumed.until(() => resumed.names().length === 5)).toBe(true);
      expect(resumed.names()).toEqual(["HTTP 2", "HTTP 3", "HTTP 4", "HTTP 5", "HTTP 6"]);

      expect((await t.api.post("/api/auth/sign-out", { json: {} })).status).toBe(200);
      const heartbeat = testSystemOptions().sseHeartbeatMs!;
      expect(await stream.until(() => stream.state.ended, heartbeat + 1200)).toBe(true);
      expect(resumed.state.ended).toBe(false);
      resumed.close();
    } finally {
      await new Promise((resolve) => server.close(resolve));
    }
  });
});

describe("over HTTP/1.0 (no chunked encoding)", () => {
  it("writes the frames as they are, the body ending with the connection", async () => {
    const server = serve({ fetch: system().app.fetch, port: 0, hostname: "127.0.0.1" });
    await new Promise<void>((resolve) => server.once("listening", () => resolve()));
    const { port } = server.address() as AddressInfo;
    const socket = connect(port, "127.0.0.1");
    try {
      const t = await createTenantWithMember(system(), { role: "porteiro" });
      const condo = await createCondominioWithUnidade(system(), t.org.id);
      let raw = "";
      socket.on("data", (d) => {
        raw += d.toString("utf8");
      });
      socket.write(`GET /api/events HTTP/1.0\r\nHost: 127.0.0.1:${port}\r\nCookie: ${t.cookie}\r\n\r\n`);
      const until = async (condition: () => boolean) => {
        const deadline = Date.now() + 5_000;
        while (!condition() && Date.now() < deadline) await new Promise((r) => setTimeout(r, 20));
        return condition();
      };
      expect(await until(() => raw.includes("event: ready")), raw).toBe(true);
      expect(raw).not.toMatch(/transfer-encoding: chunked/i);
      const ping = testSystemOptions().sseHeartbeatMs!;
      await new Promise((r) => setTimeout(r, ping * 2));
      await createIn(t, condo, "Pelo HTTP 1.0");
      expect(await until(() => raw.includes("Pelo HTTP 1.0"))).toBe(true);
      const body = raw.slice(raw.indexOf("\r\n\r\n") + 4);
      // Nothing but SSE lines: no chunk sizes in between.
      for (const line of body.split("\n").filter(Boolean)) expect(line).toMatch(/^(event|data|id|retry): |^: ping$/);
    } finally {
      socket.destroy();
      await new Promise((resolve) => server.close(resolve));
    }
  });
});

describe("a client that stops reading", () => {
  it("is cut off once its unsent events pass the limit, and the others keep theirs", async () => {
    const t = await createTenantWithMember(system(), { role: "porteiro" });
    const condo = await createCondominioWithUnidade(system(), t.org.id);
    // The route on its own, with a small limit; the tenant middleware is replaced by the context it would set.
    const { router, closeAll } = eventsRoutes(system().bus, {
      db: system().handle.db,
      heartbeatMs: 60_000,
      maxQueuedBytes: 1_000,
    });
    const app = new OpenAPIHono<AppEnv>();
    app.use(async (c, next) => {
      c.set("tenant", {
        organizationId: t.org.id,
        userId: t.user.id,
        role: "porteiro",
        scope: null,
        sessionId: "sessao-lenta",
      } as TenantContext);
      await next();
    });
    app.route("/", router);
    const slow = await app.request("http://localhost:3000/");
    expect(slow.status).toBe(200);
    const reading = await openEventStream(system(), t.cookie);
    await reading.messages!.next((m) => m.event === "ready");

    // Each event is about 350 bytes: five of them pass 1,000 while nobody reads the slow stream.
    for (let i = 0; i < 5; i++) await createIn(t, condo, `Cliente lento ${i}`);
    for (let i = 0; i < 5; i++) expect(await reading.messages!.next(isDomainEvent)).not.toBeNull();

    const reader = slow.body!.getReader();
    const outcome = await (async () => {
      try {
        for (;;) if ((await reader.read()).done) return "ended";
      } catch {
        return "cut off";
      }
    })();
    expect(outcome).toBe("cut off");
    await reading.messages!.close();
    closeAll();
  });
});

describe("at most 10 open streams per session", () => {
  it("refuses the 11th with 429 and a pt-BR message, and frees a slot when one closes", async () => {
    const t = await createTenantWithMember(system(), { role: "porteiro" });
    const streams = [];
    for (let i = 0; i < MAX_STREAMS_PER_SESSION; i++) streams.push(await openReady(t.cookie));

    const eleventh = await openEventStream(system(), t.cookie);
    expect(eleventh.response.status).toBe(429);
    expect((await eleventh.response.json()).error.message).toBe(TOO_MANY_STREAMS);

    // Another session of the same user has its own allowance.
    const otherSession = await signIn(system(), t.email, t.password);
    const other = await openReady(otherSession);

    await streams.pop()!.close();
    let reopened = await openEventStream(system(), t.cookie);
    for (let i = 0; i < 20 && reopened.response.status === 429; i++) {
      await new Promise((resolve) => setTimeout(resolve, 50));
      reopened = await openEventStream(system(), t.cookie);
    }
    expect(reopened.response.status).toBe(200);

    for (const s of [...streams, other, reopened.messages!]) await s.close();
  });

  async function openReady(cookie: string) {
    const stream = await openEventStream(system(), cookie);
    expect(stream.response.status).toBe(200);
    expect(await stream.messages!.next((m) => m.event === "ready")).not.toBeNull();
    return stream.messages!;
  }
});

describe("several app instances on one database", () => {
  let second: System | null = null;

  afterAll(async () => {
    await second?.close();
  });

  it("delivers an event written through instance B to an SSE client of instance A", async () => {
    const url = process.env.TEST_DB === "postgres" ? process.env.TEST_DATABASE_URL : undefined;
    // PGlite is embedded in one process, so a second instance there means a second app on the same
    // database handle; on PostgreSQL it is a fully separate instance with its own pool and LISTEN.
    second = await createSystem({
      ...testSystemOptions(),
      handle: url ? await openDatabase({ url, poolMax: 2 }) : system().handle,
    });
    const onA = await openEventStream(system(), a.cookie);
    await onA.messages!.next((m) => m.event === "ready");
    const cookieOnB = await signIn(second, a.email, a.password);
    const res = await second.app.request("http://localhost:3000/api/solicitacoes", {
      method: "POST",
      headers: { cookie: cookieOnB, "content-type": "application/json", origin: "http://localhost:3000" },
      body: JSON.stringify({
        condominio_id: condoA.condominio.id,
        unidade_id: condoA.unidade.id,
        nome_visitante: "Via instância B",
      }),
    });
    expect(res.status).toBe(201);
    const evt = await onA.messages!.next(isDomainEvent, 5000);
    expect(JSON.parse(evt!.data!).nome_visitante).toBe("Via instância B");
    await onA.messages!.close();
    if (!url) second = null; // shares the test system's handle: nothing of its own to close
  });
});
