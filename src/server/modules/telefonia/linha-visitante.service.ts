/**
 * A gate's phone line answered by the virtual attendant (docs/product.md, "Atendente virtual";
 * docs/decisions/037-phone-line-and-whatsapp.md). Twilio calls `/api/webhooks/twilio/voz?portao=…`
 * when the intercom's line (or a visitor's phone) rings; every answer is TwiML: the attendant's
 * lines spoken in pt-BR and a <Gather> whose action brings the visitor's speech or keys back as the
 * next turn. While the residents are asked, the call hears a short line and comes back every few
 * seconds until the outcome, which it hears before hanging up.
 *
 * A turn is idempotent by call and turn number (atendente_entradas): Twilio's retry of a turn gets
 * the same TwiML and is never said to the attendant twice. The URLs carry only ids and counters.
 */
import { and, eq } from "drizzle-orm";
import type { AtendenteEtapa } from "../../../shared/domain";
import { ATENDIMENTO_INDISPONIVEL_VISITANTE } from "../../../shared/faturamento";
import type { Database } from "../../db/client";
import { condominios, portoes } from "../../db/schema";
import { AppError } from "../../http/errors";
import { askTwiml, hangupTwiml, waitTwiml } from "../../telephony/twiml";
import {
  type AtendenteCaller,
  findLineConversa,
  getConversa,
  isAtendimentoIndisponivel,
  leaveConversa,
  sendMensagem,
  startConversa,
  transcriptLength,
} from "../atendente/atendente.service";
import { claimEntrada, dropEntrada, readResposta, saveResposta } from "./entradas";

export interface LineDeps {
  db: Database;
  /** Signs and reads pass QR tokens (the PIN validation needs it). */
  secret: string;
}

/** Seconds the call hears silence between checks while the residents decide. */
const WAIT_PAUSE_SECONDS = 3;
/** About five minutes of waiting (rounds of a pause and a check), then the call ends politely. */
const MAX_WAIT_ROUNDS = 75;
/** Silent turns in a row before the attendant gives up on a caller it cannot hear. */
const MAX_SILENCES = 3;

export const WEBHOOK_BASE = "/api/webhooks/twilio";

export const LINE_TEXTS = {
  indisponivel: "Este número não está atendendo a portaria no momento. Até logo.",
  encerrada: "Este atendimento foi encerrado. Se precisar, ligue de novo. Até logo.",
  silencio: "Não consegui ouvir. Pode repetir, por favor?",
  desiste: "Não consegui ouvir você. Se precisar, ligue de novo. Até logo.",
  aguarde: "Um momento, por favor.",
  aindaAguardando: "Ainda estou aguardando a resposta do morador. Continue na linha.",
  tempoEsgotado: "Não consegui uma resposta a tempo. Por favor, fale com a portaria pelo interfone. Até logo.",
  erro: "Desculpe, tive um problema aqui. Pode repetir, por favor?",
  fim: "Até logo.",
  pode: "Pode falar.",
} as const;

export const lineUrls = {
  turno: (conversaId: string, turno: number, silencios: number) =>
    `${WEBHOOK_BASE}/voz/turno?conversa=${conversaId}&turno=${turno}&s=${silencios}`,
  aguardar: (conversaId: string, turno: number, visto: number, rodada: number) =>
    `${WEBHOOK_BASE}/voz/aguardar?conversa=${conversaId}&turno=${turno}&visto=${visto}&rodada=${rodada}`,
};

const WAITING: readonly string[] = ["aguardando_morador", "com_porteiro"] satisfies AtendenteEtapa[];
const FINISHED: readonly string[] = ["concluida", "encerrada"] satisfies AtendenteEtapa[];

function callerOf(
  conversa: { organizationId: string; portaoId: string | null; demo: boolean },
  callSid: string,
): AtendenteCaller {
  return {
    organizationId: conversa.organizationId,
    via: { tipo: "linha", canal: "telefone", portaoId: conversa.portaoId ?? "", contato: callSid, demo: conversa.demo },
    ip: null,
  };
}

/** The lines the caller has not heard yet: everything said to them after the first `visto` lines. */
async function unheard(db: Database, caller: AtendenteCaller, conversaId: string, visto: number) {
  const conversa = await getConversa(db, caller, conversaId);
  const lines = conversa.mensagens
    .slice(visto)
    .filter((m) => m.autor !== "visitante")
    .map((m) => m.texto);
  return { conversa, lines, total: conversa.mensagens.length };
}

/** What the call hears after a turn: the next question, a wait for the residents, or the end. */
async function answerFor(
  db: Database,
  conversaId: string,
  etapa: string,
  replies: string[],
  turno: number,
): Promise<string> {
  if (FINISHED.includes(etapa)) return hangupTwiml(replies.length > 0 ? replies : [LINE_TEXTS.fim]);
  if (WAITING.includes(etapa)) {
    const total = await transcriptLength(db, conversaId);
    return waitTwiml(replies, WAIT_PAUSE_SECONDS, lineUrls.aguardar(conversaId, turno, total, 0));
  }
  return askTwiml(replies.length > 0 ? replies : [LINE_TEXTS.pode], {
    action: lineUrls.turno(conversaId, turno, 0),
    input: "speech dtmf",
  });
}

/**
 * A call arrives at a gate's line: starts the conversation (`canal: "telefone"`) and greets. A
 * retry of the same call's first request gets the same greeting. A gate that is unknown, inactive
 * or of an inactive condominium says so and hangs up. `organizationId` restricts the gate to a
 * tenant (the console's simulation).
 */
export async function answerCall(
  deps: LineDeps,
  args: { portaoId: string; callSid: string; demo: boolean; organizationId?: string },
): Promise<string> {
  const { db } = deps;
  const chave = `twilio:${args.callSid}:0`;
  const existing = await findLineConversa(db, { canal: "telefone" }, args.callSid);
  if (existing)
    return existing.encerradaEm ? hangupTwiml([LINE_TEXTS.encerrada]) : greetingAgain(db, chave, existing.id);

  const [gate] = await db
    .select({
      organizationId: portoes.organizationId,
      condominioId: portoes.condominioId,
      ativo: portoes.ativo,
      condominioAtivo: condominios.enabled,
    })
    .from(portoes)
    .innerJoin(condominios, eq(condominios.id, portoes.condominioId))
    .where(
      and(
        eq(portoes.id, args.portaoId),
        args.organizationId ? eq(portoes.organizationId, args.organizationId) : undefined,
      ),
    );
  if (!gate?.ativo || !gate.condominioAtivo) return hangupTwiml([LINE_TEXTS.indisponivel]);

  const caller: AtendenteCaller = {
    organizationId: gate.organizationId,
    via: { tipo: "linha", canal: "telefone", portaoId: args.portaoId, contato: args.callSid, demo: args.demo },
    ip: null,
  };
  let started: Awaited<ReturnType<typeof startConversa>>;
  try {
    started = await startConversa(deps, caller, {
      condominio_id: gate.condominioId,
      portao_id: args.portaoId,
      canal: "telefone",
    });
  } catch (error) {
    // The plan's attendances of the month are used up: the caller hears so, and the call ends.
    if (isAtendimentoIndisponivel(error)) return hangupTwiml([ATENDIMENTO_INDISPONIVEL_VISITANTE]);
    // The same call's first request twice at once: the other one started it.
    const raced = await findLineConversa(db, { canal: "telefone" }, args.callSid);
    if (raced) return greetingAgain(db, chave, raced.id);
    throw error;
  }
  const twiml = askTwiml(
    started.mensagens.map((m) => m.texto),
    { action: lineUrls.turno(started.id, 1, 0), input: "speech dtmf" },
  );
  await claimEntrada(db, { chave, organizationId: gate.organizationId, conversaId: started.id });
  await saveResposta(db, chave, twiml);
  return twiml;
}

/** A retry of a call's first request: the greeting it got, or (still being made) an invitation to speak. */
async function greetingAgain(db: Database, chave: string, conversaId: string): Promise<string> {
  return (
    (await readResposta(db, chave)) ??
    askTwiml([LINE_TEXTS.pode], { action: lineUrls.turno(conversaId, 1, 0), input: "speech dtmf" })
  );
}

/**
 * The visitor spoke (SpeechResult) or pressed keys (Digits) after a question: one turn of the
 * attendant. Silence while the attendant asks something is asked again, then the call ends.
 */
export async function callTurn(
  deps: LineDeps,
  args: { conversaId: string; callSid: string; turno: number; silencios: number; fala: string },
): Promise<string> {
  const { db } = deps;
  const conversa = await findLineConversa(db, { canal: "telefone" }, args.callSid);
  // Another call's conversation, or none: nothing to say to this call about it.
  if (!conversa || conversa.id !== args.conversaId) return hangupTwiml([LINE_TEXTS.indisponivel]);
  if (conversa.encerradaEm) return hangupTwiml([LINE_TEXTS.encerrada]);
  const caller = callerOf(conversa, args.callSid);
  const fala = args.fala.trim();

  // Nothing said while the residents (or a porteiro) are deciding: keep waiting, change nothing.
  if (fala === "" && WAITING.includes(conversa.etapa)) {
    const total = await transcriptLength(db, conversa.id);
    return waitTwiml([], WAIT_PAUSE_SECONDS, lineUrls.aguardar(conversa.id, args.turno, total, 0));
  }

  const chave = `twilio:${args.callSid}:${args.turno}`;
  const claim = await claimEntrada(db, { chave, organizationId: conversa.organizationId, conversaId: conversa.id });
  if (!claim.claimed) {
    if (claim.resposta) return claim.resposta;
    // Twilio retried while the first delivery is still being answered: come back in a moment.
    return waitTwiml([LINE_TEXTS.aguarde], 1, lineUrls.turno(conversa.id, args.turno, args.silencios));
  }
  try {
    let twiml: string;
    if (fala === "") {
      if (args.silencios + 1 >= MAX_SILENCES) {
        await leaveConversa(db, caller, conversa.id);
        twiml = hangupTwiml([LINE_TEXTS.desiste]);
      } else {
        twiml = askTwiml([LINE_TEXTS.silencio], {
          action: lineUrls.turno(conversa.id, args.turno + 1, args.silencios + 1),
          input: "speech dtmf",
        });
      }
    } else {
      const turn = await sendMensagem(deps, caller, conversa.id, fala);
      twiml = await answerFor(
        db,
        conversa.id,
        turn.estado.etapa,
        turn.mensagens.map((m) => m.texto),
        args.turno + 1,
      );
    }
    await saveResposta(db, chave, twiml);
    return twiml;
  } catch (error) {
    await dropEntrada(db, chave).catch(() => undefined);
    // A turn still running (409): ask again; anything else is the server's fault and is logged.
    if (error instanceof AppError && error.status === 409) {
      return askTwiml([LINE_TEXTS.erro], {
        action: lineUrls.turno(conversa.id, args.turno, args.silencios),
        input: "speech dtmf",
      });
    }
    throw error;
  }
}

/**
 * The call waits on the residents or a porteiro: says what it has not heard yet (the outcome, a
 * porteiro's line), lets the visitor speak to a porteiro who took over, and hangs up after the
 * outcome. Reads only: a retry of it is harmless.
 */
export async function callWaiting(
  deps: LineDeps,
  args: { conversaId: string; callSid: string; turno: number; visto: number; rodada: number },
): Promise<string> {
  const { db } = deps;
  const found = await findLineConversa(db, { canal: "telefone" }, args.callSid);
  if (!found || found.id !== args.conversaId) return hangupTwiml([LINE_TEXTS.indisponivel]);
  const caller = callerOf(found, args.callSid);
  const { conversa, lines, total } = await unheard(db, caller, found.id, args.visto);
  const etapa = conversa.estado.etapa;
  if (FINISHED.includes(etapa) || conversa.encerrada_em) {
    return hangupTwiml(lines.length > 0 ? lines : [LINE_TEXTS.fim]);
  }
  if (!WAITING.includes(etapa)) {
    return askTwiml(lines.length > 0 ? lines : [LINE_TEXTS.pode], {
      action: lineUrls.turno(found.id, args.turno, 0),
      input: "speech dtmf",
    });
  }
  if (etapa === "com_porteiro" && lines.length > 0) {
    // A person is on it: the visitor may answer them.
    return askTwiml(lines, { action: lineUrls.turno(found.id, args.turno, 0), input: "speech dtmf" });
  }
  if (args.rodada >= MAX_WAIT_ROUNDS) {
    await leaveConversa(db, caller, found.id).catch(() => undefined);
    return hangupTwiml([...lines, LINE_TEXTS.tempoEsgotado]);
  }
  const reminder = lines.length === 0 && args.rodada % 5 === 4 ? [LINE_TEXTS.aindaAguardando] : [];
  return waitTwiml(
    [...lines, ...reminder],
    WAIT_PAUSE_SECONDS,
    lineUrls.aguardar(found.id, args.turno, total, args.rodada + 1),
  );
}

/** Twilio says the call ended (the number's status callback): a conversation mid-identification closes. */
export async function callEnded(deps: LineDeps, callSid: string): Promise<void> {
  const conversa = await findLineConversa(deps.db, { canal: "telefone" }, callSid);
  if (!conversa || conversa.encerradaEm) return;
  await leaveConversa(deps.db, callerOf(conversa, callSid), conversa.id);
}
