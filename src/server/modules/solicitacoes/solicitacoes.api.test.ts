import { and, eq, sql } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import {
  addSignedInMember,
  addUnidade,
  createCondominioWithUnidade,
  createTenantWithMember,
} from "../../../../tests/support/factories";
import { describeOnPostgres } from "../../../../tests/support/postgres-only";
import { setupTestSystem } from "../../../../tests/support/system";
import { auditoria, chamadas, pessoas, solicitacoesAcesso } from "../../db/schema";
import { expireOverdue } from "../../jobs/expire-solicitacoes";

const system = setupTestSystem();

type Tenant = Awaited<ReturnType<typeof createTenantWithMember>>;
let a: Tenant;
let b: Tenant;
let condoA: Awaited<ReturnType<typeof createCondominioWithUnidade>>;
let condoB: Awaited<ReturnType<typeof createCondominioWithUnidade>>;

const inOneHour = () => new Date(Date.now() + 3_600_000).toISOString();

async function createRequest(t: Tenant, over: Record<string, unknown> = {}, where = condoA) {
  const res = await t.api.post("/api/solicitacoes", {
    json: {
      condominio_id: where.condominio.id,
      unidade_id: where.unidade.id,
      tipo: "visitante",
      nome_visitante: "Visitante Padrão",
      ...over,
    },
  });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body;
}

beforeAll(async () => {
  a = await createTenantWithMember(system(), { role: "porteiro" });
  b = await createTenantWithMember(system(), { role: "sindico" });
  condoA = await createCondominioWithUnidade(system(), a.org.id, { codigo: "101", torre: "Torre A" });
  condoB = await createCondominioWithUnidade(system(), b.org.id);
});

describe("create", () => {
  it("creates a pending request, stores empty optional texts as null and joins the unit", async () => {
    const body = await createRequest(a, {
      nome_visitante: "  João da Silva  ",
      doc_visitante: "",
      telefone_visitante: "   ",
      motivo: "Entrega",
      expiracao_em: inOneHour(),
    });
    expect(body).toMatchObject({
      status: "pendente",
      nome_visitante: "João da Silva",
      doc_visitante: null,
      telefone_visitante: null,
      motivo: "Entrega",
      decidido_em: null,
      decidido_por_nome: null,
      unidade: { codigo: "101", torre: "Torre A" },
    });
    expect(new Date(body.expiracao_em).getTime()).toBeGreaterThan(Date.now());
  });

  it("rejects every invalid field with the product's pt-BR messages and writes nothing", async () => {
    const before = await system().handle.db.select({ n: sql<number>`count(*)::int` }).from(solicitacoesAcesso);
    const res = await a.api.post("/api/solicitacoes", {
      json: {
        condominio_id: "",
        unidade_id: "",
        tipo: "motoboy",
        nome_visitante: "J",
        expiracao_em: "2001-01-01T00:00:00Z",
      },
    });
    expect(res.status).toBe(400);
    const messages = Object.fromEntries(
      res.body.error.fields.map((f: { path: string; message: string }) => [f.path, f.message]),
    );
    expect(messages).toEqual({
      condominio_id: "Selecione um condomínio",
      unidade_id: "Selecione uma unidade",
      tipo: "Selecione o tipo de visita",
      nome_visitante: "Nome deve ter pelo menos 2 caracteres",
      expiracao_em: "A expiração deve ser uma data futura",
    });
    const after = await system().handle.db.select({ n: sql<number>`count(*)::int` }).from(solicitacoesAcesso);
    expect(after[0]!.n).toBe(before[0]!.n);
  });

  it("rejects an invalid expiry date", async () => {
    const res = await a.api.post("/api/solicitacoes", {
      json: {
        condominio_id: condoA.condominio.id,
        unidade_id: condoA.unidade.id,
        nome_visitante: "Ana",
        expiracao_em: "amanhã",
      },
    });
    expect(res.status).toBe(400);
    expect(res.body.error.fields).toEqual([{ path: "expiracao_em", message: "Data de expiração inválida" }]);
  });

  it("defaults the type to visitante", async () => {
    const body = await createRequest(a, { tipo: undefined });
    expect(body.tipo).toBe("visitante");
  });

  it("does not let the client set status, decision fields, tenant or timestamps", async () => {
    const res = await a.api.post("/api/solicitacoes", {
      json: {
        condominio_id: condoA.condominio.id,
        unidade_id: condoA.unidade.id,
        nome_visitante: "Tentativa",
        status: "autorizado",
        decidido_em: new Date().toISOString(),
        organization_id: b.org.id,
        created_at: "2020-01-01T00:00:00Z",
      },
    });
    expect(res.status).toBe(400);
    expect(res.body.error.message).toMatch(/Chaves inválidas/);
  });

  it("requires the unit to belong to the chosen condominium", async () => {
    const other = await createCondominioWithUnidade(system(), a.org.id, { nome: "Outro" });
    const res = await a.api.post("/api/solicitacoes", {
      json: { condominio_id: condoA.condominio.id, unidade_id: other.unidade.id, nome_visitante: "Ana" },
    });
    expect(res.status).toBe(400);
    expect(res.body.error.fields).toEqual([
      { path: "unidade_id", message: "A unidade não pertence ao condomínio selecionado" },
    ]);
  });

  it("answers 404 for a condominium or unit of another tenant", async () => {
    const foreignCondo = await a.api.post("/api/solicitacoes", {
      json: { condominio_id: condoB.condominio.id, unidade_id: condoB.unidade.id, nome_visitante: "Ana" },
    });
    expect(foreignCondo.status).toBe(404);
    const foreignUnit = await a.api.post("/api/solicitacoes", {
      json: { condominio_id: condoA.condominio.id, unidade_id: condoB.unidade.id, nome_visitante: "Ana" },
    });
    expect(foreignUnit.status).toBe(404);
  });
});

describe("list", () => {
  let listTenant: Tenant;
  let condo: Awaited<ReturnType<typeof createCondominioWithUnidade>>;

  beforeAll(async () => {
    listTenant = await createTenantWithMember(system(), { role: "sindico" });
    condo = await createCondominioWithUnidade(system(), listTenant.org.id, { codigo: "1203", torre: "Bloco Ipê" });
    const other = await addUnidade(system(), listTenant.org.id, condo.condominio.id, "44", "Torre Sul");
    const names = ["João Araújo", "Maria José", "Conceição Souza", "Zé Prestador", "Ana 100% Real"];
    for (const [i, nome] of names.entries()) {
      await listTenant.api.post("/api/solicitacoes", {
        json: {
          condominio_id: condo.condominio.id,
          unidade_id: i % 2 === 0 ? condo.unidade.id : other.id,
          tipo: i === 3 ? "prestador" : "visitante",
          nome_visitante: nome,
          doc_visitante: i === 1 ? "RG 12.345.678-9" : "",
        },
      });
    }
  });

  const names = (body: { items: { nome_visitante: string }[] }) => body.items.map((i) => i.nome_visitante);

  it("orders newest first, with a total", async () => {
    const res = await listTenant.api.get("/api/solicitacoes");
    expect(res.status).toBe(200);
    expect(res.body.total).toBe(5);
    expect(names(res.body)).toEqual(["Ana 100% Real", "Zé Prestador", "Conceição Souza", "Maria José", "João Araújo"]);
    expect(res.body.page).toBe(1);
    expect(res.body.page_size).toBe(50);
  });

  it("searches name, document, unit code and tower, ignoring case and accents", async () => {
    const search = async (q: string) =>
      names((await listTenant.api.get(`/api/solicitacoes?q=${encodeURIComponent(q)}`)).body);
    expect(await search("joao")).toEqual(["João Araújo"]);
    expect(await search("JOÃO")).toEqual(["João Araújo"]);
    expect(await search("conceicao")).toEqual(["Conceição Souza"]);
    expect(await search("12.345")).toEqual(["Maria José"]);
    expect(await search("1203")).toEqual(["Ana 100% Real", "Conceição Souza", "João Araújo"]);
    expect(await search("torre sul")).toEqual(["Zé Prestador", "Maria José"]);
    expect(await search("ipe")).toHaveLength(3);
    // LIKE wildcards typed by the user are literal.
    expect(await search("100%")).toEqual(["Ana 100% Real"]);
    expect(await search("%")).toEqual(["Ana 100% Real"]);
    expect(await search("nada disso")).toEqual([]);
  });

  it("filters by status, tipo, unit and period", async () => {
    const prestador = await listTenant.api.get("/api/solicitacoes?tipo=prestador");
    expect(names(prestador.body)).toEqual(["Zé Prestador"]);
    const unit = await listTenant.api.get(`/api/solicitacoes?unidade_id=${condo.unidade.id}`);
    expect(unit.body.total).toBe(3);
    const none = await listTenant.api.get("/api/solicitacoes?status=negado");
    expect(none.body).toMatchObject({ items: [], total: 0 });
    const future = await listTenant.api.get(
      `/api/solicitacoes?de=${encodeURIComponent(new Date(Date.now() + 60_000).toISOString())}`,
    );
    expect(future.body.total).toBe(0);
  });

  it("paginates on the server", async () => {
    const p1 = await listTenant.api.get("/api/solicitacoes?page_size=2&page=1");
    const p3 = await listTenant.api.get("/api/solicitacoes?page_size=2&page=3");
    expect(names(p1.body)).toEqual(["Ana 100% Real", "Zé Prestador"]);
    expect(names(p3.body)).toEqual(["João Araújo"]);
    expect(p3.body.total).toBe(5);
    const tooBig = await listTenant.api.get("/api/solicitacoes?page_size=500");
    expect(tooBig.status).toBe(400);
    expect(tooBig.body.error.fields[0]).toEqual({ path: "page_size", message: "No máximo 200 itens por página" });
  });

  it("never shows another tenant's requests", async () => {
    const res = await a.api.get("/api/solicitacoes?q=joao");
    expect(res.body.items.every((i: { nome_visitante: string }) => i.nome_visitante !== "João Araújo")).toBe(true);
  });

  it("rejects bad filters with pt-BR field errors", async () => {
    const res = await listTenant.api.get("/api/solicitacoes?status=aprovado&condominio_id=xyz");
    expect(res.status).toBe(400);
    expect(res.body.error.fields).toEqual(
      expect.arrayContaining([
        { path: "status", message: "Status inválido" },
        { path: "condominio_id", message: "Condomínio inválido" },
      ]),
    );
  });
});

describe("detail", () => {
  it("returns the unit, condominium, decider and calls (newest first)", async () => {
    const created = await createRequest(a, { nome_visitante: "Com Chamadas" });
    const [pessoa] = await system()
      .handle.db.insert(pessoas)
      .values({ organizationId: a.org.id, condominioId: condoA.condominio.id, nome: "Morador Um", pbxRamal: "2101" })
      .returning();
    const t0 = new Date(Date.now() - 120_000);
    await system()
      .handle.db.insert(chamadas)
      .values([
        {
          organizationId: a.org.id,
          solicitacaoId: created.id,
          pessoaId: pessoa!.id,
          status: "sem_resposta",
          ramalDiscado: "2101",
          iniciadoEm: t0,
          finalizadoEm: new Date(t0.getTime() + 30_000),
        },
        {
          organizationId: a.org.id,
          solicitacaoId: created.id,
          pessoaId: pessoa!.id,
          status: "concluida",
          ramalDiscado: "2101",
          iniciadoEm: new Date(t0.getTime() + 60_000),
          finalizadoEm: new Date(t0.getTime() + 125_000),
          provedor: "PABX",
        },
      ]);
    const res = await a.api.get(`/api/solicitacoes/${created.id}`);
    expect(res.status).toBe(200);
    expect(res.body.condominio).toEqual({
      id: condoA.condominio.id,
      nome: condoA.condominio.nome,
      timezone: "America/Sao_Paulo",
    });
    expect(res.body.chamadas.map((c: { status: string }) => c.status)).toEqual(["concluida", "sem_resposta"]);
    expect(res.body.chamadas[0]).toMatchObject({
      ramal_discado: "2101",
      provedor: "PABX",
      pessoa: { nome: "Morador Um", pbx_ramal: "2101" },
    });
  });

  it("answers 404 'Solicitação não encontrada' for a missing id and for another tenant's id", async () => {
    const mine = await createRequest(a);
    const missing = await a.api.get("/api/solicitacoes/6f1d0c9e-1111-4222-8333-944455556666");
    expect(missing.status).toBe(404);
    expect(missing.body.error.message).toBe("Solicitação não encontrada");
    const foreign = await b.api.get(`/api/solicitacoes/${mine.id}`);
    expect(foreign.status).toBe(404);
    expect(foreign.body.error.message).toBe("Solicitação não encontrada");
  });

  it("answers 400 for an id that is not a UUID", async () => {
    const res = await a.api.get("/api/solicitacoes/123");
    expect(res.status).toBe(400);
    expect(res.body.error.fields).toEqual([{ path: "id", message: "Identificador inválido" }]);
  });
});

describe("update", () => {
  it("corrects visitor data while pending, keeping fields left out", async () => {
    const created = await createRequest(a, { nome_visitante: "Nome Errado", motivo: "Visita" });
    const res = await a.api.patch(`/api/solicitacoes/${created.id}`, {
      json: { nome_visitante: "Nome Certo", doc_visitante: "123" },
    });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ nome_visitante: "Nome Certo", doc_visitante: "123", motivo: "Visita" });
    const found = await a.api.get("/api/solicitacoes?q=nome certo");
    expect(found.body.total).toBe(1);
  });

  it("refuses to edit a decided request (409) and another tenant's (404)", async () => {
    const created = await createRequest(a);
    await a.api.post(`/api/solicitacoes/${created.id}/negar`);
    const res = await a.api.patch(`/api/solicitacoes/${created.id}`, { json: { nome_visitante: "Outro" } });
    expect(res.status).toBe(409);
    expect(res.body.error.message).toBe("Só é possível alterar solicitações pendentes (status atual: Negado).");
    const foreign = await b.api.patch(`/api/solicitacoes/${created.id}`, { json: { nome_visitante: "Outro" } });
    expect(foreign.status).toBe(404);
  });
});

describe("decide", () => {
  it("authorises a pending request, recording time and the decider's person name", async () => {
    const [person] = await system()
      .handle.db.insert(pessoas)
      .values({
        organizationId: a.org.id,
        condominioId: condoA.condominio.id,
        nome: "Porteiro Vinculado",
        userId: a.user.id,
      })
      .returning();
    const created = await createRequest(a);
    const before = Date.now();
    const res = await a.api.post(`/api/solicitacoes/${created.id}/autorizar`, {
      json: { observacoes: "Liberado pela portaria" },
    });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      status: "autorizado",
      decidido_por_pessoa_id: person!.id,
      decidido_por_nome: "Porteiro Vinculado",
      observacoes: "Liberado pela portaria",
    });
    expect(new Date(res.body.decidido_em).getTime()).toBeGreaterThanOrEqual(before - 1000);

    // Deleting the person never erases history: the decider's name stays on the request.
    await system().handle.db.delete(pessoas).where(eq(pessoas.id, person!.id));
    const after = await a.api.get(`/api/solicitacoes/${created.id}`);
    expect(after.body).toMatchObject({ decidido_por_pessoa_id: null, decidido_por_nome: "Porteiro Vinculado" });
  });

  it("falls back to the user's name when no person is linked", async () => {
    const sindico = await addSignedInMember(system(), a.org.id, "sindico");
    const created = await createRequest(a);
    const res = await sindico.api.post(`/api/solicitacoes/${created.id}/negar`);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      status: "negado",
      decidido_por_pessoa_id: null,
      decidido_por_nome: sindico.user.name,
    });
  });

  it("only moves pendente: a second decision answers 409 with a pt-BR message and changes nothing", async () => {
    const created = await createRequest(a);
    expect((await a.api.post(`/api/solicitacoes/${created.id}/autorizar`)).status).toBe(200);
    const again = await a.api.post(`/api/solicitacoes/${created.id}/negar`);
    expect(again.status).toBe(409);
    expect(again.body.error.message).toBe(
      'Não é possível negar esta solicitação: ela já está com status "Autorizado". Apenas solicitações pendentes podem ser decididas.',
    );
    expect((await a.api.get(`/api/solicitacoes/${created.id}`)).body.status).toBe("autorizado");
  });

  describeOnPostgres("concurrent decisions", () => {
    it("of two porteiros deciding at once, exactly one wins", async () => {
      const other = await addSignedInMember(system(), a.org.id, "porteiro");
      for (let round = 0; round < 3; round++) {
        const created = await createRequest(a);
        const results = await Promise.all([
          a.api.post(`/api/solicitacoes/${created.id}/autorizar`),
          other.api.post(`/api/solicitacoes/${created.id}/negar`),
        ]);
        const statuses = results.map((r) => r.status).sort();
        expect(statuses).toEqual([200, 409]);
        const winner = results.find((r) => r.status === 200)!;
        expect((await a.api.get(`/api/solicitacoes/${created.id}`)).body.status).toBe(winner.body.status);
      }
    });
  });

  it("a morador who does not live in the unit gets 404, as another tenant does", async () => {
    const morador = await addSignedInMember(system(), a.org.id, "morador");
    const created = await createRequest(a);
    expect((await morador.api.post(`/api/solicitacoes/${created.id}/autorizar`)).status).toBe(404);
    expect((await morador.api.post(`/api/solicitacoes/${created.id}/negar`)).status).toBe(404);
    expect((await b.api.post(`/api/solicitacoes/${created.id}/autorizar`)).status).toBe(404);
    expect((await b.api.post(`/api/solicitacoes/${created.id}/negar`)).status).toBe(404);
    expect((await a.api.get(`/api/solicitacoes/${created.id}`)).body.status).toBe("pendente");
  });
});

describe("expiry", () => {
  it("turns overdue pending requests into expirado, once, and refuses late decisions", async () => {
    const overdue = await createRequest(a, { expiracao_em: new Date(Date.now() + 1500).toISOString() });
    const later = await createRequest(a, { expiracao_em: inOneHour() });
    const decided = await createRequest(a, { expiracao_em: new Date(Date.now() + 1500).toISOString() });
    await a.api.post(`/api/solicitacoes/${decided.id}/autorizar`);
    await new Promise((r) => setTimeout(r, 1600));

    // Before the job runs, a decision on the overdue request is refused.
    const late = await a.api.post(`/api/solicitacoes/${overdue.id}/autorizar`);
    expect(late.status).toBe(409);
    expect(late.body.error.message).toBe("Esta solicitação expirou e não pode mais ser decidida.");

    const first = await expireOverdue(system().handle.db);
    expect(first).toBeGreaterThanOrEqual(1);
    expect(await expireOverdue(system().handle.db)).toBe(0);
    const status = async (id: string) => (await a.api.get(`/api/solicitacoes/${id}`)).body.status;
    expect(await status(overdue.id)).toBe("expirado");
    // The system's change is in the audit trail too, once.
    const audited = await system()
      .handle.db.select()
      .from(auditoria)
      .where(and(eq(auditoria.entidadeId, overdue.id), eq(auditoria.atorTipo, "sistema")));
    expect(audited).toHaveLength(1);
    expect(audited[0]).toMatchObject({ acao: "alterar", depois: { status: "expirado" } });
    expect(await status(later.id)).toBe("pendente");
    expect(await status(decided.id)).toBe("autorizado");
  });

  describeOnPostgres("concurrent expiry runs", () => {
    it("is safe when several instances run it at once", async () => {
      const ids = [];
      for (let i = 0; i < 6; i++)
        ids.push((await createRequest(a, { expiracao_em: new Date(Date.now() + 1200).toISOString() })).id);
      await new Promise((r) => setTimeout(r, 1300));
      const counts = await Promise.all([1, 2, 3].map(() => expireOverdue(system().handle.db)));
      expect(counts.reduce((x, y) => x + y, 0)).toBe(6);
      const events = await system().handle.db.execute(
        sql`select count(*)::int as n from eventos where solicitacao_id = any(${sql.raw(`array[${ids.map((id) => `'${id}'::uuid`).join(",")}]`)}) and payload->>'status' = 'expirado'`,
      );
      expect((events as unknown as { rows: { n: number }[] }).rows[0]!.n).toBe(6);
    });
  });
});
