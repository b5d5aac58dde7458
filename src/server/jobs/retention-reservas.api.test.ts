/**
 * Retention of common-area bookings' personal data (docs/product.md, "Personal data and retention";
 * docs/decisions/044-common-area-bookings.md): the guests of a booking that ended more than the
 * condominium's retention ago lose name, document and phone; a recent booking's guests stay; notices
 * about bookings older than it lose their address and demo text. The booking itself stays; the
 * preview counts what the run changes, and a second run changes nothing.
 */
import { eq, inArray } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { createCondominioWithUnidade, createTenantWithMember } from "../../../tests/support/factories";
import { setupTestSystem } from "../../../tests/support/system";
import { areasComuns, reservaAvisos, reservaConvidados, reservas } from "../db/schema";
import { buildSearchText } from "../db/search";
import { ANONYMISED_NAME, anonymiseExpired, previewExpired } from "./retention";

const system = setupTestSystem();
const db = () => system().handle.db;
const DAY = 86_400_000;
const now = new Date();
const ago = (days: number) => new Date(now.getTime() - days * DAY);

let t: Awaited<ReturnType<typeof createTenantWithMember>>;
let place: Awaited<ReturnType<typeof createCondominioWithUnidade>>;
let antiga: string;
let recente: string;

async function booking(areaId: string, endedDaysAgo: number, guests: string[]) {
  const fim = ago(endedDaysAgo);
  const inicio = new Date(fim.getTime() - 5 * 3_600_000);
  const [r] = await db()
    .insert(reservas)
    .values({
      organizationId: t.org.id,
      condominioId: place.condominio.id,
      areaId,
      unidadeId: place.unidade.id,
      inicio,
      fim,
      bloqueioFim: fim,
      data: inicio.toISOString().slice(0, 10),
      status: "confirmada",
      regrasAceitasEm: inicio,
      createdAt: inicio,
    })
    .returning();
  await db()
    .insert(reservaConvidados)
    .values(
      guests.map((nome) => ({
        organizationId: t.org.id,
        condominioId: place.condominio.id,
        reservaId: r!.id,
        nome,
        documento: "111.222.333-44",
        telefone: "+5511955554444",
        busca: buildSearchText([nome]),
      })),
    );
  await db().insert(reservaAvisos).values({
    organizationId: t.org.id,
    reservaId: r!.id,
    pessoaNome: "Morador",
    motivo: "confirmada",
    canal: "sms",
    destino: "+5511955550000",
    status: "enviada",
    mensagem: "Sua reserva foi confirmada.",
    createdAt: inicio,
  });
  return r!.id;
}

beforeAll(async () => {
  t = await createTenantWithMember(system(), { role: "owner" });
  place = await createCondominioWithUnidade(system(), t.org.id, { nome: "Residencial Retenção Reservas" });
  const [area] = await db()
    .insert(areasComuns)
    .values({
      organizationId: t.org.id,
      condominioId: place.condominio.id,
      nome: "Churrasqueira",
      horarios: Array.from({ length: 7 }, () => ({ abre: "08:00", fecha: "23:00" })),
    })
    .returning();
  antiga = await booking(area!.id, 120, ["Bruno Antigo", "Bia Antiga"]);
  recente = await booking(area!.id, 10, ["Rita Recente"]);
});

describe("retention of bookings' guests and notices", () => {
  it("anonymises the guests of bookings past the retention and their notices, keeps the rest", async () => {
    const preview = await previewExpired(db(), t.org.id, place.condominio.id, now);
    expect(preview!.contagens).toMatchObject({ convidados_reservas: 2, avisos_reservas: 1 });

    const run = await anonymiseExpired(db(), now, { organizationId: t.org.id, batchSize: 1 });
    expect(run.porCondominio.get(place.condominio.id)).toMatchObject({ convidados_reservas: 2, avisos_reservas: 1 });

    const old = await db().select().from(reservaConvidados).where(eq(reservaConvidados.reservaId, antiga));
    expect(old).toHaveLength(2);
    for (const g of old) {
      expect(g).toMatchObject({ nome: ANONYMISED_NAME, documento: null, telefone: null });
      expect(g.anonimizadoEm).not.toBeNull();
    }
    const [fresh] = await db().select().from(reservaConvidados).where(eq(reservaConvidados.reservaId, recente));
    expect(fresh).toMatchObject({ nome: "Rita Recente", telefone: "+5511955554444" });

    const avisos = await db()
      .select()
      .from(reservaAvisos)
      .where(inArray(reservaAvisos.reservaId, [antiga, recente]));
    expect(avisos.find((a) => a.reservaId === antiga)).toMatchObject({ destino: "", mensagem: null });
    expect(avisos.find((a) => a.reservaId === recente)).toMatchObject({ destino: "+5511955550000" });

    // The booking itself stays for the calendar and the counts.
    const [kept] = await db().select().from(reservas).where(eq(reservas.id, antiga));
    expect(kept!.status).toBe("confirmada");

    const again = await anonymiseExpired(db(), now, { organizationId: t.org.id });
    expect(again.porCondominio.get(place.condominio.id)).toMatchObject({ convidados_reservas: 0, avisos_reservas: 0 });
  });
});
