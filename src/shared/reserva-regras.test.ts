import { describe, expect, it } from "vitest";
import {
  type AreaRegras,
  dentroDoPrazoDeCancelamento,
  horariosDoDia,
  instante,
  MENSAGENS,
  resolverHorario,
  verificarRegras,
} from "./reserva-regras";

const semana = (h: { abre: string; fecha: string } | null) => [h, h, h, h, h, h, h];

const salao: AreaRegras = {
  // Closed on Mondays.
  horarios: [
    { abre: "10:00", fecha: "24:00" },
    null,
    { abre: "08:00", fecha: "22:00" },
    { abre: "08:00", fecha: "22:00" },
    { abre: "08:00", fecha: "22:00" },
    { abre: "08:00", fecha: "22:00" },
    { abre: "10:00", fecha: "24:00" },
  ],
  modo: "dia",
  bloco_horas: null,
  antecedencia_minima_horas: 48,
  antecedencia_maxima_dias: 60,
  timezone: "America/Sao_Paulo",
};

const quadra: AreaRegras = {
  horarios: semana({ abre: "08:00", fecha: "22:00" }),
  modo: "blocos",
  bloco_horas: 4,
  antecedencia_minima_horas: 2,
  antecedencia_maxima_dias: 30,
  timezone: "America/Sao_Paulo",
};

// Wednesday 2 December 2026, 12:00 in São Paulo (15:00 UTC).
const now = new Date("2026-12-02T15:00:00Z");

describe("slots of a day", () => {
  it("a whole-day area offers its opening hours; a closed day offers nothing", () => {
    const [sabado] = horariosDoDia(salao, "2026-12-05");
    expect(sabado).toMatchObject({ hora_inicio: "10:00", hora_fim: "24:00" });
    expect(sabado!.inicio.toISOString()).toBe("2026-12-05T13:00:00.000Z");
    // "24:00" is the next midnight.
    expect(sabado!.fim.toISOString()).toBe("2026-12-06T03:00:00.000Z");
    expect(horariosDoDia(salao, "2026-12-07")).toEqual([]);
  });

  it("a block area offers blocks of N hours from the opening, the last ending by the closing", () => {
    const slots = horariosDoDia(quadra, "2026-12-05").map((s) => `${s.hora_inicio}-${s.hora_fim}`);
    expect(slots).toEqual(["08:00-12:00", "12:00-16:00", "16:00-20:00"]);
  });
});

describe("the rules, each with its message", () => {
  it("accepts a whole day inside the rules", () => {
    const r = verificarRegras(salao, { data: "2026-12-05" }, now);
    expect(r.ok).toBe(true);
  });

  it("past", () => {
    expect(verificarRegras(salao, { data: "2026-12-01" }, now)).toMatchObject({
      ok: false,
      mensagem: MENSAGENS.passado,
    });
    // Today, already started.
    expect(verificarRegras(quadra, { data: "2026-12-02", hora_inicio: "08:00", hora_fim: "12:00" }, now)).toMatchObject(
      { ok: false, mensagem: "Não é possível reservar uma data que já passou." },
    );
  });

  it("notice", () => {
    expect(verificarRegras(salao, { data: "2026-12-03" }, now)).toMatchObject({
      ok: false,
      mensagem: "Reservas desta área precisam de pelo menos 48 horas de antecedência.",
    });
  });

  it("horizon", () => {
    expect(verificarRegras(salao, { data: "2027-02-02" }, now)).toMatchObject({
      ok: false,
      mensagem: "Reservas desta área podem ser feitas com no máximo 60 dias de antecedência.",
    });
    expect(verificarRegras(salao, { data: "2027-01-31" }, now).ok).toBe(true);
  });

  it("closed day and opening hours", () => {
    expect(verificarRegras(salao, { data: "2026-12-07" }, now)).toMatchObject({
      ok: false,
      mensagem: "A área não abre neste dia (Segunda-feira).",
    });
    expect(verificarRegras(quadra, { data: "2026-12-05", hora_inicio: "06:00", hora_fim: "08:00" }, now)).toMatchObject(
      { ok: false, mensagem: "Fora do horário de funcionamento da área (sábado: 08:00–22:00)." },
    );
  });

  it("blocks: boundaries, consecutive blocks, a block past the closing", () => {
    const msg = "Escolha um dos horários da área (blocos de 4 horas a partir de 08:00).";
    expect(verificarRegras(quadra, { data: "2026-12-05", hora_inicio: "09:00", hora_fim: "12:00" }, now)).toMatchObject(
      { ok: false, mensagem: msg },
    );
    expect(verificarRegras(quadra, { data: "2026-12-05", hora_inicio: "20:00", hora_fim: "22:00" }, now)).toMatchObject(
      { ok: false, mensagem: msg },
    );
    expect(verificarRegras(quadra, { data: "2026-12-05" }, now)).toMatchObject({ ok: false, mensagem: msg });
    const two = verificarRegras(quadra, { data: "2026-12-05", hora_inicio: "08:00", hora_fim: "16:00" }, now);
    expect(two.ok && two.horario.fim.toISOString()).toBe("2026-12-05T19:00:00.000Z");
  });

  it("cancellation deadline", () => {
    const inicio = new Date("2026-12-05T13:00:00Z");
    expect(dentroDoPrazoDeCancelamento(inicio, 48, now)).toBe(true);
    expect(dentroDoPrazoDeCancelamento(inicio, 72, now)).toBe(false);
    expect(MENSAGENS.prazoCancelamento(72)).toBe(
      "O prazo para cancelar terminou: cancelamentos até 72 horas antes do início.",
    );
  });
});

describe("timezones", () => {
  it("the same local time is a different instant in Manaus and São Paulo", () => {
    const manaus = { ...quadra, timezone: "America/Manaus" };
    const sp = resolverHorario(quadra, { data: "2026-12-05", hora_inicio: "08:00", hora_fim: "12:00" });
    const am = resolverHorario(manaus, { data: "2026-12-05", hora_inicio: "08:00", hora_fim: "12:00" });
    expect(sp.ok && sp.horario.inicio.toISOString()).toBe("2026-12-05T11:00:00.000Z");
    expect(am.ok && am.horario.inicio.toISOString()).toBe("2026-12-05T12:00:00.000Z");
    expect(instante("2026-12-31", "24:00", "America/Manaus").toISOString()).toBe("2027-01-01T04:00:00.000Z");
  });

  it("today is the condominium's day: at 01:30 UTC it is still yesterday in Manaus", () => {
    const late = new Date("2026-12-03T01:30:00Z"); // 21:30 on 2 Dec in Manaus, 22:30 in São Paulo.
    const area = { ...salao, antecedencia_minima_horas: 0, timezone: "America/Manaus" };
    // 2 Dec in Manaus is today (not past by date) but its opening already started.
    expect(verificarRegras(area, { data: "2026-12-02" }, late)).toMatchObject({ mensagem: MENSAGENS.passado });
    expect(verificarRegras(area, { data: "2026-12-03" }, late).ok).toBe(true);
  });
});
