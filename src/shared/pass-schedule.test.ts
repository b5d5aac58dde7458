import { describe, expect, it } from "vitest";
import {
  addDays,
  crossesMidnight,
  describeSchedule,
  describeWeekdays,
  evaluateSchedule,
  localClock,
  type PassSchedule,
  weekdayOf,
} from "./pass-schedule";
import { passeCreateSchema, passeUpdateSchema } from "./schemas/passes";

const SP = "America/Sao_Paulo"; // UTC−3, no DST since 2019
const MANAUS = "America/Manaus"; // UTC−4
const NORONHA = "America/Noronha"; // UTC−2

const at = (iso: string) => new Date(iso);

/** Diarista: Mon/Wed/Fri 08:00–17:00, 2026-12-01 (a Tuesday) to 2027-03-31 (a Wednesday). */
const diarista: PassSchedule = {
  modalidade: "recorrente",
  data_inicio: "2026-12-01",
  data_fim: "2027-03-31",
  dias_semana: [1, 3, 5],
  hora_inicio: "08:00",
  hora_fim: "17:00",
};

describe("calendar helpers", () => {
  it("adds days across month and year ends and knows the weekday of a local date", () => {
    expect(addDays("2026-12-31", 1)).toBe("2027-01-01");
    expect(addDays("2027-03-01", -1)).toBe("2027-02-28");
    expect(addDays("2028-02-28", 1)).toBe("2028-02-29");
    expect(weekdayOf("2026-12-07")).toBe(1); // Monday
    expect(weekdayOf("2026-12-06")).toBe(0); // Sunday
    expect(weekdayOf("2026-12-05")).toBe(6); // Saturday
  });

  it("says a window crosses midnight when the end is not after the start", () => {
    expect(crossesMidnight({ hora_inicio: "22:00", hora_fim: "06:00" })).toBe(true);
    expect(crossesMidnight({ hora_inicio: "08:00", hora_fim: "17:00" })).toBe(false);
    expect(crossesMidnight({ hora_inicio: "00:00", hora_fim: "23:59" })).toBe(false);
  });
});

describe("evaluateSchedule: recurring diarista pass in São Paulo", () => {
  it("opens at 08:00 local on a Monday (start inclusive)", () => {
    // 2026-12-07T11:00Z = Monday 2026-12-07 08:00:00 in São Paulo
    expect(evaluateSchedule(diarista, at("2026-12-07T11:00:00Z"), SP)).toEqual({ ok: true, janela: "2026-12-07" });
  });

  it("is still open at 16:59:59 and closed at 17:00:00 (end exclusive)", () => {
    // 2026-12-07T19:59:59Z = Monday 16:59:59 in São Paulo
    expect(evaluateSchedule(diarista, at("2026-12-07T19:59:59Z"), SP)).toEqual({ ok: true, janela: "2026-12-07" });
    // 2026-12-07T20:00:00Z = Monday 17:00:00 in São Paulo
    expect(evaluateSchedule(diarista, at("2026-12-07T20:00:00Z"), SP)).toEqual({
      ok: false,
      motivo: "fora_do_horario",
    });
  });

  it("is closed just before 08:00 on a chosen day", () => {
    // 2026-12-09T10:59:59Z = Wednesday 2026-12-09 07:59:59 in São Paulo
    expect(evaluateSchedule(diarista, at("2026-12-09T10:59:59Z"), SP)).toEqual({
      ok: false,
      motivo: "fora_do_horario",
    });
    // 2026-12-11T14:00Z = Friday 2026-12-11 11:00 in São Paulo
    expect(evaluateSchedule(diarista, at("2026-12-11T14:00:00Z"), SP)).toEqual({ ok: true, janela: "2026-12-11" });
  });

  it("refuses a Tuesday, even inside the hours", () => {
    // 2026-12-08T13:00Z = Tuesday 2026-12-08 10:00 in São Paulo
    expect(evaluateSchedule(diarista, at("2026-12-08T13:00:00Z"), SP)).toEqual({
      ok: false,
      motivo: "fora_do_horario",
    });
  });

  it("has not started before 2026-12-01", () => {
    // 2026-11-30T13:00Z = Monday 2026-11-30 10:00 in São Paulo (a chosen weekday, the day before the start)
    expect(evaluateSchedule(diarista, at("2026-11-30T13:00:00Z"), SP)).toEqual({ ok: false, motivo: "nao_iniciado" });
    // 2026-12-01T02:59:59Z = Monday 2026-11-30 23:59:59 in São Paulo (already Dec 1st in UTC)
    expect(evaluateSchedule(diarista, at("2026-12-01T02:59:59Z"), SP)).toEqual({ ok: false, motivo: "nao_iniciado" });
  });

  it("is open on the last day inside the window, and expired from 17:00 that day", () => {
    // 2027-03-31T13:00Z = Wednesday 2027-03-31 10:00 in São Paulo
    expect(evaluateSchedule(diarista, at("2027-03-31T13:00:00Z"), SP)).toEqual({ ok: true, janela: "2027-03-31" });
    // 2027-03-31T19:59:59Z = Wednesday 2027-03-31 16:59:59 in São Paulo
    expect(evaluateSchedule(diarista, at("2027-03-31T19:59:59Z"), SP)).toEqual({ ok: true, janela: "2027-03-31" });
    // 2027-03-31T20:00Z = Wednesday 2027-03-31 17:00 in São Paulo
    expect(evaluateSchedule(diarista, at("2027-03-31T20:00:00Z"), SP)).toEqual({ ok: false, motivo: "expirado" });
    // 2027-04-02T13:00Z = Friday 2027-04-02 10:00 in São Paulo (a chosen weekday, after the end)
    expect(evaluateSchedule(diarista, at("2027-04-02T13:00:00Z"), SP)).toEqual({ ok: false, motivo: "expirado" });
  });
});

describe("evaluateSchedule: windows that cross midnight", () => {
  const overnight: PassSchedule = {
    modalidade: "recorrente",
    data_inicio: "2026-12-01",
    data_fim: "2026-12-31",
    dias_semana: [0, 1, 2, 3, 4, 5, 6],
    hora_inicio: "22:00",
    hora_fim: "06:00",
  };

  it("is open at 23:30 on the start day", () => {
    // 2026-12-08T02:30Z = Monday 2026-12-07 23:30 in São Paulo
    expect(evaluateSchedule(overnight, at("2026-12-08T02:30:00Z"), SP)).toEqual({ ok: true, janela: "2026-12-07" });
  });

  it("stays open after midnight, the window belonging to the previous day", () => {
    // 2026-12-08T03:00Z = Tuesday 2026-12-08 00:00 in São Paulo
    expect(evaluateSchedule(overnight, at("2026-12-08T03:00:00Z"), SP)).toEqual({ ok: true, janela: "2026-12-07" });
    // 2026-12-08T08:59Z = Tuesday 2026-12-08 05:59 in São Paulo
    expect(evaluateSchedule(overnight, at("2026-12-08T08:59:00Z"), SP)).toEqual({ ok: true, janela: "2026-12-07" });
  });

  it("closes at 06:00 the next day", () => {
    // 2026-12-08T09:00Z = Tuesday 2026-12-08 06:00 in São Paulo
    expect(evaluateSchedule(overnight, at("2026-12-08T09:00:00Z"), SP)).toEqual({
      ok: false,
      motivo: "fora_do_horario",
    });
    // 2026-12-08T15:00Z = Tuesday 2026-12-08 12:00 in São Paulo
    expect(evaluateSchedule(overnight, at("2026-12-08T15:00:00Z"), SP)).toEqual({
      ok: false,
      motivo: "fora_do_horario",
    });
  });

  it("does not open in the small hours of the first day (that window started before data_inicio)", () => {
    // 2026-12-01T05:00Z = Tuesday 2026-12-01 02:00 in São Paulo; the 22:00 window of Nov 30th is not part of the pass
    expect(evaluateSchedule(overnight, at("2026-12-01T05:00:00Z"), SP)).toEqual({ ok: false, motivo: "nao_iniciado" });
  });

  it("lets the last window run into the day after data_fim, then expires", () => {
    // 2027-01-01T04:00Z = Friday 2027-01-01 01:00 in São Paulo; window started 2026-12-31
    expect(evaluateSchedule(overnight, at("2027-01-01T04:00:00Z"), SP)).toEqual({ ok: true, janela: "2026-12-31" });
    // 2027-01-01T09:00Z = Friday 2027-01-01 06:00 in São Paulo
    expect(evaluateSchedule(overnight, at("2027-01-01T09:00:00Z"), SP)).toEqual({ ok: false, motivo: "expirado" });
    // 2027-01-02T01:30Z = Friday 2027-01-01 22:30 in São Paulo (no window starts on Jan 1st)
    expect(evaluateSchedule(overnight, at("2027-01-02T01:30:00Z"), SP)).toEqual({ ok: false, motivo: "expirado" });
  });

  it("names the weekday the window starts on: a Friday-only night pass is open Saturday 02:00 but not Saturday 23:00", () => {
    const fridays: PassSchedule = { ...overnight, dias_semana: [5] };
    // 2026-12-05T05:00Z = Saturday 2026-12-05 02:00 in São Paulo; window started Friday 2026-12-04 22:00
    expect(evaluateSchedule(fridays, at("2026-12-05T05:00:00Z"), SP)).toEqual({ ok: true, janela: "2026-12-04" });
    // 2026-12-06T02:00Z = Saturday 2026-12-05 23:00 in São Paulo
    expect(evaluateSchedule(fridays, at("2026-12-06T02:00:00Z"), SP)).toEqual({ ok: false, motivo: "fora_do_horario" });
    // 2026-12-05T01:00Z = Friday 2026-12-04 22:00 in São Paulo (start inclusive)
    expect(evaluateSchedule(fridays, at("2026-12-05T01:00:00Z"), SP)).toEqual({ ok: true, janela: "2026-12-04" });
    // 2026-12-05T00:59:59Z = Friday 2026-12-04 21:59:59 in São Paulo
    expect(evaluateSchedule(fridays, at("2026-12-05T00:59:59Z"), SP)).toEqual({ ok: false, motivo: "fora_do_horario" });
    // 2026-12-04T05:00Z = Friday 2026-12-04 02:00 in São Paulo: Thursday started no window
    expect(evaluateSchedule(fridays, at("2026-12-04T05:00:00Z"), SP)).toEqual({ ok: false, motivo: "fora_do_horario" });
  });

  it("a single overnight pass on New Year's Eve 22:00–02:00 runs into Jan 1st, then expires", () => {
    const reveillon: PassSchedule = {
      modalidade: "unica",
      data_inicio: "2026-12-31",
      data_fim: "2026-12-31",
      dias_semana: [],
      hora_inicio: "22:00",
      hora_fim: "02:00",
    };
    // 2027-01-01T00:59Z = Thursday 2026-12-31 21:59 in São Paulo
    expect(evaluateSchedule(reveillon, at("2027-01-01T00:59:00Z"), SP)).toEqual({ ok: false, motivo: "nao_iniciado" });
    // 2027-01-01T01:00Z = 2026-12-31 22:00 in São Paulo
    expect(evaluateSchedule(reveillon, at("2027-01-01T01:00:00Z"), SP)).toEqual({ ok: true, janela: "2026-12-31" });
    // 2027-01-01T04:00Z = 2027-01-01 01:00 in São Paulo
    expect(evaluateSchedule(reveillon, at("2027-01-01T04:00:00Z"), SP)).toEqual({ ok: true, janela: "2026-12-31" });
    // 2027-01-01T05:00Z = 2027-01-01 02:00 in São Paulo
    expect(evaluateSchedule(reveillon, at("2027-01-01T05:00:00Z"), SP)).toEqual({ ok: false, motivo: "expirado" });
    // 2027-01-02T01:30Z = 2027-01-01 22:30 in São Paulo: no second window
    expect(evaluateSchedule(reveillon, at("2027-01-02T01:30:00Z"), SP)).toEqual({ ok: false, motivo: "expirado" });
  });

  it("a single pass 00:00–23:59 covers the day from midnight, and 23:59 is already over", () => {
    const diaInteiro: PassSchedule = {
      modalidade: "unica",
      data_inicio: "2026-12-10",
      data_fim: "2026-12-10",
      dias_semana: [],
      hora_inicio: "00:00",
      hora_fim: "23:59",
    };
    // 2026-12-10T03:00Z = Thursday 2026-12-10 00:00 in São Paulo
    expect(evaluateSchedule(diaInteiro, at("2026-12-10T03:00:00Z"), SP)).toEqual({ ok: true, janela: "2026-12-10" });
    // 2026-12-11T02:58:59Z = 2026-12-10 23:58:59 in São Paulo
    expect(evaluateSchedule(diaInteiro, at("2026-12-11T02:58:59Z"), SP)).toEqual({ ok: true, janela: "2026-12-10" });
    // 2026-12-11T02:59Z = 2026-12-10 23:59 in São Paulo
    expect(evaluateSchedule(diaInteiro, at("2026-12-11T02:59:00Z"), SP)).toEqual({ ok: false, motivo: "expirado" });
    // 2026-12-10T02:59:59Z = 2026-12-09 23:59:59 in São Paulo
    expect(evaluateSchedule(diaInteiro, at("2026-12-10T02:59:59Z"), SP)).toEqual({ ok: false, motivo: "nao_iniciado" });
  });
});

describe("evaluateSchedule: the condominium's timezone, never the process's", () => {
  const comercial: PassSchedule = {
    modalidade: "unica",
    data_inicio: "2026-12-07",
    data_fim: "2026-12-07",
    dias_semana: [],
    hora_inicio: "08:00",
    hora_fim: "17:00",
  };

  it("Manaus (UTC−4), as a server in UTC sees it", () => {
    // 2026-12-07T12:00Z = Monday 08:00 in Manaus
    expect(evaluateSchedule(comercial, at("2026-12-07T12:00:00Z"), MANAUS)).toEqual({ ok: true, janela: "2026-12-07" });
    // 2026-12-07T11:59Z = 07:59 in Manaus
    expect(evaluateSchedule(comercial, at("2026-12-07T11:59:00Z"), MANAUS)).toEqual({
      ok: false,
      motivo: "nao_iniciado",
    });
    // 2026-12-07T20:59Z = 16:59 in Manaus
    expect(evaluateSchedule(comercial, at("2026-12-07T20:59:00Z"), MANAUS)).toEqual({ ok: true, janela: "2026-12-07" });
    // 2026-12-07T21:00Z = 17:00 in Manaus
    expect(evaluateSchedule(comercial, at("2026-12-07T21:00:00Z"), MANAUS)).toEqual({ ok: false, motivo: "expirado" });
  });

  it("Manaus on a recurring pass: outside the hours is fora_do_horario", () => {
    // 2026-12-07T11:59Z = Monday 07:59 in Manaus; 2026-12-07T21:00Z = Monday 17:00 in Manaus
    expect(evaluateSchedule(diarista, at("2026-12-07T12:00:00Z"), MANAUS)).toEqual({ ok: true, janela: "2026-12-07" });
    expect(evaluateSchedule(diarista, at("2026-12-07T11:59:00Z"), MANAUS)).toEqual({
      ok: false,
      motivo: "fora_do_horario",
    });
    expect(evaluateSchedule(diarista, at("2026-12-07T20:59:00Z"), MANAUS)).toEqual({ ok: true, janela: "2026-12-07" });
    expect(evaluateSchedule(diarista, at("2026-12-07T21:00:00Z"), MANAUS)).toEqual({
      ok: false,
      motivo: "fora_do_horario",
    });
  });

  it("the same instant gets different verdicts in São Paulo and Manaus near the edges", () => {
    // 2026-12-07T11:30Z = 08:30 in São Paulo (inside) but 07:30 in Manaus (outside)
    expect(evaluateSchedule(diarista, at("2026-12-07T11:30:00Z"), SP)).toEqual({ ok: true, janela: "2026-12-07" });
    expect(evaluateSchedule(diarista, at("2026-12-07T11:30:00Z"), MANAUS)).toEqual({
      ok: false,
      motivo: "fora_do_horario",
    });
    // 2026-12-07T20:30Z = 17:30 in São Paulo (outside) but 16:30 in Manaus (inside)
    expect(evaluateSchedule(diarista, at("2026-12-07T20:30:00Z"), SP)).toEqual({
      ok: false,
      motivo: "fora_do_horario",
    });
    expect(evaluateSchedule(diarista, at("2026-12-07T20:30:00Z"), MANAUS)).toEqual({ ok: true, janela: "2026-12-07" });
  });

  it("uses the local date when it differs from the UTC date", () => {
    // 2026-12-07T02:30Z = Sunday 2026-12-06 23:30 in São Paulo (already Monday in UTC)
    const instant = at("2026-12-07T02:30:00Z");
    expect(localClock(instant, SP)).toEqual({ date: "2026-12-06", seconds: 23 * 3600 + 30 * 60 });
    const mondays: PassSchedule = { ...diarista, dias_semana: [1], hora_inicio: "00:00", hora_fim: "23:59" };
    expect(evaluateSchedule(mondays, instant, SP)).toEqual({ ok: false, motivo: "fora_do_horario" });
    const sundayEvenings: PassSchedule = { ...diarista, dias_semana: [0], hora_inicio: "20:00", hora_fim: "23:59" };
    expect(evaluateSchedule(sundayEvenings, instant, SP)).toEqual({ ok: true, janela: "2026-12-06" });
  });

  it("Fernando de Noronha (UTC−2)", () => {
    // 2026-12-07T10:00Z = Monday 08:00 in Noronha (07:00 in São Paulo)
    expect(localClock(at("2026-12-07T10:00:00Z"), NORONHA)).toEqual({ date: "2026-12-07", seconds: 8 * 3600 });
    expect(evaluateSchedule(diarista, at("2026-12-07T10:00:00Z"), NORONHA)).toEqual({ ok: true, janela: "2026-12-07" });
    expect(evaluateSchedule(diarista, at("2026-12-07T10:00:00Z"), SP)).toEqual({
      ok: false,
      motivo: "fora_do_horario",
    });
    // 2026-12-07T09:59Z = 07:59 in Noronha
    expect(evaluateSchedule(diarista, at("2026-12-07T09:59:00Z"), NORONHA)).toEqual({
      ok: false,
      motivo: "fora_do_horario",
    });
    // 2026-12-07T19:00Z = 17:00 in Noronha (16:00 in São Paulo)
    expect(evaluateSchedule(diarista, at("2026-12-07T19:00:00Z"), NORONHA)).toEqual({
      ok: false,
      motivo: "fora_do_horario",
    });
    expect(evaluateSchedule(diarista, at("2026-12-07T19:00:00Z"), SP)).toEqual({ ok: true, janela: "2026-12-07" });
  });
});

describe("localClock: Brazil has no daylight saving since 2019", () => {
  it("reads UTC−3 all day on the dates DST used to start and end in São Paulo", () => {
    // 2026-11-01 (first Sunday of November, where DST used to start): midnight local is 03:00Z
    expect(localClock(at("2026-11-01T03:00:00Z"), SP)).toEqual({ date: "2026-11-01", seconds: 0 });
    expect(localClock(at("2026-11-01T02:59:59Z"), SP)).toEqual({ date: "2026-10-31", seconds: 86_399 });
    expect(localClock(at("2026-11-01T04:00:00Z"), SP)).toEqual({ date: "2026-11-01", seconds: 3600 });
    expect(localClock(at("2026-11-01T15:00:00Z"), SP)).toEqual({ date: "2026-11-01", seconds: 12 * 3600 });
    // 2027-02-21 (third Sunday of February, where DST used to end)
    expect(localClock(at("2027-02-21T02:00:00Z"), SP)).toEqual({ date: "2027-02-20", seconds: 23 * 3600 });
    expect(localClock(at("2027-02-21T03:00:00Z"), SP)).toEqual({ date: "2027-02-21", seconds: 0 });
    expect(localClock(at("2027-02-22T02:59:59Z"), SP)).toEqual({ date: "2027-02-21", seconds: 86_399 });
  });

  it("reads midnight as 00 (not 24) and the other Brazilian zones at their fixed offsets", () => {
    expect(localClock(at("2026-12-07T04:00:00Z"), MANAUS)).toEqual({ date: "2026-12-07", seconds: 0 });
    expect(localClock(at("2026-12-07T02:00:00Z"), NORONHA)).toEqual({ date: "2026-12-07", seconds: 0 });
    expect(localClock(at("2026-12-07T00:00:00Z"), "UTC")).toEqual({ date: "2026-12-07", seconds: 0 });
  });
});

describe("describing a pass", () => {
  it("lists weekdays Monday first, with the usual shorthands", () => {
    expect(describeWeekdays([1, 3, 5])).toBe("Seg, Qua e Sex");
    expect(describeWeekdays([5, 1, 3])).toBe("Seg, Qua e Sex");
    expect(describeWeekdays([1, 2, 3, 4, 5])).toBe("Seg a Sex");
    expect(describeWeekdays([0, 1, 2, 3, 4, 5, 6])).toBe("Todos os dias");
    expect(describeWeekdays([0, 6])).toBe("Sáb e Dom");
    expect(describeWeekdays([3])).toBe("Qua");
    expect(describeWeekdays([])).toBe("");
  });

  it("describes a recurring and a single overnight schedule in one line", () => {
    expect(describeSchedule(diarista)).toBe("Seg, Qua e Sex, 08:00–17:00, de 01/12/2026 a 31/03/2027");
    expect(
      describeSchedule({
        modalidade: "unica",
        data_inicio: "2026-11-28",
        data_fim: "2026-11-28",
        dias_semana: [],
        hora_inicio: "20:00",
        hora_fim: "02:00",
      }),
    ).toBe("28/11/2026, 20:00–02:00 (termina no dia seguinte)");
  });
});

describe("passeCreateSchema / passeUpdateSchema: the schedule", () => {
  const base = {
    condominio_id: "3f2b8a1e-4c5d-4e6f-8a7b-9c0d1e2f3a4b",
    unidade_id: "7a1c2d3e-4f50-4617-8829-3a4b5c6d7e8f",
    nome: "Maria da Silva",
    modalidade: "recorrente" as const,
    data_inicio: "2026-12-01",
    data_fim: "2027-03-31",
    dias_semana: [1, 3, 5],
    hora_inicio: "08:00",
    hora_fim: "17:00",
  };

  const issuesOf = (input: unknown) => {
    const result = passeCreateSchema.safeParse(input);
    expect(result.success).toBe(false);
    return result.error?.issues.map((i) => ({ path: i.path.join("."), message: i.message })) ?? [];
  };

  it("accepts the diarista pass, deduplicating and ordering weekdays", () => {
    const result = passeCreateSchema.safeParse({ ...base, dias_semana: [5, 1, 3, 5] });
    expect(result.success).toBe(true);
    expect(result.data).toMatchObject({
      modalidade: "recorrente",
      data_inicio: "2026-12-01",
      data_fim: "2027-03-31",
      dias_semana: [1, 3, 5],
      hora_inicio: "08:00",
      hora_fim: "17:00",
    });
  });

  it("requires at least one weekday on a recurring pass", () => {
    expect(issuesOf({ ...base, dias_semana: [] })).toContainEqual({
      path: "dias_semana",
      message: "Escolha ao menos um dia da semana",
    });
    const { dias_semana: _omit, ...withoutDias } = base;
    expect(issuesOf(withoutDias)).toContainEqual({ path: "dias_semana", message: "Escolha ao menos um dia da semana" });
  });

  it("requires an end date on a recurring pass, not before the start", () => {
    expect(issuesOf({ ...base, data_fim: null })).toContainEqual({
      path: "data_fim",
      message: "Informe até quando o passe vale",
    });
    expect(issuesOf({ ...base, data_fim: "2026-11-30" })).toContainEqual({
      path: "data_fim",
      message: "A data final deve ser igual ou posterior à inicial",
    });
    expect(passeCreateSchema.safeParse({ ...base, data_fim: base.data_inicio }).success).toBe(true);
  });

  it("refuses equal start and end hours", () => {
    expect(issuesOf({ ...base, hora_fim: "08:00" })).toContainEqual({
      path: "hora_fim",
      message: "A hora final deve ser diferente da inicial",
    });
    expect(issuesOf({ ...base, modalidade: "unica", hora_inicio: "22:00", hora_fim: "22:00" })).toContainEqual({
      path: "hora_fim",
      message: "A hora final deve ser diferente da inicial",
    });
  });

  it("refuses impossible dates and times", () => {
    expect(issuesOf({ ...base, data_inicio: "2026-02-30" })).toContainEqual({
      path: "data_inicio",
      message: "Informe uma data válida",
    });
    expect(issuesOf({ ...base, data_inicio: "01/12/2026" })).toContainEqual({
      path: "data_inicio",
      message: "Informe uma data válida",
    });
    expect(issuesOf({ ...base, data_fim: "2027-02-29" })).toContainEqual({
      path: "data_fim",
      message: "Informe uma data final válida",
    });
    expect(issuesOf({ ...base, hora_fim: "24:00" })).toContainEqual({
      path: "hora_fim",
      message: "Informe a hora final (HH:MM)",
    });
    expect(issuesOf({ ...base, hora_inicio: "8:00" })).toContainEqual({
      path: "hora_inicio",
      message: "Informe a hora inicial (HH:MM)",
    });
    expect(issuesOf({ ...base, dias_semana: [7] }).map((i) => i.path)).toContain("dias_semana.0");
    // A leap day is a real date.
    expect(passeCreateSchema.safeParse({ ...base, data_inicio: "2028-02-29", data_fim: "2028-03-31" }).success).toBe(
      true,
    );
  });

  it("normalises a single pass: data_fim = data_inicio and no weekdays", () => {
    const result = passeCreateSchema.safeParse({
      ...base,
      modalidade: "unica",
      data_inicio: "2026-12-31",
      data_fim: "2027-01-15",
      dias_semana: [1, 3],
      hora_inicio: "22:00",
      hora_fim: "02:00",
    });
    expect(result.success).toBe(true);
    expect(result.data?.data_fim).toBe("2026-12-31");
    expect(result.data?.dias_semana).toEqual([]);

    const { data_fim: _f, dias_semana: _d, ...noEnd } = base;
    const single = passeCreateSchema.safeParse({ ...noEnd, modalidade: "unica" });
    expect(single.success).toBe(true);
    expect(single.data).toMatchObject({ data_inicio: "2026-12-01", data_fim: "2026-12-01", dias_semana: [] });
  });

  it("caps a recurring pass at 366 days", () => {
    // 2026-12-01 → 2027-12-02 is 366 days: allowed; one more is refused.
    expect(passeCreateSchema.safeParse({ ...base, data_fim: "2027-12-02" }).success).toBe(true);
    expect(issuesOf({ ...base, data_fim: "2027-12-03" })).toContainEqual({
      path: "data_fim",
      message: "Um passe recorrente vale por no máximo 1 ano",
    });
  });

  it("the update schema applies the same rules and normalisation", () => {
    const { condominio_id: _c, unidade_id: _u, ...fields } = base;
    const bad = passeUpdateSchema.safeParse({ ...fields, dias_semana: [], hora_fim: "08:00" });
    expect(bad.success).toBe(false);
    expect(bad.error?.issues.map((i) => i.message)).toEqual(
      expect.arrayContaining(["Escolha ao menos um dia da semana", "A hora final deve ser diferente da inicial"]),
    );
    const single = passeUpdateSchema.safeParse({ ...fields, modalidade: "unica" });
    expect(single.success).toBe(true);
    expect(single.data).toMatchObject({ data_fim: "2026-12-01", dias_semana: [] });
  });
});
