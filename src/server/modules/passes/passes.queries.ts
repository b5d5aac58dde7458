/**
 * Drizzle queries for passes and their validations. Reads a caller asks for filter by the tenant
 * and the caller's data scope (a morador reaches only their units' passes, an assigned porteiro
 * their condominiums').
 */
import { and, desc, eq, type SQL, sql } from "drizzle-orm";
import type { PasseStatus, VisitaTipo } from "../../../shared/domain";
import { normalizeSearch } from "../../../shared/schemas/common";
import type { Reader } from "../../auth/scope";
import { condominioCondition, unidadeRowCondition } from "../../auth/scope";
import type { Executor } from "../../db/client";
import { cappedCount } from "../../db/pagination";
import { condominios, passes as p, unidades, user, passeValidacoes as v } from "../../db/schema";
import { likeContains } from "../../db/search";

export interface PasseFilters {
  condominioId?: string;
  unidadeId?: string;
  status?: PasseStatus;
  tipo?: VisitaTipo;
  q?: string;
}

function listWhere(reader: Reader, f: PasseFilters): SQL {
  const q = f.q ? normalizeSearch(f.q) : "";
  return and(
    eq(p.organizationId, reader.organizationId),
    unidadeRowCondition(reader, p.unidadeId, p.condominioId),
    f.condominioId ? eq(p.condominioId, f.condominioId) : undefined,
    f.unidadeId ? eq(p.unidadeId, f.unidadeId) : undefined,
    f.status ? eq(p.status, f.status) : undefined,
    f.tipo ? eq(p.tipo, f.tipo) : undefined,
    q ? sql`${p.busca} LIKE ${likeContains(q)}` : undefined,
  )!;
}

/** A pass with what every screen shows beside it: its unit, condominium and creator. */
const passeColumns = {
  row: p,
  unidade: { codigo: unidades.codigo, torre: unidades.torre },
  condominio: { nome: condominios.nome, timezone: condominios.timezone },
  criadoPorNome: user.name,
};

export type PasseRow = {
  row: typeof p.$inferSelect;
  unidade: { codigo: string; torre: string | null };
  condominio: { nome: string; timezone: string };
  criadoPorNome: string | null;
};

function selectPasses(db: Executor) {
  return db
    .select(passeColumns)
    .from(p)
    .innerJoin(unidades, eq(unidades.id, p.unidadeId))
    .innerJoin(condominios, eq(condominios.id, p.condominioId))
    .leftJoin(user, eq(user.id, p.criadoPorUserId));
}

export async function listPasses(db: Executor, reader: Reader, f: PasseFilters, page: number, pageSize: number) {
  const where = listWhere(reader, f);
  const [rows, counted] = await Promise.all([
    selectPasses(db)
      .where(where)
      .orderBy(desc(p.createdAt), desc(p.id))
      .limit(pageSize)
      .offset((page - 1) * pageSize),
    cappedCount(db, p, where),
  ]);
  return { rows: rows as PasseRow[], counted };
}

export async function findPasse(db: Executor, reader: Reader, id: string): Promise<PasseRow | null> {
  const [row] = await selectPasses(db).where(
    and(
      eq(p.organizationId, reader.organizationId),
      unidadeRowCondition(reader, p.unidadeId, p.condominioId),
      eq(p.id, id),
    ),
  );
  return (row as PasseRow | undefined) ?? null;
}

/** The validation log's columns, with the pass's name for the Portaria screen. */
export const validacaoColumns = {
  id: v.id,
  condominioId: v.condominioId,
  passeId: v.passeId,
  metodo: v.metodo,
  resultado: v.resultado,
  mensagem: v.mensagem,
  validadoPorNome: v.validadoPorNome,
  createdAt: v.createdAt,
};

/** The gate's validation log: the condominiums the caller sees (an assigned porteiro's own). */
export async function listValidacoes(
  db: Executor,
  reader: Reader,
  f: { condominioId?: string; passeId?: string },
  page: number,
  pageSize: number,
) {
  const where = and(
    eq(v.organizationId, reader.organizationId),
    condominioCondition(reader, v.condominioId),
    f.condominioId ? eq(v.condominioId, f.condominioId) : undefined,
    f.passeId ? eq(v.passeId, f.passeId) : undefined,
  )!;
  const [rows, counted] = await Promise.all([
    db
      .select(validacaoColumns)
      .from(v)
      .where(where)
      .orderBy(desc(v.createdAt), desc(v.id))
      .limit(pageSize)
      .offset((page - 1) * pageSize),
    cappedCount(db, v, where),
  ]);
  return { rows, counted };
}
