/**
 * `npm run bench`: latency of the read endpoints on a tenant with 200,000 access requests over two
 * years, through the real app (routing, auth, validation, serialisation), on PGlite and, when a
 * server is reachable, on PostgreSQL; then the integration API's call chain under load from 50
 * concurrent API keys (bench/chain.ts). Prints p50/p95/max and the chain's throughput, and writes
 * bench/results/latest.json.
 *
 *   BENCH_REQUESTS=200000  BENCH_ITERATIONS=200  BENCH_DATABASE_URL=postgres://…/guarita_bench
 *   BENCH_CHAIN_KEYS=50  BENCH_CHAIN_ROUNDS=10
 *   BENCH_ONLY=postgres | pglite
 */
import "../src/shared/zod-config";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { sql } from "drizzle-orm";
import pg from "pg";
import { pino } from "pino";
import { createSystem, type System } from "../src/server/bootstrap";
import { openDatabase } from "../src/server/db/client";
import { createTenantWithMember } from "../tests/support/factories";
import { client } from "../tests/support/http";
import { assertChainBudget, CHAIN_KEYS, CHAIN_ROUNDS, type ChainLoad, runChains } from "./chain";
import { seedBenchRegistry, seedBenchTenant } from "./seed";

const REQUESTS = Number(process.env.BENCH_REQUESTS ?? 200_000);
const ITERATIONS = Number(process.env.BENCH_ITERATIONS ?? 200);
assertChainBudget();
const PG_ADMIN_URL =
  process.env.BENCH_ADMIN_URL ?? process.env.TEST_DATABASE_URL ?? "postgres://postgres@127.0.0.1:5432/postgres";

type Row = { database: string; endpoint: string; p50: number; p95: number; max: number };

function percentile(sorted: number[], p: number) {
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!;
}

function summarise(name: string, times: number[]): Omit<Row, "database"> {
  const sorted = [...times].sort((a, b) => a - b);
  const r = (n: number) => Math.round(n * 10) / 10;
  return { endpoint: name, p50: r(percentile(sorted, 50)), p95: r(percentile(sorted, 95)), max: r(sorted.at(-1)!) };
}

async function measure(name: string, call: () => Promise<{ status: number }>): Promise<Omit<Row, "database">> {
  for (let i = 0; i < 10; i++) await call(); // warm caches and plans
  const times: number[] = [];
  for (let i = 0; i < ITERATIONS; i++) {
    const t = performance.now();
    const res = await call();
    times.push(performance.now() - t);
    if (res.status !== 200) throw new Error(`${name}: HTTP ${res.status}`);
  }
  return summarise(name, times);
}

async function freshPostgres(): Promise<string | null> {
  const admin = new pg.Client({ connectionString: PG_ADMIN_URL });
  try {
    await admin.connect();
  } catch {
    return null;
  }
  await admin.query("DROP DATABASE IF EXISTS guarita_bench WITH (FORCE)");
  await admin.query("CREATE DATABASE guarita_bench");
  await admin.end();
  const url = new URL(PG_ADMIN_URL);
  url.pathname = "/guarita_bench";
  return url.toString();
}

async function run(label: string, system: System): Promise<{ rows: Row[]; load: ChainLoad & { database: string } }> {
  const t0 = performance.now();
  const tenant = await createTenantWithMember(system, { role: "sindico", name: "Cliente Bench" });
  const condoIds = await seedBenchTenant(system.handle.db, tenant.org.id, REQUESTS);
  await seedBenchRegistry(system.handle.db, tenant.org.id, condoIds);
  console.info(
    `${label}: ${REQUESTS.toLocaleString("pt-BR")} solicitações, 5.000 unidades, 20.000 pessoas e 300.000 chamadas semeadas em ${Math.round((performance.now() - t0) / 1000)} s`,
  );
  const ids = (
    (await system.handle.db.execute(
      sql`SELECT id FROM solicitacoes_acesso ORDER BY random() LIMIT 500`,
    )) as unknown as {
      rows: { id: string }[];
    }
  ).rows.map((r) => r.id);
  const api = client(system, { cookie: tenant.cookie });
  let k = 0;
  const cases: [string, () => Promise<{ status: number }>][] = [
    ["lista: 1ª página", () => api.get("/api/solicitacoes")],
    ["lista: status=pendente", () => api.get("/api/solicitacoes?status=pendente")],
    [
      "lista: tipo + período (30 dias)",
      () =>
        api.get(
          `/api/solicitacoes?tipo=prestador&de=${encodeURIComponent(new Date(Date.now() - 30 * 86_400_000).toISOString())}`,
        ),
    ],
    ["lista: busca 'joao'", () => api.get("/api/solicitacoes?q=joao")],
    ["lista: busca documento", () => api.get(`/api/solicitacoes?q=${String(12345 + (k++ % 50))}`)],
    ["dashboard: kpis", () => api.get("/api/dashboard/kpis")],
    ["dashboard: últimas", () => api.get("/api/dashboard/ultimas")],
    ["detalhe", () => api.get(`/api/solicitacoes/${ids[k++ % ids.length]}`)],
    ["unidades: 1ª página", () => api.get("/api/unidades")],
    ["unidades: busca 'cobertura'", () => api.get("/api/unidades?q=cobertura")],
    ["pessoas: 1ª página", () => api.get("/api/pessoas")],
    ["pessoas: busca 'conceicao'", () => api.get("/api/pessoas?q=conceicao")],
    ["pessoas: inativas", () => api.get("/api/pessoas?status=inativo")],
    ["chamadas: 1ª página", () => api.get("/api/chamadas")],
    ["chamadas: status=falhou", () => api.get("/api/chamadas?status=falhou")],
    ["chamadas: busca 'whatsapp joao'", () => api.get("/api/chamadas?q=joao")],
  ];
  const rows: Row[] = [];
  for (const [name, call] of cases) rows.push({ database: label, ...(await measure(name, call)) });
  // Last: the chain writes requests and calls, which the read cases above must not see.
  const chain = await runChains(system, tenant.org.id, api);
  for (const [name, times] of chain.samples) rows.push({ database: label, ...summarise(name, times) });
  return { rows, load: { database: label, ...chain.load } };
}

const logger = pino({ level: "silent" });
const base = {
  logger,
  authSecret: "bench-secret-bench-secret-bench-secret",
  publicUrl: "http://localhost:3000",
  trustProxy: true,
  signInPerMinute: 1000,
  // Nothing here sends e-mail, but a system needs somewhere to put it.
  mailDir: path.join(os.tmpdir(), "guarita-bench-mail"),
};
const results: Row[] = [];
const loads: (ChainLoad & { database: string })[] = [];

// BENCH_ONLY=postgres or BENCH_ONLY=pglite measures one database.
const only = process.env.BENCH_ONLY;
if (only !== "postgres") {
  const pglite = await createSystem({ ...base, database: { dataDir: null } });
  const { rows, load } = await run("PGlite", pglite);
  results.push(...rows);
  loads.push(load);
  await pglite.close();
}

const pgUrl = only === "pglite" ? null : (process.env.BENCH_DATABASE_URL ?? (await freshPostgres()));
if (pgUrl) {
  const postgres = await createSystem({ ...base, handle: await openDatabase({ url: pgUrl, poolMax: 10 }) });
  const { rows, load } = await run("PostgreSQL", postgres);
  results.push(...rows);
  loads.push(load);
  await postgres.close();
} else {
  console.info("PostgreSQL inacessível: medindo só o PGlite.");
}

console.info(
  `\n${ITERATIONS} requisições por caso de leitura, uma de cada vez; linhas v1: ${CHAIN_KEYS} chaves em paralelo, ` +
    `${CHAIN_ROUNDS} cadeias cada (${CHAIN_KEYS * CHAIN_ROUNDS} amostras por linha). Em ms, dentro do processo, sem rede:\n`,
);
console.table(results);
console.info(`\nVazão da cadeia v1 (${CHAIN_KEYS} chaves em paralelo, sem erros):\n`);
console.table(loads);
fs.mkdirSync("bench/results", { recursive: true });
fs.writeFileSync(
  "bench/results/latest.json",
  JSON.stringify(
    {
      at: new Date().toISOString(),
      requests: REQUESTS,
      iterations: ITERATIONS,
      chain: { keys: CHAIN_KEYS, rounds: CHAIN_ROUNDS },
      results,
      load: loads,
    },
    null,
    2,
  ),
);
process.exit(0);
