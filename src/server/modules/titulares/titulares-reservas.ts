/**
 * What a data subject's request reaches of the common areas' bookings
 * (docs/decisions/044-common-area-bookings.md): a guest on a booking's list is a visitor record like
 * a request or a pass (found by document or name, exported, anonymised like the retention job does);
 * a resident's record brings the bookings they made and the notices about them.
 */
import { and, desc, eq, inArray, isNull, type SQL, sql } from "drizzle-orm";
import type { Executor } from "../../db/client";
import { areasComuns, condominios, reservaAvisos, reservaConvidados, reservas, unidades } from "../../db/schema";
import { likeContains } from "../../db/search";
import { iso } from "../../http/serialize";
import type { Criterio } from "./titulares.queries";

function matches(c: Criterio): SQL {
  if ("documento" in c) {
    return sql`regexp_replace(lower(${reservaConvidados.documento}), '[^0-9a-z]', '', 'g') = ${c.documento}`;
  }
  return sql`${reservaConvidados.busca} LIKE ${likeContains(c.nome)}`;
}

export const convidadoWhere = (org: string, c: Criterio) =>
  and(eq(reservaConvidados.organizationId, org), isNull(reservaConvidados.anonimizadoEm), matches(c))!;

/** Guests with their booking's unit, condominium, area and time, newest booking first. */
export async function findConvidados(db: Executor, where: SQL, limit?: number) {
  const q = db
    .select({
      row: reservaConvidados,
      codigo: unidades.codigo,
      torre: unidades.torre,
      condominio: condominios.nome,
      area: areasComuns.nome,
      inicio: reservas.inicio,
      fim: reservas.fim,
    })
    .from(reservaConvidados)
    .innerJoin(
      reservas,
      and(eq(reservas.id, reservaConvidados.reservaId), eq(reservas.condominioId, reservaConvidados.condominioId)),
    )
    .innerJoin(unidades, eq(unidades.id, reservas.unidadeId))
    .innerJoin(condominios, eq(condominios.id, reservas.condominioId))
    .innerJoin(areasComuns, eq(areasComuns.id, reservas.areaId))
    .where(where)
    .orderBy(desc(reservas.inicio), desc(reservaConvidados.id));
  return limit ? q.limit(limit) : q;
}

/** The bookings these people made (as residents), newest first. */
export async function findReservasDaPessoa(db: Executor, org: string, pessoaIds: string[]) {
  if (pessoaIds.length === 0) return [];
  return db
    .select({
      row: reservas,
      codigo: unidades.codigo,
      torre: unidades.torre,
      condominio: condominios.nome,
      area: areasComuns.nome,
    })
    .from(reservas)
    .innerJoin(unidades, eq(unidades.id, reservas.unidadeId))
    .innerJoin(condominios, eq(condominios.id, reservas.condominioId))
    .innerJoin(areasComuns, eq(areasComuns.id, reservas.areaId))
    .where(and(eq(reservas.organizationId, org), inArray(reservas.solicitadaPorPessoaId, pessoaIds)))
    .orderBy(desc(reservas.inicio), desc(reservas.id));
}

export async function countReservasDaPessoa(db: Executor, org: string, pessoaIds: string[]): Promise<number> {
  if (pessoaIds.length === 0) return 0;
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(reservas)
    .where(and(eq(reservas.organizationId, org), inArray(reservas.solicitadaPorPessoaId, pessoaIds)));
  return row?.n ?? 0;
}

/** The notices about bookings sent to these people, newest first. */
export async function findAvisosReservas(db: Executor, org: string, pessoaIds: string[]) {
  if (pessoaIds.length === 0) return [];
  return db
    .select()
    .from(reservaAvisos)
    .where(and(eq(reservaAvisos.organizationId, org), inArray(reservaAvisos.pessoaId, pessoaIds)))
    .orderBy(desc(reservaAvisos.createdAt), desc(reservaAvisos.id));
}

type ConvidadoFound = Awaited<ReturnType<typeof findConvidados>>[number];
type ReservaFound = Awaited<ReturnType<typeof findReservasDaPessoa>>[number];
type AvisoFound = Awaited<ReturnType<typeof findAvisosReservas>>[number];

const unidadeLabel = (codigo: string, torre: string | null) => (torre ? `${codigo} ${torre}` : codigo);

/** The archive's `convidados_reservas`: the subject on a booking's guest list, in full (document included). */
export const convidadoExport = (r: ConvidadoFound) => ({
  id: r.row.id,
  reserva_id: r.row.reservaId,
  condominio: r.condominio,
  unidade: unidadeLabel(r.codigo, r.torre),
  area: r.area,
  inicio: iso(r.inicio),
  fim: iso(r.fim),
  nome: r.row.nome,
  documento: r.row.documento,
  telefone: r.row.telefone,
  removido_da_lista_em: iso(r.row.removidoEm),
});

/** The archive's `reservas`: bookings the subject made as a resident. */
export const reservaExport = (r: ReservaFound) => ({
  id: r.row.id,
  condominio: r.condominio,
  unidade: unidadeLabel(r.codigo, r.torre),
  area: r.area,
  inicio: iso(r.row.inicio),
  fim: iso(r.row.fim),
  status: r.row.status,
  observacoes: r.row.observacoes,
  regras_aceitas_em: iso(r.row.regrasAceitasEm),
  criada_em: iso(r.row.createdAt),
});

export const avisoReservaExport = (a: AvisoFound) => ({
  id: a.id,
  reserva_id: a.reservaId,
  motivo: a.motivo,
  canal: a.canal,
  destino: a.destino,
  status: a.status,
  mensagem: a.mensagem,
  criado_em: iso(a.createdAt),
  enviada_em: iso(a.enviadaEm),
});
