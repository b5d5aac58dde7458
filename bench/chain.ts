/**
 * The integration API under load (docs/product.md, "Integration API"): BENCH_CHAIN_KEYS API keys of the bench
 * tenant (50), one worker per key, all at once, each driving the PBX chain BENCH_CHAIN_ROUNDS times (10):
 * look the dialled extension up, register the visitor, call the unit's first resident, discando, atendida,
 * DTMF 1, concluida. Every POST carries its own Idempotency-Key, as a PBX sends it.
 *
 * Gives the latency of every request (per step) and of every whole chain, and the throughput over
 * the wall clock. Any non-2xx fails the bench, a 429 included: a key over its budget
 * (API_KEY_REQUESTS_PER_MINUTE) is not a measurement, so a run that would need more is refused.
 */
import { randomUUID } from "node:crypto";
import { sql } from "drizzle-orm";
import { API_KEY_REQUESTS_PER_MINUTE } from "../src/server/auth/api-key";
import type { System } from "../src/server/bootstrap";
import { type CallResult, client } from "../tests/support/http";
import { benchChainUnits } from "./seed";

export const CHAIN_KEYS = Number(process.env.BENCH_CHAIN_KEYS ?? 50);
export const CHAIN_ROUNDS = Number(process.env.BENCH_CHAIN_ROUNDS ?? 10);
/** Unmeasured chains per key first (plans, caches, JIT), like the read cases' warm-up. */
const WARMUP_ROUNDS = 1;

const STEPS = [
  "diretório por ramal",
  "cria solicitação",
  "inicia chamada",
  "status discando",
  "status atendida",
  "resposta DTMF 1",
  "status concluída",
] as const;
const EXPECTED = [200, 201, 201, 200, 200, 200, 200];
const SCOPES = ["solicitacoes:escrever", "chamadas:escrever", "diretorio:ler"];

export interface ChainLoad {
  keys: number;
  rounds: number;
  chains: number;
  requests: number;
  seconds: number;
  chains_per_s: number;
  requests_per_s: number;
  /** CPU of this process (app and bench client, one thread) over the wall clock: near 100, it is the limit. */
  node_cpu_pct: number;
}

export interface ChainResult {
  /** Latency samples (ms) per row of the result table, in table order. */
  samples: [string, number[]][];
  load: ChainLoad;
}

type Api = ReturnType<typeof client>;
type Failure = { step: string; status: number; message: string };

/** Refuses, before anything is seeded, a run that would take a key past its budget (a 429 is no measurement). */
export function assertChainBudget() {
  if (!(CHAIN_KEYS >= 1 && CHAIN_ROUNDS >= 1)) {
    throw new Error("BENCH_CHAIN_KEYS e BENCH_CHAIN_ROUNDS devem ser pelo menos 1.");
  }
  const budget = (CHAIN_ROUNDS + WARMUP_ROUNDS) * STEPS.length;
  if (budget > API_KEY_REQUESTS_PER_MINUTE) {
    throw new Error(
      `BENCH_CHAIN_ROUNDS=${CHAIN_ROUNDS}: ${budget} requisições por chave passam do limite de ${API_KEY_REQUESTS_PER_MINUTE}/min ` +
        `(no máximo ${Math.floor(API_KEY_REQUESTS_PER_MINUTE / STEPS.length) - WARMUP_ROUNDS} rodadas).`,
    );
  }
}

/**
 * Creates the keys through the console (as the síndico does) and runs the chains. `sindico` is the
 * síndico's signed-in client.
 */
export async function runChains(system: System, organizationId: string, sindico: Api): Promise<ChainResult> {
  assertChainBudget();
  const totalRounds = CHAIN_ROUNDS + WARMUP_ROUNDS;
  const units = await benchChainUnits(system.handle.db, organizationId, CHAIN_KEYS * totalRounds);
  if (units.length === 0) throw new Error("Nenhuma unidade com morador ativo e ramal para a cadeia.");

  const apis: Api[] = [];
  for (let w = 0; w < CHAIN_KEYS; w++) {
    const res = await sindico.post("/api/integracoes/chaves", {
      json: { nome: `PABX Bench ${String(w + 1).padStart(2, "0")}`, escopos: SCOPES },
    });
    if (res.status !== 201) throw new Error(`criar chave: HTTP ${res.status} ${JSON.stringify(res.body)}`);
    apis.push(client(system, { headers: { authorization: `Bearer ${res.body.segredo}` } }));
  }

  const times: number[][] = STEPS.map(() => []);
  const chainTimes: number[] = [];
  const failures: Failure[] = [];
  let measuring = false;

  /** One request of the chain: its body when it got the expected status, else null (and a failure). */
  async function step(i: number, send: () => Promise<CallResult>) {
    const t = performance.now();
    const res = await send();
    const ms = performance.now() - t;
    if (res.status !== EXPECTED[i]) {
      failures.push({ step: STEPS[i]!, status: res.status, message: res.body?.error?.message ?? String(res.body) });
      return null;
    }
    if (measuring) times[i]!.push(ms);
    return res.body;
  }
  const post = (api: Api, path: string, json: unknown) => () =>
    api.post(path, { json, headers: { "idempotency-key": randomUUID() } });

  async function chain(api: Api, ramal: string, n: string): Promise<boolean> {
    const t = performance.now();
    const dir = await step(0, () => api.get(`/api/v1/unidades?ramal=${encodeURIComponent(ramal)}`));
    const unit = dir?.items?.[0];
    const morador = unit?.moradores?.[0];
    if (!dir) return false;
    if (!morador) {
      failures.push({ step: STEPS[0], status: 200, message: `ramal ${ramal}: sem unidade ou morador ativo` });
      return false;
    }
    const solicitacao = await step(
      1,
      post(api, "/api/v1/solicitacoes", {
        condominio_id: unit.condominio_id,
        unidade_id: unit.id,
        nome_visitante: `Visitante Bench ${n}`,
      }),
    );
    if (!solicitacao) return false;
    const call = await step(
      2,
      post(api, "/api/v1/chamadas", {
        solicitacao_id: solicitacao.id,
        pessoa_id: morador.pessoa_id,
        provedor: "PABX Asterisk",
      }),
    );
    if (!call) return false;
    const path = `/api/v1/chamadas/${call.id}`;
    if (!(await step(3, post(api, `${path}/status`, { status: "discando" })))) return false;
    if (!(await step(4, post(api, `${path}/status`, { status: "atendida" })))) return false;
    const answer = await step(5, post(api, `${path}/resposta`, { dtmf: "1" }));
    if (!answer) return false;
    if (answer.solicitacao?.status !== "autorizado") {
      failures.push({ step: STEPS[5], status: 200, message: `solicitação ficou "${answer.solicitacao?.status}"` });
      return false;
    }
    if (!(await step(6, post(api, `${path}/status`, { status: "concluida" })))) return false;
    if (measuring) chainTimes.push(performance.now() - t);
    return true;
  }

  /** Every key at once, `rounds` chains each, one after the other. */
  const wave = (from: number, rounds: number) =>
    Promise.all(
      apis.map(async (api, w) => {
        for (let r = from; r < from + rounds; r++) {
          const unit = units[(w * totalRounds + r) % units.length]!;
          await chain(api, unit.ramal, `${w + 1}-${r + 1}`);
        }
      }),
    );

  await wave(0, WARMUP_ROUNDS);
  measuring = true;
  const t0 = performance.now();
  const cpu0 = process.cpuUsage();
  await wave(WARMUP_ROUNDS, CHAIN_ROUNDS);
  const seconds = (performance.now() - t0) / 1000;
  const cpu = process.cpuUsage(cpu0);
  measuring = false;

  if (failures.length > 0) {
    const byKind = new Map<string, number>();
    for (const f of failures) {
      const kind = `${f.step}: HTTP ${f.status} ${f.message}`;
      byKind.set(kind, (byKind.get(kind) ?? 0) + 1);
    }
    const lines = [...byKind].map(([kind, n]) => `  ${n}× ${kind}`).join("\n");
    throw new Error(`cadeia v1: ${failures.length} erro(s) sob carga:\n${lines}`);
  }

  // Every chain decided its request through the API: nothing was lost or doubled under load.
  const expected = CHAIN_KEYS * totalRounds;
  const [check] = (
    (await system.handle.db.execute(sql`
      SELECT count(*) FILTER (WHERE s.status = 'autorizado' AND s.decidido_por_api_key_id IS NOT NULL)::int AS autorizadas,
             count(*)::int AS total
      FROM solicitacoes_acesso s JOIN api_keys k ON k.id = s.criado_por_api_key_id
      WHERE k.organization_id = ${organizationId}`)) as unknown as { rows: { autorizadas: number; total: number }[] }
  ).rows;
  if (check?.total !== expected || check.autorizadas !== expected) {
    throw new Error(
      `cadeia v1: esperava ${expected} solicitações autorizadas pela API, achei ${JSON.stringify(check)}`,
    );
  }

  const label = (s: string) => `v1 (${CHAIN_KEYS} chaves): ${s}`;
  const chains = CHAIN_KEYS * CHAIN_ROUNDS;
  const requests = chains * STEPS.length;
  return {
    samples: [
      ...STEPS.map((s, i): [string, number[]] => [label(s), times[i]!]),
      [label(`cadeia completa (${STEPS.length} req)`), chainTimes],
    ],
    load: {
      keys: CHAIN_KEYS,
      rounds: CHAIN_ROUNDS,
      chains,
      requests,
      seconds: Math.round(seconds * 100) / 100,
      chains_per_s: Math.round((chains / seconds) * 10) / 10,
      requests_per_s: Math.round(requests / seconds),
      node_cpu_pct: Math.round((cpu.user + cpu.system) / 1e4 / seconds),
    },
  };
}
