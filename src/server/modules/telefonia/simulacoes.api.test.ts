/**
 * The demonstration of the phone line and WhatsApp (docs/decisions/037-phone-line-and-whatsapp.md):
 * staff play the visitor through the same handlers as Twilio's and Meta's webhooks, the resident's
 * demo call is answered with "Tecla 1" / "Tecla 2", and outside a demonstration all of it is a 403.
 */
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createSystem, type System } from "@/server/bootstrap";
import { atendenteConversas, atendenteEnvios, chamadas, condominios, solicitacoesAcesso } from "@/server/db/schema";
import { attendantWorld } from "../../../../tests/support/attendant-world";
import { createCondominioWithUnidade, createTenantWithMember } from "../../../../tests/support/factories";
import { setupTestSystem, testSystemOptions } from "../../../../tests/support/system";
import { followRequests } from "../atendente/atendente.service";

const system = setupTestSystem();
let demo: System;
let w: Awaited<ReturnType<typeof attendantWorld>>;
const db = () => demo.handle.db;

beforeAll(async () => {
  // GUARITA_DEMO=true: every tenant is a demonstration.
  demo = await createSystem({
    ...testSystemOptions(),
    handle: system().handle,
    channels: { demoForEveryTenant: true },
  });
  w = await attendantWorld(demo, "Residencial Simulado");
  await db().update(condominios).set({ contatoMorador: "ligacao" }).where(eq(condominios.id, w.condo.condominio.id));
});

afterAll(async () => {
  await demo.notifications.close();
});

type Turno = { conversa_id: string; canal: string; falas: string[]; twiml: string | null; encerrada: boolean };

async function talk(id: string, texto: string) {
  const res = await w.sindico.api.post(`/api/atendimentos/simulacoes/${id}/mensagens`, { json: { texto } });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body as Turno;
}

describe("on a demonstration", () => {
  it("a played call reaches the resident's demo call; Tecla 1 authorises it, the call is a row of Chamadas, the visitor hears it", async () => {
    expect((await w.sindico.api.get("/api/atendimentos/simulacoes")).body).toEqual({ disponivel: true });
    const started = await w.sindico.api.post("/api/atendimentos/simulacoes", {
      json: { canal: "telefone", portao_id: w.gate.id },
    });
    expect(started.status, JSON.stringify(started.body)).toBe(201);
    const call = started.body as Turno;
    expect(call.canal).toBe("telefone");
    expect(call.falas.join(" ")).toMatch(/atendente virtual/i);
    expect(call.twiml).toContain('<Gather input="speech dtmf" language="pt-BR"');
    const [conversa] = await db().select().from(atendenteConversas).where(eq(atendenteConversas.id, call.conversa_id));
    expect(conversa).toMatchObject({ canal: "telefone", demo: true, portaoId: w.gate.id });

    const asked = await talk(call.conversa_id, "Boa noite, sou o Carlos, vim ver a Ana do 101 da Torre A");
    expect(asked.falas.join(" ")).toMatch(/Carlos.*101.*Torre A/);
    const waiting = await talk(call.conversa_id, "sim");
    expect(waiting.twiml).toContain("<Redirect");
    expect(waiting.encerrada).toBe(false);

    const [request] = await db()
      .select()
      .from(solicitacoesAcesso)
      .where(eq(solicitacoesAcesso.organizationId, w.sindico.org.id));
    expect(request).toMatchObject({ unidadeId: w.condo.unidade.id, nomeVisitante: "Carlos", status: "pendente" });

    // The resident's call is a demo message with the script, and a call of the request.
    await demo.notifications.deliverDue();
    const detail = await w.sindico.api.get(`/api/solicitacoes/${request!.id}`);
    const ligacao = detail.body.notificacoes.find((n: { canal: string }) => n.canal === "ligacao");
    expect(ligacao).toMatchObject({ demo: true, status: "enviada", pessoa_nome: "Ana Beatriz Souza" });
    expect(ligacao.mensagem).toBe(
      "Olá, Ana. Carlos está na portaria do Residencial Simulado para a unidade 101, Torre A. Tecle 1 para autorizar a entrada ou 2 para negar.",
    );
    expect(detail.body.chamadas).toHaveLength(1);
    expect(detail.body.chamadas[0]).toMatchObject({ status: "criada", provedor: "Demonstração" });

    const tecla = (t: string) =>
      w.sindico.api.post(`/api/solicitacoes/${request!.id}/ligacoes/${ligacao.id}/tecla`, { json: { tecla: t } });
    const invalid = await tecla("5");
    expect(invalid.body).toEqual({ texto: "Tecla inválida." });
    expect(
      (await db().select().from(solicitacoesAcesso).where(eq(solicitacoesAcesso.id, request!.id)))[0]!.status,
    ).toBe("pendente");
    const pressed = await tecla("1");
    expect(pressed.status, JSON.stringify(pressed.body)).toBe(200);
    expect(pressed.body).toEqual({ texto: "Entrada autorizada. Obrigado." });
    const after = await w.sindico.api.get(`/api/solicitacoes/${request!.id}`);
    expect(after.body).toMatchObject({ status: "autorizado", decidido_via: "telefone" });
    expect(after.body.chamadas[0]).toMatchObject({ status: "concluida", resposta: "autorizado" });
    const [row] = await db().select().from(chamadas).where(eq(chamadas.solicitacaoId, request!.id));
    expect(row).toMatchObject({ tecla: "1", demo: true });
    // Pressed again: the decision stands.
    expect((await tecla("2")).body).toEqual({ texto: "Entrada autorizada. Obrigado." });
    expect((await w.sindico.api.get(`/api/solicitacoes/${request!.id}`)).body.status).toBe("autorizado");

    await followRequests(db());
    const transcript = await w.sindico.api.get(`/api/atendimentos/${call.conversa_id}`);
    expect(JSON.stringify(transcript.body)).toMatch(/autorizada/i);
    const late = await w.sindico.api.post(`/api/atendimentos/simulacoes/${call.conversa_id}/mensagens`, {
      json: { texto: "alô?" },
    });
    expect(late.status).toBe(409);
  });

  it("a played WhatsApp delivery creates a delivery request and sends nothing to Meta", async () => {
    const started = await w.sindico.api.post("/api/atendimentos/simulacoes", {
      json: { canal: "whatsapp", portao_id: w.gate.id, texto: "Oi, entrega do iFood para o 101 da Torre A" },
    });
    expect(started.status, JSON.stringify(started.body)).toBe(201);
    const chat = started.body as Turno;
    expect(chat.twiml).toBeNull();
    expect(chat.falas.join(" ")).toMatch(/101.*Torre A/);
    await talk(chat.conversa_id, "sim");
    const [conversa] = await db().select().from(atendenteConversas).where(eq(atendenteConversas.id, chat.conversa_id));
    expect(conversa).toMatchObject({ canal: "whatsapp", demo: true, etapa: "aguardando_morador" });
    const [request] = await db()
      .select()
      .from(solicitacoesAcesso)
      .where(eq(solicitacoesAcesso.id, conversa!.solicitacaoId!));
    expect(request).toMatchObject({ tipo: "entregador", unidadeId: w.condo.unidade.id });
    expect(await db().select().from(atendenteEnvios).where(eq(atendenteEnvios.conversaId, chat.conversa_id))).toEqual(
      [],
    );
  });

  it("refuses bad input in pt-BR and another tenant's gate, creating nothing", async () => {
    const before = (await db().select().from(atendenteConversas)).length;
    const other = await createTenantWithMember(demo, { role: "sindico" });
    const otherCondo = await createCondominioWithUnidade(demo, other.org.id);
    const otherGate = await other.api.post("/api/portoes", {
      json: { condominio_id: otherCondo.condominio.id, nome: "Portão de outro cliente" },
    });
    const foreign = await w.sindico.api.post("/api/atendimentos/simulacoes", {
      json: { canal: "telefone", portao_id: otherGate.body.id },
    });
    expect(foreign.status).toBe(400);
    expect(foreign.body.error.fields).toEqual([
      { path: "portao_id", message: "Portão não encontrado entre os portões ativos" },
    ]);
    const noText = await w.sindico.api.post("/api/atendimentos/simulacoes", {
      json: { canal: "whatsapp", portao_id: w.gate.id },
    });
    expect(noText.status).toBe(400);
    expect(noText.body.error.fields[0].message).toBe("Escreva a primeira mensagem do visitante");
    const badCanal = await w.sindico.api.post("/api/atendimentos/simulacoes", {
      json: { canal: "fax", portao_id: w.gate.id },
    });
    expect(badCanal.status).toBe(400);
    expect(badCanal.body.error.fields[0].message).toBe("Escolha ligação ou WhatsApp");
    expect((await db().select().from(atendenteConversas)).length).toBe(before);
  });
});

describe("outside a demonstration", () => {
  it("is not offered, refuses to start, and the demo key decides nothing", async () => {
    const real = await attendantWorld(system(), "Residencial Real");
    expect((await real.sindico.api.get("/api/atendimentos/simulacoes")).body).toEqual({ disponivel: false });
    const res = await real.sindico.api.post("/api/atendimentos/simulacoes", {
      json: { canal: "telefone", portao_id: real.gate.id },
    });
    expect(res.status).toBe(403);
    expect(res.body.error.message).toBe("A simulação só está disponível na demonstração.");
    const conversas = await system()
      .handle.db.select()
      .from(atendenteConversas)
      .where(eq(atendenteConversas.organizationId, real.sindico.org.id));
    expect(conversas).toEqual([]);
  });
});
