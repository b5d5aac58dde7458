import { useSyncExternalStore } from "react";
import { cn } from "@/web/lib/utils";
import { formatLongInZone, MONTHS, zoneDiffers, zoneLabel } from "@/web/lib/zoned-time";

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

// date-fns' `formatDistanceToNow(date, { addSuffix: true, locale: ptBR })`, written out as well: with
// its pt-BR locale (parsing tables included) and the en-US default locale it imports, it was about
// 6 KB gzipped of the console's first screen (docs/decisions/026). The same thresholds and rounding,
// the same words (relative-time.test.ts compares the two from seconds to decades, both ways).
const MINUTES_IN_DAY = 1440;
const MINUTES_IN_MONTH = 43200;
/** date-fns' pt-BR words for each distance: [one, other]. */
const DISTANCE = {
  lessThanXMinutes: ["menos de um minuto", "menos de {{count}} minutos"],
  xMinutes: ["1 minuto", "{{count}} minutos"],
  aboutXHours: ["cerca de 1 hora", "cerca de {{count}} horas"],
  xDays: ["1 dia", "{{count}} dias"],
  aboutXMonths: ["cerca de 1 mês", "cerca de {{count}} meses"],
  xMonths: ["1 mês", "{{count}} meses"],
  aboutXYears: ["cerca de 1 ano", "cerca de {{count}} anos"],
  overXYears: ["mais de 1 ano", "mais de {{count}} anos"],
  almostXYears: ["quase 1 ano", "quase {{count}} anos"],
} as const;

const compare = (a: Date, b: Date) => Math.sign(a.getTime() - b.getTime());

/** The local time zone's offset at `date`, in milliseconds (date-fns' getTimezoneOffsetInMilliseconds). */
function timezoneOffset(date: Date): number {
  const utc = new Date(
    Date.UTC(
      date.getFullYear(),
      date.getMonth(),
      date.getDate(),
      date.getHours(),
      date.getMinutes(),
      date.getSeconds(),
      date.getMilliseconds(),
    ),
  );
  utc.setUTCFullYear(date.getFullYear());
  return date.getTime() - utc.getTime();
}

function isLastDayOfMonth(date: Date): boolean {
  const endOfDay = new Date(date.getTime());
  endOfDay.setHours(23, 59, 59, 999);
  const endOfMonth = new Date(date.getTime());
  endOfMonth.setFullYear(endOfMonth.getFullYear(), endOfMonth.getMonth() + 1, 0);
  endOfMonth.setHours(23, 59, 59, 999);
  return endOfDay.getTime() === endOfMonth.getTime();
}

/** Whole months between two dates (date-fns' differenceInMonths). */
function differenceInMonths(later: Date, earlier: Date): number {
  const working = new Date(later.getTime());
  const sign = compare(working, earlier);
  const difference = Math.abs(
    (working.getFullYear() - earlier.getFullYear()) * 12 + working.getMonth() - earlier.getMonth(),
  );
  if (difference < 1) return 0;
  if (working.getMonth() === 1 && working.getDate() > 27) working.setDate(30);
  working.setMonth(working.getMonth() - sign * difference);
  let lastMonthNotFull = compare(working, earlier) === -sign;
  if (isLastDayOfMonth(later) && difference === 1 && compare(later, earlier) === 1) lastMonthNotFull = false;
  const result = sign * (difference - Number(lastMonthNotFull));
  return result === 0 ? 0 : result;
}

/** "há 5 minutos" / "em cerca de 2 horas": how far `value` is from `now` (date-fns' formatDistance, pt-BR, with suffix). */
export function formatDistancePtBR(value: Date, now: Date): string {
  const comparison = compare(value, now);
  if (Number.isNaN(comparison)) throw new RangeError("Invalid time value");
  const [earlier, later] = comparison > 0 ? [now, value] : [value, now];
  const seconds = Math.trunc((later.getTime() - earlier.getTime()) / 1000) || 0;
  const minutes = Math.round((seconds - (timezoneOffset(later) - timezoneOffset(earlier)) / 1000) / 60);
  const say = (token: keyof typeof DISTANCE, count: number) => {
    const [one, other] = DISTANCE[token];
    const text = count === 1 ? one : other.replace("{{count}}", String(count));
    return comparison > 0 ? `em ${text}` : `há ${text}`;
  };
  if (minutes < 2) return minutes === 0 ? say("lessThanXMinutes", 1) : say("xMinutes", minutes);
  if (minutes < 45) return say("xMinutes", minutes);
  if (minutes < 90) return say("aboutXHours", 1);
  if (minutes < MINUTES_IN_DAY) return say("aboutXHours", Math.round(minutes / 60));
  if (minutes < 2520) return say("xDays", 1);
  if (minutes < MINUTES_IN_MONTH) return say("xDays", Math.round(minutes / MINUTES_IN_DAY));
  if (minutes < MINUTES_IN_MONTH * 2) return say("aboutXMonths", Math.round(minutes / MINUTES_IN_MONTH));
  const months = differenceInMonths(later, earlier);
  if (months < 12) return say("xMonths", Math.round(minutes / MINUTES_IN_MONTH));
  const years = Math.trunc(months / 12);
  if (months % 12 < 3) return say("aboutXYears", years);
  if (months % 12 < 9) return say("overXYears", years);
  return say("almostXYears", years + 1);
}

/** "há 5 minutos" / "em 2 horas" (pt-BR, with suffix). */
export function formatRelative(value: string | Date): string {
  const date = toDate(value);
  const current = Date.now();
  // A browser clock slightly behind the server's would say "em menos de um minuto" for a new row.
  const ahead = date.getTime() - current;
  return formatDistancePtBR(ahead > 0 && ahead < 60_000 ? new Date(current) : date, new Date(current));
}

/**
 * A relative time ("há 5 minutos") in a <time> element, with the full date as its title: on the
 * condominium's clock when `timeZone` is given (docs/product.md, "Horários"), else the browser's.
 */
export function RelativeTime({
  value,
  className,
  timeZone,
}: {
  value: string | Date;
  className?: string;
  timeZone?: string;
}) {
  useNow(); // re-render as time passes
  const date = toDate(value);
  const label = zoneDiffers(date, timeZone) && timeZone ? ` (${zoneLabel(timeZone)})` : "";
  const title = timeZone ? `${formatLongInZone(date, timeZone)}${label}` : formatDateTimeLong(date);
  return (
    <time dateTime={date.toISOString()} title={title} className={cn(className)}>
      {formatRelative(date)}
    </time>
  );
}
