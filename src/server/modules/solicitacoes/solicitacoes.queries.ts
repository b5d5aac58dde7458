/**
 * Drizzle queries for access requests. The reads a caller asks for take the caller (tenant and data
 * scope, auth/scope.ts) and filter by both: a row of another tenant, of a unit a morador does
 * not live in, or of a condominium an assigned porteiro does not work at, is simply not found.
 * Internal reads after a write take the organization id.
 */
import { and, asc, desc, eq, gte, inArray, lt, type SQL, sql } from "drizzle-orm";
import { alias } from "drizzle-orm/pg-core";
import type { SolicitacaoStatus, SolicitacaoTipo } from "../../../shared/domain";
import { normalizeSearch } from "../../../shared/schemas/common";
import type { Reader } from "../../auth/scope";
import { unidadeRowCondition } from "../../auth/scope";
import type { Executor } from "../../db/client";
import { portaoNome } from "../../db/gate-name";
import { isoText, type PageRow, pageStatement } from "../../db/page-statement";
import {
  apiKeys,
  chamadas,
  condominios,
  notificacoes,
  pessoas,
  solicitacoesAcesso as s,
  unidades,
  user,
  webhookAssinaturas,
  webhookEntregas,
} from "../../db/schema";
import { buildSearchText, likeContains } from "../../db/search";

export interface ListFilters {
  condominioId?: string;
  unidadeId?: string;
  status?: SolicitacaoStatus;
  tipo?: SolicitacaoTipo;
  /** Pending requests nobody answered. */
  semResposta?: boolean;
  q?: string;
  de?: Date;
  ate?: Date;
}

export function solicitacaoWhere(reader: Reader, f: ListFilters): SQL {
  const conditions: (SQL | undefined)[] = [
    eq(s.organizationId, reader.organizationId),
    unidadeRowCondition(reader, s.unidadeId, s.condominioId),
    f.condominioId ? eq(s.condominioId, f.condominioId) : undefined,
    f.unidadeId ? eq(s.unidadeId, f.unidadeId) : undefined,
    f.status ? eq(s.status, f.status) : undefined,
    f.tipo ? eq(s.tipo, f.tipo) : undefined,
    f.semResposta ? sql`${s.status} = 'pendente' AND ${s.semRespostaMoradoresEm} IS NOT NULL` : undefined,
    f.de ? gte(s.createdAt, f.de) : undefined,
    f.ate ? lt(s.createdAt, f.ate) : undefined,
  ];
  const q = f.q ? normalizeSearch(f.q) : "";
  if (q) conditions.push(sql`${s.busca} LIKE ${likeContains(q)}`);
  return and(...conditions)!;
}

/** The columns every list and detail shows: the request plus its unit's code and tower and its gate's name. */
export const solicitacaoColumns = {
  row: s,
  unidadeCodigo: unidades.codigo,
  unidadeTorre: unidades.torre,
  portaoNome,
};

export type SolicitacaoRow = typeof s.$inferSelect & {
  unidadeCodigo: string;
  unidadeTorre: string | null;
  portaoNome: string | null;
};

function flatten(r: {
  row: typeof s.$inferSelect;
  unidadeCodigo: string;
  unidadeTorre: string | null;
  portaoNome: string | null;
}): SolicitacaoRow {
  return { ...r.row, unidadeCodigo: r.unidadeCodigo, unidadeTorre: r.unidadeTorre, portaoNome: r.portaoNome };
}

/** What a list row holds: the fields toSolicitacao maps, timestamps already in the API's ISO text. */
const listedColumns = {
  id: s.id,
  condominioId: s.condominioId,
  unidadeId: s.unidadeId,
  tipo: s.tipo,
  nomeVisitante: s.nomeVisitante,
  docVisitante: s.docVisitante,
  telefoneVisitante: s.telefoneVisitante,
  motivo: s.motivo,
  expiracaoEm: isoText(s.expiracaoEm),
  status: s.status,
  decididoEm: isoText(s.decididoEm),
  decididoPorPessoaId: s.decididoPorPessoaId,
  decididoPorNome: s.decididoPorNome,
  observacoes: s.observacoes,
  portaoId: s.portaoId,
  portaoNome,
  decididoVia: s.decididoVia,
  motivoNegacao: s.motivoNegacao,
  semRespostaMoradoresEm: isoText(s.semRespostaMoradoresEm),
  criadoPeloAtendente: s.criadoPeloAtendente,
  createdAt: isoText(s.createdAt),
  updatedAt: isoText(s.updatedAt),
  unidadeCodigo: unidades.codigo,
  unidadeTorre: unidades.torre,
  // The list spans condominiums: each row names its own, and its times read in its timezone.
  condominioNome: condominios.nome,
  condominioTimezone: condominios.timezone,
};

export type ListedSolicitacao = PageRow<typeof listedColumns>;

const listPage = pageStatement({
  columns: listedColumns,
  from: sql`${s} INNER JOIN ${unidades} ON ${unidades.id} = ${s.unidadeId} INNER JOIN ${condominios} ON ${condominios.id} = ${s.condominioId}`,
  countFrom: sql`${s}`,
  orderBy: [
    { key: s.createdAt, direction: "DESC" },
    { key: s.id, direction: "DESC" },
  ],
});

/** A page of the caller's requests, newest first, and the capped total: one statement (db/page-statement.ts). */
export function listSolicitacoes(db: Executor, reader: Reader, f: ListFilters, page: number, pageSize: number) {
  return listPage(db, { where: solicitacaoWhere(reader, f), page, pageSize, prepare: !f.q && !f.de && !f.ate });
}

/** Where an export batch ended: the last row's creation time as PostgreSQL wrote it (microseconds kept) and id. */
export interface SolicitacaoCursor {
  createdAt: string;
  id: string;
}

export type SolicitacaoExportRow = SolicitacaoRow & { condominio: { nome: string; timezone: string } };

/** The next export batch after `after`, in list order (created_at DESC, id DESC), and the cursor after its last row. */
export async function solicitacaoBatch(
  db: Executor,
  where: SQL,
  after: SolicitacaoCursor | null,
  size: number,
): Promise<{ rows: SolicitacaoExportRow[]; cursor: SolicitacaoCursor | null }> {
  // A JS Date would round the microseconds away and skip rows inside the same millisecond.
  const keyset = after
    ? sql`(${s.createdAt}, ${s.id}) < (${after.createdAt}::timestamptz, ${after.id}::uuid)`
    : undefined;
  const rows = await db
    .select({
      ...solicitacaoColumns,
      condominio: { nome: condominios.nome, timezone: condominios.timezone },
      cursor: sql<string>`${s.createdAt}::text`,
    })
    .from(s)
    .innerJoin(unidades, eq(unidades.id, s.unidadeId))
    .innerJoin(condominios, eq(condominios.id, s.condominioId))
    .where(and(where, keyset))
    .orderBy(desc(s.createdAt), desc(s.id))
    .limit(size);
  const last = rows.at(-1);
  return {
    rows: rows.map((r) => ({ ...flatten(r), condominio: r.condominio })),
    cursor: last ? { createdAt: last.cursor, id: last.row.id } : null,
  };
}

const creatorKey = alias(apiKeys, "creator_key");
const deciderKey = alias(apiKeys, "decider_key");

/** A request with what its detail shows: condominium, and who created and decided it. */
export async function findSolicitacao(db: Executor, reader: Reader, id: string) {
  const [r] = await db
    .select({
      ...solicitacaoColumns,
      condominio: { id: condominios.id, nome: condominios.nome, timezone: condominios.timezone },
      criadoPorUserNome: user.name,
      criadoPorChaveNome: creatorKey.nome,
      decididoViaChave: deciderKey.nome,
    })
    .from(s)
    .innerJoin(unidades, eq(unidades.id, s.unidadeId))
    .innerJoin(condominios, eq(condominios.id, s.condominioId))
    .leftJoin(user, eq(user.id, s.criadoPorUserId))
    .leftJoin(creatorKey, eq(creatorKey.id, s.criadoPorApiKeyId))
    .leftJoin(deciderKey, eq(deciderKey.id, s.decididoPorApiKeyId))
    .where(
      and(
        eq(s.organizationId, reader.organizationId),
        unidadeRowCondition(reader, s.unidadeId, s.condominioId),
        eq(s.id, id),
      ),
    );
  return r
    ? {
        ...flatten(r),
        condominio: r.condominio,
        criadoPorUserNome: r.criadoPorUserNome,
        criadoPorChaveNome: r.criadoPorChaveNome,
        decididoViaChave: r.decididoViaChave,
      }
    : null;
}

/** The messages to the residents about a request, in the order they were reached. */
export async function listNotificacoesOfSolicitacao(db: Executor, organizationId: string, solicitacaoId: string) {
  return db
    .select()
    .from(notificacoes)
    .where(and(eq(notificacoes.organizationId, organizationId), eq(notificacoes.solicitacaoId, solicitacaoId)))
    .orderBy(asc(notificacoes.createdAt), asc(notificacoes.ordem))
    .limit(50);
}

/** The gate commands (`portao.abrir` deliveries) sent for a request, oldest first. */
export async function listComandosPortao(db: Executor, organizationId: string, solicitacaoId: string) {
  return db
    .select({
      id: webhookEntregas.id,
      url: webhookAssinaturas.url,
      descricao: webhookAssinaturas.descricao,
      status: webhookEntregas.status,
      tentativas: webhookEntregas.tentativas,
      ultimoStatusHttp: webhookEntregas.ultimoStatusHttp,
      createdAt: webhookEntregas.createdAt,
      entregueEm: webhookEntregas.entregueEm,
    })
    .from(webhookEntregas)
    .innerJoin(webhookAssinaturas, eq(webhookAssinaturas.id, webhookEntregas.assinaturaId))
    .where(
      and(
        eq(webhookEntregas.solicitacaoId, solicitacaoId),
        eq(webhookEntregas.organizationId, organizationId),
        eq(webhookEntregas.tipo, "portao.abrir"),
      ),
    )
    .orderBy(asc(webhookEntregas.createdAt))
    .limit(20);
}

export async function findSolicitacaoRows(db: Executor, organizationId: string, ids: string[]) {
  if (ids.length === 0) return [];
  const rows = await db
    .select(solicitacaoColumns)
    .from(s)
    .innerJoin(unidades, eq(unidades.id, s.unidadeId))
    .where(and(eq(s.organizationId, organizationId), inArray(s.id, ids)));
  return rows.map(flatten);
}

export async function listChamadasOfSolicitacao(db: Executor, organizationId: string, solicitacaoId: string) {
  return db
    .select({
      id: chamadas.id,
      status: chamadas.status,
      ramalDiscado: chamadas.ramalDiscado,
      iniciadoEm: chamadas.iniciadoEm,
      finalizadoEm: chamadas.finalizadoEm,
      provedor: chamadas.provedor,
      resposta: chamadas.resposta,
      respondidoEm: chamadas.respondidoEm,
      pessoaId: pessoas.id,
      pessoaNome: pessoas.nome,
      pessoaRamal: pessoas.pbxRamal,
      criadoPorUserNome: user.name,
      criadoPorChaveNome: creatorKey.nome,
    })
    .from(chamadas)
    .leftJoin(pessoas, and(eq(pessoas.id, chamadas.pessoaId), eq(pessoas.organizationId, chamadas.organizationId)))
    .leftJoin(user, eq(user.id, chamadas.criadoPorUserId))
    .leftJoin(creatorKey, eq(creatorKey.id, chamadas.criadoPorApiKeyId))
    .where(and(eq(chamadas.organizationId, organizationId), eq(chamadas.solicitacaoId, solicitacaoId)))
    .orderBy(desc(chamadas.iniciadoEm));
}

/** A unit's code or tower changed: rewrite the search text of its requests (rare, batched). */
export async function refreshSearchTextOfUnidade(
  db: Executor,
  unidade: { id: string; codigo: string; torre: string | null },
) {
  const rows = await db
    .select({ id: s.id, nome: s.nomeVisitante, doc: s.docVisitante })
    .from(s)
    .where(eq(s.unidadeId, unidade.id));
  for (let i = 0; i < rows.length; i += 500) {
    const values = rows
      .slice(i, i + 500)
      .map((r) => sql`(${r.id}::uuid, ${buildSearchText([r.nome, r.doc, unidade.codigo, unidade.torre])})`);
    await db.execute(
      sql`UPDATE solicitacoes_acesso AS s SET busca = v.busca FROM (VALUES ${sql.join(values, sql`, `)}) AS v(id, busca) WHERE s.id = v.id`,
    );
  }
}
