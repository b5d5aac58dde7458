import { and, asc, count, desc, eq, inArray, type SQL, sql } from "drizzle-orm";
import type { Reader } from "../../auth/scope";
import { unidadeRowCondition } from "../../auth/scope";
import type { Executor } from "../../db/client";
import { cappedCount } from "../../db/pagination";
import { condominios, unidades as u, vMoradoresAtivos } from "../../db/schema";
import { likeContains } from "../../db/search";

export interface UnidadeFilters {
  condominioId?: string;
  q?: string;
  status?: "ativa" | "inativa";
}

function where(reader: Reader, f: UnidadeFilters): SQL {
  return and(
    eq(u.organizationId, reader.organizationId),
    unidadeRowCondition(reader, u.id, u.condominioId),
    f.condominioId ? eq(u.condominioId, f.condominioId) : undefined,
    f.status ? eq(u.enabled, f.status === "ativa") : undefined,
    f.q ? sql`${u.busca} LIKE ${likeContains(f.q)}` : undefined,
  )!;
}

export async function listUnidades(db: Executor, reader: Reader, f: UnidadeFilters, page: number, pageSize: number) {
  const w = where(reader, f);
  const [rows, counted] = await Promise.all([
    // The list spans condominiums: each unit names its own.
    db
      .select({ row: u, condominio: { id: condominios.id, nome: condominios.nome, timezone: condominios.timezone } })
      .from(u)
      .innerJoin(condominios, eq(condominios.id, u.condominioId))
      .where(w)
      .orderBy(asc(u.torre), asc(u.codigo), asc(u.id))
      .limit(pageSize)
      .offset((page - 1) * pageSize),
    cappedCount(db, u, w),
  ]);
  return { rows, counted };
}

/** Active residents per unit, for one page of units only. */
export async function countMoradores(db: Executor, unidadeIds: string[]): Promise<Map<string, number>> {
  if (unidadeIds.length === 0) return new Map();
  const rows = await db
    .select({ unidadeId: vMoradoresAtivos.unidadeId, n: count() })
    .from(vMoradoresAtivos)
    .where(inArray(vMoradoresAtivos.unidadeId, unidadeIds))
    .groupBy(vMoradoresAtivos.unidadeId);
  return new Map(rows.map((r) => [r.unidadeId, r.n]));
}

export async function listMoradoresOfUnidade(db: Executor, organizationId: string, unidadeId: string) {
  return db
    .select()
    .from(vMoradoresAtivos)
    .where(and(eq(vMoradoresAtivos.organizationId, organizationId), eq(vMoradoresAtivos.unidadeId, unidadeId)))
    .orderBy(desc(vMoradoresAtivos.isResponsavel), asc(vMoradoresAtivos.nome));
}
