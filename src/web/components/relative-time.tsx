import { formatDistanceToNow } from "date-fns";
import { ptBR } from "date-fns/locale";
import { useSyncExternalStore } from "react";
import { cn } from "@/web/lib/utils";

// One shared clock for every relative time on screen, ticking every 30 s while any is mounted.
const TICK_MS = 30_000;
let now = Date.now();
const listeners = new Set<() => void>();
let timer: ReturnType<typeof setInterval> | undefined;

function subscribe(listener: () => void) {
  listeners.add(listener);
  if (!timer) {
    now = Date.now();
    timer = setInterval(() => {
      now = Date.now();
      for (const l of listeners) l();
    }, TICK_MS);
  }
  return () => {
    listeners.delete(listener);
    if (listeners.size === 0 && timer) {
      clearInterval(timer);
      timer = undefined;
    }
  };
}

/** The current time, re-rendering the caller every 30 s. */
export function useNow(): number {
  return useSyncExternalStore(
    subscribe,
    () => now,
    () => now,
  );
}

export function toDate(value: string | Date): Date {
  return value instanceof Date ? value : new Date(value);
}

// The two fixed date formats below are written out rather than through date-fns' `format`, which
// brought every format token (about 5 KB gzipped) into the console's shell (docs/decisions/026). They
// give what `format(date, "dd/MM/yyyy HH:mm")` and `format(date, "d 'de' MMMM 'de' yyyy 'às'
// HH:mm", { locale: ptBR })` give, an invalid date included (relative-time.test.ts).
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
const pad = (value: number, length = 2) => String(value).padStart(length, "0");

/** The local date's parts, or date-fns' RangeError for an invalid date. */
function parts(value: string | Date) {
  const date = toDate(value);
  if (Number.isNaN(date.getTime())) throw new RangeError("Invalid time value");
  const year = date.getFullYear();
  return {
    day: date.getDate(),
    month: date.getMonth(),
    // date-fns' "yyyy": the era year (1 BC is year 1), at least 4 digits.
    year: pad(year > 0 ? year : 1 - year, 4),
    time: `${pad(date.getHours())}:${pad(date.getMinutes())}`,
  };
}

/** "12/03/2025 14:32" (pt-BR). */
export function formatDateTime(value: string | Date): string {
  const { day, month, year, time } = parts(value);
  return `${pad(day)}/${pad(month + 1)}/${year} ${time}`;
}

/** "12 de março de 2025 às 14:32" (pt-BR, long form for tooltips). */
export function formatDateTimeLong(value: string | Date): string {
  const { day, month, year, time } = parts(value);
  return `${day} de ${MONTHS[month]} de ${year} às ${time}`;
}

/** "há 5 minutos" / "em 2 horas" (pt-BR, with suffix). */
export function formatRelative(value: string | Date): string {
  const date = toDate(value);
  const current = Date.now();
  // A browser clock slightly behind the server's would say "em menos de um minuto" for a new row.
  const ahead = date.getTime() - current;
  return formatDistanceToNow(ahead > 0 && ahead < 60_000 ? new Date(current) : date, { addSuffix: true, locale: ptBR });
}

/** A relative time ("há 5 minutos") in a <time> element, with the full date as its title. */
export function RelativeTime({ value, className }: { value: string | Date; className?: string }) {
  useNow(); // re-render as time passes
  const date = toDate(value);
  return (
    <time dateTime={date.toISOString()} title={formatDateTimeLong(date)} className={cn(className)}>
      {formatRelative(date)}
    </time>
  );
}
