/**
 * How a conversation of the virtual attendant is kept, for both sides of it: the channels (the text
 * API, the kiosk: atendente.service.ts) and the people who follow and take them over
 * (atendimentos.service.ts). A change to a conversation records `atendimento.atualizado` in the same
 * transaction, so "Atendimentos" and the kiosk see it at once on every instance (docs/architecture.md,
 * "Realtime"); the event carries ids only, never a line of the transcript.
 *
 * One turn at a time per conversation: whoever changes it (a visitor's message, a resident's
 * decision, a porteiro) first takes its lease (`processando_desde`) in one conditional UPDATE, so two
 * changes at once are never made from the same state; a lease older than LEASE_SECONDS (a crashed
 * instance) is taken over.
 */
import { and, eq, isNull, lt, or, sql } from "drizzle-orm";
import type { EstadoConversa, Mensagem } from "../../../shared/schemas/atendente";
import { loadDirectory } from "../../attendant/directory";
import { createEmbeddedEngine } from "../../attendant/engine/embedded-engine";
import type { AttendantEngine, DialogueState, Directory } from "../../attendant/engine/types";
import type { Database, Executor } from "../../db/client";
import { atendenteEnvios, atendenteConversas as c, atendenteMensagens as m, portoes } from "../../db/schema";
import { conflict, notFound } from "../../http/errors";
import { iso } from "../../http/serialize";
import { recordEvent } from "../../realtime/events";

/** A turn that has not finished in this long was lost with its instance: the next change takes over. */
const LEASE_SECONDS = 15;

export const CONVERSA_NOT_FOUND = "Conversa não encontrada";
export const CONVERSA_ENCERRADA = "Esta conversa já foi encerrada. Comece uma nova.";
export const CONVERSA_OCUPADA = "A mensagem anterior ainda está sendo respondida. Envie de novo em instantes.";

/**
 * NOTIFY'd when a line to a WhatsApp visitor is written (atendente_envios), at commit: every instance's
 * delivery job sends it at once (docs/product.md, "Atendente virtual", WhatsApp).
 */
export const ATENDENTE_ENVIOS_CHANNEL = "guarita_atendente_envios";

export type ConversaRow = typeof c.$inferSelect;

// ── The engine and the directory ────────────────────────────────────────────────────────────────

let enginePromise: Promise<AttendantEngine> | null = null;
let engineFactory: () => Promise<AttendantEngine> = createEmbeddedEngine;

/**
 * Which engine the process runs (the system's start, with ATTENDANT_LLM_* set: the language-model
 * engine over the embedded one, decision 035). Default: the embedded engine alone.
 */
export function selectAttendantEngine(factory: () => Promise<AttendantEngine>): void {
  engineFactory = factory;
  enginePromise = null;
}

/** One engine per process: the embedded NLU is trained once (a few milliseconds). */
export function attendantEngine(): Promise<AttendantEngine> {
  enginePromise ??= engineFactory().catch((error) => {
    enginePromise = null;
    throw error;
  });
  return enginePromise;
}

/**
 * The condominium's directory as it is now, read on every turn so a new resident is found at once
 * on every instance; loadDirectory hands back the same object while nothing changed, so the engine's
 * index of it (cached by object) is built once per change.
 */
export function currentDirectory(db: Database, organizationId: string, condominioId: string): Promise<Directory> {
  return loadDirectory(db, organizationId, condominioId);
}

// ── Reading ─────────────────────────────────────────────────────────────────────────────────────

export function estadoOf(row: Pick<ConversaRow, "etapa" | "resultado" | "solicitacaoId" | "estado">): EstadoConversa {
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

export function toMensagem(r: Pick<typeof m.$inferSelect, "autor" | "texto" | "createdAt">): Mensagem {
  return { autor: r.autor as Mensagem["autor"], texto: r.texto, created_at: iso(r.createdAt)! };
}

/** The whole transcript, in the order it was said. */
export async function transcript(db: Executor, conversaId: string): Promise<Mensagem[]> {
  const rows = await db
    .select({ autor: m.autor, texto: m.texto, createdAt: m.createdAt })
    .from(m)
    .where(eq(m.conversaId, conversaId))
    .orderBy(m.createdAt, m.id);
  return rows.map(toMensagem);
}

// ── Writing ─────────────────────────────────────────────────────────────────────────────────────

/** The last timestamp given to a line in this process: lines written one after another never share one. */
let lastLineAt = 0;

/**
 * Writes lines of the transcript. On a WhatsApp conversation with a real visitor (not the console's
 * demonstration), every line to the visitor (the attendant's, a porteiro's) is also queued for
 * sending (atendente_envios) in the same transaction, so a line is sent if and only if it was
 * written: the reply to a turn, a resident's decision, a porteiro typing in "Atendimentos".
 */
export async function insertMessages(
  db: Executor,
  row: Pick<ConversaRow, "id" | "organizationId" | "canal" | "demo" | "contato" | "portaoId">,
  autor: Mensagem["autor"],
  texts: string[],
  autorUserId: string | null = null,
): Promise<Mensagem[]> {
  if (texts.length === 0) return [];
  // One timestamp per line, in order, so the transcript reads back (and WhatsApp sends it) as it was said.
  const base = Math.max(Date.now(), lastLineAt + 1);
  lastLineAt = base + texts.length - 1;
  const rows = await db
    .insert(m)
    .values(
      texts.map((texto, i) => ({
        organizationId: row.organizationId,
        conversaId: row.id,
        autor,
        autorUserId,
        texto,
        createdAt: new Date(base + i),
      })),
    )
    .returning();
  if (row.canal === "whatsapp" && !row.demo && row.contato && row.portaoId && autor !== "visitante") {
    await queueWhatsApp(db, { ...row, contato: row.contato, portaoId: row.portaoId }, texts, base);
  }
  return rows.map(toMensagem);
}

/** The lines to send from the gate's WhatsApp number; none when the gate no longer has one. */
async function queueWhatsApp(
  db: Executor,
  row: Pick<ConversaRow, "id" | "organizationId"> & { contato: string; portaoId: string },
  texts: string[],
  base: number,
) {
  const [gate] = await db
    .select({ numeroId: portoes.whatsappNumeroId })
    .from(portoes)
    .where(and(eq(portoes.id, row.portaoId), eq(portoes.organizationId, row.organizationId)));
  if (!gate?.numeroId) return;
  await db.insert(atendenteEnvios).values(
    texts.map((texto, i) => ({
      organizationId: row.organizationId,
      conversaId: row.id,
      numeroId: gate.numeroId!,
      destino: row.contato,
      texto,
      createdAt: new Date(base + i),
    })),
  );
  await db.execute(sql`SELECT pg_notify(${ATENDENTE_ENVIOS_CHANNEL}, ${row.organizationId})`);
}

/** The conversation moved: "Atendimentos" and its kiosk refetch it. */
export function conversaEvent(
  tx: Executor,
  row: Pick<ConversaRow, "id" | "organizationId" | "condominioId" | "totemId">,
  etapa: string,
) {
  return recordEvent(tx, row.organizationId, {
    type: "atendimento.atualizado",
    condominioId: row.condominioId,
    atendimento: { id: row.id, etapa: etapa as EstadoConversa["etapa"], totem_id: row.totemId },
  });
}

/** Takes the conversation's turn, or says why not (another turn running, closed, not found). */
export async function takeTurn(db: Executor, where: ReturnType<typeof and>, id: string): Promise<ConversaRow> {
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

/**
 * The same for a person in "Atendimentos": a visitor's turn lasts milliseconds, so a porteiro's
 * action waits for it (up to about a second) rather than asking them to press again.
 */
export async function takeTurnWaiting(db: Executor, where: ReturnType<typeof and>, id: string): Promise<ConversaRow> {
  for (let attempt = 0; ; attempt++) {
    try {
      return await takeTurn(db, where, id);
    } catch (error) {
      const busy = error instanceof Error && error.message === CONVERSA_OCUPADA;
      if (!busy || attempt >= 20) throw error;
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  }
}

/** Gives the turn back without a change (nothing to do, or the change failed). */
export async function releaseTurn(db: Executor, id: string): Promise<void> {
  await db.update(c).set({ processandoDesde: null }).where(eq(c.id, id));
}

/** Ends a turn: the new state, the lines said, the lease released and the event recorded, in one transaction. */
export async function finishTurn(
  db: Database,
  row: ConversaRow,
  out: { state: DialogueState; replies: string[] },
  closes: boolean,
) {
  const done = closes || out.state.etapa === "concluida" || out.state.etapa === "encerrada";
  return db.transaction(async (tx) => {
    const [saved] = await tx
      .update(c)
      .set({
        // A data subject anonymised while this turn ran keeps no name in the state it leaves.
        estado: sql`CASE WHEN ${c.anonimizadaEm} IS NULL THEN ${JSON.stringify(out.state)}::jsonb
          ELSE jsonb_set(${JSON.stringify(out.state)}::jsonb, '{nomeVisitante}', 'null'::jsonb) END`,
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
    await conversaEvent(tx, saved!, saved!.etapa);
    return { saved: saved!, mensagens };
  });
}
