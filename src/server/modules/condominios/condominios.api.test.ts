import { beforeAll, describe, expect, it } from "vitest";
import { addSignedInMember, createTenantWithMember } from "../../../../tests/support/factories";
import { setupTestSystem } from "../../../../tests/support/system";

const system = setupTestSystem();
type Tenant = Awaited<ReturnType<typeof createTenantWithMember>>;
let a: Tenant;
let b: Tenant;

beforeAll(async () => {
  a = await createTenantWithMember(system(), { role: "sindico" });
  b = await createTenantWithMember(system(), { role: "sindico" });
});

describe("condominios", () => {
  it("creates with a non-default timezone and keeps it", async () => {
    const res = await a.api.post("/api/condominios", {
      json: { nome: "Residencial Manaus", timezone: "America/Manaus" },
    });
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({ nome: "Residencial Manaus", timezone: "America/Manaus", enabled: true });
    const got = await a.api.get(`/api/condominios/${res.body.id}`);
    expect(got.body).toMatchObject({
      timezone: "America/Manaus",
      unidades_count: 0,
      pessoas_count: 0,
      solicitacoes_recentes: [],
    });
    const upd = await a.api.put(`/api/condominios/${res.body.id}`, {
      json: { nome: "Residencial Manaus II", timezone: "America/Recife", enabled: false },
    });
    expect(upd.body).toMatchObject({ nome: "Residencial Manaus II", timezone: "America/Recife", enabled: false });
  });

  it("validates with the spec's messages", async () => {
    const res = await a.api.post("/api/condominios", { json: { nome: "X", timezone: "Europe/Lisbon" } });
    expect(res.status).toBe(400);
    expect(res.body.error.fields).toEqual(
      expect.arrayContaining([
        { path: "nome", message: "Nome deve ter pelo menos 2 caracteres" },
        { path: "timezone", message: "Selecione um timezone" },
      ]),
    );
  });

  it("lists by name with search by name or timezone, ignoring accents", async () => {
    await a.api.post("/api/condominios", { json: { nome: "Edifício Açaí", timezone: "America/Belem" } }); // invalid zone
    await a.api.post("/api/condominios", { json: { nome: "Edifício Açaí", timezone: "America/Fortaleza" } });
    await a.api.post("/api/condominios", { json: { nome: "Bloco Central", timezone: "America/Sao_Paulo" } });
    const all = await a.api.get("/api/condominios");
    expect(all.body.items.map((c: { nome: string }) => c.nome)).toEqual([
      "Bloco Central",
      "Edifício Açaí",
      "Residencial Manaus II",
    ]);
    expect((await a.api.get("/api/condominios?q=acai")).body.total).toBe(1);
    expect((await a.api.get("/api/condominios?q=fortaleza")).body.items[0].nome).toBe("Edifício Açaí");
    expect((await b.api.get("/api/condominios")).body.total).toBe(0);
  });

  it("another tenant gets 404 on get and update; a porteiro cannot edit", async () => {
    const mine = (await a.api.post("/api/condominios", { json: { nome: "Privado", timezone: "America/Bahia" } })).body;
    expect((await b.api.get(`/api/condominios/${mine.id}`)).status).toBe(404);
    const put = await b.api.put(`/api/condominios/${mine.id}`, {
      json: { nome: "Invadido", timezone: "America/Bahia" },
    });
    expect(put.status).toBe(404);
    expect(put.body.error.message).toBe("Condomínio não encontrado");
    const porteiro = await addSignedInMember(system(), a.org.id, "porteiro");
    expect(
      (await porteiro.api.post("/api/condominios", { json: { nome: "Novo", timezone: "America/Bahia" } })).status,
    ).toBe(403);
    expect((await porteiro.api.get(`/api/condominios/${mine.id}`)).status).toBe(200);
  });
});
