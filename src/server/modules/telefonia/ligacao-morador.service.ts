/**
 * Guarita's phone call to a resident (the outreach's "Ligação"; docs/product.md, "Resident link";
 * docs/decisions/037-phone-line-and-whatsapp.md). The call is placed by the residents' outbox
 * (notifications/channels/voice.ts) and is a row of Chamadas; when the resident answers, Twilio
 * asks `/api/webhooks/twilio/morador/<token>` what to say: the visit and "Tecle 1 para autorizar a
 * entrada ou 2 para negar". The key decides through the same conditional decision as the console
 * and the link (one decision wins), attributed to the resident, `decidido_via = 'telefone'`.
 * Twilio's status callbacks move the call through Chamadas' statuses.
 *
 * In the demonstration (no Twilio keys) the call is a message on the request's demo panel, and its
 * "Tecla 1" / "Tecla 2" buttons take this same path by the message's id.
 */
import type { ChamadaStatus, SolicitacaoTipo } from "../../../shared/domain";
import type { Database } from "../../db/client";
import { AppError, notFound } from "../../http/errors";
import { CALL_KEYS, callScript } from "../../notifications/channels/message-text";
import { residentCallUnanswered } from "../../notifications/outreach";
import type { ResidentVisita } from "../../resident-link/page";
import { decideByCall, type ResidentCallRef, residentCallScript } from "../../resident-link/resident-link.service";
import { askTwiml, hangupTwiml } from "../../telephony/twiml";
import { advanceChamada, findPlacedCall, recordCallAnswer } from "../chamadas/chamadas.service";
import { WEBHOOK_BASE } from "./linha-visitante.service";

export const RESIDENT_CALL_TEXTS = {
  semResposta: "Não recebi nenhuma tecla. Até logo.",
  teclaInvalida: "Tecla inválida.",
  indisponivel: "Esta ligação não é mais necessária. Obrigado.",
} as const;

const keyUrl = (token: string, repeticao: number) => `${WEBHOOK_BASE}/morador/${token}/tecla?r=${repeticao}`;

function ask(token: string, texto: string, repeticao: number) {
  return askTwiml([texto], { action: keyUrl(token, repeticao), input: "dtmf", numDigits: 1, timeoutSeconds: 8 });
}

function script(visit: ResidentVisita, tipo: SolicitacaoTipo, unit: { codigo: string; torre: string | null }): string {
  return callScript({
    residentName: visit.moradorNome,
    visitorName: visit.visitanteNome,
    visitorType: tipo,
    unit,
    condominiumName: visit.condominio,
  });
}

/** The resident answered: what the call says. */
export async function residentCallAnswered(db: Database, token: string): Promise<string> {
  const state = await residentCallScript(db, { token }, script);
  if (state.kind === "perguntar") return ask(token, state.texto, 0);
  return hangupTwiml([state.kind === "decidida" ? state.texto : RESIDENT_CALL_TEXTS.indisponivel]);
}

/** What the key does; `texto` is what the call says next (or the demo panel shows). */
async function pressKey(db: Database, ref: ResidentCallRef, tecla: string) {
  return decideByCall(db, ref, tecla, CALL_KEYS, (tx, notificacaoId, resposta) =>
    recordCallAnswer(tx, notificacaoId, resposta, tecla),
  );
}

/** The resident pressed a key (or none: asked once more, then goodbye). */
export async function residentCallKey(db: Database, token: string, tecla: string, repeticao: number): Promise<string> {
  if (tecla === "") {
    if (repeticao >= 1) return hangupTwiml([RESIDENT_CALL_TEXTS.semResposta]);
    const state = await residentCallScript(db, { token }, script);
    if (state.kind !== "perguntar")
      return hangupTwiml([state.kind === "decidida" ? state.texto : RESIDENT_CALL_TEXTS.indisponivel]);
    return ask(token, state.texto, repeticao + 1);
  }
  const result = await pressKey(db, { token }, tecla);
  if (result.kind === "repetir") {
    const state = await residentCallScript(db, { token }, script);
    if (state.kind !== "perguntar") return hangupTwiml([RESIDENT_CALL_TEXTS.indisponivel]);
    return ask(token, `${RESIDENT_CALL_TEXTS.teclaInvalida} ${state.texto}`, repeticao);
  }
  return hangupTwiml([result.kind === "decidida" ? result.texto : RESIDENT_CALL_TEXTS.indisponivel]);
}

/** Twilio's call statuses, as Chamadas names them (docs/decisions/037-phone-line-and-whatsapp.md). */
const TWILIO_STATUS: Record<string, ChamadaStatus | undefined> = {
  queued: "criada",
  initiated: "criada",
  ringing: "discando",
  "in-progress": "atendida",
  answered: "atendida",
  completed: "concluida",
  busy: "ocupada",
  "no-answer": "sem_resposta",
  failed: "falhou",
  canceled: "falhou",
};

/** Why a call's message failed, as the request's detail shows it. */
const UNANSWERED: Partial<Record<ChamadaStatus, string>> = {
  ocupada: "Ligação: linha ocupada",
  sem_resposta: "Ligação: ninguém atendeu",
  falhou: "Ligação: a chamada falhou",
};

/**
 * A status callback of a call Guarita placed: the call moves as far as its transitions allow. A
 * callback for a call Guarita does not know, or a status it does not map, changes nothing.
 * Returns whether a call was found.
 */
export async function residentCallStatus(
  db: Database,
  args: { callSid: string; callStatus: string; at?: Date },
): Promise<boolean> {
  const call = await findPlacedCall(db, { provedorChamadaId: args.callSid });
  if (!call) return false;
  const target = TWILIO_STATUS[args.callStatus];
  if (!target || target === "criada") return true;
  try {
    await advanceChamada(db, call, target, args.at);
  } catch (error) {
    // Two callbacks at once (ringing and answered): the later one already moved it on.
    if (!(error instanceof AppError && error.status === 409)) throw error;
  }
  // Nobody took the call: the next resident need not wait the whole wait.
  const unanswered = UNANSWERED[target];
  if (unanswered && call.notificacaoId && call.resposta === null) {
    await residentCallUnanswered(db, call.notificacaoId, unanswered);
  }
  return true;
}

/**
 * The demo panel's "Tecla 1" / "Tecla 2": the resident's key on a demonstration call, through the
 * same decision; the call is answered, then ends. Only a demo call of this tenant.
 */
export async function demoCallKey(
  db: Database,
  organizationId: string,
  notificacaoId: string,
  tecla: string,
): Promise<{ texto: string }> {
  const call = await findPlacedCall(db, { notificacaoId });
  if (!call || call.organizationId !== organizationId) throw notFound("Ligação de demonstração não encontrada");
  const answered = await advanceChamada(db, call, "atendida").catch(() => call.status);
  const result = await pressKey(db, { organizationId, notificacaoId }, tecla);
  if (result.kind === "invalida") throw notFound("Ligação de demonstração não encontrada");
  if (result.kind === "repetir") return { texto: RESIDENT_CALL_TEXTS.teclaInvalida };
  await advanceChamada(db, { ...call, status: answered }, "concluida").catch(() => undefined);
  return { texto: result.texto };
}
