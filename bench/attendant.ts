/**
 * The virtual attendant under load (docs/benchmarks.md, "Atendente virtual"; target: reply p95 ≤ 150 ms
 * with 50 conversations at once): BENCH_ATTENDANT_CONVERSATIONS intercoms (50), one API key each with
 * the scope `atendente:conversar`, all at once, each playing its visitors' lines through the text API,
 * BENCH_ATTENDANT_ROUNDS conversations each (4) after one unmeasured one.
 * Every line comes BENCH_ATTENDANT_PAUSE_MS after the previous reply (uniform in 1000-3000 ms by
 * default: shorter than hearing the reply and saying the next line at an intercom takes, so the load
 * is heavier than 50 real visitors give), and so does the next visitor's button press after a
 * conversation ends: the 50 first conversations open within the same 2 seconds.
 * BENCH_ATTENDANT_PAUSE_MS=0 sends each line as soon as the reply arrives (and all 50 openings at the
 * same instant): 50 turns always in flight, the load of several hundred live conversations — the
 * instance's saturation, not the requirement.
 *
 * The visitors are built from the bench tenant's directory (the condominium with the most residents:
 * 4,900 units, 9,400 active residents): a real unit code and its tower or block, the first name of one of
 * its residents, a visitor's name. Most ask for a visit (in one line or in two, then "sim") and must
 * end `aguardando_morador` with a request for that unit; one in ten types a valid pass PIN and must
 * be let in; one in ten asks for the porteiro and must be handed over. A conversation that ends
 * anywhere else is a failure, counted and printed; it does not stop the others.
 *
 * Reply time is the in-process `app.request` call around each POST (the app sets no Server-Timing):
 * routing, the API key, idempotency, the service's reads and writes, the engine, serialisation, and
 * the wait for the one event loop that the app shares with the other 49 visitors. There is no network
 * and no loopback socket in it.
 */

import { randomUUID } from "node:crypto";
import { sql } from "drizzle-orm";
import { loadDirectory } from "../src/server/attendant/directory";
import { createEmbeddedEngine } from "../src/server/attendant/engine/embedded-engine";
import { API_KEY_REQUESTS_PER_MINUTE } from "../src/server/auth/api-key";
import type { System } from "../src/server/bootstrap";
import { addDays, localClock } from "../src/shared/pass-schedule";
import { type CallResult, client } from "../tests/support/http";
import { lanes } from "./lanes";

export const ATTENDANT_CONVERSATIONS = Number(process.env.BENCH_ATTENDANT_CONVERSATIONS ?? 50);
export const ATTENDANT_ROUNDS = Number(process.env.BENCH_ATTENDANT_ROUNDS ?? 4);
/** "min-max" or one number, in ms: how long a visitor takes to answer a reply. */
export const ATTENDANT_PAUSE_MS = parsePause(process.env.BENCH_ATTENDANT_PAUSE_MS ?? "1000-3000");
/** The reply-time target (docs/benchmarks.md, "Atendente virtual"), here with 50 conversations at once. */
export const ATTENDANT_TARGET_P95_MS = 150;
/** Unmeasured conversations per intercom first: the engine's training, the directory's index, plans. */
const WARMUP_ROUNDS = 1;
/** The longest script: opening, name, unit, "sim". */
const MAX_TURNS = 4;

const TURNS = {
  abrir: "abre a conversa (saudação)",
  completa: "identificação numa fala",
  nome: "só o nome",
  unidade: "unidade e morador",
  sim: 'confirmação "sim" (cria a solicitação)',
  pin: "PIN válido (libera o passe)",
  porteiro: "pede o porteiro",
} as const;
type Turn = keyof typeof TURNS;

type Kind = "pedido" | "pedido_em_duas_falas" | "pin" | "porteiro";
const KIND_LABEL: Record<Kind, string> = {
  pedido: "visita, numa fala + sim",
  pedido_em_duas_falas: "visita, nome e unidade em duas falas + sim",
  pin: "PIN de passe",
  porteiro: "pede o porteiro",
};

/** One in ten types a PIN, one in ten asks for the porteiro; the rest ask for a visit, half in two lines. */
function kindOf(slot: number): Kind {
  if (slot % 10 === 3) return "pin";
  if (slot % 10 === 8) return "porteiro";
  return slot % 2 === 0 ? "pedido" : "pedido_em_duas_falas";
}

/** Who calls at the gate, with the article a Brazilian puts before the name. */
export const VISITORS = [
  ["o", "Carlos"],
  ["a", "Marta"],
  ["o", "Rui"],
  ["a", "Beatriz"],
  ["o", "Henrique"],
  ["a", "Sônia"],
  ["o", "Otávio"],
  ["a", "Renata"],
] as const;
/** The bench's first names (bench/seed.ts) that take "a". */
const FEMININE = new Set(["Maria", "Ana", "Francisca", "Luíza", "Márcia", "Juliana", "Letícia", "Conceição"]);

export interface AttendantTarget {
  unidadeId: string;
  codigo: string;
  torre: string | null;
  morador: string;
}

export interface AttendantOutcome {
  kind: string;
  conversations: number;
  completed: number;
  failed: number;
}

export interface AttendantLoad {
  conversations: number;
  rounds: number;
  /** The pause before each line, the opening included, min and max (ms). */
  pause_ms: [number, number];
  turns: number;
  seconds: number;
  turns_per_s: number;
  /** CPU of this process (app and visitors, one thread) over the wall clock: near 100, it is the limit. */
  node_cpu_pct: number;
  /** Measured conversations that ended where their script must; the rest are in `failures`. */
  completed: number;
  failed: number;
  /** Requests created by the measured visits for a unit other than the one the visitor named. */
  wrong_unit: number;
  by_kind: AttendantOutcome[];
  p50: number;
  p95: number;
  max: number;
  target_p95_ms: number;
  met: boolean;
  failures: string[];
}

export interface AttendantResult {
  /** Latency samples (ms) per row of the result table, in table order. */
  samples: [string, number[]][];
  load: AttendantLoad;
}

type Api = ReturnType<typeof client>;
type TurnBody = {
  id?: string;
  mensagens: { texto: string }[];
  estado: { etapa: string; unidade_id: string | null; solicitacao_id: string | null; resultado: string | null };
};

/** Refuses, before anything is seeded, a run that would take a key past its budget (a 429 is no measurement). */
export function assertAttendantBudget() {
  if (!(ATTENDANT_CONVERSATIONS >= 1 && ATTENDANT_ROUNDS >= 1)) {
    throw new Error("BENCH_ATTENDANT_CONVERSATIONS e BENCH_ATTENDANT_ROUNDS devem ser pelo menos 1.");
  }
  const budget = (ATTENDANT_ROUNDS + WARMUP_ROUNDS) * MAX_TURNS;
  if (budget > API_KEY_REQUESTS_PER_MINUTE) {
    throw new Error(
      `BENCH_ATTENDANT_ROUNDS=${ATTENDANT_ROUNDS}: ${budget} requisições por chave passam do limite de ` +
        `${API_KEY_REQUESTS_PER_MINUTE}/min (no máximo ${Math.floor(API_KEY_REQUESTS_PER_MINUTE / MAX_TURNS) - WARMUP_ROUNDS} rodadas).`,
    );
  }
}

export function parsePause(text: string): [number, number] {
  const parts = text.split("-").map((n) => Number(n.trim()));
  const min = parts[0] ?? Number.NaN;
  const max = parts[1] ?? min;
  if (!(parts.length <= 2 && Number.isFinite(min) && Number.isFinite(max) && min >= 0 && max >= min)) {
    throw new Error(`BENCH_ATTENDANT_PAUSE_MS="${text}": use um número ou "mín-máx" em ms (ex.: 1000-3000, 0).`);
  }
  return [min, max];
}

/** The visitor hears the reply and says the next line (or the next visitor walks up and presses the button). */
function pause() {
  const [min, max] = ATTENDANT_PAUSE_MS;
  const ms = min + Math.random() * (max - min);
  return ms > 0 ? new Promise((resolve) => setTimeout(resolve, ms)) : Promise.resolve();
}

function percentile(sorted: number[], p: number) {
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? Number.NaN;
}
const round1 = (n: number) => Math.round(n * 10) / 10;

/** "da Torre A", "do Bloco 12", or nothing for a condominium without towers. */
export function where(t: AttendantTarget) {
  if (!t.torre) return "";
  return /^torre/i.test(t.torre) ? ` da ${t.torre}` : ` do ${t.torre}`;
}
export const article = (nome: string) => (FEMININE.has(nome) ? "a" : "o");

/**
 * The condominium with the most active residents and, from it, `count` distinct units in random
 * order, each with the first name of one of its active residents.
 */
export async function attendantTargets(system: System, organizationId: string, count: number) {
  const db = system.handle.db;
  const [condo] = (
    (await db.execute(sql`
      SELECT m.condominio_id AS id, count(*)::int AS n
      FROM unidade_moradores m JOIN pessoas p ON p.id = m.pessoa_id
      WHERE m.organization_id = ${organizationId} AND m.ativo AND p.ativo
      GROUP BY m.condominio_id ORDER BY n DESC LIMIT 1`)) as unknown as { rows: { id: string }[] }
  ).rows;
  if (!condo) throw new Error("atendente: nenhum condomínio com moradores ativos.");
  const rows = (
    (await db.execute(sql`
      SELECT u.id, u.codigo, u.torre, r.nome
      FROM unidades u
      JOIN LATERAL (
        SELECT p.nome FROM unidade_moradores m JOIN pessoas p ON p.id = m.pessoa_id
        WHERE m.unidade_id = u.id AND m.ativo AND p.ativo ORDER BY random() LIMIT 1
      ) r ON true
      WHERE u.organization_id = ${organizationId} AND u.condominio_id = ${condo.id} AND u.enabled
      ORDER BY random()
      LIMIT ${count}`)) as unknown as {
      rows: { id: string; codigo: string; torre: string | null; nome: string }[];
    }
  ).rows;
  if (rows.length < count)
    throw new Error(`atendente: precisava de ${count} unidades com morador, achei ${rows.length}.`);
  const targets: AttendantTarget[] = rows.map((r) => ({
    unidadeId: r.id,
    codigo: r.codigo,
    torre: r.torre,
    morador: r.nome.split(" ")[0]!,
  }));
  return { condominioId: condo.id, targets };
}

/** Local HH:MM in São Paulo (the bench condominium's zone), `hours` from now. */
function hoursFromNow(hours: number) {
  const { seconds } = localClock(new Date(Date.now() + hours * 3_600_000), "America/Sao_Paulo");
  const m = Math.floor(seconds / 60);
  return `${String(Math.floor(m / 60)).padStart(2, "0")}:${String(m % 60).padStart(2, "0")}`;
}

/**
 * A recurring pass for one PIN visitor, every day from three hours before now to three after (a
 * window across midnight runs into the next day), so the bench lets them in at any time of day.
 */
function passFor(condominioId: string, t: AttendantTarget, nome: string) {
  const today = localClock(new Date(), "America/Sao_Paulo").date;
  return {
    condominio_id: condominioId,
    unidade_id: t.unidadeId,
    tipo: "prestador",
    nome,
    descricao: "diarista",
    modalidade: "recorrente",
    data_inicio: addDays(today, -2),
    data_fim: addDays(today, 30),
    dias_semana: [0, 1, 2, 3, 4, 5, 6],
    hora_inicio: hoursFromNow(-3),
    hora_fim: hoursFromNow(3),
  };
}

/**
 * Creates the intercoms' keys and the PIN visitors' passes through the console (as the síndico
 * does), then plays the conversations. `sindico` is the síndico's signed-in client.
 */
export async function runAttendantConversations(
  system: System,
  organizationId: string,
  sindico: Api,
  options: { conversations?: number; rounds?: number } = {},
): Promise<AttendantResult> {
  assertAttendantBudget();
  const conversations = options.conversations ?? ATTENDANT_CONVERSATIONS;
  const rounds = options.rounds ?? ATTENDANT_ROUNDS;
  const totalRounds = rounds + WARMUP_ROUNDS;
  const { condominioId, targets } = await attendantTargets(system, organizationId, conversations * totalRounds);

  const apis: Api[] = [];
  for (let w = 0; w < conversations; w++) {
    const res = await sindico.post("/api/integracoes/chaves", {
      json: { nome: `Interfone Bench ${String(w + 1).padStart(2, "0")}`, escopos: ["atendente:conversar"] },
    });
    if (res.status !== 201) throw new Error(`criar chave: HTTP ${res.status} ${JSON.stringify(res.body)}`);
    apis.push(client(system, { headers: { authorization: `Bearer ${res.body.segredo}` } }));
  }
  // One pass per PIN visitor, so every PIN is a first entry.
  const pins = new Map<number, string>();
  for (let n = 0; n < targets.length; n++) {
    if (kindOf(n % conversations) !== "pin") continue;
    const res = await sindico.post("/api/passes", {
      json: passFor(condominioId, targets[n]!, `Diarista Bench ${n + 1}`),
    });
    if (res.status !== 201) throw new Error(`criar passe: HTTP ${res.status} ${JSON.stringify(res.body)}`);
    pins.set(n, res.body.pin);
  }

  const times = new Map<Turn, number[]>(Object.keys(TURNS).map((k) => [k as Turn, []]));
  const all: number[] = [];
  const outcomes = new Map<Kind, { conversations: number; completed: number }>();
  const failures: string[] = [];
  const requests: { solicitacaoId: string; unidadeId: string }[] = [];
  const runner = lanes(apis.length);
  let turnsMeasured = 0;

  /** One conversation from the opening to where its script must end; false (and a failure) elsewhere. */
  async function conversation(api: Api, n: number, kind: Kind): Promise<boolean> {
    const t = targets[n]!;
    const [o, visitante] = VISITORS[n % VISITORS.length]!;
    const unit = `${t.codigo}${where(t)}`;
    const morador = `${article(t.morador)} ${t.morador}`;
    const fail = (turn: Turn, res: CallResult<TurnBody>, why: string) => {
      const said = res.body?.mensagens?.map((m) => m.texto).join(" ") ?? JSON.stringify(res.body);
      failures.push(
        `${runner.measuring ? "" : "aquecimento: "}${KIND_LABEL[kind]} (${unit}, ${t.morador}) — ${TURNS[turn]}: ${why}; HTTP ${res.status}, ` +
          `etapa ${res.body?.estado?.etapa ?? "?"}: "${said.slice(0, 160)}"`,
      );
      return false;
    };
    async function say(turn: Turn, path: string, json: unknown) {
      await pause();
      const t0 = performance.now();
      const res = await api.post<TurnBody>(path, { json, headers: { "idempotency-key": randomUUID() } });
      const ms = performance.now() - t0;
      if (runner.measuring) {
        times.get(turn)!.push(ms);
        all.push(ms);
        turnsMeasured++;
      }
      return res;
    }

    const opened = await say("abrir", "/api/v1/atendente/conversas", { condominio_id: condominioId });
    if (opened.status !== 201 || opened.body.estado?.etapa !== "identificando")
      return fail("abrir", opened, "esperava 201 e etapa identificando");
    const path = `/api/v1/atendente/conversas/${opened.body.id}/mensagens`;
    const expect = (turn: Turn, res: CallResult<TurnBody>, etapa: string) =>
      res.status === 200 && res.body.estado?.etapa === etapa ? true : fail(turn, res, `esperava etapa ${etapa}`);

    switch (kind) {
      case "pin": {
        const res = await say("pin", path, { texto: `Boa tarde, sou a diarista, tenho um código: ${pins.get(n)}` });
        if (!expect("pin", res, "concluida")) return false;
        if (res.body.estado.resultado !== "passe_liberado") return fail("pin", res, "esperava passe_liberado");
        return true;
      }
      case "porteiro": {
        const res = await say("porteiro", path, { texto: "Boa noite, quero falar com o porteiro, por favor" });
        return expect("porteiro", res, "com_porteiro");
      }
      case "pedido": {
        const res = await say("completa", path, {
          texto: `Boa noite, sou ${o} ${visitante}, vim ver ${morador} do ${unit}`,
        });
        if (!expect("completa", res, "confirmando")) return false;
        if (res.body.estado.unidade_id !== t.unidadeId) return fail("completa", res, "propôs outra unidade");
        break;
      }
      case "pedido_em_duas_falas": {
        const named = await say("nome", path, { texto: `Oi, aqui é ${o} ${visitante}` });
        if (!expect("nome", named, "identificando")) return false;
        const res = await say("unidade", path, { texto: `Vim visitar ${morador}, apartamento ${unit}` });
        if (!expect("unidade", res, "confirmando")) return false;
        if (res.body.estado.unidade_id !== t.unidadeId) return fail("unidade", res, "propôs outra unidade");
        break;
      }
    }
    const yes = await say("sim", path, { texto: "sim" });
    if (!expect("sim", yes, "aguardando_morador")) return false;
    if (!yes.body.estado.solicitacao_id) return fail("sim", yes, "sem solicitação");
    if (runner.measuring) requests.push({ solicitacaoId: yes.body.estado.solicitacao_id, unidadeId: t.unidadeId });
    return true;
  }

  // Every intercom at once, one conversation after the other. The warm-up's failures are listed too
  // (marked), but only the measured rounds are counted.
  const { seconds, nodeCpuPct } = await runner.run(WARMUP_ROUNDS, rounds, async (slot, round) => {
    const kind = kindOf(slot);
    const done = await conversation(apis[slot]!, round * conversations + slot, kind);
    if (!runner.measuring) return;
    const o = outcomes.get(kind) ?? { conversations: 0, completed: 0 };
    o.conversations++;
    if (done) o.completed++;
    outcomes.set(kind, o);
  });

  // Each visit's request, read back from the database: for the unit the visitor named, by the attendant.
  let wrongUnit = 0;
  if (requests.length > 0) {
    const ids = sql.join(
      requests.map((r) => sql`${r.solicitacaoId}::uuid`),
      sql`, `,
    );
    const rows = (
      (await system.handle.db.execute(sql`
        SELECT id, unidade_id, criado_pelo_atendente, status FROM solicitacoes_acesso
        WHERE organization_id = ${organizationId} AND id IN (${ids})`)) as unknown as {
        rows: { id: string; unidade_id: string; criado_pelo_atendente: boolean; status: string }[];
      }
    ).rows;
    const byId = new Map(rows.map((r) => [r.id, r]));
    for (const r of requests) {
      const row = byId.get(r.solicitacaoId);
      if (!row || row.unidade_id !== r.unidadeId || !row.criado_pelo_atendente) {
        wrongUnit++;
        failures.push(`solicitação ${r.solicitacaoId}: ${row ? `unidade ${row.unidade_id}` : "não encontrada"}`);
      }
    }
  }

  const sorted = [...all].sort((a, b) => a - b);
  const p95 = round1(percentile(sorted, 95));
  const byKind = [...outcomes].map(([kind, o]) => ({
    kind: KIND_LABEL[kind],
    conversations: o.conversations,
    completed: o.completed,
    failed: o.conversations - o.completed,
  }));
  const completed = byKind.reduce((s, k) => s + k.completed, 0) - wrongUnit;
  const label = (s: string) => `atendente (${conversations} conversas): ${s}`;
  return {
    samples: [
      ...[...times].filter(([, v]) => v.length > 0).map(([turn, v]): [string, number[]] => [label(TURNS[turn]), v]),
      [label("todas as falas"), all],
    ],
    load: {
      conversations,
      rounds,
      pause_ms: ATTENDANT_PAUSE_MS,
      turns: turnsMeasured,
      seconds: round1(seconds),
      turns_per_s: Math.round(turnsMeasured / seconds),
      node_cpu_pct: nodeCpuPct,
      completed,
      failed: conversations * rounds - completed,
      wrong_unit: wrongUnit,
      by_kind: byKind,
      p50: round1(percentile(sorted, 50)),
      p95,
      max: round1(sorted.at(-1) ?? Number.NaN),
      target_p95_ms: ATTENDANT_TARGET_P95_MS,
      met: p95 <= ATTENDANT_TARGET_P95_MS,
      failures,
    },
  };
}

export interface AttendantProfileRow {
  part: string;
  samples: number;
  p50: number;
  max: number;
}

/**
 * Where a turn's time goes, part by part, one call at a time on an idle instance (after the
 * conversations): the directory the service asks for on every turn (its version checked, the rows
 * kept: src/server/attendant/directory.ts), the same read in full (in a transaction, which keeps
 * nothing: what a change to the directory costs), the engine's reply with its index of the directory
 * cached, and the index built again (also after a change).
 */
export async function profileAttendantTurn(system: System, organizationId: string): Promise<AttendantProfileRow[]> {
  const { condominioId, targets } = await attendantTargets(system, organizationId, 20);
  const engine = await createEmbeddedEngine();
  const rows: AttendantProfileRow[] = [];
  async function time(part: string, n: number, fn: (i: number) => unknown) {
    const ts: number[] = [];
    for (let i = 0; i < n; i++) {
      const t = performance.now();
      await fn(i);
      ts.push(performance.now() - t);
    }
    ts.sort((a, b) => a - b);
    rows.push({ part, samples: n, p50: round1(percentile(ts, 50)), max: round1(ts.at(-1)!) });
  }
  const db = system.handle.db;
  let directory = await loadDirectory(db, organizationId, condominioId);
  const residents = directory.units.reduce((n, u) => n + u.moradores.length, 0);
  const size = `${directory.units.length} unidades, ${residents} moradores`;
  await time("diretório: versão conferida, sem mudança", 20, async () => {
    directory = await loadDirectory(db, organizationId, condominioId);
  });
  await time(`diretório: leitura completa (${size})`, 10, () =>
    db.transaction((tx) => loadDirectory(tx, organizationId, condominioId)),
  );
  const line = (i: number) => {
    const t = targets[i % targets.length]!;
    return `Boa noite, sou o Carlos, vim ver ${article(t.morador)} ${t.morador} do ${t.codigo}${where(t)}`;
  };
  const state = engine.start().state;
  await engine.turn(state, line(0), directory);
  await time("motor: identificação numa fala (índice em cache)", 20, (i) => engine.turn(state, line(i), directory));
  await time("motor: índice do diretório refeito (após uma mudança)", 3, (i) =>
    engine.turn(state, line(i), { ...directory, units: [...directory.units] }),
  );
  return rows;
}
