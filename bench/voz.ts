/**
 * The gate's phone line under load (docs/benchmarks.md, "Linha telefônica (TwiML)"; target: TwiML answer
 * p95 ≤ 300 ms with 50 calls at once): BENCH_VOZ_CALLS visitors (50) call one gate's line of the bench
 * tenant's largest condominium at the same time, every request made as Twilio makes it
 * (scripts/simulator/twilio-line.ts: the call's form, signed in `X-Twilio-Signature` by the SDK's
 * getExpectedTwilioSignature over the instance's PUBLIC_URL with its TWILIO_AUTH_TOKEN):
 *
 * 1. the greeting: `POST /api/webhooks/twilio/voz?portao=<id>` (the gate's `voz_url`, as the console shows it);
 * 2. the visit in one line, as Twilio's speech recognition hands it over (`SpeechResult`):
 *    "Boa noite, sou o Rui, vim ver a Ana do 101 da Torre C", built from the directory as the
 *    attendant's bench builds it (bench/attendant.ts: a real unit, one of its residents' first name);
 * 3. "sim" (creates the request), which must answer the wait (<Pause>, <Redirect> to `/voz/aguardar`);
 * 4. one request of that wait, after the <Pause> the TwiML asks for (3 s), still waiting.
 *
 * Then the visitor hangs up (the number's status callback, not timed). Each spoken line comes
 * BENCH_VOZ_PAUSE_MS after the previous answer (1000-3000 by default, less than hearing the attendant's
 * lines and answering take on a phone), and so does the next call after one ends; BENCH_VOZ_PAUSE_MS=0
 * sends everything at once, the wait included (the instance's saturation, not the requirement).
 * BENCH_VOZ_ROUNDS calls per line (4) after one unmeasured one. A call counts as completed only when
 * every answer is the one its step must give and the request read back from the database is for the
 * unit the visitor named, created by the attendant at that gate; anything else is listed and fails the run.
 *
 * A TwiML answer's time is the in-process `app.request` around each POST (signing and reading the
 * TwiML are in it, microseconds): routing, the signature check, the conversation's turn and its
 * idempotency record, the engine, TwiML, and the wait for the one event loop the app shares with the
 * other 49 calls. No network and no loopback socket.
 */

import { sql } from "drizzle-orm";
import { type TwimlAnswer, twilioLine } from "../scripts/simulator/twilio-line";
import type { System } from "../src/server/bootstrap";
import type { client } from "../tests/support/http";
import { type AttendantTarget, article, attendantTargets, parsePause, VISITORS, where } from "./attendant";
import { lanes } from "./lanes";

export const VOZ_CALLS = Number(process.env.BENCH_VOZ_CALLS ?? 50);
export const VOZ_ROUNDS = Number(process.env.BENCH_VOZ_ROUNDS ?? 4);
/** "min-max" or one number, in ms: how long a visitor takes to answer the attendant. */
export const VOZ_PAUSE_MS = parsePause(process.env.BENCH_VOZ_PAUSE_MS ?? "1000-3000");
/** The TwiML answer target (docs/benchmarks.md, "Linha telefônica (TwiML)"), with 50 calls at once. */
export const VOZ_TARGET_P95_MS = 300;
/** The bench instance's TWILIO_AUTH_TOKEN: with it alone the line answers and nobody is called. */
export const VOZ_TWILIO_TOKEN = "bench-twilio-auth-token-0123456789";
/** Unmeasured calls per line first: the engine's training, the directory's index, plans. */
const WARMUP_ROUNDS = 1;

const STEPS = {
  saudacao: "saudação (a chamada chega)",
  identificacao: "visita numa fala (SpeechResult)",
  sim: 'confirmação "sim" (cria a solicitação)',
  espera: "espera pelos moradores (Redirect)",
} as const;
type Step = keyof typeof STEPS;

export interface VozStepRow {
  step: string;
  samples: number;
  p50: number;
  p95: number;
  p99: number;
  max: number;
}

export interface VozLoad {
  calls: number;
  rounds: number;
  pause_ms: [number, number];
  /** TwiML requests measured. */
  requests: number;
  seconds: number;
  requests_per_s: number;
  /** CPU of this process (app and callers, one thread) over the wall clock. */
  node_cpu_pct: number;
  completed: number;
  failed: number;
  /** Requests created by the measured calls for another unit, by someone else, or at another gate. */
  wrong_unit: number;
  /** Answers other than HTTP 200. */
  http_errors: number;
  by_step: VozStepRow[];
  p50: number;
  p95: number;
  p99: number;
  max: number;
  target_p95_ms: number;
  met: boolean;
  failures: string[];
}

export interface VozResult {
  /** Latency samples (ms) per row of the result table, in table order. */
  samples: [string, number[]][];
  load: VozLoad;
}

export function assertVozBudget() {
  if (!(VOZ_CALLS >= 1 && VOZ_ROUNDS >= 1))
    throw new Error("BENCH_VOZ_CALLS e BENCH_VOZ_ROUNDS devem ser pelo menos 1.");
}

function pause() {
  const [min, max] = VOZ_PAUSE_MS;
  const ms = min + Math.random() * (max - min);
  return ms > 0 ? new Promise((resolve) => setTimeout(resolve, ms)) : Promise.resolve();
}

function percentile(sorted: number[], p: number) {
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? Number.NaN;
}
const round1 = (n: number) => Math.round(n * 10) / 10;

function stats(times: number[]) {
  const sorted = [...times].sort((a, b) => a - b);
  return {
    samples: sorted.length,
    p50: round1(percentile(sorted, 50)),
    p95: round1(percentile(sorted, 95)),
    p99: round1(percentile(sorted, 99)),
    max: round1(sorted.at(-1) ?? Number.NaN),
  };
}

/**
 * Creates the gate through the console (as the síndico does: its `voz_url` is what Twilio is given),
 * then plays the calls. `publicUrl` is the instance's PUBLIC_URL, the address Twilio signs.
 */
export async function runVozCalls(
  system: System,
  organizationId: string,
  sindico: ReturnType<typeof client>,
  options: { publicUrl: string; token?: string },
): Promise<VozResult> {
  assertVozBudget();
  const totalRounds = VOZ_ROUNDS + WARMUP_ROUNDS;
  const { condominioId, targets } = await attendantTargets(system, organizationId, VOZ_CALLS * totalRounds);
  const gate = await sindico.post("/api/portoes", {
    json: { condominio_id: condominioId, nome: "Portaria Bench (linha telefônica)" },
  });
  if (gate.status !== 201) throw new Error(`criar portão: HTTP ${gate.status} ${JSON.stringify(gate.body)}`);
  const portaoId: string = gate.body.id;
  const vozUrl: string | undefined = gate.body.voz_url;
  const publicUrl = options.publicUrl.replace(/\/$/, "");
  if (vozUrl !== `${publicUrl}/api/webhooks/twilio/voz?portao=${portaoId}`)
    throw new Error(`voz_url ${vozUrl} não está no PUBLIC_URL ${publicUrl}: a assinatura não conferiria.`);

  const line = twilioLine({
    baseUrl: publicUrl,
    token: options.token ?? VOZ_TWILIO_TOKEN,
    fetch: async (url, init) => system.app.request(url, init),
  });
  const times = new Map<Step, number[]>(Object.keys(STEPS).map((k) => [k as Step, []]));
  const all: number[] = [];
  const failures: string[] = [];
  const measuredCalls: { sid: string; unidadeId: string }[] = [];
  const runner = lanes(VOZ_CALLS);
  let httpErrors = 0;
  let completed = 0;
  let attempted = 0;

  /** One call from the ring to hanging up during the wait; false (and a failure) when a step went wrong. */
  async function call(n: number): Promise<boolean> {
    const t: AttendantTarget = targets[n]!;
    const [o, visitante] = VISITORS[n % VISITORS.length]!;
    const unit = `${t.codigo}${where(t)}`;
    const twilio = line.call();
    const fail = (step: Step, answer: TwimlAnswer, why: string) => {
      failures.push(
        `${runner.measuring ? "" : "aquecimento: "}${unit} (${t.morador}) — ${STEPS[step]}: ${why}; HTTP ${answer.status}: ` +
          `"${(answer.spoken.join(" ") || answer.text).slice(0, 160)}"`,
      );
      return false;
    };
    async function timed(step: Step, request: () => Promise<TwimlAnswer>) {
      const t0 = performance.now();
      const answer = await request();
      const ms = performance.now() - t0;
      if (runner.measuring) {
        times.get(step)!.push(ms);
        all.push(ms);
        if (answer.status !== 200) httpErrors++;
      }
      return answer;
    }

    await pause();
    const greeting = await timed("saudacao", () => twilio.ring(portaoId));
    if (greeting.status !== 200 || !greeting.gather || !greeting.next?.includes("/voz/turno"))
      return fail("saudacao", greeting, "esperava <Gather> para /voz/turno");
    await pause();
    const asked = await timed("identificacao", () =>
      twilio.say(
        greeting.next!,
        `Boa noite, sou ${o} ${visitante}, vim ver ${article(t.morador)} ${t.morador} do ${unit}`,
      ),
    );
    if (asked.status !== 200 || !asked.gather || !asked.spoken.join(" ").includes(t.codigo))
      return fail("identificacao", asked, "esperava a confirmação da unidade (<Gather>)");
    await pause();
    const yes = await timed("sim", () => twilio.say(asked.next!, "sim"));
    if (yes.status !== 200 || !yes.redirect || !yes.next?.includes("/voz/aguardar"))
      return fail("sim", yes, "esperava a espera (<Redirect> para /voz/aguardar)");
    if (runner.measuring) measuredCalls.push({ sid: twilio.sid, unidadeId: t.unidadeId });
    // Twilio says the lines, pauses as the TwiML asks, then follows the redirect.
    if (VOZ_PAUSE_MS[1] > 0) await new Promise((resolve) => setTimeout(resolve, yes.waitSeconds * 1000));
    const waiting = await timed("espera", () => twilio.follow(yes.next!));
    if (waiting.status !== 200 || !waiting.redirect || !waiting.next?.includes("/voz/aguardar"))
      return fail("espera", waiting, "esperava continuar aguardando (<Redirect>)");
    const ended = await twilio.hangUp();
    if (ended.status !== 204) return fail("espera", ended, "o status callback de fim da chamada não deu 204");
    return true;
  }

  // Every line at once, one call after the other; the warm-up's failures are listed, not counted.
  const { seconds, nodeCpuPct } = await runner.run(WARMUP_ROUNDS, VOZ_ROUNDS, async (slot, round) => {
    const n = round * VOZ_CALLS + slot;
    const done = await call(n).catch((error: unknown) => {
      failures.push(`${runner.measuring ? "" : "aquecimento: "}chamada ${n}: ${String(error)}`);
      return false;
    });
    if (!runner.measuring) return;
    attempted++;
    if (done) completed++;
  });

  // Each call's request, read back: for the unit the visitor named, by the attendant, at the gate called.
  let wrongUnit = 0;
  if (measuredCalls.length > 0) {
    const sids = sql.join(
      measuredCalls.map((c) => sql`${c.sid}`),
      sql`, `,
    );
    const rows = (
      (await system.handle.db.execute(sql`
        SELECT c.contato, s.unidade_id, s.criado_pelo_atendente, s.portao_id
        FROM atendente_conversas c LEFT JOIN solicitacoes_acesso s ON s.id = c.solicitacao_id
        WHERE c.organization_id = ${organizationId} AND c.canal = 'telefone' AND c.contato IN (${sids})`)) as unknown as {
        rows: {
          contato: string;
          unidade_id: string | null;
          criado_pelo_atendente: boolean | null;
          portao_id: string | null;
        }[];
      }
    ).rows;
    const bySid = new Map(rows.map((r) => [r.contato, r]));
    for (const c of measuredCalls) {
      const row = bySid.get(c.sid);
      if (!row || row.unidade_id !== c.unidadeId || !row.criado_pelo_atendente || row.portao_id !== portaoId) {
        wrongUnit++;
        failures.push(
          `chamada ${c.sid}: ${row ? `unidade ${row.unidade_id}, portão ${row.portao_id}` : "sem solicitação"}`,
        );
      }
    }
  }

  const total = stats(all);
  const label = (s: string) => `linha telefônica (${VOZ_CALLS} chamadas): ${s}`;
  const done = completed - wrongUnit;
  return {
    samples: [
      ...[...times].filter(([, v]) => v.length > 0).map(([step, v]): [string, number[]] => [label(STEPS[step]), v]),
      [label("todas as respostas TwiML"), all],
    ],
    load: {
      calls: VOZ_CALLS,
      rounds: VOZ_ROUNDS,
      pause_ms: VOZ_PAUSE_MS,
      requests: all.length,
      seconds: round1(seconds),
      requests_per_s: Math.round(all.length / seconds),
      node_cpu_pct: nodeCpuPct,
      completed: done,
      failed: attempted - done,
      wrong_unit: wrongUnit,
      http_errors: httpErrors,
      by_step: [
        ...[...times].map(([step, v]) => ({ step: STEPS[step], ...stats(v) })),
        { step: "todas as respostas TwiML", ...total },
      ],
      p50: total.p50,
      p95: total.p95,
      p99: total.p99,
      max: total.max,
      target_p95_ms: VOZ_TARGET_P95_MS,
      met: total.p95 <= VOZ_TARGET_P95_MS,
      failures,
    },
  };
}
