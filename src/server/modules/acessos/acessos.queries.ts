/**
 * Drizzle queries for the access log. Every list orders by (entrada_em DESC, id DESC), matching
 * the indexes exactly; the CSV export walks the same order by keyset, a batch at a time.
 */
import { and, count, desc, eq, gte, lt, type SQL, sql } from "drizzle-orm";
import type { AcessoOrigem, VisitaTipo } from "../../../shared/domain";
import { normalizeSearch } from "../../../shared/schemas/common";
import type { Reader } from "../../auth/scope";
import { unidadeRowCondition } from "../../auth/scope";
import type { Executor } from "../../db/client";
import { cappedCount, cappedSearchCount } from "../../db/pagination";
import { acessos as a, condominios, unidades } from "../../db/schema";
import { likeContains } from "../../db/search";

export interface AcessoFilters {
  condominioId?: string;
  unidadeId?: string;
  tipo?: VisitaTipo;
  origem?: AcessoOrigem;
  /** Only who is inside now. */
  presentes?: boolean;
  q?: string;
  de?: Date;
  ate?: Date;
}

/** Inside now: came in, has not left, and was not marked "Não entrou" (the presentes indexes' predicate). */
export const INSIDE = sql`${a.saidaEm} IS NULL AND ${a.naoEntrouEm} IS NULL`;

export function acessoWhere(reader: Reader, f: AcessoFilters): SQL {
  const q = f.q ? normalizeSearch(f.q) : "";
  return and(
    eq(a.organizationId, reader.organizationId),
    unidadeRowCondition(reader, a.unidadeId, a.condominioId),
    f.condominioId ? eq(a.condominioId, f.condominioId) : undefined,
    f.unidadeId ? eq(a.unidadeId, f.unidadeId) : undefined,
    f.tipo ? eq(a.tipo, f.tipo) : undefined,
    f.origem ? eq(a.origem, f.origem) : undefined,
    f.presentes ? INSIDE : undefined,
    f.de ? gte(a.entradaEm, f.de) : undefined,
    f.ate ? lt(a.entradaEm, f.ate) : undefined,
    q ? sql`${a.busca} LIKE ${likeContains(q)}` : undefined,
  )!;
}

export const acessoColumns = {
  row: a,
  unidade: { codigo: unidades.codigo, torre: unidades.torre },
  condominio: { nome: condominios.nome, timezone: condominios.timezone },
};

export type AcessoRow = {
  row: typeof a.$inferSelect;
  unidade: { codigo: string; torre: string | null };
  condominio: { nome: string; timezone: string };
};

function selectAcessos(db: Executor) {
  return db
    .select(acessoColumns)
    .from(a)
    .innerJoin(unidades, eq(unidades.id, a.unidadeId))
    .innerJoin(condominios, eq(condominios.id, a.condominioId));
}

export async function listAcessos(db: Executor, reader: Reader, f: AcessoFilters, page: number, pageSize: number) {
  const where = acessoWhere(reader, f);
  const [rows, counted] = await Promise.all([
    selectAcessos(db)
      .where(where)
      .orderBy(desc(a.entradaEm), desc(a.id))
      .limit(pageSize)
      .offset((page - 1) * pageSize),
    // A million visits: a common name's count is estimated (db/pagination.ts), any other counted.
    f.q ? cappedSearchCount(db, a, where) : cappedCount(db, a, where),
  ]);
  return { rows: rows as AcessoRow[], counted };
}

/** Where an export batch ended: the last row's entry time as PostgreSQL wrote it (microseconds kept) and id. */
export interface ExportCursor {
  entradaEm: string;
  id: string;
}

/** The next export batch after `after`, in list order, and the cursor after its last row. */
export async function acessoBatch(
  db: Executor,
  where: SQL,
  after: ExportCursor | null,
  size: number,
): Promise<{ rows: AcessoRow[]; cursor: ExportCursor | null }> {
  // A JS Date would round the microseconds away and skip rows inside the same millisecond.
  const keyset = after
    ? sql`(${a.entradaEm}, ${a.id}) < (${after.entradaEm}::timestamptz, ${after.id}::uuid)`
    : undefined;
  const rows = await db
    .select({ ...acessoColumns, cursor: sql<string>`${a.entradaEm}::text` })
    .from(a)
    .innerJoin(unidades, eq(unidades.id, a.unidadeId))
    .innerJoin(condominios, eq(condominios.id, a.condominioId))
    .where(and(where, keyset))
    .orderBy(desc(a.entradaEm), desc(a.id))
    .limit(size);
  const last = rows.at(-1);
  return { rows: rows as AcessoRow[], cursor: last ? { entradaEm: last.cursor, id: last.row.id } : null };
}

export async function findAcesso(db: Executor, organizationId: string, id: string): Promise<AcessoRow | null> {
  const [row] = await selectAcessos(db).where(and(eq(a.organizationId, organizationId), eq(a.id, id)));
  return (row as AcessoRow | undefined) ?? null;
}

/** People inside now (the dashboard's count); the partial index holds only open visits. */
export async function countPresentes(db: Executor, reader: Reader, condominioId?: string): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(a)
    .where(
      and(
        eq(a.organizationId, reader.organizationId),
        INSIDE,
        unidadeRowCondition(reader, a.unidadeId, a.condominioId),
        condominioId ? eq(a.condominioId, condominioId) : undefined,
      ),
    );
  return row?.n ?? 0;
}
