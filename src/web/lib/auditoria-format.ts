/**
 * How the "Auditoria" screen reads one record of the trail (docs/product.md, "Auditoria"): who acted, and the fields
 * a change touched, before and after. Pure, so the unit tests check it without a browser.
 */
import type { AuditoriaAtor } from "@/shared/domain";
import { AUDITORIA_DADO_PESSOAL, type Auditoria, type AuditoriaEntidade } from "@/shared/schemas/auditoria";

/** Who acted when the record names no one (a removed user, the retention job, a failed sign-in). */
export const ATOR_TIPO_LABELS: Record<AuditoriaAtor, string> = {
  usuario: "Usuário",
  chave_api: "Chave de API",
  link_morador: "Link do morador",
  sistema: "Sistema",
  anonimo: "Anônimo",
};

/** "Ana Souza", or, without a name, what kind of actor it was ("Sistema", "Anônimo"...). */
export function atorLabel(a: Pick<Auditoria, "ator_tipo" | "ator_nome">): string {
  const nome = a.ator_nome?.trim();
  return nome ? nome : ATOR_TIPO_LABELS[a.ator_tipo];
}

/** What an empty value shows ("—"); screen readers hear "vazio" (see the screen). */
export const VAZIO = "—";

/** A field's value as text: strings as they are, anything else as JSON; absent or null is VAZIO. */
export function formatValor(value: unknown): string {
  if (value === undefined || value === null || value === "") return VAZIO;
  if (typeof value === "string") return value;
  try {
    return JSON.stringify(value) ?? VAZIO;
  } catch {
    return String(value);
  }
}

export interface DiffRow {
  campo: string;
  antes: string;
  depois: string;
  /**
   * Whether the two sides differ (a field listed on both sides with the same value did not change).
   * A field of personal data is named with no value on either side (docs/decisions/030-personal-data-out-of-the-audit-trail.md):
   * the record names it because it changed.
   */
  alterado: boolean;
}

/**
 * One row per field named on either side, in the order the record lists them (the `antes` fields
 * first, then those only in `depois`): a creation has only `depois`, a deletion only `antes`.
 */
export function diffRows(
  antes: Record<string, unknown> | null | undefined,
  depois: Record<string, unknown> | null | undefined,
): DiffRow[] {
  const before = antes ?? {};
  const after = depois ?? {};
  const campos = [...new Set([...Object.keys(before), ...Object.keys(after)])];
  return campos.map((campo) => {
    const a = formatValor(before[campo]);
    const d = formatValor(after[campo]);
    return { campo, antes: a, depois: d, alterado: a !== d || d === AUDITORIA_DADO_PESSOAL };
  });
}

/** Whether a record has anything for "Detalhes" to show: changed fields or the record's id. */
export function temDetalhes(a: Pick<Auditoria, "antes" | "depois" | "entidade_id">): boolean {
  return !!a.entidade_id || diffRows(a.antes, a.depois).length > 0;
}

/** The console screens of the entities that have one, by their section under /app. */
const ENTIDADE_TELAS: Partial<Record<AuditoriaEntidade, string>> = {
  solicitacao: "solicitacoes",
  chamada: "chamadas",
  pessoa: "pessoas",
  unidade: "unidades",
  condominio: "condominios",
  passe: "passes",
};

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Where the record an entry is about is opened ("/app/pessoas/<id>"), if it has a screen. */
export function entidadeHref(a: Pick<Auditoria, "entidade" | "entidade_id">): string | null {
  const tela = ENTIDADE_TELAS[a.entidade];
  return tela && a.entidade_id && UUID.test(a.entidade_id) ? `/app/${tela}/${a.entidade_id}` : null;
}
