/**
 * The names a page of the audit trail shows, read from the live records
 * (docs/decisions/030-personal-data-out-of-the-audit-trail.md). A record of the trail never holds
 * a visitor's or resident's name: it points at the request, pass, entry or person by id, and its
 * `resumo` holds AUDITORIA_NOME_DO_REGISTRO where the name goes. Read here, the name is what the
 * record says today: "Visitante anonimizado" once retention or a data subject's request has passed.
 */
import { and, eq, inArray } from "drizzle-orm";
import { AUDITORIA_NOME_DO_REGISTRO } from "../../../shared/schemas/auditoria";
import type { Executor } from "../../db/client";
import { acessos, type auditoria, passes, pessoas, solicitacoesAcesso } from "../../db/schema";

type Row = typeof auditoria.$inferSelect;

/** What stands for the name when the record is gone (a person's record deleted). */
export const REGISTRO_EXCLUIDO = "[registro excluído]";

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** The entities whose records are about a person, and where their live name is read. */
const PERSON_TABLES = {
  solicitacao: "solicitacao",
  passe: "passe",
  acesso: "acesso",
  pessoa: "pessoa",
  morador: "pessoa",
} as const;
type Source = (typeof PERSON_TABLES)[keyof typeof PERSON_TABLES];

export interface LiveNames {
  /** `source:id` → the live record's name. */
  nomes: Map<string, string>;
  /** A request's id → who decided it, as the request says now (a resident's name is never in the trail). */
  decididoPor: Map<string, string | null>;
}

const sourceOf = (r: Pick<Row, "entidade">): Source | undefined =>
  PERSON_TABLES[r.entidade as keyof typeof PERSON_TABLES];

/** Reads, in at most four statements, the live names of the records these entries are about. */
export async function liveNames(db: Executor, organizationId: string, rows: Row[]): Promise<LiveNames> {
  const ids: Record<Source, Set<string>> = {
    solicitacao: new Set(),
    passe: new Set(),
    acesso: new Set(),
    pessoa: new Set(),
  };
  for (const r of rows) {
    const source = sourceOf(r);
    if (source && r.entidadeId && UUID.test(r.entidadeId)) ids[source].add(r.entidadeId);
  }
  const nomes = new Map<string, string>();
  const decididoPor = new Map<string, string | null>();
  const list = (s: Set<string>) => [...s];
  // One after another: the caller may hold one connection (a transaction runs one statement at a time).
  if (ids.solicitacao.size > 0) {
    const found = await db
      .select({
        id: solicitacoesAcesso.id,
        nome: solicitacoesAcesso.nomeVisitante,
        decididoPor: solicitacoesAcesso.decididoPorNome,
      })
      .from(solicitacoesAcesso)
      .where(
        and(
          eq(solicitacoesAcesso.organizationId, organizationId),
          inArray(solicitacoesAcesso.id, list(ids.solicitacao)),
        ),
      );
    for (const f of found) {
      nomes.set(`solicitacao:${f.id}`, f.nome);
      decididoPor.set(f.id, f.decididoPor);
    }
  }
  if (ids.passe.size > 0) {
    const found = await db
      .select({ id: passes.id, nome: passes.nome })
      .from(passes)
      .where(and(eq(passes.organizationId, organizationId), inArray(passes.id, list(ids.passe))));
    for (const f of found) nomes.set(`passe:${f.id}`, f.nome);
  }
  if (ids.acesso.size > 0) {
    const found = await db
      .select({ id: acessos.id, nome: acessos.nome })
      .from(acessos)
      .where(and(eq(acessos.organizationId, organizationId), inArray(acessos.id, list(ids.acesso))));
    for (const f of found) nomes.set(`acesso:${f.id}`, f.nome);
  }
  if (ids.pessoa.size > 0) {
    const found = await db
      .select({ id: pessoas.id, nome: pessoas.nome })
      .from(pessoas)
      .where(and(eq(pessoas.organizationId, organizationId), inArray(pessoas.id, list(ids.pessoa))));
    for (const f of found) nomes.set(`pessoa:${f.id}`, f.nome);
  }
  return { nomes, decididoPor };
}

/** The live name of the record an entry is about; null when it is about no person's record or the record is gone. */
export function entidadeNome(r: Pick<Row, "entidade" | "entidadeId">, names: LiveNames): string | null {
  const source = sourceOf(r);
  if (!source || !r.entidadeId) return null;
  return names.nomes.get(`${source}:${r.entidadeId}`) ?? null;
}

/** The entry's line as a reader sees it: the placeholder replaced by the live name. */
export function resumoOf(r: Pick<Row, "entidade" | "entidadeId" | "resumo">, names: LiveNames): string {
  if (!r.resumo.includes(AUDITORIA_NOME_DO_REGISTRO)) return r.resumo;
  const nome = entidadeNome(r, names) ?? REGISTRO_EXCLUIDO;
  return r.resumo.replaceAll(AUDITORIA_NOME_DO_REGISTRO, nome);
}

/**
 * Who acted: the name kept for console users and keys; a resident who decided by phone or through
 * their link is read from the request they decided (their name is not kept, decision 030).
 */
export function atorNomeOf(
  r: Pick<Row, "atorNome" | "atorTipo" | "acao" | "entidade" | "entidadeId">,
  names: LiveNames,
): string | null {
  if (r.atorNome) return r.atorNome;
  if (r.acao === "decidir" && r.entidade === "solicitacao" && r.entidadeId && r.atorTipo !== "usuario")
    return names.decididoPor.get(r.entidadeId) ?? null;
  return null;
}
