/**
 * Access-request rules: creation always pending and inside the caller's tenant, edits only while
 * pending, decisions atomic and conditional (of two concurrent deciders exactly one wins), and an
 * event in the same transaction as every change.
 */

import { and, eq, gt, isNull, or, sql } from "drizzle-orm";
import type {
  CanalNotificacao,
  ChamadaResposta,
  ChamadaStatus,
  DecisaoVia,
  NotificacaoStatus,
  SolicitacaoStatus,
  SolicitacaoTipo,
  WebhookEntregaStatus,
} from "../../../shared/domain";
import { maskDestino, maskDocument } from "../../../shared/mask";
import { storedPhone } from "../../../shared/phone";
import { duracaoSegundos } from "../../../shared/schemas/chamadas";
import type {
  Autor,
  Solicitacao,
  SolicitacaoComFotoRow,
  SolicitacaoCreate,
  SolicitacaoDetail,
  SolicitacaoDetailIntegracao,
  SolicitacaoUpdate,
} from "../../../shared/schemas/solicitacoes";
import { solicitacaoStatusDisplay } from "../../../shared/status-catalogue";
import { type AuditActor, actorOf, changes, NOME_DO_REGISTRO, recordAudit } from "../../audit/audit";
import type { Reader } from "../../auth/scope";
import { assertSeesCondominio, assertSeesUnidade, isResidentScope, seesUnidade } from "../../auth/scope";
import type { Database, Executor } from "../../db/client";
import { toPage } from "../../db/pagination";
import { solicitacoesAcesso as s } from "../../db/schema";
import { buildSearchText } from "../../db/search";
import { findCondominioInTenant, findPessoaOfUser, findUnidadeInTenant } from "../../db/tenant-lookups";
import { DEMO_TENANT_SLUG } from "../../demo-guard";
import type { TenantContext } from "../../http/context";
import { badRequest, conflict, forbidden, notFound } from "../../http/errors";
import { iso } from "../../http/serialize";
import { notConfiguredError } from "../../notifications/deliver";
import { cutLinkTokens, revokeLinks } from "../../notifications/links";
import { startOutreach } from "../../notifications/outreach";
import { recordEvent } from "../../realtime/events";
import { type Registrar, registerEntryInTx } from "../acessos/acessos.service";
import { refreshChamadasSearch } from "../chamadas/chamadas.service";
import { fotosOf, linkFotosToSolicitacao, thumbnailsOf } from "../fotos/fotos.service";
import { type PortaoRef, resolvePortao } from "../portoes/portoes.service";
import {
  findSolicitacao,
  findSolicitacaoRows,
  type ListedSolicitacao,
  type ListFilters,
  listChamadasOfSolicitacao,
  listComandosPortao,
  listNotificacoesOfSolicitacao,
  listSolicitacoes,
  type SolicitacaoRow,
} from "./solicitacoes.queries";

/** What other modules may use of this module's queries (docs/architecture.md, "Boundaries (server)"). */
export {
  findSolicitacaoRows,
  listSolicitacoes,
  refreshSearchTextOfUnidade,
  solicitacaoColumns,
  solicitacaoWhere,
} from "./solicitacoes.queries";

export const SOLICITACAO_NOT_FOUND = "Solicitação não encontrada";

/** A request as the API shows it, from a row read by Drizzle or a list page's row (timestamps as text). */
export function toSolicitacao(r: SolicitacaoRow | ListedSolicitacao): Solicitacao {
  return {
    id: r.id,
    condominio_id: r.condominioId,
    unidade_id: r.unidadeId,
    tipo: r.tipo as SolicitacaoTipo,
    nome_visitante: r.nomeVisitante,
    doc_visitante: r.docVisitante,
    telefone_visitante: storedPhone(r.telefoneVisitante),
    motivo: r.motivo,
    expiracao_em: iso(r.expiracaoEm),
    status: r.status as SolicitacaoStatus,
    decidido_em: iso(r.decididoEm),
    decidido_por_pessoa_id: r.decididoPorPessoaId,
    decidido_por_nome: r.decididoPorNome,
    observacoes: r.observacoes,
    portao_id: r.portaoId,
    portao: r.portaoNome,
    decidido_via: r.decididoVia as DecisaoVia | null,
    motivo_negacao: r.motivoNegacao,
    sem_resposta_moradores_em: iso(r.semRespostaMoradoresEm),
    criado_pelo_atendente: r.criadoPeloAtendente,
    created_at: iso(r.createdAt),
    updated_at: iso(r.updatedAt),
    unidade: { codigo: r.unidadeCodigo, torre: r.unidadeTorre },
  };
}

export async function list(
  db: Database,
  tenant: TenantContext,
  filters: ListFilters,
  page: number,
  pageSize: number,
  photos: { secret: string },
) {
  const { items, counted } = await listSolicitacoes(db, tenant, filters, page, pageSize);
  const thumbs = await thumbnailsOf(
    { db, secret: photos.secret },
    tenant,
    items.map((r) => r.id),
  );
  const rows: SolicitacaoComFotoRow[] = items.map((r) => ({
    ...toSolicitacaoListItem(r),
    condominio: { id: r.condominioId, nome: r.condominioNome, timezone: r.condominioTimezone },
    foto_miniatura_url: thumbs.get(r.id) ?? null,
  }));
  return toPage(rows, counted, page, pageSize);
}

/** A request as lists show it (the list, the dashboard's latest): the visitor's document masked (LGPD). */
export function toSolicitacaoListItem(r: SolicitacaoRow | ListedSolicitacao): Solicitacao {
  return { ...toSolicitacao(r), doc_visitante: maskDocument(r.docVisitante) };
}

/** How the console names the virtual attendant as a request's creator (docs/product.md, "Atendente virtual"). */
export const ATENDENTE_VIRTUAL = "Atendente virtual";

/**
 * "Atendente virtual" (created in a conversation), "Central PABX" (an API key) or "Ana" (a console
 * user); null when none is known any more.
 */
function autor(userNome: string | null, chaveNome: string | null, atendente = false): Autor | null {
  if (atendente) return { tipo: "atendente", nome: ATENDENTE_VIRTUAL };
  if (chaveNome !== null) return { tipo: "chave_api", nome: chaveNome };
  if (userNome !== null) return { tipo: "usuario", nome: userNome };
  return null;
}

/** A gate webhook as a request's detail names it: no path or query (a gate's token often sits there). */
function webhookOrigin(url: string): string {
  try {
    return new URL(url).origin;
  } catch {
    return "endereço inválido";
  }
}

/**
 * A request's detail. `tenant.organization` is the console's signed-in tenant: on the demo tenant
 * the demo messages keep their link for the "Mensagens enviadas (demonstração)" panel; everywhere
 * else (other tenants, the integration API) a link's token is cut (docs/decisions/022).
 */
export async function get(
  db: Database,
  tenant: Reader & { organization?: { slug: string }; userId?: string },
  id: string,
  photos: { secret: string },
): Promise<SolicitacaoDetail> {
  const demoPanel = tenant.organization?.slug === DEMO_TENANT_SLUG;
  const row = await findSolicitacao(db, tenant, id);
  if (!row) throw notFound(SOLICITACAO_NOT_FOUND);
  const staff = !isResidentScope(tenant);
  const [calls, comandos, mensagens, [fotos]] = await Promise.all([
    listChamadasOfSolicitacao(db, tenant.organizationId, id),
    // Where the gate commands went: staff only.
    staff ? listComandosPortao(db, tenant.organizationId, id) : [],
    // Who was told what: one list for every role that sees the request (docs/product.md, "Request
    // detail"); a morador reads their neighbours' destinations masked, and no text or provider error.
    listNotificacoesOfSolicitacao(db, tenant.organizationId, id),
    // Addresses signed for the signed-in reader; an API key reads which photos exist, not the images.
    fotosOf({ db, secret: photos.secret }, { organizationId: tenant.organizationId, userId: tenant.userId ?? null }, [
      id,
    ]),
  ]);
  return {
    ...toSolicitacao(row),
    condominio: row.condominio,
    fotos: fotos ?? [],
    criado_por: autor(row.criadoPorUserNome, row.criadoPorChaveNome, row.criadoPeloAtendente),
    decidido_via_chave: row.decididoViaChave,
    chamadas: calls.map((c) => ({
      id: c.id,
      status: c.status as ChamadaStatus,
      ramal_discado: c.ramalDiscado,
      iniciado_em: iso(c.iniciadoEm),
      finalizado_em: iso(c.finalizadoEm),
      duracao_segundos: duracaoSegundos(c.iniciadoEm, c.finalizadoEm),
      provedor: c.provedor,
      pessoa: c.pessoaId ? { id: c.pessoaId, nome: c.pessoaNome ?? "", pbx_ramal: c.pessoaRamal } : null,
      resposta: c.resposta as ChamadaResposta | null,
      respondido_em: iso(c.respondidoEm),
      criado_por: autor(c.criadoPorUserNome, c.criadoPorChaveNome),
    })),
    comandos_portao: comandos.map((k) => ({
      entrega_id: k.id,
      webhook: { descricao: k.descricao, origem: webhookOrigin(k.url) },
      status: k.status as WebhookEntregaStatus,
      tentativas: k.tentativas,
      ultimo_status_http: k.ultimoStatusHttp,
      created_at: iso(k.createdAt),
      entregue_em: iso(k.entregueEm),
    })),
    notificacoes: mensagens.map((n) => ({
      id: n.id,
      pessoa_id: n.pessoaId,
      pessoa_nome: n.pessoaNome,
      ordem: n.ordem,
      canal: n.canal as CanalNotificacao,
      destino: staff ? n.destino : maskDestino(n.destino),
      status: n.status as NotificacaoStatus,
      demo: n.demo,
      nao_configurado: n.status === "falhou" && n.ultimoErro === notConfiguredError(n.canal as CanalNotificacao),
      mensagem: staff && n.demo && n.mensagem !== null ? (demoPanel ? n.mensagem : cutLinkTokens(n.mensagem)) : null,
      ultimo_erro: staff ? n.ultimoErro : null,
      created_at: iso(n.createdAt),
      enviada_em: iso(n.enviadaEm),
      entregue_em: iso(n.entregueEm),
      aberta_em: iso(n.abertaEm),
      decidida_em: iso(n.decididaEm),
    })),
  };
}

/**
 * GET /api/v1/solicitacoes/{id}: the detail without the messages' address and text; an API key
 * (a PBX, an attendant) has no use for them, and the text carries the resident's link.
 */
export async function getForIntegration(
  db: Database,
  reader: Reader,
  id: string,
  photos: { secret: string },
): Promise<SolicitacaoDetailIntegracao> {
  const detail = await get(db, { organizationId: reader.organizationId, scope: reader.scope }, id, photos);
  return {
    ...detail,
    notificacoes: detail.notificacoes.map(({ destino: _destino, mensagem: _mensagem, ...n }) => n),
  };
}

async function reload(db: Database, organizationId: string, id: string): Promise<Solicitacao> {
  const [row] = await findSolicitacaoRows(db, organizationId, [id]);
  if (!row) throw notFound(SOLICITACAO_NOT_FOUND);
  return toSolicitacao(row);
}

/** Who writes: a console user, or an integration's API key (then `userId` is null). */
export type Writer = Reader & {
  userId: string | null;
  apiKeyId?: string | null;
  /** Who the audit trail names: a console user's name and IP, or the integration's key. */
  user?: { name: string };
  ip?: string | null;
  apiKeyNome?: string;
  /** The virtual attendant creates it, in a conversation (through a key's text API or a kiosk). */
  atendente?: boolean;
};

function writerActor(w: Writer): AuditActor {
  if (w.apiKeyId) return { tipo: "chave_api", id: w.apiKeyId, nome: w.apiKeyNome ?? null, ip: w.ip ?? null };
  if (w.atendente) return { tipo: "sistema", id: null, nome: ATENDENTE_VIRTUAL, ip: w.ip ?? null };
  return { tipo: "usuario", id: w.userId, nome: w.user?.name ?? null, ip: w.ip ?? null };
}

/**
 * The decider as the audit trail names them: a console user, the PBX's key for a phone answer, or the
 * resident's link. A resident's name is not kept (it would outlive their anonymisation): the trail
 * reads it from the request's live `decidido_por_nome` (docs/decisions/030-personal-data-out-of-the-audit-trail.md).
 */
function deciderActor(d: Decider): AuditActor {
  if (d.via === "telefone") return { tipo: "chave_api", id: d.apiKeyId, nome: null, ip: d.ip ?? null };
  if (d.via === "link") return { tipo: "link_morador", id: d.pessoaId, nome: null, ip: d.ip ?? null };
  return { tipo: "usuario", id: d.userId, nome: d.nome, ip: d.ip ?? null };
}

/** Where a request was registered from, when not a form: the attendant's conversation (kiosk, line, text API). */
export interface SolicitacaoOrigem {
  conversaId: string;
}

export async function create(
  db: Database,
  tenant: Writer,
  input: SolicitacaoCreate & PortaoRef,
  origem?: SolicitacaoOrigem,
): Promise<Solicitacao> {
  const org = tenant.organizationId;
  // A morador creates requests only for the units they live in, a porteiro assigned to condominiums
  // only there; anything else is "not found" (the unit's own condominium is checked once read).
  assertSeesCondominio(tenant, input.condominio_id, "Condomínio não encontrado");
  assertSeesUnidade(
    tenant,
    { unidadeId: input.unidade_id, condominioId: input.condominio_id },
    "Unidade não encontrada",
  );
  // Two pool connections at once: a create at the gate waits for one round trip, not two.
  const [condominio, unidade] = await Promise.all([
    findCondominioInTenant(db, org, input.condominio_id),
    findUnidadeInTenant(db, org, input.unidade_id),
  ]);
  if (!condominio) throw notFound("Condomínio não encontrado");
  if (!unidade || !seesUnidade(tenant, { unidadeId: unidade.id, condominioId: unidade.condominioId }))
    throw notFound("Unidade não encontrada");
  if (unidade.condominioId !== condominio.id) {
    throw badRequest("A unidade não pertence ao condomínio selecionado", [
      { path: "unidade_id", message: "A unidade não pertence ao condomínio selecionado" },
    ]);
  }
  if (!condominio.enabled)
    throw badRequest("Condomínio inativo", [{ path: "condominio_id", message: "Condomínio inativo" }]);
  if (!unidade.enabled) throw badRequest("Unidade inativa", [{ path: "unidade_id", message: "Unidade inativa" }]);

  const portao = await resolvePortao(db, org, condominio.id, input);

  const id = await db.transaction(async (tx) => {
    const [row] = await tx
      .insert(s)
      .values({
        organizationId: org,
        condominioId: condominio.id,
        unidadeId: unidade.id,
        tipo: input.tipo,
        nomeVisitante: input.nome_visitante,
        docVisitante: input.doc_visitante,
        telefoneVisitante: input.telefone_visitante,
        motivo: input.motivo,
        // Unless it names its own, a request waits the condominium's default (docs/product.md,
        // "Condomínios"), counted from its created_at (the same transaction's now()).
        expiracaoEm: input.expiracao_em
          ? new Date(input.expiracao_em)
          : sql`now() + make_interval(mins => ${condominio.expiracaoSolicitacaoMinutos})`,
        status: "pendente",
        criadoPorUserId: tenant.userId,
        criadoPorApiKeyId: tenant.apiKeyId ?? null,
        criadoPeloAtendente: tenant.atendente ?? false,
        portaoId: portao?.id ?? null,
        busca: buildSearchText([input.nome_visitante, input.doc_visitante, unidade.codigo, unidade.torre]),
      })
      .returning({ id: s.id, nomeVisitante: s.nomeVisitante });
    // The kiosk's photo of the visitor (or their refusal) goes with the request born in its
    // conversation, in this transaction: the residents reached below see it from their first look
    // (docs/decisions/039-visitor-photos.md).
    if (origem) await linkFotosToSolicitacao(tx, org, origem.conversaId, row!.id);
    // The residents are reached from the same transaction: a request never exists without it.
    await startOutreach(tx, {
      organizationId: org,
      solicitacaoId: row!.id,
      unidadeId: unidade.id,
      condominioId: condominio.id,
      settings: condominio,
    });
    await recordAudit(tx, org, writerActor(tenant), {
      acao: "criar",
      entidade: "solicitacao",
      entidadeId: row!.id,
      resumo: `Registrou a solicitação de ${NOME_DO_REGISTRO}`,
      depois: {
        nome_visitante: input.nome_visitante,
        doc_visitante: input.doc_visitante,
        tipo: input.tipo,
        unidade_id: unidade.id,
        motivo: input.motivo,
      },
    });
    await recordEvent(tx, org, {
      type: "solicitacao.criada",
      solicitacao: { id: row!.id, nome_visitante: row!.nomeVisitante, status: "pendente", unidade_id: unidade.id },
    });
    return row!.id;
  });
  return reload(db, org, id);
}

export async function update(
  db: Database,
  tenant: TenantContext,
  id: string,
  patch: SolicitacaoUpdate,
): Promise<Solicitacao> {
  const org = tenant.organizationId;
  await db.transaction(async (tx) => {
    const [current] = await tx
      .select()
      .from(s)
      .where(and(eq(s.organizationId, org), eq(s.id, id)))
      .for("update");
    if (!current) throw notFound(SOLICITACAO_NOT_FOUND);
    assertSeesUnidade(tenant, current, SOLICITACAO_NOT_FOUND);
    // A morador edits only what they created; staff edit any pending request they see.
    if (isResidentScope(tenant) && current.criadoPorUserId !== tenant.userId) {
      throw forbidden("Só quem criou a solicitação pode alterá-la.");
    }
    if (current.status !== "pendente") {
      throw conflict(
        `Só é possível alterar solicitações pendentes (status atual: ${solicitacaoStatusDisplay(current.status).label}).`,
      );
    }
    const unidade = await findUnidadeInTenant(tx as unknown as Database, org, current.unidadeId);
    const next = {
      tipo: patch.tipo ?? current.tipo,
      nomeVisitante: patch.nome_visitante ?? current.nomeVisitante,
      docVisitante: patch.doc_visitante === undefined ? current.docVisitante : patch.doc_visitante,
      telefoneVisitante: patch.telefone_visitante === undefined ? current.telefoneVisitante : patch.telefone_visitante,
      motivo: patch.motivo === undefined ? current.motivo : patch.motivo,
      expiracaoEm:
        patch.expiracao_em === undefined
          ? current.expiracaoEm
          : patch.expiracao_em
            ? new Date(patch.expiracao_em)
            : null,
    };
    await tx
      .update(s)
      .set({
        ...next,
        busca: buildSearchText([next.nomeVisitante, next.docVisitante, unidade?.codigo, unidade?.torre]),
        updatedAt: new Date(),
      })
      .where(eq(s.id, id));
    if (next.nomeVisitante !== current.nomeVisitante)
      await refreshChamadasSearch(tx, tenant.organizationId, { solicitacaoId: id });
    const diff = changes(current, next, [
      "tipo",
      "nomeVisitante",
      "docVisitante",
      "telefoneVisitante",
      "motivo",
      "expiracaoEm",
    ]);
    if (diff) {
      await recordAudit(tx, org, actorOf(tenant), {
        acao: "alterar",
        entidade: "solicitacao",
        entidadeId: id,
        resumo: `Alterou a solicitação de ${NOME_DO_REGISTRO}`,
        ...diff,
      });
    }
    await recordEvent(tx, org, {
      type: "solicitacao.atualizada",
      solicitacao: { id, nome_visitante: next.nomeVisitante, status: "pendente", unidade_id: current.unidadeId },
    });
  });
  return reload(db, org, id);
}

export type Decisao = "autorizado" | "negado";

/** Who decides: the person (if any), the login or the API key it came through, and how. */
export interface Decider {
  pessoaId: string | null;
  userId: string | null;
  apiKeyId: string | null;
  nome: string;
  via: DecisaoVia;
  /** Where the decision came from, for the audit trail. */
  ip?: string | null;
  /** Why they denied, when they said (a denial only; docs/product.md, "Request detail"). */
  motivoNegacao?: string | null;
}

/**
 * Who the log names for the entry an authorisation records: the staff member who decided in the
 * console (they opened the gate), else the gate itself, opened by a resident's answer.
 */
function entryRegistrar(organizationId: string, decider: Decider): Registrar {
  return {
    organizationId,
    userId: decider.via === "console" ? decider.userId : null,
    apiKeyId: decider.apiKeyId,
    nome: decider.via === "console" ? decider.nome : "Portão (aberto pela autorização)",
    ip: decider.ip ?? null,
  };
}

/**
 * The one way a request is decided, from the console or from a resident's answer on a call:
 * a conditional update (only a pending, unexpired request moves; of two concurrent deciders the
 * second finds status <> 'pendente' after the row lock and updates nothing), the event, and
 * `alsoInTx` (the call's answer) in the same transaction. False when the request did not move.
 */
export async function applyDecision(
  db: Database,
  organizationId: string,
  id: string,
  decisao: Decisao,
  decider: Decider,
  observacoes: string | null,
  alsoInTx?: (tx: Executor) => Promise<void>,
): Promise<boolean> {
  return db.transaction(async (tx) => {
    const [row] = await tx
      .update(s)
      .set({
        status: decisao,
        decididoEm: sql`now()`,
        decididoPorPessoaId: decider.pessoaId,
        decididoPorUserId: decider.userId,
        decididoPorApiKeyId: decider.apiKeyId,
        decididoPorNome: decider.nome,
        decididoVia: decider.via,
        // Decided: nobody else is reached, and every resident's link stops deciding (revokeLinks).
        escalonamentoEm: null,
        observacoes: observacoes ?? sql`${s.observacoes}`,
        motivoNegacao: decisao === "negado" ? (decider.motivoNegacao ?? null) : null,
        updatedAt: sql`now()`,
      })
      .where(
        and(
          eq(s.organizationId, organizationId),
          eq(s.id, id),
          eq(s.status, "pendente"),
          or(isNull(s.expiracaoEm), gt(s.expiracaoEm, sql`now()`)),
        ),
      )
      .returning({ id: s.id, nomeVisitante: s.nomeVisitante, unidadeId: s.unidadeId, condominioId: s.condominioId });
    if (!row) return false;
    await alsoInTx?.(tx);
    await revokeLinks(tx, [row.id]);
    // Authorising opens the gate (`portao.abrir`), and the gate opened is the visitor's entry
    // (docs/decisions/033-gate-opening-is-entry.md): the log and "who is inside" follow at once.
    const acessoId =
      decisao === "autorizado"
        ? await registerEntryInTx(tx, entryRegistrar(organizationId, decider), {
            origem: "solicitacao",
            solicitacao_id: row.id,
          })
        : null;
    const via = { console: "no console", telefone: "pelo telefone", link: "pelo link", aplicativo: "pelo aplicativo" }[
      decider.via
    ];
    await recordAudit(tx, organizationId, deciderActor(decider), {
      acao: "decidir",
      entidade: "solicitacao",
      entidadeId: row.id,
      resumo: `${decisao === "autorizado" ? "Autorizou" : "Negou"} a entrada de ${NOME_DO_REGISTRO} ${via}`,
      antes: { status: "pendente" },
      // A denial's reason is named, not kept (personal: decision 030): the trail says one was given.
      depois:
        decisao === "negado"
          ? { status: decisao, observacoes, motivo_negacao: decider.motivoNegacao ?? null }
          : { status: decisao, observacoes },
    });
    await recordEvent(tx, organizationId, {
      type: "solicitacao.atualizada",
      solicitacao: { id: row.id, nome_visitante: row.nomeVisitante, status: decisao, unidade_id: row.unidadeId },
      decisao: { via: decider.via, por_nome: decider.nome },
      ...(acessoId
        ? { acesso: { id: acessoId, origem: "solicitacao" as const, condominio_id: row.condominioId } }
        : {}),
    });
    return true;
  });
}

/** Why a decision did not apply: the request is gone (404), expired or already decided (409). */
export async function decisionRefused(db: Executor, organizationId: string, id: string, decisao: Decisao) {
  const [current] = await db
    .select({ status: s.status })
    .from(s)
    .where(and(eq(s.organizationId, organizationId), eq(s.id, id)));
  if (!current) return notFound(SOLICITACAO_NOT_FOUND);
  if (current.status === "pendente") return conflict("Esta solicitação expirou e não pode mais ser decidida.");
  const verbo = decisao === "autorizado" ? "autorizar" : "negar";
  return conflict(
    `Não é possível ${verbo} esta solicitação: ela já está com status "${solicitacaoStatusDisplay(current.status).label}". Apenas solicitações pendentes podem ser decididas.`,
  );
}

export async function decide(
  db: Database,
  tenant: TenantContext,
  id: string,
  decisao: Decisao,
  observacoes: string | null,
  motivoNegacao: string | null = null,
): Promise<Solicitacao> {
  const org = tenant.organizationId;
  // A morador decides only their units' requests (docs/product.md, "Dashboard"), "pelo aplicativo";
  // another unit's is not found, as for every read outside the data scope.
  const resident = tenant.role === "morador";
  if (tenant.scope !== null) {
    const [target] = await db
      .select({ unidadeId: s.unidadeId, condominioId: s.condominioId })
      .from(s)
      .where(and(eq(s.organizationId, org), eq(s.id, id)));
    if (!target) throw notFound(SOLICITACAO_NOT_FOUND);
    // A porteiro assigned to condominiums decides only there (docs/product.md, "Equipe").
    assertSeesUnidade(tenant, target, SOLICITACAO_NOT_FOUND);
  }
  const pessoa = await findPessoaOfUser(db, org, tenant.userId);
  const decider: Decider = {
    pessoaId: pessoa?.id ?? null,
    userId: tenant.userId,
    apiKeyId: null,
    nome: pessoa?.nome ?? tenant.user.name,
    via: resident ? "aplicativo" : "console",
    ip: tenant.ip,
    motivoNegacao,
  };
  if (await applyDecision(db, org, id, decisao, decider, observacoes)) return reload(db, org, id);
  throw await decisionRefused(db, org, id, decisao);
}
