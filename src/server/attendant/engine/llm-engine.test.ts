import http from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { loadEnv } from "../../env";
import { ACACIAS } from "./directory.fixture";
import { createEmbeddedEngine } from "./embedded-engine";
import { createAttendantEngine } from "./index";
import { createLlmEngine, type LlmEngineOptions, type LlmFallbackReason } from "./llm-engine";
import type { AttendantEngine, DialogueState } from "./types";

// ── A fake OpenAI-compatible API ──────────────────────────────────────────────────────────────────

interface Received {
  path: string;
  authorization: string | undefined;
  body: string;
}

interface FakeAnswer {
  status?: number;
  /** Sent as JSON, or as written when a string. */
  body: unknown;
  /** Waits this long before the headers. */
  delayMs?: number;
  /** Sends the headers at once and the body after this long. */
  bodyDelayMs?: number;
}

let answer: (request: Received) => FakeAnswer;
let received: Received[] = [];
let server: http.Server;
let baseURL: string;

beforeAll(async () => {
  server = http.createServer((req, res) => {
    let body = "";
    req.on("data", (chunk) => {
      body += chunk;
    });
    req.on("end", () => {
      const request = { path: req.url ?? "", authorization: req.headers.authorization, body };
      received.push(request);
      const a =
        req.method === "POST" && req.url === "/v1/chat/completions" ? answer(request) : { status: 404, body: {} };
      const text = typeof a.body === "string" ? a.body : JSON.stringify(a.body);
      const send = () => {
        res.writeHead(a.status ?? 200, { "content-type": "application/json" });
        if (a.bodyDelayMs) {
          res.write(text.slice(0, 10));
          setTimeout(() => res.end(text.slice(10)), a.bodyDelayMs);
        } else {
          res.end(text);
        }
      };
      if (a.delayMs) setTimeout(send, a.delayMs);
      else send();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  baseURL = `http://127.0.0.1:${(server.address() as AddressInfo).port}/v1`;
});

afterAll(async () => {
  server.closeAllConnections();
  await new Promise((resolve) => server.close(resolve));
});

type Call = { name: string; args: unknown };

/** A chat completion as OpenAI sends one with tool calls; `args` as an object is JSON-encoded. */
function toolAnswer(...calls: Call[]) {
  return {
    id: "chatcmpl-1",
    object: "chat.completion",
    created: 1_700_000_000,
    model: "modelo-de-teste",
    choices: [
      {
        index: 0,
        finish_reason: "tool_calls",
        message: {
          role: "assistant",
          content: null,
          tool_calls: calls.map((call, i) => ({
            id: `call_${i}`,
            type: "function",
            function: {
              name: call.name,
              arguments: typeof call.args === "string" ? call.args : JSON.stringify(call.args),
            },
          })),
        },
      },
    ],
  };
}

const replyWith = (...calls: Call[]) => {
  answer = () => ({ body: toolAnswer(...calls) });
};

// ── The engines ───────────────────────────────────────────────────────────────────────────────────

let embedded: AttendantEngine;
let reasons: LlmFallbackReason[];

function llm(options: Partial<LlmEngineOptions> = {}): AttendantEngine {
  return createLlmEngine({
    baseURL,
    apiKey: "chave-de-teste",
    model: "modelo-de-teste",
    fallback: embedded,
    onFallback: (reason) => reasons.push(reason),
    ...options,
  });
}

let greeting: DialogueState;
/** Proposed: "Confirmando: Rafael para o apartamento 101 da Torre B, visita. Está certo?" */
let confirming: DialogueState;

beforeAll(async () => {
  embedded = await createEmbeddedEngine();
  greeting = embedded.start().state;
  confirming = (await embedded.turn(greeting, "Sou o Rafael, vou no 101 da Torre B", ACACIAS)).state;
  expect(confirming).toMatchObject({ etapa: "confirmando", pergunta: "confirmacao", unidadeId: "b101" });
});

beforeEach(() => {
  received = [];
  reasons = [];
  answer = () => ({ body: toolAnswer() });
});

const sentBody = () =>
  JSON.parse(received[0]!.body) as { model: string; messages: { role: string; content: string }[] };

describe("the model reads the turn; the embedded policy answers", () => {
  it("proposes the unit and name the model read, which the embedded engine alone could not place", async () => {
    const text = "aqui é o Bruno, vim pro apê cento e um do bloco bê";
    // Alone, the embedded engine hears "101" and asks which tower.
    expect((await embedded.turn(greeting, text, ACACIAS)).replies).toEqual([
      "Temos o 101 na Torre A e na Torre B. Qual delas?",
    ]);
    replyWith({ name: "buscar_unidade", args: { nome_visitante: "Bruno", codigo: "101", torre: "Torre B" } });
    const out = await llm().turn(greeting, text, ACACIAS);
    expect(out.replies).toEqual(["Confirmando: Bruno para o apartamento 101 da Torre B, visita. Está certo?"]);
    expect(out.action).toBeNull();
    expect(out.state).toMatchObject({ etapa: "confirmando", unidadeId: "b101", nomeVisitante: "Bruno" });
    expect(reasons).toEqual([]);

    expect(received).toHaveLength(1);
    expect(received[0]!.authorization).toBe("Bearer chave-de-teste");
    const body = sentBody();
    expect(body.model).toBe("modelo-de-teste");
    expect(body.messages.at(-1)).toEqual({ role: "user", content: text });
  });

  it("sends the units and the residents' first names, never a surname, a person's id or another unit's id", async () => {
    replyWith({ name: "buscar_unidade", args: { morador: "Fernanda" } });
    await llm().turn(confirming, "não, é pra Fernanda", ACACIAS);
    const body = received[0]!.body;
    expect(body).toContain("Torre A: 101, 102, 201, 202");
    expect(body).toContain("Fernanda");
    const firstNames = new Set(ACACIAS.units.flatMap((u) => u.moradores.map((m) => m.nome.split(" ")[0])));
    for (const unit of ACACIAS.units) {
      // The unit proposed for confirmation is the only id the model needs.
      if (unit.id !== "b101") expect(body).not.toContain(`"${unit.id}`);
      for (const morador of unit.moradores) {
        expect(body).not.toContain(morador.pessoaId);
        for (const word of morador.nome.split(" ").slice(1)) {
          if (!firstNames.has(word)) expect(body).not.toMatch(new RegExp(`\\b${word}\\b`));
        }
      }
    }
  });

  it("keeps what the embedded engine read where the model said nothing (here the visitor's name)", async () => {
    replyWith({ name: "buscar_unidade", args: { codigo: "101", torre: "Torre B" } });
    const out = await llm().turn(greeting, "sou o Bruno, é no cento e um do bloco bê", ACACIAS);
    expect(out.replies).toEqual(["Confirmando: Bruno para o apartamento 101 da Torre B, visita. Está certo?"]);
  });

  it("never lets the model pick between two units: a code in two towers is asked about", async () => {
    replyWith({ name: "buscar_unidade", args: { nome_visitante: "Bruno", codigo: "101" } });
    const out = await llm().turn(greeting, "Bruno, no cento e um", ACACIAS);
    expect(out.replies).toEqual(["Temos o 101 na Torre A e na Torre B. Qual delas?"]);
    expect(out.state.unidadeId).toBeNull();
  });

  it("creates the request when the visitor confirms the unit proposed", async () => {
    replyWith({
      name: "criar_solicitacao",
      args: { unidade_id: "b101", nome_visitante: "Rafael", tipo: "visitante" },
    });
    const out = await llm().turn(confirming, "isso aí, pode chamar", ACACIAS);
    expect(out.action).toEqual({
      tipo: "criar_solicitacao",
      unidadeId: "b101",
      nomeVisitante: "Rafael",
      tipoVisita: "visitante",
    });
    expect(out.replies).toEqual(["Certo. Vou avisar os moradores, um momento."]);
    expect(reasons).toEqual([]);
    expect(sentBody().messages[0]!.content).toContain('id "b101"');
  });

  it("records a package when a delivery person confirms, as the embedded engine would", async () => {
    const asked = await embedded.turn(greeting, "entrega dos Correios pro 101 da Torre B", ACACIAS);
    expect(asked.replies).toEqual(["Confirmando: encomenda para o apartamento 101 da Torre B. Está certo?"]);
    replyWith({
      name: "criar_solicitacao",
      args: { unidade_id: "b101", nome_visitante: "Entregador dos Correios", tipo: "entregador" },
    });
    const out = await llm().turn(asked.state, "isso, pode ser", ACACIAS);
    expect(out.action).toEqual({
      tipo: "registrar_encomenda",
      unidadeId: "b101",
      moradorPessoaId: null,
      empresa: "Correios",
      nomeVisitante: "Entregador dos Correios",
    });
    expect(out.replies).toEqual([]);
    expect(reasons).toEqual([]);
    const told = llm().onEvent(out.state, { tipo: "encomenda_registrada", local: null }, ACACIAS);
    expect(told.replies).toEqual(["Pode deixar a encomenda na portaria."]);
    expect(told.state).toMatchObject({ etapa: "concluida", resultado: "encomenda_registrada" });
  });

  it("keeps asking the residents about a meal even when the model reads only 'entregador'", async () => {
    replyWith({ name: "buscar_unidade", args: { tipo: "entregador", codigo: "101", torre: "Torre B" } });
    const asked = await llm().turn(greeting, "ifood pro cento e um do bloco bê", ACACIAS);
    expect(asked.replies).toEqual([
      "Confirmando: Entregador iFood para o apartamento 101 da Torre B, entrega. Está certo?",
    ]);
    replyWith({ name: "confirmar", args: { resposta: "sim" } });
    const out = await llm().turn(asked.state, "sim", ACACIAS);
    expect(out.action).toMatchObject({ tipo: "criar_solicitacao", unidadeId: "b101", tipoVisita: "entregador" });
  });

  it("takes a 'não' to the confirmation and asks for the right unit", async () => {
    replyWith({ name: "confirmar", args: { resposta: "nao" } });
    const out = await llm().turn(confirming, "acho que me confundi", ACACIAS);
    expect(out.action).toBeNull();
    expect(out.replies).toEqual(["Tudo bem. Qual é a unidade certa? Se o erro for no nome, diga: meu nome é…"]);
    expect(out.state).toMatchObject({ etapa: "identificando", unidadeId: null });
  });

  it("hands over on an emergency the model recognised", async () => {
    const text = "tem um senhor caído aqui na frente, não está respondendo";
    replyWith({ name: "transferir", args: { motivo: "emergencia" } });
    const out = await llm().turn(greeting, text, ACACIAS);
    expect(out.action).toEqual({ tipo: "transferir", motivo: "emergencia" });
    expect(out.state.etapa).toBe("com_porteiro");
  });

  it("validates a PIN the visitor said in words", async () => {
    replyWith({ name: "validar_pin", args: { pin: "482913" } });
    const out = await llm().turn(greeting, "o código é quatro oito dois, nove um três", ACACIAS);
    expect(out.action).toEqual({ tipo: "validar_pin", pin: "482913" });
  });

  it("sends no Authorization header to a server that needs no key", async () => {
    replyWith({ name: "buscar_unidade", args: { nome_visitante: "Bruno" } });
    await llm({ apiKey: null }).turn(greeting, "Bruno", ACACIAS);
    expect(received[0]!.authorization).toBeUndefined();
  });
});

describe("the embedded engine answers the turn the model cannot", () => {
  const text = "Sou o Bruno, vou no 101 da Torre B";

  it.each<[string, () => FakeAnswer, LlmFallbackReason]>([
    [
      "arguments that are not JSON",
      () => ({ body: toolAnswer({ name: "buscar_unidade", args: "{nome_visitante: Bruno" }) }),
      "recusada",
    ],
    ["an unknown tool", () => ({ body: toolAnswer({ name: "abrir_portao", args: {} }) }), "recusada"],
    [
      "arguments outside the schema",
      () => ({ body: toolAnswer({ name: "transferir", args: { motivo: "sem_resposta" } }) }),
      "recusada",
    ],
    ["no choices", () => ({ body: { id: "x", object: "chat.completion", choices: [] } }), "resposta_invalida"],
    [
      "a tool call that is not an object",
      () => ({ body: { choices: [{ index: 0, message: { role: "assistant", tool_calls: [null] } }] } }),
      "resposta_invalida",
    ],
    ["a body that is not JSON", () => ({ body: "<html>oops</html>" }), "resposta_invalida"],
    ["an HTTP error", () => ({ status: 500, body: { error: { message: "falhou" } } }), "erro"],
    [
      "a text answer without tool calls",
      () => ({
        body: {
          choices: [{ index: 0, message: { role: "assistant", content: "Olá!" }, finish_reason: "stop" }],
        },
      }),
      "sem_ferramenta",
    ],
  ])("on %s", async (_, fake, reason) => {
    answer = fake;
    const out = await llm().turn(greeting, text, ACACIAS);
    expect(out).toEqual(await embedded.turn(greeting, text, ACACIAS));
    expect(out.replies).toEqual(["Confirmando: Bruno para o apartamento 101 da Torre B, visita. Está certo?"]);
    expect(reasons).toEqual([reason]);
  });

  it.each([
    ["headers", { delayMs: 1500 }],
    ["body", { bodyDelayMs: 1500 }],
  ])("when the server is slower than the timeout (slow %s)", async (_, delay) => {
    answer = () => ({ body: toolAnswer({ name: "transferir", args: { motivo: "pedido" } }), ...delay });
    const started = performance.now();
    const out = await llm({ timeoutMs: 200 }).turn(greeting, text, ACACIAS);
    const elapsed = performance.now() - started;
    expect(out).toEqual(await embedded.turn(greeting, text, ACACIAS));
    expect(reasons).toEqual(["tempo"]);
    expect(elapsed).toBeGreaterThanOrEqual(190);
    expect(elapsed).toBeLessThan(800);
  });

  it("when the API cannot be reached", async () => {
    const out = await llm({ baseURL: "http://127.0.0.1:9/v1" }).turn(greeting, text, ACACIAS);
    expect(out).toEqual(await embedded.turn(greeting, text, ACACIAS));
    expect(reasons).toHaveLength(1);
  });

  it("without asking the model when the turn cannot change anything (waiting for the resident)", async () => {
    const waiting: DialogueState = { ...confirming, etapa: "aguardando_morador", pergunta: null };
    const out = await llm().turn(waiting, "e aí, vai demorar?", ACACIAS);
    expect(out.replies).toEqual(["Ainda aguardando a resposta do morador."]);
    expect(received).toEqual([]);
  });
});

describe("a tool call the rules refuse never creates a request", () => {
  const create = (unidade_id: string, nome_visitante = "Rafael") => ({
    name: "criar_solicitacao",
    args: { unidade_id, nome_visitante, tipo: "visitante" },
  });

  it("before any confirmation was proposed", async () => {
    replyWith(create("b101", "Bruno"));
    const out = await llm().turn(greeting, "Sou o Bruno, vou no 101 da Torre B", ACACIAS);
    expect(out.action).toBeNull();
    expect(out.replies).toEqual(["Confirmando: Bruno para o apartamento 101 da Torre B, visita. Está certo?"]);
    expect(reasons).toEqual(["recusada"]);
  });

  it.each([
    ["a unit not in the directory", "x999"],
    ["a unit of the directory other than the one proposed", "a101"],
  ])("for %s", async (_, unidadeId) => {
    replyWith(create(unidadeId));
    const out = await llm().turn(confirming, "sim", ACACIAS);
    // The visitor's "sim" was to the 101 da Torre B: that one, read by the embedded engine, or none.
    expect(out.action).toEqual({
      tipo: "criar_solicitacao",
      unidadeId: "b101",
      nomeVisitante: "Rafael",
      tipoVisita: "visitante",
    });
    expect(reasons).toEqual(["recusada"]);
  });

  it("when the visitor's words are no yes", async () => {
    replyWith(create("b101"));
    const out = await llm().turn(confirming, "hmm, deixa eu ver", ACACIAS);
    expect(out.action).toBeNull();
    expect(out.state).toMatchObject({ etapa: "confirmando", pergunta: "confirmacao" });
    expect(reasons).toEqual(["recusada"]);
  });

  it("under a name or type other than the ones confirmed", async () => {
    const confirmed = {
      tipo: "criar_solicitacao",
      unidadeId: "b101",
      nomeVisitante: "Rafael",
      tipoVisita: "visitante",
    };
    replyWith({ name: "criar_solicitacao", args: { unidade_id: "b101", nome_visitante: "Rafael", tipo: "prestador" } });
    expect((await llm().turn(confirming, "sim", ACACIAS)).action).toEqual(confirmed);
    replyWith(create("b101", "Bruno"));
    expect((await llm().turn(confirming, "sim", ACACIAS)).action).toEqual(confirmed);
    expect(reasons).toEqual(["recusada", "recusada"]);
  });

  it("nor under a visitor's name the visitor never said", async () => {
    replyWith({ name: "buscar_unidade", args: { nome_visitante: "Carlos", codigo: "202", torre: "Torre B" } });
    const out = await llm().turn(greeting, "vou no 202 da Torre B", ACACIAS);
    expect(out.state.nomeVisitante).toBeNull();
    expect(out.replies).toEqual(["Qual é o seu nome?"]);
    expect(reasons).toEqual(["recusada"]);
  });

  it("nor validates a PIN the visitor never said", async () => {
    replyWith({ name: "validar_pin", args: { pin: "482913" } });
    const out = await llm().turn(greeting, "tenho um código", ACACIAS);
    expect(out.action).toBeNull();
    expect(out.replies).toEqual(["Pode me dizer os números do código, por favor?"]);
  });
});

describe("createAttendantEngine", () => {
  it("is the embedded engine when no language model is configured", async () => {
    const engine = await createAttendantEngine({});
    const out = await engine.turn(greeting, "aqui é o Bruno, vim pro apê cento e um do bloco bê", ACACIAS);
    expect(out.replies).toEqual(["Temos o 101 na Torre A e na Torre B. Qual delas?"]);
    expect(received).toEqual([]);
  });

  it("asks the configured model, with the configured key", async () => {
    replyWith({ name: "buscar_unidade", args: { nome_visitante: "Bruno", codigo: "101", torre: "Torre B" } });
    const engine = await createAttendantEngine({
      ATTENDANT_LLM_BASE_URL: baseURL,
      ATTENDANT_LLM_API_KEY: "outra-chave",
      ATTENDANT_LLM_MODEL: "modelo-configurado",
    });
    const out = await engine.turn(greeting, "aqui é o Bruno, vim pro apê cento e um do bloco bê", ACACIAS);
    expect(out.state.unidadeId).toBe("b101");
    expect(received[0]!.authorization).toBe("Bearer outra-chave");
    expect(sentBody().model).toBe("modelo-configurado");
    expect(engine.start()).toEqual(embedded.start());
  });

  it("is configured by ATTENDANT_LLM_* and refuses a base URL without a model", () => {
    expect(
      loadEnv({ ATTENDANT_LLM_BASE_URL: "http://localhost:11434/v1", ATTENDANT_LLM_MODEL: "qwen2.5" }),
    ).toMatchObject({ ATTENDANT_LLM_BASE_URL: "http://localhost:11434/v1", ATTENDANT_LLM_MODEL: "qwen2.5" });
    expect(loadEnv({ ATTENDANT_LLM_BASE_URL: "" }).ATTENDANT_LLM_BASE_URL).toBeUndefined();
    expect(() => loadEnv({ ATTENDANT_LLM_BASE_URL: "http://localhost:11434/v1" })).toThrow(
      /ATTENDANT_LLM_BASE_URL precisa de ATTENDANT_LLM_MODEL/,
    );
    expect(() => loadEnv({ ATTENDANT_LLM_BASE_URL: "localhost:11434", ATTENDANT_LLM_MODEL: "m" })).toThrow(
      /ATTENDANT_LLM_BASE_URL: use uma URL http/,
    );
  });
});
