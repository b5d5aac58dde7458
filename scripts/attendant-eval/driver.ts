/**
 * The engine in process, as a `ConversationDriver` (src/server/attendant/eval/play.ts): each visitor turn
 * goes to the engine, and the action it asks for goes to an `ActionExecutor`, whose event goes back to
 * the engine, as the conversation service will do. The evaluation's executor only records: the request
 * it "creates" (or the package it records) is kept for scoring, a PIN is checked against the run's passes, a hand-over is accepted.
 * The conversation service's own executor (the real rules, the database) takes its place later.
 */
import { randomUUID } from "node:crypto";
import type {
  AttendantEngine,
  DialogueState,
  Directory,
  EngineAction,
  ServiceEvent,
} from "../../src/server/attendant/engine/types";
import type { ConversationDriver, DriverTurn } from "../../src/server/attendant/eval/play";
import type { CreatedRequest } from "../../src/server/attendant/eval/scoring";
import { type ListedGuest, pickGuest } from "../../src/server/modules/atendente/convidados-festa";
import { VALIDACAO_RESULTADO_LABELS } from "../../src/shared/schemas/passes";

export type { ConversationDriver } from "../../src/server/attendant/eval/play";

export interface ActionExecutor {
  /** Carries out the engine's action and says what happened; null when there is nothing to tell. */
  execute(action: EngineAction): Promise<ServiceEvent | null>;
}

export interface RecordingExecutor extends ActionExecutor {
  /** The requests created, in order. */
  readonly created: CreatedRequest[];
}

/**
 * `passes`: PIN → the pass's visitor name, for the passes of the conversation's condominium. `guests`:
 * the guest lists open now (a party at the unit drawn), matched by the conversation service's own rule.
 */
export function createRecordingExecutor(
  passes: ReadonlyMap<string, string>,
  guests: readonly ListedGuest[] = [],
): RecordingExecutor {
  const created: CreatedRequest[] = [];
  return {
    created,
    async execute(action) {
      switch (action.tipo) {
        case "criar_solicitacao":
          created.push({
            unidadeId: action.unidadeId,
            nomeVisitante: action.nomeVisitante,
            tipoVisita: action.tipoVisita,
          });
          return { tipo: "solicitacao_criada", solicitacaoId: randomUUID() };
        case "registrar_encomenda":
          // A package left at the gate: scored as the delivery it is, for the unit it was recorded for.
          created.push({
            unidadeId: action.unidadeId,
            nomeVisitante: action.nomeVisitante,
            tipoVisita: "entregador",
            encomenda: true,
          });
          return { tipo: "encomenda_registrada", local: null };
        case "validar_pin": {
          const nome = passes.get(action.pin.trim());
          return nome === undefined
            ? { tipo: "pin_invalido", mensagem: VALIDACAO_RESULTADO_LABELS.pin_invalido }
            : { tipo: "pin_valido", nome };
        }
        case "verificar_convidado": {
          const lists = guests.filter((g) => action.unidadeIds.includes(g.unidadeId));
          const picked = pickGuest(action.nomeVisitante, lists);
          if (picked.tipo === "varios") return { tipo: "convidado_ambiguo" };
          if (picked.tipo === "nenhum") return { tipo: "convidado_nao_encontrado" };
          const g = picked.convidado;
          return { tipo: "convidado_liberado", nome: g.nome, unidadeId: g.unidadeId, area: g.area };
        }
        case "transferir":
          return { tipo: "transferida" };
        case "encerrar":
          return null;
      }
    },
  };
}

/** An event may lead to another action (a PIN refused, then a hand-over): follow a few, never forever. */
const MAX_CHAINED_ACTIONS = 4;

export function createEngineDriver(
  engine: AttendantEngine,
  directory: Directory,
  executor: ActionExecutor,
): ConversationDriver {
  let state: DialogueState | null = null;
  return {
    async start() {
      const out = engine.start();
      state = out.state;
      return { replies: out.replies, state };
    },
    async say(text): Promise<DriverTurn> {
      if (!state) throw new Error("say() antes de start()");
      const started = performance.now();
      let out = await engine.turn(state, text, directory);
      let ms = performance.now() - started;
      const replies = [...out.replies];
      const action = out.action;
      let next = action;
      for (let i = 0; next && i < MAX_CHAINED_ACTIONS; i++) {
        const event = await executor.execute(next);
        if (!event) break;
        const t = performance.now();
        out = engine.onEvent(out.state, event, directory);
        ms += performance.now() - t;
        replies.push(...out.replies);
        next = out.action;
      }
      state = out.state;
      return { replies, state, action, ms };
    },
  };
}
