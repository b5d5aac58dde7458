/**
 * The virtual attendant through its text API (docs/product.md, "Atendente virtual"), as an intercom
 * integration would drive it: it confirms before it acts, never guesses, creates the request as the
 * "Atendente virtual", validates PINs by the gate's rules, hands over, and tells the visitor what the
 * resident decided. A delivery person with a package is told where to leave it, and the package is
 * recorded for the porteiro to confirm (docs/decisions/043-deliveries.md).
 */
import { and, eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import {
  atendenteConversas,
  auditoria,
  condominios,
  passeValidacoes,
  solicitacoesAcesso,
  webhookEntregas,
} from "@/server/db/schema";
import { attendantWorld } from "../../../../tests/support/attendant-world";
import { createApiKeyClient, createTenantWithMember } from "../../../../tests/support/factories";
import { createPass, passInput } from "../../../../tests/support/gate-world";
import { client, cookieFrom } from "../../../../tests/support/http";
import { setupTestSystem } from "../../../../tests/support/system";
import { closeIdle, followRequests } from "./atendente.service";

const system = setupTestSystem();
const db = () => system().handle.db;

type World = Awaited<ReturnType<typeof world>>;
let w: World;

async function world() {
  const base = await attendantWorld(system(), "Residencial Atendido");
  const { api, key } = await createApiKeyClient(system(), base.sindico.cookie, "Interfone do portão");
  return { ...base, api, key };
}

beforeAll(async () => {
  w = await world();
});

async function open() {
  const res = await w.api.post("/api/v1/atendente/conversas", {
    json: { condominio_id: w.condo.condominio.id, portao_id: w.gate.id },
  });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body as { id: string; mensagens: { autor: string; texto: string }[]; estado: Record<string, unknown> };
}

async function say(id: string, texto: string) {
  const res = await w.api.post(`/api/v1/atendente/conversas/${id}/mensagens`, { json: { texto } });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body as { mensagens: { autor: string; texto: string }[]; estado: Record<string, unknown> };
}

const lastReply = (turn: { mensagens: { texto: string }[] }) => turn.mensagens.map((m) => m.texto).join(" ");

async function requestsOf(organizationId: string) {
  return db().select().from(solicitacoesAcesso).where(eq(solicitacoesAcesso.organizationId, organizationId));
}

describe("a visitor at the gate", () => {
  it("is greeted as by an automated attendant that records the conversation", async () => {
    const c = await open();
    const greeting = c.mensagens.map((m) => m.texto).join(" ");
    expect(c.mensagens.every((m) => m.autor === "atendente")).toBe(true);
    expect(greeting).toMatch(/atendente virtual/i);
    expect(greeting).toMatch(/gravad/i);
    expect(c.estado).toMatchObject({ etapa: "identificando", solicitacao_id: null, resultado: null });
  });

  it("is confirmed before anything is created, then the residents are reached and the decision comes back", async () => {
    const before = (await requestsOf(w.sindico.org.id)).length;
    const c = await open();
    const asked = await say(c.id, "Boa noite, sou o Carlos, vim ver a Ana do 101 da Torre A");
    expect(asked.estado).toMatchObject({
      etapa: "confirmando",
      unidade_id: w.condo.unidade.id,
      nome_visitante: "Carlos",
    });
    expect(lastReply(asked)).toMatch(/Carlos.*101.*Torre A/);
    expect((await requestsOf(w.sindico.org.id)).length).toBe(before);

    const confirmed = await say(c.id, "sim");
    expect(confirmed.estado).toMatchObject({ etapa: "aguardando_morador", tipo: "visitante" });
    const solicitacaoId = confirmed.estado.solicitacao_id as string;
    const detail = await w.sindico.api.get(`/api/solicitacoes/${solicitacaoId}`);
    expect(detail.body).toMatchObject({
      status: "pendente",
      nome_visitante: "Carlos",
      unidade_id: w.condo.unidade.id,
      portao_id: w.gate.id,
      criado_por: { tipo: "atendente", nome: "Atendente virtual" },
    });

    // The resident authorises; the visitor hears it, and the gate command names the gate.
    const decided = await w.sindico.api.post(`/api/solicitacoes/${solicitacaoId}/autorizar`, { json: {} });
    expect(decided.status, JSON.stringify(decided.body)).toBe(200);
    expect(await followRequests(db())).toBeGreaterThanOrEqual(1);
    const after = await w.api.get(`/api/v1/atendente/conversas/${c.id}`);
    expect(after.body.estado).toMatchObject({ etapa: "concluida", resultado: "autorizado" });
    expect(after.body.encerrada_em).not.toBeNull();
    expect(after.body.mensagens.at(-1)).toMatchObject({ autor: "atendente" });
    expect(after.body.mensagens.at(-1).texto).toMatch(/autorizada/i);
    expect(after.body.mensagens.map((m: { autor: string }) => m.autor)).toContain("visitante");
    const [gateCommand] = await db()
      .select({ corpo: webhookEntregas.corpo })
      .from(webhookEntregas)
      .where(and(eq(webhookEntregas.organizationId, w.sindico.org.id), eq(webhookEntregas.tipo, "portao.abrir")));
    expect(JSON.parse(gateCommand!.corpo).dados.portao).toMatchObject({ id: w.gate.id, nome: "Portaria" });

    // Closed: nothing more is taken.
    const late = await w.api.post(`/api/v1/atendente/conversas/${c.id}/mensagens`, { json: { texto: "oi" } });
    expect(late.status).toBe(409);
    expect(late.body.error.message).toBe("Esta conversa já foi encerrada. Comece uma nova.");
  });

  it("is asked which tower when the unit exists in two, never guessed, and nothing is created", async () => {
    const before = (await requestsOf(w.sindico.org.id)).length;
    const c = await open();
    const turn = await say(c.id, "Sou o Paulo, vim no apartamento 101");
    expect(turn.estado).toMatchObject({ etapa: "identificando", unidade_id: null });
    expect(lastReply(turn)).toMatch(/Torre A.*Torre B|Torre B.*Torre A/);
    expect((await requestsOf(w.sindico.org.id)).length).toBe(before);
  });

  it("hears that a unit does not exist, with the offer of the porteiro, and nothing is created", async () => {
    const before = (await requestsOf(w.sindico.org.id)).length;
    const c = await open();
    const turn = await say(c.id, "Sou a Marta, vim no apartamento 9999");
    expect(turn.estado).toMatchObject({ etapa: "identificando" });
    expect(lastReply(turn)).toMatch(/não encontrei/i);
    expect(lastReply(turn)).toMatch(/porteiro/i);
    expect((await requestsOf(w.sindico.org.id)).length).toBe(before);
  });

  it("creates nothing when the visitor says the confirmation is wrong", async () => {
    const before = (await requestsOf(w.sindico.org.id)).length;
    const c = await open();
    await say(c.id, "Sou o Rui, visita no 101 da Torre B");
    const no = await say(c.id, "não");
    expect(no.estado.etapa).not.toBe("aguardando_morador");
    expect(no.estado.solicitacao_id).toBeNull();
    expect((await requestsOf(w.sindico.org.id)).length).toBe(before);
  });

  it("opens the gate for a valid pass PIN, and a wrong one is refused and counted", async () => {
    const pass = await createPass(w.sindico.api, passInput(w.condo, { nome: "Diarista Joana" }));
    const c = await open();
    const wrong = await say(c.id, "tenho um código: 000000");
    expect(wrong.estado.resultado).toBeNull();
    const attempts = await db()
      .select({ resultado: passeValidacoes.resultado })
      .from(passeValidacoes)
      .where(eq(passeValidacoes.organizationId, w.sindico.org.id));
    expect(attempts.map((a) => a.resultado)).toContain("pin_invalido");

    const right = await say(c.id, `meu código é ${pass.pin}`);
    expect(right.estado).toMatchObject({ etapa: "concluida", resultado: "passe_liberado" });
    expect(lastReply(right)).toMatch(/pode entrar/i);
    const inside = await w.sindico.api.get(`/api/acessos?condominio_id=${w.condo.condominio.id}&presentes=true`);
    expect(inside.body.items.map((a: { nome: string }) => a.nome)).toContain("Diarista Joana");
  });

  it("hands over to the porteiro when asked", async () => {
    const c = await open();
    const turn = await say(c.id, "Quero falar com o porteiro");
    expect(turn.estado.etapa).toBe("com_porteiro");
    expect(lastReply(turn)).toMatch(/porteiro/i);
  });
});

/** The packages the console lists for a unit (what the porteiro sees in "Encomendas"). */
async function packagesOf(unidadeId: string) {
  const res = await w.sindico.api.get(`/api/encomendas?unidade_id=${unidadeId}`);
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body.items as {
    id: string;
    status: string;
    origem: string;
    unidade_id: string;
    transportadora: string;
    transportadora_nome: string;
    local: string | null;
    perecivel: boolean;
  }[];
}

/** A tablet paired with a kiosk at the gate: a client holding only the kiosk's cookie. */
async function kiosk() {
  const created = await w.sindico.api.post("/api/totens", {
    json: { nome: "Totem de entregas", condominio_id: w.condo.condominio.id, portao_id: w.gate.id },
  });
  expect(created.status, JSON.stringify(created.body)).toBe(201);
  const codigo = /\/totem\/parear\/([\w-]+)$/.exec(created.body.link)![1]!;
  const paired = await client(system()).post("/api/totem/parear", { json: { codigo } });
  expect(paired.status, JSON.stringify(paired.body)).toBe(200);
  const api = client(system(), { cookie: cookieFrom(paired.headers) });
  const started = await api.post("/api/totem/conversas", { json: {} });
  expect(started.status, JSON.stringify(started.body)).toBe(201);
  const id = started.body.id as string;
  return {
    id,
    say: async (texto: string) => {
      const res = await api.post(`/api/totem/conversas/${id}/mensagens`, { json: { texto } });
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      return res.body as { mensagens: { autor: string; texto: string }[]; estado: Record<string, unknown> };
    },
  };
}

describe("a delivery person with a package", () => {
  it("at the kiosk: is told to leave it at the gate, and the package waits for the porteiro to confirm", async () => {
    const requestsBefore = (await requestsOf(w.sindico.org.id)).length;
    expect(await packagesOf(w.condo.unidade.id)).toEqual([]);
    const k = await kiosk();
    const first = await k.say("tenho uma entrega dos Correios para o 101");
    // "101" is in two towers: asked, never guessed.
    expect(lastReply(first)).toBe("Temos o 101 na Torre A e na Torre B. Qual delas?");
    const asked = await k.say("Torre A");
    expect(lastReply(asked)).toBe("Confirmando: encomenda para o apartamento 101 da Torre A. Está certo?");
    expect(await packagesOf(w.condo.unidade.id)).toEqual([]);

    const done = await k.say("isso");
    expect(done.mensagens.map((m) => m.texto)).toEqual(["Pode deixar a encomenda na portaria."]);
    expect(done.estado).toMatchObject({ etapa: "concluida", resultado: "encomenda_registrada", solicitacao_id: null });

    const [pacote, ...rest] = await packagesOf(w.condo.unidade.id);
    expect(rest).toEqual([]);
    expect(pacote).toMatchObject({
      status: "a_confirmar",
      origem: "atendente",
      unidade_id: w.condo.unidade.id,
      transportadora: "correios",
      transportadora_nome: "Correios",
      local: null,
      perecivel: false,
    });
    // No resident was asked: the porteiro confirms first, and the residents are told then.
    expect((await requestsOf(w.sindico.org.id)).length).toBe(requestsBefore);
    const [audit] = await db()
      .select({ atorTipo: auditoria.atorTipo, atorNome: auditoria.atorNome })
      .from(auditoria)
      .where(and(eq(auditoria.organizationId, w.sindico.org.id), eq(auditoria.entidadeId, pacote!.id)));
    expect(audit).toEqual({ atorTipo: "sistema", atorNome: "Atendente virtual" });

    // The porteiro confirms it from the label: it waits for the residents like any other.
    const confirmed = await w.sindico.api.post(`/api/encomendas/${pacote!.id}/confirmar`, {
      json: { item: { transportadora: "correios", rastreio: "BR123456789BR", perecivel: false } },
    });
    expect(confirmed.status, JSON.stringify(confirmed.body)).toBe(200);
    expect(confirmed.body).toMatchObject({ status: "aguardando", origem: "atendente" });
  });

  it("through the text API: the condominium's place, a company off the list, the resident named", async () => {
    await db()
      .update(condominios)
      .set({ encomendaLocalEntrega: "Armário de encomendas" })
      .where(eq(condominios.id, w.condo.condominio.id));
    try {
      const c = await open();
      const asked = await say(c.id, "Boa tarde, DHL, pacote pra Ana Beatriz Souza");
      expect(lastReply(asked)).toBe(
        "Boa tarde! Confirmando: encomenda para Ana, no apartamento 101 da Torre A. Está certo?",
      );
      const done = await say(c.id, "sim");
      expect(lastReply(done)).toBe("Pode deixar a encomenda em Armário de encomendas.");
      const dhl = (await packagesOf(w.condo.unidade.id)).find((p) => p.transportadora === "outra");
      expect(dhl).toMatchObject({
        status: "a_confirmar",
        origem: "atendente",
        transportadora_nome: "DHL",
        local: "Armário de encomendas",
      });
      const detail = await w.sindico.api.get(`/api/encomendas/${dhl!.id}`);
      expect(detail.body.destinatario).toMatchObject({ nome: "Ana Beatriz Souza" });
      // Driven by an integration's key: the audit trail names the key.
      const [audit] = await db()
        .select({ atorTipo: auditoria.atorTipo, atorId: auditoria.atorId })
        .from(auditoria)
        .where(and(eq(auditoria.organizationId, w.sindico.org.id), eq(auditoria.entidadeId, dhl!.id)));
      expect(audit).toEqual({ atorTipo: "chave_api", atorId: w.key.id });
    } finally {
      await db()
        .update(condominios)
        .set({ encomendaLocalEntrega: null })
        .where(eq(condominios.id, w.condo.condominio.id));
    }
  });

  it("a meal is still for the residents: a request, as before, and no package", async () => {
    const packagesBefore = (await packagesOf(w.b101.id)).length;
    const c = await open();
    const asked = await say(c.id, "ifood, pedido pro 101 da Torre B");
    expect(lastReply(asked)).toBe(
      "Confirmando: Entregador iFood para o apartamento 101 da Torre B, entrega. Está certo?",
    );
    const confirmed = await say(c.id, "sim");
    expect(confirmed.estado).toMatchObject({ etapa: "aguardando_morador", tipo: "entregador" });
    expect(lastReply(confirmed)).toMatch(/avisei os moradores do 101 da Torre B/);
    const detail = await w.sindico.api.get(`/api/solicitacoes/${confirmed.estado.solicitacao_id}`);
    expect(detail.body).toMatchObject({
      status: "pendente",
      tipo: "entregador",
      unidade_id: w.b101.id,
      nome_visitante: "Entregador iFood",
    });
    expect((await packagesOf(w.b101.id)).length).toBe(packagesBefore);
  });
});

describe("one turn at a time", () => {
  it("two messages sent at once: one is answered, the other is told to wait, nothing is doubled", async () => {
    const c = await open();
    const [a, b] = await Promise.all(
      ["Sou o Téo, vim no 101 da Torre A", "Sou o Téo, vim no 101 da Torre A"].map((texto) =>
        w.api.post(`/api/v1/atendente/conversas/${c.id}/mensagens`, { json: { texto } }),
      ),
    );
    const statuses = [a!.status, b!.status].sort();
    expect(statuses).toEqual([200, 409]);
    const busy = [a!, b!].find((r) => r.status === 409)!;
    expect(busy.body.error.message).toBe(
      "A mensagem anterior ainda está sendo respondida. Envie de novo em instantes.",
    );
    const transcript = await w.api.get(`/api/v1/atendente/conversas/${c.id}`);
    expect(transcript.body.mensagens.filter((m: { autor: string }) => m.autor === "visitante")).toHaveLength(1);
  });
});

describe("who may talk", () => {
  it("a key reads only the conversations it opened; another tenant's are 404; bad input is a pt-BR 400", async () => {
    const c = await open();
    const { api: otherKey } = await createApiKeyClient(system(), w.sindico.cookie, "Outro interfone");
    expect((await otherKey.get(`/api/v1/atendente/conversas/${c.id}`)).status).toBe(404);
    const stranger = await createTenantWithMember(system(), { role: "sindico" });
    const { api: strangerKey } = await createApiKeyClient(system(), stranger.cookie);
    expect((await strangerKey.get(`/api/v1/atendente/conversas/${c.id}`)).status).toBe(404);
    const foreign = await strangerKey.post("/api/v1/atendente/conversas", {
      json: { condominio_id: w.condo.condominio.id },
    });
    expect(foreign.status).toBe(404);

    const tooLong = await w.api.post(`/api/v1/atendente/conversas/${c.id}/mensagens`, {
      json: { texto: "a".repeat(1001) },
    });
    expect(tooLong.status).toBe(400);
    expect(tooLong.body.error.fields).toContainEqual({
      path: "texto",
      message: "A mensagem deve ter no máximo 1000 caracteres",
    });
  });

  it("a conversation nobody speaks in for two minutes is closed", async () => {
    const c = await open();
    await db()
      .update(atendenteConversas)
      .set({ ultimaAtividadeEm: new Date(Date.now() - 3 * 60_000) })
      .where(eq(atendenteConversas.id, c.id));
    expect(await closeIdle(db())).toBeGreaterThanOrEqual(1);
    const closed = await w.api.get(`/api/v1/atendente/conversas/${c.id}`);
    expect(closed.body.estado.etapa).toBe("encerrada");
    expect(closed.body.encerrada_em).not.toBeNull();
  });
});
