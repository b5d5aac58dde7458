import { beforeAll, describe, expect, it } from "vitest";
import { createTenantWithMember } from "../../../../tests/support/factories";
import { setupTestSystem } from "../../../../tests/support/system";
import { pessoas } from "../../db/schema";

const system = setupTestSystem();
type Tenant = Awaited<ReturnType<typeof createTenantWithMember>>;
let a: Tenant;
let b: Tenant;
let condo: string;

beforeAll(async () => {
  a = await createTenantWithMember(system(), { role: "sindico" });
  b = await createTenantWithMember(system(), { role: "sindico" });
  condo = (await a.api.post("/api/condominios", { json: { nome: "Condomínio P", timezone: "America/Sao_Paulo" } })).body
    .id;
});

describe("pessoas", () => {
  it("creates, stores empty optional fields as null, and validates every field", async () => {
    const ok = await a.api.post("/api/pessoas", {
      json: {
        condominio_id: condo,
        nome: "José Antônio",
        email: "",
        telefone_e164: "+5511988887777",
        pbx_ramal: "2101",
      },
    });
    expect(ok.status).toBe(201);
    expect(ok.body).toMatchObject({ nome: "José Antônio", email: null, documento: null, ativo: true });
    const bad = await a.api.post("/api/pessoas", {
      json: {
        condominio_id: "",
        nome: "J",
        email: "nao-e-email",
        telefone_e164: "11 9999",
      },
    });
    expect(bad.status).toBe(400);
    expect(
      Object.fromEntries(bad.body.error.fields.map((f: { path: string; message: string }) => [f.path, f.message])),
    ).toEqual({
      condominio_id: "Selecione um condomínio",
      nome: "Nome deve ter pelo menos 2 caracteres",
      email: "E-mail inválido",
      telefone_e164: "Telefone inválido. Ex.: (11) 98765-4321",
    });
  });

  it("searches name, document, e-mail and extension ignoring accents; filters by status; paginates", async () => {
    await a.api.post("/api/pessoas", {
      json: {
        condominio_id: condo,
        nome: "Conceição Brandão",
        documento: "987.654.321-00",
        email: "conceicao@ex.com",
        pbx_ramal: "3333",
      },
    });
    await a.api.post("/api/pessoas", { json: { condominio_id: condo, nome: "Inativo Silva", ativo: false } });
    const names = async (q: string) =>
      (await a.api.get(`/api/pessoas?${q}`)).body.items.map((p: { nome: string }) => p.nome);
    expect(await names("q=conceicao")).toEqual(["Conceição Brandão"]);
    expect(await names("q=987.654")).toEqual(["Conceição Brandão"]);
    expect(await names("q=ex.com")).toEqual(["Conceição Brandão"]);
    expect(await names("q=3333")).toEqual(["Conceição Brandão"]);
    expect(await names("status=inativo")).toEqual(["Inativo Silva"]);
    expect(await names("status=ativo")).toEqual(["Conceição Brandão", "José Antônio"]);
    expect((await a.api.get("/api/pessoas?page_size=1&page=2")).body).toMatchObject({ total: 3, page: 2 });
    expect(await names(`condominio_id=${condo}&q=jose`)).toEqual(["José Antônio"]);
  });

  it("deleting a person who decided a request keeps the decider's name in the history", async () => {
    const unit = (await a.api.post("/api/unidades", { json: { condominio_id: condo, codigo: "11" } })).body.id;
    const [linked] = await system()
      .handle.db.insert(pessoas)
      .values({ organizationId: a.org.id, condominioId: condo, nome: "Porteira Decisora", userId: a.user.id })
      .returning();
    const req = (
      await a.api.post("/api/solicitacoes", {
        json: { condominio_id: condo, unidade_id: unit, nome_visitante: "Visitante" },
      })
    ).body;
    await a.api.post(`/api/solicitacoes/${req.id}/autorizar`);
    const detail = await a.api.get(`/api/pessoas/${linked!.id}`);
    expect(detail.body.solicitacoes_decididas.map((s: { id: string }) => s.id)).toEqual([req.id]);

    expect((await a.api.delete(`/api/pessoas/${linked!.id}`)).status).toBe(204);
    expect((await a.api.get(`/api/pessoas/${linked!.id}`)).status).toBe(404);
    const after = await a.api.get(`/api/solicitacoes/${req.id}`);
    expect(after.body).toMatchObject({
      status: "autorizado",
      decidido_por_nome: "Porteira Decisora",
      decidido_por_pessoa_id: null,
    });
  });

  it("another tenant gets 404 on get, update and delete", async () => {
    const mine = (await a.api.post("/api/pessoas", { json: { condominio_id: condo, nome: "Privada" } })).body.id;
    expect((await b.api.get(`/api/pessoas/${mine}`)).status).toBe(404);
    expect((await b.api.put(`/api/pessoas/${mine}`, { json: { condominio_id: condo, nome: "Hack" } })).status).toBe(
      404,
    );
    expect((await b.api.delete(`/api/pessoas/${mine}`)).status).toBe(404);
    expect((await b.api.post("/api/pessoas", { json: { condominio_id: condo, nome: "Intrusa" } })).status).toBe(404);
    expect((await a.api.get(`/api/pessoas/${mine}`)).body.nome).toBe("Privada");
  });
});
