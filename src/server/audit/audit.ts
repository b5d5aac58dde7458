/**
 * Writing the audit trail (issue 15, docs/decisions/024-audit-and-lgpd.md). Called inside the
 * transaction of the change it records, so a record exists if and only if the change committed;
 * the table itself refuses UPDATE and DELETE (migration 0013).
 */
import type { AuditoriaAtor } from "../../shared/domain";
import { maskDocument } from "../../shared/mask";
import type { AuditoriaAcao, AuditoriaEntidade } from "../../shared/schemas/auditoria";
import type { Executor } from "../db/client";
import { auditoria } from "../db/schema";
import type { TenantContext } from "../http/context";

/** Who acted, as the record names them. */
export interface AuditActor {
  tipo: AuditoriaAtor;
  id: string | null;
  nome: string | null;
  ip: string | null;
}

export interface AuditEntry {
  acao: AuditoriaAcao;
  entidade: AuditoriaEntidade;
  entidadeId?: string | null;
  resumo: string;
  antes?: Record<string, unknown> | null;
  depois?: Record<string, unknown> | null;
}

/** A signed-in console user. */
export function actorOf(tenant: Pick<TenantContext, "userId" | "user" | "ip">): AuditActor {
  return { tipo: "usuario", id: tenant.userId, nome: tenant.user.name, ip: tenant.ip };
}

/** The jobs (expiry, retention): no person acted. */
export const SYSTEM_ACTOR: AuditActor = { tipo: "sistema", id: null, nome: "Guarita (automático)", ip: null };

/** Fields holding documents: masked in every record, before and after. */
const DOCUMENT_FIELDS = new Set(["documento", "doc_visitante", "docVisitante", "titular_documento"]);
/** Fields that never go into a record (secrets, hashes). */
const SECRET_FIELDS = new Set(["segredo", "secret", "hash", "keyHash", "tokenHash", "password", "senha"]);

function clean(values: Record<string, unknown> | null | undefined): Record<string, unknown> | null {
  if (!values) return null;
  const out: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(values)) {
    if (SECRET_FIELDS.has(key)) continue;
    if (DOCUMENT_FIELDS.has(key)) out[key] = maskDocument(typeof value === "string" ? value : null);
    else out[key] = value instanceof Date ? value.toISOString() : value;
  }
  return out;
}

/**
 * Only what changed between two versions of a row, before and after, over the given fields;
 * null when nothing did (the caller may then skip the record).
 */
export function changes<T extends Record<string, unknown>>(
  before: T,
  after: Partial<T>,
  fields: readonly (keyof T & string)[],
): { antes: Record<string, unknown>; depois: Record<string, unknown> } | null {
  const antes: Record<string, unknown> = {};
  const depois: Record<string, unknown> = {};
  for (const field of fields) {
    if (!(field in after)) continue;
    const a = before[field];
    const b = after[field];
    const same =
      a instanceof Date && b instanceof Date ? a.getTime() === b.getTime() : JSON.stringify(a) === JSON.stringify(b);
    if (same) continue;
    antes[field] = a ?? null;
    depois[field] = b ?? null;
  }
  return Object.keys(depois).length > 0 ? { antes, depois } : null;
}

export async function recordAudit(tx: Executor, organizationId: string, actor: AuditActor, entry: AuditEntry) {
  await tx.insert(auditoria).values({
    organizationId,
    atorTipo: actor.tipo,
    atorId: actor.id,
    atorNome: actor.nome,
    ip: actor.ip,
    acao: entry.acao,
    entidade: entry.entidade,
    entidadeId: entry.entidadeId ?? null,
    resumo: entry.resumo,
    antes: clean(entry.antes),
    depois: clean(entry.depois),
  });
}
