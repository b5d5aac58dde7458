import { beforeAll, describe, expect, it } from "vitest";
import {
  addSignedInMorador,
  addUnidade,
  createCondominioWithUnidade,
  createTenantWithMember,
} from "../../../../tests/support/factories";
import { setupTestSystem } from "../../../../tests/support/system";
import { solicitacoesAcesso } from "../../db/schema";
import { computeTrend } from "./dashboard.service";

const system = setupTestSystem();

type Tenant = Awaited<ReturnType<typeof createTenantWithMember>>;
let t: Tenant;
let saoPaulo: Awaited<ReturnType<typeof createCondominioWithUnidade>>;
let manaus: Awaited<ReturnType<typeof createCondominioWithUnidade>>;

async function insertAt(where: typeof saoPaulo, at: string, status = "pendente", nome = "Visitante") {
  await system()
    .handle.db.insert(solicitacoesAcesso)
    .values({
      organizationId: t.org.id,
      condominioId: where.condominio.id,
      unidadeId: where.unidade.id,
      nomeVisitante: nome,
      status,
      createdAt: new Date(at),
      updatedAt: new Date(at),
    });
}

beforeAll(async () => {
  t = await createTenantWithMember(system(), { role: "porteiro" });
  saoPaulo = await createCondominioWithUnidade(system(), t.org.id, { timezone: "America/Sao_Paulo", nome: "SP" });
  manaus = await createCondominioWithUnidade(system(), t.org.id, { timezone: "America/Manaus", nome: "Manaus" });
  // 10 March 2026, local time in each condominium.
  await insertAt(saoPaulo, "2026-03-10T00:05:00-03:00", "autorizado", "Madrugada SP");
  await insertAt(saoPaulo, "2026-03-10T22:00:00-03:00", "pendente", "Noite SP"); // already the 11th in UTC
  await insertAt(manaus, "2026-03-10T23:30:00-04:00", "negado", "Noite Manaus"); // 03:30 UTC on the 11th
  await insertAt(saoPaulo, "2026-03-09T23:59:00-03:00", "autorizado", "Ontem SP"); // 02:59 UTC on the 10th
  await insertAt(saoPaulo, "2026-03-11T00:01:00-03:00", "autorizado", "Amanhã SP");
  // February 2026 (28 days): 28 authorised and 14 denied → daily averages 1 and 0.5.
  for (let day = 1; day <= 28; day++) {
    const d = String(day).padStart(2, "0");
    await insertAt(saoPaulo, `2026-02-${d}T10:00:00-03:00`, "autorizado", `Fev ${d}`);
    if (day % 2 === 0) await insertAt(saoPaulo, `2026-02-${d}T11:00:00-03:00`, "negado", `Fev neg ${d}`);
  }
});

describe("GET /api/dashboard/kpis", () => {
  it("counts a request at 22:00 in São Paulo as that day, in each condominium's own timezone", async () => {
    const res = await t.api.get("/api/dashboard/kpis?data=2026-03-10");
    expect(res.status).toBe(200);
    expect(res.body.counts).toEqual({ pendente: 1, autorizado: 1, negado: 1, expirado: 0, cancelado: 0, total: 3 });
    const next = await t.api.get("/api/dashboard/kpis?data=2026-03-11");
    expect(next.body.counts.total).toBe(1);
  });

  it("filters by condominium", async () => {
    const res = await t.api.get(`/api/dashboard/kpis?data=2026-03-10&condominio_id=${manaus.condominio.id}`);
    expect(res.body.counts).toMatchObject({ negado: 1, total: 1 });
  });

  it("compares with last month's daily average in requests, without a percentage on a small base", async () => {
    const res = await t.api.get("/api/dashboard/kpis?data=2026-03-10");
    // autorizado: 1 today vs 28/28 = 1 per day → flat; negado: 1 vs 0.5 → +1 (not "+100%");
    // pendente: none last month → no trend; total: 3 vs 42/28 = 1.5 → +2 (not "+100%").
    expect(res.body.trends).toEqual({
      autorizado: { direction: "flat", difference: 0, average: 1, percent: null },
      negado: { direction: "up", difference: 1, average: 0.5, percent: null },
      pendente: null,
      total: { direction: "up", difference: 2, average: 1.5, percent: null },
    });
  });

  it("adds the percentage when last month's daily average is large enough to mean something", async () => {
    const big = await createCondominioWithUnidade(system(), t.org.id, { nome: "Grande" });
    // May 2026 (31 days): 12 a day → average 12; 15 today (15 June) → +3, +25%. Away from the dates above.
    const rows = [];
    for (let day = 1; day <= 31; day++) {
      for (let i = 0; i < 12; i++) {
        const at = new Date(`2026-05-${String(day).padStart(2, "0")}T12:00:00-03:00`);
        rows.push({ at, nome: `Maio ${day}/${i}` });
      }
    }
    for (let i = 0; i < 15; i++) rows.push({ at: new Date("2026-06-15T12:00:00-03:00"), nome: `Hoje ${i}` });
    await system()
      .handle.db.insert(solicitacoesAcesso)
      .values(
        rows.map((r) => ({
          organizationId: t.org.id,
          condominioId: big.condominio.id,
          unidadeId: big.unidade.id,
          nomeVisitante: r.nome,
          status: "autorizado",
          createdAt: r.at,
          updatedAt: r.at,
        })),
      );
    const res = await t.api.get(`/api/dashboard/kpis?data=2026-06-15&condominio_id=${big.condominio.id}`);
    expect(res.body.trends.autorizado).toEqual({ direction: "up", difference: 3, average: 12, percent: 25 });
  });

  it("counts today's requests by default", async () => {
    const fresh = await createTenantWithMember(system(), { role: "sindico" });
    const condo = await createCondominioWithUnidade(system(), fresh.org.id);
    const empty = await fresh.api.get("/api/dashboard/kpis");
    expect(empty.body.counts.total).toBe(0);
    expect(empty.body.trends.total).toBeNull();
    await fresh.api.post("/api/solicitacoes", {
      json: { condominio_id: condo.condominio.id, unidade_id: condo.unidade.id, nome_visitante: "Agora" },
    });
    const res = await fresh.api.get("/api/dashboard/kpis");
    expect(res.body.counts).toMatchObject({ pendente: 1, total: 1 });
  });

  it("validates the date and never shows another tenant's numbers", async () => {
    expect((await t.api.get("/api/dashboard/kpis?data=10/03/2026")).status).toBe(400);
    const other = await createTenantWithMember(system());
    const res = await other.api.get("/api/dashboard/kpis?data=2026-03-10");
    expect(res.body.counts.total).toBe(0);
    const foreignCondo = await other.api.get(
      `/api/dashboard/kpis?data=2026-03-10&condominio_id=${saoPaulo.condominio.id}`,
    );
    expect(foreignCondo.body.counts.total).toBe(0);
  });
});

describe("GET /api/dashboard/ultimas", () => {
  it("lists the day's requests with their unit, newest first, up to the limit", async () => {
    const res = await t.api.get("/api/dashboard/ultimas?data=2026-03-10");
    expect(res.status).toBe(200);
    expect(res.body.items.map((i: { nome_visitante: string }) => i.nome_visitante)).toEqual([
      "Noite Manaus",
      "Noite SP",
      "Madrugada SP",
    ]);
    expect(res.body.items[0].unidade).toEqual({ codigo: "101", torre: "Torre A" });
    const limited = await t.api.get("/api/dashboard/ultimas?data=2026-03-10&limit=2");
    expect(limited.body.items).toHaveLength(2);
  });

  it("defaults to 20 rows", async () => {
    const fresh = await createTenantWithMember(system());
    const condo = await createCondominioWithUnidade(system(), fresh.org.id);
    const unit2 = await addUnidade(system(), fresh.org.id, condo.condominio.id, "202");
    for (let i = 0; i < 22; i++) {
      await fresh.api.post("/api/solicitacoes", {
        json: {
          condominio_id: condo.condominio.id,
          unidade_id: i % 2 ? unit2.id : condo.unidade.id,
          nome_visitante: `Pessoa ${i}`,
        },
      });
    }
    const res = await fresh.api.get("/api/dashboard/ultimas");
    expect(res.body.items).toHaveLength(20);
    expect(res.body.items[0].nome_visitante).toBe("Pessoa 21");
  });
});

describe("pending now: the bell and the dashboard read one count", () => {
  it("agree for every filter, count pending requests of any day, and match the list", async () => {
    const fresh = await createTenantWithMember(system(), { role: "sindico" });
    const norte = await createCondominioWithUnidade(system(), fresh.org.id, {
      nome: "Norte",
      timezone: "America/Manaus",
    });
    const sul = await createCondominioWithUnidade(system(), fresh.org.id, { nome: "Sul" });
    const insert = (where: typeof norte, daysAgo: number, status: string, semResposta = false) => {
      const at = new Date(Date.now() - daysAgo * 86_400_000 - 60_000);
      return system()
        .handle.db.insert(solicitacoesAcesso)
        .values({
          organizationId: fresh.org.id,
          condominioId: where.condominio.id,
          unidadeId: where.unidade.id,
          nomeVisitante: `${where.condominio.nome} ${status} ${daysAgo}`,
          status,
          semRespostaMoradoresEm: semResposta ? at : null,
          createdAt: at,
          updatedAt: at,
        });
    };
    // The defect: 3 pending from earlier days (8 and 18 days old) plus 4 of today. The bell counted
    // 7 while the dashboard's "Pendentes" counted today's 4.
    await insert(norte, 8, "pendente");
    await insert(norte, 18, "pendente", true);
    await insert(sul, 8, "pendente");
    for (const where of [norte, sul, sul, sul]) await insert(where, 0, "pendente");
    await insert(sul, 0, "pendente", true);
    await insert(sul, 0, "autorizado");
    await insert(norte, 2, "negado");

    const expected = { "": [8, 2], [norte.condominio.id]: [3, 1], [sul.condominio.id]: [5, 1] };
    for (const [condominio, [pendentes, semResposta]] of Object.entries(expected)) {
      const filter = condominio ? `?condominio_id=${condominio}` : "";
      const bell = await fresh.api.get(`/api/dashboard/pendentes${filter}`);
      const kpis = await fresh.api.get(`/api/dashboard/kpis${filter}`);
      const list = await fresh.api.get(
        `/api/solicitacoes?status=pendente${condominio ? `&condominio_id=${condominio}` : ""}`,
      );
      expect(bell.status).toBe(200);
      expect(bell.body).toMatchObject({ pendentes, sem_resposta: semResposta });
      expect(kpis.body.pendentes_agora).toBe(bell.body.pendentes);
      expect(list.body.total).toBe(bell.body.pendentes);
    }
    // Today's cards still count today only: 5 pending and 1 authorised today, of the whole tenant.
    const today = await fresh.api.get("/api/dashboard/kpis");
    expect(today.body.counts).toMatchObject({ pendente: 5, autorizado: 1, total: 6 });

    // The bell lists the newest pending ones, each with its condominium (name and timezone).
    const bell = await fresh.api.get(`/api/dashboard/pendentes?condominio_id=${norte.condominio.id}`);
    expect(bell.body.items.map((i: { nome_visitante: string }) => i.nome_visitante)).toEqual([
      "Norte pendente 0",
      "Norte pendente 8",
      "Norte pendente 18",
    ]);
    expect(bell.body.items[0].condominio).toEqual({
      id: norte.condominio.id,
      nome: "Norte",
      timezone: "America/Manaus",
    });
    const all = await fresh.api.get("/api/dashboard/pendentes");
    expect(all.body.items).toHaveLength(5);

    // Deciding one moves both counts together.
    const pendingId = bell.body.items[0].id;
    expect((await fresh.api.post(`/api/solicitacoes/${pendingId}/autorizar`)).status).toBe(200);
    expect((await fresh.api.get("/api/dashboard/pendentes")).body.pendentes).toBe(7);
    expect((await fresh.api.get("/api/dashboard/kpis")).body.pendentes_agora).toBe(7);
  });

  it("a morador's bell and dashboard count their own units only; bad filters are refused", async () => {
    const fresh = await createTenantWithMember(system(), { role: "sindico" });
    const condo = await createCondominioWithUnidade(system(), fresh.org.id);
    const vizinho = await addUnidade(system(), fresh.org.id, condo.condominio.id, "202");
    const morador = await addSignedInMorador(system(), fresh.org.id, {
      id: condo.unidade.id,
      condominioId: condo.condominio.id,
    });
    for (const unidade of [condo.unidade.id, vizinho.id, vizinho.id]) {
      await fresh.api.post("/api/solicitacoes", {
        json: { condominio_id: condo.condominio.id, unidade_id: unidade, nome_visitante: "Alguém" },
      });
    }
    expect((await morador.api.get("/api/dashboard/pendentes")).body.pendentes).toBe(1);
    expect((await morador.api.get("/api/dashboard/kpis")).body.pendentes_agora).toBe(1);
    expect((await fresh.api.get("/api/dashboard/pendentes")).body.pendentes).toBe(3);

    const bad = await fresh.api.get("/api/dashboard/pendentes?condominio_id=abc");
    expect(bad.status).toBe(400);
    expect(bad.body.error.fields).toEqual([{ path: "condominio_id", message: "Condomínio inválido" }]);
    // Another tenant's condominium: nothing of it is counted or listed.
    const other = await createTenantWithMember(system());
    const foreign = await other.api.get(`/api/dashboard/pendentes?condominio_id=${condo.condominio.id}`);
    expect(foreign.body).toEqual({ pendentes: 0, sem_resposta: 0, items: [] });
  });
});

describe("the dashboard's condominium selector", () => {
  it("filters every figure and list by the chosen condominium, server-side", async () => {
    const fresh = await createTenantWithMember(system(), { role: "sindico" });
    const a = await createCondominioWithUnidade(system(), fresh.org.id, { nome: "Alfa" });
    const b = await createCondominioWithUnidade(system(), fresh.org.id, { nome: "Beta", timezone: "America/Recife" });
    const create = (where: typeof a, nome: string) =>
      fresh.api.post("/api/solicitacoes", {
        json: { condominio_id: where.condominio.id, unidade_id: where.unidade.id, nome_visitante: nome },
      });
    await create(a, "Ana");
    await create(b, "Bruno");
    await create(b, "Bia");
    const kpis = async (q = "") => (await fresh.api.get(`/api/dashboard/kpis${q}`)).body;
    const ultimas = async (q = "") =>
      (await fresh.api.get(`/api/dashboard/ultimas${q}`)).body.items.map(
        (i: { nome_visitante: string }) => i.nome_visitante,
      );
    expect((await kpis()).counts.total).toBe(3);
    expect(await kpis(`?condominio_id=${a.condominio.id}`)).toMatchObject({
      counts: { pendente: 1, total: 1 },
      pendentes_agora: 1,
    });
    expect(await kpis(`?condominio_id=${b.condominio.id}`)).toMatchObject({
      counts: { pendente: 2, total: 2 },
      pendentes_agora: 2,
    });
    expect(await ultimas(`?condominio_id=${a.condominio.id}`)).toEqual(["Ana"]);
    expect(await ultimas(`?condominio_id=${b.condominio.id}`)).toEqual(["Bia", "Bruno"]);
    // Each row names its condominium and the zone its times are read in.
    const rows = (await fresh.api.get("/api/dashboard/ultimas")).body.items;
    expect(rows.map((r: { condominio: { nome: string; timezone: string } }) => r.condominio)).toEqual([
      { id: b.condominio.id, nome: "Beta", timezone: "America/Recife" },
      { id: b.condominio.id, nome: "Beta", timezone: "America/Recife" },
      { id: a.condominio.id, nome: "Alfa", timezone: "America/Sao_Paulo" },
    ]);
  });
});

describe("computeTrend", () => {
  it("is null without data today or last month", () => {
    expect(computeTrend(0, 10, 30)).toBeNull();
    expect(computeTrend(5, 0, 30)).toBeNull();
  });
  it("gives the difference against a small daily average, never a huge percentage", () => {
    // 82 today against 87 requests in 30 days (2.9 a day): the old rule read "2728%".
    expect(computeTrend(82, 87, 30)).toEqual({ direction: "up", difference: 79, average: 2.9, percent: null });
    expect(computeTrend(1, 90, 30)).toEqual({ direction: "down", difference: -2, average: 3, percent: null });
    expect(computeTrend(2, 60, 30)).toEqual({ direction: "flat", difference: 0, average: 2, percent: null });
  });
  it("adds a rounded percentage from a daily average of 10, and signs by it", () => {
    expect(computeTrend(12, 300, 30)).toEqual({ direction: "up", difference: 2, average: 10, percent: 20 });
    expect(computeTrend(45, 1500, 30)).toEqual({ direction: "down", difference: -5, average: 50, percent: 10 });
    // 40.2 vs 40: rounds to 0 requests and to 0%: flat.
    expect(computeTrend(40, 1206, 30)).toEqual({ direction: "flat", difference: 0, average: 40.2, percent: 0 });
  });
});
