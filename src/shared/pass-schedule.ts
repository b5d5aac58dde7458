/**
 * When a pass may be used (docs/product.md, "Passes"), evaluated in the condominium's timezone. The server decides
 * with it at the gate; the console reads the same functions to describe a pass.
 *
 * A pass is a series of windows. Each window starts on a local date at `hora_inicio` and ends at
 * `hora_fim`, the same day, or the next day when `hora_fim` is not after `hora_inicio` (a night
 * shift, 22:00–06:00). A single pass (`unica`) has one window, on `data_inicio`; a recurring one has
 * a window on every chosen weekday from `data_inicio` to `data_fim`. A weekday always names the day
 * the window starts. The start is inclusive and the end exclusive: at 17:00 a 08:00–17:00 window
 * is over.
 *
 * Only Intl reads the timezone database: Brazil has no daylight saving since 2019, and a zone that
 * had it would still be read right, since the local wall clock is what is compared.
 */
import type { PasseModalidade } from "./domain";

export interface PassSchedule {
  modalidade: PasseModalidade;
  /** Local dates, YYYY-MM-DD. For `unica`, `data_fim` equals `data_inicio`. */
  data_inicio: string;
  data_fim: string;
  /** 0 = domingo … 6 = sábado; ignored for `unica`. */
  dias_semana: readonly number[];
  /** Local times, HH:MM. */
  hora_inicio: string;
  hora_fim: string;
}

export type ScheduleVerdict =
  | { ok: true /** The local date the current window started on. */; janela: string }
  | { ok: false; motivo: "nao_iniciado" | "expirado" | "fora_do_horario" };

export const WEEKDAY_SHORT = ["Dom", "Seg", "Ter", "Qua", "Qui", "Sex", "Sáb"] as const;
export const WEEKDAY_LONG = ["Domingo", "Segunda", "Terça", "Quarta", "Quinta", "Sexta", "Sábado"] as const;

/** Local date (YYYY-MM-DD) and seconds since local midnight of an instant in a timezone. */
export function localClock(instant: Date, timeZone: string): { date: string; seconds: number } {
  const parts = new Intl.DateTimeFormat("en-CA", {
    timeZone,
    year: "numeric",
    month: "2-digit",
    day: "2-digit",
    hour: "2-digit",
    minute: "2-digit",
    second: "2-digit",
    hourCycle: "h23",
  }).formatToParts(instant);
  const get = (type: string) => parts.find((p) => p.type === type)?.value ?? "00";
  return {
    date: `${get("year")}-${get("month")}-${get("day")}`,
    seconds: Number(get("hour")) * 3600 + Number(get("minute")) * 60 + Number(get("second")),
  };
}

/** "08:30" → 30600. */
export function timeToSeconds(hhmm: string): number {
  const [h, m] = hhmm.split(":").map(Number);
  return (h ?? 0) * 3600 + (m ?? 0) * 60;
}

/** Calendar arithmetic on YYYY-MM-DD strings (noon UTC keeps it clear of any offset). */
export function addDays(date: string, days: number): string {
  const d = new Date(`${date}T12:00:00Z`);
  d.setUTCDate(d.getUTCDate() + days);
  return d.toISOString().slice(0, 10);
}

export function weekdayOf(date: string): number {
  return new Date(`${date}T12:00:00Z`).getUTCDay();
}

/** Whether the window ends on the day after it starts. */
export function crossesMidnight(s: Pick<PassSchedule, "hora_inicio" | "hora_fim">): boolean {
  return timeToSeconds(s.hora_fim) <= timeToSeconds(s.hora_inicio);
}

function windowStartsOn(s: PassSchedule, date: string): boolean {
  if (date < s.data_inicio || date > s.data_fim) return false;
  return s.modalidade === "unica" || s.dias_semana.includes(weekdayOf(date));
}

/** Whether the pass may be used at `instant`, and if not, why. */
export function evaluateSchedule(s: PassSchedule, instant: Date, timeZone: string): ScheduleVerdict {
  const now = localClock(instant, timeZone);
  const start = timeToSeconds(s.hora_inicio);
  const end = timeToSeconds(s.hora_fim);
  const overnight = crossesMidnight(s);

  // A window that started today, or (overnight) one that started yesterday and is still going.
  const today = now.seconds >= start && (overnight || now.seconds < end);
  if (today && windowStartsOn(s, now.date)) return { ok: true, janela: now.date };
  const yesterday = addDays(now.date, -1);
  if (overnight && now.seconds < end && windowStartsOn(s, yesterday)) return { ok: true, janela: yesterday };

  const lastEndDate = overnight ? addDays(s.data_fim, 1) : s.data_fim;
  if (now.date > lastEndDate || (now.date === lastEndDate && now.seconds >= end))
    return { ok: false, motivo: "expirado" };
  if (now.date < s.data_inicio || (now.date === s.data_inicio && now.seconds < start)) {
    return { ok: false, motivo: "nao_iniciado" };
  }
  return { ok: false, motivo: "fora_do_horario" };
}

/** "25/12/2026" from "2026-12-25". */
export function formatLocalDate(date: string): string {
  const [y, m, d] = date.split("-");
  return `${d}/${m}/${y}`;
}

/** "Seg, Qua e Sex": weekdays in week order, Monday first (as Brazilians read a schedule). */
export function describeWeekdays(dias: readonly number[]): string {
  const order = [1, 2, 3, 4, 5, 6, 0].filter((d) => dias.includes(d));
  if (order.length === 7) return "Todos os dias";
  if (order.length === 5 && order.every((d) => d >= 1 && d <= 5)) return "Seg a Sex";
  const names = order.map((d) => WEEKDAY_SHORT[d]!);
  return names.length <= 1 ? (names[0] ?? "") : `${names.slice(0, -1).join(", ")} e ${names.at(-1)}`;
}

/**
 * The schedule in one line: "28/11/2026, 20:00–02:00 (termina no dia seguinte)" or
 * "Seg, Qua e Sex, 08:00–17:00, de 01/12/2026 a 31/03/2027".
 */
export function describeSchedule(s: PassSchedule): string {
  const hours = `${s.hora_inicio}–${s.hora_fim}${crossesMidnight(s) ? " (termina no dia seguinte)" : ""}`;
  if (s.modalidade === "unica") return `${formatLocalDate(s.data_inicio)}, ${hours}`;
  return `${describeWeekdays(s.dias_semana)}, ${hours}, de ${formatLocalDate(s.data_inicio)} a ${formatLocalDate(s.data_fim)}`;
}
