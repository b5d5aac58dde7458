/**
 * A porteiro assigned to condominiums (docs/product.md, "Equipe"; docs/decisions/015): with some
 * listed, they see and operate only those, everywhere (lists, details, the gate, realtime); a row of
 * another condominium answers 404 as another tenant's does. With none listed they work at every
 * condominium of the tenant. Only owner and síndicos assign, only porteiros are assigned, only the
 * tenant's own condominiums; a morador's scope is untouched.
 */
import { and, eq } from "drizzle-orm";
import { beforeEach, describe, expect, it } from "vitest";
import { auditoria, chamadas, member, membroCondominios } from "@/server/db/schema";
import {
  addSignedInMember,
  addSignedInMorador,
  createCondominioWithUnidade,
  createTenantWithMember,
} from "../support/factories";
import { createPass, passInput, validate } from "../support/gate-world";
import { openEventStream, type SseMessage } from "../support/sse";
import { setupTestSystem } from "../support/system";

const system = setupTestSystem();

type Api = Awaited<ReturnType<typeof createTenantWithMember>>["api"];
type Condo = Awaited<ReturnType<typeof createCondominioWithUnidade>>;

const ids = (body: { items: { id: string }[] }) => body.items.map((i) => i.id).sort();

async function memberIdOf(userId: string) {
  const [row] = await system().handle.db.select({ id: member.id }).from(member).where(eq(member.userId, userId));
  return row!.id;
}

function requestIn(where: Condo, nome: string) {
  return {
    condominio_id: where.condominio.id,
    unidade_id: where.unidade.id,
    tipo: "visitante",
    nome_visitante: nome,
    doc_visitante: "111.222.333-44",
  };
}

async function createRequest(api: Api, where: Condo, nome: string) {
  const res = await api.post("/api/solicitacoes", { json: requestIn(where, nome) });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body as { id: string };
}

async function world() {
  const sindico = await createTenantWithMember(system(), { role: "sindico" });
  const org = sindico.org.id;
  const outro = await createTenantWithMember(system(), { role: "sindico" });
  const A = await createCondominioWithUnidade(system(), org, { nome: "Jardim A", codigo: "101", torre: null });
  const B = await createCondominioWithUnidade(system(), org, { nome: "Vila B", codigo: "201", torre: null });
  const deOutro = await createCondominioWithUnidade(system(), outro.org.id, { nome: "Outro Cliente" });
  const porteiro = await addSignedInMember(system(), org, "porteiro");
  const livre = await addSignedInMember(system(), org, "porteiro");
  const moradorA = await addSignedInMorador(system(), org, A.unidade, { nome: "Ana do A" });
  const moradorB = await addSignedInMorador(system(), org, B.unidade, { nome: "Bia do B" });

  const reqA = await createRequest(sindico.api, A, "Visita do A");
  const reqB = await createRequest(sindico.api, B, "Visita do B");
  const passeA = await createPass(sindico.api, passInput(A, { nome: "Diarista do A" }));
  const passeB = await createPass(sindico.api, passInput(B, { nome: "Diarista do B" }));
  const entrada = async (where: Condo, pessoaId: string, nome: string) => {
    const res = await sindico.api.post("/api/acessos", {
      json: { origem: "morador", unidade_id: where.unidade.id, autorizado_por_pessoa_id: pessoaId, nome },
    });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    return res.body as { id: string };
  };
  const acessoA = await entrada(A, moradorA.pessoa.id, "Primo do A");
  const acessoB = await entrada(B, moradorB.pessoa.id, "Primo do B");
  const [chamadaA, chamadaB] = await system()
    .handle.db.insert(chamadas)
    .values([
      { organizationId: org, solicitacaoId: reqA.id, status: "atendida", ramalDiscado: "2101", busca: "visita do a" },
      { organizationId: org, solicitacaoId: reqB.id, status: "atendida", ramalDiscado: "2201", busca: "visita do b" },
    ])
    .returning();

  const porteiroMembro = await memberIdOf(porteiro.user.id);
  const assign = (condominioIds: string[], by: Api = sindico.api, memberId = porteiroMembro) =>
    by.put(`/api/equipe/membros/${memberId}/condominios`, { json: { condominio_ids: condominioIds } });

  return {
    sindico,
    outro,
    A,
    B,
    deOutro,
    porteiro,
    livre,
    moradorA,
    moradorB,
    reqA,
    reqB,
    passeA,
    passeB,
    acessoA,
    acessoB,
    chamadaA: chamadaA!,
    chamadaB: chamadaB!,
    porteiroMembro,
    assign,
  };
}

let w: Awaited<ReturnType<typeof world>>;
beforeEach(async () => {
  w = await world();
});

describe("assigning a porteiro to condominiums", () => {
  it("lists the condominiums on the member, audits ids only, and an empty list means all again", async () => {
    const res = await w.assign([w.A.condominio.id]);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body).toMatchObject({ id: w.porteiroMembro, papel: "porteiro" });
    expect(res.body.condominios).toEqual([{ id: w.A.condominio.id, nome: "Jardim A" }]);

    const list = await w.sindico.api.get("/api/equipe/membros?papel=porteiro");
    const row = list.body.items.find((m: { id: string }) => m.id === w.porteiroMembro);
    expect(row.condominios).toEqual([{ id: w.A.condominio.id, nome: "Jardim A" }]);
    const other = list.body.items.find((m: { email: string }) => m.email === w.livre.email);
    expect(other.condominios).toEqual([]);

    const [audit] = await system()
      .handle.db.select()
      .from(auditoria)
      .where(and(eq(auditoria.organizationId, w.sindico.org.id), eq(auditoria.entidadeId, w.porteiroMembro)));
    expect(audit).toMatchObject({
      acao: "alterar",
      entidade: "membro",
      antes: { condominio_ids: [] },
      depois: { condominio_ids: [w.A.condominio.id] },
    });
    // Ids only: neither the porteiro's name or e-mail nor a condominium's name.
    const text = JSON.stringify(audit);
    expect(text).not.toContain(w.porteiro.email);
    expect(text).not.toContain("Jardim A");

    const cleared = await w.assign([]);
    expect(cleared.status).toBe(200);
    expect(cleared.body.condominios).toEqual([]);
    expect(ids((await w.porteiro.api.get("/api/condominios")).body)).toEqual(
      [w.A.condominio.id, w.B.condominio.id].sort(),
    );
  });

  it("refuses another tenant's condominium with 404 and changes nothing", async () => {
    expect((await w.assign([w.A.condominio.id])).status).toBe(200);
    const refused = await w.assign([w.B.condominio.id, w.deOutro.condominio.id]);
    expect(refused.status).toBe(404);
    expect(refused.body.error.message).toBe("Condomínio não encontrado");
    const rows = await system()
      .handle.db.select({ id: membroCondominios.condominioId })
      .from(membroCondominios)
      .where(eq(membroCondominios.memberId, w.porteiroMembro));
    expect(rows.map((r) => r.id)).toEqual([w.A.condominio.id]);
    expect(ids((await w.porteiro.api.get("/api/condominios")).body)).toEqual([w.A.condominio.id]);
  });

  it("assigns porteiros only, by owner and síndicos only, within the tenant", async () => {
    const moradorMembro = await memberIdOf(w.moradorA.user.id);
    const notPorteiro = await w.assign([w.A.condominio.id], w.sindico.api, moradorMembro);
    expect(notPorteiro.status).toBe(409);
    expect(notPorteiro.body.error.message).toContain("Só porteiros");

    expect((await w.assign([w.A.condominio.id], w.livre.api)).status).toBe(403);
    expect((await w.assign([w.A.condominio.id], w.outro.api)).status).toBe(404);

    const bad = await w.assign(["não-é-um-id"]);
    expect(bad.status).toBe(400);
    expect(bad.body.error.fields[0].message).toBe("Condomínio inválido");
    expect((await w.porteiro.api.get("/api/condominios")).body.items).toHaveLength(2);
  });

  it("drops the assignment when the porteiro becomes a síndico", async () => {
    expect((await w.assign([w.A.condominio.id])).status).toBe(200);
    const changed = await w.sindico.api.patch(`/api/equipe/membros/${w.porteiroMembro}`, {
      json: { papel: "sindico" },
    });
    expect(changed.status).toBe(200);
    expect(changed.body.condominios).toEqual([]);
  });
});

describe("a porteiro assigned to condominium A", () => {
  beforeEach(async () => {
    expect((await w.assign([w.A.condominio.id])).status).toBe(200);
  });

  it("lists only A's requests, passes, entries, units, calls, condominiums, people and validations", async () => {
    const api = w.porteiro.api;
    expect(ids((await api.get("/api/solicitacoes")).body)).toEqual([w.reqA.id]);
    expect(ids((await api.get("/api/passes")).body)).toEqual([w.passeA.id]);
    expect(ids((await api.get("/api/acessos")).body)).toEqual([w.acessoA.id]);
    expect(ids((await api.get("/api/unidades")).body)).toEqual([w.A.unidade.id]);
    expect(ids((await api.get("/api/chamadas")).body)).toEqual([w.chamadaA.id]);
    expect(ids((await api.get("/api/condominios")).body)).toEqual([w.A.condominio.id]);
    expect(ids((await api.get("/api/pessoas")).body)).toEqual([w.moradorA.pessoa.id]);
    // Filtering by B is not a way around it.
    expect((await api.get(`/api/solicitacoes?condominio_id=${w.B.condominio.id}`)).body.items).toEqual([]);

    const kpis = await api.get("/api/dashboard/kpis");
    expect(kpis.body.counts.total).toBe(1);
    expect(kpis.body.presentes).toBe(1);
    const search = await api.get("/api/busca?q=visita");
    expect(search.body.solicitacoes.map((s: { id: string }) => s.id)).toEqual([w.reqA.id]);

    await validate(w.sindico.api, { condominio_id: w.A.condominio.id, pin: w.passeA.pin });
    await validate(w.sindico.api, { condominio_id: w.B.condominio.id, pin: w.passeB.pin });
    const log = await api.get("/api/portaria/validacoes");
    expect(log.status).toBe(200);
    expect(log.body.items.map((v: { condominio_id: string }) => v.condominio_id)).toEqual([w.A.condominio.id]);

    // The unassigned porteiro and the síndico see both condominiums.
    expect(ids((await w.livre.api.get("/api/solicitacoes")).body)).toEqual([w.reqA.id, w.reqB.id].sort());
    expect(ids((await w.sindico.api.get("/api/passes")).body)).toEqual([w.passeA.id, w.passeB.id].sort());
  });

  it("gets 404 for B's rows, as for another tenant's, and operates only at A", async () => {
    const api = w.porteiro.api;
    expect((await api.get(`/api/solicitacoes/${w.reqA.id}`)).status).toBe(200);
    const detail = await api.get(`/api/solicitacoes/${w.reqB.id}`);
    expect(detail.status).toBe(404);
    expect(detail.body.error.message).toBe("Solicitação não encontrada");
    expect((await api.get(`/api/passes/${w.passeB.id}`)).status).toBe(404);
    expect((await api.get(`/api/chamadas/${w.chamadaB.id}`)).status).toBe(404);
    expect((await api.get(`/api/unidades/${w.B.unidade.id}`)).status).toBe(404);
    expect((await api.get(`/api/condominios/${w.B.condominio.id}`)).status).toBe(404);
    expect((await api.get(`/api/pessoas/${w.moradorB.pessoa.id}`)).status).toBe(404);

    // Deciding B's request: not found, and it stays pending.
    expect((await api.post(`/api/solicitacoes/${w.reqB.id}/autorizar`, { json: {} })).status).toBe(404);
    expect((await w.sindico.api.get(`/api/solicitacoes/${w.reqB.id}`)).body.status).toBe("pendente");

    // Validating B's pass at B's gate: the gate is not found, nothing is logged or used.
    const atB = await validate(api, { condominio_id: w.B.condominio.id, pin: w.passeB.pin });
    expect(atB.status).toBe(404);
    expect(atB.body.error.message).toBe("Condomínio não encontrado");
    const logB = await w.sindico.api.get(`/api/portaria/validacoes?condominio_id=${w.B.condominio.id}`);
    expect(logB.body.total).toBe(0);
    expect((await w.sindico.api.get(`/api/passes/${w.passeB.id}`)).body.usos).toBe(0);
    expect((await api.get(`/api/portaria/aguardando?condominio_id=${w.B.condominio.id}`)).status).toBe(404);

    // Creating a request or a pass in B: not found, nothing created.
    const created = await api.post("/api/solicitacoes", { json: requestIn(w.B, "Intruso no B") });
    expect(created.status).toBe(404);
    expect(created.body.error.message).toBe("Condomínio não encontrado");
    // B's unit named under A: still not found (never "não pertence", which would confirm it exists).
    const mixed = await api.post("/api/solicitacoes", {
      json: { ...requestIn(w.A, "Intruso misturado"), unidade_id: w.B.unidade.id },
    });
    expect(mixed.status).toBe(404);
    expect(mixed.body.error.message).toBe("Unidade não encontrada");
    expect((await api.post("/api/passes", { json: passInput(w.B, { nome: "Intrusa" }) })).status).toBe(404);
    expect((await w.sindico.api.get("/api/solicitacoes?q=intruso")).body.total).toBe(0);
    expect((await w.sindico.api.get("/api/passes?q=intrusa")).body.total).toBe(0);

    // The access log of B: no exit, no entry through B's request or resident.
    const saida = await api.post(`/api/acessos/${w.acessoB.id}/saida`);
    expect(saida.status).toBe(404);
    expect((await w.sindico.api.get(`/api/acessos?presentes=true&condominio_id=${w.B.condominio.id}`)).body.total).toBe(
      1,
    );
    expect((await w.sindico.api.post(`/api/solicitacoes/${w.reqB.id}/autorizar`, { json: {} })).status).toBe(200);
    const logOfB = async () => (await w.sindico.api.get(`/api/acessos?condominio_id=${w.B.condominio.id}`)).body.total;
    const before = await logOfB();
    const viaRequest = await api.post("/api/acessos", { json: { origem: "solicitacao", solicitacao_id: w.reqB.id } });
    expect(viaRequest.status).toBe(404);
    expect(viaRequest.body.error.message).toBe("Solicitação não encontrada");
    const viaMorador = await api.post("/api/acessos", {
      json: {
        origem: "morador",
        unidade_id: w.B.unidade.id,
        autorizado_por_pessoa_id: w.moradorB.pessoa.id,
        nome: "Intruso",
      },
    });
    expect(viaMorador.status).toBe(404);
    expect(await logOfB()).toBe(before);

    // At A everything works.
    const atA = await validate(api, { condominio_id: w.A.condominio.id, pin: w.passeA.pin });
    expect(atA.status).toBe(200);
    expect(atA.body.liberado).toBe(true);
    expect((await api.post("/api/solicitacoes", { json: requestIn(w.A, "Amigo do A") })).status).toBe(201);
    expect((await api.post(`/api/solicitacoes/${w.reqA.id}/autorizar`, { json: {} })).status).toBe(200);
    expect((await api.post(`/api/acessos/${w.acessoA.id}/saida`)).status).toBe(200);
  });

  it("receives A's events only, and B's once reassigned to B", async () => {
    const stream = await openEventStream(system(), w.porteiro.cookie);
    expect(stream.response.status).toBe(200);
    const messages = stream.messages!;
    await messages.next((m) => m.event === "ready");
    const isEvent = (m: SseMessage) => !!m.event && m.event !== "ready";
    const payload = (m: SseMessage | null) => JSON.parse(m!.data!) as Record<string, unknown>;

    // B's request, a validation at B's gate and an entry at B, then A's request.
    await createRequest(w.sindico.api, w.B, "Evento do B");
    await validate(w.sindico.api, { condominio_id: w.B.condominio.id, pin: "000000" });
    const mine = await createRequest(w.sindico.api, w.A, "Evento do A");
    const first = await messages.next(isEvent);
    expect(payload(first)).toMatchObject({ solicitacao_id: mine.id, condominio_id: w.A.condominio.id });
    expect(await messages.next(isEvent, 500)).toBeNull();

    // The same open stream follows a new assignment (re-read at once, and at each heartbeat).
    expect((await w.assign([w.B.condominio.id])).status).toBe(200);
    await new Promise((resolve) => setTimeout(resolve, 1_000));
    await createRequest(w.sindico.api, w.A, "Agora não é dele");
    const now = await createRequest(w.sindico.api, w.B, "Agora é dele");
    expect(payload(await messages.next(isEvent))).toMatchObject({ solicitacao_id: now.id });
    expect(await messages.next(isEvent, 500)).toBeNull();
    await messages.close();
  });

  it("leaves a morador's scope and the unassigned porteiro's as they were", async () => {
    expect(ids((await w.moradorA.api.get("/api/solicitacoes")).body)).toEqual([w.reqA.id]);
    expect(ids((await w.moradorA.api.get("/api/unidades")).body)).toEqual([w.A.unidade.id]);
    expect((await w.moradorA.api.get(`/api/solicitacoes/${w.reqB.id}`)).status).toBe(404);
    expect(ids((await w.livre.api.get("/api/condominios")).body)).toEqual(
      [w.A.condominio.id, w.B.condominio.id].sort(),
    );
    expect((await validate(w.livre.api, { condominio_id: w.B.condominio.id, pin: w.passeB.pin })).status).toBe(200);
  });
});
