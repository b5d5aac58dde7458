/**
 * Reads of packages (docs/decisions/043-deliveries.md). Every read a caller asks for filters by the
 * tenant and the caller's scope: a morador reaches only their units' packages, an assigned porteiro
 * their condominiums'. The list is one statement (db/page-statement.ts) on indexes that match its order.
 */
import { and, desc, eq, gte, inArray, lt, type SQL, sql } from "drizzle-orm";
import { alias } from "drizzle-orm/pg-core";
import type { EncomendaStatus, Transportadora } from "../../../shared/domain";
import { normalizeSearch } from "../../../shared/schemas/common";
import type { Reader } from "../../auth/scope";
import { unidadeRowCondition } from "../../auth/scope";
import type { Executor } from "../../db/client";
import { isoText, type PageRow, pageStatement } from "../../db/page-statement";
import {
  condominios,
  encomendas as e,
  encomendaAutorizados,
  encomendaLotes as l,
  pessoas,
  unidades,
  user,
} from "../../db/schema";
import { likeContains } from "../../db/search";

export interface EncomendaFilters {
  condominioId?: string;
  unidadeId?: string;
  status?: EncomendaStatus;
  transportadora?: Transportadora;
  perecivel?: boolean;
  q?: string;
  de?: Date;
  ate?: Date;
}

export function encomendaWhere(reader: Reader, f: EncomendaFilters): SQL {
  const q = f.q ? normalizeSearch(f.q) : "";
  return and(
    eq(e.organizationId, reader.organizationId),
    unidadeRowCondition(reader, e.unidadeId, e.condominioId),
    f.condominioId ? eq(e.condominioId, f.condominioId) : undefined,
    f.unidadeId ? eq(e.unidadeId, f.unidadeId) : undefined,
    f.status ? eq(e.status, f.status) : undefined,
    f.transportadora ? eq(e.transportadora, f.transportadora) : undefined,
    f.perecivel === undefined ? undefined : eq(e.perecivel, f.perecivel),
    f.de ? gte(e.recebidaEm, f.de) : undefined,
    f.ate ? lt(e.recebidaEm, f.ate) : undefined,
    q ? sql`${e.busca} LIKE ${likeContains(q)}` : undefined,
  )!;
}

const recebedor = alias(user, "recebedor");
const entregador = alias(user, "entregador");
const destinatario = alias(pessoas, "destinatario");

/** What a list row and a detail show: the package, its batch's code and notice state, names read live. */
const columns = {
  id: e.id,
  loteId: e.loteId,
  condominioId: e.condominioId,
  unidadeId: e.unidadeId,
  unidadeCodigo: unidades.codigo,
  unidadeTorre: unidades.torre,
  condominioNome: condominios.nome,
  condominioTimezone: condominios.timezone,
  destinatarioId: destinatario.id,
  destinatarioNome: destinatario.nome,
  transportadora: e.transportadora,
  transportadoraOutra: e.transportadoraOutra,
  rastreio: e.rastreio,
  local: e.local,
  perecivel: e.perecivel,
  observacoes: e.observacoes,
  status: e.status,
  origem: l.origem,
  recebidaEm: isoText(e.recebidaEm),
  recebidaPorNome: recebedor.name,
  cienteEm: isoText(l.cienteEm),
  retiradaEm: isoText(e.retiradaEm),
  retiradaMetodo: e.retiradaMetodo,
  retiradaNome: e.retiradaNome,
  entreguePorNome: entregador.name,
  retiradaMotivo: e.retiradaMotivo,
  devolucaoMotivo: e.devolucaoMotivo,
  devolvidaEm: isoText(e.devolvidaEm),
  codigoRetirada: l.codigoRetirada,
  createdAt: isoText(e.createdAt),
  updatedAt: isoText(e.updatedAt),
};

export type EncomendaRow = PageRow<typeof columns>;

const from = sql`${e} INNER JOIN ${l} ON ${l.id} = ${e.loteId}
  INNER JOIN ${unidades} ON ${unidades.id} = ${e.unidadeId}
  INNER JOIN ${condominios} ON ${condominios.id} = ${e.condominioId}
  LEFT JOIN ${pessoas} AS ${destinatario} ON ${destinatario.id} = ${l.destinatarioPessoaId}
  LEFT JOIN ${user} AS ${recebedor} ON ${recebedor.id} = ${l.recebidoPorUserId}
  LEFT JOIN ${user} AS ${entregador} ON ${entregador.id} = ${e.entreguePorUserId}`;

const listPage = pageStatement({
  columns,
  from,
  countFrom: sql`${e}`,
  orderBy: [
    { key: e.recebidaEm, direction: "DESC" },
    { key: e.id, direction: "DESC" },
  ],
});

/** A page of the caller's packages, newest first, and the capped total: one statement. */
export function listEncomendas(db: Executor, reader: Reader, f: EncomendaFilters, page: number, pageSize: number) {
  return listPage(db, { where: encomendaWhere(reader, f), page, pageSize, prepare: !f.q && !f.de && !f.ate });
}

function selectRows(db: Executor) {
  return db
    .select(columns)
    .from(e)
    .innerJoin(l, eq(l.id, e.loteId))
    .innerJoin(unidades, eq(unidades.id, e.unidadeId))
    .innerJoin(condominios, eq(condominios.id, e.condominioId))
    .leftJoin(destinatario, eq(destinatario.id, l.destinatarioPessoaId))
    .leftJoin(recebedor, eq(recebedor.id, l.recebidoPorUserId))
    .leftJoin(entregador, eq(entregador.id, e.entreguePorUserId));
}

/** One package the caller sees, or null. */
export async function findEncomenda(db: Executor, reader: Reader, id: string): Promise<EncomendaRow | null> {
  const [row] = await selectRows(db).where(
    and(
      eq(e.organizationId, reader.organizationId),
      unidadeRowCondition(reader, e.unidadeId, e.condominioId),
      eq(e.id, id),
    ),
  );
  return (row as EncomendaRow | undefined) ?? null;
}

/** Packages by id in the tenant (after a write; the caller checked the scope), in batch order. */
export async function encomendasByIds(db: Executor, organizationId: string, ids: string[]): Promise<EncomendaRow[]> {
  if (ids.length === 0) return [];
  const rows = await selectRows(db)
    .where(and(eq(e.organizationId, organizationId), inArray(e.id, ids)))
    .orderBy(e.createdAt, e.id);
  return rows as EncomendaRow[];
}

/** The packages of batches, oldest first. */
export async function encomendasOfLotes(
  db: Executor,
  organizationId: string,
  loteIds: string[],
): Promise<EncomendaRow[]> {
  if (loteIds.length === 0) return [];
  const rows = await selectRows(db)
    .where(and(eq(e.organizationId, organizationId), inArray(e.loteId, loteIds)))
    .orderBy(e.createdAt, e.id);
  return rows as EncomendaRow[];
}

/** The condominium's batches with this pickup code, newest first (a code is reused once its batch left). */
export async function lotesWithCode(db: Executor, organizationId: string, condominioId: string, codigo: string) {
  return db
    .select({ id: l.id, unidadeId: l.unidadeId, createdAt: l.createdAt })
    .from(l)
    .where(and(eq(l.organizationId, organizationId), eq(l.condominioId, condominioId), eq(l.codigoRetirada, codigo)))
    .orderBy(desc(l.createdAt))
    .limit(10);
}

/** The people a unit authorised to collect, not removed, newest first. */
export async function autorizadosOf(db: Executor, organizationId: string, unidadeId: string) {
  return db
    .select()
    .from(encomendaAutorizados)
    .where(
      and(
        eq(encomendaAutorizados.organizationId, organizationId),
        eq(encomendaAutorizados.unidadeId, unidadeId),
        sql`${encomendaAutorizados.removidoEm} IS NULL`,
      ),
    )
    .orderBy(desc(encomendaAutorizados.createdAt));
}
