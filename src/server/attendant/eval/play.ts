/**
 * Plays one scripted visitor against a conversation, whatever carries it out: the embedded engine in
 * process (scripts/attendant-eval/driver.ts) or, later, the conversation service. The visitor says each
 * `fala` in order, and when the script has nothing left to say while the attendant waits for a
 * confirmation, answers "sim" (unless the script says `confirmar: false`): a visitor asked "é isso?"
 * says yes, but a script that still has words to say says them, so a "não" mid-script is the answer.
 */
import type { DialogueState, EngineAction, Etapa } from "../engine/types";

export interface DriverReply {
  replies: string[];
  state: DialogueState;
}

export interface DriverTurn extends DriverReply {
  /** The action the turn asked for (already carried out by the driver), if any. */
  action: EngineAction | null;
  /** Time the attendant took to answer this turn (ms), without the actions' own work. */
  ms: number;
}

export interface ConversationDriver {
  start(): Promise<DriverReply>;
  say(text: string): Promise<DriverTurn>;
}

export type Line = { quem: "atendente" | "visitante"; texto: string };

export interface Transcript {
  lines: Line[];
  state: DialogueState;
  /** Visitor turns, the runner's "sim" included. */
  turns: number;
  /** Each turn's reply time (ms). */
  replyMs: number[];
  /** Whether the conversation went to a person at some point. */
  handedOver: boolean;
  /** The engine failed (threw): the message, and the conversation stopped there. */
  error: string | null;
}

/** Stages where the attendant has stopped talking: what a visitor says then goes nowhere. */
const ENDED: readonly Etapa[] = ["com_porteiro", "concluida", "encerrada"];
/** A second "sim" covers an engine that confirms in two steps; more would hide a loop. */
const MAX_AUTO_SIM = 2;

export async function playScript(
  driver: ConversationDriver,
  falas: readonly string[],
  opts: { confirmar: boolean },
): Promise<Transcript> {
  const lines: Line[] = [];
  const replyMs: number[] = [];
  let turns = 0;
  let handedOver = false;
  const hear = (replies: string[]) => {
    for (const texto of replies) lines.push({ quem: "atendente", texto });
  };
  const opening = await driver.start();
  hear(opening.replies);
  let state = opening.state;
  const say = async (texto: string) => {
    lines.push({ quem: "visitante", texto });
    const turn = await driver.say(texto);
    turns++;
    replyMs.push(turn.ms);
    hear(turn.replies);
    state = turn.state;
    if (turn.action?.tipo === "transferir" || state.etapa === "com_porteiro") handedOver = true;
  };
  try {
    for (const fala of falas) {
      if (ENDED.includes(state.etapa)) break;
      await say(fala);
    }
    for (let n = 0; opts.confirmar && n < MAX_AUTO_SIM && state.pergunta === "confirmacao"; n++) {
      if (ENDED.includes(state.etapa)) break;
      await say("sim");
    }
  } catch (error) {
    return { lines, state, turns, replyMs, handedOver, error: error instanceof Error ? error.message : String(error) };
  }
  return { lines, state, turns, replyMs, handedOver, error: null };
}
