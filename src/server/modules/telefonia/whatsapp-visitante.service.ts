/**
 * Visitors and delivery people write to the building's WhatsApp, and the virtual attendant answers
 * there (docs/product.md, "Atendente virtual", WhatsApp). A gate's number (`portoes.whatsapp_numero_id`,
 * one gate per number across every tenant) says where the sender is; each sender has one open
 * conversation per gate (canal "whatsapp", `contato` = their WhatsApp id), held to the same rules as
 * the kiosk's and the text API's (atendente.service.ts).
 *
 * - In: Meta's signed webhook (notifications/receipts.routes.ts) hands the payload to
 *   handleWhatsAppInbound. A message id is taken once (`atendente_entradas`, "whatsapp:<id>"): Meta's
 *   repeated deliveries change nothing. A message that cannot be answered now (the conversation's
 *   turn stays busy, the database fails) is given back, so the webhook answers an error and Meta
 *   delivers it again.
 * - Out: every line to a real visitor is queued in `atendente_envios` in the transaction that writes
 *   it (conversation-store.ts insertMessages) and sent by deliverWhatsAppReplies: a lease per row,
 *   retries with backoff, one conversation's lines in order, and none outside the 24-hour window
 *   Meta allows free-form messages in.
 * - The console's "Simular WhatsApp" plays the same turn (whatsAppTurn, demo) and sends nothing.
 */
import { and, eq, inArray, isNull, lte, sql } from "drizzle-orm";
import type { Logger } from "pino";
import { ATENDENTE_TEXTO_MAX } from "../../../shared/schemas/atendente";
import type { Database, DatabaseHandle, Unlisten } from "../../db/client";
import {
  atendenteMensagens,
  atendenteConversas as c,
  condominios,
  atendenteEntradas as entradas,
  atendenteEnvios as envios,
  portoes,
} from "../../db/schema";
import { AppError, isUniqueViolation } from "../../http/errors";
import { coalescedRunner } from "../../jobs/coalesced-run";
import { ChannelError } from "../../notifications/channels/channel";
import type { WhatsAppTextSender } from "../../notifications/channels/whatsapp-text";
import {
  ATENDENTE_ENVIOS_CHANNEL,
  type AtendenteCaller,
  type AtendenteDeps,
  CONVERSA_ENCERRADA,
  CONVERSA_OCUPADA,
  isAtendimentoIndisponivel,
  recordLines,
  recordRefusedConversa,
  sendMensagem,
  startConversa,
} from "../atendente/atendente.service";

// ── In: the visitor's messages ──────────────────────────────────────────────────────────────────

/** How long a message waits for a turn in progress (a resident's decision, a model's answer) before it is given back. */
const BUSY_WAIT_MS = 5_000;
const BUSY_STEP_MS = 100;
/** A message taken by a delivery that never finished (its instance died) is taken again after this long. */
const ABANDONED_CLAIM_SECONDS = 60;

const ONLY_TEXT = "Desculpe, por aqui eu só entendo mensagens de texto. Escreva, por favor, o que você precisa.";
const WRITE_IT = "Se precisar de algo, me escreva por texto.";

/** What a media message is called in the transcript and in the acknowledgement. */
const MEDIA = {
  image: { recebida: "imagem recebida", recebi: "Recebi sua imagem." },
  document: { recebida: "documento recebido", recebi: "Recebi seu documento." },
  video: { recebida: "vídeo recebido", recebi: "Recebi seu vídeo." },
  sticker: { recebida: "figurinha recebida", recebi: "Recebi sua figurinha." },
  audio: {
    recebida: "áudio recebido",
    recebi: "Recebi seu áudio, mas ainda não consigo ouvir mensagens de voz.",
  },
} as const;
type MediaTipo = keyof typeof MEDIA;

const OTHER_LABELS: Record<string, string> = {
  location: "localização recebida",
  contacts: "contato recebido",
  reaction: "reação recebida",
};

/** One message of the webhook, as the attendant takes it. */
export interface WhatsAppInbound {
  /** The gate's number it was sent to (`value.metadata.phone_number_id`). */
  numeroId: string;
  messageId: string;
  /** The sender's WhatsApp id (`wa_id`). */
  from: string;
  entrada: Entrada;
}

/**
 * What a message brings: words for the engine (a text, a button's title), or a line the engine
 * cannot read (an image, kept by its media id for the photos to come) with the attendant's fixed
 * answer, and the media's caption, read as words after it.
 */
type Entrada =
  | { tipo: "texto"; texto: string }
  | { tipo: "linhas"; visitante: string; atendente: string[]; texto: string | null };

const isObject = (v: unknown): v is Record<string, unknown> => typeof v === "object" && v !== null && !Array.isArray(v);
const str = (v: unknown): string | null => (typeof v === "string" && v.trim() !== "" ? v : null);
const cut = (texto: string) => texto.trim().slice(0, ATENDENTE_TEXTO_MAX);

function entradaOf(m: Record<string, unknown>): Entrada | null {
  const tipo = typeof m.type === "string" ? m.type : "unknown";
  const part = isObject(m[tipo]) ? (m[tipo] as Record<string, unknown>) : {};
  if (tipo === "text") {
    const body = str(part.body);
    return body ? { tipo: "texto", texto: cut(body) } : null;
  }
  if (tipo === "interactive") {
    const reply = isObject(part.button_reply) ? part.button_reply : isObject(part.list_reply) ? part.list_reply : null;
    const title = str(reply?.title);
    if (title) return { tipo: "texto", texto: cut(title) };
  }
  if (tipo === "button") {
    const title = str(part.text) ?? str(part.payload);
    if (title) return { tipo: "texto", texto: cut(title) };
  }
  if (tipo in MEDIA) {
    const media = MEDIA[tipo as MediaTipo];
    const caption = str(part.caption);
    return {
      tipo: "linhas",
      visitante: `[${media.recebida}: ${str(part.id) ?? "sem identificador"}]`,
      atendente: [caption ? media.recebi : `${media.recebi} ${WRITE_IT}`],
      texto: caption ? cut(caption) : null,
    };
  }
  // Meta's own notices (a number change) are not the visitor speaking.
  if (tipo === "system") return null;
  return {
    tipo: "linhas",
    visitante: `[${OTHER_LABELS[tipo] ?? "mensagem não suportada recebida"}]`,
    atendente: [ONLY_TEXT],
    texto: null,
  };
}

/** The messages of a WhatsApp webhook payload (entry[].changes[].value.messages[]), in the order sent. */
export function whatsAppMessages(payload: unknown): WhatsAppInbound[] {
  const out: WhatsAppInbound[] = [];
  const entries = isObject(payload) && Array.isArray(payload.entry) ? payload.entry : [];
  for (const entry of entries) {
    const changes = isObject(entry) && Array.isArray(entry.changes) ? entry.changes : [];
    for (const change of changes) {
      const value = isObject(change) && isObject(change.value) ? change.value : null;
      const numeroId = str(isObject(value?.metadata) ? value.metadata.phone_number_id : null);
      if (!value || !numeroId || !Array.isArray(value.messages)) continue;
      for (const m of value.messages) {
        if (!isObject(m)) continue;
        const messageId = str(m.id);
        const from = str(m.from);
        const entrada = entradaOf(m);
        if (messageId && from && entrada) out.push({ numeroId, messageId, from, entrada });
      }
    }
  }
  return out;
}

interface Gate {
  id: string;
  organizationId: string;
  condominioId: string;
}

/** The active gate of an active condominium a number belongs to, whatever the tenant. */
async function gateOfNumber(db: Database, numeroId: string): Promise<Gate | null> {
  const [gate] = await db
    .select({ id: portoes.id, organizationId: portoes.organizationId, condominioId: portoes.condominioId })
    .from(portoes)
    .innerJoin(
      condominios,
      and(eq(condominios.id, portoes.condominioId), eq(condominios.organizationId, portoes.organizationId)),
    )
    .where(and(eq(portoes.whatsappNumeroId, numeroId), eq(portoes.ativo, true), eq(condominios.enabled, true)));
  return gate ?? null;
}

export interface WhatsAppInboundDeps extends AtendenteDeps {
  /** Where the count of messages to unknown numbers goes (never a number or a text). */
  logger?: Logger;
}

/**
 * Answers the visitors' messages of a signed webhook payload. Returns how many new messages were
 * taken (repeated deliveries and messages to a number no active gate has are not). A message that
 * could not be answered now is thrown after the others were handled, so the webhook answers an
 * error and Meta delivers it again (the ones answered are then recognised and skipped).
 */
export async function handleWhatsAppInbound(deps: WhatsAppInboundDeps, payload: unknown): Promise<number> {
  const gates = new Map<string, Gate | null>();
  let taken = 0;
  let unknownNumber = 0;
  let failure: unknown = null;
  for (const message of whatsAppMessages(payload)) {
    if (!gates.has(message.numeroId)) gates.set(message.numeroId, await gateOfNumber(deps.db, message.numeroId));
    const gate = gates.get(message.numeroId);
    if (!gate) {
      unknownNumber++;
      continue;
    }
    try {
      const result = await converse(deps, gate, {
        contato: message.from,
        demo: false,
        messageId: message.messageId,
        entrada: message.entrada,
      });
      if (!result.repetida) taken++;
    } catch (error) {
      // A refusal that a new delivery would meet again (a conversation not found, closed twice in a
      // row) is dropped; anything else is given back to Meta.
      if (error instanceof AppError && error.status < 500) {
        deps.logger?.warn({ motivo: error.message }, "WhatsApp: mensagem de visitante não atendida");
        continue;
      }
      failure ??= error;
    }
  }
  if (unknownNumber > 0)
    deps.logger?.info({ mensagens: unknownNumber }, "WhatsApp: mensagens para um número sem portão ativo ignoradas");
  if (failure) throw failure;
  return taken;
}

export interface WhatsAppTurnResult {
  conversaId: string;
  /** The attendant's lines of this turn, the greeting included when it started the conversation. */
  falas: string[];
  encerrada: boolean;
}

/**
 * One visitor's text at a gate's WhatsApp: continues their open conversation there or starts one
 * (whose first message is read too, so "Entrega para o 101" is understood at once). The webhook and
 * the console's "Simular WhatsApp" (`demo`: nothing is sent) take this same path. With a `messageId`,
 * a repeated delivery changes nothing and gets the same lines back.
 */
export async function whatsAppTurn(
  deps: AtendenteDeps,
  args: { organizationId: string; portaoId: string; contato: string; texto: string; messageId?: string; demo: boolean },
): Promise<WhatsAppTurnResult> {
  const [gate] = await deps.db
    .select({ id: portoes.id, organizationId: portoes.organizationId, condominioId: portoes.condominioId })
    .from(portoes)
    .where(and(eq(portoes.id, args.portaoId), eq(portoes.organizationId, args.organizationId)));
  if (!gate) throw new AppError(404, "NOT_FOUND", "Portão não encontrado");
  const { repetida: _, ...result } = await converse(deps, gate, {
    contato: args.contato,
    demo: args.demo,
    messageId: args.messageId,
    entrada: { tipo: "texto", texto: cut(args.texto) },
  });
  return result;
}

const isBusy = (error: unknown) => error instanceof AppError && error.message === CONVERSA_OCUPADA;
const isClosed = (error: unknown) => error instanceof AppError && error.message === CONVERSA_ENCERRADA;

/** Runs a change of the conversation, waiting a little while another turn holds it. */
async function whenFree<T>(change: () => Promise<T>): Promise<T> {
  const until = Date.now() + BUSY_WAIT_MS;
  for (;;) {
    try {
      return await change();
    } catch (error) {
      if (!isBusy(error)) throw error;
      if (Date.now() >= until)
        throw new AppError(
          503,
          "CONVERSA_OCUPADA",
          "A conversa do visitante está ocupada; a mensagem será recebida de novo.",
        );
      await new Promise((resolve) => setTimeout(resolve, BUSY_STEP_MS));
    }
  }
}

/** The sender's open conversation at the gate, or a new one (with the attendant's greeting). */
async function openConversa(
  deps: AtendenteDeps,
  caller: AtendenteCaller & { via: { tipo: "linha" } },
  gate: Gate,
  visitante: string[],
): Promise<{ id: string; saudacao: string[]; recusada?: true }> {
  const find = async () => {
    const [open] = await deps.db
      .select({ id: c.id })
      .from(c)
      .where(
        and(
          eq(c.organizationId, gate.organizationId),
          eq(c.canal, "whatsapp"),
          eq(c.portaoId, gate.id),
          eq(c.contato, caller.via.contato),
          isNull(c.encerradaEm),
        ),
      );
    return open ?? null;
  };
  const open = await find();
  if (open) return { id: open.id, saudacao: [] };
  try {
    const started = await startConversa(deps, caller, {
      condominio_id: gate.condominioId,
      portao_id: gate.id,
      canal: "whatsapp",
    });
    return { id: started.id, saudacao: started.mensagens.map((m) => m.texto) };
  } catch (error) {
    // The plan's attendances of the month are used up (docs/decisions/045-plans-and-billing.md): the
    // visitor is told so, in a conversation closed at once (WhatsApp answers only through one).
    if (isAtendimentoIndisponivel(error)) {
      const refused = await recordRefusedConversa(
        deps,
        caller,
        { condominio_id: gate.condominioId, portao_id: gate.id },
        visitante,
      );
      return { id: refused.id, saudacao: refused.mensagens.map((m) => m.texto), recusada: true };
    }
    // Two messages of a new sender at once: the other one started it.
    if (!isUniqueViolation(error, "atendente_conversas_whatsapp_aberta_uq")) throw error;
    const other = await find();
    if (!other) throw error;
    return { id: other.id, saudacao: [] };
  }
}

/** Takes a message id once: true when this delivery is the one to answer it. */
async function claim(db: Database, chave: string, organizationId: string, conversaId: string): Promise<boolean> {
  const rows = await db
    .insert(entradas)
    .values({ chave, organizationId, conversaId })
    .onConflictDoUpdate({
      target: entradas.chave,
      set: { conversaId, createdAt: sql`now()` },
      // A delivery that took it and never answered (its instance died): this one answers it.
      setWhere: sql`${entradas.resposta} IS NULL AND ${entradas.createdAt} < now() - make_interval(secs => ${ABANDONED_CLAIM_SECONDS})`,
    })
    .returning({ chave: entradas.chave });
  return rows.length > 0;
}

/**
 * What an earlier delivery of this message answered (no lines while it is still being answered), or
 * null when there was none, or when the one that took it died without answering.
 */
async function answered(db: Database, chave: string): Promise<(WhatsAppTurnResult & { repetida: true }) | null> {
  const [seen] = await db
    .select({
      conversaId: entradas.conversaId,
      resposta: entradas.resposta,
      encerradaEm: c.encerradaEm,
      abandonada: sql<boolean>`${entradas.resposta} IS NULL
        AND ${entradas.createdAt} < now() - make_interval(secs => ${ABANDONED_CLAIM_SECONDS})`,
    })
    .from(entradas)
    .innerJoin(c, eq(c.id, entradas.conversaId))
    .where(eq(entradas.chave, chave));
  if (!seen || seen.abandonada) return null;
  return {
    conversaId: seen.conversaId,
    falas: seen.resposta ? (JSON.parse(seen.resposta) as string[]) : [],
    encerrada: seen.encerradaEm !== null,
    repetida: true,
  };
}

/** What the visitor sent, as the transcript keeps it. */
function visitorLines(entrada: Entrada): string[] {
  if (entrada.tipo === "texto") return [entrada.texto];
  return entrada.texto ? [entrada.visitante, entrada.texto] : [entrada.visitante];
}

async function converse(
  deps: AtendenteDeps,
  gate: Gate,
  args: { contato: string; demo: boolean; messageId?: string; entrada: Entrada },
): Promise<WhatsAppTurnResult & { repetida: boolean }> {
  const { db } = deps;
  const caller = {
    organizationId: gate.organizationId,
    via: { tipo: "linha", canal: "whatsapp", portaoId: gate.id, contato: args.contato, demo: args.demo },
    ip: null,
  } satisfies AtendenteCaller;
  const chave = args.messageId ? `whatsapp:${args.messageId}` : null;
  if (chave) {
    const seen = await answered(db, chave);
    if (seen) return seen;
  }
  const entrada = args.entrada;
  let claimed = false;
  try {
    // A conversation closed between reading it and taking its turn (idle, or a porteiro closed it):
    // the message starts a new one.
    for (let attempt = 0; ; attempt++) {
      const conversa = await openConversa(deps, caller, gate, visitorLines(entrada));
      if (chave && !claimed) {
        claimed = await claim(db, chave, gate.organizationId, conversa.id);
        // Another delivery of the same message took it a moment ago.
        if (!claimed)
          return (
            (await answered(db, chave)) ?? { conversaId: conversa.id, falas: [], encerrada: false, repetida: true }
          );
      } else if (chave) {
        await db.update(entradas).set({ conversaId: conversa.id }).where(eq(entradas.chave, chave));
      }
      if (conversa.recusada) {
        if (chave)
          await db
            .update(entradas)
            .set({ resposta: JSON.stringify(conversa.saudacao) })
            .where(eq(entradas.chave, chave));
        return { conversaId: conversa.id, falas: conversa.saudacao, encerrada: true, repetida: false };
      }
      try {
        const falas = [...conversa.saudacao];
        let etapa: string | null = null;
        if (entrada.tipo === "linhas") {
          const noted = await whenFree(() =>
            recordLines(deps, caller, conversa.id, { visitante: entrada.visitante, atendente: entrada.atendente }),
          );
          falas.push(...noted.mensagens.map((m) => m.texto));
          etapa = noted.estado.etapa;
        }
        const texto = entrada.texto;
        if (texto !== null) {
          const turn = await whenFree(() => sendMensagem(deps, caller, conversa.id, texto));
          falas.push(...turn.mensagens.map((m) => m.texto));
          etapa = turn.estado.etapa;
        }
        if (chave)
          await db
            .update(entradas)
            .set({ resposta: JSON.stringify(falas) })
            .where(eq(entradas.chave, chave));
        return {
          conversaId: conversa.id,
          falas,
          encerrada: etapa === "concluida" || etapa === "encerrada",
          repetida: false,
        };
      } catch (error) {
        if (!isClosed(error) || attempt >= 2) throw error;
      }
    }
  } catch (error) {
    // Not answered: the next delivery of this message takes it again.
    if (chave && claimed)
      await db
        .delete(entradas)
        .where(and(eq(entradas.chave, chave), isNull(entradas.resposta)))
        .catch(() => undefined);
    throw error;
  }
}

// ── Out: the attendant's lines to the visitor ───────────────────────────────────────────────────

export const MAX_TENTATIVAS_ENVIO = 5;
const RETRY_DELAYS_MS = [10_000, 30_000, 120_000, 600_000];
const LEASE_MS = 60_000;
const SEND_TIMEOUT_MS = 30_000;
const PARALLEL = 8;
/** Meta takes free-form messages only this long after the visitor's last message. */
const WINDOW_HOURS = 24;
export const FORA_DA_JANELA = "Fora da janela de 24 horas do WhatsApp";
export const WHATSAPP_NAO_CONFIGURADO = "WhatsApp não configurado";
const ms = (n: number) => sql`make_interval(secs => ${n / 1000})`;

export interface WhatsAppRepliesResult {
  sent: number;
  retrying: number;
  failed: number;
}

/**
 * Sends the lines due to WhatsApp visitors. A run claims rows with a lease (FOR UPDATE SKIP LOCKED,
 * so instances share the work), only the earliest unsent line of each conversation (the visitor reads
 * them in the order they were said), sends with no transaction open, and marks the outcome only
 * while the lease is its own. Without an access token nothing can be sent: the line fails with
 * "WhatsApp não configurado". A line whose visitor last wrote over 24 hours ago is not sent (Meta
 * would refuse it: only templates go outside the window).
 */
export async function deliverWhatsAppReplies(deps: {
  db: Database;
  sender: WhatsAppTextSender | null;
  logger: Logger;
  limit?: number;
}): Promise<WhatsAppRepliesResult> {
  const { db, logger } = deps;
  const result: WhatsAppRepliesResult = { sent: 0, retrying: 0, failed: 0 };
  const limit = deps.limit ?? 200;
  let handled = 0;
  while (handled < limit) {
    const due = db
      .select({ id: envios.id })
      .from(envios)
      .where(
        and(
          eq(envios.status, "pendente"),
          lte(envios.proximaTentativaEm, sql`now()`),
          sql`NOT EXISTS (SELECT 1 FROM atendente_envios AS antes
            WHERE antes.conversa_id = ${envios.conversaId} AND antes.status = 'pendente'
              AND (antes.created_at, antes.id) < (${envios.createdAt}, ${envios.id}))`,
        ),
      )
      .orderBy(envios.proximaTentativaEm)
      .limit(Math.min(PARALLEL, limit - handled))
      .for("update", { skipLocked: true });
    const claimed = await db
      .update(envios)
      .set({ proximaTentativaEm: sql`date_trunc('milliseconds', now() + ${ms(LEASE_MS)})` })
      .where(inArray(envios.id, due))
      .returning();
    if (claimed.length === 0) break;
    handled += claimed.length;

    // The visitor's last message: the conversation was opened by one, and every one since is a line.
    const windows = await db
      .select({
        id: c.id,
        fora: sql<boolean>`greatest(${c.createdAt}, (SELECT max(m.created_at) FROM ${atendenteMensagens} AS m
          WHERE m.conversa_id = ${c.id} AND m.autor = 'visitante')) < now() - make_interval(hours => ${WINDOW_HOURS})`,
      })
      .from(c)
      .where(inArray(c.id, [...new Set(claimed.map((r) => r.conversaId))]));
    const outside = new Set(windows.filter((w) => w.fora).map((w) => w.id));

    await Promise.all(
      claimed.map(async (row) => {
        const ours = and(
          eq(envios.id, row.id),
          eq(envios.status, "pendente"),
          eq(envios.proximaTentativaEm, row.proximaTentativaEm),
        );
        const refused = !deps.sender ? WHATSAPP_NAO_CONFIGURADO : outside.has(row.conversaId) ? FORA_DA_JANELA : null;
        if (refused || !deps.sender) {
          await db
            .update(envios)
            .set({ status: "falhou", ultimoErro: refused ?? WHATSAPP_NAO_CONFIGURADO })
            .where(ours);
          result.failed++;
          logger.warn({ id: row.id, conversa: row.conversaId, erro: refused }, "fala do atendente não enviada");
          return;
        }
        let error: unknown = null;
        let providerMessageId: string | null = null;
        try {
          ({ providerMessageId } = await deps.sender.send(
            { numeroId: row.numeroId, to: row.destino, texto: row.texto },
            AbortSignal.timeout(SEND_TIMEOUT_MS),
          ));
        } catch (e) {
          error = e;
        }
        const tentativas = row.tentativas + 1;
        if (!error) {
          await db
            .update(envios)
            .set({ status: "enviada", tentativas, provedorMensagemId: providerMessageId, ultimoErro: null })
            .where(ours);
          result.sent++;
          return;
        }
        const retryable = !(error instanceof ChannelError) || error.retryable;
        const reason = (error instanceof Error ? error.message : String(error)).slice(0, 500);
        const giveUp = !retryable || tentativas >= MAX_TENTATIVAS_ENVIO;
        await db
          .update(envios)
          .set({
            tentativas,
            ultimoErro: reason,
            ...(giveUp
              ? { status: "falhou" }
              : {
                  proximaTentativaEm: sql`now() + ${ms(RETRY_DELAYS_MS[Math.min(tentativas, RETRY_DELAYS_MS.length) - 1]!)}`,
                }),
          })
          .where(ours);
        const log = { id: row.id, conversa: row.conversaId, tentativas, erro: reason };
        if (giveUp) {
          result.failed++;
          logger.warn(log, "fala do atendente não enviada pelo WhatsApp");
        } else {
          result.retrying++;
          logger.info(log, "fala do atendente não enviada pelo WhatsApp; nova tentativa agendada");
        }
      }),
    );
  }
  return result;
}

export interface WhatsAppReplyDispatcher {
  /** Sends what is due; resolves after a run that started after the call. */
  deliverDue(): Promise<WhatsAppRepliesResult>;
  kick(): void;
  /** Sends at once when a line is queued on any instance (NOTIFY at commit). */
  watch(): Promise<Unlisten>;
  close(): Promise<void>;
}

/** The process's side of the sending: one run at a time, kicked by the NOTIFY and by the scheduler's timer. */
export function createWhatsAppReplyDispatcher(options: {
  db: Database;
  logger: Logger;
  /** The Cloud API with WHATSAPP_ACCESS_TOKEN; null = not configured (the lines fail as such). */
  sender: WhatsAppTextSender | null;
  listen?: DatabaseHandle["listen"];
}): WhatsAppReplyDispatcher {
  const log = options.logger.child({ component: "atendente-whatsapp" });
  let closed = false;
  const runner = coalescedRunner(() => deliverWhatsAppReplies({ db: options.db, sender: options.sender, logger: log }));
  const deliverDue = () => (closed ? Promise.resolve({ sent: 0, retrying: 0, failed: 0 }) : runner.runNow());
  const kick = () => {
    if (closed) return;
    deliverDue().catch((error) => log.error({ err: error }, "falha ao enviar as falas do atendente pelo WhatsApp"));
  };
  return {
    deliverDue,
    kick,
    async watch() {
      if (!options.listen) throw new Error("createWhatsAppReplyDispatcher: watch() precisa de listen");
      return options.listen(ATENDENTE_ENVIOS_CHANNEL, kick, kick);
    },
    async close() {
      closed = true;
      await runner.settled();
    },
  };
}
