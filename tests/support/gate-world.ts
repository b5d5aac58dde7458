/**
 * The world the gate's tests share: two tenants, two condominiums of the first (different
 * timezones are set per test), a porteiro and a morador, and helpers for passes valid around now.
 * Used by the API tests of passes, portaria (validation) and acessos (entries and the log).
 */
import { expect } from "vitest";
import type { System } from "@/server/bootstrap";
import { addDays, localClock } from "@/shared/pass-schedule";
import {
  addSignedInMember,
  addSignedInMorador,
  createCondominioWithUnidade,
  createTenantWithMember,
} from "./factories";

export const TZ = "America/Sao_Paulo";

export type Tenant = Awaited<ReturnType<typeof createTenantWithMember>>;
export type Condo = Awaited<ReturnType<typeof createCondominioWithUnidade>>;
export type Morador = Awaited<ReturnType<typeof addSignedInMorador>>;

/** Local HH:MM in São Paulo, `minutes` from now. */
export function hm(minutes: number, timeZone = TZ): string {
  const { seconds } = localClock(new Date(Date.now() + minutes * 60_000), timeZone);
  const m = Math.floor(seconds / 60);
  return `${String(Math.floor(m / 60)).padStart(2, "0")}:${String(m % 60).padStart(2, "0")}`;
}
export const today = () => localClock(new Date(), TZ).date;

/** A recurring pass valid every day around now (or, with `outside`, hours away from now). */
export function passInput(where: Condo, over: Record<string, unknown> = {}, outside = false) {
  return {
    condominio_id: where.condominio.id,
    unidade_id: where.unidade.id,
    tipo: "prestador",
    nome: "Maria Diarista",
    descricao: "diarista",
    documento: "12.345.678-9",
    telefone: "(11) 98888-7777",
    modalidade: "recorrente",
    data_inicio: addDays(today(), -1),
    data_fim: addDays(today(), 30),
    dias_semana: [0, 1, 2, 3, 4, 5, 6],
    hora_inicio: outside ? hm(120) : hm(-60),
    hora_fim: outside ? hm(180) : hm(60),
    ...over,
  };
}

/** The same fields for PUT, which keeps the unit. */
export function updateInput(where: Condo, over: Record<string, unknown> = {}) {
  const { condominio_id: _c, unidade_id: _u, ...rest } = passInput(where, over);
  return rest;
}

export async function createPass(api: Tenant["api"], input: Record<string, unknown>) {
  const res = await api.post("/api/passes", { json: input });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body;
}

export async function validate(api: Tenant["api"], json: Record<string, unknown>) {
  return api.post("/api/portaria/validacoes", { json });
}

export interface GateWorld {
  a: Tenant;
  b: Tenant;
  porteiro: Awaited<ReturnType<typeof addSignedInMember>>;
  morador: Morador;
  condoA: Condo;
  condoA2: Condo;
  condoB: Condo;
}

export async function createGateWorld(system: System): Promise<GateWorld> {
  const a = await createTenantWithMember(system, { role: "sindico" });
  const b = await createTenantWithMember(system, { role: "sindico" });
  const condoA = await createCondominioWithUnidade(system, a.org.id, { codigo: "42", torre: null, nome: "Jardim A" });
  const condoA2 = await createCondominioWithUnidade(system, a.org.id, { codigo: "7", torre: null, nome: "Vila A2" });
  const condoB = await createCondominioWithUnidade(system, b.org.id);
  const porteiro = await addSignedInMember(system, a.org.id, "porteiro");
  const morador = await addSignedInMorador(system, a.org.id, condoA.unidade, { nome: "Ana Moradora" });
  return { a, b, porteiro, morador, condoA, condoA2, condoB };
}
