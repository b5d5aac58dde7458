/**
 * The demo tenant's common areas (docs/product.md, "Áreas comuns"): the Acácias' party room (blocks of
 * five hours, approval, rules) and barbecue area (the whole day, no approval), the Amazonas' court
 * (one-hour blocks). Two bookings in the party room by other units than the morador login's, on days
 * the demo (and its e2e tests) do not book: a confirmed one with guests and one waiting for the síndico.
 */
import { TZDate } from "@date-fns/tz";
import type { Executor } from "../client";
import { areasComuns, reservaConvidados, reservas } from "../schema";
import { buildSearchText } from "../search";

const DAY_MS = 86_400_000;
const open = (abre: string, fecha: string) => Array.from({ length: 7 }, () => ({ abre, fecha }));

const REGRAS_SALAO = [
  "1. Horário máximo até 23:00; música em volume moderado após 22:00.",
  "2. O morador responsável acompanha o evento e responde por danos.",
  "3. Convidados entram pela portaria social, com nome na lista.",
  "4. Entregue o salão limpo; a vistoria é feita pela administração.",
].join("\n");

interface Place {
  id: string;
  timezone: string;
}

/** `days` ahead of `now`, at `hour`:00 in the condominium's timezone. */
function localAt(now: Date, timezone: string, days: number, hour: number): Date {
  const day = new TZDate(now.getTime() + days * DAY_MS, timezone);
  return new Date(new TZDate(day.getFullYear(), day.getMonth(), day.getDate(), hour, 0, timezone).getTime());
}

export async function seedDemoAreas(
  tx: Executor,
  opts: {
    organizationId: string;
    acacias: Place;
    amazonas: Place;
    /** Units of the Acácias that may hold the demo's bookings (not the morador login's). */
    bookingUnits: { id: string }[];
    now: Date;
  },
) {
  const { organizationId, acacias, amazonas, now } = opts;
  const [salao] = await tx
    .insert(areasComuns)
    .values([
      {
        organizationId,
        condominioId: acacias.id,
        nome: "Salão de festas",
        descricao: "Salão com cozinha, 20 mesas e som ambiente.",
        capacidade: 80,
        horarios: open("08:00", "23:00"),
        modo: "blocos",
        blocoHoras: 5,
        antecedenciaMinimaHoras: 24,
        antecedenciaMaximaDias: 90,
        maxReservasMes: 2,
        limpezaMinutos: 60,
        cancelamentoHoras: 48,
        requerAprovacao: true,
        taxaCentavos: 15_000,
        regras: REGRAS_SALAO,
      },
      {
        organizationId,
        condominioId: acacias.id,
        nome: "Churrasqueira",
        capacidade: 30,
        horarios: open("10:00", "22:00"),
        modo: "dia",
        antecedenciaMinimaHoras: 12,
        antecedenciaMaximaDias: 60,
        maxReservasMes: 4,
        cancelamentoHoras: 24,
        requerAprovacao: false,
        regras: "Traga o próprio carvão. Recolha o lixo ao final.",
      },
      {
        organizationId,
        condominioId: amazonas.id,
        nome: "Quadra poliesportiva",
        horarios: open("07:00", "22:00"),
        modo: "blocos",
        blocoHoras: 1,
        antecedenciaMinimaHoras: 1,
        antecedenciaMaximaDias: 14,
        cancelamentoHoras: 2,
        requerAprovacao: false,
        regras: "Uso de tênis apropriado. Sem bolas de couro após as 21:00.",
      },
    ])
    .returning();
  const [first, second] = opts.bookingUnits;
  if (!salao || !first || !second) return;
  // 13:00–18:00 in ten days (confirmed, with guests) and 08:00–13:00 in twelve (waiting): weekday-agnostic
  // slots that the e2e tests' "next Saturday 18:00–23:00" never meets.
  const bookings = [
    { unidadeId: first.id, days: 10, hour: 13, status: "confirmada" as const },
    { unidadeId: second.id, days: 12, hour: 8, status: "pendente" as const },
  ];
  for (const b of bookings) {
    const inicio = localAt(now, acacias.timezone, b.days, b.hour);
    const fim = new Date(inicio.getTime() + 5 * 3_600_000);
    const [reserva] = await tx
      .insert(reservas)
      .values({
        organizationId,
        condominioId: acacias.id,
        areaId: salao.id,
        unidadeId: b.unidadeId,
        inicio,
        fim,
        bloqueioFim: new Date(fim.getTime() + 60 * 60_000),
        data: new TZDate(inicio.getTime(), acacias.timezone).toISOString().slice(0, 10),
        status: b.status,
        regrasAceitasEm: now,
        ...(b.status === "confirmada" ? { decididaEm: now } : {}),
      })
      .returning({ id: reservas.id });
    if (b.status !== "confirmada") continue;
    await tx.insert(reservaConvidados).values(
      ["Carlos Henrique Lima", "Fernanda Rocha", "Paulo Sérgio Nunes"].map((nome) => ({
        organizationId,
        condominioId: acacias.id,
        reservaId: reserva!.id,
        nome,
        busca: buildSearchText([nome]),
      })),
    );
  }
}
