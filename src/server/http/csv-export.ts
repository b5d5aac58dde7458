/**
 * The one way a screen's list becomes a CSV download: the export is recorded in the audit trail
 * before the first byte (who exported what, with which filters: docs/decisions/024-audit-and-lgpd.md),
 * then the rows stream from the module's batch reader (http/csv.ts). Every export route answers the
 * same documented 200 and the same file name pattern.
 */
import { z } from "@hono/zod-openapi";
import { type AuditEntry, actorOf, recordAudit } from "../audit/audit";
import type { Database } from "../db/client";
import type { TenantContext } from "./context";
import { csvHeaders, exportFilters } from "./csv";

/** The 200 every export route documents. */
export const csvResponse = { description: "CSV", content: { "text/csv": { schema: z.string() } } };

export interface CsvExport {
  /** What was exported, as the audit trail names it. */
  entidade: AuditEntry["entidade"];
  /** The audit entry's sentence: "Exportou chamadas em CSV". */
  resumo: string;
  /** The query the export was asked with; the audit keeps the filters given. */
  query: Record<string, unknown>;
  /** The download's base name: `chamadas` → `chamadas-2026-11-24.csv`. */
  fileName: string;
  /** The rows, pulled batch by batch as the client reads (csvStream). */
  rows: ReadableStream<Uint8Array>;
}

/** Records the export, then answers the download. */
export async function csvExport(db: Database, tenant: TenantContext, e: CsvExport): Promise<Response> {
  await recordAudit(db, tenant.organizationId, actorOf(tenant), {
    acao: "exportar",
    entidade: e.entidade,
    resumo: e.resumo,
    depois: { filtros: exportFilters(e.query) },
  });
  return new Response(e.rows, { status: 200, headers: csvHeaders(e.fileName) });
}
