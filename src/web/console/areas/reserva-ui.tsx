/**
 * Pieces the booking screens share (docs/decisions/044-common-area-bookings.md): the status badge,
 * the record screen's texts, the area's rules as a person reads them, and the days and times of a
 * booking on the condominium's calendar ("sábado, 05/12", "18:00–23:00"), whatever the phone's zone.
 */
import type { ReservaStatus } from "@/shared/domain";
import { type Area, RESERVA_STATUS_LABELS, type Reserva } from "@/shared/schemas/reservas";
import type { StatusTone } from "@/shared/status-catalogue";
import type { RecordLabels } from "@/web/components/record-screen";
import { toneClasses } from "@/web/components/status-badge";
import { Badge } from "@/web/components/ui/badge";
import { cn } from "@/web/lib/utils";

export const AREAS = "/app/areas";
export const reservarPath = (areaId: string) => `${AREAS}/${areaId}/reservar`;
export const reservaPath = (id: string) => `${AREAS}/reservas/${id}`;

export const RESERVA: RecordLabels = {
  list: AREAS,
  backLabel: "Voltar para áreas comuns",
  notFoundTitle: "Reserva não encontrada",
  notFoundDescription: "Ela não existe ou não pertence à sua unidade.",
  errorTitle: "Não foi possível carregar a reserva.",
  loading: "Carregando reserva...",
};

export const AREA_RESERVA: RecordLabels = {
  list: AREAS,
  backLabel: "Voltar para áreas comuns",
  notFoundTitle: "Área não encontrada",
  notFoundDescription: "Ela não existe, foi removida ou não está disponível para reservas.",
  errorTitle: "Não foi possível carregar a área.",
  loading: "Carregando área...",
};

const STATUS_TONES: Record<ReservaStatus, StatusTone> = {
  pendente: "amber",
  confirmada: "green",
  recusada: "red",
  cancelada: "grey",
};

/** "Aguardando aprovação", "Confirmada"...: text and colour, never colour alone. */
export function ReservaStatusBadge({ status, className }: { status: ReservaStatus; className?: string }) {
  return (
    <Badge variant="outline" data-status={status} className={cn(toneClasses(STATUS_TONES[status]), className)}>
      {RESERVA_STATUS_LABELS[status]}
    </Badge>
  );
}

export const WEEKDAYS = [
  "domingo",
  "segunda-feira",
  "terça-feira",
  "quarta-feira",
  "quinta-feira",
  "sexta-feira",
  "sábado",
] as const;
/** The month grid's column heads, Sunday first (as the area's `horarios`). */
export const WEEKDAYS_SHORT = ["dom", "seg", "ter", "qua", "qui", "sex", "sáb"] as const;

const MONTHS = [
  "janeiro",
  "fevereiro",
  "março",
  "abril",
  "maio",
  "junho",
  "julho",
  "agosto",
  "setembro",
  "outubro",
  "novembro",
  "dezembro",
] as const;

const pad = (n: number) => String(n).padStart(2, "0");

/** A calendar day (YYYY-MM-DD) as a UTC noon: its arithmetic never crosses a daylight-saving edge. */
function noon(ymd: string): Date {
  return new Date(`${ymd}T12:00:00Z`);
}

export function ymdOf(date: Date): string {
  return `${date.getUTCFullYear()}-${pad(date.getUTCMonth() + 1)}-${pad(date.getUTCDate())}`;
}

export function addDays(ymd: string, days: number): string {
  const d = noon(ymd);
  d.setUTCDate(d.getUTCDate() + days);
  return ymdOf(d);
}

/** 0 = Sunday. */
export function weekdayOf(ymd: string): number {
  return noon(ymd).getUTCDay();
}

/** The first day of the month `ymd` is in, moved by `months`. */
export function monthStart(ymd: string, months = 0): string {
  const d = noon(ymd);
  return ymdOf(new Date(Date.UTC(d.getUTCFullYear(), d.getUTCMonth() + months, 1, 12)));
}

export function daysInMonth(ymd: string): number {
  const d = noon(ymd);
  return new Date(Date.UTC(d.getUTCFullYear(), d.getUTCMonth() + 1, 0, 12)).getUTCDate();
}

/** "dezembro de 2026". */
export function monthLabel(ymd: string): string {
  const d = noon(ymd);
  return `${MONTHS[d.getUTCMonth()]} de ${d.getUTCFullYear()}`;
}

/** "05/12". */
function ddmm(ymd: string): string {
  return `${ymd.slice(8, 10)}/${ymd.slice(5, 7)}`;
}

/** "sábado, 05/12". */
export function diaCurto(ymd: string): string {
  return `${WEEKDAYS[weekdayOf(ymd)]}, ${ddmm(ymd)}`;
}

/** "sábado, 05/12/2026". */
export function diaLongo(ymd: string): string {
  return `${diaCurto(ymd)}/${ymd.slice(0, 4)}`;
}

function zonedParts(value: string | Date, timeZone: string | undefined) {
  const date = value instanceof Date ? value : new Date(value);
  let format: Intl.DateTimeFormat;
  try {
    format = new Intl.DateTimeFormat("en-CA", {
      timeZone,
      year: "numeric",
      month: "2-digit",
      day: "2-digit",
      hour: "2-digit",
      minute: "2-digit",
      hourCycle: "h23",
    });
  } catch {
    format = new Intl.DateTimeFormat("en-CA", {
      year: "numeric",
      month: "2-digit",
      day: "2-digit",
      hour: "2-digit",
      minute: "2-digit",
      hourCycle: "h23",
    });
  }
  const parts: Record<string, string> = {};
  for (const part of format.formatToParts(date)) parts[part.type] = part.value;
  return { ymd: `${parts.year}-${parts.month}-${parts.day}`, hhmm: `${parts.hour}:${parts.minute}` };
}

/** Today on the condominium's calendar. */
export function hojeEm(timeZone: string | undefined, now = new Date()): string {
  return zonedParts(now, timeZone).ymd;
}

/** "18:00" on the condominium's clock; a booking that ends at midnight ends at "24:00" of its day. */
export function horaEm(value: string, timeZone: string | undefined, dia?: string): string {
  const { ymd, hhmm } = zonedParts(value, timeZone);
  if (dia && ymd > dia && hhmm === "00:00") return "24:00";
  return hhmm;
}

/** "18:00–23:00" of a booking, on the condominium's clock. */
export function horarioReserva(r: Pick<Reserva, "inicio" | "fim" | "data">, timeZone: string): string {
  return `${horaEm(r.inicio, timeZone, r.data)}–${horaEm(r.fim, timeZone, r.data)}`;
}

/** "sábado, 05/12/2026, 18:00–23:00". */
export function quandoReserva(r: Pick<Reserva, "inicio" | "fim" | "data">, timeZone: string): string {
  return `${diaLongo(r.data)}, ${horarioReserva(r, timeZone)}`;
}

const BRL = new Intl.NumberFormat("pt-BR", { style: "currency", currency: "BRL" });

/** "R$ 150,00", or "Sem taxa". */
export function taxaLabel(centavos: number | null): string {
  return centavos ? BRL.format(centavos / 100) : "Sem taxa";
}

export function capacidadeLabel(capacidade: number | null): string | null {
  return capacidade ? `Até ${capacidade} ${capacidade === 1 ? "pessoa" : "pessoas"}` : null;
}

const plural = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;

/** The area's rules as a resident reads them before booking: each a term and its value. */
export function regrasResumo(a: Area): [string, string][] {
  const itens: [string, string][] = [
    [
      "Antecedência mínima",
      a.antecedencia_minima_horas ? plural(a.antecedencia_minima_horas, "hora", "horas") : "Sem antecedência mínima",
    ],
    ["Reserve com até", `${plural(a.antecedencia_maxima_dias, "dia", "dias")} de antecedência`],
    [
      "Limite por unidade",
      a.max_reservas_mes ? `${plural(a.max_reservas_mes, "reserva", "reservas")} por mês` : "Sem limite mensal",
    ],
    ["Intervalo de limpeza", a.limpeza_minutos ? `${a.limpeza_minutos} minutos entre reservas` : "Sem intervalo"],
    [
      "Cancelamento",
      a.cancelamento_horas
        ? `Até ${plural(a.cancelamento_horas, "hora", "horas")} antes do início`
        : "Até o início da reserva",
    ],
    ["Taxa", taxaLabel(a.taxa_centavos)],
    ["Aprovação", a.requer_aprovacao ? "O síndico aprova cada reserva" : "Confirmada na hora"],
  ];
  const capacidade = capacidadeLabel(a.capacidade);
  if (capacidade) itens.splice(0, 0, ["Capacidade", capacidade]);
  if (a.modo === "blocos" && a.bloco_horas)
    itens.splice(1, 0, ["Horários", `Blocos de ${plural(a.bloco_horas, "hora", "horas")}`]);
  else itens.splice(1, 0, ["Horários", "Dia inteiro"]);
  return itens;
}
