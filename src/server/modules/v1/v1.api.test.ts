/**
 * The integration chain (docs/product.md, "Integration API") through /api/v1, as a PBX, an AI attendant and a gate
 * controller would drive it: a key registers a visitor, reads the dial plan, calls the residents,
 * the resident answers by DTMF, and a signed `portao.abrir` reaches the gate's webhook.
 */
import { and, eq, sql } from "drizzle-orm";
import { afterEach, describe, expect, it } from "vitest";
import { chamadas, pessoas, solicitacoesAcesso, unidadeMoradores, webhookEntregas } from "@/server/db/schema";
import { buildSearchText } from "@/server/db/search";
import { recordEvent } from "@/server/realtime/events";
import { verifyWebhookSignature } from "@/server/webhooks/signature";
import { createCondominioWithUnidade, createTenantWithMember } from "../../../../tests/support/factories";
import { client } from "../../../../tests/support/http";
import { setupTestSystem } from "../../../../tests/support/system";
import { deadUrl, startWebhookReceiver } from "../../../../tests/support/webhook-receiver";

const system = setupTestSystem();
const ALL_SCOPES = ["solicitacoes:ler", "solicitacoes:escrever", "chamadas:escrever", "diretorio:ler", "eventos:ler"];
const withKey = (secret: string) => client(system(), { headers: { authorization: `Bearer ${secret}` } });
const cleanups: (() => Promise<void>)[] = [];
afterEach(async () => {
  for (const c of cleanups.splice(0)) await c();
});

async function addResident(
  organizationId: string,
  unidade: { id: string; condominioId: string },
  nome: string,
  ramal: string,
  responsavel: boolean,
) {
  const db = system().handle.db;
  const [p] = await db
    .insert(pessoas)
    .values({
      organizationId,
      condominioId: unidade.condominioId,
      nome,
      pbxRamal: ramal,
      busca: buildSearchText([nome]),
    })
    .returning();
  await db.insert(unidadeMoradores).values({
    organizationId,
    condominioId: unidade.condominioId,
    unidadeId: unidade.id,
    pessoaId: p!.id,
    isResponsavel: responsavel,
  });
  return p!;
}

/** A tenant with a condominium, a unit with two residents, and a key with every scope. */
async function operator(opts: { scopes?: string[] } = {}) {
  const sindico = await createTenantWithMember(system(), { role: "sindico" });
  const { condominio, unidade } = await createCondominioWithUnidade(system(), sindico.org.id, {
    nome: "Residencial Aurora",
  });
  // Added first but not responsável: the dial plan still calls the responsável first.
  const bruno = await addResident(sindico.org.id, unidade, "Bruno Lima", "3102", false);
  const ana = await addResident(sindico.org.id, unidade, "Ana Souza", "3101", true);
  const portao = await sindico.api.post("/api/portoes", {
    json: { condominio_id: condominio.id, nome: "Portão social" },
  });
  expect(portao.status, JSON.stringify(portao.body)).toBe(201);
  const key = await sindico.api.post("/api/integracoes/chaves", {
    json: { nome: "Central PABX", escopos: opts.scopes ?? ALL_SCOPES },
  });
  expect(key.status, JSON.stringify(key.body)).toBe(201);
  return {
    sindico,
    condominio,
    unidade,
    ana,
    bruno,
    portao: portao.body as { id: string; nome: string },
    key: key.body as { id: string; segredo: string },
    api: withKey(key.body.segredo),
  };
}

async function registerVisitor(o: Awaited<ReturnType<typeof operator>>, headers: Record<string, string> = {}) {
  const res = await o.api.post("/api/v1/solicitacoes", {
    json: {
      condominio_id: o.condominio.id,
      unidade_id: o.unidade.id,
      nome_visitante: "Carlos Entregador",
      portao: "Portão social",
    },
    headers,
  });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body as { id: string; status: string };
}

async function answeredCall(o: Awaited<ReturnType<typeof operator>>, solicitacaoId: string, pessoaId: string) {
  const call = await o.api.post("/api/v1/chamadas", {
    json: { solicitacao_id: solicitacaoId, pessoa_id: pessoaId, provedor: "Asterisk" },
  });
  expect(call.status, JSON.stringify(call.body)).toBe(201);
  for (const status of ["discando", "atendida"]) {
    const moved = await o.api.post(`/api/v1/chamadas/${call.body.id}/status`, { json: { status } });
    expect(moved.status, JSON.stringify(moved.body)).toBe(200);
  }
  return call.body.id as string;
}

describe("the integration chain", () => {
  it("a key registers a visitor, calls the resident, the DTMF answer authorises, and a signed portao.abrir reaches the gate", async () => {
    const o = await operator();
    const gate = await startWebhookReceiver();
    cleanups.push(gate.close);
    const hook = await o.sindico.api.post("/api/integracoes/webhooks", {
      json: { url: gate.url, eventos: ["portao.abrir", "solicitacao.criada", "chamada.status_alterado"] },
    });
    expect(hook.status, JSON.stringify(hook.body)).toBe(201);
    expect(hook.body.segredo).toMatch(/^whsec_/);

    // The dial plan: the unit's extension and its residents, responsável first.
    const dir = await o.api.get(`/api/v1/unidades?condominio_id=${o.condominio.id}`);
    expect(dir.status).toBe(200);
    expect(dir.body.items[0]).toMatchObject({ pbx_ramal: "2101", codigo: "101" });
    expect(dir.body.items[0].moradores.map((m: { nome: string }) => m.nome)).toEqual(["Ana Souza", "Bruno Lima"]);
    const byRamal = await o.api.get("/api/v1/unidades?ramal=2101");
    expect(byRamal.body.items.map((u: { id: string }) => u.id)).toEqual([o.unidade.id]);
    expect((await o.api.get("/api/v1/condominios")).body.items).toEqual([
      expect.objectContaining({ id: o.condominio.id, nome: "Residencial Aurora" }),
    ]);

    // The AI attendant registers the visitor: attributed to the key.
    const solicitacao = await registerVisitor(o);
    expect(solicitacao.status).toBe("pendente");
    const detail = await o.sindico.api.get(`/api/solicitacoes/${solicitacao.id}`);
    expect(detail.body).toMatchObject({
      criado_por: { tipo: "chave_api", nome: "Central PABX" },
      portao: "Portão social",
    });

    // The PBX calls Ana (her extension), she answers and presses 1.
    const callId = await answeredCall(o, solicitacao.id, o.ana.id);
    const answer = await o.api.post(`/api/v1/chamadas/${callId}/resposta`, { json: { dtmf: "1" } });
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    expect(answer.body.solicitacao).toMatchObject({ status: "autorizado", decidido_por_nome: "Ana Souza" });
    expect(answer.body.chamada).toMatchObject({ status: "atendida", resposta: "autorizado", ramal_discado: "3101" });
    const hangUp = await o.api.post(`/api/v1/chamadas/${callId}/status`, { json: { status: "concluida" } });
    expect(hangUp.body.finalizado_em).not.toBeNull();
    expect(hangUp.body.duracao_segundos).toBeGreaterThanOrEqual(0);

    // The attendant reads the state to tell the visitor.
    const state = await o.api.get(`/api/v1/solicitacoes/${solicitacao.id}`);
    expect(state.body).toMatchObject({
      status: "autorizado",
      decidido_por_pessoa_id: o.ana.id,
      decidido_via_chave: "Central PABX",
      chamadas: [expect.objectContaining({ id: callId, status: "concluida", resposta: "autorizado" })],
    });

    await system().webhooks.deliverDue();
    const tipos = gate.received.map((r) => JSON.parse(r.body).tipo);
    expect(tipos).toContain("portao.abrir");
    expect(tipos).toContain("solicitacao.criada");
    expect(tipos.filter((t) => t === "chamada.status_alterado")).toHaveLength(4); // criada, discando, atendida, concluida
    const open = gate.received.find((r) => JSON.parse(r.body).tipo === "portao.abrir")!;
    expect(verifyWebhookSignature(hook.body.segredo, open.body, open.headers["guarita-signature"] as string)).toBe(
      true,
    );
    expect(verifyWebhookSignature("whsec_outro", open.body, open.headers["guarita-signature"] as string)).toBe(false);
    expect(JSON.parse(open.body).dados).toMatchObject({
      portao: { id: o.portao.id, nome: "Portão social", condominio_id: o.condominio.id },
      condominio: { nome: "Residencial Aurora" },
      solicitacao: { id: solicitacao.id, status: "autorizado", decidido_por_nome: "Ana Souza" },
    });

    // The console's timeline shows the gate command delivered.
    const after = await o.sindico.api.get(`/api/solicitacoes/${solicitacao.id}`);
    expect(after.body.comandos_portao).toEqual([
      expect.objectContaining({
        webhook: { descricao: null, origem: new URL(gate.url).origin },
        status: "entregue",
        tentativas: 1,
        ultimo_status_http: 200,
      }),
    ]);

    // Deleting the webhook stops it but keeps the history the timeline shows.
    expect((await o.sindico.api.delete(`/api/integracoes/webhooks/${hook.body.id}`)).status).toBe(204);
    expect((await o.sindico.api.get("/api/integracoes/webhooks")).body.items).toEqual([]);
    expect(
      (await o.sindico.api.patch(`/api/integracoes/webhooks/${hook.body.id}`, { json: { ativa: true } })).status,
    ).toBe(404);
    const kept = await o.sindico.api.get(`/api/solicitacoes/${solicitacao.id}`);
    expect(kept.body.comandos_portao).toHaveLength(1);
    const next = await registerVisitor(o);
    await system().webhooks.deliverDue();
    expect(gate.received.some((r) => r.body.includes(next.id))).toBe(false);
  });

  it("moves a call only along real transitions: an impossible one is 409, a repeated one changes nothing", async () => {
    const o = await operator();
    const s = await registerVisitor(o);
    const call = await o.api.post("/api/v1/chamadas", { json: { solicitacao_id: s.id, provedor: "FreeSWITCH" } });
    expect(call.body).toMatchObject({ status: "criada", ramal_discado: "2101", pessoa_id: null, finalizado_em: null });
    const back = await o.api.post(`/api/v1/chamadas/${call.body.id}/status`, { json: { status: "concluida" } });
    expect(back.status).toBe(409);
    expect(back.body.error.message).toContain("não pode passar a");
    await o.api.post(`/api/v1/chamadas/${call.body.id}/status`, { json: { status: "discando" } });
    const again = await o.api.post(`/api/v1/chamadas/${call.body.id}/status`, { json: { status: "discando" } });
    expect(again.status).toBe(200);
    const noAnswer = await o.api.post(`/api/v1/chamadas/${call.body.id}/status`, { json: { status: "sem_resposta" } });
    expect(noAnswer.body.finalizado_em).not.toBeNull();
    const late = await o.api.post(`/api/v1/chamadas/${call.body.id}/status`, { json: { status: "atendida" } });
    expect(late.status).toBe(409);
    const bad = await o.api.post(`/api/v1/chamadas/${call.body.id}/status`, { json: { status: "tocando" } });
    expect(bad.status).toBe(400);
    expect(bad.body.error.fields[0]).toMatchObject({ path: "status", message: "Status inválido" });
  });

  it("an answer decides only from an answered call to an active resident, and never half: the call keeps no answer when the request was decided first", async () => {
    const o = await operator();
    const s = await registerVisitor(o);
    const ringing = await o.api.post("/api/v1/chamadas", {
      json: { solicitacao_id: s.id, pessoa_id: o.ana.id, provedor: "Asterisk" },
    });
    const early = await o.api.post(`/api/v1/chamadas/${ringing.body.id}/resposta`, { json: { dtmf: "1" } });
    expect(early.status).toBe(409);
    expect(early.body.error.message).toContain("chamada atendida");

    const toUnit = await o.api.post("/api/v1/chamadas", { json: { solicitacao_id: s.id, provedor: "Asterisk" } });
    await o.api.post(`/api/v1/chamadas/${toUnit.body.id}/status`, { json: { status: "atendida" } });
    const notResident = await o.api.post(`/api/v1/chamadas/${toUnit.body.id}/resposta`, { json: { dtmf: "1" } });
    expect(notResident.status).toBe(409);

    const brunoCall = await answeredCall(o, s.id, o.bruno.id);
    // The porteiro decides in the console first.
    const denied = await o.sindico.api.post(`/api/solicitacoes/${s.id}/negar`, { json: {} });
    expect(denied.status, JSON.stringify(denied.body)).toBe(200);
    const tooLate = await o.api.post(`/api/v1/chamadas/${brunoCall}/resposta`, { json: { dtmf: "1" } });
    expect(tooLate.status).toBe(409);
    expect(tooLate.body.error.message).toContain("Negad");
    const [row] = await system().handle.db.select().from(chamadas).where(eq(chamadas.id, brunoCall));
    expect(row!.resposta).toBeNull();

    const neither = await o.api.post(`/api/v1/chamadas/${brunoCall}/resposta`, { json: {} });
    expect(neither.status).toBe(400);
    expect(neither.body.error.message).toBe("Envie dtmf ou decisao (um dos dois)");
  });

  it("a retried POST with the same Idempotency-Key returns the first result and creates nothing more", async () => {
    const o = await operator();
    const s = await registerVisitor(o);
    const body = { solicitacao_id: s.id, pessoa_id: o.ana.id, provedor: "Asterisk" };
    const headers = { "idempotency-key": "pbx-call-7f3a" };
    const first = await o.api.post("/api/v1/chamadas", { json: body, headers });
    const retry = await o.api.post("/api/v1/chamadas", { json: body, headers });
    expect(first.status).toBe(201);
    expect(retry.status).toBe(201);
    expect(retry.body).toEqual(first.body);
    expect(retry.headers.get("idempotent-replayed")).toBe("true");
    const other = await o.api.post("/api/v1/chamadas", { json: { ...body, provedor: "Outro" }, headers });
    expect(other.status).toBe(422);
    expect(other.body.error.message).toContain("Idempotency-Key");

    // Concurrent retries: exactly one call is created.
    const racing = { "idempotency-key": "pbx-call-race" };
    const results = await Promise.all(
      [1, 2, 3].map(() => o.api.post("/api/v1/chamadas", { json: body, headers: racing })),
    );
    expect(results.every((r) => r.status === 201 || r.status === 409)).toBe(true);
    const calls = await system().handle.db.select().from(chamadas).where(eq(chamadas.solicitacaoId, s.id));
    expect(calls).toHaveLength(2);

    // The same key on another API key is another operation.
    const twin = await o.sindico.api.post("/api/integracoes/chaves", { json: { nome: "Outra", escopos: ALL_SCOPES } });
    const elsewhere = await withKey(twin.body.segredo).post("/api/v1/chamadas", { json: body, headers });
    expect(elsewhere.status).toBe(201);
    expect(elsewhere.body.id).not.toBe(first.body.id);
  });

  it("a revoked key gets 401, a key without the scope 403, and another tenant's ids 404", async () => {
    const o = await operator();
    const s = await registerVisitor(o);
    const callId = await answeredCall(o, s.id, o.ana.id);
    const other = await operator();
    for (const [method, path, json] of [
      ["post", "/api/v1/chamadas", { solicitacao_id: s.id, provedor: "X" }],
      ["post", `/api/v1/chamadas/${callId}/status`, { status: "concluida" }],
      ["post", `/api/v1/chamadas/${callId}/resposta`, { dtmf: "2" }],
      ["get", `/api/v1/chamadas/${callId}`, undefined],
      ["get", `/api/v1/solicitacoes/${s.id}`, undefined],
    ] as const) {
      const res = await other.api[method](path, json ? { json } : {});
      expect(res.status, `${method} ${path}`).toBe(404);
    }
    expect((await other.api.get(`/api/v1/unidades?condominio_id=${o.condominio.id}`)).body.items).toEqual([]);
    expect((await o.api.get(`/api/v1/solicitacoes/${s.id}`)).body.status).toBe("pendente");

    const readOnly = await o.sindico.api.post("/api/integracoes/chaves", {
      json: { nome: "Leitura", escopos: ["solicitacoes:ler"] },
    });
    const refused = await withKey(readOnly.body.segredo).post("/api/v1/chamadas", {
      json: { solicitacao_id: s.id, provedor: "X" },
    });
    expect(refused.status).toBe(403);
    expect(refused.body.error.message).toBe('Esta chave de API não tem a permissão "chamadas:escrever".');

    await o.sindico.api.delete(`/api/integracoes/chaves/${o.key.id}`);
    const revoked = await o.api.post(`/api/v1/chamadas/${callId}/resposta`, { json: { dtmf: "1" } });
    expect(revoked.status).toBe(401);
  });

  it("takes a server-to-server POST without Origin (a PBX is not a browser), and never a session cookie", async () => {
    const o = await operator();
    const res = await system().app.request("http://localhost:3000/api/v1/solicitacoes", {
      method: "POST",
      headers: { authorization: `Bearer ${o.key.segredo}`, "content-type": "application/json" },
      body: JSON.stringify({ condominio_id: o.condominio.id, unidade_id: o.unidade.id, nome_visitante: "Sem Origin" }),
    });
    expect(res.status).toBe(201);
    const withCookie = await client(system(), { cookie: o.sindico.cookie }).post("/api/v1/solicitacoes", {
      json: { condominio_id: o.condominio.id, unidade_id: o.unidade.id, nome_visitante: "Cookie" },
    });
    expect(withCookie.status).toBe(401);
  });

  it("documents every webhook event, its payload and the signature header in the OpenAPI document", async () => {
    const doc = (await client(system()).get("/api/openapi.json")).body;
    expect(Object.keys(doc.webhooks).sort()).toEqual(
      [
        "chamada.status_alterado",
        "encomenda.recebida",
        "encomenda.retirada",
        "portao.abrir",
        "reserva.cancelada",
        "reserva.confirmada",
        "reserva.criada",
        "reserva.recusada",
        "solicitacao.autorizada",
        "solicitacao.criada",
        "solicitacao.expirada",
        "solicitacao.negada",
      ].sort(),
    );
    const post = doc.webhooks["portao.abrir"].post;
    expect(post.parameters.map((p: { name: string }) => p.name)).toContain("guarita-signature");
    expect(post.requestBody.content["application/json"].schema.$ref).toBe("#/components/schemas/EventoWebhook");
  });

  it("the events feed returns the tenant's events in order after an id", async () => {
    const o = await operator();
    const s = await registerVisitor(o);
    const feed = await o.api.get("/api/v1/eventos?depois_de=0");
    expect(feed.status).toBe(200);
    expect(feed.body.items.map((e: { type: string }) => e.type)).toEqual(["solicitacao.criada"]);
    expect(feed.body.items[0].solicitacao_id).toBe(s.id);
    const none = await o.api.get(`/api/v1/eventos?depois_de=${feed.body.ultimo_id}`);
    expect(none.body).toEqual({ items: [], ultimo_id: feed.body.ultimo_id });
  });
});

describe("webhook deliveries", () => {
  it("a receiver down for a while gets the event later, with every attempt recorded", async () => {
    const o = await operator();
    const url = await deadUrl();
    const hook = await o.sindico.api.post("/api/integracoes/webhooks", {
      json: { url, eventos: ["solicitacao.criada"] },
    });
    const s = await registerVisitor(o);
    await system().webhooks.deliverDue();
    let page = await o.sindico.api.get(`/api/integracoes/webhooks/${hook.body.id}/entregas`);
    expect(page.body.items).toEqual([
      expect.objectContaining({
        tipo: "solicitacao.criada",
        status: "pendente",
        tentativas: 1,
        ultimo_status_http: null,
      }),
    ]);
    expect(page.body.items[0].historico[0].erro).toMatch(/ECONNREFUSED/);
    expect(page.body.items[0].proxima_tentativa_em).not.toBeNull();

    // The receiver comes back (on the same address) and answers 500 once, then 200.
    const port = Number(new URL(url).port);
    const http = await import("node:http");
    const statuses = [500, 200];
    const bodies: string[] = [];
    const server = http.createServer((req, res) => {
      let b = "";
      req.on("data", (c) => {
        b += c;
      });
      req.on("end", () => {
        bodies.push(b);
        res.writeHead(statuses.shift() ?? 200).end();
      });
    });
    await new Promise<void>((r) => server.listen(port, "127.0.0.1", r));
    cleanups.push(() => new Promise<void>((r) => server.close(() => r())));
    const due = () =>
      system()
        .handle.db.update(webhookEntregas)
        .set({ proximaTentativaEm: sql`now()` })
        .where(eq(webhookEntregas.organizationId, o.sindico.org.id));
    await due();
    await system().webhooks.deliverDue();
    await due();
    await system().webhooks.deliverDue();
    page = await o.sindico.api.get(`/api/integracoes/webhooks/${hook.body.id}/entregas`);
    expect(page.body.items[0]).toMatchObject({ status: "entregue", tentativas: 3, ultimo_status_http: 200 });
    expect(page.body.items[0].historico.map((h: { status_http: number | null }) => h.status_http)).toEqual([
      null,
      500,
      200,
    ]);
    expect(JSON.parse(bodies[1]!).dados.solicitacao.id).toBe(s.id);

    // Redelivery sends it once more.
    const again = await o.sindico.api.post(
      `/api/integracoes/webhooks/${hook.body.id}/entregas/${page.body.items[0].id}/reenviar`,
    );
    expect(again.status).toBe(200);
    expect(again.body.status).toBe("pendente");
    await system().webhooks.deliverDue();
    expect(bodies).toHaveLength(3);
    const list = await o.sindico.api.get("/api/integracoes/webhooks");
    expect(list.body.items[0]).toMatchObject({ ultima_entrega: { status: "entregue", status_http: 200 } });
  });

  it("gives up after 24 hours of failures", async () => {
    const o = await operator();
    await o.sindico.api.post("/api/integracoes/webhooks", {
      json: { url: await deadUrl(), eventos: ["solicitacao.criada"] },
    });
    await registerVisitor(o);
    const own = eq(webhookEntregas.organizationId, o.sindico.org.id);
    await system().handle.db.update(webhookEntregas).set({ tentarAte: sql`now() + interval '5 seconds'` }).where(own);
    await system().webhooks.deliverDue();
    const [row] = await system().handle.db.select().from(webhookEntregas).where(own);
    expect(row).toMatchObject({ status: "falhou", tentativas: 1 });
  });

  it("an event of a change that rolled back is never delivered", async () => {
    const o = await operator();
    const gate = await startWebhookReceiver();
    cleanups.push(gate.close);
    await o.sindico.api.post("/api/integracoes/webhooks", { json: { url: gate.url, eventos: ["solicitacao.criada"] } });
    const s = await registerVisitor(o);
    await expect(
      system().handle.db.transaction(async (tx) => {
        await recordEvent(tx, o.sindico.org.id, {
          type: "solicitacao.criada",
          solicitacao: { id: s.id, nome_visitante: "Fantasma", status: "pendente", unidade_id: o.unidade.id },
        });
        throw new Error("rollback");
      }),
    ).rejects.toThrow("rollback");
    await system().webhooks.deliverDue();
    expect(gate.received).toHaveLength(1);
    const own = eq(webhookEntregas.organizationId, o.sindico.org.id);
    expect(await system().handle.db.select().from(webhookEntregas).where(own)).toHaveLength(1);
  });

  it("refuses bad URLs with pt-BR messages, and another tenant's webhooks are 404", async () => {
    const o = await operator();
    const bad = await o.sindico.api.post("/api/integracoes/webhooks", {
      json: { url: "ftp://example.com/x", eventos: [] },
    });
    expect(bad.status).toBe(400);
    expect(bad.body.error.fields.map((f: { path: string }) => f.path).sort()).toEqual(["eventos", "url"]);
    const hook = await o.sindico.api.post("/api/integracoes/webhooks", {
      json: { url: "https://gate.example.com/hook", eventos: ["portao.abrir"] },
    });
    const other = await operator();
    const id = hook.body.id;
    expect((await other.sindico.api.patch(`/api/integracoes/webhooks/${id}`, { json: { ativa: false } })).status).toBe(
      404,
    );
    expect((await other.sindico.api.delete(`/api/integracoes/webhooks/${id}`)).status).toBe(404);
    expect((await other.sindico.api.post(`/api/integracoes/webhooks/${id}/segredo`)).status).toBe(404);
    expect((await other.sindico.api.get(`/api/integracoes/webhooks/${id}/entregas`)).status).toBe(404);
    expect((await other.sindico.api.get("/api/integracoes/webhooks")).body.items).toEqual([]);
    const mine = await o.sindico.api.get("/api/integracoes/webhooks");
    expect(mine.body.items).toEqual([expect.objectContaining({ id, ativa: true, eventos: ["portao.abrir"] })]);
    expect(JSON.stringify(mine.body)).not.toContain(hook.body.segredo);
  });

  it("without WEBHOOKS_ALLOW_PRIVATE, loopback and private addresses are refused when saved and when delivering", async () => {
    const { webhookUrlProblem } = await import("@/server/webhooks/address-guard");
    for (const url of [
      "http://127.0.0.1:8080/x",
      "http://localhost/x",
      "http://[::1]/x",
      "http://10.0.0.5/x",
      "http://192.168.1.10/x",
      "http://169.254.169.254/latest/meta-data",
      "http://[::ffff:127.0.0.1]/x",
      "http://2130706433/x",
      "http://printer.local/x",
    ]) {
      expect(webhookUrlProblem(url, false), url).toMatch(/Endereço interno ou privado/);
    }
    expect(webhookUrlProblem("https://gate.example.com/hook", false)).toBeNull();
    const { postWebhook } = await import("@/server/webhooks/post");
    const gate = await startWebhookReceiver();
    cleanups.push(gate.close);
    // A name that resolves to loopback is refused at the socket.
    const viaName = gate.url.replace("127.0.0.1", "localhost");
    const refused = await postWebhook(viaName, "{}", {}, { allowPrivate: false });
    expect(refused.status).toBeNull();
    expect(refused.error).toMatch(/endereço interno/);
    expect(gate.received).toHaveLength(0);
  });
});

describe("attribution in the data", () => {
  it("records who created a request and a call: the key, not a user", async () => {
    const o = await operator();
    const s = await registerVisitor(o);
    const callId = await answeredCall(o, s.id, o.ana.id);
    const [req] = await system().handle.db.select().from(solicitacoesAcesso).where(eq(solicitacoesAcesso.id, s.id));
    expect(req).toMatchObject({ criadoPorApiKeyId: o.key.id, criadoPorUserId: null });
    const [call] = await system()
      .handle.db.select()
      .from(chamadas)
      .where(and(eq(chamadas.id, callId), eq(chamadas.organizationId, o.sindico.org.id)));
    expect(call).toMatchObject({ criadoPorApiKeyId: o.key.id, criadoPorUserId: null, provedor: "Asterisk" });
    const console = await o.sindico.api.post("/api/solicitacoes", {
      json: { condominio_id: o.condominio.id, unidade_id: o.unidade.id, nome_visitante: "Pelo console" },
    });
    const detail = await o.sindico.api.get(`/api/solicitacoes/${console.body.id}`);
    expect(detail.body.criado_por).toEqual({ tipo: "usuario", nome: "Usuária de Teste" });
  });
});
