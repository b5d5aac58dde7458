/**
 * Common areas through the API (docs/decisions/044-common-area-bookings.md): the síndico sets them up;
 * a morador sees only the active areas of their condominiums, an assigned porteiro only their
 * condominiums'; names are unique per condominium; a PATCH checks blocks against the stored area;
 * removal is refused while bookings are ahead; the photo is seen by whoever sees the area.
 */
import { and, eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import {
  addSignedInMember,
  addSignedInMorador,
  createCondominioWithUnidade,
  createTenantWithMember,
} from "../../../../tests/support/factories";
import { client } from "../../../../tests/support/http";
import { phoneJpeg } from "../../../../tests/support/images";
import { setupTestSystem } from "../../../../tests/support/system";
import { auditoria, member, membroCondominios, reservas } from "../../db/schema";

const shared = setupTestSystem();
const db = () => shared().handle.db;

let sindico: Awaited<ReturnType<typeof createTenantWithMember>>;
let outro: Awaited<ReturnType<typeof createTenantWithMember>>;
let morador: Awaited<ReturnType<typeof addSignedInMorador>>;
let porteiroB: Awaited<ReturnType<typeof addSignedInMember>>;
let placeA: Awaited<ReturnType<typeof createCondominioWithUnidade>>;
let placeB: Awaited<ReturnType<typeof createCondominioWithUnidade>>;

const HORARIOS = [null, ...Array.from({ length: 6 }, () => ({ abre: "08:00", fecha: "23:00" }))];

beforeAll(async () => {
  sindico = await createTenantWithMember(shared(), { role: "sindico" });
  outro = await createTenantWithMember(shared(), { role: "sindico" });
  placeA = await createCondominioWithUnidade(shared(), sindico.org.id, { nome: "Residencial Alfa" });
  placeB = await createCondominioWithUnidade(shared(), sindico.org.id, { nome: "Residencial Beta" });
  morador = await addSignedInMorador(shared(), sindico.org.id, placeA.unidade, { nome: "Ana Moradora" });
  // A porteiro assigned to condominium B only.
  porteiroB = await addSignedInMember(shared(), sindico.org.id, "porteiro");
  const [m] = await db()
    .select({ id: member.id })
    .from(member)
    .where(and(eq(member.organizationId, sindico.org.id), eq(member.userId, porteiroB.user.id)));
  await db()
    .insert(membroCondominios)
    .values({ organizationId: sindico.org.id, memberId: m!.id, condominioId: placeB.condominio.id });
});

async function createArea(body: Record<string, unknown> = {}, condominioId = placeA.condominio.id) {
  const res = await sindico.api.post("/api/areas", {
    json: {
      condominio_id: condominioId,
      nome: `Área ${Math.random().toString(36).slice(2, 8)}`,
      horarios: HORARIOS,
      modo: "dia",
      ...body,
    },
  });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body as { id: string; nome: string; [k: string]: unknown };
}

describe("setting up areas", () => {
  it("creates an area with defaults, audits by id and refuses a second one with the same name (any case)", async () => {
    const area = await createArea({ nome: "Salão de festas", capacidade: 80, regras: "Som até 22h" });
    expect(area).toMatchObject({
      nome: "Salão de festas",
      condominio: { id: placeA.condominio.id, nome: "Residencial Alfa", timezone: "America/Sao_Paulo" },
      modo: "dia",
      bloco_horas: null,
      antecedencia_minima_horas: 24,
      requer_aprovacao: true,
      ativa: true,
      foto: null,
    });
    const dup = await sindico.api.post("/api/areas", {
      json: { condominio_id: placeA.condominio.id, nome: "SALÃO DE FESTAS", horarios: HORARIOS, modo: "dia" },
    });
    expect(dup.status).toBe(409);
    expect(dup.body.error.message).toBe("Já existe uma área com este nome neste condomínio.");
    // Another condominium may have its own.
    await createArea({ nome: "Salão de festas" }, placeB.condominio.id);

    const [registro] = await db()
      .select()
      .from(auditoria)
      .where(and(eq(auditoria.entidade, "area_comum"), eq(auditoria.entidadeId, area.id)));
    expect(registro).toMatchObject({ acao: "criar", resumo: "Criou uma área comum" });
    expect(JSON.stringify(registro)).not.toContain("Som até 22h");
  });

  it("refuses bad input in pt-BR, and a morador, a porteiro and another tenant", async () => {
    const bad = await sindico.api.post("/api/areas", {
      json: { condominio_id: placeA.condominio.id, nome: "Quadra", horarios: HORARIOS, modo: "blocos" },
    });
    expect(bad.status).toBe(400);
    expect(JSON.stringify(bad.body)).toContain("Informe a duração do bloco em horas");
    const json = { condominio_id: placeA.condominio.id, nome: "Quadra", horarios: HORARIOS, modo: "dia" };
    expect((await morador.api.post("/api/areas", { json })).status).toBe(403);
    expect((await porteiroB.api.post("/api/areas", { json })).status).toBe(403);
    const foreign = await outro.api.post("/api/areas", { json });
    expect(foreign.status).toBe(404);
  });

  it("PATCH checks blocks against the stored area and reports a taken name as 409", async () => {
    const area = await createArea({ nome: "Churrasqueira" });
    const noBlock = await sindico.api.patch(`/api/areas/${area.id}`, { json: { modo: "blocos" } });
    expect(noBlock.status).toBe(400);
    expect(JSON.stringify(noBlock.body)).toContain("Informe a duração do bloco em horas");
    const blocks = await sindico.api.patch(`/api/areas/${area.id}`, { json: { modo: "blocos", bloco_horas: 4 } });
    expect(blocks.status, JSON.stringify(blocks.body)).toBe(200);
    expect(blocks.body).toMatchObject({ modo: "blocos", bloco_horas: 4 });
    // Only the length changes: the stored mode stays.
    const longer = await sindico.api.patch(`/api/areas/${area.id}`, { json: { bloco_horas: 6 } });
    expect(longer.body).toMatchObject({ modo: "blocos", bloco_horas: 6 });
    const whole = await sindico.api.patch(`/api/areas/${area.id}`, { json: { modo: "dia" } });
    expect(whole.body).toMatchObject({ modo: "dia", bloco_horas: null });

    await createArea({ nome: "Piscina" });
    const taken = await sindico.api.patch(`/api/areas/${area.id}`, { json: { nome: "piscina" } });
    expect(taken.status).toBe(409);
    expect(taken.body.error.message).toBe("Já existe uma área com este nome neste condomínio.");
    expect((await morador.api.patch(`/api/areas/${area.id}`, { json: { nome: "X y" } })).status).toBe(403);
    expect((await outro.api.patch(`/api/areas/${area.id}`, { json: { nome: "X y" } })).status).toBe(404);
  });
});

describe("who sees which areas", () => {
  it("a morador sees only active areas of their condominium; an assigned porteiro only their condominium's", async () => {
    const ativa = await createArea({ nome: "Academia" });
    const inativa = await createArea({ nome: "Sauna", ativa: false });
    const deB = await createArea({ nome: "Brinquedoteca" }, placeB.condominio.id);

    const ids = async (api: typeof sindico.api, query = "") => {
      const res = await api.get(`/api/areas${query}`);
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      return (res.body.items as { id: string }[]).map((a) => a.id);
    };
    const moradorVe = await ids(morador.api);
    expect(moradorVe).toContain(ativa.id);
    expect(moradorVe).not.toContain(inativa.id);
    expect(moradorVe).not.toContain(deB.id);
    expect((await morador.api.get(`/api/areas/${inativa.id}`)).status).toBe(404);
    expect((await morador.api.get(`/api/areas/${deB.id}`)).status).toBe(404);
    expect((await morador.api.get(`/api/areas/${ativa.id}`)).status).toBe(200);

    const sindicoVe = await ids(sindico.api);
    expect(sindicoVe).toEqual(expect.arrayContaining([ativa.id, inativa.id, deB.id]));
    expect(await ids(sindico.api, "?ativas=false")).toContain(inativa.id);
    expect(await ids(sindico.api, "?ativas=false")).not.toContain(ativa.id);
    expect(await ids(sindico.api, `?condominio_id=${placeB.condominio.id}`)).not.toContain(ativa.id);

    const porteiroVe = await ids(porteiroB.api);
    expect(porteiroVe).toContain(deB.id);
    expect(porteiroVe).not.toContain(ativa.id);
    expect((await porteiroB.api.get(`/api/areas/${ativa.id}`)).status).toBe(404);

    expect(await ids(outro.api)).toEqual([]);
    expect((await outro.api.get(`/api/areas/${ativa.id}`)).status).toBe(404);
    expect((await sindico.api.get("/api/areas?ativas=talvez")).status).toBe(400);
  });
});

describe("removing an area", () => {
  it("is refused while bookings are ahead, then hides the area and keeps its past bookings", async () => {
    const area = await createArea({ nome: "Espaço gourmet" });
    const now = Date.now();
    const booking = (inicio: number, status: "pendente" | "confirmada" | "cancelada") => ({
      organizationId: sindico.org.id,
      condominioId: placeA.condominio.id,
      areaId: area.id,
      unidadeId: placeA.unidade.id,
      inicio: new Date(inicio),
      fim: new Date(inicio + 3 * 3_600_000),
      bloqueioFim: new Date(inicio + 3 * 3_600_000),
      data: new Date(inicio).toISOString().slice(0, 10),
      status,
      regrasAceitasEm: new Date(now),
      ...(status === "cancelada" ? { canceladaEm: new Date(now) } : {}),
    });
    await db()
      .insert(reservas)
      .values([
        booking(now - 10 * 86_400_000, "confirmada"),
        booking(now + 5 * 86_400_000, "confirmada"),
        booking(now + 9 * 86_400_000, "pendente"),
        booking(now + 12 * 86_400_000, "cancelada"),
      ]);
    expect((await morador.api.delete(`/api/areas/${area.id}`)).status).toBe(403);
    const refused = await sindico.api.delete(`/api/areas/${area.id}`);
    expect(refused.status).toBe(409);
    expect(refused.body.error.message).toBe(
      "Esta área tem 2 reserva(s) futura(s). Cancele-as antes de remover a área.",
    );

    await db()
      .update(reservas)
      .set({ status: "cancelada", canceladaEm: new Date() })
      .where(and(eq(reservas.areaId, area.id), eq(reservas.status, "pendente")));
    await db()
      .update(reservas)
      .set({ status: "cancelada", canceladaEm: new Date() })
      .where(and(eq(reservas.areaId, area.id), eq(reservas.data, booking(now + 5 * 86_400_000, "confirmada").data)));
    const removed = await sindico.api.delete(`/api/areas/${area.id}`);
    expect(removed.status, JSON.stringify(removed.body)).toBe(204);
    expect((await sindico.api.get(`/api/areas/${area.id}`)).status).toBe(404);
    expect((await sindico.api.delete(`/api/areas/${area.id}`)).status).toBe(404);
    const list = await sindico.api.get("/api/areas");
    expect((list.body.items as { id: string }[]).map((a) => a.id)).not.toContain(area.id);
    const left = await db().select().from(reservas).where(eq(reservas.areaId, area.id));
    expect(left).toHaveLength(4);
    // The name is free again.
    await createArea({ nome: "Espaço gourmet" });
  });
});

describe("the area's photo", () => {
  it("the síndico uploads it; the morador sees it with the area; a morador cannot upload", async () => {
    const area = await createArea({ nome: "Salão nobre" });
    const bytes = await phoneJpeg(1200, 900);
    const upload = (cookie: string, id = area.id) =>
      client(shared(), { cookie }).post(`/api/areas/${id}/foto`, { bytes, headers: { "content-type": "image/jpeg" } });
    expect((await upload(morador.cookie)).status).toBe(403);
    expect((await upload(outro.cookie)).status).toBe(404);
    const res = await upload(sindico.cookie);
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    expect(res.body).toMatchObject({ status: "processando" });
    await shared().fotoRenderer.settled();

    const seen = await morador.api.get(`/api/areas/${area.id}`);
    expect(seen.body.foto).toMatchObject({ id: res.body.id, status: "disponivel" });
    const image = await morador.api.get(seen.body.foto.url);
    expect(image.status).toBe(200);
    expect(image.headers.get("content-type")).toBe("image/jpeg");
    const listed = await morador.api.get("/api/areas");
    const item = (listed.body.items as { id: string; foto: { id: string } | null }[]).find((a) => a.id === area.id);
    expect(item?.foto?.id).toBe(res.body.id);

    // A new photo replaces the old one.
    const again = await upload(sindico.cookie);
    expect(again.status).toBe(201);
    await shared().fotoRenderer.settled();
    expect((await sindico.api.get(`/api/areas/${area.id}`)).body.foto.id).toBe(again.body.id);

    // Deactivated: the morador no longer sees the area, nor its photo.
    const signed = (await morador.api.get(`/api/areas/${area.id}`)).body.foto.url as string;
    await sindico.api.patch(`/api/areas/${area.id}`, { json: { ativa: false } });
    expect((await morador.api.get(signed)).status).toBe(404);
  });
});
