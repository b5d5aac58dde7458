/**
 * The gate's "Lista de convidados" (docs/decisions/044-common-area-bookings.md): today's guests of a
 * condominium's confirmed bookings, and their entry through POST /api/acessos {origem: "reserva"}:
 * only within the booking's window, only for a confirmed booking, once at a time (two porteiros
 * tapping the same name: one entry), never across tenants or condominiums. Bookings and their guests
 * are written directly (the bookings' API has its own tests); times are relative to the real clock.
 */
import { and, eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { buildSearchText } from "@/server/db/search";
import {
  addSignedInMember,
  addSignedInMorador,
  createCondominioWithUnidade,
  createTenantWithMember,
} from "../../../../tests/support/factories";
import { setupTestSystem } from "../../../../tests/support/system";
import { areasComuns, member, membroCondominios, reservaConvidados, reservas } from "../../db/schema";

const system = setupTestSystem();
const db = () => system().handle.db;
const TZ = "America/Sao_Paulo";
const MIN = 60_000;

let sindico: Awaited<ReturnType<typeof createTenantWithMember>>;
let outro: Awaited<ReturnType<typeof createTenantWithMember>>;
let porteiro: Awaited<ReturnType<typeof addSignedInMember>>;
let morador: Awaited<ReturnType<typeof addSignedInMorador>>;
let place: Awaited<ReturnType<typeof createCondominioWithUnidade>>;
let elsewhere: Awaited<ReturnType<typeof createCondominioWithUnidade>>;
let otherTenantPlace: Awaited<ReturnType<typeof createCondominioWithUnidade>>;

const hhmm = (at: Date) =>
  new Intl.DateTimeFormat("pt-BR", { hour: "2-digit", minute: "2-digit", timeZone: TZ }).format(at);

let areaCount = 0;
async function area(organizationId: string, condominioId: string) {
  const todos = { abre: "00:00", fecha: "24:00" };
  const [row] = await db()
    .insert(areasComuns)
    .values({
      organizationId,
      condominioId,
      nome: `Salão ${++areaCount}`,
      horarios: [todos, todos, todos, todos, todos, todos, todos],
      requerAprovacao: false,
    })
    .returning();
  return row!;
}

/** A booking of a fresh area from `start` minutes from now, for `length` minutes, with its guests. */
async function booking(
  where: { condominio: { id: string; organizationId: string }; unidade: { id: string } },
  opts: { start: number; length: number; status?: "confirmada" | "pendente" | "cancelada"; guests: string[] },
) {
  const now = Date.now();
  const inicio = new Date(now + opts.start * MIN);
  const fim = new Date(inicio.getTime() + opts.length * MIN);
  const org = where.condominio.organizationId;
  const a = await area(org, where.condominio.id);
  const status = opts.status ?? "confirmada";
  const [r] = await db()
    .insert(reservas)
    .values({
      organizationId: org,
      condominioId: where.condominio.id,
      areaId: a.id,
      unidadeId: where.unidade.id,
      inicio,
      fim,
      data: new Intl.DateTimeFormat("en-CA", { timeZone: TZ }).format(inicio),
      bloqueioFim: fim,
      status,
      solicitadaPorPessoaId: org === sindico.org.id && where.unidade.id === place.unidade.id ? morador.pessoa.id : null,
      regrasAceitasEm: new Date(now),
      ...(status === "cancelada" ? { canceladaEm: new Date(now), motivoCancelamento: "Teste" } : {}),
    })
    .returning();
  const guests = await db()
    .insert(reservaConvidados)
    .values(
      opts.guests.map((nome, i) => ({
        organizationId: org,
        condominioId: where.condominio.id,
        reservaId: r!.id,
        nome,
        documento: `12.345.67${i}-0`,
        busca: buildSearchText([nome, `12.345.67${i}-0`]),
      })),
    )
    .returning();
  return { reserva: r!, area: a, inicio, fim, guests };
}

const list = (api: typeof porteiro.api, condominioId: string, q?: string) =>
  api.get(`/api/portaria/convidados?condominio_id=${condominioId}${q ? `&q=${encodeURIComponent(q)}` : ""}`);
const enter = (api: typeof porteiro.api, id: string) =>
  api.post("/api/acessos", { json: { origem: "reserva", reserva_convidado_id: id } });

beforeAll(async () => {
  sindico = await createTenantWithMember(system(), { role: "sindico" });
  outro = await createTenantWithMember(system(), { role: "sindico" });
  place = await createCondominioWithUnidade(system(), sindico.org.id, { codigo: "101", torre: null, nome: "Jardim" });
  elsewhere = await createCondominioWithUnidade(system(), sindico.org.id, { codigo: "5", torre: null, nome: "Vila" });
  otherTenantPlace = await createCondominioWithUnidade(system(), outro.org.id);
  porteiro = await addSignedInMember(system(), sindico.org.id, "porteiro");
  morador = await addSignedInMorador(system(), sindico.org.id, place.unidade, { nome: "Ana Moradora" });
});

describe("the gate's guest list", () => {
  it("lists today's guests of confirmed bookings, in-window first, searchable; a guest enters once, into the log", async () => {
    const party = await booking(place, { start: -60, length: 180, guests: ["Bruno Convidado", "Carla Convidada"] });
    const later = await booking(place, { start: 5, length: 60, guests: ["Zé Mais Tarde"] });
    const pendente = await booking(place, { start: -30, length: 120, status: "pendente", guests: ["Paulo Pendente"] });
    const tomorrow = await booking(place, { start: 48 * 60, length: 60, guests: ["Amanhã Silva"] });

    const res = await list(porteiro.api, place.condominio.id);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const names = res.body.items.map((x: { nome: string }) => x.nome);
    expect(names.slice(0, 3)).toEqual(["Bruno Convidado", "Carla Convidada", "Zé Mais Tarde"]);
    expect(names).not.toContain("Paulo Pendente");
    expect(names).not.toContain("Amanhã Silva");
    expect(res.body.items[0]).toMatchObject({
      id: party.guests[0]!.id,
      documento: expect.not.stringContaining("12.345.670-0"),
      reserva: {
        id: party.reserva.id,
        area: party.area.nome,
        inicio: party.inicio.toISOString(),
        fim: party.fim.toISOString(),
        unidade: { id: place.unidade.id, codigo: "101", torre: null },
      },
      na_janela: true,
      presente: false,
      entrada_em: null,
    });
    // Starting in 5 minutes: inside the window (it opens 30 minutes before the start).
    expect(res.body.items.find((x: { id: string }) => x.id === later.guests[0]!.id).na_janela).toBe(true);

    const searched = await list(porteiro.api, place.condominio.id, "carla");
    expect(searched.body.items.map((x: { nome: string }) => x.nome)).toEqual(["Carla Convidada"]);
    const byAccent = await list(porteiro.api, place.condominio.id, "ze mais");
    expect(byAccent.body.items.map((x: { nome: string }) => x.nome)).toEqual(["Zé Mais Tarde"]);

    const entry = await enter(porteiro.api, party.guests[0]!.id);
    expect(entry.status, JSON.stringify(entry.body)).toBe(201);
    expect(entry.body).toMatchObject({
      nome: "Bruno Convidado",
      origem: "reserva",
      tipo: "visitante",
      unidade_id: place.unidade.id,
      autorizado_por_nome: "Ana Moradora",
      saida_em: null,
    });

    const again = await enter(porteiro.api, party.guests[0]!.id);
    expect(again.status).toBe(409);
    expect(again.body.error.message).toBe(
      `Bruno Convidado já está no condomínio (entrada às ${hhmm(new Date(entry.body.entrada_em))}).`,
    );

    const log = await sindico.api.get(`/api/acessos?origem=reserva&condominio_id=${place.condominio.id}`);
    expect(log.status).toBe(200);
    expect(log.body.items).toContainEqual(
      expect.objectContaining({ id: entry.body.id, nome: "Bruno Convidado", origem: "reserva" }),
    );
    const inside = await sindico.api.get(`/api/acessos?presentes=true&q=${encodeURIComponent("Bruno Convidado")}`);
    expect(inside.body.items.map((x: { id: string }) => x.id)).toContain(entry.body.id);
    const csv = await sindico.api.get(`/api/acessos/export.csv?origem=reserva&condominio_id=${place.condominio.id}`);
    expect(csv.status).toBe(200);
    expect(String(csv.body)).toContain("Convidado de reserva");
    expect(String(csv.body)).toContain("Bruno Convidado");

    const after = await list(porteiro.api, place.condominio.id, "bruno");
    expect(after.body.items[0]).toMatchObject({ presente: true, entrada_em: entry.body.entrada_em });

    // After leaving, the guest may come back in while the booking lasts.
    expect((await porteiro.api.post(`/api/acessos/${entry.body.id}/saida`)).status).toBe(200);
    expect((await enter(porteiro.api, party.guests[0]!.id)).status).toBe(201);

    expect(pendente.guests).toHaveLength(1);
    expect(tomorrow.guests).toHaveLength(1);
  });

  it("refuses a guest outside the booking's window, naming it, and a guest of a booking not confirmed", async () => {
    const evening = await booking(place, { start: 120, length: 60, guests: ["Cedo Demais"] });
    const early = await enter(porteiro.api, evening.guests[0]!.id);
    expect(early.status).toBe(409);
    const abre = new Date(evening.inicio.getTime() - 30 * MIN);
    expect(early.body.error.message).toBe(
      `Fora do horário da reserva: a lista vale de ${hhmm(abre)} a ${hhmm(evening.fim)}.`,
    );

    const over = await booking(place, { start: -180, length: 60, guests: ["Tarde Demais"] });
    const late = await enter(porteiro.api, over.guests[0]!.id);
    expect(late.status).toBe(409);
    expect(late.body.error.message).toContain("Fora do horário da reserva");

    const pending = await booking(place, { start: -10, length: 60, status: "pendente", guests: ["Sem Confirmação"] });
    const notConfirmed = await enter(porteiro.api, pending.guests[0]!.id);
    expect(notConfirmed.status).toBe(409);
    expect(notConfirmed.body.error.message).toBe("A reserva deste convidado não está confirmada.");

    const cancelled = await booking(place, {
      start: -10,
      length: 60,
      status: "cancelada",
      guests: ["Festa Cancelada"],
    });
    expect((await enter(porteiro.api, cancelled.guests[0]!.id)).body.error.message).toBe(
      "A reserva deste convidado não está confirmada.",
    );

    const removed = await booking(place, { start: -10, length: 60, guests: ["Tirado da Lista"] });
    await db()
      .update(reservaConvidados)
      .set({ removidoEm: new Date() })
      .where(eq(reservaConvidados.id, removed.guests[0]!.id));
    expect((await enter(porteiro.api, removed.guests[0]!.id)).status).toBe(404);
    const listed = await list(porteiro.api, place.condominio.id, "tirado");
    expect(listed.body.items).toEqual([]);

    const bad = await porteiro.api.post("/api/acessos", { json: { origem: "reserva" } });
    expect(bad.status).toBe(400);
    expect(JSON.stringify(bad.body)).toContain("Selecione o convidado");
  });

  it("two porteiros tapping the same guest at once: one entry, the other hears who is inside", async () => {
    const party = await booking(place, { start: -15, length: 120, guests: ["Duda Disputada"] });
    const other = await addSignedInMember(system(), sindico.org.id, "porteiro");
    const results = await Promise.all([
      enter(porteiro.api, party.guests[0]!.id),
      enter(other.api, party.guests[0]!.id),
      enter(porteiro.api, party.guests[0]!.id),
    ]);
    const statuses = results.map((r) => r.status).sort();
    expect(statuses).toEqual([201, 409, 409]);
    for (const r of results.filter((x) => x.status === 409)) {
      expect(r.body.error.message).toMatch(/^Duda Disputada já está no condomínio \(entrada às \d\d:\d\d\)\.$/);
    }
  });

  it("never reaches another tenant's or another condominium's guests; a resident cannot use the gate's list", async () => {
    const theirs = await booking(otherTenantPlace, { start: -10, length: 60, guests: ["Do Outro Cliente"] });
    expect((await enter(porteiro.api, theirs.guests[0]!.id)).status).toBe(404);
    expect((await list(porteiro.api, otherTenantPlace.condominio.id)).status).toBe(404);

    // A porteiro assigned to one condominium neither lists nor lets in another's guests.
    const assigned = await addSignedInMember(system(), sindico.org.id, "porteiro");
    const [m] = await db()
      .select({ id: member.id })
      .from(member)
      .where(and(eq(member.organizationId, sindico.org.id), eq(member.userId, assigned.user.id)));
    await db()
      .insert(membroCondominios)
      .values({ organizationId: sindico.org.id, memberId: m!.id, condominioId: place.condominio.id });
    const vila = await booking(elsewhere, { start: -10, length: 60, guests: ["Da Vila"] });
    expect((await list(assigned.api, elsewhere.condominio.id)).status).toBe(404);
    const refused = await enter(assigned.api, vila.guests[0]!.id);
    expect(refused.status).toBe(404);
    expect(refused.body.error.message).toBe("Convidado não encontrado");
    expect((await list(porteiro.api, elsewhere.condominio.id)).body.items.map((x: { nome: string }) => x.nome)).toEqual(
      ["Da Vila"],
    );

    expect((await list(morador.api, place.condominio.id)).status).toBe(403);
    const mine = await booking(place, { start: -10, length: 60, guests: ["Amigo da Ana"] });
    expect((await enter(morador.api, mine.guests[0]!.id)).status).toBe(403);

    expect((await list(porteiro.api, "nao-e-um-id")).status).toBe(400);
  });
});
