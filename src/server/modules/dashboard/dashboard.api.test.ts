import { beforeAll, describe, expect, it } from "vitest";
import { addUnidade, createCondominioWithUnidade, createTenantWithMember } from "../../../../tests/support/factories";
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
