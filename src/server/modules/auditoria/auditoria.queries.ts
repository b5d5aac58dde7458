/** Reading the audit trail: newest first, on the tenant's (organization_id, ocorrido_em) indexes. */
import { and, desc, eq, gte, lt, type SQL, sql } from "drizzle-orm";
import type { Executor } from "../../db/client";
import { cappedCount } from "../../db/pagination";
import { auditoria as a } from "../../db/schema";

export interface AuditoriaFilters {
  atorId?: string;
  acao?: string;
  entidade?: string;
  entidadeId?: string;
  de?: Date;
  ate?: Date;
}

export function auditoriaWhere(organizationId: string, f: AuditoriaFilters): SQL {
  return and(
    eq(a.organizationId, organizationId),
    f.atorId ? eq(a.atorId, f.atorId) : undefined,
    f.acao ? eq(a.acao, f.acao) : undefined,
    f.entidade ? eq(a.entidade, f.entidade) : undefined,
    f.entidadeId ? eq(a.entidadeId, f.entidadeId) : undefined,
    f.de ? gte(a.ocorridoEm, f.de) : undefined,
    f.ate ? lt(a.ocorridoEm, f.ate) : undefined,
  )!;
}

export async function listAuditoria(db: Executor, where: SQL, page: number, pageSize: number) {
  const [rows, counted] = await Promise.all([
    db
      .select()
      .from(a)
      .where(where)
      .orderBy(desc(a.ocorridoEm), desc(a.id))
      .limit(pageSize)
      .offset((page - 1) * pageSize),
    cappedCount(db, a, where),
  ]);
  return { rows, counted };
}

export interface AuditCursor {
  ocorridoEm: string;
  id: string;
}

/** The next export batch after the cursor, in list order (the cursor keeps PostgreSQL's microseconds). */
export async function auditoriaBatch(db: Executor, where: SQL, after: AuditCursor | null, size: number) {
  const keyset = after
    ? sql`(${a.ocorridoEm}, ${a.id}) < (${after.ocorridoEm}::timestamptz, ${after.id}::uuid)`
    : undefined;
  const rows = await db
    .select({ row: a, cursor: sql<string>`${a.ocorridoEm}::text` })
    .from(a)
    .where(and(where, keyset))
    .orderBy(desc(a.ocorridoEm), desc(a.id))
    .limit(size);
  const last = rows.at(-1);
  return { rows: rows.map((r) => r.row), cursor: last ? { ocorridoEm: last.cursor, id: last.row.id } : null };
}

/** Whether this actor already viewed this record in the last minutes (one view record per visit, not per refetch). */
export async function viewedRecently(
  db: Executor,
  organizationId: string,
  atorId: string,
  entidade: string,
  entidadeId: string,
  since: Date,
): Promise<boolean> {
  const [row] = await db
    .select({ id: a.id })
    .from(a)
    .where(
      and(
        eq(a.organizationId, organizationId),
        eq(a.entidade, entidade),
        eq(a.entidadeId, entidadeId),
        eq(a.acao, "visualizar"),
        eq(a.atorId, atorId),
        gte(a.ocorridoEm, since),
      ),
    )
    .limit(1);
  return !!row;
}
