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
import { and, eq, isNull, sql } from "drizzle-orm";
import { unidadeLabel } from "../../shared/schemas/unidades";
import { tipoDescricao } from "../../shared/status-catalogue";
import type { Database } from "../db/client";
import { condominios, notificacoes, pessoas, solicitacoesAcesso, unidades, vMoradoresAtivos } from "../db/schema";
import { applyDecision } from "../modules/solicitacoes/solicitacoes.service";
import { hashLinkToken, isLinkTokenShaped } from "../notifications/links";
import type { ResidentDecisao, ResidentPageState, ResidentVisita } from "./page";

/** How long a decided or expired request's links still show its outcome. */
const OUTCOME_VISIBLE_MS = 24 * 3_600_000;

async function load(db: Database, token: string) {
  if (!isLinkTokenShaped(token)) return null;
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
    .where(eq(notificacoes.tokenHash, hashLinkToken(token)));
  return row ?? null;
}

type Loaded = NonNullable<Awaited<ReturnType<typeof load>>>;

const firstName = (nome: string) => nome.trim().split(/\s+/)[0] ?? nome;

function clock(at: Date, timeZone: string): string {
  return new Intl.DateTimeFormat("pt-BR", { timeZone, hour: "2-digit", minute: "2-digit" }).format(at);
}

const upperFirst = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);

function visitaOf(r: Loaded, now: Date): ResidentVisita {
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
  const visita = visitaOf(r, now);
  if (confirmar) return { kind: "confirmar", visita, decisao: confirmar, postUrl: self, voltarUrl: self };
  return {
    kind: "decidir",
    visita,
    confirmarAutorizarUrl: `${self}?decisao=autorizado`,
    confirmarNegarUrl: `${self}?decisao=negado`,
  };
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
  const pending = r.solicitacao.status === "pendente";
  if (!pending || !r.notificacao.tokenExpiraEm || r.notificacao.tokenExpiraEm <= now) {
    return outcomeOrNull(r, now) ?? { kind: "invalido" };
  }
  // Only a person who still lives in the unit decides for it.
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
  if (!morador) return { kind: "invalido" };
  await applyDecision(
    db,
    r.notificacao.organizationId,
    r.solicitacao.id,
    decisao,
    {
      pessoaId: r.notificacao.pessoaId,
      userId: morador.userId,
      apiKeyId: null,
      nome: morador.nome,
      via: "link",
      motivoNegacao: texto.motivoNegacao,
    },
    texto.observacoes,
    async (tx) => {
      await tx.update(notificacoes).set({ decididaEm: sql`now()` }).where(eq(notificacoes.id, r.notificacao.id));
    },
  );
  // Won or lost, the page shows the request as it is now: decided by this resident, or by whoever came first.
  const after = await load(db, token);
  return (after && outcomeOrNull(after, new Date())) ?? { kind: "invalido" };
}
