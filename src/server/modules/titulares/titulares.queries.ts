/**
 * Finding one data subject's rows in a tenant (docs/product.md, "Direitos dos titulares"). By document:
 * letters and digits compared with punctuation stripped on both sides (`123.456.789-00` = `12345678900`); by
 * name: the lists' normalised "contains" match on `busca`. Rows already anonymised hold nothing of anyone.
 */
import { and, asc, desc, eq, exists, inArray, isNull, or, type SQL, sql } from "drizzle-orm";
import type { AnyPgColumn } from "drizzle-orm/pg-core";
import { documentKey } from "../../../shared/schemas/titulares";
import type { Executor } from "../../db/client";
import {
  acessos,
  atendenteConversas,
  atendenteMensagens,
  auditoria,
  chamadas,
  condominios,
  encomendaAvisos,
  encomendaLotes,
  encomendas,
  member,
  passes,
  pessoas,
  solicitacoesAcesso as s,
  unidadeMoradores,
  unidades,
} from "../../db/schema";
import { likeContains } from "../../db/search";

/** Who is asked for: a document key (letters and digits, lower case) or, without one, a name. */
export type Criterio = { documento: string } | { nome: string };

export function criterioOf(input: { documento?: string | null; nome?: string | null }): Criterio {
  if (input.documento) return { documento: documentKey(input.documento) };
  return { nome: input.nome ?? "" };
}

function matches(c: Criterio, documento: AnyPgColumn, busca: AnyPgColumn): SQL {
  if ("documento" in c) return sql`regexp_replace(lower(${documento}), '[^0-9a-z]', '', 'g') = ${c.documento}`;
  return sql`${busca} LIKE ${likeContains(c.nome)}`;
}

export const pessoaWhere = (org: string, c: Criterio) =>
  and(eq(pessoas.organizationId, org), matches(c, pessoas.documento, pessoas.busca))!;
export const solicitacaoWhere = (org: string, c: Criterio) =>
  and(eq(s.organizationId, org), isNull(s.anonimizadoEm), matches(c, s.docVisitante, s.busca))!;
export const passeWhere = (org: string, c: Criterio) =>
  and(eq(passes.organizationId, org), isNull(passes.anonimizadoEm), matches(c, passes.documento, passes.busca))!;
export const acessoWhere = (org: string, c: Criterio) =>
  and(eq(acessos.organizationId, org), isNull(acessos.anonimizadoEm), matches(c, acessos.documento, acessos.busca))!;

const ativoMorador = (org: string) =>
  exists(
    sql`(SELECT 1 FROM ${unidadeMoradores} WHERE ${unidadeMoradores.pessoaId} = ${pessoas.id}
      AND ${unidadeMoradores.organizationId} = ${org} AND ${unidadeMoradores.ativo})`,
  );
const loginNoTenant = (org: string) =>
  exists(
    sql`(SELECT 1 FROM ${member} WHERE ${member.userId} = ${pessoas.userId} AND ${member.organizationId} = ${org})`,
  );

export interface PessoaEncontrada {
  row: typeof pessoas.$inferSelect;
  condominio: string;
  moradorAtivo: boolean;
  login: boolean;
}

/** Residents' and staff's records matching, with whether they are active (a unit now, a login). */
export async function findPessoas(db: Executor, org: string, where: SQL, limit = 1_000): Promise<PessoaEncontrada[]> {
  const rows = await db
    .select({
      row: pessoas,
      condominio: condominios.nome,
      moradorAtivo: ativoMorador(org).mapWith(Boolean),
      login: sql<boolean>`(${pessoas.userId} IS NOT NULL AND ${loginNoTenant(org)})`.mapWith(Boolean),
    })
    .from(pessoas)
    .innerJoin(
      condominios,
      and(eq(condominios.id, pessoas.condominioId), eq(condominios.organizationId, pessoas.organizationId)),
    )
    .where(and(eq(pessoas.organizationId, org), where))
    .orderBy(pessoas.nome, pessoas.id)
    .limit(limit);
  return rows;
}

/** An active resident or a staff login: their record is needed while active. */
export const isActive = (p: PessoaEncontrada) => p.row.ativo && (p.moradorAtivo || p.login);

/** The units a person lives or lived in. */
export async function unidadesOf(db: Executor, org: string, pessoaIds: string[]) {
  if (pessoaIds.length === 0) return [];
  return db
    .select({
      pessoaId: unidadeMoradores.pessoaId,
      unidadeId: unidades.id,
      codigo: unidades.codigo,
      torre: unidades.torre,
      condominio: condominios.nome,
      isResponsavel: unidadeMoradores.isResponsavel,
      ativo: unidadeMoradores.ativo,
      desde: unidadeMoradores.createdAt,
    })
    .from(unidadeMoradores)
    .innerJoin(
      unidades,
      and(eq(unidades.id, unidadeMoradores.unidadeId), eq(unidades.organizationId, unidadeMoradores.organizationId)),
    )
    .innerJoin(condominios, eq(condominios.id, unidades.condominioId))
    .where(and(eq(unidadeMoradores.organizationId, org), inArray(unidadeMoradores.pessoaId, pessoaIds)))
    .orderBy(desc(unidadeMoradores.ativo), unidades.codigo);
}

const unidadeJoin = (table: typeof s | typeof passes | typeof acessos) =>
  and(
    eq(unidades.id, table.unidadeId),
    eq(unidades.condominioId, table.condominioId),
    eq(unidades.organizationId, table.organizationId),
  );
const condominioJoin = (table: typeof s | typeof passes | typeof acessos) =>
  and(eq(condominios.id, table.condominioId), eq(condominios.organizationId, table.organizationId));

export async function findSolicitacoes(db: Executor, where: SQL, limit?: number) {
  const q = db
    .select({ row: s, codigo: unidades.codigo, torre: unidades.torre, condominio: condominios.nome })
    .from(s)
    .innerJoin(unidades, unidadeJoin(s))
    .innerJoin(condominios, condominioJoin(s))
    .where(where)
    .orderBy(desc(s.createdAt), desc(s.id));
  return limit ? q.limit(limit) : q;
}

export async function findPasses(db: Executor, where: SQL, limit?: number) {
  const q = db
    .select({ row: passes, codigo: unidades.codigo, torre: unidades.torre, condominio: condominios.nome })
    .from(passes)
    .innerJoin(unidades, unidadeJoin(passes))
    .innerJoin(condominios, condominioJoin(passes))
    .where(where)
    .orderBy(desc(passes.createdAt), desc(passes.id));
  return limit ? q.limit(limit) : q;
}

export async function findAcessos(db: Executor, where: SQL, limit?: number) {
  const q = db
    .select({ row: acessos, codigo: unidades.codigo, torre: unidades.torre, condominio: condominios.nome })
    .from(acessos)
    .innerJoin(unidades, unidadeJoin(acessos))
    .innerJoin(condominios, condominioJoin(acessos))
    .where(where)
    .orderBy(desc(acessos.entradaEm), desc(acessos.id));
  return limit ? q.limit(limit) : q;
}

/** Calls about these requests (ids, or a subquery of ids) and calls to these people's records. */
export function chamadaWhere(org: string, solicitacaoIds: string[] | SQL, pessoaIds: string[]) {
  const bySolicitacao = Array.isArray(solicitacaoIds)
    ? solicitacaoIds.length > 0
      ? inArray(chamadas.solicitacaoId, solicitacaoIds)
      : undefined
    : sql`${chamadas.solicitacaoId} IN ${solicitacaoIds}`;
  const byPessoa = pessoaIds.length > 0 ? inArray(chamadas.pessoaId, pessoaIds) : undefined;
  if (!bySolicitacao && !byPessoa) return sql`false`;
  return and(eq(chamadas.organizationId, org), or(bySolicitacao, byPessoa))!;
}

/** The ids of the requests matching, as a subquery. */
export const solicitacaoIdsOf = (org: string, c: Criterio) =>
  sql`(SELECT ${s.id} FROM ${s} WHERE ${solicitacaoWhere(org, c)})`;

export async function findChamadas(db: Executor, where: SQL) {
  return db.select().from(chamadas).where(where).orderBy(desc(chamadas.iniciadoEm), desc(chamadas.id));
}

/**
 * The virtual attendant's conversations that led to these requests (conversation.solicitacao_id),
 * oldest first, each with its transcript in the order it was said.
 */
export async function findConversas(db: Executor, org: string, solicitacaoIds: string[]) {
  if (solicitacaoIds.length === 0) return [];
  const rows = await db
    .select()
    .from(atendenteConversas)
    .where(and(eq(atendenteConversas.organizationId, org), inArray(atendenteConversas.solicitacaoId, solicitacaoIds)))
    .orderBy(asc(atendenteConversas.createdAt), asc(atendenteConversas.id));
  if (rows.length === 0) return [];
  const mensagens = await db
    .select()
    .from(atendenteMensagens)
    .where(
      and(
        eq(atendenteMensagens.organizationId, org),
        inArray(
          atendenteMensagens.conversaId,
          rows.map((r) => r.id),
        ),
      ),
    )
    .orderBy(asc(atendenteMensagens.createdAt), asc(atendenteMensagens.id));
  return rows.map((row) => ({ row, mensagens: mensagens.filter((m) => m.conversaId === row.id) }));
}

export async function countOf(
  db: Executor,
  table: typeof s | typeof passes | typeof acessos | typeof chamadas | typeof atendenteConversas,
  where: SQL,
): Promise<number> {
  const [row] = await db.select({ n: sql<number>`count(*)::int` }).from(table).where(where);
  return row?.n ?? 0;
}

/** The attendant's conversations about these requests. */
export function conversaWhere(org: string, solicitacaoIds: string[]): SQL {
  return solicitacaoIds.length === 0
    ? sql`false`
    : and(eq(atendenteConversas.organizationId, org), inArray(atendenteConversas.solicitacaoId, solicitacaoIds))!;
}

/** Who viewed or exported these people's and these requests' data (the audit trail). */
export async function viewsOf(db: Executor, org: string, pessoaIds: string[], solicitacaoIds: string[]) {
  const targets = [
    pessoaIds.length > 0 ? and(eq(auditoria.entidade, "pessoa"), inArray(auditoria.entidadeId, pessoaIds)) : undefined,
    solicitacaoIds.length > 0
      ? and(eq(auditoria.entidade, "solicitacao"), inArray(auditoria.entidadeId, solicitacaoIds))
      : undefined,
  ].filter(Boolean) as SQL[];
  if (targets.length === 0) return [];
  return db
    .select()
    .from(auditoria)
    .where(and(eq(auditoria.organizationId, org), inArray(auditoria.acao, ["visualizar", "exportar"]), or(...targets)))
    .orderBy(desc(auditoria.ocorridoEm), desc(auditoria.id));
}

/**
 * The packages that are these people's (docs/decisions/043-deliveries.md): addressed to them (the
 * batch's destinatário) or collected by them (retirada_pessoa_id), newest first.
 */
export function encomendaDaPessoaWhere(org: string, pessoaIds: string[]): SQL {
  if (pessoaIds.length === 0) return sql`false`;
  return and(
    eq(encomendas.organizationId, org),
    or(
      inArray(encomendas.retiradaPessoaId, pessoaIds),
      exists(
        sql`(SELECT 1 FROM ${encomendaLotes} WHERE ${encomendaLotes.id} = ${encomendas.loteId}
          AND ${encomendaLotes.organizationId} = ${org} AND ${inArray(encomendaLotes.destinatarioPessoaId, pessoaIds)})`,
      ),
    ),
  )!;
}

export async function countEncomendas(db: Executor, org: string, pessoaIds: string[]): Promise<number> {
  if (pessoaIds.length === 0) return 0;
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(encomendas)
    .where(encomendaDaPessoaWhere(org, pessoaIds));
  return row?.n ?? 0;
}

export async function findEncomendas(db: Executor, org: string, pessoaIds: string[]) {
  if (pessoaIds.length === 0) return [];
  return db
    .select({
      row: encomendas,
      destinatarioPessoaId: encomendaLotes.destinatarioPessoaId,
      condominio: condominios.nome,
      codigo: unidades.codigo,
      torre: unidades.torre,
    })
    .from(encomendas)
    .innerJoin(encomendaLotes, eq(encomendaLotes.id, encomendas.loteId))
    .innerJoin(condominios, eq(condominios.id, encomendas.condominioId))
    .innerJoin(unidades, eq(unidades.id, encomendas.unidadeId))
    .where(encomendaDaPessoaWhere(org, pessoaIds))
    .orderBy(desc(encomendas.recebidaEm), desc(encomendas.id));
}

/** The notices about packages sent to these people, newest first. */
export async function findAvisosEncomendas(db: Executor, org: string, pessoaIds: string[]) {
  if (pessoaIds.length === 0) return [];
  return db
    .select()
    .from(encomendaAvisos)
    .where(and(eq(encomendaAvisos.organizationId, org), inArray(encomendaAvisos.pessoaId, pessoaIds)))
    .orderBy(desc(encomendaAvisos.createdAt), desc(encomendaAvisos.id));
}
