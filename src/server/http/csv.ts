/**
 * CSV downloads, one way for every export: UTF-8 with a BOM and `;` between fields, which is what
 * Excel in pt-BR opens correctly with a double click, and CRLF line ends. Rows are produced in
 * batches by the caller and pulled by the HTTP stream, so memory stays flat however many rows
 * match: the next batch is read only when the client has taken the previous one.
 */

const BOM = "\uFEFF";
const NEEDS_QUOTES = /[";\r\n]/;
/** A cell starting like a formula is neutralised (CSV injection): Excel would evaluate it. */
const FORMULA_START = /^[=+\-@\t\r]/;

export function csvCell(value: string | number | null | undefined): string {
  if (value === null || value === undefined) return "";
  let text = String(value);
  if (FORMULA_START.test(text)) text = `'${text}`;
  return NEEDS_QUOTES.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

export function csvLine(cells: readonly (string | number | null | undefined)[]): string {
  return `${cells.map(csvCell).join(";")}\r\n`;
}

/** One formatter per timezone: times are written as the condominium's clock read them. */
const formatters = new Map<string, Intl.DateTimeFormat>();

/** "24/11/2026 14:05" in the given timezone (the condominium's); empty for no date. */
export function csvDateTime(date: Date | null, timeZone: string): string {
  if (!date) return "";
  let f = formatters.get(timeZone);
  if (!f) {
    f = new Intl.DateTimeFormat("pt-BR", { timeZone, dateStyle: "short", timeStyle: "short" });
    formatters.set(timeZone, f);
  }
  return f.format(date).replace(",", "");
}

/**
 * A stream of the header and then each batch `next()` returns, until it returns an empty one.
 * `next` keeps its own cursor (keyset pagination over the list's order).
 */
export function csvStream(header: readonly string[], next: () => Promise<string[][]>): ReadableStream<Uint8Array> {
  const encoder = new TextEncoder();
  let started = false;
  return new ReadableStream<Uint8Array>(
    {
      async pull(controller) {
        if (!started) {
          started = true;
          controller.enqueue(encoder.encode(BOM + csvLine(header)));
          return;
        }
        try {
          const rows = await next();
          if (rows.length === 0) {
            controller.close();
            return;
          }
          controller.enqueue(encoder.encode(rows.map(csvLine).join("")));
        } catch (error) {
          controller.error(error);
        }
      },
    },
    // Pull one batch ahead at most: back-pressure from the socket keeps memory flat.
    { highWaterMark: 1 },
  );
}

/** The filters an export was asked with, as its audit record keeps them: only those given. */
export function exportFilters(query: Record<string, unknown>): Record<string, unknown> {
  return Object.fromEntries(Object.entries(query).filter(([, v]) => v !== undefined && v !== false && v !== ""));
}

/** The download headers: `entradas-e-saidas-2026-11-24.csv`. */
export function csvHeaders(baseName: string, now = new Date()): Record<string, string> {
  return {
    "Content-Type": "text/csv; charset=utf-8",
    "Content-Disposition": `attachment; filename="${baseName}-${now.toISOString().slice(0, 10)}.csv"`,
    "Cache-Control": "no-store",
  };
}
