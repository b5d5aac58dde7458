/**
 * Plays a visitor against an engine in the tests, with a stand-in for the conversation service: a
 * request is "created" at once, a package recorded, a PIN is valid when the test's passes have it, a
 * hand-over is accepted.
 */
import type { AttendantEngine, DialogueState, Directory, EngineAction, ServiceEvent, TipoVisita } from "./types";

export interface CreatedRequest {
  unidadeId: string;
  nomeVisitante: string;
  tipoVisita: TipoVisita;
  /** A package recorded for the porteiro rather than a request to the residents. */
  encomenda?: true;
}

export interface Conversation {
  state: DialogueState;
  /** Everything the attendant said, in order. */
  replies: string[];
  /** The last turn's replies (the visitor's last turn and the events it led to). */
  lastReplies: string[];
  actions: EngineAction[];
  requests: CreatedRequest[];
}

export interface PlayOptions {
  /** PIN → the pass's visitor name. */
  pins?: ReadonlyMap<string, string>;
  /**
   * When the visitor says "sim" to a confirmation: "end" (after the script, as the evaluation does),
   * "eager" (as soon as asked, unless the next line starts with "não"), or "never".
   */
  sim?: "end" | "eager" | "never";
}

function serviceAnswer(action: EngineAction, pins: ReadonlyMap<string, string>, n: number): ServiceEvent | null {
  switch (action.tipo) {
    case "criar_solicitacao":
      return { tipo: "solicitacao_criada", solicitacaoId: `sol-${n}` };
    case "registrar_encomenda":
      return { tipo: "encomenda_registrada", local: null };
    case "validar_pin": {
      const nome = pins.get(action.pin);
      return nome === undefined ? { tipo: "pin_invalido", mensagem: "PIN inválido." } : { tipo: "pin_valido", nome };
    }
    case "verificar_convidado":
      return { tipo: "convidado_nao_encontrado" };
    case "transferir":
      return { tipo: "transferida" };
    case "encerrar":
      return null;
  }
}

export async function play(
  engine: AttendantEngine,
  directory: Directory,
  falas: readonly string[],
  options: PlayOptions = {},
): Promise<Conversation> {
  const pins = options.pins ?? new Map<string, string>();
  const sim = options.sim ?? "end";
  const opening = engine.start();
  const conversation: Conversation = {
    state: opening.state,
    replies: [...opening.replies],
    lastReplies: opening.replies,
    actions: [],
    requests: [],
  };
  const say = async (text: string) => {
    let out = await engine.turn(conversation.state, text, directory);
    const replies = [...out.replies];
    let action = out.action;
    while (action) {
      conversation.actions.push(action);
      if (action.tipo === "criar_solicitacao") {
        const { unidadeId, nomeVisitante, tipoVisita } = action;
        conversation.requests.push({ unidadeId, nomeVisitante, tipoVisita });
      }
      if (action.tipo === "registrar_encomenda") {
        const { unidadeId, nomeVisitante } = action;
        conversation.requests.push({ unidadeId, nomeVisitante, tipoVisita: "entregador", encomenda: true });
      }
      const event = serviceAnswer(action, pins, conversation.actions.length);
      if (!event) break;
      out = engine.onEvent(out.state, event, directory);
      replies.push(...out.replies);
      action = out.action;
    }
    conversation.state = out.state;
    conversation.replies.push(...replies);
    conversation.lastReplies = replies;
  };
  const asked = () => conversation.state.pergunta === "confirmacao";
  for (const [i, fala] of falas.entries()) {
    await say(fala);
    const next = falas[i + 1];
    if (sim === "eager" && asked() && next !== undefined && !/^n[aã]o\b/i.test(next)) await say("sim");
  }
  for (let n = 0; sim !== "never" && n < 2 && asked(); n += 1) await say("sim");
  return conversation;
}
