/**
 * "Lista de convidados" on the Portaria screen (docs/decisions/044-common-area-bookings.md): the guests
 * of one condominium's confirmed bookings whose window touches today (its local day), so the porteiro
 * finds "Ana Souza, da festa do 101" by name and lets her in with one tap. The window opens
 * CONVIDADO_ANTECEDENCIA_MINUTOS before the booking's start (guests arrive early) and closes at its end;
 * the guests inside it come first, then by the booking's start, then by name.
 */
import { and, asc, desc, eq, isNull, like, sql } from "drizzle-orm";
import { maskDocument } from "../../../shared/mask";
import { CONVIDADO_ANTECEDENCIA_MINUTOS, type ConvidadoPortaria } from "../../../shared/schemas/reservas";
import { condominioCondition, type Reader, unidadeRowCondition } from "../../auth/scope";
import type { Executor } from "../../db/client";
import { acessos, areasComuns, condominios, reservaConvidados as g, reservas as r, unidades } from "../../db/schema";
import { likeContains } from "../../db/search";
import { notFound } from "../../http/errors";
import { iso } from "../../http/serialize";

/** A party's list fits; beyond it the porteiro searches by name. */
const LIMIT = 200;

export async function convidadosDeHoje(
  db: Executor,
  reader: Reader,
  query: { condominio_id: string; q?: string },
  now: Date = new Date(),
): Promise<{ items: ConvidadoPortaria[] }> {
  const [condominio] = await db
    .select({ id: condominios.id, timezone: condominios.timezone })
    .from(condominios)
    .where(
      and(
        eq(condominios.organizationId, reader.organizationId),
        eq(condominios.id, query.condominio_id),
        condominioCondition(reader, condominios.id),
      ),
    );
  if (!condominio) throw notFound("Condomínio não encontrado");

  // Today in the condominium's calendar, as instants: [local midnight, next local midnight).
  const nowTs = sql`${now.toISOString()}::timestamptz`;
  const today = sql`((${nowTs} AT TIME ZONE ${condominio.timezone})::date)`;
  const dayStart = sql`(${today}::timestamp AT TIME ZONE ${condominio.timezone})`;
  const dayEnd = sql`((${today} + 1)::timestamp AT TIME ZONE ${condominio.timezone})`;
  const abre = sql`(${r.inicio} - make_interval(mins => ${CONVIDADO_ANTECEDENCIA_MINUTOS}))`;
  const naJanela = sql<boolean>`(${nowTs} >= ${abre} AND ${nowTs} < ${r.fim})`;

  const q = query.q?.trim();
  const rows = await db
    .select({
      id: g.id,
      nome: g.nome,
      documento: g.documento,
      reservaId: r.id,
      area: areasComuns.nome,
      inicio: r.inicio,
      fim: r.fim,
      unidadeId: unidades.id,
      codigo: unidades.codigo,
      torre: unidades.torre,
      naJanela,
      entradaEm: acessos.entradaEm,
    })
    .from(g)
    .innerJoin(r, and(eq(r.id, g.reservaId), eq(r.condominioId, g.condominioId)))
    .innerJoin(areasComuns, and(eq(areasComuns.id, r.areaId), eq(areasComuns.condominioId, r.condominioId)))
    .innerJoin(unidades, eq(unidades.id, r.unidadeId))
    // Their open visit, if inside now (acessos_convidado_presente_uq: at most one).
    .leftJoin(acessos, and(eq(acessos.reservaConvidadoId, g.id), isNull(acessos.saidaEm), isNull(acessos.naoEntrouEm)))
    .where(
      and(
        eq(g.organizationId, reader.organizationId),
        eq(g.condominioId, condominio.id),
        isNull(g.removidoEm),
        isNull(g.anonimizadoEm),
        eq(r.status, "confirmada"),
        unidadeRowCondition(reader, r.unidadeId, r.condominioId),
        sql`${abre} < ${dayEnd}`,
        sql`${r.fim} > ${dayStart}`,
        q ? like(g.busca, likeContains(q)) : undefined,
      ),
    )
    .orderBy(desc(naJanela), asc(r.inicio), asc(g.nome), asc(g.id))
    .limit(LIMIT);

  return {
    items: rows.map((x) => ({
      id: x.id,
      nome: x.nome,
      documento: maskDocument(x.documento),
      reserva: {
        id: x.reservaId,
        area: x.area,
        inicio: iso(x.inicio)!,
        fim: iso(x.fim)!,
        unidade: { id: x.unidadeId, codigo: x.codigo, torre: x.torre },
      },
      na_janela: Boolean(x.naJanela),
      presente: x.entradaEm !== null,
      entrada_em: iso(x.entradaEm),
    })),
  };
}
