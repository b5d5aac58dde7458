/**
 * The bookings' webhooks (docs/decisions/044-common-area-bookings.md): reserva.criada when a resident
 * books (and reserva.confirmada with it when the area needs no approval), reserva.confirmada,
 * reserva.recusada and reserva.cancelada as the síndico decides; the body names the booking, its
 * area, the unit and how many guests are listed, never a guest's name or document.
 */
import { pino } from "pino";
import { afterEach, beforeAll, describe, expect, it } from "vitest";
import { somaDias } from "@/shared/reserva-regras";
import { webhookPayloadSchema } from "@/shared/schemas/webhooks";
import {
  addSignedInMorador,
  createCondominioWithUnidade,
  createTenantWithMember,
} from "../../../../tests/support/factories";
import { setupTestSystem } from "../../../../tests/support/system";
import { startWebhookReceiver } from "../../../../tests/support/webhook-receiver";
import { areasComuns } from "../../db/schema";
import { deliverDueWebhooks } from "../../webhooks/deliver";

const system = setupTestSystem();
const cleanups: (() => Promise<void>)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0)) await cleanup();
});

let t: Awaited<ReturnType<typeof createTenantWithMember>>;
let condo: Awaited<ReturnType<typeof createCondominioWithUnidade>>;
let morador: Awaited<ReturnType<typeof addSignedInMorador>>;

const today = () =>
  new Intl.DateTimeFormat("en-CA", {
    timeZone: "America/Sao_Paulo",
    year: "numeric",
    month: "2-digit",
    day: "2-digit",
  }).format(new Date());
const todos = { abre: "10:00", fecha: "22:00" };

async function area(nome: string, requerAprovacao: boolean) {
  const [row] = await system()
    .handle.db.insert(areasComuns)
    .values({
      organizationId: t.org.id,
      condominioId: condo.condominio.id,
      nome,
      horarios: [todos, todos, todos, todos, todos, todos, todos],
      modo: "dia",
      antecedenciaMinimaHoras: 0,
      requerAprovacao,
    })
    .returning();
  return row!;
}

beforeAll(async () => {
  t = await createTenantWithMember(system(), { role: "sindico" });
  condo = await createCondominioWithUnidade(system(), t.org.id, { nome: "Residencial Webhook", codigo: "101" });
  morador = await addSignedInMorador(system(), t.org.id, condo.unidade, { nome: "Marta Moradora" });
});

async function subscribe(eventos: string[]) {
  const receiver = await startWebhookReceiver();
  cleanups.push(receiver.close);
  const hook = await t.api.post("/api/integracoes/webhooks", { json: { url: receiver.url, eventos } });
  expect(hook.status, JSON.stringify(hook.body)).toBe(201);
  return receiver;
}

const deliver = () =>
  deliverDueWebhooks({ db: system().handle.db, logger: pino({ level: "silent" }), allowPrivate: true });

const ALL = ["reserva.criada", "reserva.confirmada", "reserva.recusada", "reserva.cancelada"];

describe("reserva.* webhooks", () => {
  it("created, approved and cancelled: one delivery each, with the booking and no guest's data", async () => {
    const receiver = await subscribe(ALL);
    const salao = await area("Salão de festas", true);
    const res = await morador.api.post("/api/reservas", {
      json: {
        area_id: salao.id,
        unidade_id: condo.unidade.id,
        data: somaDias(today(), 10),
        aceite_regras: true,
        convidados: [{ nome: "Carla Convidada", documento: "111.222.333-44" }],
      },
    });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    await t.api.post(`/api/reservas/${res.body.id}/aprovar`);
    await t.api.post(`/api/reservas/${res.body.id}/cancelar`, { json: { motivo: "Obra no salão" } });
    await deliver();
    const bodies = receiver.received.map((r) => webhookPayloadSchema.parse(JSON.parse(r.body)));
    // Deliveries go out in parallel: compare without their order.
    expect(bodies.map((b) => `${b.tipo}:${b.dados.reserva?.status}`).sort()).toEqual(
      ["reserva.cancelada:cancelada", "reserva.confirmada:confirmada", "reserva.criada:pendente"].sort(),
    );
    const criada = bodies.find((b) => b.tipo === "reserva.criada")!;
    expect(criada.dados).toMatchObject({
      reserva: { id: res.body.id, area: { id: salao.id, nome: "Salão de festas" }, convidados_total: 1 },
      condominio: { id: condo.condominio.id, nome: "Residencial Webhook" },
      unidade: { id: condo.unidade.id, codigo: "101" },
    });
    expect(criada.dados.reserva!.inicio).toBe(res.body.inicio);
    for (const r of receiver.received) {
      expect(r.body).not.toContain("Carla");
      expect(r.body).not.toContain("333");
      expect(r.body).not.toContain("Marta");
    }
  });

  it("an area without approval: created and confirmed at once; a refusal is reserva.recusada", async () => {
    const receiver = await subscribe(ALL);
    const quadra = await area("Quadra", false);
    const res = await morador.api.post("/api/reservas", {
      json: { area_id: quadra.id, unidade_id: condo.unidade.id, data: somaDias(today(), 11), aceite_regras: true },
    });
    expect(res.status).toBe(201);
    const churrasqueira = await area("Churrasqueira", true);
    const other = await morador.api.post("/api/reservas", {
      json: {
        area_id: churrasqueira.id,
        unidade_id: condo.unidade.id,
        data: somaDias(today(), 12),
        aceite_regras: true,
      },
    });
    await t.api.post(`/api/reservas/${other.body.id}/recusar`, { json: { motivo: "Assembleia no dia" } });
    await deliver();
    const tipos = receiver.received.map(
      (r) => JSON.parse(r.body) as { tipo: string; dados: { reserva: { id: string } } },
    );
    expect(
      tipos
        .filter((b) => b.dados.reserva.id === res.body.id)
        .map((b) => b.tipo)
        .sort(),
    ).toEqual(["reserva.confirmada", "reserva.criada"]);
    expect(
      tipos
        .filter((b) => b.dados.reserva.id === other.body.id)
        .map((b) => b.tipo)
        .sort(),
    ).toEqual(["reserva.criada", "reserva.recusada"]);
    expect(receiver.received.every((r) => !r.body.includes("Assembleia"))).toBe(true);
  });
});
