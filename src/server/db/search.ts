/**
 * "Contains" search, one way for every list: each searchable table keeps a `busca` column with its
 * searchable fields normalised by normalizeSearch (lower case, no accents), written by the service
 * on every change; queries match it with LIKE, served by a pg_trgm index on big tables.
 */
import { normalizeSearch } from "../../shared/schemas/common";

export function buildSearchText(parts: (string | null | undefined)[]): string {
  return normalizeSearch(parts.filter(Boolean).join(" "));
}

/** `%`, `_` and `\` typed by a user are literal characters, not LIKE wildcards. */
export function likeContains(text: string): string {
  return `%${normalizeSearch(text).replace(/[\\%_]/g, (ch) => `\\${ch}`)}%`;
}
