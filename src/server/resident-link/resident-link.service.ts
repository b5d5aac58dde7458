/**
 * What a resident's link shows and does (docs/decisions/022-resident-link.md).
 *
 * - A token is found by its hash; a malformed, unknown or expired one shows the same "invalid"
 *   page, with no visit data.
 * - GET never decides (link previews and prefetchers open links); it only records the first open.
 * - POST decides through the same conditional update as the console (applyDecision), attributed to
 *   the resident, via "link"; of two deciders exactly one wins, and the other's page says who
 *   decided and when ("Já autorizada por Ana às 21:04").
 * - After a decision every link of the request is revoked: it shows the result for a day, then
 *   nothing.
 */

import { formatDistanceStrict } from "date-fns";
import { ptBR } from "date-fns/locale";
import { and, eq, isNull, type SQL, sql } from "drizzle-orm";
import type { SolicitacaoTipo } from "../../shared/domain";
import { unidadeLabel } from "../../shared/schemas/unidades";
import { tipoDescricao } from "../../shared/status-catalogue";
import type { Database, Executor } from "../db/client";
import { condominios, notificacoes, pessoas, solicitacoesAcesso, unidades, vMoradoresAtivos } from "../db/schema";
import { latestFotoOf } from "../modules/fotos/fotos.service";
import { applyDecision } from "../modules/solicitacoes/solicitacoes.service";
import { hashLinkToken, isLinkTokenShaped } from "../notifications/links";
import type { ResidentDecisao, ResidentPageState, ResidentVisita } from "./page";

/** How long a decided or expired request's links still show its outcome. */
const OUTCOME_VISIBLE_MS = 24 * 3_600_000;

async function load(db: Database, token: string) {
  if (!isLinkTokenShaped(token)) return null;
  return loadWhere(db, eq(notificacoes.tokenHash, hashLinkToken(token)));
}

async function loadWhere(db: Database, where: SQL | undefined) {
  const [row] = await db
    .select({
      notificacao: {
        id: notificacoes.id,
        organizationId: notificacoes.organizationId,
        pessoaId: notificacoes.pessoaId,
        pessoaNome: notificacoes.pessoaNome,
        tokenExpiraEm: notificacoes.tokenExpiraEm,
        abertaEm: notificacoes.abertaEm,
        decididaEm: notificacoes.decididaEm,
        canal: notificacoes.canal,
        demo: notificacoes.demo,
      },
      solicitacao: {
        id: solicitacoesAcesso.id,
        status: solicitacoesAcesso.status,
        nomeVisitante: solicitacoesAcesso.nomeVisitante,
        tipo: solicitacoesAcesso.tipo,
        motivo: solicitacoesAcesso.motivo,
        createdAt: solicitacoesAcesso.createdAt,
        updatedAt: solicitacoesAcesso.updatedAt,
        decididoEm: solicitacoesAcesso.decididoEm,
        decididoPorNome: solicitacoesAcesso.decididoPorNome,
        unidadeId: solicitacoesAcesso.unidadeId,
      },
      unidade: { codigo: unidades.codigo, torre: unidades.torre },
      condominio: { nome: condominios.nome, timezone: condominios.timezone },
      tokenHash: notificacoes.tokenHash,
    })
    .from(notificacoes)
    .innerJoin(
      solicitacoesAcesso,
      and(
        eq(solicitacoesAcesso.id, notificacoes.solicitacaoId),
        eq(solicitacoesAcesso.organizationId, notificacoes.organizationId),
      ),
    )
    .innerJoin(unidades, eq(unidades.id, solicitacoesAcesso.unidadeId))
    .innerJoin(condominios, eq(condominios.id, solicitacoesAcesso.condominioId))
    .where(where);
  return row ?? null;
}

type Loaded = NonNullable<Awaited<ReturnType<typeof load>>>;

const firstName = (nome: string) => nome.trim().split(/\s+/)[0] ?? nome;

function clock(at: Date, timeZone: string): string {
  return new Intl.DateTimeFormat("pt-BR", { timeZone, hour: "2-digit", minute: "2-digit" }).format(at);
}

const upperFirst = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);

function visitaOf(r: Loaded, now: Date, fotoUrl: string | null = null, semFoto: string | null = null): ResidentVisita {
  const s = r.solicitacao;
  return {
    condominio: r.condominio.nome,
    unidade: unidadeLabel(r.unidade),
    visitanteNome: s.nomeVisitante,
    tipoLabel: upperFirst(tipoDescricao(s.tipo)),
    motivo: s.motivo,
    chegouEm: s.createdAt.toISOString(),
    chegouHa: formatDistanceStrict(s.createdAt, now, { locale: ptBR, addSuffix: true, roundingMethod: "floor" }),
    chegouAs: clock(s.createdAt, r.condominio.timezone),
    moradorNome: firstName(r.notificacao.pessoaNome),
    fotoUrl,
    semFoto,
  };
}

/** The page for a loaded link, or null when it shows nothing any more (the "invalid" page). */
function outcomeOrNull(r: Loaded, now: Date): ResidentPageState | null {
  const s = r.solicitacao;
  const visita = visitaOf(r, now);
  if (s.status === "autorizado" || s.status === "negado") {
    if (!s.decididoEm || now.getTime() - s.decididoEm.getTime() > OUTCOME_VISIBLE_MS) return null;
    return {
      kind: "decidida",
      visita,
      decisao: s.status,
      porNome: firstName(s.decididoPorNome ?? "a portaria"),
      as: clock(s.decididoEm, r.condominio.timezone),
      porVoce: r.notificacao.decididaEm !== null,
    };
  }
  if (s.status === "expirado") {
    return now.getTime() - s.updatedAt.getTime() > OUTCOME_VISIBLE_MS ? null : { kind: "expirada", visita };
  }
  // Pending (or cancelled): no outcome to show.
  return null;
}

/** GET: the visit and the two choices, a confirmation, or the outcome. Never decides. */
export async function viewLink(
  db: Database,
  token: string,
  confirmar: ResidentDecisao | null,
  now = new Date(),
): Promise<ResidentPageState> {
  const r = await load(db, token);
  if (!r) return { kind: "invalido" };
  const outcome = outcomeOrNull(r, now);
  if (outcome) return outcome;
  if (r.solicitacao.status !== "pendente" || !r.notificacao.tokenExpiraEm || r.notificacao.tokenExpiraEm <= now) {
    return { kind: "invalido" };
  }
  if (!r.notificacao.abertaEm) {
    await db
      .update(notificacoes)
      .set({ abertaEm: sql`now()` })
      .where(and(eq(notificacoes.id, r.notificacao.id), isNull(notificacoes.abertaEm)));
  }
  const self = `/r/${token}`;
  const foto = await latestFotoOf(db, r.notificacao.organizationId, r.solicitacao.id);
  const visita = visitaOf(
    r,
    now,
    foto?.chave ? `${self}/foto?f=${foto.id}` : null,
    foto && foto.chave === null ? foto.motivo : null,
  );
  if (confirmar) return { kind: "confirmar", visita, decisao: confirmar, postUrl: self, voltarUrl: self };
  return {
    kind: "decidir",
    visita,
    confirmarAutorizarUrl: `${self}?decisao=autorizado`,
    confirmarNegarUrl: `${self}?decisao=negado`,
  };
}

/**
 * GET /r/<token>/foto: the visitor's latest photo, for exactly as long as the link asks the resident
 * to decide (pending, not expired); the link is the capability, as for the page itself.
 */
export async function linkPhotoKey(db: Database, token: string, now = new Date()): Promise<string | null> {
  const r = await load(db, token);
  const expira = r?.notificacao.tokenExpiraEm;
  if (r?.solicitacao.status !== "pendente" || !expira || expira <= now) return null;
  const foto = await latestFotoOf(db, r.notificacao.organizationId, r.solicitacao.id);
  return foto?.chave ?? null;
}

/** POST: decides for the resident, or says why not (someone else first, expired, invalid). */
export async function decideByLink(
  db: Database,
  token: string,
  decisao: ResidentDecisao,
  /** The resident's note (with an authorisation) or reason (with a refusal). */
  texto: { observacoes: string | null; motivoNegacao: string | null },
  now = new Date(),
): Promise<ResidentPageState> {
  const r = await load(db, token);
  if (!r) return { kind: "invalido" };
  await decideAsResident(db, r, decisao, { via: "link", ...texto }, now);
  // Won or lost, the page shows the request as it is now: decided by this resident, or by whoever came first.
  const after = await load(db, token);
  return (after && outcomeOrNull(after, new Date())) ?? { kind: "invalido" };
}

/**
 * The same decision through the resident's link and Guarita's phone call: only while the request
 * is pending and the link alive, only by a person who still lives in the unit, through the
 * console's conditional update (one decision wins). Returns whether this one won.
 */
async function decideAsResident(
  db: Database,
  r: Loaded,
  decisao: ResidentDecisao,
  how: {
    via: "link" | "telefone";
    observacoes: string | null;
    motivoNegacao: string | null;
    onDecided?: (tx: Executor) => Promise<void>;
  },
  now: Date,
): Promise<boolean> {
  const pending = r.solicitacao.status === "pendente";
  if (!pending || !r.notificacao.tokenExpiraEm || r.notificacao.tokenExpiraEm <= now) return false;
  const [morador] = r.notificacao.pessoaId
    ? await db
        .select({ userId: pessoas.userId, nome: vMoradoresAtivos.nome })
        .from(vMoradoresAtivos)
        .innerJoin(pessoas, eq(pessoas.id, vMoradoresAtivos.pessoaId))
        .where(
          and(
            eq(vMoradoresAtivos.pessoaId, r.notificacao.pessoaId),
            eq(vMoradoresAtivos.unidadeId, r.solicitacao.unidadeId),
          ),
        )
    : [];
  if (!morador) return false;
  return applyDecision(
    db,
    r.notificacao.organizationId,
    r.solicitacao.id,
    decisao,
    {
      pessoaId: r.notificacao.pessoaId,
      userId: morador.userId,
      apiKeyId: null,
      nome: morador.nome,
      via: how.via,
      motivoNegacao: how.motivoNegacao,
    },
    how.observacoes,
    async (tx) => {
      await tx.update(notificacoes).set({ decididaEm: sql`now()` }).where(eq(notificacoes.id, r.notificacao.id));
      await how.onDecided?.(tx);
    },
  );
}

// ── Guarita's phone call to the resident (docs/decisions/037-phone-line-and-whatsapp.md) ───────────

/** What the call says and what the resident's key did, for the TwiML and the demo panel. */
export type ResidentCallState =
  | { kind: "perguntar"; texto: string }
  | { kind: "decidida"; texto: string }
  | { kind: "invalida" };

export type ResidentCallRef = { token: string } | { organizationId: string; notificacaoId: string };

/** A demo call is found by its message's id within the tenant (it has no live token to show). */
async function loadCall(db: Database, ref: ResidentCallRef) {
  if ("token" in ref) {
    const r = await load(db, ref.token);
    return r?.notificacao.canal === "ligacao" ? r : null;
  }
  return loadWhere(
    db,
    and(
      eq(notificacoes.organizationId, ref.organizationId),
      eq(notificacoes.id, ref.notificacaoId),
      eq(notificacoes.canal, "ligacao"),
      eq(notificacoes.demo, true),
    ),
  );
}

function callOutcomeText(state: ResidentPageState): string {
  if (state.kind === "decidida") {
    const what = state.decisao === "autorizado" ? "autorizada" : "negada";
    return state.porVoce
      ? `Entrada ${what}. Obrigado.`
      : `Esta visita já foi ${what} por ${state.porNome} às ${state.as}. Obrigado.`;
  }
  if (state.kind === "expirada") return "Esta solicitação expirou. Obrigado.";
  return "Esta solicitação não está mais disponível. Obrigado.";
}

/** What the call says when the resident answers: the visit and the keys, or how it ended. */
export async function residentCallScript(
  db: Database,
  ref: ResidentCallRef,
  script: (visit: ResidentVisita, tipo: SolicitacaoTipo, unit: { codigo: string; torre: string | null }) => string,
  now = new Date(),
): Promise<ResidentCallState> {
  const r = await loadCall(db, ref);
  if (!r) return { kind: "invalida" };
  const outcome = outcomeOrNull(r, now);
  if (outcome) return { kind: "decidida", texto: callOutcomeText(outcome) };
  if (r.solicitacao.status !== "pendente" || !r.notificacao.tokenExpiraEm || r.notificacao.tokenExpiraEm <= now) {
    return { kind: "decidida", texto: callOutcomeText({ kind: "invalido" }) };
  }
  if (!r.notificacao.abertaEm) {
    await db
      .update(notificacoes)
      .set({ abertaEm: sql`now()` })
      .where(and(eq(notificacoes.id, r.notificacao.id), isNull(notificacoes.abertaEm)));
  }
  return { kind: "perguntar", texto: script(visitaOf(r, now), r.solicitacao.tipo as SolicitacaoTipo, r.unidade) };
}

/**
 * The resident pressed a key on Guarita's call: 1 authorises, 2 denies (attributed to them,
 * `decidido_via = 'telefone'`, the key and the answer recorded on the call in the same
 * transaction); another key asks again. Returns what the call says next.
 */
export async function decideByCall(
  db: Database,
  ref: ResidentCallRef,
  tecla: string,
  keys: { autorizar: string; negar: string },
  recordAnswer: (tx: Executor, notificacaoId: string, resposta: ResidentDecisao) => Promise<void>,
  now = new Date(),
): Promise<ResidentCallState | { kind: "repetir" }> {
  const r = await loadCall(db, ref);
  if (!r) return { kind: "invalida" };
  const decisao: ResidentDecisao | null =
    tecla === keys.autorizar ? "autorizado" : tecla === keys.negar ? "negado" : null;
  if (decisao) {
    await decideAsResident(
      db,
      r,
      decisao,
      {
        via: "telefone",
        observacoes: null,
        motivoNegacao: null,
        onDecided: (tx) => recordAnswer(tx, r.notificacao.id, decisao),
      },
      now,
    );
  }
  const after = await loadWhere(db, eq(notificacoes.id, r.notificacao.id));
  const outcome = after ? outcomeOrNull(after, new Date()) : null;
  if (outcome) return { kind: "decidida", texto: callOutcomeText(outcome) };
  if (!decisao && after?.solicitacao.status === "pendente") return { kind: "repetir" };
  return { kind: "decidida", texto: callOutcomeText({ kind: "invalido" }) };
}
