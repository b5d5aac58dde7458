import { beforeAll, describe, expect, it } from "vitest";
import { createTenantWithMember } from "../../../../tests/support/factories";
import { setupTestSystem } from "../../../../tests/support/system";

const system = setupTestSystem();
type Tenant = Awaited<ReturnType<typeof createTenantWithMember>>;
let a: Tenant;
let b: Tenant;
let condo: string;
let otherCondo: string;

async function pessoa(t: Tenant, condominioId: string, nome: string) {
  const res = await t.api.post("/api/pessoas", { json: { condominio_id: condominioId, nome } });
  expect(res.status).toBe(201);
  return res.body.id as string;
}

beforeAll(async () => {
  a = await createTenantWithMember(system(), { role: "sindico" });
  b = await createTenantWithMember(system(), { role: "sindico" });
  condo = (await a.api.post("/api/condominios", { json: { nome: "Condomínio A", timezone: "America/Sao_Paulo" } })).body
    .id;
  otherCondo = (await a.api.post("/api/condominios", { json: { nome: "Condomínio B", timezone: "America/Sao_Paulo" } }))
    .body.id;
});

describe("unidades", () => {
  it("creates, validates and refuses a duplicate code in the same tower (409)", async () => {
    const ok = await a.api.post("/api/unidades", {
      json: { condominio_id: condo, codigo: "101", torre: "Torre A", pbx_ramal: "2101", observacoes: "" },
    });
    expect(ok.status).toBe(201);
    expect(ok.body).toMatchObject({ codigo: "101", torre: "Torre A", observacoes: null, enabled: true, moradores: 0 });
    const dup = await a.api.post("/api/unidades", { json: { condominio_id: condo, codigo: "101", torre: "Torre A" } });
    expect(dup.status).toBe(409);
    expect(dup.body.error.message).toBe("Já existe uma unidade com o código 101 na Torre A neste condomínio.");
    expect(
      (await a.api.post("/api/unidades", { json: { condominio_id: condo, codigo: "101", torre: "Torre B" } })).status,
    ).toBe(201);
    expect(
      (await a.api.post("/api/unidades", { json: { condominio_id: otherCondo, codigo: "101", torre: "Torre A" } }))
        .status,
    ).toBe(201);
    const bad = await a.api.post("/api/unidades", { json: { condominio_id: "", codigo: " " } });
    expect(bad.body.error.fields).toEqual([
      { path: "condominio_id", message: "Selecione um condomínio" },
      { path: "codigo", message: "Código é obrigatório" },
    ]);
  });

  it("links residents of the same condominium only, counts active residents, and orders responsável first", async () => {
    const unit = (
      await a.api.post("/api/unidades", { json: { condominio_id: condo, codigo: "202", torre: "Torre A" } })
    ).body.id;
    const ana = await pessoa(a, condo, "Ana");
    const bruno = await pessoa(a, condo, "Bruno");
    const outsider = await pessoa(a, otherCondo, "Carla");
    expect((await a.api.post(`/api/unidades/${unit}/moradores`, { json: { pessoa_id: bruno } })).status).toBe(201);
    const linked = await a.api.post(`/api/unidades/${unit}/moradores`, {
      json: { pessoa_id: ana, is_responsavel: false },
    });
    expect(linked.body.items.map((m: { nome: string }) => m.nome)).toEqual(["Ana", "Bruno"]);
    const across = await a.api.post(`/api/unidades/${unit}/moradores`, { json: { pessoa_id: outsider } });
    expect(across.status).toBe(400);
    expect(across.body.error.message).toBe("A pessoa e a unidade devem ser do mesmo condomínio");
    expect((await a.api.post(`/api/unidades/${unit}/moradores`, { json: { pessoa_id: ana } })).status).toBe(409);

    const marked = await a.api.patch(`/api/unidades/${unit}/moradores/${bruno}`, { json: { is_responsavel: true } });
    expect(marked.body.items.map((m: { nome: string; is_responsavel: boolean }) => [m.nome, m.is_responsavel])).toEqual(
      [
        ["Bruno", true],
        ["Ana", false],
      ],
    );
    const list = await a.api.get(`/api/unidades?condominio_id=${condo}&q=202`);
    expect(list.body.items[0]).toMatchObject({ codigo: "202", moradores: 2 });

    // An inactive person no longer counts as an active resident.
    await a.api.put(`/api/pessoas/${ana}`, { json: { condominio_id: condo, nome: "Ana", ativo: false } });
    expect((await a.api.get(`/api/unidades/${unit}`)).body.moradores).toBe(1);
    expect((await a.api.delete(`/api/unidades/${unit}/moradores/${bruno}`)).status).toBe(204);
    expect((await a.api.get(`/api/unidades/${unit}/moradores`)).body.items).toEqual([]);
  });

  it("filters by status and searches code, tower, extension and observations; paginates", async () => {
    await a.api.post("/api/unidades", {
      json: {
        condominio_id: otherCondo,
        codigo: "900",
        torre: "Anexo",
        pbx_ramal: "7777",
        observacoes: "Cobertura com piscina",
        enabled: false,
      },
    });
    expect((await a.api.get("/api/unidades?q=piscina")).body.items[0].codigo).toBe("900");
    expect((await a.api.get("/api/unidades?q=7777")).body.total).toBe(1);
    expect((await a.api.get("/api/unidades?status=inativa")).body.total).toBe(1);
    const p1 = await a.api.get("/api/unidades?page_size=2");
    const p2 = await a.api.get("/api/unidades?page_size=2&page=2");
    expect(p1.body.items).toHaveLength(2);
    expect(p2.body.items[0].id).not.toBe(p1.body.items[0].id);
    expect(p1.body.total).toBe(p2.body.total);
  });

  it("another tenant gets 404 on every unit route", async () => {
    const unit = (await a.api.post("/api/unidades", { json: { condominio_id: condo, codigo: "303" } })).body.id;
    const ana = await pessoa(a, condo, "Ana Três");
    await a.api.post(`/api/unidades/${unit}/moradores`, { json: { pessoa_id: ana } });
    expect((await b.api.get(`/api/unidades/${unit}`)).status).toBe(404);
    expect((await b.api.put(`/api/unidades/${unit}`, { json: { condominio_id: condo, codigo: "X" } })).status).toBe(
      404,
    );
    expect((await b.api.get(`/api/unidades/${unit}/moradores`)).status).toBe(404);
    expect((await b.api.post(`/api/unidades/${unit}/moradores`, { json: { pessoa_id: ana } })).status).toBe(404);
    expect(
      (await b.api.patch(`/api/unidades/${unit}/moradores/${ana}`, { json: { is_responsavel: true } })).status,
    ).toBe(404);
    expect((await b.api.delete(`/api/unidades/${unit}/moradores/${ana}`)).status).toBe(404);
    expect((await b.api.post("/api/unidades", { json: { condominio_id: condo, codigo: "1" } })).status).toBe(404);
  });
});
