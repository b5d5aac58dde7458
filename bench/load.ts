/**
 * `npm run bench:load` (docs/benchmarks.md, "Speed at scale"): throughput of the production build over HTTP,
 * with autocannon, on PostgreSQL (a fresh `guarita_load` database) and on PGlite (a fresh temporary
 * DATA_DIR), both with the demo tenant. Signs in as the demo síndico and reuses the session cookie for every
 * request. Cases: /api/health (reference), /api/me, the request list (first page, a search, a status filter),
 * the dashboard KPIs and a create (every create must answer 201). Prints req/s, p50, p97.5, p99, errors and
 * non-2xx per case and connection count, with the CPU the server and the PostgreSQL backends spent, and, on
 * PostgreSQL, the pgbench figure of the same SQL statements (bench/pgbench/<case>.sql). Writes
 * bench/results/load.json. Exits non-zero when any request failed or answered outside 2xx
 * (BENCH_ALLOW_ERRORS=1 reports them and exits 0).
 *
 *   BENCH_ONLY=postgres | pglite    BENCH_DURATION=10 (seconds per case)    BENCH_CONNECTIONS=20,100
 *   BENCH_NO_BUILD=1 (use build/ as it is; otherwise `node scripts/build.mjs` when it is stale)
 *   BENCH_SERVER=<path of another build's server/main.js> (an older build, for before/after)
 *   BENCH_ADMIN_URL=postgres://postgres@127.0.0.1:5432/postgres (creates and drops guarita_load)
 *   BENCH_POOL_MAX=<n> (DATABASE_POOL_MAX of the server; default: the server's own)
 *   BENCH_WEB_CONCURRENCY=<n> (server processes on PostgreSQL, WEB_CONCURRENCY; default: one per core)
 *   BENCH_LOG_SQL=1 BENCH_ONLY=postgres: no load; one request per case with every statement of
 *   guarita_load in the PostgreSQL server log (to refresh bench/pgbench/*.sql, see their headers)
 */
import { execFileSync, spawnSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import autocannon from "autocannon";
import pg from "pg";
import {
  ensureProductionBuild,
  PRODUCTION_ENTRY,
  type ServerProcess,
  startServer,
} from "../tests/support/server-process";

const ROOT = path.resolve(import.meta.dirname, "..");
const DURATION = Number(process.env.BENCH_DURATION ?? 10);
const CONNECTIONS = (process.env.BENCH_CONNECTIONS ?? "20,100")
  .split(",")
  .map((s) => Number(s.trim()))
  .filter((n) => Number.isInteger(n) && n > 0);
const ONLY = process.env.BENCH_ONLY;
const ADMIN_URL = process.env.BENCH_ADMIN_URL ?? "postgres://postgres@127.0.0.1:5432/postgres";
const DB_NAME = "guarita_load";
const PGBENCH = process.env.PGBENCH ?? "/usr/bin/pgbench";
const PGBENCH_CLIENTS = 20;
const ALLOW_ERRORS = process.env.BENCH_ALLOW_ERRORS === "1";
const WARMUP_SECONDS = 2;
const SEARCH_TERM = process.env.BENCH_SEARCH ?? "silva";
/** Capture mode: every statement of guarita_load in the PostgreSQL log, one request per case, no load. */
const LOG_SQL = process.env.BENCH_LOG_SQL === "1";
/** The server bundle under load: this build, or another one's for before/after. */
const SERVER_ENTRY = process.env.BENCH_SERVER ? path.resolve(process.env.BENCH_SERVER) : PRODUCTION_ENTRY;
/** Server processes on PostgreSQL (PGlite is one process by nature). */
const PG_PROCESSES = Number(process.env.BENCH_WEB_CONCURRENCY ?? os.availableParallelism());
const DEMO = { email: "sindico@demo.guarita.app", password: "demo1234" };

if (!(DURATION > 0) || CONNECTIONS.length === 0) {
  console.error("BENCH_DURATION precisa ser > 0 e BENCH_CONNECTIONS uma lista como 20,100");
  process.exit(2);
}
if (ONLY && ONLY !== "postgres" && ONLY !== "pglite") {
  console.error("BENCH_ONLY: postgres ou pglite");
  process.exit(2);
}

// ---------------------------------------------------------------------------------------------
// Server process

// Ctrl-C: exit normally, so tests/support/server-process.ts kills the servers with this process.
for (const signal of ["SIGINT", "SIGTERM"] as const) {
  process.on(signal, () => process.exit(130));
}

/** The production build with the demo tenant, on a temporary DATA_DIR (and `env`'s database). */
function startLoadServer(env: Record<string, string>, dataDirPrefix: string): Promise<ServerProcess> {
  return startServer(
    {
      SEED_DEMO: "true",
      AUTH_SIGNIN_PER_MINUTE: "10000",
      ...(process.env.BENCH_POOL_MAX ? { DATABASE_POOL_MAX: process.env.BENCH_POOL_MAX } : {}),
      ...env,
    },
    { entry: SERVER_ENTRY, tempDataDir: dataDirPrefix, killAfterMs: 15_000, readyTimeoutMs: 180_000 },
  );
}

// ---------------------------------------------------------------------------------------------
// Session and demo data

interface Session {
  cookie: string;
  /** The session token as stored in the database (the cookie's value before the signature). */
  token: string;
  userId: string;
  organizationId: string;
  condominioId: string;
  unidadeId: string;
}

async function signIn(baseUrl: string): Promise<Session> {
  const res = await fetch(`${baseUrl}/api/auth/sign-in/email`, {
    method: "POST",
    headers: { origin: baseUrl, "content-type": "application/json", accept: "application/json" },
    body: JSON.stringify(DEMO),
  });
  if (res.status !== 200)
    throw new Error(`login do síndico de demonstração falhou (${res.status}): ${await res.text()}`);
  const pairs = res.headers.getSetCookie().map((c) => c.split(";")[0]!);
  const cookie = pairs.join("; ");
  const tokenPair = pairs.find((p) => p.split("=")[0]!.endsWith("session_token"));
  const token = decodeURIComponent(tokenPair?.slice(tokenPair.indexOf("=") + 1) ?? "").split(".")[0] ?? "";
  const get = async <T>(pathname: string): Promise<T> => {
    const r = await fetch(`${baseUrl}${pathname}`, { headers: { cookie, accept: "application/json" } });
    if (r.status !== 200) throw new Error(`GET ${pathname}: ${r.status} ${await r.text()}`);
    return (await r.json()) as T;
  };
  const me = await get<{ user: { id: string }; organization: { id: string } }>("/api/me");
  const condos = (await get<{ items: { id: string; enabled: boolean }[] }>("/api/condominios?page=1&page_size=100"))
    .items;
  const units = (
    await get<{ items: { id: string; condominio_id: string; enabled: boolean }[] }>(
      "/api/unidades?page=1&page_size=100",
    )
  ).items;
  const enabledCondos = new Set(condos.filter((c) => c.enabled).map((c) => c.id));
  const unit = units.find((u) => u.enabled && enabledCondos.has(u.condominio_id));
  if (!unit) throw new Error("nenhuma unidade ativa no cliente de demonstração");
  return {
    cookie,
    token,
    userId: me.user.id,
    organizationId: me.organization.id,
    condominioId: unit.condominio_id,
    unidadeId: unit.id,
  };
}

// ---------------------------------------------------------------------------------------------
// Cases

interface Case {
  name: string;
  method: "GET" | "POST";
  path: string;
  /** The request body, numbered per request. */
  body?: (n: number) => string;
  /** bench/pgbench/<name>.sql: the SQL statements the API issues for this request (PostgreSQL). */
  pgbench?: string;
  /** Writes: measured last, so the reads above see the demo data as seeded. */
  writes?: boolean;
}

function casesFor(s: Session): Case[] {
  const list = "/api/solicitacoes?page=1&page_size=20";
  return [
    { name: "GET /api/health", method: "GET", path: "/api/health" },
    { name: "GET /api/me", method: "GET", path: "/api/me", pgbench: "me" },
    { name: "lista: 1ª página", method: "GET", path: list, pgbench: "list" },
    { name: `lista: busca q=${SEARCH_TERM}`, method: "GET", path: `${list}&q=${SEARCH_TERM}`, pgbench: "list-search" },
    { name: "lista: status=pendente", method: "GET", path: `${list}&status=pendente`, pgbench: "list-status" },
    { name: "GET /api/dashboard/kpis", method: "GET", path: "/api/dashboard/kpis", pgbench: "kpis" },
    {
      name: "POST /api/solicitacoes",
      method: "POST",
      path: "/api/solicitacoes",
      writes: true,
      body: (n) =>
        JSON.stringify({
          condominio_id: s.condominioId,
          unidade_id: s.unidadeId,
          tipo: "visitante",
          nome_visitante: `Visitante Carga ${n}`,
          motivo: "Teste de carga",
        }),
    },
  ];
}

function headersFor(c: Case, s: Session, baseUrl: string): Record<string, string> {
  const h: Record<string, string> = { cookie: s.cookie, accept: "application/json" };
  if (c.method !== "GET") {
    h.origin = baseUrl;
    h["content-type"] = "application/json";
  }
  return h;
}

/** One request first: a case that cannot succeed stops the run with the server's answer. */
async function preflight(c: Case, s: Session, baseUrl: string): Promise<string> {
  const res = await fetch(`${baseUrl}${c.path}`, {
    method: c.method,
    headers: headersFor(c, s, baseUrl),
    body: c.body?.(0),
  });
  const text = await res.text();
  if (res.status < 200 || res.status >= 300) throw new Error(`${c.name}: ${res.status} ${text.slice(0, 500)}`);
  try {
    const body = JSON.parse(text) as { total?: number };
    return typeof body.total === "number" ? `${body.total} resultado(s)` : "";
  } catch {
    return "";
  }
}

function fire(opts: autocannon.Options): Promise<autocannon.Result> {
  return new Promise((resolve, reject) => {
    autocannon(opts, (err, result) => (err ? reject(err) : resolve(result)));
  });
}

// ---------------------------------------------------------------------------------------------
// CPU accounting (Linux /proc): the server process and the PostgreSQL backends of guarita_load

const CLK_TCK = (() => {
  try {
    return Number(execFileSync("getconf", ["CLK_TCK"], { encoding: "utf8" }).trim()) || 100;
  } catch {
    return 100;
  }
})();

/** CPU seconds of a server: its process and, with WEB_CONCURRENCY > 1, its workers. */
function serverCpuSeconds(pid: number): number | null {
  const own = cpuSeconds(pid);
  if (own === null) return null;
  let children: number[] = [];
  try {
    children = fs
      .readFileSync(`/proc/${pid}/task/${pid}/children`, "utf8")
      .trim()
      .split(/\s+/)
      .filter(Boolean)
      .map(Number);
  } catch {
    // no children file: count the process alone
  }
  return children.reduce((sum, child) => sum + (cpuSeconds(child) ?? 0), own);
}

/** CPU seconds (user + system, all threads) of one process, or null off Linux. */
function cpuSeconds(pid: number): number | null {
  try {
    const stat = fs.readFileSync(`/proc/${pid}/stat`, "utf8");
    const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
    return (Number(fields[11]) + Number(fields[12])) / CLK_TCK;
  } catch {
    return null;
  }
}

/** CPU seconds per PostgreSQL backend connected to guarita_load (by its process title). */
function backendCpu(): Map<number, number> {
  const out = new Map<number, number>();
  let entries: string[] = [];
  try {
    entries = fs.readdirSync("/proc").filter((e) => /^\d+$/.test(e));
  } catch {
    return out;
  }
  for (const e of entries) {
    try {
      const cmd = fs.readFileSync(`/proc/${e}/cmdline`, "utf8");
      if (!cmd.startsWith("postgres: ") || !cmd.includes(` ${DB_NAME} `)) continue;
      const cpu = cpuSeconds(Number(e));
      if (cpu !== null) out.set(Number(e), cpu);
    } catch {
      // the process ended meanwhile
    }
  }
  return out;
}

/** Backend CPU spent between two snapshots (backends that ended in between are not counted). */
function backendDelta(before: Map<number, number>, after: Map<number, number>): number {
  let sum = 0;
  for (const [pid, cpu] of after) sum += cpu - (before.get(pid) ?? 0);
  return sum;
}

// ---------------------------------------------------------------------------------------------
// pgbench

interface PgbenchResult {
  tps: number;
  latency_ms: number | null;
  failed: number;
}

function runPgbench(script: string, url: string, vars: Record<string, string>): PgbenchResult | string {
  const file = path.join(ROOT, "bench/pgbench", `${script}.sql`);
  if (!fs.existsSync(file)) return `sem ${path.relative(ROOT, file)}`;
  if (!fs.existsSync(PGBENCH)) return `sem ${PGBENCH}`;
  const args = ["-n", "-c", String(PGBENCH_CLIENTS), "-j", "2", "-T", String(DURATION), "-M", "prepared", "-f", file];
  for (const [k, v] of Object.entries(vars)) args.push("-D", `${k}=${v}`);
  args.push(url);
  const r = spawnSync(PGBENCH, args, { encoding: "utf8" });
  const tps = /tps = ([\d.]+) \(without initial connection time\)/.exec(r.stdout ?? "");
  if (r.status !== 0 || !tps) return `pgbench falhou (${r.status}): ${(r.stderr || r.stdout).slice(0, 400)}`;
  const latency = /latency average = ([\d.]+) ms/.exec(r.stdout);
  const failed = /number of failed transactions: (\d+)/.exec(r.stdout);
  return {
    tps: Number(tps[1]),
    latency_ms: latency ? Number(latency[1]) : null,
    failed: failed ? Number(failed[1]) : 0,
  };
}

// ---------------------------------------------------------------------------------------------
// A database's run

interface Row {
  case: string;
  connections: number;
  "req/s": number;
  "p50 ms": number;
  "p97.5 ms": number;
  "p99 ms": number;
  errors: number;
  timeouts: number;
  "non-2xx": string | number;
  "pgbench tps": number | string;
  "node cpu %": number | null;
  "pg cpu %": number | null;
}

interface DatabaseRun {
  database: string;
  loadavg_before: number[];
  loadavg_after: number[];
  rows: Row[];
  details: {
    case: string;
    path: string;
    connections: number;
    requests: number;
    duration_s: number;
    latency: { average: number; p50: number; p97_5: number; p99: number; max: number };
    errors: number;
    timeouts: number;
    non2xx: number;
    status_codes: Record<string, number>;
    node_cpu_ms_per_request: number | null;
    pg_cpu_ms_per_request: number | null;
    loadgen_cpu_percent: number;
    note?: string;
  }[];
  pgbench: Record<string, PgbenchResult | string>;
  failures: string[];
}

const r1 = (n: number) => Math.round(n * 10) / 10;
const loadavg = () => os.loadavg().map((n) => Math.round(n * 100) / 100);

async function measureDatabase(label: string, server: ServerProcess, pgUrl: string | null): Promise<DatabaseRun> {
  const run: DatabaseRun = {
    database: label,
    loadavg_before: loadavg(),
    loadavg_after: [],
    rows: [],
    details: [],
    pgbench: {},
    failures: [],
  };
  console.info(`\n${label}: carga da máquina antes (loadavg 1/5/15 min): ${run.loadavg_before.join(" / ")}`);
  const session = await signIn(server.baseUrl);
  const cases = casesFor(session);
  const reads = cases.filter((c) => !c.writes);
  const writes = cases.filter((c) => c.writes);

  const measure = async (c: Case) => {
    const note = await preflight(c, session, server.baseUrl);
    console.info(`  ${c.name}${note ? ` (${note})` : ""}`);
    if (LOG_SQL) return; // one request per case: the statements are in the server's log
    // A body is built per request in setupRequest, so Content-Length always matches it (autocannon's
    // idReplacement announces a fixed id length that its hyperid does not produce: the server then
    // waits for bytes that never come, and every request times out).
    let n = 0;
    const makeBody = c.body;
    const base: autocannon.Options = {
      url: `${server.baseUrl}${c.path}`,
      method: c.method,
      headers: headersFor(c, session, server.baseUrl),
      requests: makeBody ? [{ setupRequest: (req) => ({ ...req, body: makeBody(++n) }) }] : undefined,
    };
    await fire({ ...base, connections: Math.min(...CONNECTIONS), duration: WARMUP_SECONDS });
    for (const connections of CONNECTIONS) {
      const nodeBefore = serverCpuSeconds(server.pid);
      const pgBefore = pgUrl ? backendCpu() : null;
      const genBefore = process.cpuUsage();
      const t0 = performance.now();
      const res = await fire({ ...base, connections, duration: DURATION });
      const wall = (performance.now() - t0) / 1000;
      const nodeAfter = serverCpuSeconds(server.pid);
      const pgSpent = pgBefore ? backendDelta(pgBefore, backendCpu()) : null;
      const gen = process.cpuUsage(genBefore);
      const nodeSpent = nodeBefore !== null && nodeAfter !== null ? nodeAfter - nodeBefore : null;
      const total = res.requests.total;
      const codes: Record<string, number> = {};
      for (const [code, stat] of Object.entries(res.statusCodeStats ?? {})) codes[code] = stat.count ?? 0;
      const bad = Object.entries(codes)
        .filter(([code]) => !code.startsWith("2"))
        .map(([code, n]) => `${n}×${code}`)
        .join(", ");
      if (res.errors > 0 || res.non2xx > 0) {
        run.failures.push(
          `${label} ${c.name} @${connections}: ${res.errors} erros (${res.timeouts} timeouts), ${res.non2xx} não-2xx${bad ? ` (${bad})` : ""}`,
        );
      }
      run.rows.push({
        case: c.name,
        connections,
        "req/s": Math.round(res.requests.average),
        "p50 ms": res.latency.p50,
        "p97.5 ms": res.latency.p97_5,
        "p99 ms": res.latency.p99,
        errors: res.errors,
        timeouts: res.timeouts,
        "non-2xx": res.non2xx > 0 ? `${res.non2xx} (${bad})` : 0,
        "pgbench tps": "",
        "node cpu %": nodeSpent === null ? null : Math.round((100 * nodeSpent) / wall),
        "pg cpu %": pgSpent === null ? null : Math.round((100 * pgSpent) / wall),
      });
      run.details.push({
        case: c.name,
        path: c.path,
        connections,
        requests: total,
        duration_s: r1(wall),
        latency: {
          average: res.latency.average,
          p50: res.latency.p50,
          p97_5: res.latency.p97_5,
          p99: res.latency.p99,
          max: res.latency.max,
        },
        errors: res.errors,
        timeouts: res.timeouts,
        non2xx: res.non2xx,
        status_codes: codes,
        node_cpu_ms_per_request: nodeSpent === null || total === 0 ? null : r1((1000 * nodeSpent) / total),
        pg_cpu_ms_per_request: pgSpent === null || total === 0 ? null : r1((1000 * pgSpent) / total),
        loadgen_cpu_percent: Math.round((100 * (gen.user + gen.system)) / 1e6 / wall),
        note: note || undefined,
      });
    }
  };

  for (const c of reads) await measure(c);
  // pgbench on the same data the reads saw (before the creates add rows), with the server idle.
  if (pgUrl && !LOG_SQL) {
    const vars = {
      org: session.organizationId,
      user_id: session.userId,
      token: session.token,
      q: `%${SEARCH_TERM}%`,
      status: "pendente",
    };
    for (const c of reads.filter((x) => x.pgbench)) {
      const result = runPgbench(c.pgbench!, pgUrl, vars);
      run.pgbench[c.pgbench!] = result;
      console.info(
        `  pgbench ${c.pgbench}: ${typeof result === "string" ? result : `${Math.round(result.tps)} tps, ${result.latency_ms} ms em média`}`,
      );
      if (typeof result !== "string" && result.failed > 0) {
        run.failures.push(`${label} pgbench ${c.pgbench}: ${result.failed} transações falharam`);
      }
      const row =
        run.rows.find((r) => r.case === c.name && r.connections === PGBENCH_CLIENTS) ??
        run.rows.find((r) => r.case === c.name);
      if (row) row["pgbench tps"] = typeof result === "string" ? "—" : Math.round(result.tps);
    }
  }
  for (const c of writes) await measure(c);
  run.loadavg_after = loadavg();
  console.info(`${label}: carga da máquina depois (loadavg 1/5/15 min): ${run.loadavg_after.join(" / ")}`);
  return run;
}

// ---------------------------------------------------------------------------------------------
// PostgreSQL database

async function freshDatabase(): Promise<string | null> {
  const admin = new pg.Client({ connectionString: ADMIN_URL });
  try {
    await admin.connect();
  } catch (error) {
    console.info(`PostgreSQL inacessível em ${ADMIN_URL} (${(error as Error).message}).`);
    return null;
  }
  try {
    await admin.query(`DROP DATABASE IF EXISTS ${DB_NAME} WITH (FORCE)`);
    await admin.query(`CREATE DATABASE ${DB_NAME}`);
    if (LOG_SQL) {
      await admin.query(`ALTER DATABASE ${DB_NAME} SET log_min_duration_statement = 0`);
      console.info(`BENCH_LOG_SQL=1: toda instrução em ${DB_NAME} vai para o log do PostgreSQL.`);
    }
    const version = await admin.query<{ server_version: string }>("SHOW server_version");
    console.info(`PostgreSQL ${version.rows[0]?.server_version}: banco ${DB_NAME} recriado.`);
  } finally {
    await admin.end();
  }
  const url = new URL(ADMIN_URL);
  url.pathname = `/${DB_NAME}`;
  return url.toString();
}

// ---------------------------------------------------------------------------------------------
// Main

const commit = (() => {
  if (process.env.BENCH_SERVER) return `build em ${SERVER_ENTRY}`;
  try {
    const sha = execFileSync("git", ["rev-parse", "--short", "HEAD"], { cwd: ROOT, encoding: "utf8" }).trim();
    const dirty = execFileSync("git", ["status", "--porcelain", "--", "src"], { cwd: ROOT, encoding: "utf8" }).trim();
    return dirty ? `${sha} + alterações em src/` : sha;
  } catch {
    return "desconhecido";
  }
})();

if (!process.env.BENCH_SERVER) ensureProductionBuild({ reuse: process.env.BENCH_NO_BUILD === "1" });
console.info(
  `\nbench:load — ${commit}, Node ${process.version}, ${os.cpus().length} CPUs; ${DURATION} s por caso ` +
    `(após ${WARMUP_SECONDS} s de aquecimento), conexões ${CONNECTIONS.join(" e ")}; autocannon no mesmo computador.`,
);

const runs: DatabaseRun[] = [];

if (ONLY !== "pglite") {
  const pgUrl = await freshDatabase();
  if (pgUrl) {
    const server = await startLoadServer(
      { DATABASE_URL: pgUrl, WEB_CONCURRENCY: String(PG_PROCESSES) },
      "guarita-load-pg-",
    );
    try {
      runs.push(await measureDatabase("PostgreSQL", server, pgUrl));
    } finally {
      await server.stop();
    }
  } else if (ONLY === "postgres") {
    process.exit(1);
  }
}

if (ONLY !== "postgres") {
  const server = await startLoadServer({}, "guarita-load-pglite-");
  try {
    runs.push(await measureDatabase("PGlite", server, null));
  } finally {
    await server.stop();
  }
}

if (LOG_SQL) {
  console.info(`\nInstruções de ${DB_NAME} no log do PostgreSQL (log_min_duration_statement = 0).`);
  process.exit(0);
}

for (const run of runs) {
  console.info(
    `\n${run.database} — loadavg antes ${run.loadavg_before.join(" / ")}, depois ${run.loadavg_after.join(" / ")}` +
      (run.database === "PostgreSQL"
        ? `; ${PG_PROCESSES} processo(s) do servidor (WEB_CONCURRENCY); pgbench -c ${PGBENCH_CLIENTS} -j 2 -M prepared -T ${DURATION}`
        : ""),
  );
  console.table(run.rows);
}
console.info(
  "req/s: média por segundo (como o autocannon imprime); latências em ms; errors inclui timeouts; " +
    "node/pg cpu %: CPU dos processos do servidor e dos backends do PostgreSQL desse banco (100 % = um núcleo).",
);

const failures = runs.flatMap((r) => r.failures);
fs.mkdirSync(path.join(ROOT, "bench/results"), { recursive: true });
fs.writeFileSync(
  path.join(ROOT, "bench/results/load.json"),
  JSON.stringify(
    {
      at: new Date().toISOString(),
      commit,
      node: process.version,
      cpus: os.cpus().length,
      duration_s: DURATION,
      warmup_s: WARMUP_SECONDS,
      connections: CONNECTIONS,
      pool_max: process.env.BENCH_POOL_MAX ? Number(process.env.BENCH_POOL_MAX) : "padrão do servidor",
      postgres_server_processes: PG_PROCESSES,
      pgbench: { clients: PGBENCH_CLIENTS, threads: 2, mode: "prepared" },
      runs,
      failures,
    },
    null,
    2,
  ),
);
console.info("Resultados em bench/results/load.json");

if (failures.length > 0) {
  console.error(`\nRequisições com erro ou fora de 2xx:\n  ${failures.join("\n  ")}`);
  if (!ALLOW_ERRORS) process.exit(1);
}
process.exit(0);
