/**
 * The "Auditoria" screen's data and the record of who viewed personal data
 * (docs/decisions/024-audit-and-lgpd.md). Reading the trail is for owner and síndicos (auditoria:ler); the
 * records themselves are written by audit/audit.ts inside each change's transaction. The names of visitors
 * and residents the entries are about are read from the live records (auditoria.names.ts,
 * docs/decisions/030-personal-data-out-of-the-audit-trail.md).
 */

import { and, eq } from "drizzle-orm";
import type { AuditoriaAtor } from "../../../shared/domain";
import {
  AUDITORIA_ACAO_LABELS,
  AUDITORIA_ENTIDADE_LABELS,
  type Auditoria,
  type AuditoriaAcao,
  type AuditoriaEntidade,
} from "../../../shared/schemas/auditoria";
import { actorOf, recordAudit } from "../../audit/audit";
import type { Database } from "../../db/client";
import { toPage } from "../../db/pagination";
import { type auditoria, pessoas } from "../../db/schema";
import type { TenantContext } from "../../http/context";
import { csvStream } from "../../http/csv";
import { notFound } from "../../http/errors";
import { iso } from "../../http/serialize";
import { atorNomeOf, entidadeNome, type LiveNames, liveNames, resumoOf } from "./auditoria.names";
import {
  type AuditCursor,
  type AuditoriaFilters,
  auditoriaBatch,
  auditoriaWhere,
  listAuditoria,
  viewedRecently,
} from "./auditoria.queries";

/** One view record per person and record within this window: a screen refetching is not a new look. */
export const VIEW_DEDUP_MS = 10 * 60_000;

type Row = typeof auditoria.$inferSelect;

export function toAuditoria(r: Row, names: LiveNames): Auditoria {
  return {
    id: r.id,
    ocorrido_em: iso(r.ocorridoEm),
    ator_tipo: r.atorTipo as AuditoriaAtor,
    ator_id: r.atorId,
    ator_nome: atorNomeOf(r, names),
    ip: r.ip,
    acao: r.acao as AuditoriaAcao,
    entidade: r.entidade as AuditoriaEntidade,
    entidade_id: r.entidadeId,
    resumo: resumoOf(r, names),
    entidade_nome: entidadeNome(r, names),
    antes: (r.antes as Record<string, unknown> | null) ?? null,
    depois: (r.depois as Record<string, unknown> | null) ?? null,
  };
}

export async function list(db: Database, organizationId: string, f: AuditoriaFilters, page: number, pageSize: number) {
  const { rows, counted } = await listAuditoria(db, auditoriaWhere(organizationId, f), page, pageSize);
  const names = await liveNames(db, organizationId, rows);
  return toPage(
    rows.map((r) => toAuditoria(r, names)),
    counted,
    page,
    pageSize,
  );
}

const HEADER = [
  "Data e hora (UTC)",
  "Quem",
  "Tipo de autor",
  "IP",
  "Ação",
  "Entidade",
  "Identificador",
  "Resumo",
  "Antes",
  "Depois",
];

/** The trail as CSV (the same filters), streamed; exporting it is itself recorded. */
/** The trail's rows for the CSV export, batch by batch (the route records the export: http/csv-export.ts). */
export function auditoriaCsv(db: Database, tenant: TenantContext, f: AuditoriaFilters) {
  const where = auditoriaWhere(tenant.organizationId, f);
  let after: AuditCursor | null = null;
  let done = false;
  return csvStream(HEADER, async () => {
    if (done) return [];
    const batch = await auditoriaBatch(db, where, after, 1_000);
    if (batch.rows.length < 1_000) done = true;
    after = batch.cursor;
    const names = await liveNames(db, tenant.organizationId, batch.rows);
    return batch.rows.map((r) => [
      r.ocorridoEm.toISOString(),
      atorNomeOf(r, names) ?? "",
      r.atorTipo,
      r.ip ?? "",
      AUDITORIA_ACAO_LABELS[r.acao as AuditoriaAcao] ?? r.acao,
      AUDITORIA_ENTIDADE_LABELS[r.entidade as AuditoriaEntidade] ?? r.entidade,
      r.entidadeId ?? "",
      resumoOf(r, names),
      r.antes ? JSON.stringify(r.antes) : "",
      r.depois ? JSON.stringify(r.depois) : "",
    ]);
  });
}

const VIEW_SUMMARY = {
  pessoa: "Visualizou os dados de uma pessoa",
  solicitacao: "Visualizou os dados de uma solicitação",
  foto: "Visualizou a foto de um visitante",
} as const;

/**
 * Records that the caller viewed a record holding personal data (a person's or a request's detail),
 * once per VIEW_DEDUP_MS per viewer and record.
 */
export async function recordView(
  db: Database,
  tenant: TenantContext,
  entidade: "pessoa" | "solicitacao" | "foto",
  entidadeId: string,
  now = new Date(),
) {
  const since = new Date(now.getTime() - VIEW_DEDUP_MS);
  if (await viewedRecently(db, tenant.organizationId, tenant.userId, entidade, entidadeId, since)) return;
  await recordAudit(db, tenant.organizationId, actorOf(tenant), {
    acao: "visualizar",
    entidade,
    entidadeId,
    resumo: VIEW_SUMMARY[entidade],
  });
}

/** "Acessos a estes dados": who viewed this person's record, newest first; 404 for another tenant's person. */
export async function viewsOfPessoa(db: Database, organizationId: string, pessoaId: string, page: number) {
  const [p] = await db
    .select({ id: pessoas.id })
    .from(pessoas)
    .where(and(eq(pessoas.organizationId, organizationId), eq(pessoas.id, pessoaId)));
  if (!p) throw notFound("Pessoa não encontrada");
  return list(db, organizationId, { entidade: "pessoa", entidadeId: pessoaId, acao: "visualizar" }, page, 20);
}
