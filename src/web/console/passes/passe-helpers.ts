/**
 * The pure side of the pass screens: the form's starting values, the minutes the form shows for the
 * seconds the API takes, the badges' tones and the dates in the condominium's timezone. No React,
 * so the unit tests read it directly.
 */
import type { PasseStatus } from "@/shared/domain";
import { timeToSeconds } from "@/shared/pass-schedule";
import type { Passe, PasseUpdateInput } from "@/shared/schemas/passes";
import type { StatusTone } from "@/shared/status-catalogue";

/** Weekday numbers (0 = domingo) in the order a Brazilian reads a week: Monday first. */
export const WEEKDAYS_MONDAY_FIRST = [1, 2, 3, 4, 5, 6, 0] as const;

export const PASSE_STATUS_TONE: Record<PasseStatus, StatusTone> = {
  ativo: "green",
  suspenso: "amber",
  revogado: "slate",
};

/** What the anti-passback interval starts at (the schema's default): 2 minutes. */
export const DEFAULT_INTERVALO_SEGUNDOS = 120;

/** The visitor and schedule fields of both forms, as the inputs hold them. */
export type PasseFieldValues = Required<Omit<PasseUpdateInput, "intervalo_minimo_segundos">> & {
  intervalo_minimo_segundos: number;
};

/** "08:00" from "08:00" or "08:00:00" (a time column may carry seconds). */
function hhmm(time: string): string {
  return time.slice(0, 5);
}

/**
 * The form's values: a new pass (today, 08:00–18:00, once) or the pass being edited. `data_fim` is
 * null for a single pass, so the hidden field never holds a value the schema would refuse.
 */
export function passeFieldDefaults(passe: Passe | undefined, today: string): PasseFieldValues {
  if (!passe) {
    return {
      tipo: "visitante",
      nome: "",
      descricao: "",
      documento: "",
      telefone: "",
      modalidade: "unica",
      data_inicio: today,
      data_fim: null,
      dias_semana: [],
      hora_inicio: "08:00",
      hora_fim: "18:00",
      intervalo_minimo_segundos: DEFAULT_INTERVALO_SEGUNDOS,
    };
  }
  return {
    tipo: passe.tipo,
    nome: passe.nome,
    descricao: passe.descricao ?? "",
    documento: passe.documento ?? "",
    telefone: passe.telefone ?? "",
    modalidade: passe.modalidade,
    data_inicio: passe.data_inicio,
    data_fim: passe.modalidade === "recorrente" ? passe.data_fim : null,
    dias_semana: [...passe.dias_semana],
    hora_inicio: hhmm(passe.hora_inicio),
    hora_fim: hhmm(passe.hora_fim),
    intervalo_minimo_segundos: passe.intervalo_minimo_segundos,
  };
}

/** "2" for 120 s, "1.5" for 90 s: the minutes field's text. */
export function minutesText(seconds: number): string {
  return Number.isFinite(seconds) ? String(Math.round((seconds / 60) * 100) / 100) : "";
}

/**
 * The seconds the API takes for the typed minutes. Empty or not a number gives NaN, which the
 * schema refuses ("Intervalo inválido") instead of silently meaning 0 or the default.
 */
export function secondsFromMinutes(text: string): number {
  const trimmed = text.trim().replace(",", ".");
  if (trimmed === "") return Number.NaN;
  const minutes = Number(trimmed);
  return Number.isFinite(minutes) ? Math.round(minutes * 60) : Number.NaN;
}

const TIME = /^([01]\d|2[0-3]):[0-5]\d$/;

/** Whether both times are filled in and the window ends the next day (22:00–06:00). */
export function endsNextDay(horaInicio: string | undefined, horaFim: string | undefined): boolean {
  if (!horaInicio || !horaFim || !TIME.test(horaInicio) || !TIME.test(horaFim)) return false;
  return timeToSeconds(horaFim) < timeToSeconds(horaInicio);
}

/** The form field an API error names: "dias_semana.0" is about "dias_semana". */
export function formFieldOf(path: string, fields: readonly string[]): string | null {
  const first = path.split(".")[0] ?? "";
  return fields.includes(first) ? first : null;
}

/** "12/03/2025 14:32", in the condominium's timezone: the console's one helper (docs/product.md, "Horários"). */
export { formatInZone } from "@/web/lib/zoned-time";

/** "1 uso", "3 usos". */
export function usosText(usos: number): string {
  return `${usos} ${usos === 1 ? "uso" : "usos"}`;
}
