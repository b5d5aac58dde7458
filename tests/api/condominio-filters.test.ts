/**
 * An administradora with several condominiums (docs/product.md, "Lists and search"): the request and
 * call lists and their CSV exports filter by condominium and name each row's condominium, the unit
 * list names each unit's, and the header search says where and when each result belongs, so two
 * visits of the same provider read apart.
 */
import { beforeAll, describe, expect, it } from "vitest";
import { chamadas, solicitacoesAcesso } from "@/server/db/schema";
import { buildSearchText } from "@/server/db/search";
import { chamadaSearchText } from "@/server/modules/chamadas/chamadas.service";
import { addSignedInMorador, createCondominioWithUnidade, createTenantWithMember } from "../support/factories";
import { setupTestSystem } from "../support/system";

const system = setupTestSystem();
type Tenant = Awaited<ReturnType<typeof createTenantWithMember>>;
type Condo = Awaited<ReturnType<typeof createCondominioWithUnidade>>;

const PROVIDER = "Eletricista — Paulo Serviços";
/** When each of the two visits happened: different days, and different clocks in each condominium. */
const NORTE_AT = "2026-03-10T15:00:00.000Z";
const SUL_AT = "2026-03-12T18:30:00.000Z";

let a: Tenant;
let b: Tenant;
let norte: Condo;
let sul: Condo;
let outro: Condo;

/** A request written directly, so its creation time is known; and one call about it. */
async function visitWithCall(
  organizationId: string,
  where: Condo,
  nome: string,
  createdAt: string,
): Promise<{ solicitacaoId: string; chamadaId: string }> {
  const db = system().handle.db;
  const [s] = await db
    .insert(solicitacoesAcesso)
    .values({
      organizationId,
      condominioId: where.condominio.id,
      unidadeId: where.unidade.id,
      tipo: "prestador",
      nomeVisitante: nome,
      status: "cancelado",
      busca: buildSearchText([nome, where.unidade.codigo, where.unidade.torre]),
      createdAt: new Date(createdAt),
      updatedAt: new Date(createdAt),
    })
    .returning();
  const iniciadoEm = new Date(new Date(createdAt).getTime() + 30_000);
  const [c] = await db
    .insert(chamadas)
    .values({
      organizationId,
      solicitacaoId: s!.id,
      status: "sem_resposta",
      ramalDiscado: "2101",
      iniciadoEm,
      finalizadoEm: new Date(iniciadoEm.getTime() + 40_000),
      provedor: "PABX Asterisk",
      busca: chamadaSearchText({ pessoaNome: null, ramalDiscado: "2101", visitante: nome, provedor: "PABX Asterisk" }),
    })
    .returning();
  return { solicitacaoId: s!.id, chamadaId: c!.id };
}

/** A CSV download's data lines (BOM, header and the final line end left out). */
async function csvRows(cookie: string, path: string): Promise<string[]> {
  const res = await system().app.request(path, { headers: { cookie } });
  expect(res.status).toBe(200);
  const text = new TextDecoder().decode(await res.arrayBuffer());
  return text.split("\r\n").slice(1, -1);
}

type Row = { id: string; condominio: { id: string; nome: string; timezone: string } };
const condominioIds = (body: { items: Row[] }) => [...new Set(body.items.map((r) => r.condominio.id))];

let norteVisit: { solicitacaoId: string; chamadaId: string };
let sulVisit: { solicitacaoId: string; chamadaId: string };
let outroVisit: { solicitacaoId: string; chamadaId: string };

beforeAll(async () => {
  a = await createTenantWithMember(system(), { role: "sindico" });
  b = await createTenantWithMember(system(), { role: "sindico" });
  norte = await createCondominioWithUnidade(system(), a.org.id, {
    nome: "Residencial Norte",
    timezone: "America/Sao_Paulo",
    codigo: "101",
    torre: "Torre A",
  });
  sul = await createCondominioWithUnidade(system(), a.org.id, {
    nome: "Parque Sul",
    timezone: "America/Manaus",
    codigo: "12",
    torre: "Bloco 2",
  });
  outro = await createCondominioWithUnidade(system(), b.org.id, { nome: "Condomínio de Outro Cliente" });
  norteVisit = await visitWithCall(a.org.id, norte, PROVIDER, NORTE_AT);
  sulVisit = await visitWithCall(a.org.id, sul, PROVIDER, SUL_AT);
  outroVisit = await visitWithCall(b.org.id, outro, PROVIDER, NORTE_AT);
});

describe("solicitações by condominium", () => {
  it("names each row's condominium, and the filter keeps only that condominium's rows", async () => {
    const all = await a.api.get("/api/solicitacoes");
    expect(all.status).toBe(200);
    expect(all.body.total).toBe(2);
    const byId = new Map(all.body.items.map((r: Row) => [r.id, r.condominio]));
    expect(byId.get(norteVisit.solicitacaoId)).toEqual({
      id: norte.condominio.id,
      nome: "Residencial Norte",
      timezone: "America/Sao_Paulo",
    });
    expect(byId.get(sulVisit.solicitacaoId)).toEqual({
      id: sul.condominio.id,
      nome: "Parque Sul",
      timezone: "America/Manaus",
    });

    const filtered = await a.api.get(`/api/solicitacoes?condominio_id=${sul.condominio.id}`);
    expect(filtered.body.total).toBe(1);
    expect(filtered.body.items.map((r: Row) => r.id)).toEqual([sulVisit.solicitacaoId]);
    expect(condominioIds(filtered.body)).toEqual([sul.condominio.id]);
  });

  it("another tenant's condominium id gives nothing of theirs, either way round", async () => {
    const theirs = await a.api.get(`/api/solicitacoes?condominio_id=${outro.condominio.id}`);
    expect(theirs.status).toBe(200);
    expect(theirs.body).toMatchObject({ items: [], total: 0 });
    const ours = await b.api.get(`/api/solicitacoes?condominio_id=${norte.condominio.id}`);
    expect(ours.body).toMatchObject({ items: [], total: 0 });
    // Their own list still has their own request.
    expect((await b.api.get("/api/solicitacoes")).body.items.map((r: Row) => r.id)).toEqual([outroVisit.solicitacaoId]);
  });

  it("the CSV export honours the filter", async () => {
    const rows = await csvRows(a.cookie, `/api/solicitacoes/export.csv?condominio_id=${norte.condominio.id}`);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toContain("Residencial Norte");
    expect(rows[0]).not.toContain("Parque Sul");
    expect(await csvRows(a.cookie, "/api/solicitacoes/export.csv")).toHaveLength(2);
    expect(await csvRows(a.cookie, `/api/solicitacoes/export.csv?condominio_id=${outro.condominio.id}`)).toEqual([]);
  });
});

describe("chamadas by condominium", () => {
  it("names each call's condominium (its request's), and the filter keeps only that condominium's calls", async () => {
    const all = await a.api.get("/api/chamadas");
    expect(all.status).toBe(200);
    expect(all.body.total).toBe(2);
    // Newest first: the Parque Sul call is the later one.
    expect(all.body.items.map((r: Row) => [r.id, r.condominio.nome])).toEqual([
      [sulVisit.chamadaId, "Parque Sul"],
      [norteVisit.chamadaId, "Residencial Norte"],
    ]);
    expect(all.body.items[1].condominio).toEqual({
      id: norte.condominio.id,
      nome: "Residencial Norte",
      timezone: "America/Sao_Paulo",
    });

    const filtered = await a.api.get(`/api/chamadas?condominio_id=${norte.condominio.id}`);
    expect(filtered.body.total).toBe(1);
    expect(filtered.body.items.map((r: Row) => r.id)).toEqual([norteVisit.chamadaId]);
    // With the other filters too.
    const combined = await a.api.get(`/api/chamadas?condominio_id=${norte.condominio.id}&status=concluida`);
    expect(combined.body.total).toBe(0);
    const searched = await a.api.get(`/api/chamadas?condominio_id=${sul.condominio.id}&q=paulo`);
    expect(searched.body.items.map((r: Row) => r.id)).toEqual([sulVisit.chamadaId]);
  });

  it("another tenant's condominium id gives nothing of theirs; a malformed one is a 400", async () => {
    const theirs = await a.api.get(`/api/chamadas?condominio_id=${outro.condominio.id}`);
    expect(theirs.status).toBe(200);
    expect(theirs.body).toMatchObject({ items: [], total: 0 });
    expect((await b.api.get(`/api/chamadas?condominio_id=${sul.condominio.id}`)).body.total).toBe(0);
    expect(
      (await b.api.get(`/api/chamadas?condominio_id=${outro.condominio.id}`)).body.items.map((r: Row) => r.id),
    ).toEqual([outroVisit.chamadaId]);

    const bad = await a.api.get("/api/chamadas?condominio_id=xyz");
    expect(bad.status).toBe(400);
    expect(bad.body.error.fields).toEqual([{ path: "condominio_id", message: "Condomínio inválido" }]);
  });

  it("a morador filtering by a condominium still sees only their units' calls", async () => {
    const morador = await addSignedInMorador(system(), a.org.id, norte.unidade);
    expect((await morador.api.get(`/api/chamadas?condominio_id=${sul.condominio.id}`)).body.total).toBe(0);
    const own = await morador.api.get(`/api/chamadas?condominio_id=${norte.condominio.id}`);
    expect(own.body.items.map((r: Row) => r.id)).toEqual([norteVisit.chamadaId]);
  });

  it("the CSV export honours the filter", async () => {
    const rows = await csvRows(a.cookie, `/api/chamadas/export.csv?condominio_id=${sul.condominio.id}`);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toContain("Parque Sul");
    expect(rows[0]).not.toContain("Residencial Norte");
    expect(await csvRows(a.cookie, "/api/chamadas/export.csv")).toHaveLength(2);
    expect(await csvRows(a.cookie, `/api/chamadas/export.csv?condominio_id=${outro.condominio.id}`)).toEqual([]);
  });
});

describe("unidades by condominium", () => {
  it("each unit names its condominium", async () => {
    const all = await a.api.get("/api/unidades");
    expect(all.status).toBe(200);
    expect(
      all.body.items.map((u: { codigo: string; condominio: { nome: string } }) => [u.codigo, u.condominio.nome]),
    ).toEqual(
      expect.arrayContaining([
        ["101", "Residencial Norte"],
        ["12", "Parque Sul"],
      ]),
    );
    const filtered = await a.api.get(`/api/unidades?condominio_id=${sul.condominio.id}`);
    expect(filtered.body.items.map((u: { id: string }) => u.id)).toEqual([sul.unidade.id]);
    expect((await a.api.get(`/api/unidades?condominio_id=${outro.condominio.id}`)).body.total).toBe(0);
  });
});

describe("header search", () => {
  it("two requests with the same visitor name read apart by unit, condominium and date", async () => {
    const res = await a.api.get(`/api/busca?q=${encodeURIComponent("paulo servicos")}`);
    expect(res.status).toBe(200);
    expect(res.body.solicitacoes).toEqual([
      {
        id: sulVisit.solicitacaoId,
        nome_visitante: PROVIDER,
        status: "cancelado",
        created_at: SUL_AT,
        unidade: { codigo: "12", torre: "Bloco 2" },
        condominio: { id: sul.condominio.id, nome: "Parque Sul", timezone: "America/Manaus" },
      },
      {
        id: norteVisit.solicitacaoId,
        nome_visitante: PROVIDER,
        status: "cancelado",
        created_at: NORTE_AT,
        unidade: { codigo: "101", torre: "Torre A" },
        condominio: { id: norte.condominio.id, nome: "Residencial Norte", timezone: "America/Sao_Paulo" },
      },
    ]);
  });

  it("units and people name their condominium", async () => {
    const units = await a.api.get(`/api/busca?q=${encodeURIComponent("bloco 2")}`);
    expect(units.body.unidades).toEqual([
      {
        id: sul.unidade.id,
        codigo: "12",
        torre: "Bloco 2",
        condominio: { id: sul.condominio.id, nome: "Parque Sul", timezone: "America/Manaus" },
      },
    ]);
    const morador = await addSignedInMorador(system(), a.org.id, sul.unidade, { nome: "Moradora Buscada" });
    const people = await a.api.get(`/api/busca?q=${encodeURIComponent("moradora buscada")}`);
    expect(people.body.pessoas).toEqual([
      expect.objectContaining({ id: morador.pessoa.id, condominio: expect.objectContaining({ nome: "Parque Sul" }) }),
    ]);
  });
});
