/**
 * The virtual attendant's conversations (docs/product.md, "Atendente virtual"): the engine
 * (src/server/attendant/engine) understands and replies; this service keeps each conversation,
 * carries out the engine's actions through the console's own rules (a request through the requests
 * service, a PIN through the Portaria validation, limits included) and tells the engine what came of
 * them. The engine never touches the database and never decides access.
 *
 * One turn at a time per conversation: a message takes the conversation's lease
 * (`processando_desde`) in one conditional UPDATE, so two messages sent at once are never answered
 * from the same state; a lease older than LEASE_SECONDS (a crashed instance) is taken over.
 */
import { and, asc, eq, inArray, isNull, lt, or, sql } from "drizzle-orm";
import type { AtendenteCanal, AtendenteEtapa } from "../../../shared/domain";
import type {
  Conversa,
  ConversaCreate,
  EstadoConversa,
  Mensagem,
  TurnoResposta,
} from "../../../shared/schemas/atendente";
import { solicitacaoCreateSchema } from "../../../shared/schemas/solicitacoes";
import { loadDirectory } from "../../attendant/directory";
import { createEmbeddedEngine } from "../../attendant/engine/embedded-engine";
import type {
  AttendantEngine,
  DialogueState,
  Directory,
  EngineAction,
  ServiceEvent,
  TurnOutput,
} from "../../attendant/engine/types";
import type { Database } from "../../db/client";
import { atendenteConversas as c, atendenteMensagens as m, solicitacoesAcesso } from "../../db/schema";
import { findCondominioInTenant } from "../../db/tenant-lookups";
import { AppError, badRequest, conflict, notFound } from "../../http/errors";
import { iso } from "../../http/serialize";
import { validarPasse } from "../portaria/validacao.service";
import { resolvePortao } from "../portoes/portoes.service";
import { ATENDENTE_VIRTUAL, create as createSolicitacao } from "../solicitacoes/solicitacoes.service";

/** A turn that has not finished in this long was lost with its instance: the next message takes over. */
const LEASE_SECONDS = 15;
/** A conversation nobody speaks in for this long, before any request or hand-over, is closed (and forgotten). */
export const IDLE_MINUTES = 2;
/** The engine may answer an action's outcome with another action (a refused PIN hands over); never loop. */
const MAX_ACTIONS_PER_TURN = 3;

export const CONVERSA_NOT_FOUND = "Conversa não encontrada";
const CONVERSA_ENCERRADA = "Esta conversa já foi encerrada. Comece uma nova.";
const CONVERSA_OCUPADA = "A mensagem anterior ainda está sendo respondida. Envie de novo em instantes.";

/** Who holds the conversation: an integration's key (the text API). */
export interface AtendenteCaller {
  organizationId: string;
  apiKeyId: string;
  apiKeyNome: string;
  ip?: string | null;
}

export interface AtendenteDeps {
  db: Database;
  /** Signs and reads pass QR tokens (the validation needs it even for a PIN). */
  secret: string;
}

// ── The engine and the directory ────────────────────────────────────────────────────────────────

let enginePromise: Promise<AttendantEngine> | null = null;

/** One embedded engine per process: its language model is trained once (a few milliseconds). */
export function attendantEngine(): Promise<AttendantEngine> {
  enginePromise ??= createEmbeddedEngine().catch((error) => {
    enginePromise = null;
    throw error;
  });
  return enginePromise;
}

/**
 * The condominium's directory as it is now, read on every turn so a new resident is found at once
 * on every instance; the same object is handed back while nothing changed, so the engine's index of
 * it (cached by object) is built once per change.
 */
const directories = new Map<string, { key: string; directory: Directory }>();

async function currentDirectory(db: Database, organizationId: string, condominioId: string): Promise<Directory> {
  const directory = await loadDirectory(db, organizationId, condominioId);
  const key = JSON.stringify(directory.units);
  const cached = directories.get(condominioId);
  if (cached && cached.key === key) return cached.directory;
  directories.set(condominioId, { key, directory });
  return directory;
}

// ── Reading ─────────────────────────────────────────────────────────────────────────────────────

type Row = typeof c.$inferSelect;

function estadoOf(row: Pick<Row, "etapa" | "resultado" | "solicitacaoId" | "estado">): EstadoConversa {
  const state = row.estado as DialogueState;
  return {
    etapa: row.etapa as EstadoConversa["etapa"],
    unidade_id: state.unidadeId,
    nome_visitante: state.nomeVisitante,
    tipo: state.tipo,
    solicitacao_id: row.solicitacaoId,
    resultado: row.resultado as EstadoConversa["resultado"],
  };
}

function toMensagem(r: typeof m.$inferSelect): Mensagem {
  return { autor: r.autor as Mensagem["autor"], texto: r.texto, created_at: iso(r.createdAt)! };
}

/** The caller's own conversation (a key reads only those it opened), or 404. */
async function ownRow(db: Database, caller: AtendenteCaller, id: string): Promise<Row> {
  const [row] = await db
    .select()
    .from(c)
    .where(and(eq(c.organizationId, caller.organizationId), eq(c.criadoPorApiKeyId, caller.apiKeyId), eq(c.id, id)));
  if (!row) throw notFound(CONVERSA_NOT_FOUND);
  return row;
}

export async function getConversa(db: Database, caller: AtendenteCaller, id: string): Promise<Conversa> {
  const row = await ownRow(db, caller, id);
  const mensagens = await db.select().from(m).where(eq(m.conversaId, id)).orderBy(asc(m.createdAt), asc(m.id));
  return {
    id: row.id,
    condominio_id: row.condominioId,
    portao_id: row.portaoId,
    canal: row.canal as AtendenteCanal,
    created_at: iso(row.createdAt)!,
    encerrada_em: iso(row.encerradaEm),
    mensagens: mensagens.map(toMensagem),
    estado: estadoOf(row),
  };
}

// ── Starting and talking ────────────────────────────────────────────────────────────────────────

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
    const [row] = await tx
      .insert(c)
      .values({
        organizationId: caller.organizationId,
        condominioId: condominio.id,
        portaoId: portao?.id ?? null,
        canal: input.canal,
        etapa: out.state.etapa,
        estado: out.state,
        criadoPorApiKeyId: caller.apiKeyId,
      })
      .returning();
    const mensagens = await insertMessages(tx, row!, "atendente", out.replies);
    return { id: row!.id, mensagens, estado: estadoOf(row!) };
  });
}

async function insertMessages(
  db: Pick<Database, "insert">,
  row: Pick<Row, "id" | "organizationId">,
  autor: Mensagem["autor"],
  texts: string[],
): Promise<Mensagem[]> {
  if (texts.length === 0) return [];
  // One timestamp per line, in order, so the transcript reads back as it was said.
  const base = Date.now();
  const rows = await db
    .insert(m)
    .values(
      texts.map((texto, i) => ({
        organizationId: row.organizationId,
        conversaId: row.id,
        autor,
        texto,
        createdAt: new Date(base + i),
      })),
    )
    .returning();
  return rows.map(toMensagem);
}

/** Takes the conversation's turn, or says why not (another turn running, closed, not found). */
async function takeTurn(db: Database, where: ReturnType<typeof and>, id: string): Promise<Row> {
  const [row] = await db
    .update(c)
    .set({ processandoDesde: sql`now()` })
    .where(
      and(
        where,
        eq(c.id, id),
        isNull(c.encerradaEm),
        or(isNull(c.processandoDesde), lt(c.processandoDesde, sql`now() - make_interval(secs => ${LEASE_SECONDS})`)),
      ),
    )
    .returning();
  if (row) return row;
  const [existing] = await db
    .select({ encerradaEm: c.encerradaEm })
    .from(c)
    .where(and(where, eq(c.id, id)));
  if (!existing) throw notFound(CONVERSA_NOT_FOUND);
  throw conflict(existing.encerradaEm ? CONVERSA_ENCERRADA : CONVERSA_OCUPADA);
}

/** Ends the turn: the new state, the replies, the lease released. */
async function finishTurn(db: Database, row: Row, out: { state: DialogueState; replies: string[] }, closes: boolean) {
  const done = closes || out.state.etapa === "concluida" || out.state.etapa === "encerrada";
  return db.transaction(async (tx) => {
    const [saved] = await tx
      .update(c)
      .set({
        estado: out.state,
        etapa: done && out.state.etapa !== "concluida" ? "encerrada" : out.state.etapa,
        resultado: out.state.resultado,
        solicitacaoId: out.state.solicitacaoId,
        processandoDesde: null,
        ultimaAtividadeEm: sql`now()`,
        encerradaEm: done ? sql`now()` : null,
        updatedAt: sql`now()`,
      })
      .where(eq(c.id, row.id))
      .returning();
    const mensagens = await insertMessages(tx, row, "atendente", out.replies);
    return { saved: saved!, mensagens };
  });
}

export async function sendMensagem(
  deps: AtendenteDeps,
  caller: AtendenteCaller,
  id: string,
  texto: string,
): Promise<TurnoResposta> {
  const { db } = deps;
  const own = and(eq(c.organizationId, caller.organizationId), eq(c.criadoPorApiKeyId, caller.apiKeyId));
  const row = await takeTurn(db, own, id);
  try {
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
    await db
      .update(c)
      .set({ processandoDesde: null })
      .where(eq(c.id, row.id))
      .catch(() => undefined);
    throw error;
  }
}

/** One engine action, through the same rules as the console; the outcome as the engine reads it. */
async function carryOut(
  deps: AtendenteDeps,
  caller: AtendenteCaller,
  row: Row,
  action: Exclude<EngineAction, { tipo: "encerrar" }>,
): Promise<ServiceEvent> {
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
            apiKeyId: caller.apiKeyId,
            apiKeyNome: caller.apiKeyNome,
            ip: caller.ip ?? null,
            atendente: true,
          },
          { ...input.data, ...(row.portaoId ? { portao_id: row.portaoId } : {}) },
        );
        return { tipo: "solicitacao_criada", solicitacaoId: created.id };
      } catch (error) {
        if (error instanceof AppError && error.status < 500)
          return { tipo: "solicitacao_recusada", mensagem: error.message };
        throw error;
      }
    }
    case "validar_pin": {
      if (!/^\d{6}$/.test(action.pin)) return { tipo: "pin_invalido", mensagem: "O código tem 6 dígitos." };
      try {
        const result = await validarPasse(
          deps.db,
          { organizationId: caller.organizationId, userId: null, apiKeyId: caller.apiKeyId, nome: ATENDENTE_VIRTUAL },
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
    case "transferir":
      return { tipo: "transferida" };
  }
}

// ── What happens while the visitor waits ────────────────────────────────────────────────────────

/** What a request's state means to the visitor waiting on it, or null while it is still open. */
function outcomeOf(s: { status: string; semRespostaMoradoresEm: Date | null }): ServiceEvent | null {
  if (s.status === "autorizado") return { tipo: "decidida", decisao: "autorizado" };
  if (s.status === "negado") return { tipo: "decidida", decisao: "negado" };
  if (s.status === "expirado" || s.status === "cancelado") return { tipo: "expirada" };
  if (s.semRespostaMoradoresEm) return { tipo: "sem_resposta" };
  return null;
}

/**
 * Tells the visitors waiting on these requests (or on any request, without ids) what became of them:
 * a resident decided, nobody answered, it expired. Run on every request event (the event bus) and
 * every few seconds (a missed notification); a conversation whose turn another instance holds is
 * left to the next run. Returns how many conversations moved.
 */
export async function followRequests(db: Database, solicitacaoIds?: string[]): Promise<number> {
  const waiting = await db
    .select({ id: c.id, organizationId: c.organizationId })
    .from(c)
    .innerJoin(solicitacoesAcesso, eq(solicitacoesAcesso.id, c.solicitacaoId))
    .where(
      and(
        isNull(c.encerradaEm),
        eq(c.etapa, "aguardando_morador" satisfies AtendenteEtapa),
        solicitacaoIds ? inArray(c.solicitacaoId, solicitacaoIds) : undefined,
        or(
          sql`${solicitacoesAcesso.status} <> 'pendente'`,
          sql`${solicitacoesAcesso.semRespostaMoradoresEm} IS NOT NULL`,
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
      const event = s && row.etapa === "aguardando_morador" ? outcomeOf(s) : null;
      if (!event) {
        await db.update(c).set({ processandoDesde: null }).where(eq(c.id, row.id));
        continue;
      }
      const engine = await attendantEngine();
      const directory = await currentDirectory(db, row.organizationId, row.condominioId);
      const out = engine.onEvent(row.estado as DialogueState, event, directory);
      await finishTurn(db, row, out, false);
      moved++;
    } catch (error) {
      await db
        .update(c)
        .set({ processandoDesde: null })
        .where(eq(c.id, row.id))
        .catch(() => undefined);
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
  const closed = await db
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
    .returning({ id: c.id });
  return closed.length;
}
