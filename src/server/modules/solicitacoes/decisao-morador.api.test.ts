/**
 * A signed-in resident decides their unit's requests in the console (docs/product.md, "Dashboard"):
 * the same conditional decision as the console and the resident link (one wins), recorded "pelo
 * aplicativo", never another unit's; "Negar" takes an optional reason, shown to the porteiro and kept
 * out of the audit trail (docs/decisions/030); and every role that sees a request sees the same list
 * of messages to the residents.
 */
import { and, eq, sql } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import {
  addSignedInMember,
  addSignedInMorador,
  addUnidade,
  createCondominioWithUnidade,
  createTenantWithMember,
} from "../../../../tests/support/factories";
import { isDomainEvent, openEventStream } from "../../../../tests/support/sse";
import { setupTestSystem } from "../../../../tests/support/system";
import { auditoria, eventos, solicitacoesAcesso } from "../../db/schema";

const system = setupTestSystem();

type Tenant = Awaited<ReturnType<typeof createTenantWithMember>>;
type Member = Awaited<ReturnType<typeof addSignedInMember>>;
type Morador = Awaited<ReturnType<typeof addSignedInMorador>>;

let sindico: Tenant;
let porteiro: Member;
let ana: Morador;
let bia: Morador;
let vizinho: Morador;
let outroTenant: Tenant;
let minha: { id: string; condominioId: string };
let vizinha: { id: string; condominioId: string };

const NOT_FOUND = "Solicitação não encontrada";

async function createRequest(unidade = minha, nome = "Visita da Ana") {
  const res = await sindico.api.post("/api/solicitacoes", {
    json: { condominio_id: unidade.condominioId, unidade_id: unidade.id, tipo: "visitante", nome_visitante: nome },
  });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body as { id: string };
}

const statusOf = async (id: string) => (await sindico.api.get(`/api/solicitacoes/${id}`)).body.status;

async function auditOf(id: string) {
  return system()
    .handle.db.select()
    .from(auditoria)
    .where(and(eq(auditoria.entidadeId, id), eq(auditoria.acao, "decidir")));
}

async function eventCount(id: string) {
  const [row] = await system()
    .handle.db.select({ n: sql<number>`count(*)::int` })
    .from(eventos)
    .where(eq(eventos.solicitacaoId, id));
  return row!.n;
}

beforeAll(async () => {
  sindico = await createTenantWithMember(system(), { role: "sindico" });
  const org = sindico.org.id;
  const condo = await createCondominioWithUnidade(system(), org, { codigo: "101", torre: "Torre A" });
  minha = condo.unidade;
  vizinha = await addUnidade(system(), org, condo.condominio.id, "102", "Torre A");
  porteiro = await addSignedInMember(system(), org, "porteiro");
  ana = await addSignedInMorador(system(), org, minha, { nome: "Ana Moradora" });
  bia = await addSignedInMorador(system(), org, minha, { nome: "Bia Moradora" });
  vizinho = await addSignedInMorador(system(), org, vizinha, { nome: "Vizinho da 102" });
  outroTenant = await createTenantWithMember(system(), { role: "sindico" });
});

describe("a morador deciding their unit's request", () => {
  it("authorises it: 200, decided by them 'pelo aplicativo', and the staff's screens get the event", async () => {
    const stream = await openEventStream(system(), porteiro.cookie);
    expect(stream.response.status).toBe(200);
    await stream.messages!.next((m) => m.event === "ready");
    const created = await createRequest();
    await stream.messages!.next(
      (m) => isDomainEvent(m) && m.data!.includes(created.id) && m.data!.includes("pendente"),
    );

    const res = await ana.api.post(`/api/solicitacoes/${created.id}/autorizar`, { json: {} });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body).toMatchObject({
      status: "autorizado",
      decidido_via: "aplicativo",
      decidido_por_nome: "Ana Moradora",
      decidido_por_pessoa_id: ana.pessoa.id,
      motivo_negacao: null,
    });

    // The porteiro's stream: the decision, through the app, by Ana.
    const event = await stream.messages!.next((m) => isDomainEvent(m) && m.data!.includes('"autorizado"'));
    expect(event, "no decision event reached the porteiro").not.toBeNull();
    expect(JSON.parse(event!.data!)).toMatchObject({
      solicitacao_id: created.id,
      status: "autorizado",
      decisao: { via: "aplicativo", por_nome: "Ana Moradora" },
    });
    await stream.messages!.close();

    // The staff's detail says the same, and the audit trail names the path.
    const detail = await porteiro.api.get(`/api/solicitacoes/${created.id}`);
    expect(detail.body).toMatchObject({ status: "autorizado", decidido_via: "aplicativo" });
    const [audit] = await auditOf(created.id);
    expect(audit).toMatchObject({ atorTipo: "usuario", atorId: ana.user.id });
    expect(audit!.resumo).toMatch(/^Autorizou a entrada de .* pelo aplicativo$/);
  });

  it("answers 404 'Solicitação não encontrada' for another unit's request and another tenant's, changing nothing", async () => {
    const daVizinha = await createRequest(vizinha, "Visita do vizinho");
    for (const path of ["autorizar", "negar"]) {
      const res = await ana.api.post(`/api/solicitacoes/${daVizinha.id}/${path}`, { json: {} });
      expect(res.status).toBe(404);
      expect(res.body.error.message).toBe(NOT_FOUND);
    }
    const foreign = await outroTenant.api.post(`/api/solicitacoes/${daVizinha.id}/autorizar`, { json: {} });
    expect(foreign.status).toBe(404);
    expect(await statusOf(daVizinha.id)).toBe("pendente");
    expect(await auditOf(daVizinha.id)).toHaveLength(0);
    // A missing id reads the same.
    const missing = await ana.api.post("/api/solicitacoes/6f1d0c9e-1111-4222-8333-944455556666/autorizar");
    expect(missing.status).toBe(404);
    expect(missing.body.error.message).toBe(NOT_FOUND);
  });

  it("gets the console's own 409 when the request was already decided, and the first decision stands", async () => {
    const byStaff = await createRequest();
    expect((await porteiro.api.post(`/api/solicitacoes/${byStaff.id}/negar`)).status).toBe(200);
    const late = await ana.api.post(`/api/solicitacoes/${byStaff.id}/autorizar`);
    const staffLate = await sindico.api.post(`/api/solicitacoes/${byStaff.id}/autorizar`);
    expect(late.status).toBe(409);
    expect({ code: late.body.error.code, message: late.body.error.message }).toEqual({
      code: staffLate.body.error.code,
      message: staffLate.body.error.message,
    });
    expect(late.body.error.message).toBe(
      'Não é possível autorizar esta solicitação: ela já está com status "Negado". Apenas solicitações pendentes podem ser decididas.',
    );

    // The other way round: the resident first, then the porteiro.
    const byResident = await createRequest();
    expect((await bia.api.post(`/api/solicitacoes/${byResident.id}/autorizar`)).status).toBe(200);
    const porteiroLate = await porteiro.api.post(`/api/solicitacoes/${byResident.id}/negar`);
    expect(porteiroLate.status).toBe(409);
    const detail = await sindico.api.get(`/api/solicitacoes/${byResident.id}`);
    expect(detail.body).toMatchObject({
      status: "autorizado",
      decidido_via: "aplicativo",
      decidido_por_nome: "Bia Moradora",
    });
  });

  // On PostgreSQL the 20 decisions really overlap; on PGlite they queue, and the same rule holds.
  it("of 20 decisions at once (porteiro, síndico and two residents), exactly one wins", async () => {
    const created = await createRequest();
    const deciders = [porteiro, sindico, ana, bia];
    const results = await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        deciders[i % deciders.length]!.api.post(
          `/api/solicitacoes/${created.id}/${i % 3 === 0 ? "negar" : "autorizar"}`,
        ),
      ),
    );
    const statuses = results.map((r) => r.status);
    expect(statuses.filter((s) => s === 200)).toHaveLength(1);
    expect(statuses.filter((s) => s === 409)).toHaveLength(19);
    const winner = results.find((r) => r.status === 200)!;
    const detail = await sindico.api.get(`/api/solicitacoes/${created.id}`);
    expect(detail.body.status).toBe(winner.body.status);
    expect(detail.body.decidido_por_nome).toBe(winner.body.decidido_por_nome);
    expect(await auditOf(created.id)).toHaveLength(1);
    const decisionEvents = await system()
      .handle.db.select({ n: sql<number>`count(*)::int` })
      .from(eventos)
      .where(and(eq(eventos.solicitacaoId, created.id), sql`${eventos.payload}->'decisao' IS NOT NULL`));
    expect(decisionEvents[0]!.n).toBe(1);
  });
});

describe("Negar with a reason", () => {
  it("stores the reason, shows it to the staff (detail and list), and the audit trail says only that one was given", async () => {
    const created = await createRequest(minha, "Entregador Desconhecido");
    const motivo = "Não estou esperando ninguém hoje.";
    const res = await ana.api.post(`/api/solicitacoes/${created.id}/negar`, {
      json: { motivo_negacao: `  ${motivo} ` },
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body).toMatchObject({ status: "negado", decidido_via: "aplicativo", motivo_negacao: motivo });

    const detail = await porteiro.api.get(`/api/solicitacoes/${created.id}`);
    expect(detail.body).toMatchObject({ status: "negado", motivo_negacao: motivo, decidido_por_nome: "Ana Moradora" });
    const list = await porteiro.api.get("/api/solicitacoes?status=negado&q=entregador desconhecido");
    expect(list.body.items).toEqual([expect.objectContaining({ id: created.id, motivo_negacao: motivo })]);

    const [audit] = await auditOf(created.id);
    expect(audit!.depois).toMatchObject({ status: "negado", motivo_negacao: "[dado pessoal]" });
    expect(JSON.stringify(audit)).not.toContain("esperando");
  });

  it("a staff denial takes a reason too; without one it stays empty", async () => {
    const withReason = await createRequest();
    const res = await porteiro.api.post(`/api/solicitacoes/${withReason.id}/negar`, {
      json: { motivo_negacao: "Documento não confere" },
    });
    expect(res.body).toMatchObject({
      status: "negado",
      decidido_via: "console",
      motivo_negacao: "Documento não confere",
    });

    const without = await createRequest();
    const plain = await porteiro.api.post(`/api/solicitacoes/${without.id}/negar`, { json: { motivo_negacao: "   " } });
    expect(plain.body).toMatchObject({ status: "negado", motivo_negacao: null });
    const [audit] = await auditOf(without.id);
    expect(audit!.depois).toMatchObject({ motivo_negacao: null });
  });

  it("refuses a reason over 280 characters with a pt-BR message and changes nothing", async () => {
    const created = await createRequest();
    const events = await eventCount(created.id);
    const res = await ana.api.post(`/api/solicitacoes/${created.id}/negar`, {
      json: { motivo_negacao: "x".repeat(281) },
    });
    expect(res.status).toBe(400);
    expect(res.body.error.fields).toEqual([
      { path: "motivo_negacao", message: "O motivo deve ter no máximo 280 caracteres" },
    ]);
    const [row] = await system()
      .handle.db.select({ status: solicitacoesAcesso.status, motivo: solicitacoesAcesso.motivoNegacao })
      .from(solicitacoesAcesso)
      .where(eq(solicitacoesAcesso.id, created.id));
    expect(row).toEqual({ status: "pendente", motivo: null });
    expect(await auditOf(created.id)).toHaveLength(0);
    expect(await eventCount(created.id)).toBe(events);

    // Exactly 280 is accepted.
    const ok = await ana.api.post(`/api/solicitacoes/${created.id}/negar`, {
      json: { motivo_negacao: "y".repeat(280) },
    });
    expect(ok.status).toBe(200);
  });

  it("authorising takes no reason (400, nothing changed)", async () => {
    const created = await createRequest();
    const res = await ana.api.post(`/api/solicitacoes/${created.id}/autorizar`, { json: { motivo_negacao: "x" } });
    expect(res.status).toBe(400);
    expect(await statusOf(created.id)).toBe("pendente");
  });
});

describe("who was told what", () => {
  it("the morador sees the same messages as the síndico, destinations masked, no text or provider error", async () => {
    const created = await createRequest();
    await system().notifications.deliverDue();
    const staff = await sindico.api.get(`/api/solicitacoes/${created.id}`);
    const resident = await ana.api.get(`/api/solicitacoes/${created.id}`);
    expect(resident.status).toBe(200);
    expect(staff.body.notificacoes.length).toBeGreaterThan(0);
    // Delivery moves on in the background between the two reads: compare who was reached, and how.
    const shape = (n: Record<string, unknown>) => ({
      id: n.id,
      pessoa_nome: n.pessoa_nome,
      ordem: n.ordem,
      canal: n.canal,
      created_at: n.created_at,
    });
    expect(resident.body.notificacoes.map(shape)).toEqual(staff.body.notificacoes.map(shape));
    expect(staff.body.notificacoes[0].destino).toBe("+5511999990000");
    for (const n of resident.body.notificacoes) {
      expect(n.destino).toBe("*********0000");
      expect(n.mensagem).toBeNull();
      expect(n.ultimo_erro).toBeNull();
    }
    // Nobody else's unit: the neighbour does not see this request at all.
    expect((await vizinho.api.get(`/api/solicitacoes/${created.id}`)).status).toBe(404);
  });
});
