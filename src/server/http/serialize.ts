/**
 * Dates leave the API as ISO 8601 strings; null stays null. A timestamp the database already wrote
 * in that form (isoText in db/page-statement.ts) passes as it is.
 */
export function iso(date: Date | string): string;
export function iso(date: Date | string | null): string | null;
export function iso(date: Date | string | null): string | null {
  if (date === null || typeof date === "string") return date;
  return date.toISOString();
}
