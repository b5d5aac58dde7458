/**
 * The integration simulator (docs/product.md, "Simulator"): plays the AI attendant, the PBX and the gate controller
 * against a running Guarita through its public API only, as a real integration would.
 *
 * - attendant: registers a visitor at a random unit that receives visitors (an active unit of an
 *   active condominium, with residents: POST /api/v1/solicitacoes);
 * - PBX: reads the unit's residents in calling order (GET /api/v1/unidades), calls them one by one
 *   with realistic outcomes (answered and authorised, answered and denied, busy, no answer then
 *   the next resident), reporting each status and the DTMF answer (POST /api/v1/chamadas…);
 * - gate controller: opens the gate on a signed `portao.abrir` webhook received on a loopback port
 *   (signature verified), or, when the server refuses loopback webhooks, on the authorisation
 *   read from the events feed (GET /api/v1/eventos), from the moment it starts (`desde=agora`):
 *   a gate controller that replayed the feed would open the gate for old authorisations. The
 *   opening is the visitor's entry (docs/decisions/033-gate-opening-is-entry.md); when its sensor
 *   sees nobody pass, it reports "não entrou" on the entry the command named
 *   (POST /api/v1/acessos/{id}/nao-entrou), so the log matches the gate.
 * - phone line (`voz`): instead of the attendant's API call, the visitor calls an active gate's
 *   line and the virtual attendant answers (docs/decisions/037-phone-line-and-whatsapp.md). The
 *   simulator plays Twilio (./twilio-line.ts): signed requests to the TwiML webhooks, the visit said
 *   as speech ("Boa noite, sou o Carlos, vim ver a Ana do 101 da Torre A"), "sim", then the wait URL
 *   until the call hangs up. The request the attendant created is found in the events feed, and the
 *   PBX calls its residents as for any visitor; when nobody answers, the visitor hangs up.
 *
 * Every POST carries an Idempotency-Key, as a PBX that retries must send. `run()` plays visitors
 * until stopped: a refused or failed visitor is reported and counted and the run goes on, as a
 * real PBX would; it fails only when no visitor got through or the server can't be reached.
 */
import { randomUUID } from "node:crypto";
import http from "node:http";
import type { AddressInfo } from "node:net";
import { verifyWebhookSignature } from "../../src/server/webhooks/signature";
import { type TwilioCall, type TwimlAnswer, twilioLine } from "./twilio-line";

export type Fetch = (url: string, init?: RequestInit) => Promise<Response>;
export type Outcome = "autoriza" | "nega" | "ocupado" | "sem_resposta";

export interface SimulatorOptions {
  baseUrl: string;
  /** An API key with every scope; or `demo` to sign in as the demo síndico and create one. */
  auth: { key: string } | { demo: { email: string; password: string } };
  fetch?: Fetch;
  log?: (line: string) => void;
  /** Picks each call's outcome (default: weighted random). */
  outcome?: (attempt: number) => Outcome;
  /** Whether the visitor goes through the opened gate (default: 9 in 10 do). */
  passes?: () => boolean;
  /** How long a phone rings before it is answered or given up (ms). */
  ringMs?: number;
  random?: () => number;
  /** Where errors go (default: `log`). */
  error?: (line: string) => void;
  /**
   * Visitors call a gate's phone line (TwiML webhooks) signed with the server's TWILIO_AUTH_TOKEN;
   * `pauseMs` is how long a wait Twilio would make lasts (default: as long as the TwiML says).
   */
  voz?: { token: string; pauseMs?: (seconds: number) => number };
}

export interface RunOptions {
  /** Time between two visitors (ms). */
  intervalMs: number;
  /** Stops starting visitors; those in progress finish. */
  signal?: AbortSignal;
  /** Stops after this many visitors (tests). */
  maxVisitors?: number;
}

export interface RunSummary {
  visitors: number;
  completed: number;
  failed: number;
  /** The server could not be reached (at setup, or by the last visitor). */
  unreachable: boolean;
  /** 0 when some visitor got through; 1 when none did or the server is unreachable. */
  exitCode: 0 | 1;
}

interface Unidade {
  id: string;
  condominio_id: string;
  codigo: string;
  torre: string | null;
  pbx_ramal: string | null;
  enabled?: boolean;
  condominio_enabled?: boolean;
  moradores: { pessoa_id: string; nome: string; pbx_ramal: string | null }[];
}

export interface ChainResult {
  solicitacaoId: string;
  status: string;
  calls: number;
  gateOpened: boolean;
  /** The entry the opening recorded, and whether the visitor went through ("não entrou" reported if not). */
  acessoId?: string | null;
  passou?: boolean;
}

/** Who calls the gate's line: a first name, and its article in "sou o Carlos". */
const VISITANTES_VOZ = [
  ["o", "Carlos"],
  ["a", "Juliana"],
  ["o", "Pedro"],
  ["a", "Fernanda"],
  ["o", "Rafael"],
  ["a", "Luciana"],
  ["o", "Marcos"],
  ["a", "Beatriz"],
] as const;
/** At most this many requests of one call's wait (the server ends a call after ~5 minutes anyway). */
const MAX_WAIT_REQUESTS = 150;

const VISITANTES = [
  "Carlos Entregador",
  "Juliana Técnica da Net",
  "Pedro Encanador",
  "Fernanda Lima",
  "Rafael Motoboy",
  "Luciana Diarista",
  "Marcos Eletricista",
  "Beatriz Souza",
];

export class SimulatorError extends Error {
  constructor(
    message: string,
    /** The HTTP status of a refused request (none when the request never got an answer). */
    readonly status?: number,
  ) {
    super(message);
  }
}

/** fetch rejects (no HTTP answer at all) when the server can't be reached. */
const isUnreachable = (error: unknown) => !(error instanceof SimulatorError);
const messageOf = (error: unknown) =>
  error instanceof Error
    ? `${error.message}${error.cause instanceof Error ? ` (${error.cause.message})` : ""}`
    : String(error);

export function createSimulator(options: SimulatorOptions) {
  const base = options.baseUrl.replace(/\/$/, "");
  const fetchFn: Fetch = options.fetch ?? ((url, init) => fetch(url, init));
  const log = options.log ?? ((line: string) => process.stdout.write(`${line}\n`));
  const logError = options.error ?? log;
  const random = options.random ?? Math.random;
  const ringMs = options.ringMs ?? 1500;
  const pick = <T>(list: readonly T[]) => list[Math.floor(random() * list.length)]!;
  const outcome =
    options.outcome ??
    (() => {
      const r = random();
      return r < 0.5 ? "autoriza" : r < 0.65 ? "nega" : r < 0.8 ? "ocupado" : "sem_resposta";
    });

  let cookie: string | null = null;
  let apiKey: string | null = "key" in options.auth ? options.auth.key : null;
  let createdKeyId: string | null = null;
  let webhookId: string | null = null;
  let webhookSecret: string | null = null;
  let listener: http.Server | null = null;
  let eventsCursor = 0;
  let units: Unidade[] = [];
  /** Each condominium's active pedestrian gates (GET /api/v1/portoes), where visitors arrive. */
  let gates = new Map<string, string[]>();
  const gateNames = new Map<string, string>();
  const line = options.voz ? twilioLine({ baseUrl: base, token: options.voz.token, fetch: fetchFn }) : null;
  const voicePause = options.voz?.pauseMs ?? ((seconds: number) => seconds * 1000);
  /** Requests already matched to a call (two calls for the same unit at once). */
  const matchedRequests = new Set<string>();
  const passes = options.passes ?? (() => random() >= 0.1);
  /** Requests whose gate opened (with the entry the opening recorded), and waiters for the others. */
  const opened = new Map<string, string | null>();
  const gateWaiters = new Map<string, () => void>();

  const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

  async function call<T = unknown>(
    method: string,
    path: string,
    body?: unknown,
    opts: { session?: boolean; expect?: number[] } = {},
  ): Promise<{ status: number; body: T }> {
    const headers: Record<string, string> = { accept: "application/json" };
    if (opts.session) {
      headers.origin = new URL(base).origin;
      if (cookie) headers.cookie = cookie;
    } else if (apiKey) {
      headers.authorization = `Bearer ${apiKey}`;
    }
    if (body !== undefined) headers["content-type"] = "application/json";
    if (method === "POST" && !opts.session) headers["idempotency-key"] = randomUUID();
    const res = await fetchFn(`${base}${path}`, {
      method,
      headers,
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    const text = await res.text();
    let parsed: { error?: { message?: string } } | null = null;
    try {
      parsed = text ? JSON.parse(text) : null;
    } catch {
      // Not JSON (a proxy's error page): the status and the text say what happened.
    }
    if (opts.session && res.headers.getSetCookie?.().length) {
      cookie = res.headers
        .getSetCookie()
        .map((c) => c.split(";")[0])
        .join("; ");
    }
    if (!(opts.expect ?? [200, 201, 204]).includes(res.status)) {
      throw new SimulatorError(
        `${method} ${path} → HTTP ${res.status}: ${parsed?.error?.message ?? text.slice(0, 200)}`,
        res.status,
      );
    }
    return { status: res.status, body: parsed as unknown as T };
  }

  function openGate(solicitacaoId: string, acessoId: string | null, via: string) {
    if (opened.has(solicitacaoId)) return;
    opened.set(solicitacaoId, acessoId);
    log(`[portão] abrindo (${via}) para a solicitação ${solicitacaoId.slice(0, 8)}`);
    gateWaiters.get(solicitacaoId)?.();
  }

  async function startListener(): Promise<string> {
    listener = http.createServer((req, res) => {
      let body = "";
      req.setEncoding("utf8");
      req.on("data", (chunk: string) => {
        body += chunk;
      });
      req.on("end", () => {
        const signature = req.headers["guarita-signature"] as string | undefined;
        if (!webhookSecret || !verifyWebhookSignature(webhookSecret, body, signature)) {
          log("[portão] webhook com assinatura inválida: recusado");
          res.writeHead(400).end();
          return;
        }
        res.writeHead(200).end();
        const payload = JSON.parse(body) as {
          tipo: string;
          dados: {
            solicitacao?: { id: string };
            portao?: { nome: string; acesso_id?: string | null };
            condominio: { nome: string };
          };
        };
        // A pass validated at the gate opens it too; the simulator follows only its own requests.
        if (payload.tipo === "portao.abrir" && payload.dados.solicitacao) {
          openGate(
            payload.dados.solicitacao.id,
            payload.dados.portao?.acesso_id ?? null,
            `webhook assinado: ${payload.dados.portao?.nome} de ${payload.dados.condominio.nome}`,
          );
        }
      });
    });
    await new Promise<void>((resolve) => listener!.listen(0, "127.0.0.1", resolve));
    return `http://127.0.0.1:${(listener.address() as AddressInfo).port}/portao`;
  }

  /** Without a webhook, the gate controller follows the events feed (from where it started). */
  async function pollEvents(): Promise<number> {
    const feed = await call<{
      items: { type: string; status: string; solicitacao_id: string; acesso?: { id: string } }[];
      ultimo_id: number;
    }>("GET", `/api/v1/eventos?depois_de=${eventsCursor}&limite=500`);
    eventsCursor = feed.body.ultimo_id;
    for (const e of feed.body.items) {
      if (e.type === "solicitacao.atualizada" && e.status === "autorizado")
        openGate(e.solicitacao_id, e.acesso?.id ?? null, "evento");
    }
    return feed.body.items.length;
  }

  async function setup() {
    if ("demo" in options.auth) {
      await call("POST", "/api/auth/sign-in/email", options.auth.demo, { session: true });
      const key = await call<{ id: string; segredo: string }>(
        "POST",
        "/api/integracoes/chaves",
        {
          nome: `Simulador ${new Date().toISOString().slice(0, 16).replace("T", " ")}`,
          escopos: [
            "solicitacoes:ler",
            "solicitacoes:escrever",
            "chamadas:escrever",
            "diretorio:ler",
            "eventos:ler",
            "acessos:registrar",
          ],
        },
        { session: true },
      );
      apiKey = key.body.segredo;
      createdKeyId = key.body.id;
      log(`[setup] entrou como ${options.auth.demo.email} e criou a chave ${apiKey.slice(0, 11)}…`);
      const url = await startListener();
      const hook = await call<{ id: string; segredo: string; error?: { message: string } }>(
        "POST",
        "/api/integracoes/webhooks",
        { url, descricao: "Simulador (controlador do portão)", eventos: ["portao.abrir"] },
        { session: true, expect: [201, 400] },
      );
      if (hook.status === 201) {
        webhookId = hook.body.id;
        webhookSecret = hook.body.segredo;
        log(`[portão] ouvindo webhooks em ${url}`);
      } else {
        log(
          `[portão] o servidor recusou o webhook em ${url} (${hook.body.error?.message}); ` +
            "acompanhando /api/v1/eventos (ligue WEBHOOKS_ALLOW_PRIVATE=true para receber o webhook assinado)",
        );
        listener?.close();
        listener = null;
      }
    } else {
      log("[setup] usando a chave informada; o portão acompanha /api/v1/eventos");
    }
    // Start the feed at its end, read without replaying it: a gate controller obeys every
    // authorisation it reads, and the old ones were for visitors long gone.
    if (!webhookId) {
      const start = await call<{ items: unknown[]; ultimo_id: number }>(
        "GET",
        "/api/v1/eventos?desde=agora&limite=500",
      );
      eventsCursor = start.body.ultimo_id;
      // A server without `desde` answers from the beginning: skip to its end without opening anything.
      for (let page = start.body; page.items.length > 0; ) {
        page = (
          await call<{ items: unknown[]; ultimo_id: number }>(
            "GET",
            `/api/v1/eventos?depois_de=${eventsCursor}&limite=500`,
          )
        ).body;
        eventsCursor = page.ultimo_id;
      }
      log(`[portão] acompanhando /api/v1/eventos a partir do evento ${eventsCursor}`);
    }
    await loadDirectory();
  }

  /**
   * The units a visitor can be registered at: active units of active condominiums (the directory's
   * default), with residents to call. Checked here too, for a server that lists every unit.
   */
  async function loadDirectory() {
    const found: Unidade[] = [];
    for (let page = 1; page <= 50; page++) {
      const directory = await call<{ items: Unidade[] }>(
        "GET",
        `/api/v1/unidades?status=ativa&page_size=200&page=${page}`,
      );
      found.push(...directory.body.items);
      if (directory.body.items.length < 200) break;
    }
    units = found.filter((u) => u.enabled !== false && u.condominio_enabled !== false && u.moradores.length > 0);
    const portoes: { condominio_id: string; id: string; nome: string; tipo: string; ativo: boolean }[] = [];
    for (let page = 1; page <= 50; page++) {
      const listed = await call<{ items: typeof portoes }>("GET", `/api/v1/portoes?page_size=200&page=${page}`);
      portoes.push(...listed.body.items);
      if (listed.body.items.length < 200) break;
    }
    gates = new Map();
    for (const g of portoes.filter((p) => p.ativo && p.tipo === "pedestres")) {
      gates.set(g.condominio_id, [...(gates.get(g.condominio_id) ?? []), g.id]);
      gateNames.set(g.id, g.nome);
    }
    if (units.length === 0)
      throw new SimulatorError("Nenhuma unidade ativa com moradores ativos: cadastre moradores primeiro.");
    log(`[diretório] ${units.length} unidade(s) ativa(s) com moradores`);
    if (line) {
      const callable = units.filter((u) => gates.has(u.condominio_id)).length;
      if (callable === 0)
        throw new SimulatorError(
          "Nenhum condomínio com portão de pedestres ativo: cadastre um portão para os visitantes ligarem.",
        );
      log(
        `[ligação] ${callable} unidade(s) em condomínios com portão ativo: os visitantes ligam para a linha do portão`,
      );
    }
  }

  async function waitForGate(solicitacaoId: string, timeoutMs: number): Promise<boolean> {
    const deadline = Date.now() + timeoutMs;
    while (!opened.has(solicitacaoId) && Date.now() < deadline) {
      if (!webhookId) await pollEvents();
      if (opened.has(solicitacaoId)) break;
      await new Promise<void>((resolve) => {
        gateWaiters.set(solicitacaoId, resolve);
        setTimeout(resolve, 250);
      });
    }
    gateWaiters.delete(solicitacaoId);
    return opened.has(solicitacaoId);
  }

  /**
   * The gate's sensor after an opening: the entry is already in the log; when nobody went through,
   * the controller says so on that entry. A key without `acessos:registrar` can't: reported, and the
   * run goes on.
   */
  async function sensePassage(
    nome: string,
    solicitacaoId: string,
  ): Promise<{ acessoId: string | null; passou: boolean }> {
    const acessoId = opened.get(solicitacaoId) ?? null;
    if (passes() || !acessoId) {
      log(`[portão] ${nome} passou: entrada registrada`);
      return { acessoId, passou: true };
    }
    const res = await call("POST", `/api/v1/acessos/${acessoId}/nao-entrou`, undefined, { expect: [200, 403, 409] });
    if (res.status === 200) log(`[portão] ninguém passou: a entrada de ${nome} ficou como "não entrou"`);
    else log(`[portão] ninguém passou, mas o servidor recusou "não entrou" (HTTP ${res.status})`);
    return { acessoId, passou: res.status !== 200 };
  }

  /** One visitor, from the intercom to the gate (or to nobody answering). */
  async function runChain(unidadeId?: string): Promise<ChainResult> {
    if (!unidadeId && units.length === 0) await loadDirectory();
    const unit = unidadeId ? units.find((u) => u.id === unidadeId) : pick(units);
    if (!unit) throw new SimulatorError(`Unidade ${unidadeId} sem moradores no diretório`);
    const nome = pick(VISITANTES);
    const label = `${unit.torre ? `${unit.torre} - ` : ""}${unit.codigo}`;
    const created = await call<{ id: string }>("POST", "/api/v1/solicitacoes", {
      condominio_id: unit.condominio_id,
      unidade_id: unit.id,
      tipo:
        nome.includes("Técnica") || nome.includes("Encanador") || nome.includes("Eletricista")
          ? "prestador"
          : "visitante",
      nome_visitante: nome,
      // A condominium without gates takes the visitor at its "principal" one.
      ...(gates.has(unit.condominio_id) ? { portao_id: pick(gates.get(unit.condominio_id)!) } : {}),
    }).catch((error: unknown) => {
      // A unit deactivated since the directory was read refuses visitors: stop picking it.
      if (error instanceof SimulatorError && error.status === 400) {
        units = units.filter((u) => u.id !== unit.id);
        log(`[diretório] ${label} recusou o visitante; fora do sorteio até o diretório ser lido de novo`);
      }
      throw error;
    });
    const id = created.body.id;
    log(`[atendente] ${nome} no interfone para ${label}: solicitação ${id.slice(0, 8)} criada`);
    return callResidents(unit, id, nome, label);
  }

  /** The PBX calls the unit's residents in order about the request, until one decides or none answers. */
  async function callResidents(unit: Unidade, id: string, nome: string, label: string): Promise<ChainResult> {
    let calls = 0;
    for (const [i, morador] of unit.moradores.entries()) {
      calls++;
      const result = outcome(i);
      const chamada = await call<{ id: string; ramal_discado: string }>("POST", "/api/v1/chamadas", {
        solicitacao_id: id,
        pessoa_id: morador.pessoa_id,
        ramal: morador.pbx_ramal ?? unit.pbx_ramal ?? undefined,
        provedor: "Simulador PABX",
      });
      const cid = chamada.body.id;
      await call("POST", `/api/v1/chamadas/${cid}/status`, { status: "discando" });
      log(`[pabx] ligando para ${morador.nome} (ramal ${chamada.body.ramal_discado})`);
      await sleep(ringMs);
      if (result === "ocupado") {
        await call("POST", `/api/v1/chamadas/${cid}/status`, { status: "falhou" });
        log(`[pabx] ${morador.nome}: ocupado`);
        continue;
      }
      if (result === "sem_resposta") {
        await call("POST", `/api/v1/chamadas/${cid}/status`, { status: "sem_resposta" });
        log(`[pabx] ${morador.nome}: não atendeu`);
        continue;
      }
      await call("POST", `/api/v1/chamadas/${cid}/status`, { status: "atendida" });
      const dtmf = result === "autoriza" ? "1" : "2";
      const answer = await call<{ solicitacao: { status: string } }>(
        "POST",
        `/api/v1/chamadas/${cid}/resposta`,
        { dtmf },
        { expect: [200, 409] },
      );
      await call("POST", `/api/v1/chamadas/${cid}/status`, { status: "concluida" });
      if (answer.status === 409) {
        log(`[pabx] ${morador.nome} respondeu, mas a solicitação já tinha sido decidida no console`);
        const state = await call<{ status: string }>("GET", `/api/v1/solicitacoes/${id}`);
        return { solicitacaoId: id, status: state.body.status, calls, gateOpened: false };
      }
      log(`[pabx] ${morador.nome} atendeu e digitou ${dtmf}: ${answer.body.solicitacao.status}`);
      if (answer.body.solicitacao.status === "autorizado") {
        const gateOpened = await waitForGate(id, 15_000);
        if (!gateOpened) {
          log("[portão] o comando de abertura não chegou em 15 s");
          return { solicitacaoId: id, status: "autorizado", calls, gateOpened };
        }
        return { solicitacaoId: id, status: "autorizado", calls, gateOpened, ...(await sensePassage(nome, id)) };
      }
      return { solicitacaoId: id, status: answer.body.solicitacao.status, calls, gateOpened: false };
    }
    log(`[pabx] ninguém atendeu em ${label}: a solicitação ${id.slice(0, 8)} segue pendente para o porteiro`);
    return { solicitacaoId: id, status: "pendente", calls, gateOpened: false };
  }

  /** "da Torre A", "do Bloco 1", or nothing for a unit without a tower. */
  const ofTower = (torre: string | null) => (!torre ? "" : /^torre/i.test(torre) ? ` da ${torre}` : ` do ${torre}`);
  /** "a Ana", "o João": the article a visitor would say, guessed from the first name. */
  const withArticle = (name: string) => `${/a$/i.test(name) ? "a" : "o"} ${name}`;

  /** A wait Twilio makes (a <Pause>, a <Gather>'s silence) that ends early when `signal` aborts. */
  function hold(seconds: number, signal?: AbortSignal) {
    return new Promise<void>((resolve) => {
      if (signal?.aborted) return resolve();
      const done = () => {
        clearTimeout(timer);
        signal?.removeEventListener("abort", done);
        resolve();
      };
      const timer = setTimeout(done, voicePause(seconds));
      signal?.addEventListener("abort", done, { once: true });
    });
  }

  /** One request of a call, and what the attendant said in its answer; a refusal is an error. */
  async function twiml(nome: string, request: Promise<TwimlAnswer>): Promise<TwimlAnswer> {
    const answer = await request;
    if (answer.status !== 200) {
      let message = answer.text.slice(0, 200);
      try {
        message = (JSON.parse(answer.text) as { error?: { message?: string } }).error?.message ?? message;
      } catch {
        // Not JSON: the text says what happened.
      }
      const hint =
        answer.status === 403 ? " (--token deve ser o TWILIO_AUTH_TOKEN do servidor e --url o seu PUBLIC_URL)" : "";
      throw new SimulatorError(`linha do portão → HTTP ${answer.status}: ${message}${hint}`, answer.status);
    }
    for (const said of answer.spoken) log(`[ligação] atendente → ${nome}: "${said}"`);
    return answer;
  }

  /** The visitor answers a <Gather> (after a moment to hear it) with `speech`. */
  async function speak(ligacao: TwilioCall, nome: string, asked: TwimlAnswer, speech: string) {
    await hold(1);
    log(`[ligação] ${nome}: "${speech}"`);
    return twiml(nome, ligacao.say(asked.next!, speech));
  }

  /** The visitor hangs up (Twilio's status callback of the line). */
  async function hangUp(ligacao: TwilioCall, nome: string) {
    const ended = await ligacao.hangUp();
    if (ended.status !== 204 && ended.status !== 200)
      throw new SimulatorError(`linha do portão → HTTP ${ended.status} ao desligar`, ended.status);
    log(`[ligação] ${nome} desligou`);
  }

  /**
   * While the residents decide the call follows the wait URL, waiting what the TwiML says between
   * requests, until the answer hangs up. `stop` (nobody decided) makes the visitor hang up instead.
   */
  async function followCall(ligacao: TwilioCall, nome: string, from: TwimlAnswer, stop: AbortSignal) {
    let answer = from;
    for (let n = 0; n < MAX_WAIT_REQUESTS && !stop.aborted; n++) {
      await hold(answer.waitSeconds, stop);
      if (stop.aborted) break;
      // A <Gather> while waiting (a porteiro speaking to the visitor): the visitor keeps quiet.
      answer = await twiml(nome, answer.gather ? ligacao.say(answer.next!, "") : ligacao.follow(answer.next!));
      if (answer.hangup || !answer.next) {
        log(`[ligação] a linha desligou a chamada de ${nome}`);
        return;
      }
    }
    await hangUp(ligacao, nome);
  }

  /** The request the attendant created for the call, from the events feed (read from `since`). */
  async function requestOf(since: number, unidadeId: string, nome: string): Promise<string | null> {
    let cursor = since;
    const found: { id: string; nome: string }[] = [];
    for (let attempt = 0; attempt < 20; attempt++) {
      const feed = await call<{
        items: { type: string; solicitacao_id?: string; unidade_id?: string; nome_visitante: string }[];
        ultimo_id: number;
      }>("GET", `/api/v1/eventos?depois_de=${cursor}&limite=500`);
      cursor = feed.body.ultimo_id;
      for (const e of feed.body.items) {
        if (e.type === "solicitacao.criada" && e.unidade_id === unidadeId && e.solicitacao_id)
          if (!matchedRequests.has(e.solicitacao_id)) found.push({ id: e.solicitacao_id, nome: e.nome_visitante });
      }
      // Two calls for the same unit at once: the visitor's own name tells them apart.
      const mine = found.find((r) => r.nome.toLowerCase() === nome.toLowerCase()) ?? found[0];
      if (mine) {
        matchedRequests.add(mine.id);
        return mine.id;
      }
      await sleep(250);
    }
    return null;
  }

  /**
   * One visitor who calls a gate's phone line: the attendant answers, the visitor says whom they
   * came to see and confirms, the PBX calls the residents about the request the attendant created,
   * and the call waits on the line until it hears the outcome and hangs up.
   */
  async function runCall(unidadeId?: string): Promise<ChainResult> {
    if (!line) throw new SimulatorError("Sem linha telefônica: use --voz com o token do servidor.");
    if (!unidadeId && units.length === 0) await loadDirectory();
    const callable = units.filter((u) => gates.has(u.condominio_id));
    const unit = unidadeId ? callable.find((u) => u.id === unidadeId) : callable.length > 0 ? pick(callable) : null;
    if (!unit)
      throw new SimulatorError(
        unidadeId
          ? `Unidade ${unidadeId} sem moradores ou sem portão ativo no condomínio`
          : "Nenhuma unidade em condomínio com portão ativo",
      );
    const portaoId = pick(gates.get(unit.condominio_id)!);
    const [artigo, nome] = pick(VISITANTES_VOZ);
    const morador = pick(unit.moradores).nome.split(" ")[0]!;
    const label = `${unit.torre ? `${unit.torre} - ` : ""}${unit.codigo}`;
    const ligacao = line.call();
    log(
      `[ligação] ${nome} liga para a linha do portão ${gateNames.get(portaoId) ?? portaoId.slice(0, 8)} ` +
        `(chamada ${ligacao.sid.slice(0, 10)}…)`,
    );
    const greeting = await twiml(nome, ligacao.ring(portaoId));
    if (!greeting.gather || !greeting.next) throw new SimulatorError(`a linha do portão não atendeu ${nome}`);

    /** The call went somewhere the script does not: the visitor hangs up (unless the line did). */
    const giveUp = async (answer: TwimlAnswer, why: string): Promise<never> => {
      if (!answer.hangup) await hangUp(ligacao, nome);
      throw new SimulatorError(`${why} (${nome} para ${label})`);
    };
    // The request appears in the feed on "sim": read it from here on.
    const since = (await call<{ ultimo_id: number }>("GET", "/api/v1/eventos?desde=agora&limite=1")).body.ultimo_id;
    const asked = await speak(
      ligacao,
      nome,
      greeting,
      `Boa noite, sou ${artigo} ${nome}, vim ver ${withArticle(morador)} do ${unit.codigo}${ofTower(unit.torre)}`,
    );
    if (!asked.gather) return giveUp(asked, "o atendente não pediu a confirmação");
    const confirmed = await speak(ligacao, nome, asked, "sim");
    if (!confirmed.redirect || !confirmed.next?.includes("/voz/aguardar"))
      return giveUp(confirmed, "o atendente não registrou a visita");
    const id = await requestOf(since, unit.id, nome);
    if (!id) return giveUp(confirmed, "a solicitação da ligação não apareceu em /api/v1/eventos");
    log(`[ligação] solicitação ${id.slice(0, 8)} criada pelo atendente para ${label}; ${nome} aguarda na linha`);

    // The PBX and the call at once, as at a real gate; nobody deciding ends the call.
    const stop = new AbortController();
    const following = followCall(ligacao, nome, confirmed, stop.signal).then(
      () => null,
      (error: unknown) => error,
    );
    let result: ChainResult;
    try {
      result = await callResidents(unit, id, nome, label);
      if (result.status === "pendente") stop.abort();
    } catch (error) {
      stop.abort();
      await following;
      throw error;
    }
    const failed = await following;
    if (failed) throw failed;
    return result;
  }

  async function teardown() {
    if (cookie && webhookId)
      await call("DELETE", `/api/integracoes/webhooks/${webhookId}`, undefined, { session: true });
    if (cookie && createdKeyId)
      await call("DELETE", `/api/integracoes/chaves/${createdKeyId}`, undefined, { session: true });
    if (createdKeyId) log("[setup] chave e webhook do simulador removidos");
    await new Promise<void>((resolve) => (listener ? listener.close(() => resolve()) : resolve()));
  }

  /**
   * Plays visitors every `intervalMs` until `signal` aborts (or `maxVisitors`), then waits for the
   * ones in progress and removes what setup created. Each visitor's failure is reported and
   * counted; the run goes on.
   */
  async function run(runOptions: RunOptions): Promise<RunSummary> {
    const summary: RunSummary = { visitors: 0, completed: 0, failed: 0, unreachable: false, exitCode: 1 };
    const stopped = () =>
      runOptions.signal?.aborted === true ||
      (runOptions.maxVisitors !== undefined && summary.visitors >= runOptions.maxVisitors);
    let setupDone = false;
    try {
      await setup();
      setupDone = true;
    } catch (error) {
      summary.unreachable = isUnreachable(error);
      logError(
        summary.unreachable
          ? `[erro] servidor inacessível em ${base}: ${messageOf(error)}`
          : `[erro] na preparação: ${messageOf(error)}`,
      );
    }
    if (setupDone) {
      const inFlight = new Set<Promise<void>>();
      while (!stopped()) {
        const n = ++summary.visitors;
        const chain: Promise<void> = (line ? runCall() : runChain())
          .then(() => {
            summary.completed++;
            summary.unreachable = false;
          })
          .catch((error: unknown) => {
            summary.failed++;
            summary.unreachable = isUnreachable(error);
            logError(
              `[erro] visitante ${n}: ${summary.unreachable ? "servidor inacessível: " : ""}${messageOf(error)} (seguindo)`,
            );
          })
          .finally(() => inFlight.delete(chain));
        inFlight.add(chain);
        const until = Date.now() + runOptions.intervalMs;
        while (!stopped() && Date.now() < until) await sleep(Math.min(100, runOptions.intervalMs));
      }
      if (inFlight.size > 0) log("[fim] terminando as chamadas em andamento…");
      await Promise.all(inFlight);
    }
    await teardown().catch((error: unknown) => {
      logError(`[erro] ao remover a chave do simulador: ${messageOf(error)}`);
    });
    log(
      `[fim] ${summary.visitors} visitante(s): ${summary.completed} atendido(s) até o fim, ${summary.failed} com erro`,
    );
    summary.exitCode = setupDone && summary.completed > 0 && !summary.unreachable ? 0 : 1;
    return summary;
  }

  return {
    setup,
    runChain,
    runCall,
    run,
    teardown,
    get receivesWebhooks() {
      return webhookId !== null;
    },
  };
}
