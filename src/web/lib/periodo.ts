/**
 * A list's period filter: the screen (and its URL) keeps calendar days, the API takes ISO
 * date-times with an inclusive start and an exclusive end. Days are read in the browser's timezone,
 * the user's own day. The access log and the Auditoria screen read it.
 */
const DATE_ONLY = /^(\d{4})-(\d{2})-(\d{2})$/;

/** "2025-03-12", and a day that exists (not "2025-02-30"). */
export function isDateOnly(value: string | null | undefined): value is string {
  const match = value ? DATE_ONLY.exec(value) : null;
  if (!match) return false;
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  const date = new Date(year, month - 1, day);
  return date.getFullYear() === year && date.getMonth() === month - 1 && date.getDate() === day;
}

function startOfLocalDay(value: string, addDays = 0): string {
  const [year, month, day] = value.split("-").map(Number) as [number, number, number];
  return new Date(year, month - 1, day + addDays).toISOString();
}

/**
 * The API's `de`/`ate` for the days chosen: `de` from the start of its day, `ate` through the end of
 * its day (the start of the next one, which the API excludes). Days that are not valid are left out.
 */
export function periodoParaApi(de: string | undefined, ate: string | undefined): { de?: string; ate?: string } {
  return {
    de: isDateOnly(de) ? startOfLocalDay(de) : undefined,
    ate: isDateOnly(ate) ? startOfLocalDay(ate, 1) : undefined,
  };
}
