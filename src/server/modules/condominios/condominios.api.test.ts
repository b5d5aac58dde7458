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

  it("validates with the product's messages", async () => {
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

describe("condominium settings", () => {
  it("creates with the default retention of 90 days and validates its range in pt-BR", async () => {
    const res = await a.api.post("/api/condominios", { json: { nome: "Residencial Padrão" } });
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({
      retencao_dias: 90,
      espera_morador_segundos: 60,
      notificar_todos_moradores: false,
    });
    for (const retencao_dias of [29, 1826, 45.5, "muito"]) {
      const bad = await a.api.post("/api/condominios", { json: { nome: "Residencial Inválido", retencao_dias } });
      expect(bad.status).toBe(400);
      expect(bad.body.error.fields).toEqual([{ path: "retencao_dias", message: "A retenção vai de 30 a 1.825 dias" }]);
    }
    const put = await a.api.put(`/api/condominios/${res.body.id}`, {
      json: { nome: "Residencial Padrão", retencao_dias: 1826 },
    });
    expect(put.status).toBe(400);
    expect(put.body.error.fields).toEqual([{ path: "retencao_dias", message: "A retenção vai de 30 a 1.825 dias" }]);
    for (const retencao_dias of [30, 1825]) {
      const ok = await a.api.put(`/api/condominios/${res.body.id}`, {
        json: { nome: "Residencial Padrão", retencao_dias },
      });
      expect(ok.body.retencao_dias).toBe(retencao_dias);
    }
  });

  it("PUT keeps the settings the body omits (retention, wait and notify-all) and changes those it names", async () => {
    const created = await a.api.post("/api/condominios", {
      json: {
        nome: "Residencial Configurado",
        timezone: "America/Recife",
        retencao_dias: 400,
        espera_morador_segundos: 120,
        notificar_todos_moradores: true,
      },
    });
    expect(created.body).toMatchObject({
      retencao_dias: 400,
      espera_morador_segundos: 120,
      notificar_todos_moradores: true,
    });
    const id = created.body.id;
    // An API client that knows only name, timezone and status.
    const renamed = await a.api.put(`/api/condominios/${id}`, {
      json: { nome: "Residencial Reconfigurado", timezone: "America/Recife", enabled: true },
    });
    expect(renamed.status).toBe(200);
    expect(renamed.body).toMatchObject({
      nome: "Residencial Reconfigurado",
      retencao_dias: 400,
      espera_morador_segundos: 120,
      notificar_todos_moradores: true,
    });
    expect((await a.api.get(`/api/condominios/${id}`)).body).toMatchObject({
      retencao_dias: 400,
      espera_morador_segundos: 120,
      notificar_todos_moradores: true,
    });
    const changed = await a.api.put(`/api/condominios/${id}`, {
      json: {
        nome: "Residencial Reconfigurado",
        timezone: "America/Recife",
        retencao_dias: 365,
        notificar_todos_moradores: false,
      },
    });
    expect(changed.body).toMatchObject({
      retencao_dias: 365,
      espera_morador_segundos: 120,
      notificar_todos_moradores: false,
    });
  });

  it("'Contato com o morador': message by default, kept when the PUT omits it, changed when it names it, a bad value 400 in pt-BR", async () => {
    const created = await a.api.post("/api/condominios", { json: { nome: "Residencial do Contato" } });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    expect(created.body.contato_morador).toBe("mensagem");
    const id = created.body.id;
    const base = { nome: "Residencial do Contato", timezone: "America/Sao_Paulo" };

    for (const contato_morador of ["mensagem_e_ligacao", "ligacao_e_mensagem", "ligacao", "mensagem"]) {
      const put = await a.api.put(`/api/condominios/${id}`, { json: { ...base, contato_morador } });
      expect(put.status, JSON.stringify(put.body)).toBe(200);
      expect(put.body.contato_morador).toBe(contato_morador);
    }
    await a.api.put(`/api/condominios/${id}`, { json: { ...base, contato_morador: "ligacao_e_mensagem" } });
    // An API client that never heard of the setting keeps it.
    const renamed = await a.api.put(`/api/condominios/${id}`, { json: { ...base, nome: "Residencial Renomeado" } });
    expect(renamed.body).toMatchObject({ nome: "Residencial Renomeado", contato_morador: "ligacao_e_mensagem" });
    expect((await a.api.get(`/api/condominios/${id}`)).body.contato_morador).toBe("ligacao_e_mensagem");
    expect(
      (await a.api.get("/api/condominios?q=renomeado")).body.items.map(
        (c: { contato_morador: string }) => c.contato_morador,
      ),
    ).toEqual(["ligacao_e_mensagem"]);

    const withCall = await a.api.post("/api/condominios", {
      json: { nome: "Residencial Só Ligação", contato_morador: "ligacao" },
    });
    expect(withCall.body.contato_morador).toBe("ligacao");

    for (const contato_morador of ["telefone", "", null, 2]) {
      const bad = await a.api.post("/api/condominios", { json: { nome: "Residencial Errado", contato_morador } });
      expect(bad.status, String(contato_morador)).toBe(400);
      expect(bad.body.error.fields).toEqual([
        { path: "contato_morador", message: "Selecione como falar com o morador" },
      ]);
      const badPut = await a.api.put(`/api/condominios/${id}`, { json: { ...base, contato_morador } });
      expect(badPut.status).toBe(400);
      expect(badPut.body.error.fields).toEqual([
        { path: "contato_morador", message: "Selecione como falar com o morador" },
      ]);
    }
    expect((await a.api.get(`/api/condominios/${id}`)).body.contato_morador).toBe("ligacao_e_mensagem");
    expect((await a.api.get("/api/condominios?q=errado")).body.total).toBe(0);
  });
});
