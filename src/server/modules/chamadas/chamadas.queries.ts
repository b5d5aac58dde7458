import { and, desc, eq, gte, lt, type SQL, sql } from "drizzle-orm";
import type { Reader } from "../../auth/scope";
import { unidadeRowCondition } from "../../auth/scope";
import type { Executor } from "../../db/client";
import { cappedCount } from "../../db/pagination";
import { chamadas as ch, condominios, pessoas, solicitacoesAcesso, unidades } from "../../db/schema";
import { buildSearchText, likeContains } from "../../db/search";

export interface ChamadaFilters {
  /** The condominium of the call's request. */
  condominioId?: string;
  solicitacaoId?: string;
  pessoaId?: string;
  status?: string;
  q?: string;
  de?: Date;
  ate?: Date;
}

/** The searchable text of a call: person, dialled extension, visitor, provider. */
export function chamadaSearchText(c: {
  pessoaNome: string | null;
  ramalDiscado: string | null;
  visitante: string;
  provedor: string | null;
}) {
  return buildSearchText([c.pessoaNome, c.ramalDiscado, c.visitante, c.provedor]);
}

/**
 * A call belongs to the unit of its request. The scope is a subquery rather than a condition on the
 * joined request, so the capped count (which reads `chamadas` alone) applies it too.
 */
function scopeCondition(reader: Reader): SQL | undefined {
  const inUnits = unidadeRowCondition(reader, solicitacoesAcesso.unidadeId, solicitacoesAcesso.condominioId);
  if (!inUnits) return undefined;
  return sql`${ch.solicitacaoId} IN (SELECT ${solicitacoesAcesso.id} FROM ${solicitacoesAcesso} WHERE ${solicitacoesAcesso.organizationId} = ${reader.organizationId} AND ${inUnits})`;
}

/**
 * A call has no condominium of its own: it is its request's. A subquery too, for the capped count.
 * The planner reads the condominium's requests from solicitacoes_condominio_created_idx and their
 * calls from chamadas_solicitacao_iniciado_idx, or, for a condominium with a good share of the
 * tenant's calls, walks chamadas_org_iniciado_idx in list order and checks each request by its key.
 * The EXISTS is a one-time check: an id of another tenant's condominium (whose requests the planner
 * would count as this tenant's and walk the whole index for) stops the statement before any row is read.
 */
function condominioCondition(reader: Reader, condominioId: string): SQL {
  const s = solicitacoesAcesso;
  return sql`EXISTS (SELECT 1 FROM ${condominios} WHERE ${condominios.id} = ${condominioId} AND ${condominios.organizationId} = ${reader.organizationId}) AND ${ch.solicitacaoId} IN (SELECT ${s.id} FROM ${s} WHERE ${s.organizationId} = ${reader.organizationId} AND ${s.condominioId} = ${condominioId})`;
}

export function chamadaWhere(reader: Reader, f: ChamadaFilters): SQL {
  return and(
    eq(ch.organizationId, reader.organizationId),
    scopeCondition(reader),
    f.condominioId ? condominioCondition(reader, f.condominioId) : undefined,
    f.solicitacaoId ? eq(ch.solicitacaoId, f.solicitacaoId) : undefined,
    f.pessoaId ? eq(ch.pessoaId, f.pessoaId) : undefined,
    f.status ? eq(ch.status, f.status) : undefined,
    f.de ? gte(ch.iniciadoEm, f.de) : undefined,
    f.ate ? lt(ch.iniciadoEm, f.ate) : undefined,
    f.q ? sql`${ch.busca} LIKE ${likeContains(f.q)}` : undefined,
  )!;
}

/**
 * Joins of a call to its request and its person, tenant included: the composite foreign keys
 * (docs/decisions/004) already make a cross-tenant link impossible, and the join says so too.
 */
const solicitacaoOfCall = and(
  eq(solicitacoesAcesso.id, ch.solicitacaoId),
  eq(solicitacoesAcesso.organizationId, ch.organizationId),
);
const pessoaOfCall = and(eq(pessoas.id, ch.pessoaId), eq(pessoas.organizationId, ch.organizationId));

const condominioOfCall = and(
  eq(condominios.id, solicitacoesAcesso.condominioId),
  eq(condominios.organizationId, solicitacoesAcesso.organizationId),
);

const columns = {
  row: ch,
  pessoaNome: pessoas.nome,
  pessoaRamal: pessoas.pbxRamal,
  visitante: solicitacoesAcesso.nomeVisitante,
  tipo: solicitacoesAcesso.tipo,
};

/** The list spans condominiums: each row names its request's. */
const listColumns = {
  ...columns,
  condominio: { id: condominios.id, nome: condominios.nome, timezone: condominios.timezone },
};

export async function listChamadas(db: Executor, reader: Reader, f: ChamadaFilters, page: number, pageSize: number) {
  const w = chamadaWhere(reader, f);
  const [rows, counted] = await Promise.all([
    db
      .select(listColumns)
      .from(ch)
      .innerJoin(solicitacoesAcesso, solicitacaoOfCall)
      .innerJoin(condominios, condominioOfCall)
      .leftJoin(pessoas, pessoaOfCall)
      .where(w)
      .orderBy(desc(ch.iniciadoEm), desc(ch.id))
      .limit(pageSize)
      .offset((page - 1) * pageSize),
    cappedCount(db, ch, w),
  ]);
  return { rows, counted };
}

/** Where an export batch ended: the last call's start as PostgreSQL wrote it (microseconds kept) and id. */
export interface ChamadaCursor {
  iniciadoEm: string;
  id: string;
}

const exportColumns = {
  ...columns,
  docVisitante: solicitacoesAcesso.docVisitante,
  unidade: { codigo: unidades.codigo, torre: unidades.torre },
  condominio: { nome: condominios.nome, timezone: condominios.timezone },
};

/** The next export batch after `after`, in list order (iniciado_em DESC, id DESC), and the cursor after its last row. */
export async function chamadaBatch(db: Executor, where: SQL, after: ChamadaCursor | null, size: number) {
  // A JS Date would round the microseconds away and skip rows inside the same millisecond.
  const keyset = after
    ? sql`(${ch.iniciadoEm}, ${ch.id}) < (${after.iniciadoEm}::timestamptz, ${after.id}::uuid)`
    : undefined;
  const rows = await db
    .select({ ...exportColumns, cursor: sql<string>`${ch.iniciadoEm}::text` })
    .from(ch)
    .innerJoin(solicitacoesAcesso, solicitacaoOfCall)
    .innerJoin(
      unidades,
      and(
        eq(unidades.id, solicitacoesAcesso.unidadeId),
        eq(unidades.organizationId, solicitacoesAcesso.organizationId),
      ),
    )
    .innerJoin(condominios, condominioOfCall)
    .leftJoin(pessoas, pessoaOfCall)
    .where(and(where, keyset))
    .orderBy(desc(ch.iniciadoEm), desc(ch.id))
    .limit(size);
  const last = rows.at(-1);
  const cursor: ChamadaCursor | null = last ? { iniciadoEm: last.cursor, id: last.row.id } : null;
  return { rows, cursor };
}
export type ChamadaExportRow = Awaited<ReturnType<typeof chamadaBatch>>["rows"][number];

/** A call with its request's condominium (its times are read on that clock: docs/product.md, "Horários"). */
export async function findChamada(db: Executor, reader: Reader, id: string) {
  const [row] = await db
    .select(listColumns)
    .from(ch)
    .innerJoin(solicitacoesAcesso, solicitacaoOfCall)
    .innerJoin(condominios, condominioOfCall)
    .leftJoin(pessoas, pessoaOfCall)
    .where(
      and(
        eq(ch.organizationId, reader.organizationId),
        unidadeRowCondition(reader, solicitacoesAcesso.unidadeId, solicitacoesAcesso.condominioId),
        eq(ch.id, id),
      ),
    );
  return row ?? null;
}

/** A person or a visitor was renamed: rewrite the search text of the calls that show them. */
export async function refreshChamadasSearch(
  db: Executor,
  organizationId: string,
  by: { pessoaId: string } | { solicitacaoId: string },
) {
  const rows = await db
    .select({
      id: ch.id,
      pessoaNome: pessoas.nome,
      ramalDiscado: ch.ramalDiscado,
      visitante: solicitacoesAcesso.nomeVisitante,
      provedor: ch.provedor,
    })
    .from(ch)
    .innerJoin(solicitacoesAcesso, solicitacaoOfCall)
    .leftJoin(pessoas, pessoaOfCall)
    .where(
      and(
        eq(ch.organizationId, organizationId),
        "pessoaId" in by ? eq(ch.pessoaId, by.pessoaId) : eq(ch.solicitacaoId, by.solicitacaoId),
      ),
    );
  for (let i = 0; i < rows.length; i += 500) {
    const values = rows.slice(i, i + 500).map((r) => sql`(${r.id}::uuid, ${chamadaSearchText(r)})`);
    await db.execute(
      sql`UPDATE chamadas AS c SET busca = v.busca FROM (VALUES ${sql.join(values, sql`, `)}) AS v(id, busca) WHERE c.id = v.id`,
    );
  }
}
