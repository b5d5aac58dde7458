import { and, eq, sql } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import {
  addSignedInMember,
  createCondominioWithUnidade,
  createTenantWithMember,
  TEST_PASSWORD,
  uniqueIp,
} from "../../../tests/support/factories";
import { client } from "../../../tests/support/http";
import { setupTestSystem } from "../../../tests/support/system";
import { auditoria, pessoas } from "../db/schema";
import { buildSearchText } from "../db/search";
import { changes, recordAudit } from "./audit";

const system = setupTestSystem();

type Tenant = Awaited<ReturnType<typeof createTenantWithMember>>;
let a: Tenant;
let b: Tenant;
let pessoaId: string;

async function trail(organizationId: string) {
  return system()
    .handle.db.select()
    .from(auditoria)
    .where(eq(auditoria.organizationId, organizationId))
    .orderBy(auditoria.ocorridoEm);
}

beforeAll(async () => {
  a = await createTenantWithMember(system(), { role: "sindico" });
  b = await createTenantWithMember(system(), { role: "sindico" });
  const condo = await createCondominioWithUnidade(system(), a.org.id);
  const [p] = await system()
    .handle.db.insert(pessoas)
    .values({
      organizationId: a.org.id,
      condominioId: condo.condominio.id,
      nome: "Carla Titular",
      documento: "529.982.247-25",
      busca: buildSearchText(["Carla Titular", "529.982.247-25"]),
    })
    .returning();
  pessoaId = p!.id;
});

describe("the audit table", () => {
  it("is append-only: the database refuses UPDATE, DELETE and TRUNCATE, for the application too", async () => {
    const db = system().handle.db;
    await recordAudit(
      db,
      a.org.id,
      { tipo: "sistema", id: null, nome: "teste", ip: null },
      {
        acao: "criar",
        entidade: "pessoa",
        resumo: "Registro imutável",
      },
    );
    await expect(db.execute(sql`UPDATE auditoria SET resumo = 'adulterado'`)).rejects.toThrow(/auditoria/);
    await expect(db.execute(sql`DELETE FROM auditoria`)).rejects.toThrow(/auditoria/);
    await expect(db.execute(sql`TRUNCATE auditoria`)).rejects.toThrow(/auditoria/);
    const rows = await trail(a.org.id);
    expect(rows.some((r) => r.resumo === "Registro imutável")).toBe(true);
    expect(rows.some((r) => r.resumo === "adulterado")).toBe(false);
  });

  it("keeps no personal data and no secret in the before/after: the fields are named", async () => {
    const diff = changes(
      { nome: "A", documento: "529.982.247-25", telefone: "1" },
      { nome: "B", documento: "111.444.777-35", telefone: "1" },
      ["nome", "documento", "telefone"],
    );
    expect(diff).toEqual({
      antes: { nome: "A", documento: "529.982.247-25" },
      depois: { nome: "B", documento: "111.444.777-35" },
    });
    await recordAudit(
      system().handle.db,
      a.org.id,
      { tipo: "sistema", id: null, nome: null, ip: null },
      {
        acao: "alterar",
        entidade: "pessoa",
        resumo: "Máscara",
        ...diff!,
        depois: { ...diff!.depois, segredo: "whsec_x" },
      },
    );
    const [row] = (await trail(a.org.id)).filter((r) => r.resumo === "Máscara");
    // docs/decisions/030-personal-data-out-of-the-audit-trail.md: a record that can never change holds none.
    expect(row!.antes).toEqual({ nome: "[dado pessoal]", documento: "[dado pessoal]" });
    expect(row!.depois).toEqual({ nome: "[dado pessoal]", documento: "[dado pessoal]" });
  });
});

describe("sign-in, sign-out and failed sign-in", () => {
  it("are recorded in the account's tenant with the IP", async () => {
    const member = await addSignedInMember(system(), a.org.id, "porteiro");
    const ip = uniqueIp();
    const anon = client(system(), { headers: { "x-forwarded-for": ip } });
    const wrong = await anon.post("/api/auth/sign-in/email", {
      json: { email: member.email, password: "errada-123456" },
    });
    expect(wrong.status).toBe(401);
    const ok = await anon.post("/api/auth/sign-in/email", { json: { email: member.email, password: TEST_PASSWORD } });
    expect(ok.status).toBe(200);
    const out = await member.api.post("/api/auth/sign-out", { json: {} });
    expect(out.status).toBe(200);

    const rows = (await trail(a.org.id)).filter((r) => r.entidadeId === member.user.id);
    expect(rows.map((r) => r.acao)).toEqual(expect.arrayContaining(["falha_login", "entrar", "sair"]));
    const failed = rows.find((r) => r.acao === "falha_login")!;
    expect(failed).toMatchObject({ atorTipo: "anonimo", ip });
    // The last sign-in is the one through this IP (the factory signed the member in before).
    expect(rows.filter((r) => r.acao === "entrar").at(-1)).toMatchObject({
      atorTipo: "usuario",
      atorId: member.user.id,
      ip,
    });
    // Nothing of it reaches another tenant.
    expect((await trail(b.org.id)).filter((r) => r.entidadeId === member.user.id)).toEqual([]);
  });
});

describe("who viewed personal data", () => {
  it("records a person's detail view once per visit, and shows it to síndicos only", async () => {
    const viewer = await addSignedInMember(system(), a.org.id, "porteiro");
    expect((await viewer.api.get(`/api/pessoas/${pessoaId}`)).status).toBe(200);
    expect((await viewer.api.get(`/api/pessoas/${pessoaId}`)).status).toBe(200); // a refetch
    const views = await system()
      .handle.db.select()
      .from(auditoria)
      .where(and(eq(auditoria.entidadeId, pessoaId), eq(auditoria.acao, "visualizar")));
    expect(views).toHaveLength(1);
    expect(views[0]).toMatchObject({ atorId: viewer.user.id, entidade: "pessoa" });

    const shown = await a.api.get(`/api/auditoria/pessoas/${pessoaId}/acessos`);
    expect(shown.status).toBe(200);
    expect(shown.body.items.map((i: { ator_id: string }) => i.ator_id)).toContain(viewer.user.id);
    expect((await viewer.api.get(`/api/auditoria/pessoas/${pessoaId}/acessos`)).status).toBe(403);
    expect((await b.api.get(`/api/auditoria/pessoas/${pessoaId}/acessos`)).status).toBe(404);
    // Another tenant's failed attempt to open it is no view.
    expect((await b.api.get(`/api/pessoas/${pessoaId}`)).status).toBe(404);
    expect(
      (await system().handle.db.select().from(auditoria).where(eq(auditoria.entidadeId, pessoaId))).filter(
        (r) => r.organizationId === b.org.id,
      ),
    ).toEqual([]);
  });
});

describe("changes are recorded in their transaction", () => {
  it("a request's creation and decision, a person's edit, an API key's creation (never its secret)", async () => {
    const condo = await createCondominioWithUnidade(system(), a.org.id, { codigo: "707" });
    const created = await a.api.post("/api/solicitacoes", {
      json: {
        condominio_id: condo.condominio.id,
        unidade_id: condo.unidade.id,
        nome_visitante: "Auditado da Silva",
        doc_visitante: "529.982.247-25",
      },
    });
    await a.api.post(`/api/solicitacoes/${created.body.id}/autorizar`);
    const ofRequest = (await trail(a.org.id)).filter((r) => r.entidadeId === created.body.id);
    expect(ofRequest.map((r) => r.acao)).toEqual(expect.arrayContaining(["criar", "decidir"]));
    expect(ofRequest.find((r) => r.acao === "criar")!.depois).toMatchObject({ doc_visitante: "[dado pessoal]" });
    expect(ofRequest.find((r) => r.acao === "decidir")).toMatchObject({
      atorTipo: "usuario",
      atorId: a.user.id,
      depois: { status: "autorizado" },
    });

    const key = await a.api.post("/api/integracoes/chaves", {
      json: { nome: "Chave auditada", escopos: ["eventos:ler"] },
    });
    const keyRecord = (await trail(a.org.id)).find((r) => r.entidadeId === key.body.id);
    expect(keyRecord).toMatchObject({ acao: "criar", entidade: "chave_api" });
    expect(JSON.stringify(keyRecord)).not.toContain(key.body.segredo);

    // A refused change writes nothing.
    const before = (await trail(a.org.id)).length;
    expect((await a.api.post(`/api/solicitacoes/${created.body.id}/negar`)).status).toBe(409);
    expect((await trail(a.org.id)).length).toBe(before);
  });
});

describe("the Auditoria screen's API", () => {
  it("lists the tenant's trail with filters; porteiros can't; another tenant sees none of it", async () => {
    const all = await a.api.get("/api/auditoria?page_size=200");
    expect(all.status).toBe(200);
    expect(all.body.items.length).toBeGreaterThan(0);
    const onlyViews = await a.api.get("/api/auditoria?acao=visualizar");
    expect(onlyViews.body.items.every((i: { acao: string }) => i.acao === "visualizar")).toBe(true);
    const future = await a.api.get(
      `/api/auditoria?de=${encodeURIComponent(new Date(Date.now() + 3_600_000).toISOString())}`,
    );
    expect(future.body.items).toEqual([]);
    const porteiro = await addSignedInMember(system(), a.org.id, "porteiro");
    expect((await porteiro.api.get("/api/auditoria")).status).toBe(403);
    const other = await b.api.get("/api/auditoria?page_size=200");
    expect(other.body.items.some((i: { entidade_id: string }) => i.entidade_id === pessoaId)).toBe(false);
    const bad = await a.api.get("/api/auditoria?acao=hackear");
    expect(bad.status).toBe(400);
    expect(bad.body.error.fields[0]).toMatchObject({ path: "acao", message: "Ação inválida" });
  });

  it("exports the trail as CSV, and the export is itself recorded", async () => {
    const res = await system().app.request("/api/auditoria/export.csv?acao=visualizar", {
      headers: { cookie: a.cookie },
    });
    expect(res.status).toBe(200);
    const text = new TextDecoder("utf-8", { ignoreBOM: true }).decode(new Uint8Array(await res.arrayBuffer()));
    expect(text.startsWith("\uFEFFData e hora (UTC);Quem;")).toBe(true);
    expect(text).toContain("Visualização de dados pessoais");
    const exported = (await trail(a.org.id)).filter((r) => r.acao === "exportar" && r.resumo.includes("auditoria"));
    expect(exported.length).toBeGreaterThan(0);
  });
});
