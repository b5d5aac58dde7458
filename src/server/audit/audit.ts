/**
 * Writing the audit trail (docs/decisions/024-audit-and-lgpd.md). Called inside the
 * transaction of the change it records, so a record exists if and only if the change committed;
 * the table itself refuses UPDATE and DELETE (migration 0013).
 *
 * A record can never change, so it holds no personal data (docs/decisions/030-personal-data-out-of-the-audit-trail.md):
 * it points at the record by id, names the fields that changed, and a visitor's or resident's name
 * in `resumo` is the placeholder NOME_DO_REGISTRO, resolved from the live (possibly anonymised)
 * record when the trail is read (modules/auditoria).
 */
import type { AuditoriaAtor } from "../../shared/domain";
import {
  AUDITORIA_DADO_PESSOAL,
  AUDITORIA_NOME_DO_REGISTRO,
  type AuditoriaAcao,
  type AuditoriaEntidade,
} from "../../shared/schemas/auditoria";
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

/** In `resumo`, where the name of the person a record is about goes: `Criou um passe para ${NOME_DO_REGISTRO}`. */
export const NOME_DO_REGISTRO = AUDITORIA_NOME_DO_REGISTRO;
const DADO_PESSOAL = AUDITORIA_DADO_PESSOAL;

/** Fields holding documents: never kept, whatever the record is about. */
const DOCUMENT_FIELDS = new Set(["documento", "doc_visitante", "docVisitante", "titular_documento"]);
/** Fields that never go into a record (secrets, hashes). */
const SECRET_FIELDS = new Set(["segredo", "secret", "hash", "keyHash", "tokenHash", "password", "senha"]);
/**
 * Records about a person (a visitor's request, pass or entry, a person's record, a resident's link):
 * their names, contacts and free texts are personal data (free texts too: "é o primo da Maria").
 */
const PERSONAL_ENTITIES = new Set<AuditoriaEntidade>([
  "pessoa",
  "solicitacao",
  "passe",
  "acesso",
  "morador",
  "chamada",
]);
const PERSONAL_FIELDS = new Set([
  "nome",
  "nome_visitante",
  "nomeVisitante",
  "telefone",
  "telefone_visitante",
  "telefoneVisitante",
  "telefoneE164",
  "telefone_e164",
  "email",
  "fotoUrl",
  "foto_url",
  "motivo",
  "observacoes",
  "descricao",
  // A denial's reason ("Negar"): the trail says one was given, never what it said.
  "motivo_negacao",
  "motivoNegacao",
]);

/** An export's filters: the free search text may be a name or a document (it is named, not kept). */
function cleanFiltros(value: unknown): unknown {
  if (!value || typeof value !== "object" || Array.isArray(value)) return value;
  const out: Record<string, unknown> = {};
  for (const [key, v] of Object.entries(value)) out[key] = key === "q" && v ? DADO_PESSOAL : v;
  return out;
}

function clean(
  entidade: AuditoriaEntidade,
  values: Record<string, unknown> | null | undefined,
): Record<string, unknown> | null {
  if (!values) return null;
  const personal = PERSONAL_ENTITIES.has(entidade);
  const out: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(values)) {
    if (SECRET_FIELDS.has(key)) continue;
    if (DOCUMENT_FIELDS.has(key) || (personal && PERSONAL_FIELDS.has(key)))
      out[key] = value === null || value === undefined || value === "" ? null : DADO_PESSOAL;
    else if (key === "filtros") out[key] = cleanFiltros(value);
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
    antes: clean(entry.entidade, entry.antes),
    depois: clean(entry.entidade, entry.depois),
  });
}
