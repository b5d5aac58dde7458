/**
 * Reads of bookings (docs/decisions/044-common-area-bookings.md). Every read a caller asks for filters
 * by the tenant and the caller's scope (a morador: their units' bookings; the calendar shows the
 * others only as "Ocupado"). The list is one statement (db/page-statement.ts) ordered like the
 * reservas_*_inicio_idx indexes: inicio DESC, id DESC.
 */
import { and, asc, eq, gt, gte, inArray, isNull, lt, lte, type SQL, sql } from "drizzle-orm";
import { alias } from "drizzle-orm/pg-core";
import { RESERVA_STATUSES_ATIVOS, type ReservaStatus } from "../../../shared/domain";
import type { Reader } from "../../auth/scope";
import { unidadeRowCondition } from "../../auth/scope";
import type { Executor } from "../../db/client";
import { isoText, type PageRow, pageStatement } from "../../db/page-statement";
import {
  areasComuns as a,
  acessos,
  condominios,
  pessoas,
  reservas as r,
  reservaConvidados as rc,
  unidades,
  user,
} from "../../db/schema";

export interface ReservaFilters {
  condominioId?: string;
  areaId?: string;
  unidadeId?: string;
  status?: ReservaStatus;
  /** The start's local day, inclusive. */
  de?: string;
  ate?: string;
}

export function reservaWhere(reader: Reader, f: ReservaFilters): SQL {
  return and(
    eq(r.organizationId, reader.organizationId),
    unidadeRowCondition(reader, r.unidadeId, r.condominioId),
    f.condominioId ? eq(r.condominioId, f.condominioId) : undefined,
    f.areaId ? eq(r.areaId, f.areaId) : undefined,
    f.unidadeId ? eq(r.unidadeId, f.unidadeId) : undefined,
    f.status ? eq(r.status, f.status) : undefined,
    f.de ? gte(r.data, f.de) : undefined,
    f.ate ? lte(r.data, f.ate) : undefined,
  )!;
}

const solicitante = alias(pessoas, "solicitante");
const solicitanteUser = alias(user, "solicitante_user");
const decisor = alias(user, "decisor");

/** What a list row and a detail show; names read live (an anonymised resident reads anonymised). */
const columns = {
  id: r.id,
  condominioId: r.condominioId,
  condominioNome: condominios.nome,
  condominioTimezone: condominios.timezone,
  areaId: r.areaId,
  areaNome: a.nome,
  cancelamentoHoras: a.cancelamentoHoras,
  unidadeId: r.unidadeId,
  unidadeCodigo: unidades.codigo,
  unidadeTorre: unidades.torre,
  status: r.status,
  inicio: isoText(r.inicio),
  fim: isoText(r.fim),
  data: sql<string>`${r.data}::text`,
  solicitadaPorNome: sql<string | null>`COALESCE(${solicitante.nome}, ${solicitanteUser.name})`,
  observacoes: r.observacoes,
  regrasAceitasEm: isoText(r.regrasAceitasEm),
  decididaEm: isoText(r.decididaEm),
  decididaPorNome: decisor.name,
  motivoRecusa: r.motivoRecusa,
  canceladaEm: isoText(r.canceladaEm),
  motivoCancelamento: r.motivoCancelamento,
  convidadosTotal: sql<number>`(SELECT count(*)::int FROM ${rc} WHERE ${rc.reservaId} = ${r.id} AND ${rc.removidoEm} IS NULL)`,
  createdAt: isoText(r.createdAt),
};

export type ReservaRow = PageRow<typeof columns>;

const from = sql`${r} INNER JOIN ${a} ON ${a.id} = ${r.areaId}
  INNER JOIN ${unidades} ON ${unidades.id} = ${r.unidadeId}
  INNER JOIN ${condominios} ON ${condominios.id} = ${r.condominioId}
  LEFT JOIN ${pessoas} AS ${solicitante} ON ${solicitante.id} = ${r.solicitadaPorPessoaId}
  LEFT JOIN ${user} AS ${solicitanteUser} ON ${solicitanteUser.id} = ${r.solicitadaPorUserId}
  LEFT JOIN ${user} AS ${decisor} ON ${decisor.id} = ${r.decididaPorUserId}`;

const listPage = pageStatement({
  columns,
  from,
  countFrom: sql`${r}`,
  orderBy: [
    { key: r.inicio, direction: "DESC" },
    { key: r.id, direction: "DESC" },
  ],
});

/** A page of the caller's bookings, latest start first, and the capped total: one statement. */
export function listReservas(db: Executor, reader: Reader, f: ReservaFilters, page: number, pageSize: number) {
  return listPage(db, { where: reservaWhere(reader, f), page, pageSize, prepare: !f.de && !f.ate });
}

/** One booking the caller sees, or null. */
export async function findReserva(db: Executor, reader: Reader, id: string): Promise<ReservaRow | null> {
  const [row] = await db
    .select(columns)
    .from(r)
    .innerJoin(a, eq(a.id, r.areaId))
    .innerJoin(unidades, eq(unidades.id, r.unidadeId))
    .innerJoin(condominios, eq(condominios.id, r.condominioId))
    .leftJoin(solicitante, eq(solicitante.id, r.solicitadaPorPessoaId))
    .leftJoin(solicitanteUser, eq(solicitanteUser.id, r.solicitadaPorUserId))
    .leftJoin(decisor, eq(decisor.id, r.decididaPorUserId))
    .where(
      and(
        eq(r.organizationId, reader.organizationId),
        unidadeRowCondition(reader, r.unidadeId, r.condominioId),
        eq(r.id, id),
      ),
    );
  return (row as ReservaRow | undefined) ?? null;
}

/** A booking's guests on the list (and those who came in), with their latest entry, oldest first. */
export async function convidadosOf(db: Executor, organizationId: string, reservaId: string) {
  return db
    .select({
      id: rc.id,
      nome: rc.nome,
      documento: rc.documento,
      telefone: rc.telefone,
      removidoEm: rc.removidoEm,
      // Qualified by hand: Drizzle leaves a one-table select's columns unqualified ("id" would be the entry's).
      entradaEm: sql<
        string | null
      >`(SELECT to_char(max(x.entrada_em) AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') FROM ${acessos} x WHERE x.reserva_convidado_id = "reserva_convidados"."id" AND x.nao_entrou_em IS NULL)`,
      presente: sql<boolean>`EXISTS (SELECT 1 FROM ${acessos} x WHERE x.reserva_convidado_id = "reserva_convidados"."id" AND x.saida_em IS NULL AND x.nao_entrou_em IS NULL)`,
    })
    .from(rc)
    .where(and(eq(rc.organizationId, organizationId), eq(rc.reservaId, reservaId), isNull(rc.removidoEm)))
    .orderBy(asc(rc.createdAt), asc(rc.id));
}

/** The active bookings of an area overlapping [de, ate): the area's time held (with cleaning gaps). */
export async function activeOfArea(db: Executor, areaId: string, de: Date, ate: Date) {
  return db
    .select({ id: r.id, inicio: r.inicio, fim: r.fim, bloqueioFim: r.bloqueioFim, unidadeId: r.unidadeId })
    .from(r)
    .where(
      and(
        eq(r.areaId, areaId),
        inArray(r.status, [...RESERVA_STATUSES_ATIVOS]),
        lt(r.inicio, ate),
        gt(r.bloqueioFim, de),
      ),
    )
    .orderBy(asc(r.inicio));
}

/** The active bookings of a condominium (optionally one area) in [de, ate), for the calendar. */
export async function calendarRows(
  db: Executor,
  organizationId: string,
  condominioId: string,
  areaId: string | undefined,
  de: Date,
  ate: Date,
) {
  return db
    .select({
      id: r.id,
      areaId: r.areaId,
      areaNome: a.nome,
      inicio: r.inicio,
      fim: r.fim,
      status: r.status,
      unidadeId: r.unidadeId,
      unidadeCodigo: unidades.codigo,
      unidadeTorre: unidades.torre,
    })
    .from(r)
    .innerJoin(a, eq(a.id, r.areaId))
    .innerJoin(unidades, eq(unidades.id, r.unidadeId))
    .where(
      and(
        eq(r.organizationId, organizationId),
        eq(r.condominioId, condominioId),
        areaId ? eq(r.areaId, areaId) : undefined,
        inArray(r.status, [...RESERVA_STATUSES_ATIVOS]),
        lt(r.inicio, ate),
        gt(r.fim, de),
      ),
    )
    .orderBy(asc(r.inicio), asc(r.id));
}
