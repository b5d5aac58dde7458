/**
 * Times of a condominium's records are read in the condominium's timezone, on every screen, with the
 * zone named when it differs from the browser's (docs/product.md, "Horários"). The one place that
 * formats them: lists, details and timelines all call these.
 */

const formatters = new Map<string, Intl.DateTimeFormat>();

const OPTIONS: Intl.DateTimeFormatOptions = {
  year: "numeric",
  month: "2-digit",
  day: "2-digit",
  hour: "2-digit",
  minute: "2-digit",
  second: "2-digit",
  hourCycle: "h23",
};

/** The browser's own zone ("UTC", "America/Sao_Paulo"). */
export function browserTimeZone(): string {
  return new Intl.DateTimeFormat().resolvedOptions().timeZone;
}

function formatterFor(timeZone: string | undefined): Intl.DateTimeFormat {
  const key = timeZone ?? "";
  let formatter = formatters.get(key);
  if (!formatter) {
    try {
      formatter = new Intl.DateTimeFormat("pt-BR", { ...OPTIONS, timeZone });
    } catch {
      // An unknown zone name: the browser's own zone rather than no date at all.
      formatter = new Intl.DateTimeFormat("pt-BR", OPTIONS);
    }
    formatters.set(key, formatter);
  }
  return formatter;
}

function partsOf(value: string | Date, timeZone: string | undefined) {
  const date = value instanceof Date ? value : new Date(value);
  if (Number.isNaN(date.getTime())) throw new RangeError("Invalid time value");
  const parts: Record<string, string> = {};
  for (const part of formatterFor(timeZone).formatToParts(date)) parts[part.type] = part.value;
  return parts;
}

/**
 * "12/03/2025 14:32" in the given IANA zone (":05" seconds when asked); without a zone, the
 * browser's (for records that belong to no condominium: a session, an invitation).
 */
export function formatInZone(value: string | Date, timeZone?: string, { seconds = false } = {}): string {
  const p = partsOf(value, timeZone);
  return `${p.day}/${p.month}/${p.year} ${p.hour}:${p.minute}${seconds ? `:${p.second}` : ""}`;
}

/** The months as pt-BR dates write them ("12 de março de 2025"). */
export const MONTHS = [
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

/** "12 de março de 2025 às 14:32" in the given zone (tooltips). */
export function formatLongInZone(value: string | Date, timeZone?: string): string {
  const p = partsOf(value, timeZone);
  return `${Number(p.day)} de ${MONTHS[Number(p.month) - 1]} de ${p.year} às ${p.hour}:${p.minute}`;
}

/** The place each zone is named after, as people in Brazil say it ("horário de Manaus"). */
const ZONE_PLACES: Record<string, string> = {
  "America/Sao_Paulo": "Brasília",
  "America/Manaus": "Manaus",
  "America/Cuiaba": "Cuiabá",
  "America/Campo_Grande": "Campo Grande",
  "America/Recife": "Recife",
  "America/Bahia": "Salvador",
  "America/Fortaleza": "Fortaleza",
  "America/Noronha": "Fernando de Noronha",
};

/** "horário de Manaus" (the zone's id for one outside the product's list). */
export function zoneLabel(timeZone: string): string {
  return `horário de ${ZONE_PLACES[timeZone] ?? timeZone}`;
}

/**
 * Whether `value` reads differently on the condominium's clock than on the browser's: then the
 * zone is named beside it. Compared at that instant, so two zones with the same offset that day
 * (Recife and São Paulo) need no label.
 */
export function zoneDiffers(value: string | Date, timeZone: string | undefined, browser = browserTimeZone()): boolean {
  if (!timeZone || timeZone === browser) return false;
  try {
    return formatInZone(value, timeZone, { seconds: true }) !== formatInZone(value, browser, { seconds: true });
  } catch {
    return false;
  }
}
