/**
 * The gate's kiosk and "Atendimentos" (docs/product.md, "Totem", "Atendente virtual"): pairing by a
 * single-use link, a device credential that holds only its own conversations and dies with its
 * revocation, the kiosk's live stream, and a porteiro who takes a conversation over.
 */
import { and, eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { passeValidacoes, totens, webhookEntregas } from "@/server/db/schema";
import { attendantWorld } from "../../../../tests/support/attendant-world";
import {
  addSignedInMember,
  createApiKeyClient,
  createCondominioWithUnidade,
  createTenantWithMember,
} from "../../../../tests/support/factories";
import { createPass, passInput } from "../../../../tests/support/gate-world";
import { client, cookieFrom } from "../../../../tests/support/http";
import { openEventStream } from "../../../../tests/support/sse";
import { setupTestSystem, testSystemOptions } from "../../../../tests/support/system";
import { followRequests } from "../atendente/atendente.service";

const system = setupTestSystem();
const db = () => system().handle.db;
const WITHIN_A_HEARTBEAT = testSystemOptions().sseHeartbeatMs! + 1500;

type World = Awaited<ReturnType<typeof world>>;
let w: World;

async function world() {
  const base = await attendantWorld(system(), "Residencial do Totem");
  const { sindico, condo } = base;
  const garage = await sindico.api.post("/api/portoes", {
    json: { condominio_id: condo.condominio.id, nome: "Garagem" },
  });
  const porteiro = await addSignedInMember(system(), sindico.org.id, "porteiro");
  const outro = await addSignedInMember(system(), sindico.org.id, "porteiro");
  return { ...base, garage: garage.body as { id: string }, porteiro, outro };
}

beforeAll(async () => {
  w = await world();
});

/** Creates a kiosk at a gate and pairs a "tablet" with its link: a client holding only the kiosk's cookie. */
async function pairedKiosk(portaoId = w.gate.id, nome = "Totem da portaria") {
  const created = await w.sindico.api.post("/api/totens", {
    json: { nome, condominio_id: w.condo.condominio.id, portao_id: portaoId },
  });
  expect(created.status, JSON.stringify(created.body)).toBe(201);
  const codigo = /\/totem\/parear\/([\w-]+)$/.exec(created.body.link)![1]!;
  const tablet = client(system());
  const paired = await tablet.post("/api/totem/parear", { json: { codigo } });
  expect(paired.status, JSON.stringify(paired.body)).toBe(200);
  const cookie = cookieFrom(paired.headers);
  return { id: created.body.totem.id as string, codigo, cookie, api: client(system(), { cookie }), paired };
}

type Kiosk = Awaited<ReturnType<typeof pairedKiosk>>;

async function start(k: Kiosk) {
  const res = await k.api.post("/api/totem/conversas", { json: {} });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body as { id: string; mensagens: { autor: string; texto: string }[] };
}

async function say(k: Kiosk, id: string, texto: string) {
  const res = await k.api.post(`/api/totem/conversas/${id}/mensagens`, { json: { texto } });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body as { mensagens: { autor: string; texto: string }[]; estado: Record<string, unknown> };
}

describe("pairing a kiosk", () => {
  it("gives a single-use link valid 10 minutes, and the tablet an HttpOnly credential for /api/totem only", async () => {
    const k = await pairedKiosk();
    const setCookie = k.paired.headers.getSetCookie().find((c) => c.startsWith("guarita_totem="))!;
    expect(setCookie).toMatch(/HttpOnly/i);
    expect(setCookie).toMatch(/Path=\/api\/totem/i);
    expect(setCookie).toMatch(/SameSite=Strict/i);
    expect(k.paired.body).toMatchObject({ nome: "Totem da portaria", portao_nome: "Portaria" });

    const again = await client(system()).post("/api/totem/parear", { json: { codigo: k.codigo } });
    expect(again.status).toBe(400);
    expect(again.body.error.message).toMatch(/uso único/);

    const listed = await w.sindico.api.get(`/api/totens?condominio_id=${w.condo.condominio.id}`);
    expect(listed.body.items.find((t: { id: string }) => t.id === k.id)).toMatchObject({
      status: "pareado",
      portao_nome: "Portaria",
      pareamento_expira_em: null,
    });
  });

  it("refuses an expired link and one of a revoked kiosk", async () => {
    const created = await w.sindico.api.post("/api/totens", {
      json: { nome: "Expirado", condominio_id: w.condo.condominio.id, portao_id: w.gate.id },
    });
    await db()
      .update(totens)
      .set({ pareamentoExpiraEm: new Date(Date.now() - 1000) })
      .where(eq(totens.id, created.body.totem.id));
    const codigo = created.body.link.split("/").pop();
    expect((await client(system()).post("/api/totem/parear", { json: { codigo } })).status).toBe(400);

    const revoked = await w.sindico.api.post("/api/totens", {
      json: { nome: "Revogado antes", condominio_id: w.condo.condominio.id, portao_id: w.gate.id },
    });
    await w.sindico.api.post(`/api/totens/${revoked.body.totem.id}/revogar`, { json: {} });
    const code2 = revoked.body.link.split("/").pop();
    expect((await client(system()).post("/api/totem/parear", { json: { codigo: code2 } })).status).toBe(400);
  });

  it("gives two tablets opening the same link at once one credential", async () => {
    const created = await w.sindico.api.post("/api/totens", {
      json: { nome: "Corrida", condominio_id: w.condo.condominio.id, portao_id: w.gate.id },
    });
    const codigo = created.body.link.split("/").pop();
    const results = await Promise.all(
      Array.from({ length: 8 }, () => client(system()).post("/api/totem/parear", { json: { codigo } })),
    );
    expect(results.filter((r) => r.status === 200)).toHaveLength(1);
    expect(results.filter((r) => r.status === 400)).toHaveLength(7);
  });

  it("refuses a gate of another condominium and an inactive gate, naming the field", async () => {
    const other = await createCondominioWithUnidade(system(), w.sindico.org.id, { nome: "Outro" });
    const res = await w.sindico.api.post("/api/totens", {
      json: { nome: "X", condominio_id: other.condominio.id, portao_id: w.gate.id },
    });
    expect(res.status).toBe(400);
    expect(res.body.error.fields[0].path).toBe("portao_id");
    const blank = await w.sindico.api.post("/api/totens", {
      json: { nome: "  ", condominio_id: w.condo.condominio.id, portao_id: w.gate.id },
    });
    expect(blank.status).toBe(400);
    expect(blank.body.error.fields[0]).toMatchObject({ path: "nome", message: "Nome é obrigatório" });
  });
});

describe("a paired kiosk", () => {
  it("holds the visitor's conversation at its gate: confirm, request by the attendant, decision back", async () => {
    const k = await pairedKiosk();
    expect((await k.api.get("/api/totem")).body).toMatchObject({ portao_nome: "Portaria" });
    const c = await start(k);
    expect(c.mensagens.map((m) => m.texto).join(" ")).toMatch(/atendente virtual/i);
    const asked = await say(k, c.id, "Boa noite, sou o Carlos, vim ver a Ana do 101 da Torre A");
    expect(asked.estado).toMatchObject({ etapa: "confirmando", unidade_id: w.condo.unidade.id });
    const confirmed = await say(k, c.id, "sim");
    expect(confirmed.estado.etapa).toBe("aguardando_morador");
    const solicitacaoId = confirmed.estado.solicitacao_id as string;
    const detail = await w.sindico.api.get(`/api/solicitacoes/${solicitacaoId}`);
    expect(detail.body).toMatchObject({
      portao_id: w.gate.id,
      criado_por: { tipo: "atendente", nome: "Atendente virtual" },
    });

    const stream = await openEventStream(system(), k.cookie, { path: "/api/totem/eventos" });
    expect(stream.response.status).toBe(200);
    expect(await stream.messages!.next((m) => m.event === "ready")).not.toBeNull();
    expect((await w.sindico.api.post(`/api/solicitacoes/${solicitacaoId}/autorizar`, { json: {} })).status).toBe(200);
    await followRequests(db(), [solicitacaoId]);
    const moved = await stream.messages!.next(
      (m) => m.event === "atendimento.atualizado" && JSON.parse(m.data!).atendimento.etapa === "concluida",
    );
    expect(moved).not.toBeNull();
    // The event names the conversation, never a line of it.
    expect(moved!.data).not.toMatch(/Carlos|Ana/);
    await stream.messages!.close();
    const read = await k.api.get(`/api/totem/conversas/${c.id}`);
    expect(read.body.estado).toMatchObject({ etapa: "concluida", resultado: "autorizado" });
    const commands = await db()
      .select({ corpo: webhookEntregas.corpo })
      .from(webhookEntregas)
      .where(and(eq(webhookEntregas.organizationId, w.sindico.org.id), eq(webhookEntregas.tipo, "portao.abrir")));
    expect(commands.some((d) => JSON.parse(d.corpo).dados.portao.id === w.gate.id)).toBe(true);
  });

  it("opens the gate for a valid PIN and refuses and counts a wrong one, as the kiosk's own attempt", async () => {
    const k = await pairedKiosk(w.gate.id, "Totem PIN");
    const pass = await createPass(w.sindico.api, passInput(w.condo));
    const c = await start(k);
    const wrong = await say(k, c.id, "tenho um código: 000000");
    expect(wrong.estado.resultado).toBeNull();
    const attempts = await db()
      .select({ resultado: passeValidacoes.resultado })
      .from(passeValidacoes)
      .where(eq(passeValidacoes.condominioId, w.condo.condominio.id));
    expect(attempts.map((a) => a.resultado)).toContain("pin_invalido");
    const right = await say(k, c.id, `meu código é ${pass.pin}`);
    expect(right.estado).toMatchObject({ etapa: "concluida", resultado: "passe_liberado" });
  });

  it("reads nothing but its own conversations; staff sessions and API keys are not kiosks", async () => {
    const k1 = await pairedKiosk(w.gate.id, "Um");
    const k2 = await pairedKiosk(w.garage.id, "Dois");
    const c = await start(k1);
    expect((await k2.api.get(`/api/totem/conversas/${c.id}`)).status).toBe(404);
    expect((await k2.api.post(`/api/totem/conversas/${c.id}/mensagens`, { json: { texto: "oi" } })).status).toBe(404);
    expect((await client(system(), { cookie: w.sindico.cookie }).get("/api/totem")).status).toBe(401);
    const { api } = await createApiKeyClient(system(), w.sindico.cookie, "Interfone");
    expect((await api.get(`/api/v1/atendente/conversas/${c.id}`)).status).toBe(404);
    // A kiosk's cookie is no staff session either.
    expect((await k1.api.get("/api/atendimentos")).status).toBe(401);
  });

  it("is cut off at once when revoked: 401 on every call and its stream ends", async () => {
    const k = await pairedKiosk(w.gate.id, "A revogar");
    const c = await start(k);
    const stream = await openEventStream(system(), k.cookie, { path: "/api/totem/eventos" });
    expect(await stream.messages!.next((m) => m.event === "ready")).not.toBeNull();
    const revoked = await w.sindico.api.post(`/api/totens/${k.id}/revogar`, { json: {} });
    expect(revoked.body.status).toBe("revogado");
    expect((await k.api.get("/api/totem")).status).toBe(401);
    const sent = await k.api.post(`/api/totem/conversas/${c.id}/mensagens`, { json: { texto: "oi" } });
    expect(sent.status).toBe(401);
    expect(sent.body.error.message).toMatch(/não está pareado/);
    expect(await stream.messages!.next((m) => m.event === "totem.atualizado", WITHIN_A_HEARTBEAT)).not.toBeNull();
    expect(await stream.messages!.endsWithin(WITHIN_A_HEARTBEAT)).toBe(true);
  });

  it("opens at most 30 conversations a minute, counted atomically under a burst", async () => {
    const k = await pairedKiosk(w.gate.id, "Rajada");
    const results = await Promise.all(
      Array.from({ length: 40 }, () => k.api.post("/api/totem/conversas", { json: {} })),
    );
    expect(results.filter((r) => r.status === 201)).toHaveLength(30);
    const refused = results.filter((r) => r.status === 429);
    expect(refused).toHaveLength(10);
    expect(refused[0]!.body.error.message).toMatch(/Aguarde um minuto/);
    expect(refused[0]!.headers.get("retry-after")).toBe("60");
  });

  it("a new pairing link replaces the old tablet's credential once used", async () => {
    const k = await pairedKiosk(w.gate.id, "Trocado");
    const renewed = await w.sindico.api.post(`/api/totens/${k.id}/pareamento`, { json: {} });
    expect(renewed.status).toBe(201);
    expect((await k.api.get("/api/totem")).status).toBe(200);
    const codigo = renewed.body.link.split("/").pop();
    expect((await client(system()).post("/api/totem/parear", { json: { codigo } })).status).toBe(200);
    expect((await k.api.get("/api/totem")).status).toBe(401);
  });
});

describe("Atendimentos", () => {
  it("lists a hand-over first; a porteiro takes it, types to the visitor, registers the request; the decision reaches the kiosk", async () => {
    const k = await pairedKiosk(w.gate.id, "Atendimentos");
    const quiet = await start(k);
    const c = await start(k);
    const handed = await say(k, c.id, "Quero falar com o porteiro");
    expect(handed.estado.etapa).toBe("com_porteiro");

    const list = await w.porteiro.api.get(`/api/atendimentos?condominio_id=${w.condo.condominio.id}`);
    expect(list.status).toBe(200);
    expect(list.body.items[0]).toMatchObject({
      id: c.id,
      etapa: "com_porteiro",
      portao_nome: "Portaria",
      canal: "totem",
    });
    expect(list.body.items.map((i: { id: string }) => i.id)).toContain(quiet.id);

    const taken = await w.porteiro.api.post(`/api/atendimentos/${c.id}/assumir`, { json: {} });
    expect(taken.status).toBe(200);
    expect(taken.body.atendido_por).toMatchObject({ id: w.porteiro.user.id });
    const other = await w.outro.api.post(`/api/atendimentos/${c.id}/mensagens`, { json: { texto: "Oi" } });
    expect(other.status).toBe(409);
    expect(other.body.error.message).toMatch(/já está com/);

    const typed = await w.porteiro.api.post(`/api/atendimentos/${c.id}/mensagens`, {
      json: { texto: "Boa noite! Para qual apartamento?" },
    });
    expect(typed.status).toBe(200);
    const onKiosk = await k.api.get(`/api/totem/conversas/${c.id}`);
    expect(onKiosk.body.mensagens.at(-1)).toMatchObject({
      autor: "porteiro",
      texto: "Boa noite! Para qual apartamento?",
    });

    // The attendant keeps quiet while a person holds the conversation.
    const reply = await say(k, c.id, "Apartamento 101 da Torre B, sou o Rafael");
    expect(reply.mensagens).toEqual([]);
    const blank = await w.porteiro.api.post(`/api/atendimentos/${c.id}/mensagens`, { json: { texto: "  " } });
    expect(blank.status).toBe(400);

    const registered = await w.porteiro.api.post(`/api/atendimentos/${c.id}/solicitacao`, {
      json: { unidade_id: w.b101.id, nome_visitante: "Rafael", tipo: "visitante" },
    });
    expect(registered.status, JSON.stringify(registered.body)).toBe(200);
    expect(registered.body).toMatchObject({ etapa: "aguardando_morador", solicitacao: { status: "pendente" } });
    const solicitacaoId = registered.body.solicitacao.id as string;
    const again = await w.porteiro.api.post(`/api/atendimentos/${c.id}/solicitacao`, {
      json: { unidade_id: w.b101.id, nome_visitante: "Rafael", tipo: "visitante" },
    });
    expect(again.status).toBe(409);

    expect((await w.porteiro.api.post(`/api/solicitacoes/${solicitacaoId}/negar`, { json: {} })).status).toBe(200);
    await followRequests(db(), [solicitacaoId]);
    const done = await k.api.get(`/api/totem/conversas/${c.id}`);
    expect(done.body.estado).toMatchObject({ etapa: "concluida", resultado: "negado" });
    const closed = await w.porteiro.api.get(
      `/api/atendimentos?situacao=encerradas&condominio_id=${w.condo.condominio.id}`,
    );
    expect(closed.body.items.map((i: { id: string }) => i.id)).toContain(c.id);
  });

  it("registers only a unit of the conversation's condominium, and closes with 'Entrada não autorizada'", async () => {
    const k = await pairedKiosk(w.gate.id, "Encerrar");
    const c = await start(k);
    const elsewhere = await createCondominioWithUnidade(system(), w.sindico.org.id, { nome: "Vizinho" });
    const wrong = await w.porteiro.api.post(`/api/atendimentos/${c.id}/solicitacao`, {
      json: { unidade_id: elsewhere.unidade.id, nome_visitante: "Zé", tipo: "visitante" },
    });
    expect(wrong.status).toBe(400);
    const closed = await w.porteiro.api.post(`/api/atendimentos/${c.id}/encerrar`, { json: { resultado: "negado" } });
    expect(closed.body).toMatchObject({ etapa: "concluida", resultado: "negado" });
    const onKiosk = await k.api.get(`/api/totem/conversas/${c.id}`);
    expect(onKiosk.body.estado.resultado).toBe("negado");
    expect(onKiosk.body.encerrada_em).not.toBeNull();
    const after = await k.api.post(`/api/totem/conversas/${c.id}/mensagens`, { json: { texto: "oi" } });
    expect(after.status).toBe(409);
  });

  it("does not show another tenant's conversations", async () => {
    const k = await pairedKiosk(w.gate.id, "Isolado");
    const c = await start(k);
    const stranger = await createTenantWithMember(system(), { role: "sindico" });
    expect((await stranger.api.get(`/api/atendimentos/${c.id}`)).status).toBe(404);
    expect((await stranger.api.post(`/api/atendimentos/${c.id}/assumir`, { json: {} })).status).toBe(404);
    const list = await stranger.api.get("/api/atendimentos");
    expect(list.body.items).toEqual([]);
  });
});
