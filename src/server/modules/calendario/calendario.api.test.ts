/**
 * Calendar feeds through the API (docs/decisions/044-common-area-bookings.md): a resident subscribes
 * to their unit's bookings and a síndico to the condominium's; a calendar app reads the address with
 * no session and gets each booking at the right instant (18:00–23:00 in São Paulo is 21:00Z–02:00Z);
 * the address works until revoked; nobody gets a feed of what they cannot see.
 */
import { TZDate } from "@date-fns/tz";
import { eq } from "drizzle-orm";
import ical, { type VEvent } from "node-ical";
import { beforeAll, describe, expect, it } from "vitest";
import {
  addSignedInMember,
  addSignedInMorador,
  addUnidade,
  createCondominioWithUnidade,
  createTenantWithMember,
} from "../../../../tests/support/factories";
import { client } from "../../../../tests/support/http";
import { setupTestSystem } from "../../../../tests/support/system";
import { areasComuns, calendarioFeeds, reservaConvidados, reservas, unidadeMoradores } from "../../db/schema";

const shared = setupTestSystem();
const db = () => shared().handle.db;
const anonymous = () => client(shared());

let sindico: Awaited<ReturnType<typeof createTenantWithMember>>;
let outro: Awaited<ReturnType<typeof createTenantWithMember>>;
let morador: Awaited<ReturnType<typeof addSignedInMorador>>;
let porteiro: Awaited<ReturnType<typeof addSignedInMember>>;
let place: Awaited<ReturnType<typeof createCondominioWithUnidade>>;
let unidade102: { id: string; condominioId: string };
let areaId: string;

const TZ = "America/Sao_Paulo";
const HORARIOS = Array.from({ length: 7 }, () => ({ abre: "08:00", fecha: "23:00" }));

/** A day N days from now, as the condominium's calendar has it. */
function localDay(daysAhead: number): { y: number; m: number; d: number; iso: string } {
  const day = new TZDate(Date.now() + daysAhead * 86_400_000, TZ);
  const y = day.getFullYear();
  const m = day.getMonth() + 1;
  const d = day.getDate();
  return { y, m, d, iso: `${y}-${String(m).padStart(2, "0")}-${String(d).padStart(2, "0")}` };
}

/** A booking written directly (the bookings' API has its own tests), from hh:00 to hh2:00 local time. */
async function book(
  unidadeId: string,
  daysAhead: number,
  status: "pendente" | "confirmada" | "cancelada" = "confirmada",
  hours: [number, number] = [18, 23],
) {
  const day = localDay(daysAhead);
  const inicio = new TZDate(day.y, day.m - 1, day.d, hours[0], 0, TZ);
  const fim = new TZDate(day.y, day.m - 1, day.d, hours[1], 0, TZ);
  const [row] = await db()
    .insert(reservas)
    .values({
      organizationId: sindico.org.id,
      condominioId: place.condominio.id,
      areaId,
      unidadeId,
      inicio: new Date(inicio.getTime()),
      fim: new Date(fim.getTime()),
      bloqueioFim: new Date(fim.getTime()),
      data: day.iso,
      status,
      regrasAceitasEm: new Date(),
      ...(status === "cancelada" ? { canceladaEm: new Date() } : {}),
    })
    .returning();
  return row!;
}

beforeAll(async () => {
  sindico = await createTenantWithMember(shared(), { role: "sindico" });
  outro = await createTenantWithMember(shared(), { role: "sindico" });
  place = await createCondominioWithUnidade(shared(), sindico.org.id, { nome: "Residencial Feed", timezone: TZ });
  unidade102 = await addUnidade(shared(), sindico.org.id, place.condominio.id, "102", "Torre A");
  morador = await addSignedInMorador(shared(), sindico.org.id, place.unidade, { nome: "Ana Moradora" });
  porteiro = await addSignedInMember(shared(), sindico.org.id, "porteiro");
  const [area] = await db()
    .insert(areasComuns)
    .values({
      organizationId: sindico.org.id,
      condominioId: place.condominio.id,
      nome: "Salão de festas",
      horarios: HORARIOS,
      limpezaMinutos: 0,
    })
    .returning();
  areaId = area!.id;
});

async function createFeed(api: typeof sindico.api, unidadeId: string | null) {
  const res = await api.post("/api/calendarios", {
    json: { condominio_id: place.condominio.id, unidade_id: unidadeId },
  });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body as { id: string; url: string; webcal_url: string; unidade_id: string | null };
}

/** What a calendar app gets: the path of the address, read with no cookie. */
async function fetchFeed(url: string) {
  return anonymous().get(new URL(url).pathname);
}

function eventsOf(text: string): VEvent[] {
  return Object.values(ical.sync.parseICS(text)).filter((c): c is VEvent => c?.type === "VEVENT");
}

describe("a unit's feed", () => {
  it("lists the unit's bookings at their instants, marks pending ones, and never guests or other units", async () => {
    const confirmada = await book(place.unidade.id, 10, "confirmada", [18, 23]);
    const pendente = await book(place.unidade.id, 20, "pendente", [10, 14]);
    await book(place.unidade.id, 25, "cancelada", [10, 14]);
    const vizinha = await book(unidade102.id, 11, "confirmada", [18, 23]);
    await db().insert(reservaConvidados).values({
      organizationId: sindico.org.id,
      condominioId: place.condominio.id,
      reservaId: confirmada.id,
      nome: "Carlos Convidado",
    });

    const feed = await createFeed(morador.api, place.unidade.id);
    const token = feed.url.match(/\/api\/calendario\/([A-Za-z0-9_-]{43})\.ics$/)?.[1];
    expect(token, feed.url).toBeDefined();
    expect(feed.url.startsWith("http://localhost:3000/api/calendario/")).toBe(true);
    expect(feed.webcal_url).toBe(feed.url.replace("http://", "webcal://"));
    // Only the hash is kept.
    const [stored] = await db().select().from(calendarioFeeds).where(eq(calendarioFeeds.id, feed.id));
    expect(stored!.tokenHash).toMatch(/^[0-9a-f]{64}$/);
    expect(JSON.stringify(stored)).not.toContain(token!);

    const res = await fetchFeed(feed.url);
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toBe("text/calendar; charset=utf-8");
    expect(res.headers.get("cache-control")).toBe("no-store");
    const text = res.body as string;
    expect(text).toContain("X-WR-CALNAME:Reservas — Torre A - Unidade 101");
    expect(text).toContain(`X-WR-TIMEZONE:${TZ}`);
    expect(text).not.toContain("Carlos");

    const events = eventsOf(text);
    expect(events.map((e) => e.uid).sort()).toEqual([`${confirmada.id}@guarita`, `${pendente.id}@guarita`].sort());
    expect(events.some((e) => e.uid === `${vizinha.id}@guarita`)).toBe(false);
    const festa = events.find((e) => e.uid === `${confirmada.id}@guarita`)!;
    // 18:00–23:00 in São Paulo (UTC−3) is 21:00Z to 02:00Z the next day.
    const day = localDay(10);
    expect(festa.start.toISOString()).toBe(new Date(Date.UTC(day.y, day.m - 1, day.d, 21, 0)).toISOString());
    expect(festa.end?.toISOString()).toBe(new Date(Date.UTC(day.y, day.m - 1, day.d + 1, 2, 0)).toISOString());
    expect(festa.start.getTime()).toBe(confirmada.inicio.getTime());
    expect(festa.summary).toBe("Salão de festas");
    const aguardando = events.find((e) => e.uid === `${pendente.id}@guarita`)!;
    expect(aguardando.summary).toBe("Salão de festas (aguardando aprovação)");

    const [acessado] = await db().select().from(calendarioFeeds).where(eq(calendarioFeeds.id, feed.id));
    expect(acessado!.ultimoAcessoEm).not.toBeNull();
    const listed = await morador.api.get("/api/calendarios");
    expect(listed.body.items).toEqual([expect.objectContaining({ id: feed.id, unidade_id: place.unidade.id })]);
    expect(JSON.stringify(listed.body)).not.toContain(token!);
  });

  it("stops working once revoked, or once its resident moves out; a wrong token is a 404 too", async () => {
    const feed = await createFeed(morador.api, place.unidade.id);
    expect((await fetchFeed(feed.url)).status).toBe(200);
    // An address is its creator's: nobody else revokes it (nor lists it), the síndico neither.
    expect((await sindico.api.delete(`/api/calendarios/${feed.id}`)).status).toBe(404);
    expect((await fetchFeed(feed.url)).status).toBe(200);
    expect((await morador.api.delete(`/api/calendarios/${feed.id}`)).status).toBe(204);
    const gone = await fetchFeed(feed.url);
    expect(gone.status).toBe(404);
    expect(gone.body).toBe("Calendário não encontrado");
    expect((await morador.api.delete(`/api/calendarios/${feed.id}`)).status).toBe(404);

    expect((await anonymous().get(`/api/calendario/${"A".repeat(43)}.ics`)).status).toBe(404);
    expect((await anonymous().get("/api/calendario/qualquer-coisa")).status).toBe(404);

    const segunda = await createFeed(morador.api, place.unidade.id);
    expect((await fetchFeed(segunda.url)).status).toBe(200);
    await db().update(unidadeMoradores).set({ ativo: false }).where(eq(unidadeMoradores.pessoaId, morador.pessoa.id));
    expect((await fetchFeed(segunda.url)).status).toBe(404);
    await db().update(unidadeMoradores).set({ ativo: true }).where(eq(unidadeMoradores.pessoaId, morador.pessoa.id));
    expect((await fetchFeed(segunda.url)).status).toBe(200);
  });

  it("is not creatable for another unit, another tenant, nor a condominium feed by a morador", async () => {
    const other = await morador.api.post("/api/calendarios", {
      json: { condominio_id: place.condominio.id, unidade_id: unidade102.id },
    });
    expect(other.status).toBe(404);
    const whole = await morador.api.post("/api/calendarios", {
      json: { condominio_id: place.condominio.id, unidade_id: null },
    });
    expect(whole.status).toBe(403);
    const porteiroWhole = await porteiro.api.post("/api/calendarios", {
      json: { condominio_id: place.condominio.id },
    });
    expect(porteiroWhole.status).toBe(403);
    const foreign = await outro.api.post("/api/calendarios", {
      json: { condominio_id: place.condominio.id, unidade_id: place.unidade.id },
    });
    expect(foreign.status).toBe(404);
    const foreignWhole = await outro.api.post("/api/calendarios", {
      json: { condominio_id: place.condominio.id, unidade_id: null },
    });
    expect(foreignWhole.status).toBe(404);
    expect((await anonymous().post("/api/calendarios", { json: { condominio_id: place.condominio.id } })).status).toBe(
      401,
    );
    // Staff may subscribe to a unit they reach.
    await createFeed(porteiro.api, unidade102.id);
  });
});

describe("the condominium's feed", () => {
  it("a síndico's feed names each booking's unit", async () => {
    const vizinha = await book(unidade102.id, 40, "confirmada", [12, 16]);
    const feed = await createFeed(sindico.api, null);
    expect(feed.unidade_id).toBeNull();
    const res = await fetchFeed(feed.url);
    expect(res.status).toBe(200);
    expect(res.body as string).toContain("X-WR-CALNAME:Reservas — Residencial Feed");
    const event = eventsOf(res.body as string).find((e) => e.uid === `${vizinha.id}@guarita`)!;
    expect(event.summary).toBe("Salão de festas — Torre A - Unidade 102");
    expect(event.start.getTime()).toBe(vizinha.inicio.getTime());
    expect(event.end?.getTime()).toBe(vizinha.fim.getTime());
  });
});
