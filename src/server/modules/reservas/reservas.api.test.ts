/**
 * Bookings of common areas through the API (docs/decisions/044-common-area-bookings.md): each rule
 * refused with its message, two units racing for one slot (one wins, the others hear why), the
 * cleaning gap, the síndico's approval and refusal, cancellation by a resident and by staff, the
 * guest list, availability, the calendar as a neighbour sees it, and what another unit or tenant
 * cannot reach. Dates are relative to the real clock (there is no injectable one here).
 */
import { and, eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { MENSAGENS, nomeDoDia, somaDias } from "@/shared/reserva-regras";
import {
  addSignedInMember,
  addSignedInMorador,
  addUnidade,
  createCondominioWithUnidade,
  createTenantWithMember,
} from "../../../../tests/support/factories";
import { setupTestSystem } from "../../../../tests/support/system";
import { acessos, areasComuns, auditoria, reservaAvisos } from "../../db/schema";

const shared = setupTestSystem();
const db = () => shared().handle.db;
const TZ = "America/Sao_Paulo";

let sindico: Awaited<ReturnType<typeof createTenantWithMember>>;
let porteiro: Awaited<ReturnType<typeof addSignedInMember>>;
let morador: Awaited<ReturnType<typeof addSignedInMorador>>;
let vizinho: Awaited<ReturnType<typeof addSignedInMorador>>;
let place: Awaited<ReturnType<typeof createCondominioWithUnidade>>;
let unidade102: { id: string; condominioId: string };
let outro: Awaited<ReturnType<typeof createTenantWithMember>>;

const todayLocal = () =>
  new Intl.DateTimeFormat("en-CA", { timeZone: TZ, year: "numeric", month: "2-digit", day: "2-digit" }).format(
    new Date(),
  );
const dia = (n: number) => somaDias(todayLocal(), n);
const todos = { abre: "08:00", fecha: "22:00" };

let areaCount = 0;
/** An area written directly (the areas' API is its own module's). */
async function area(over: Partial<typeof areasComuns.$inferInsert> = {}) {
  const [row] = await db()
    .insert(areasComuns)
    .values({
      organizationId: sindico.org.id,
      condominioId: place.condominio.id,
      nome: `Área ${++areaCount}`,
      horarios: [todos, todos, todos, todos, todos, todos, todos],
      modo: "dia",
      antecedenciaMinimaHoras: 0,
      antecedenciaMaximaDias: 400,
      limpezaMinutos: 0,
      cancelamentoHoras: 0,
      requerAprovacao: false,
      ...over,
    })
    .returning();
  return row!;
}

function book(api: typeof sindico.api, json: Record<string, unknown>) {
  return api.post("/api/reservas", {
    json: { unidade_id: place.unidade.id, aceite_regras: true, ...json },
  });
}

beforeAll(async () => {
  sindico = await createTenantWithMember(shared(), { role: "sindico" });
  place = await createCondominioWithUnidade(shared(), sindico.org.id, { nome: "Residencial Reservas", codigo: "101" });
  unidade102 = await addUnidade(shared(), sindico.org.id, place.condominio.id, "102", "Torre A");
  porteiro = await addSignedInMember(shared(), sindico.org.id, "porteiro");
  morador = await addSignedInMorador(shared(), sindico.org.id, place.unidade, { nome: "Ana Moradora" });
  vizinho = await addSignedInMorador(shared(), sindico.org.id, unidade102, { nome: "Bruno Vizinho" });
  outro = await createTenantWithMember(shared(), { role: "sindico" });
});

describe("the rules, each with its message", () => {
  it("past, notice, horizon", async () => {
    const a = await area({ antecedenciaMinimaHoras: 72, antecedenciaMaximaDias: 10 });
    const past = await book(morador.api, { area_id: a.id, data: dia(-1) });
    expect(past.status).toBe(400);
    expect(past.body.error.message).toBe("Não é possível reservar uma data que já passou.");
    const notice = await book(morador.api, { area_id: a.id, data: dia(1) });
    expect(notice.status).toBe(400);
    expect(notice.body.error.message).toBe("Reservas desta área precisam de pelo menos 72 horas de antecedência.");
    const horizon = await book(morador.api, { area_id: a.id, data: dia(20) });
    expect(horizon.status).toBe(400);
    expect(horizon.body.error.message).toBe(
      "Reservas desta área podem ser feitas com no máximo 10 dias de antecedência.",
    );
    expect((await book(morador.api, { area_id: a.id, data: dia(6) })).status).toBe(201);
  });

  it("closed day, opening hours and blocks", async () => {
    const data = dia(5);
    const weekday = new Date(`${data}T12:00:00Z`).getUTCDay();
    const horarios = [todos, todos, todos, todos, todos, todos, todos] as ({ abre: string; fecha: string } | null)[];
    horarios[weekday] = null;
    const fechada = await area({ horarios });
    const closed = await book(morador.api, { area_id: fechada.id, data });
    expect(closed.status).toBe(400);
    const nome = nomeDoDia(data);
    expect(closed.body.error.message).toBe(`A área não abre neste dia (${nome[0]!.toUpperCase()}${nome.slice(1)}).`);

    const quadra = await area({ modo: "blocos", blocoHoras: 4 });
    const early = await book(morador.api, { area_id: quadra.id, data, hora_inicio: "06:00", hora_fim: "08:00" });
    expect(early.status).toBe(400);
    expect(early.body.error.message).toBe(`Fora do horário de funcionamento da área (${nome}: 08:00–22:00).`);
    const offGrid = await book(morador.api, { area_id: quadra.id, data, hora_inicio: "09:00", hora_fim: "12:00" });
    expect(offGrid.status).toBe(400);
    expect(offGrid.body.error.message).toBe("Escolha um dos horários da área (blocos de 4 horas a partir de 08:00).");
    const two = await book(morador.api, { area_id: quadra.id, data, hora_inicio: "08:00", hora_fim: "16:00" });
    expect(two.status, JSON.stringify(two.body)).toBe(201);
    expect(two.body.data).toBe(data);
  });

  it("capacity", async () => {
    const a = await area({ capacidade: 2 });
    const res = await book(morador.api, {
      area_id: a.id,
      data: dia(3),
      convidados: [{ nome: "Carla" }, { nome: "Davi" }, { nome: "Elisa" }],
    });
    expect(res.status).toBe(400);
    expect(res.body.error.message).toBe("A lista de convidados passa da capacidade da área (2 pessoas).");
  });

  it("an inactive area takes no bookings", async () => {
    const a = await area({ ativa: false });
    for (const api of [sindico.api, morador.api]) {
      const res = await book(api, { area_id: a.id, data: dia(3) });
      expect(res.status).toBe(400);
      expect(res.body.error.message).toBe("Esta área não está disponível para reservas.");
    }
    const disp = await morador.api.get(`/api/areas/${a.id}/disponibilidade?de=${dia(3)}&ate=${dia(3)}`);
    expect(disp.body.dias[0].horarios[0]).toMatchObject({ situacao: "indisponivel", motivo: MENSAGENS.indisponivel });
  });

  it("the monthly limit, decided atomically under parallel requests", async () => {
    const a = await area({ maxReservasMes: 1 });
    const month = dia(40).slice(0, 7);
    const days = [3, 6, 9, 12, 15].map((d) => `${month}-${String(d).padStart(2, "0")}`);
    const results = await Promise.all(days.map((data) => book(morador.api, { area_id: a.id, data })));
    expect(results.filter((r) => r.status === 201)).toHaveLength(1);
    for (const r of results.filter((x) => x.status !== 201)) {
      expect(r.status).toBe(409);
      expect(r.body.error.message).toBe("Limite de 1 reserva(s) por mês desta área para a unidade atingido.");
    }
    // Another unit has its own count.
    expect((await book(vizinho.api, { area_id: a.id, data: `${month}-20`, unidade_id: unidade102.id })).status).toBe(
      201,
    );
  });

  it("cancellation deadline for a resident; staff cancel at any time with a reason", async () => {
    const a = await area({ cancelamentoHoras: 48 });
    const res = await book(morador.api, { area_id: a.id, data: dia(1) });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    const late = await morador.api.post(`/api/reservas/${res.body.id}/cancelar`, { json: {} });
    expect(late.status).toBe(409);
    expect(late.body.error.message).toBe("O prazo para cancelar terminou: cancelamentos até 48 horas antes do início.");
    const noReason = await sindico.api.post(`/api/reservas/${res.body.id}/cancelar`, { json: {} });
    expect(noReason.status).toBe(400);
    expect(noReason.body.error.message).toBe("Informe o motivo do cancelamento");
    const done = await sindico.api.post(`/api/reservas/${res.body.id}/cancelar`, {
      json: { motivo: "Manutenção no salão" },
    });
    expect(done.status).toBe(200);
    expect(done.body).toMatchObject({ status: "cancelada", motivo_cancelamento: "Manutenção no salão" });
    const avisos = await db().select().from(reservaAvisos).where(eq(reservaAvisos.reservaId, res.body.id));
    expect(avisos.map((x) => x.motivo)).toEqual(["cancelada"]);
    // The time is free again.
    expect((await book(vizinho.api, { area_id: a.id, data: dia(1), unidade_id: unidade102.id })).status).toBe(201);
  });
});

describe("conflicts", () => {
  it("two units racing for one slot: exactly one wins, the others hear it is taken", async () => {
    const a = await area();
    const data = dia(8);
    const attempts = Array.from({ length: 10 }, (_, i) =>
      i % 2 === 0
        ? book(morador.api, { area_id: a.id, data })
        : book(vizinho.api, { area_id: a.id, data, unidade_id: unidade102.id }),
    );
    const results = await Promise.all(attempts);
    expect(results.filter((r) => r.status === 201)).toHaveLength(1);
    const refused = results.filter((r) => r.status !== 201);
    expect(refused).toHaveLength(9);
    for (const r of refused) {
      expect(r.status, JSON.stringify(r.body)).toBe(409);
      expect(r.body.error.message).toBe("Horário indisponível: já existe uma reserva da área neste período.");
    }
  });

  it("a booking inside the cleaning gap is refused with the cleaning message; availability shows it", async () => {
    const a = await area({ modo: "blocos", blocoHoras: 2, limpezaMinutos: 30 });
    const data = dia(9);
    const first = await book(morador.api, { area_id: a.id, data, hora_inicio: "10:00", hora_fim: "12:00" });
    expect(first.status, JSON.stringify(first.body)).toBe(201);
    const after = await book(vizinho.api, {
      area_id: a.id,
      data,
      unidade_id: unidade102.id,
      hora_inicio: "12:00",
      hora_fim: "14:00",
    });
    expect(after.status).toBe(409);
    expect(after.body.error.message).toBe(
      "Horário indisponível: a área precisa de 30 minutos de limpeza entre reservas.",
    );
    // Before it: this booking's own gap would run into the next one's start.
    const before = await book(vizinho.api, {
      area_id: a.id,
      data,
      unidade_id: unidade102.id,
      hora_inicio: "08:00",
      hora_fim: "10:00",
    });
    expect(before.status).toBe(409);
    expect(before.body.error.message).toBe(MENSAGENS.limpeza(30));
    const same = await book(vizinho.api, {
      area_id: a.id,
      data,
      unidade_id: unidade102.id,
      hora_inicio: "10:00",
      hora_fim: "12:00",
    });
    expect(same.body.error.message).toBe(MENSAGENS.conflito);

    const disp = await vizinho.api.get(`/api/areas/${a.id}/disponibilidade?de=${data}&ate=${data}`);
    expect(disp.status, JSON.stringify(disp.body)).toBe(200);
    const slots = disp.body.dias[0].horarios as { hora_inicio: string; situacao: string; motivo: string | null }[];
    const by = Object.fromEntries(slots.map((s) => [s.hora_inicio, s]));
    expect(by["08:00"]).toMatchObject({ situacao: "ocupado", motivo: MENSAGENS.limpeza(30) });
    expect(by["10:00"]).toMatchObject({ situacao: "ocupado", motivo: MENSAGENS.conflito });
    expect(by["12:00"]).toMatchObject({ situacao: "ocupado", motivo: MENSAGENS.limpeza(30) });
    expect(by["14:00"]).toMatchObject({ situacao: "livre", motivo: null });
  });

  it("availability marks the rules: past days and the notice", async () => {
    const a = await area({ antecedenciaMinimaHoras: 72 });
    const res = await morador.api.get(`/api/areas/${a.id}/disponibilidade?de=${dia(-1)}&ate=${dia(5)}`);
    expect(res.status).toBe(200);
    expect(res.body.dias).toHaveLength(7);
    expect(res.body.dias[0].horarios[0]).toMatchObject({ situacao: "indisponivel", motivo: MENSAGENS.passado });
    expect(res.body.dias[2].horarios[0]).toMatchObject({
      situacao: "indisponivel",
      motivo: MENSAGENS.antecedencia(72),
    });
    expect(res.body.dias[6].horarios[0]).toMatchObject({ situacao: "livre" });
    const tooLong = await morador.api.get(`/api/areas/${a.id}/disponibilidade?de=${dia(0)}&ate=${dia(60)}`);
    expect(tooLong.status).toBe(400);
  });
});

describe("approval, refusal and cancellation", () => {
  it("a resident's booking waits for the síndico; approve once, refuse with a reason; residents are told", async () => {
    const a = await area({ requerAprovacao: true, nome: "Salão de festas" });
    const res = await book(morador.api, { area_id: a.id, data: dia(12), convidados: [{ nome: "Carla Convidada" }] });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    expect(res.body).toMatchObject({ status: "pendente", convidados_total: 1, solicitada_por_nome: "Ana Moradora" });

    expect((await porteiro.api.post(`/api/reservas/${res.body.id}/aprovar`)).status).toBe(403);
    const ok = await sindico.api.post(`/api/reservas/${res.body.id}/aprovar`);
    expect(ok.status).toBe(200);
    expect(ok.body.status).toBe("confirmada");
    const again = await sindico.api.post(`/api/reservas/${res.body.id}/aprovar`);
    expect(again.status).toBe(409);
    expect(again.body.error.message).toBe("Esta reserva já foi aprovada.");

    const other = await book(morador.api, { area_id: a.id, data: dia(13) });
    const noReason = await sindico.api.post(`/api/reservas/${other.body.id}/recusar`, { json: {} });
    expect(noReason.status).toBe(400);
    const refused = await sindico.api.post(`/api/reservas/${other.body.id}/recusar`, {
      json: { motivo: "Data reservada para assembleia" },
    });
    expect(refused.status).toBe(200);
    expect(refused.body).toMatchObject({ status: "recusada", motivo_recusa: "Data reservada para assembleia" });
    const refuseApproved = await sindico.api.post(`/api/reservas/${res.body.id}/recusar`, {
      json: { motivo: "Tarde demais" },
    });
    expect(refuseApproved.status).toBe(409);

    const avisos = await db().select().from(reservaAvisos).where(eq(reservaAvisos.reservaId, res.body.id));
    expect(avisos.map((x) => x.motivo)).toEqual(["confirmada"]);
    const recusa = await db().select().from(reservaAvisos).where(eq(reservaAvisos.reservaId, other.body.id));
    expect(recusa.map((x) => x.motivo)).toEqual(["recusada"]);

    const [registro] = await db()
      .select()
      .from(auditoria)
      .where(
        and(eq(auditoria.entidade, "reserva"), eq(auditoria.entidadeId, res.body.id), eq(auditoria.acao, "criar")),
      );
    expect(registro!.resumo).toBe("Reservou Salão de festas para a unidade 101");
    expect(JSON.stringify(registro)).not.toContain("Carla");
  });

  it("staff booking is confirmed at once and the unit is told; a resident cancels their own in time", async () => {
    const a = await area({ requerAprovacao: true, cancelamentoHoras: 24 });
    const staff = await book(porteiro.api, { area_id: a.id, data: dia(14) });
    expect(staff.status, JSON.stringify(staff.body)).toBe(201);
    expect(staff.body.status).toBe("confirmada");
    const avisos = await db().select().from(reservaAvisos).where(eq(reservaAvisos.reservaId, staff.body.id));
    expect(avisos.map((x) => x.motivo)).toEqual(["confirmada"]);

    const mine = await book(morador.api, { area_id: a.id, data: dia(15) });
    expect(mine.body.pode_cancelar).toBe(true);
    const cancel = await morador.api.post(`/api/reservas/${mine.body.id}/cancelar`, { json: {} });
    expect(cancel.status).toBe(200);
    expect(cancel.body).toMatchObject({ status: "cancelada", pode_cancelar: false });
    const twice = await morador.api.post(`/api/reservas/${mine.body.id}/cancelar`, { json: {} });
    expect(twice.status).toBe(409);
  });
});

describe("guests", () => {
  it("replaces the list: kept guests keep their ids, the others are taken off, new ones added", async () => {
    const a = await area({ capacidade: 3 });
    const res = await book(morador.api, {
      area_id: a.id,
      data: dia(16),
      convidados: [{ nome: "Carla", documento: "111.222.333-44" }, { nome: "Davi" }],
    });
    expect(res.status).toBe(201);
    const carla = res.body.convidados.find((c: { nome: string }) => c.nome === "Carla");
    // The detail masks the document; sending it back as shown keeps the guest.
    const put = await morador.api.put(`/api/reservas/${res.body.id}/convidados`, {
      json: { convidados: [{ nome: "Carla", documento: carla.documento }, { nome: "Elisa" }] },
    });
    expect(put.status, JSON.stringify(put.body)).toBe(200);
    expect(put.body.convidados.map((c: { nome: string }) => c.nome)).toEqual(["Carla", "Elisa"]);
    expect(put.body.convidados[0].id).toBe(carla.id);
    expect(put.body.convidados_total).toBe(2);
    const tooMany = await morador.api.put(`/api/reservas/${res.body.id}/convidados`, {
      json: { convidados: [{ nome: "A1" }, { nome: "A2" }, { nome: "A3" }, { nome: "A4" }] },
    });
    expect(tooMany.status).toBe(400);
    expect(tooMany.body.error.message).toBe(MENSAGENS.capacidade(3));
    const neighbour = await vizinho.api.put(`/api/reservas/${res.body.id}/convidados`, { json: { convidados: [] } });
    expect(neighbour.status).toBe(404);
  });
});

describe("guests who came in", () => {
  it("stay on the list when left out of a replacement, marked as inside", async () => {
    const a = await area();
    const res = await book(morador.api, {
      area_id: a.id,
      data: dia(17),
      convidados: [{ nome: "Fábio Chegou" }, { nome: "Gina Faltou" }],
    });
    expect(res.status).toBe(201);
    const fabio = res.body.convidados.find((c: { nome: string }) => c.nome === "Fábio Chegou");
    await db().insert(acessos).values({
      organizationId: sindico.org.id,
      condominioId: place.condominio.id,
      unidadeId: place.unidade.id,
      nome: "Fábio Chegou",
      tipo: "visitante",
      origem: "reserva",
      reservaConvidadoId: fabio.id,
    });
    const put = await morador.api.put(`/api/reservas/${res.body.id}/convidados`, {
      json: { convidados: [{ nome: "Hugo Novo" }] },
    });
    expect(put.status, JSON.stringify(put.body)).toBe(200);
    expect(put.body.convidados.map((c: { nome: string; presente: boolean }) => [c.nome, c.presente])).toEqual([
      ["Fábio Chegou", true],
      ["Hugo Novo", false],
    ]);
    expect(put.body.convidados[0].entrada_em).not.toBeNull();
  });
});

describe("what each side sees", () => {
  it("a neighbour gets 404 on the detail and 'Ocupado' in the calendar; staff see the unit", async () => {
    const a = await area({ nome: "Churrasqueira" });
    const data = dia(18);
    const res = await book(morador.api, { area_id: a.id, data });
    expect(res.status).toBe(201);
    expect((await vizinho.api.get(`/api/reservas/${res.body.id}`)).status).toBe(404);
    expect((await morador.api.get(`/api/reservas/${res.body.id}`)).status).toBe(200);

    const q = `condominio_id=${place.condominio.id}&area_id=${a.id}&de=${data}&ate=${data}`;
    const theirs = await vizinho.api.get(`/api/reservas/calendario?${q}`);
    expect(theirs.status).toBe(200);
    expect(theirs.body.items).toEqual([
      expect.objectContaining({ id: null, unidade: null, titulo: "Ocupado", propria: false }),
    ]);
    const own = await morador.api.get(`/api/reservas/calendario?${q}`);
    expect(own.body.items[0]).toMatchObject({ id: res.body.id, propria: true });
    const staff = await sindico.api.get(`/api/reservas/calendario?${q}`);
    expect(staff.body.items[0]).toMatchObject({ id: res.body.id, unidade: { codigo: "101" } });

    // A morador books only for their own units.
    const forNeighbour = await book(morador.api, { area_id: a.id, data: dia(19), unidade_id: unidade102.id });
    expect(forNeighbour.status).toBe(404);

    const list = await vizinho.api.get(`/api/reservas?area_id=${a.id}`);
    expect(list.body.items).toEqual([]);
    const mineList = await morador.api.get(`/api/reservas?area_id=${a.id}`);
    expect(mineList.body.items.map((r: { id: string }) => r.id)).toEqual([res.body.id]);
  });

  it("another tenant reaches nothing", async () => {
    const a = await area();
    const res = await book(morador.api, { area_id: a.id, data: dia(20) });
    expect(res.status).toBe(201);
    expect((await outro.api.get(`/api/reservas/${res.body.id}`)).status).toBe(404);
    expect((await outro.api.post(`/api/reservas/${res.body.id}/aprovar`)).status).toBe(404);
    expect((await outro.api.get(`/api/areas/${a.id}/disponibilidade?de=${dia(1)}&ate=${dia(2)}`)).status).toBe(404);
    const theirs = await createCondominioWithUnidade(shared(), outro.org.id, { codigo: "1" });
    const cross = await outro.api.post("/api/reservas", {
      json: { area_id: a.id, unidade_id: theirs.unidade.id, data: dia(21), aceite_regras: true },
    });
    expect(cross.status).toBe(404);
  });

  it("lists newest start first and exports CSV with the same scope", async () => {
    const a = await area({ nome: "Quadra CSV" });
    const first = await book(morador.api, { area_id: a.id, data: dia(22) });
    const second = await book(morador.api, { area_id: a.id, data: dia(23), convidados: [{ nome: "Ivo" }] });
    const list = await sindico.api.get(`/api/reservas?area_id=${a.id}&page=1&page_size=10`);
    expect(list.status).toBe(200);
    expect(list.body.items.map((r: { id: string }) => r.id)).toEqual([second.body.id, first.body.id]);
    expect(list.body.total).toBe(2);
    expect(list.body.items.map((r: { convidados_total: number }) => r.convidados_total)).toEqual([1, 0]);
    const csv = await sindico.api.get(`/api/reservas/export.csv?area_id=${a.id}`);
    expect(csv.status).toBe(200);
    const lines = String(csv.body).trim().split("\r\n");
    expect(lines[0]).toContain("Início;Fim;Status;Área");
    expect(lines).toHaveLength(3);
    expect(lines[1]).toContain("Quadra CSV");
  });
});
