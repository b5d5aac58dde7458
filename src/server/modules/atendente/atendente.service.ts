/**
 * The virtual attendant's conversations (docs/product.md, "Atendente virtual"): the engine
 * (src/server/attendant/engine) understands and replies; this service keeps each conversation,
 * carries out the engine's actions through the console's own rules (a request through the requests
 * service, a package a delivery person leaves through the deliveries service, a PIN through the
 * Portaria validation, limits included) and tells the engine what came of them. The engine never touches the database and never decides access. A conversation is held by
 * the channel that opened it: an integration's key (the text API) or a gate's kiosk; each reads only
 * its own. How a conversation is kept, one turn at a time: conversation-store.ts.
 */
import { and, eq, inArray, isNull, lt, or, sql } from "drizzle-orm";
import { type AtendenteCanal, type AtendenteEtapa, TRANSPORTADORAS, type Transportadora } from "../../../shared/domain";
import { ATENDIMENTO_INDISPONIVEL_VISITANTE, PLANO_PATH } from "../../../shared/faturamento";
import type { Conversa, ConversaCreate, TurnoResposta } from "../../../shared/schemas/atendente";
import { encomendaCreateSchema, TRANSPORTADORA_LABELS } from "../../../shared/schemas/encomendas";
import { solicitacaoCreateSchema } from "../../../shared/schemas/solicitacoes";
import { fold } from "../../attendant/engine/normalize";
import type { DialogueState, EngineAction, ServiceEvent, TurnOutput } from "../../attendant/engine/types";
import type { AuditActor } from "../../audit/audit";
import type { Database } from "../../db/client";
import { atendenteMensagens, atendenteConversas as c, solicitacoesAcesso, unidadeMoradores } from "../../db/schema";
import { findCondominioInTenant, findUnidadeInTenant } from "../../db/tenant-lookups";
import { AppError, badRequest, conflict, isUniqueViolation, notFound, planLimit } from "../../http/errors";
import { iso } from "../../http/serialize";
import { recordEvent } from "../../realtime/events";
import { registerEntryInTx } from "../acessos/acessos.service";
import { receiveInTx } from "../encomendas/encomendas.service";
import { registrarAtendimento } from "../faturamento/limites.service";
import { validarPasse } from "../portaria/validacao.service";
import { resolvePortao } from "../portoes/portoes.service";
import { ATENDENTE_VIRTUAL, create as createSolicitacao } from "../solicitacoes/solicitacoes.service";
import {
  ATENDENTE_ENVIOS_CHANNEL,
  attendantEngine,
  CONVERSA_ENCERRADA,
  CONVERSA_NOT_FOUND,
  CONVERSA_OCUPADA,
  type ConversaRow,
  conversaEvent,
  currentDirectory,
  estadoOf,
  finishTurn,
  insertMessages,
  releaseTurn,
  selectAttendantEngine,
  takeTurn,
  transcript,
} from "./conversation-store";
import { openGuestLists, pickGuest } from "./convidados-festa";

/** A conversation nobody speaks in for this long, before any request or hand-over, is closed (and forgotten). */
export const IDLE_MINUTES = 2;
/** The engine may answer an action's outcome with another action (a refused PIN hands over); never loop. */
const MAX_ACTIONS_PER_TURN = 3;

export { ATENDENTE_ENVIOS_CHANNEL, CONVERSA_ENCERRADA, CONVERSA_NOT_FOUND, CONVERSA_OCUPADA, selectAttendantEngine };

/**
 * Who holds the conversation: an integration's key (the text API), a gate's kiosk, or a gate's
 * phone line or WhatsApp number with the person on it (a call's id, a sender's WhatsApp id).
 */
export interface AtendenteCaller {
  organizationId: string;
  via:
    | { tipo: "chave"; id: string; nome: string }
    | { tipo: "totem"; id: string }
    | { tipo: "linha"; canal: "telefone" | "whatsapp"; portaoId: string; contato: string; demo: boolean };
  ip?: string | null;
}

/** The caller's own conversations: a key reads only those it opened, a kiosk only its own, a line its caller's. */
function ownedBy(caller: AtendenteCaller) {
  const via = caller.via;
  return and(
    eq(c.organizationId, caller.organizationId),
    via.tipo === "chave"
      ? eq(c.criadoPorApiKeyId, via.id)
      : via.tipo === "totem"
        ? eq(c.totemId, via.id)
        : and(eq(c.canal, via.canal), eq(c.portaoId, via.portaoId), eq(c.contato, via.contato)),
  );
}

export interface AtendenteDeps {
  db: Database;
  /** Signs and reads pass QR tokens (the validation needs it even for a PIN). */
  secret: string;
}

// ── Reading ─────────────────────────────────────────────────────────────────────────────────────

export async function getConversa(db: Database, caller: AtendenteCaller, id: string): Promise<Conversa> {
  const [row] = await db
    .select()
    .from(c)
    .where(and(ownedBy(caller), eq(c.id, id)));
  if (!row) throw notFound(CONVERSA_NOT_FOUND);
  return {
    id: row.id,
    condominio_id: row.condominioId,
    portao_id: row.portaoId,
    canal: row.canal as AtendenteCanal,
    created_at: iso(row.createdAt)!,
    encerrada_em: iso(row.encerradaEm),
    mensagens: await transcript(db, id),
    estado: estadoOf(row),
  };
}

/**
 * The caller's own conversation while it is still open, as the kiosk's photo step needs it (the photo
 * belongs to it, and to its request once there is one): 404 for another's, 409 once closed. Read
 * before a byte of the photo is.
 */
export async function openConversaOf(db: Database, caller: AtendenteCaller, id: string) {
  const [row] = await db
    .select({
      organizationId: c.organizationId,
      id: c.id,
      condominioId: c.condominioId,
      portaoId: c.portaoId,
      solicitacaoId: c.solicitacaoId,
      encerradaEm: c.encerradaEm,
    })
    .from(c)
    .where(and(ownedBy(caller), eq(c.id, id)));
  if (!row) throw notFound(CONVERSA_NOT_FOUND);
  if (row.encerradaEm) throw conflict(CONVERSA_ENCERRADA);
  const { encerradaEm: _, ...conversa } = row;
  return conversa;
}

/**
 * The request of a conversation once no turn is running on it, or null: a turn that creates the
 * request links the photos there are in its own transaction, and sets the conversation's request
 * when it ends; a photo stored meanwhile is linked by its caller with this. Waits for a running turn
 * up to `waitMs` (an engine's turn takes milliseconds to a few seconds).
 */
export async function settledSolicitacaoOf(
  db: Database,
  organizationId: string,
  id: string,
  waitMs = 10_000,
): Promise<string | null> {
  const until = Date.now() + waitMs;
  for (;;) {
    const [row] = await db
      .select({ solicitacaoId: c.solicitacaoId, processandoDesde: c.processandoDesde })
      .from(c)
      .where(and(eq(c.organizationId, organizationId), eq(c.id, id)));
    if (!row) return null;
    if (row.solicitacaoId || !row.processandoDesde || Date.now() >= until) return row.solicitacaoId;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

// ── Starting and talking ────────────────────────────────────────────────────────────────────────

/**
 * The refusal of a new conversation once the plan's attendances of the month are used up: its
 * message is the visitor's (every channel says it to them as it is), its code and link the plan's.
 */
export function atendimentoIndisponivel(): AppError {
  return planLimit(ATENDIMENTO_INDISPONIVEL_VISITANTE, PLANO_PATH);
}

export function isAtendimentoIndisponivel(error: unknown): boolean {
  return (
    error instanceof AppError && error.code === "PLAN_LIMIT" && error.message === ATENDIMENTO_INDISPONIVEL_VISITANTE
  );
}

export async function startConversa(
  deps: AtendenteDeps,
  caller: AtendenteCaller,
  input: ConversaCreate,
): Promise<TurnoResposta> {
  const { db } = deps;
  const condominio = await findCondominioInTenant(db, caller.organizationId, input.condominio_id);
  if (!condominio) throw notFound("Condomínio não encontrado");
  if (!condominio.enabled)
    throw badRequest("Condomínio inativo", [{ path: "condominio_id", message: "Condomínio inativo" }]);
  const portao = await resolvePortao(db, caller.organizationId, condominio.id, { portao_id: input.portao_id });
  const engine = await attendantEngine();
  const out = engine.start();
  return db.transaction(async (tx) => {
    // The plan's monthly attendances (docs/decisions/045-plans-and-billing.md): counted with the
    // conversation, and once they are used up the visitor is told so and nothing is started.
    if (!(await registrarAtendimento(tx, caller.organizationId))) throw atendimentoIndisponivel();
    const [row] = await tx
      .insert(c)
      .values({
        organizationId: caller.organizationId,
        condominioId: condominio.id,
        portaoId: portao?.id ?? null,
        canal: input.canal,
        etapa: out.state.etapa,
        estado: out.state,
        criadoPorApiKeyId: caller.via.tipo === "chave" ? caller.via.id : null,
        totemId: caller.via.tipo === "totem" ? caller.via.id : null,
        contato: caller.via.tipo === "linha" ? caller.via.contato : null,
        demo: caller.via.tipo === "linha" && caller.via.demo,
      })
      .returning();
    const mensagens = await insertMessages(tx, row!, "atendente", out.replies);
    await conversaEvent(tx, row!, row!.etapa);
    return { id: row!.id, mensagens, estado: estadoOf(row!) };
  });
}

/**
 * A WhatsApp visitor turned away because the plan's attendances of the month are used up. WhatsApp
 * answers only through the outbox, whose lines belong to a conversation, so their message and the
 * answer are kept in one closed at once: not counted, and never handled by the attendant.
 */
export async function recordRefusedConversa(
  deps: AtendenteDeps,
  caller: AtendenteCaller & { via: { tipo: "linha" } },
  input: { condominio_id: string; portao_id: string },
  visitante: string[],
): Promise<TurnoResposta> {
  const engine = await attendantEngine();
  const state = { ...engine.start().state, etapa: "encerrada" as const };
  return deps.db.transaction(async (tx) => {
    const [row] = await tx
      .insert(c)
      .values({
        organizationId: caller.organizationId,
        condominioId: input.condominio_id,
        portaoId: input.portao_id,
        canal: caller.via.canal,
        etapa: "encerrada",
        estado: state,
        contato: caller.via.contato,
        demo: caller.via.demo,
        encerradaEm: sql`now()`,
      })
      .returning();
    await insertMessages(tx, row!, "visitante", visitante);
    const mensagens = await insertMessages(tx, row!, "atendente", [ATENDIMENTO_INDISPONIVEL_VISITANTE]);
    await conversaEvent(tx, row!, row!.etapa);
    return { id: row!.id, mensagens, estado: estadoOf(row!) };
  });
}

export async function sendMensagem(
  deps: AtendenteDeps,
  caller: AtendenteCaller,
  id: string,
  texto: string,
): Promise<TurnoResposta> {
  const { db } = deps;
  const row = await takeTurn(db, ownedBy(caller), id);
  try {
    // A person took the conversation over ("Atendimentos"): the visitor talks to them, the
    // attendant keeps quiet (a resident's decision still reaches the visitor, followRequests).
    if (row.atendidoPorUserId) {
      await db.transaction(async (tx) => {
        await insertMessages(tx, row, "visitante", [texto]);
        await tx
          .update(c)
          .set({ processandoDesde: null, ultimaAtividadeEm: sql`now()`, updatedAt: sql`now()` })
          .where(eq(c.id, row.id));
        await conversaEvent(tx, row, row.etapa);
      });
      return { id: row.id, mensagens: [], estado: estadoOf(row) };
    }
    await insertMessages(db, row, "visitante", [texto]);
    const engine = await attendantEngine();
    const directory = await currentDirectory(db, row.organizationId, row.condominioId);
    let out: TurnOutput = await engine.turn(row.estado as DialogueState, texto, directory);
    const replies = [...out.replies];
    let closes = false;
    for (let i = 0; out.action && i < MAX_ACTIONS_PER_TURN; i++) {
      if (out.action.tipo === "encerrar") {
        closes = true;
        break;
      }
      const event = await carryOut(deps, caller, row, out.action);
      out = engine.onEvent(out.state, event, directory);
      replies.push(...out.replies);
    }
    const { saved, mensagens } = await finishTurn(db, row, { state: out.state, replies }, closes);
    return { id: saved.id, mensagens, estado: estadoOf(saved) };
  } catch (error) {
    await releaseTurn(db, row.id).catch(() => undefined);
    throw error;
  }
}

/**
 * Lines a channel writes without the engine, under the conversation's turn: what the visitor sent
 * that the attendant cannot read (a WhatsApp image, kept as "[imagem recebida: <id>]") and the
 * attendant's fixed answer to it. Once a person holds the conversation, the attendant keeps quiet.
 */
export async function recordLines(
  deps: AtendenteDeps,
  caller: AtendenteCaller,
  id: string,
  lines: { visitante: string; atendente: string[] },
): Promise<TurnoResposta> {
  const { db } = deps;
  const row = await takeTurn(db, ownedBy(caller), id);
  try {
    return await db.transaction(async (tx) => {
      await insertMessages(tx, row, "visitante", [lines.visitante]);
      const mensagens = row.atendidoPorUserId ? [] : await insertMessages(tx, row, "atendente", lines.atendente);
      await tx
        .update(c)
        .set({ processandoDesde: null, ultimaAtividadeEm: sql`now()`, updatedAt: sql`now()` })
        .where(eq(c.id, row.id));
      await conversaEvent(tx, row, row.etapa);
      return { id: row.id, mensagens, estado: estadoOf(row) };
    });
  } catch (error) {
    await releaseTurn(db, row.id).catch(() => undefined);
    throw error;
  }
}

/** The kiosk's reset: a visitor who walked away mid-conversation; what is waiting on someone stays open. */
export async function leaveConversa(db: Database, caller: AtendenteCaller, id: string): Promise<void> {
  await db.transaction(async (tx) => {
    const [own] = await tx
      .select({ id: c.id })
      .from(c)
      .where(and(ownedBy(caller), eq(c.id, id)));
    if (!own) throw notFound(CONVERSA_NOT_FOUND);
    const [closed] = await tx
      .update(c)
      .set({ etapa: "encerrada", encerradaEm: sql`now()`, updatedAt: sql`now()` })
      .where(
        and(
          ownedBy(caller),
          eq(c.id, id),
          isNull(c.encerradaEm),
          isNull(c.processandoDesde),
          inArray(c.etapa, ["identificando", "confirmando"] satisfies AtendenteEtapa[]),
        ),
      )
      .returning();
    if (closed) await conversaEvent(tx, closed, closed.etapa);
  });
}

/** One engine action, through the same rules as the console; the outcome as the engine reads it. */
async function carryOut(
  deps: AtendenteDeps,
  caller: AtendenteCaller,
  row: ConversaRow,
  action: Exclude<EngineAction, { tipo: "encerrar" }>,
): Promise<ServiceEvent> {
  const key = caller.via.tipo === "chave" ? caller.via : null;
  switch (action.tipo) {
    case "criar_solicitacao": {
      const input = solicitacaoCreateSchema.safeParse({
        condominio_id: row.condominioId,
        unidade_id: action.unidadeId,
        tipo: action.tipoVisita,
        nome_visitante: action.nomeVisitante,
      });
      if (!input.success) return { tipo: "solicitacao_recusada", mensagem: input.error.issues[0]!.message };
      try {
        const created = await createSolicitacao(
          deps.db,
          {
            organizationId: caller.organizationId,
            scope: null,
            userId: null,
            apiKeyId: key?.id ?? null,
            ...(key ? { apiKeyNome: key.nome } : {}),
            ip: caller.ip ?? null,
            atendente: true,
          },
          { ...input.data, ...(row.portaoId ? { portao_id: row.portaoId } : {}) },
          { conversaId: row.id },
        );
        return { tipo: "solicitacao_criada", solicitacaoId: created.id };
      } catch (error) {
        if (error instanceof AppError && error.status < 500)
          return { tipo: "solicitacao_recusada", mensagem: error.message };
        throw error;
      }
    }
    case "registrar_encomenda":
      return recordPackage(deps.db, caller, row, action);
    case "validar_pin": {
      if (!/^\d{6}$/.test(action.pin)) return { tipo: "pin_invalido", mensagem: "O código tem 6 dígitos." };
      try {
        const result = await validarPasse(
          deps.db,
          {
            organizationId: caller.organizationId,
            userId: null,
            apiKeyId: key?.id ?? null,
            // A kiosk's or a line's wrong PINs are counted as its own, not shared with every other
            // kiosk; a line's by its gate, so calling again gives no new budget.
            ...(caller.via.tipo === "totem" ? { dispositivo: `totem:${caller.via.id}` } : {}),
            ...(caller.via.tipo === "linha" ? { dispositivo: `${caller.via.canal}:${caller.via.portaoId}` } : {}),
            nome: ATENDENTE_VIRTUAL,
          },
          { condominio_id: row.condominioId, pin: action.pin, ...(row.portaoId ? { portao_id: row.portaoId } : {}) },
          { secret: deps.secret },
        );
        return result.liberado
          ? { tipo: "pin_valido", nome: result.passe?.nome ?? null }
          : { tipo: "pin_invalido", mensagem: result.mensagem };
      } catch (error) {
        if (error instanceof AppError && error.status === 429)
          return { tipo: "pin_bloqueado", mensagem: error.message };
        throw error;
      }
    }
    case "verificar_convidado":
      return admitGuest(deps.db, caller, row, action);
    case "transferir":
      return { tipo: "transferida" };
  }
}

/**
 * A party guest (docs/decisions/044-common-area-bookings.md): on the list of a confirmed booking of
 * the unit, open now, the gate opens without calling anyone, as for a pass: the entry is registered
 * as the guest's (origem "reserva") and the conversation's event carries it, which sends the gate
 * command (`portao.abrir`, src/server/webhooks/outbox.ts). A guest the rules refuse (inside already,
 * the list closed meanwhile) is, for the visitor, not on the list: the residents are asked.
 */
async function admitGuest(
  db: Database,
  caller: AtendenteCaller,
  row: ConversaRow,
  action: Extract<EngineAction, { tipo: "verificar_convidado" }>,
): Promise<ServiceEvent> {
  const now = new Date();
  const lists = await openGuestLists(db, caller.organizationId, row.condominioId, action.unidadeIds, now);
  const picked = pickGuest(action.nomeVisitante, lists);
  if (picked.tipo === "varios") return { tipo: "convidado_ambiguo" };
  if (picked.tipo === "nenhum") return { tipo: "convidado_nao_encontrado" };
  const guest = picked.convidado;
  const key = caller.via.tipo === "chave" ? caller.via : null;
  try {
    await db.transaction(async (tx) => {
      const acessoId = await registerEntryInTx(
        tx,
        {
          organizationId: caller.organizationId,
          userId: null,
          apiKeyId: key?.id ?? null,
          ...(caller.via.tipo === "totem" ? { totemId: caller.via.id } : {}),
          nome: ATENDENTE_VIRTUAL,
          ip: caller.ip ?? null,
        },
        { origem: "reserva", reserva_convidado_id: guest.id },
        now,
      );
      await recordEvent(tx, caller.organizationId, {
        type: "atendimento.atualizado",
        condominioId: row.condominioId,
        atendimento: { id: row.id, etapa: "concluida", totem_id: row.totemId },
        acesso: { id: acessoId, origem: "reserva", condominio_id: row.condominioId },
      });
    });
  } catch (error) {
    if (error instanceof AppError && error.status < 500) return { tipo: "convidado_nao_encontrado" };
    if (isUniqueViolation(error, "acessos_convidado_presente_uq")) return { tipo: "convidado_nao_encontrado" };
    throw error;
  }
  return { tipo: "convidado_liberado", nome: guest.nome, unidadeId: guest.unidadeId, area: guest.area };
}

/** The attendant as the audit trail names it: the integration's key that drives it, or the system. */
function attendantActor(caller: AtendenteCaller): AuditActor {
  const via = caller.via;
  if (via.tipo === "chave") return { tipo: "chave_api", id: via.id, nome: via.nome, ip: caller.ip ?? null };
  return { tipo: "sistema", id: null, nome: ATENDENTE_VIRTUAL, ip: caller.ip ?? null };
}

/** Carriers by their label, folded: "Correios", "Mercado Livre", "AliExpress". */
const CARRIER_BY_NAME = new Map<string, Transportadora>(
  TRANSPORTADORAS.filter((t) => t !== "outra").map((t) => [fold(TRANSPORTADORA_LABELS[t]), t]),
);

/** The company a delivery person named, as a package's carrier: one of the list, else "Outra" by name. */
export function carrierOf(empresa: string | null): { transportadora: Transportadora; transportadora_outra: string } {
  const name = empresa?.trim() || "";
  const known = name ? CARRIER_BY_NAME.get(fold(name)) : undefined;
  if (known) return { transportadora: known, transportadora_outra: "" };
  return { transportadora: "outra", transportadora_outra: name || "Não informada" };
}

/**
 * A package a delivery person leaves (docs/decisions/043-deliveries.md): recorded through the deliveries
 * service as the attendant's, `a_confirmar` until a porteiro checks it (the residents are told then),
 * for the unit confirmed and the resident named when they still live there; the visitor is told where
 * to leave it (the condominium's place, else the gate).
 */
async function recordPackage(
  db: Database,
  caller: AtendenteCaller,
  row: ConversaRow,
  action: Extract<EngineAction, { tipo: "registrar_encomenda" }>,
): Promise<ServiceEvent> {
  try {
    return await db.transaction(async (tx): Promise<ServiceEvent> => {
      const condominio = await findCondominioInTenant(tx, caller.organizationId, row.condominioId);
      const unidade = await findUnidadeInTenant(tx, caller.organizationId, action.unidadeId);
      if (!condominio?.enabled || !unidade?.enabled || unidade.condominioId !== row.condominioId) {
        return { tipo: "encomenda_recusada", mensagem: "Não consegui registrar a encomenda para essa unidade." };
      }
      let destinatario: string | null = null;
      if (action.moradorPessoaId) {
        const [resident] = await tx
          .select({ pessoaId: unidadeMoradores.pessoaId })
          .from(unidadeMoradores)
          .where(
            and(
              eq(unidadeMoradores.organizationId, caller.organizationId),
              eq(unidadeMoradores.unidadeId, unidade.id),
              eq(unidadeMoradores.pessoaId, action.moradorPessoaId),
              eq(unidadeMoradores.ativo, true),
            ),
          );
        destinatario = resident?.pessoaId ?? null;
      }
      const local = condominio.encomendaLocalEntrega?.trim() || null;
      const input = encomendaCreateSchema.parse({
        condominio_id: row.condominioId,
        unidade_id: unidade.id,
        destinatario_pessoa_id: destinatario,
        // The item's place as the porteiro's form takes it (60 characters); the visitor hears it whole.
        itens: [{ ...carrierOf(action.empresa), local: local?.slice(0, 60) ?? "", perecivel: false }],
      });
      await receiveInTx(
        tx,
        { organizationId: caller.organizationId, userId: null, audit: attendantActor(caller) },
        input,
        { id: unidade.id, codigo: unidade.codigo, torre: unidade.torre, condominioId: unidade.condominioId },
        { origem: "atendente", conversaId: row.id },
      );
      return { tipo: "encomenda_registrada", local };
    });
  } catch (error) {
    if (error instanceof AppError && error.status < 500) return { tipo: "encomenda_recusada", mensagem: error.message };
    throw error;
  }
}

// ── What happens while the visitor waits ────────────────────────────────────────────────────────

/** What a request's state means to the visitor waiting on it, or null while it is still open. */
function outcomeOf(etapa: string, s: { status: string; semRespostaMoradoresEm: Date | null }): ServiceEvent | null {
  if (s.status === "autorizado") return { tipo: "decidida", decisao: "autorizado" };
  if (s.status === "negado") return { tipo: "decidida", decisao: "negado" };
  // With a person already on it, only a decision is news to the visitor.
  if (etapa === "com_porteiro") return null;
  if (s.status === "expirado" || s.status === "cancelado") return { tipo: "expirada" };
  if (s.semRespostaMoradoresEm) return { tipo: "sem_resposta" };
  return null;
}

/**
 * Tells the visitors waiting on these requests (or on any request, without ids) what became of them:
 * a resident decided, nobody answered, it expired. A conversation handed to a porteiro after nobody
 * answered still hears the decision the porteiro makes on the request. Run on every request event
 * (the event bus) and every few seconds (a missed notification); a conversation whose turn another
 * instance holds is left to the next run. Returns how many conversations moved.
 */
export async function followRequests(db: Database, solicitacaoIds?: string[]): Promise<number> {
  const waiting = await db
    .select({ id: c.id, organizationId: c.organizationId })
    .from(c)
    .innerJoin(solicitacoesAcesso, eq(solicitacoesAcesso.id, c.solicitacaoId))
    .where(
      and(
        isNull(c.encerradaEm),
        solicitacaoIds ? inArray(c.solicitacaoId, solicitacaoIds) : undefined,
        or(
          and(
            eq(c.etapa, "aguardando_morador" satisfies AtendenteEtapa),
            or(
              sql`${solicitacoesAcesso.status} <> 'pendente'`,
              sql`${solicitacoesAcesso.semRespostaMoradoresEm} IS NOT NULL`,
            ),
          ),
          and(
            eq(c.etapa, "com_porteiro" satisfies AtendenteEtapa),
            inArray(solicitacoesAcesso.status, ["autorizado", "negado"]),
          ),
        ),
      ),
    )
    .limit(100);
  let moved = 0;
  for (const w of waiting) {
    const row = await takeTurn(db, eq(c.organizationId, w.organizationId), w.id).catch(() => null);
    if (!row) continue;
    try {
      const [s] = await db
        .select({
          status: solicitacoesAcesso.status,
          semRespostaMoradoresEm: solicitacoesAcesso.semRespostaMoradoresEm,
        })
        .from(solicitacoesAcesso)
        .where(eq(solicitacoesAcesso.id, row.solicitacaoId!));
      const event = s ? outcomeOf(row.etapa, s) : null;
      if (!event) {
        await releaseTurn(db, row.id);
        continue;
      }
      const engine = await attendantEngine();
      const directory = await currentDirectory(db, row.organizationId, row.condominioId);
      const out = engine.onEvent(row.estado as DialogueState, event, directory);
      await finishTurn(db, row, out, false);
      moved++;
    } catch (error) {
      await releaseTurn(db, row.id).catch(() => undefined);
      throw error;
    }
  }
  return moved;
}

/**
 * Closes conversations nobody spoke in for IDLE_MINUTES that are not waiting on anyone (a visitor
 * who walked away mid-identification). Their transcript stays for the condominium's retention.
 */
export async function closeIdle(db: Database, now = new Date()): Promise<number> {
  const cutoff = new Date(now.getTime() - IDLE_MINUTES * 60_000);
  return db.transaction(async (tx) => {
    const closed = await tx
      .update(c)
      .set({ etapa: "encerrada", encerradaEm: now, updatedAt: now })
      .where(
        and(
          isNull(c.encerradaEm),
          inArray(c.etapa, ["identificando", "confirmando"] satisfies AtendenteEtapa[]),
          lt(c.ultimaAtividadeEm, cutoff),
          isNull(c.processandoDesde),
        ),
      )
      .returning();
    for (const row of closed) await conversaEvent(tx, row, row.etapa);
    return closed.length;
  });
}

/**
 * The conversation of a phone call (by its call id) or a WhatsApp sender's open one at a gate: the
 * line's webhooks name the call or the sender, never the conversation.
 */
export async function findLineConversa(
  db: Database,
  line: { canal: "telefone" } | { canal: "whatsapp"; portaoId: string },
  contato: string,
) {
  const [row] = await db
    .select({
      id: c.id,
      organizationId: c.organizationId,
      condominioId: c.condominioId,
      portaoId: c.portaoId,
      etapa: c.etapa,
      demo: c.demo,
      encerradaEm: c.encerradaEm,
    })
    .from(c)
    .where(
      and(
        eq(c.canal, line.canal),
        eq(c.contato, contato),
        line.canal === "whatsapp" ? and(eq(c.portaoId, line.portaoId), isNull(c.encerradaEm)) : undefined,
      ),
    )
    .limit(1);
  return row ?? null;
}

/** A conversation of the tenant played by staff in the console (the simulation of a line). */
export async function findDemoConversa(db: Database, organizationId: string, id: string) {
  const [row] = await db
    .select({
      id: c.id,
      canal: c.canal,
      contato: c.contato,
      portaoId: c.portaoId,
      encerradaEm: c.encerradaEm,
    })
    .from(c)
    .where(and(eq(c.organizationId, organizationId), eq(c.id, id), eq(c.demo, true)));
  return row ?? null;
}

/** How many lines a conversation's transcript has (a phone call's wait counts what it has said). */
export async function transcriptLength(db: Database, conversaId: string): Promise<number> {
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(atendenteMensagens)
    .where(eq(atendenteMensagens.conversaId, conversaId));
  return row?.n ?? 0;
}
