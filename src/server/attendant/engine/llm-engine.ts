/**
 * The language-model engine (docs/product.md, "Atendente virtual"; docs/decisions/035, "The
 * language-model engine"): any OpenAI-compatible chat API reads the visitor's turn through tool calls,
 * and the embedded engine's policy still decides what happens. The model only improves understanding:
 * its calls become the turn's facts (llm-facts.ts, where every call is checked), the policy turns the
 * facts into replies and at most one action, and the result is checked once more. Any error, a
 * malformed or refused answer, or no answer within `timeoutMs` gives the turn to the fallback engine.
 * The greeting and the outcomes of actions are the policy's fixed texts: `start` and `onEvent` are the
 * fallback's.
 */
import OpenAI, { APIConnectionTimeoutError, APIError, APIUserAbortError, type ClientOptions } from "openai";
import { type DirectoryIndex, indexDirectory } from "./directory-index";
import { loadIntentModel } from "./intents";
import { readToolCalls, type ToolCall } from "./llm-facts";
import { buildMessages, TOOLS } from "./llm-prompt";
import { isPackageDelivery, visitorTurn } from "./policy";
import { type AttendantEngine, type DialogueState, ETAPAS, type TurnOutput } from "./types";
import { type Understanding, understand } from "./understand";

/** Why a turn went to the fallback engine: for counting and logs, never with what anyone said. */
export type LlmFallbackReason =
  /** No answer within the timeout. */
  | "tempo"
  /** The API answered with an HTTP error, or could not be reached. */
  | "erro"
  /** An answer that is not a chat completion with tool calls as OpenAI sends them. */
  | "resposta_invalida"
  /** The model called no tool: nothing in the turn it could read. */
  | "sem_ferramenta"
  /** A tool call (or the turn it led to) that the rules refuse. */
  | "recusada";

export interface LlmEngineOptions {
  /** The API's base URL, as OpenAI's own: "https://api.openai.com/v1", "http://localhost:11434/v1". */
  baseURL: string;
  /** Sent as a bearer token; none for a local server that asks for none. */
  apiKey?: string | null;
  model: string;
  /** How long a turn waits for the model before the fallback engine answers it. */
  timeoutMs?: number;
  fallback: AttendantEngine;
  /** A fetch of one's own (a proxy, a test). */
  fetch?: ClientOptions["fetch"];
  /** Called when a turn went to the fallback, with only the reason. */
  onFallback?: (reason: LlmFallbackReason) => void;
}

/** The etapas where the visitor's words change what happens; elsewhere the policy's answer is fixed. */
const READS_WORDS: ReadonlySet<DialogueState["etapa"]> = new Set(["identificando", "confirmando"]);

export function createLlmEngine(options: LlmEngineOptions): AttendantEngine {
  const { model, fallback, onFallback } = options;
  const timeoutMs = options.timeoutMs ?? 2000;
  const client = new OpenAI({
    baseURL: options.baseURL,
    // The client insists on a key; without one, the placeholder is never sent (the header is removed).
    apiKey: options.apiKey || "sem-chave",
    // Nothing from OPENAI_* variables: the configuration is ATTENDANT_LLM_* (src/server/env.ts) only.
    adminAPIKey: null,
    organization: null,
    project: null,
    webhookSecret: null,
    // A local server without a key gets no Authorization header at all.
    defaultHeaders: options.apiKey ? undefined : { Authorization: null },
    timeout: timeoutMs,
    // A retry would only spend the visitor's time: the fallback answers at once instead.
    maxRetries: 0,
    fetch: options.fetch,
    // The client's own logs may carry request bodies, which carry the visitor's words.
    logLevel: "off",
  });

  async function ask(
    state: DialogueState,
    text: string,
    index: DirectoryIndex,
  ): Promise<ToolCall[] | LlmFallbackReason> {
    let completion: unknown;
    try {
      completion = await client.chat.completions.create(
        { model, messages: buildMessages(state, text, index), tools: TOOLS },
        // The client's timeout covers the wait for the headers; the signal covers reading the body too.
        { signal: AbortSignal.timeout(timeoutMs), timeout: timeoutMs, maxRetries: 0 },
      );
    } catch (error) {
      if (error instanceof APIConnectionTimeoutError || error instanceof APIUserAbortError) return "tempo";
      if (isAbort(error)) return "tempo";
      return error instanceof APIError ? "erro" : "resposta_invalida";
    }
    return toolCalls(completion);
  }

  return {
    start: () => fallback.start(),
    onEvent: (state, event, directory) => fallback.onEvent(state, event, directory),
    async turn(state, text, directory) {
      if (!READS_WORDS.has(state.etapa) || text.trim() === "" || (state.etapa === "confirmando" && !state.pergunta)) {
        return fallback.turn(state, text, directory);
      }
      const index = indexDirectory(directory);
      const [answer, embedded] = await Promise.all([
        ask(state, text, index),
        loadIntentModel().then((intents) => understand(text, state.pergunta, index, intents)),
      ]);
      const out = typeof answer === "string" ? answer : decide(state, text, index, answer, embedded);
      if (typeof out !== "string") return out;
      onFallback?.(out);
      return fallback.turn(state, text, directory);
    },
  };
}

function decide(
  state: DialogueState,
  text: string,
  index: DirectoryIndex,
  calls: ToolCall[],
  embedded: Understanding,
): TurnOutput | LlmFallbackReason {
  if (calls.length === 0) return "sem_ferramenta";
  const reading = readToolCalls(calls, { state, text, index, embedded });
  if (!reading.ok) return "recusada";
  try {
    const out = visitorTurn(state, reading.facts, index);
    return respectsPolicy(state, out, index, embedded, reading.facts) ? out : "recusada";
  } catch {
    // Facts the embedded reading would never give (a combination the policy did not expect): the
    // embedded engine's own reading answers instead.
    return "recusada";
  }
}

function isAbort(error: unknown): boolean {
  return error instanceof Error && (error.name === "AbortError" || error.name === "TimeoutError");
}

/** The first choice's tool calls, or why the answer is no chat completion with function calls. */
function toolCalls(completion: unknown): ToolCall[] | LlmFallbackReason {
  const choices = (completion as { choices?: unknown } | null)?.choices;
  if (!Array.isArray(choices) || choices.length === 0) return "resposta_invalida";
  const message = (choices[0] as { message?: { tool_calls?: unknown } } | null)?.message;
  if (!message || typeof message !== "object") return "resposta_invalida";
  const raw = message.tool_calls;
  if (raw === undefined || raw === null) return [];
  if (!Array.isArray(raw)) return "resposta_invalida";
  const calls: ToolCall[] = [];
  for (const item of raw) {
    if (!item || typeof item !== "object") return "resposta_invalida";
    const { type, function: fn } = item as { type?: unknown; function?: { name?: unknown; arguments?: unknown } };
    if ((type !== undefined && type !== "function") || typeof fn?.name !== "string") return "resposta_invalida";
    if (typeof fn.arguments !== "string") return "resposta_invalida";
    calls.push({ name: fn.name, arguments: fn.arguments });
  }
  return calls;
}

/**
 * The turn the policy produced from the model's facts, checked as the conversation service would
 * want it: a known etapa, units of this directory, replies to say, and an action the rules allow.
 */
function respectsPolicy(
  previous: DialogueState,
  out: TurnOutput,
  index: DirectoryIndex,
  embedded: Understanding,
  facts: Understanding,
): boolean {
  const { state, action, replies } = out;
  if (!ETAPAS.includes(state.etapa)) return false;
  // A package's record says nothing until the service answers where to leave it.
  if (replies.length === 0 && action?.tipo !== "registrar_encomenda") return false;
  if (replies.some((r) => typeof r !== "string" || r.trim() === "")) return false;
  if (state.unidadeId !== null && !index.byId.has(state.unidadeId)) return false;
  if (state.candidatas.some((id) => !index.byId.has(id))) return false;
  if (!action) return true;
  switch (action.tipo) {
    case "criar_solicitacao":
      return (
        previous.etapa === "confirmando" &&
        previous.pergunta === "confirmacao" &&
        action.unidadeId === previous.unidadeId &&
        index.byId.has(action.unidadeId) &&
        embedded.atos.has("afirmar") &&
        action.nomeVisitante.trim() !== "" &&
        ["visitante", "prestador", "entregador"].includes(action.tipoVisita)
      );
    case "registrar_encomenda":
      // The same yes to exactly the unit proposed, for a delivery the embedded reading also calls a
      // package (never a meal it would have asked the residents about).
      return (
        previous.etapa === "confirmando" &&
        previous.pergunta === "confirmacao" &&
        action.unidadeId === previous.unidadeId &&
        index.byId.has(action.unidadeId) &&
        embedded.atos.has("afirmar") &&
        isPackageDelivery(previous) &&
        !embedded.entregaEmMaos
      );
    case "verificar_convidado":
      // A party guest's list, only for units of this directory (the service decides who is on it).
      return (
        state.festa === true &&
        action.unidadeIds.length > 0 &&
        action.unidadeIds.every((id) => index.byId.has(id)) &&
        action.nomeVisitante.trim() !== ""
      );
    case "validar_pin":
      return action.pin === facts.pin && (action.pin === embedded.pin || /^\d{6}$/.test(action.pin));
    case "transferir":
      // Only the service's answer to a PIN hands over for a blocked PIN, never a visitor's words.
      return action.motivo !== "pin_bloqueado";
    case "encerrar":
      return embedded.atos.has("desistir");
  }
}
