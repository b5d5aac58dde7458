/**
 * `npm run bench:realtime`: realtime fan-out (docs/benchmarks.md, "Realtime fan-out"). Starts one or two
 * production servers (`node build/server/main.js`, child processes), opens N SSE clients on them (spread over
 * a few worker processes: bench/realtime-client.ts), creates M access requests one after another as the demo
 * síndico (POST /api/solicitacoes, alternating between the instances), and measures, for every client, the
 * time from the POST being sent to its `solicitacao.criada` event arriving. The next request starts once
 * every client has the previous one (or after BENCH_EVENT_TIMEOUT_MS), plus a short gap, so each figure is
 * one event's fan-out, not a queue. Prints p50/p95/p99/max, missed deliveries, events out of order, the time
 * to connect every client, and each server's resident memory (peak VmHWM, current VmRSS) and CPU time; writes
 * bench/results/realtime.json (and appends to bench/results/realtime-history.jsonl).
 *
 *   BENCH_CLIENTS=1000      SSE clients (up to 10,000 and beyond)
 *   BENCH_INSTANCES=1       1 or 2 (2 needs PostgreSQL)
 *   BENCH_REQUESTS=60       requests created (M), after 3 warm-up ones
 *   BENCH_DB=pglite         pglite | postgres (default: pglite for one instance, postgres for two)
 *   BENCH_PG_ADMIN_URL=postgres://postgres@127.0.0.1:5432/postgres, BENCH_PG_DB=guarita_rt (dropped
 *                           and created afresh; never test/postgres)
 *   BENCH_WORKERS           client processes (default: one per 5,000 clients, at most one per core)
 *   BENCH_CONNECT_CONCURRENCY=32   connections being opened at once per worker
 *   BENCH_GAP_MS=100        pause between one event's full delivery and the next POST
 *   BENCH_NO_BUILD=1        use build/server/main.js as it is (default: `node scripts/build.mjs`
 *                           when the build is missing or older than the sources)
 *   BENCH_SERVER=path.js    run another server bundle (e.g. an older build, for before/after)
 *   BENCH_CPU_PROF=1        servers and client workers run with --cpu-prof (profiles in bench/results/cpuprof/)
 *   BENCH_HEAP_SNAPSHOT=1   a heap snapshot of each server once every client is connected, and one at the end
 *   BENCH_NODE_OPTIONS="…"  more flags for the servers' node (--trace-gc, --max-old-space-size=…)
 *   BENCH_SERVER_LOG=path   the servers' output goes to path.a (and path.b) too
 */
import "../src/shared/zod-config";
import type { ChildProcess } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import pg from "pg";
import { DEMO_LOGINS, DEMO_PASSWORD } from "../src/server/db/seed/demo";
import {
  ensureProductionBuild,
  type ServerProcess,
  spawnWithManyFiles,
  startServer,
} from "../tests/support/server-process";

const ROOT = path.resolve(import.meta.dirname, "..");
const RESULTS = path.join(ROOT, "bench", "results");

const int = (name: string, fallback: number) => {
  const raw = process.env[name];
  if (raw === undefined || raw === "") return fallback;
  const n = Number(raw);
  if (!Number.isSafeInteger(n) || n < 0) throw new Error(`${name} deve ser um inteiro não negativo`);
  return n;
};

const CLIENTS = int("BENCH_CLIENTS", 1000);
const INSTANCES = int("BENCH_INSTANCES", 1);
const REQUESTS = int("BENCH_REQUESTS", 60);
const WARM_UP = 3;
const DB = (process.env.BENCH_DB || (INSTANCES > 1 ? "postgres" : "pglite")) as "postgres" | "pglite";
const PG_ADMIN_URL = process.env.BENCH_PG_ADMIN_URL || "postgres://postgres@127.0.0.1:5432/postgres";
const PG_DB = process.env.BENCH_PG_DB || "guarita_rt";
// More client processes than cores only fight the server for the CPU (2 cores: p95 272 → 207 ms at 10,000).
const WORKERS = int("BENCH_WORKERS", Math.min(os.cpus().length, Math.max(1, Math.ceil(CLIENTS / 5000))));
const CONNECT_CONCURRENCY = int("BENCH_CONNECT_CONCURRENCY", 32);
const GAP_MS = int("BENCH_GAP_MS", 100);
const EVENT_TIMEOUT_MS = int("BENCH_EVENT_TIMEOUT_MS", 15_000);
const SERVER_ENTRY = path.resolve(ROOT, process.env.BENCH_SERVER || "build/server/main.js");
const CPU_PROF = process.env.BENCH_CPU_PROF === "1";
const HEAP_SNAPSHOT = process.env.BENCH_HEAP_SNAPSHOT === "1";
/** events.routes.ts: MAX_STREAMS_PER_SESSION streams per session on each instance. */
const STREAMS_PER_SESSION = 10;
const SIGN_IN_CONCURRENCY = 4;
const SINDICO = DEMO_LOGINS.find((l) => l.role === "sindico")!.email;

if (INSTANCES !== 1 && INSTANCES !== 2) throw new Error("BENCH_INSTANCES deve ser 1 ou 2");
if (DB !== "postgres" && DB !== "pglite") throw new Error("BENCH_DB deve ser postgres ou pglite");
if (INSTANCES > 1 && DB !== "postgres") throw new Error("duas instâncias precisam de PostgreSQL (BENCH_DB=postgres)");
if (["test", "postgres", "template0", "template1"].includes(PG_DB) || !/^[a-z_][a-z0-9_]*$/.test(PG_DB))
  throw new Error(`BENCH_PG_DB=${PG_DB}: use um banco só do bench (por exemplo guarita_rt)`);

const wallClock = () => performance.timeOrigin + performance.now();
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const round = (n: number, digits = 1) => Math.round(n * 10 ** digits) / 10 ** digits;

// ---------------------------------------------------------------------------------------------
// Build and servers

function ensureBuild() {
  if (!process.env.BENCH_SERVER) ensureProductionBuild({ reuse: process.env.BENCH_NO_BUILD === "1" });
  else if (!fs.existsSync(SERVER_ENTRY)) throw new Error(`BENCH_SERVER: ${SERVER_ENTRY} não existe`);
}

/** Instance `label` (a, b) of the server under test, on a DATA_DIR of its own, with the profiling flags asked for. */
function startInstance(env: Record<string, string>, label: string): Promise<ServerProcess> {
  const nodeArgs: string[] = [];
  if (CPU_PROF || HEAP_SNAPSHOT) {
    const dir = path.join(RESULTS, CPU_PROF ? "cpuprof" : "heap");
    fs.mkdirSync(dir, { recursive: true });
    nodeArgs.push(`--diagnostic-dir=${dir}`);
  }
  if (CPU_PROF) nodeArgs.push("--cpu-prof", `--cpu-prof-name=realtime-${label}-${Date.now()}.cpuprofile`);
  if (HEAP_SNAPSHOT) nodeArgs.push("--heapsnapshot-signal=SIGUSR2");
  if (process.env.BENCH_NODE_OPTIONS) nodeArgs.push(...process.env.BENCH_NODE_OPTIONS.split(" ").filter(Boolean));
  return startServer(
    {
      // A thousand sign-ins from one address in a minute: no limiter may slow the set-up.
      AUTH_SIGNIN_PER_MINUTE: "10000",
      AUTH_MAX_LOGIN_FAILURES: "1000",
      AUTH_MAX_LOGIN_FAILURES_PER_IP: "100000",
      ...env,
    },
    {
      entry: SERVER_ENTRY,
      nodeArgs,
      manyFiles: true,
      tempDataDir: `guarita-rt-${label}-`,
      logFile: process.env.BENCH_SERVER_LOG ? `${process.env.BENCH_SERVER_LOG}.${label}` : undefined,
      outputLimit: 20_000,
      killAfterMs: 30_000,
      readyTimeoutMs: 120_000,
      label,
    },
  );
}

/** Peak (VmHWM) and current (VmRSS) resident memory of a process, in MB, and its CPU seconds so far. */
function sample(pid: number) {
  const status = fs.readFileSync(`/proc/${pid}/status`, "utf8");
  const kb = (field: string) => Number(new RegExp(`^${field}:\\s+(\\d+) kB`, "m").exec(status)?.[1] ?? Number.NaN);
  const stat = fs.readFileSync(`/proc/${pid}/stat`, "utf8");
  const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
  const ticks = Number(fields[11]) + Number(fields[12]); // utime + stime (fields 14 and 15)
  return { hwmMb: round(kb("VmHWM") / 1024), rssMb: round(kb("VmRSS") / 1024), cpuSeconds: round(ticks / 100, 2) };
}

async function freshPostgres(): Promise<string> {
  const admin = new pg.Client({ connectionString: PG_ADMIN_URL });
  await admin.connect();
  await admin.query(`DROP DATABASE IF EXISTS ${PG_DB} WITH (FORCE)`);
  await admin.query(`CREATE DATABASE ${PG_DB}`);
  await admin.end();
  const url = new URL(PG_ADMIN_URL);
  url.pathname = `/${PG_DB}`;
  return url.toString();
}

// ---------------------------------------------------------------------------------------------
// HTTP as the síndico

async function signIn(server: ServerProcess): Promise<string> {
  for (let attempt = 0; ; attempt++) {
    const res = await fetch(`${server.baseUrl}/api/auth/sign-in/email`, {
      method: "POST",
      headers: { origin: server.baseUrl, "content-type": "application/json", accept: "application/json" },
      body: JSON.stringify({ email: SINDICO, password: DEMO_PASSWORD }),
    });
    const text = await res.text();
    if (res.status === 200) {
      return res.headers
        .getSetCookie()
        .map((c) => c.split(";")[0])
        .join("; ");
    }
    if (attempt >= 5) throw new Error(`sign-in falhou (${res.status}): ${text}`);
    await sleep(500 * (attempt + 1));
  }
}

async function api(server: ServerProcess, cookie: string, method: string, pathname: string, json?: unknown) {
  const res = await fetch(`${server.baseUrl}${pathname}`, {
    method,
    headers: {
      origin: server.baseUrl,
      accept: "application/json",
      cookie,
      ...(json === undefined ? {} : { "content-type": "application/json" }),
    },
    body: json === undefined ? undefined : JSON.stringify(json),
  });
  const text = await res.text();
  if (res.status >= 300) throw new Error(`${method} ${pathname}: HTTP ${res.status} ${text.slice(0, 300)}`);
  return JSON.parse(text);
}

// ---------------------------------------------------------------------------------------------
// Client workers

interface Worker {
  child: ChildProcess;
  connected: Promise<{ ok: number; failed: number; failures: string[]; doneAt: number }>;
  report(): Promise<WorkerReport>;
  close(): void;
}

interface WorkerReport {
  received: Record<string, number[]>;
  openClients: number;
  outOfOrder: number;
  endedByServer: number;
}

const completeWaiters = new Map<string, { left: number; resolve: () => void }>();

function startWorker(): Worker {
  const child = spawnWithManyFiles(
    [
      process.execPath,
      ...(CPU_PROF ? ["--cpu-prof", `--cpu-prof-dir=${path.join(RESULTS, "cpuprof")}`] : []),
      "--import",
      "tsx",
      path.join(ROOT, "bench", "realtime-client.ts"),
    ],
    {
      cwd: ROOT,
      stdio: ["ignore", "inherit", "inherit", "ipc"],
    },
  );
  let onConnected: (v: Awaited<Worker["connected"]>) => void = () => {};
  const connected = new Promise<Awaited<Worker["connected"]>>((resolve) => {
    onConnected = resolve;
  });
  let onReport: (r: WorkerReport) => void = () => {};
  child.on("message", (msg: { type: string } & Record<string, unknown>) => {
    if (msg.type === "connected") onConnected(msg as never);
    else if (msg.type === "report") onReport(msg as never);
    else if (msg.type === "complete") {
      const waiter = completeWaiters.get(msg.key as string);
      if (waiter && --waiter.left === 0) waiter.resolve();
    }
  });
  return {
    child,
    connected,
    report: () =>
      new Promise<WorkerReport>((resolve) => {
        onReport = resolve;
        child.send({ type: "report" });
      }),
    close: () => {
      if (child.connected) child.send({ type: "close" });
    },
  };
}

/** Resolves when every worker reported that all its open clients have the request named `key`. */
function allReceived(key: string, workers: number): { done: Promise<void>; cancel(): void } {
  let resolve = () => {};
  const done = new Promise<void>((r) => {
    resolve = r;
  });
  completeWaiters.set(key, { left: workers, resolve });
  return { done, cancel: () => completeWaiters.delete(key) };
}

function percentile(sorted: number[], p: number) {
  if (sorted.length === 0) return Number.NaN;
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;
}

// ---------------------------------------------------------------------------------------------

async function main() {
  const loadBefore = os.loadavg().map((n) => round(n, 2));
  ensureBuild();
  const runTag = `RT${Date.now().toString(36)}`;
  console.info(
    `Tempo real: ${CLIENTS.toLocaleString("pt-BR")} clientes SSE, ${INSTANCES} instância(s) (${DB}), ` +
      `${REQUESTS} solicitações, ${WORKERS} processos de clientes; servidor ${path.relative(ROOT, SERVER_ENTRY)}; ` +
      `carga da máquina ${loadBefore.join(" / ")}`,
  );

  const servers: ServerProcess[] = [];
  const workers: Worker[] = [];
  try {
    if (DB === "postgres") {
      const url = await freshPostgres();
      servers.push(await startInstance({ DATABASE_URL: url, SEED_DEMO: "true" }, "a"));
      if (INSTANCES > 1) servers.push(await startInstance({ DATABASE_URL: url, SEED_DEMO: "false" }, "b"));
    } else {
      servers.push(await startInstance({}, "a"));
    }

    // Sessions: each holds at most STREAMS_PER_SESSION streams per instance.
    const perInstance = servers.map((_, i) => Math.floor(CLIENTS / INSTANCES) + (i < CLIENTS % INSTANCES ? 1 : 0));
    const sessionsNeeded = Math.max(1, Math.ceil(Math.max(...perInstance) / STREAMS_PER_SESSION));
    const tSign = performance.now();
    const cookies: string[] = [];
    let nextSession = 0;
    await Promise.all(
      Array.from({ length: Math.min(SIGN_IN_CONCURRENCY, sessionsNeeded) }, async () => {
        while (nextSession < sessionsNeeded) {
          nextSession++;
          cookies.push(await signIn(servers[0]!));
        }
      }),
    );
    const signInSeconds = round((performance.now() - tSign) / 1000, 1);
    console.info(`${sessionsNeeded} sessões abertas em ${signInSeconds} s`);
    // Memory and CPU before any stream: after start-up and the sign-ins (PGlite's start-up peak stays in VmHWM).
    await sleep(1_000);
    const idle = servers.map((s) => sample(s.pid));

    const cookie = cookies[0]!;
    const condominio = (await api(servers[0]!, cookie, "GET", "/api/condominios")).items[0];
    const unidade = (await api(servers[0]!, cookie, "GET", `/api/unidades?condominio_id=${condominio.id}`)).items[0];

    // Clients: instance i gets perInstance[i]; the j-th client of an instance uses session ⌊j/10⌋.
    const specs: { port: number; cookie: string }[] = [];
    servers.forEach((server, i) => {
      for (let j = 0; j < perInstance[i]!; j++)
        specs.push({ port: server.port, cookie: cookies[Math.floor(j / STREAMS_PER_SESSION)]! });
    });
    for (let w = 0; w < WORKERS; w++) workers.push(startWorker());
    await sleep(1_000); // let the workers load
    const tConnect = wallClock();
    workers.forEach((worker, w) => {
      worker.child.send({
        type: "connect",
        clients: specs.filter((_, k) => k % WORKERS === w),
        concurrency: CONNECT_CONCURRENCY,
        prefix: `${runTag}-`,
      });
    });
    const connectedReports = await Promise.all(workers.map((w) => w.connected));
    const tConnected = Math.max(...connectedReports.map((r) => r.doneAt));
    const connectSeconds = round((tConnected - tConnect) / 1000, 2);
    const connectedClients = connectedReports.reduce((n, r) => n + r.ok, 0);
    const failedClients = connectedReports.reduce((n, r) => n + r.failed, 0);
    const connected = servers.map((s) => sample(s.pid));
    console.info(
      `${connectedClients.toLocaleString("pt-BR")} clientes conectados em ${connectSeconds} s` +
        (failedClients
          ? `; ${failedClients} falharam: ${connectedReports
              .flatMap((r) => r.failures)
              .slice(0, 3)
              .join(" | ")}`
          : ""),
    );
    if (HEAP_SNAPSHOT) {
      for (const s of servers) s.child.kill("SIGUSR2");
      console.info("instantâneo do heap pedido (SIGUSR2); aguardando 30 s");
      await sleep(30_000);
    }

    // Requests, one at a time: each waits for the previous one's full delivery.
    const eventsStart = wallClock();
    const posts: { key: string; sentAt: number; answeredMs: number; complete: boolean }[] = [];
    for (let i = 0; i < WARM_UP + REQUESTS; i++) {
      const key = `${runTag}-${i}`;
      const server = servers[i % servers.length]!;
      const waiter = allReceived(key, workers.length);
      const sentAt = wallClock();
      await api(server, cookie, "POST", "/api/solicitacoes", {
        condominio_id: condominio.id,
        unidade_id: unidade.id,
        nome_visitante: key,
      });
      const answeredMs = wallClock() - sentAt;
      const complete = await Promise.race([waiter.done.then(() => true), sleep(EVENT_TIMEOUT_MS).then(() => false)]);
      waiter.cancel();
      if (i >= WARM_UP) posts.push({ key, sentAt, answeredMs, complete });
      await sleep(GAP_MS);
    }
    await sleep(500);
    const eventsEnd = wallClock();
    if (HEAP_SNAPSHOT) {
      for (const s of servers) s.child.kill("SIGUSR2");
      console.info("instantâneo do heap pedido (SIGUSR2); aguardando 30 s");
      await sleep(30_000);
    }
    const reports = await Promise.all(workers.map((w) => w.report()));
    const end = servers.map((s) => sample(s.pid));

    const latencies: number[] = [];
    /** Each delivery after the event's first one: the fan-out's own spread, without the POST's time. */
    const spreads: number[] = [];
    let missed = 0;
    const openAtEnd = reports.reduce((n, r) => n + r.openClients, 0);
    for (const post of posts) {
      let got = 0;
      const first = Math.min(...reports.flatMap((r) => r.received[post.key] ?? []));
      for (const report of reports) {
        for (const at of report.received[post.key] ?? []) {
          latencies.push(at - post.sentAt);
          spreads.push(at - first);
          got++;
        }
      }
      missed += Math.max(0, connectedClients - got);
    }
    latencies.sort((a, b) => a - b);
    spreads.sort((a, b) => a - b);
    const spread = {
      p50: round(percentile(spreads, 50)),
      p95: round(percentile(spreads, 95)),
      max: round(spreads.at(-1) ?? 0),
    };
    const outOfOrder = reports.reduce((n, r) => n + r.outOfOrder, 0);
    const endedByServer = reports.reduce((n, r) => n + r.endedByServer, 0);
    const postMs = posts.map((p) => p.answeredMs).sort((a, b) => a - b);
    const latency = {
      p50: round(percentile(latencies, 50)),
      p95: round(percentile(latencies, 95)),
      p99: round(percentile(latencies, 99)),
      max: round(latencies.at(-1) ?? Number.NaN),
      mean: round(latencies.reduce((a, b) => a + b, 0) / Math.max(1, latencies.length)),
    };
    const loadAfter = os.loadavg().map((n) => round(n, 2));

    console.info(
      `\nLatência POST → evento em cada cliente (${latencies.length.toLocaleString("pt-BR")} entregas): ` +
        `p50 ${latency.p50} ms, p95 ${latency.p95} ms, p99 ${latency.p99} ms, máx ${latency.max} ms (média ${latency.mean})`,
    );
    console.info(
      `Depois da primeira entrega de cada evento (o espalhamento da difusão): p50 ${spread.p50} ms, p95 ${spread.p95} ms, máx ${spread.max} ms`,
    );
    console.info(
      `Entregas perdidas: ${missed} de ${(connectedClients * posts.length).toLocaleString("pt-BR")}; fora de ordem ou repetidas: ${outOfOrder}; ` +
        `fluxos encerrados pelo servidor: ${endedByServer}; abertos ao fim: ${openAtEnd}`,
    );
    console.info(
      `POST /api/solicitacoes: p50 ${round(percentile(postMs, 50))} ms, p95 ${round(percentile(postMs, 95))} ms`,
    );
    servers.forEach((s, i) => {
      console.info(
        `Instância ${String.fromCharCode(97 + i)} (pid ${s.pid}, ${perInstance[i]} clientes): ` +
          `RSS ocioso ${idle[i]!.rssMb} MB → conectado ${connected[i]!.rssMb} MB → fim ${end[i]!.rssMb} MB, pico (VmHWM) ${end[i]!.hwmMb} MB; ` +
          `≈ ${round(((connected[i]!.rssMb - idle[i]!.rssMb) * 1024) / Math.max(1, perInstance[i]!))} KB por conexão; ` +
          `CPU ${round(connected[i]!.cpuSeconds - idle[i]!.cpuSeconds, 1)} s ao conectar, ${round(end[i]!.cpuSeconds - connected[i]!.cpuSeconds, 1)} s nos eventos`,
      );
    });
    console.info(
      `Carga da máquina (loadavg 1/5/15 min): antes ${loadBefore.join(" / ")}, ao fim ${loadAfter.join(" / ")}`,
    );

    const maxHwm = Math.max(...end.map((e) => e.hwmMb));
    const targets: Record<string, boolean> = {};
    if (INSTANCES === 2 && CLIENTS === 1000) targets["p95 ≤ 40 ms (1.000 clientes, 2 instâncias)"] = latency.p95 <= 40;
    if (INSTANCES === 1 && CLIENTS >= 10_000) {
      targets["0 entregas perdidas (10.000 clientes, 1 instância)"] = missed === 0 && failedClients === 0;
      targets["p95 ≤ 250 ms (10.000 clientes, 1 instância)"] = latency.p95 <= 250;
      targets["pico de memória ≤ 1,5 GB (10.000 clientes, 1 instância)"] = maxHwm <= 1536;
    }
    for (const [name, ok] of Object.entries(targets))
      console.info(`Meta de tempo real: ${name}: ${ok ? "cumprida" : "NÃO cumprida"}`);

    const result = {
      date: new Date().toISOString(),
      machine: { cpus: os.cpus().length, loadBefore, loadAfter },
      config: {
        clients: CLIENTS,
        instances: INSTANCES,
        database: DB,
        requests: REQUESTS,
        workers: WORKERS,
        connectConcurrency: CONNECT_CONCURRENCY,
        gapMs: GAP_MS,
        server: path.relative(ROOT, SERVER_ENTRY),
        cpuProfile: CPU_PROF,
      },
      sessions: { count: sessionsNeeded, signInSeconds },
      connect: { seconds: connectSeconds, connected: connectedClients, failed: failedClients },
      latencyMs: latency,
      spreadMs: spread,
      deliveries: {
        expected: connectedClients * posts.length,
        received: latencies.length,
        missed,
        outOfOrder,
        endedByServer,
        eventsNotFullyDelivered: posts.filter((p) => !p.complete).length,
      },
      postMs: { p50: round(percentile(postMs, 50)), p95: round(percentile(postMs, 95)) },
      instances: servers.map((s, i) => ({
        pid: s.pid,
        clients: perInstance[i],
        idle: idle[i],
        connected: connected[i],
        end: end[i],
        kbPerConnection: round(((connected[i]!.rssMb - idle[i]!.rssMb) * 1024) / Math.max(1, perInstance[i]!)),
        /** Milliseconds since the process started: where each phase sits in a CPU profile. */
        phasesMs: {
          connect: [Math.round(tConnect - s.spawnedAt), Math.round(tConnected - s.spawnedAt)],
          events: [Math.round(eventsStart - s.spawnedAt), Math.round(eventsEnd - s.spawnedAt)],
        },
      })),
      targets,
    };
    fs.mkdirSync(RESULTS, { recursive: true });
    fs.writeFileSync(path.join(RESULTS, "realtime.json"), `${JSON.stringify(result, null, 2)}\n`);
    fs.appendFileSync(path.join(RESULTS, "realtime-history.jsonl"), `${JSON.stringify(result)}\n`);
    console.info(`\nResultados em ${path.relative(ROOT, path.join(RESULTS, "realtime.json"))}`);
  } finally {
    for (const worker of workers) worker.close();
    await Promise.all(servers.map((s) => s.stop()));
  }
}

main().then(
  () => process.exit(0),
  (error) => {
    console.error(error);
    process.exit(1);
  },
);
