/**
 * Several server processes on one machine (WEB_CONCURRENCY > 1, PostgreSQL only; docs/decisions/028).
 * Node runs an instance's JavaScript on one core; with node:cluster the workers share the port
 * and each is an ordinary instance (its own pool, LISTEN connection, remembered sessions and
 * realtime streams), safe side by side as separate instances already are.
 *
 * The primary serves nothing. It starts the first worker alone (it runs the migrations and seeds
 * the demo tenant) and the rest once that one listens, replaces a worker that dies, and on
 * SIGTERM/SIGINT stops them all and exits. A worker whose primary is gone (kill -9) stops too, so
 * none is left holding the port or the database's connections.
 */
import cluster, { type Worker } from "node:cluster";
import type { Logger } from "pino";

/** What a worker tells its primary once it listens. */
export interface WorkerReady {
  type: "guarita:ready";
  url: string;
  database: string;
}

export function announceReady(message: Omit<WorkerReady, "type">): void {
  process.send?.({ type: "guarita:ready", ...message } satisfies WorkerReady);
}

const isReady = (message: unknown): message is WorkerReady =>
  typeof message === "object" && message !== null && (message as { type?: unknown }).type === "guarita:ready";

/** A worker that died is started again after this long, doubling while they keep dying, up to a minute. */
const RESTART_DELAY_MS = 1_000;
const MAX_RESTART_DELAY_MS = 60_000;
/** A worker that lived this long resets the delay. */
const HEALTHY_AFTER_MS = 30_000;
const STOP_TIMEOUT_MS = 15_000;

export function runPrimary(options: { workers: number; env: Record<string, string>; logger: Logger; started: number }) {
  const { workers, env, logger, started } = options;
  /** The workers alive now, with when each started. */
  const alive = new Map<Worker, number>();
  let ready = 0;
  let stopping = false;
  let exitCode = 0;
  let restartDelay = RESTART_DELAY_MS;

  const fork = () => {
    const worker = cluster.fork(env);
    alive.set(worker, Date.now());
    worker.on("message", (message) => {
      if (!isReady(message) || ready >= workers) return;
      ready++;
      // The first one alone migrates and seeds; the others start on a database that is ready.
      if (ready === 1) for (let i = 1; i < workers; i++) fork();
      if (ready === workers) {
        const ms = Math.round(performance.now() - started);
        logger.info({ workers, ms }, "servidor no ar");
        console.info(`Guarita pronto em ${message.url} (${message.database}, ${workers} processos, ${ms} ms)`);
      }
    });
  };

  const stopAll = () => {
    if (stopping) return;
    stopping = true;
    if (alive.size === 0) process.exit(exitCode);
    for (const worker of alive.keys()) worker.process.kill("SIGTERM");
    setTimeout(() => {
      for (const worker of alive.keys()) worker.process.kill("SIGKILL");
      process.exit(exitCode || 1);
    }, STOP_TIMEOUT_MS).unref();
  };

  cluster.on("exit", (worker, code, signal) => {
    const lived = Date.now() - (alive.get(worker) ?? Date.now());
    alive.delete(worker);
    if (stopping) {
      if (alive.size === 0) process.exit(exitCode);
      return;
    }
    if (ready < workers) {
      // It could not start (database unreachable, bad configuration) and said why: neither can the rest.
      logger.error({ code, signal }, "um processo do servidor não iniciou; encerrando");
      exitCode = 1;
      stopAll();
      return;
    }
    if (lived > HEALTHY_AFTER_MS) restartDelay = RESTART_DELAY_MS;
    logger.warn(
      { pid: worker.process.pid, code, signal, restartInMs: restartDelay },
      "processo do servidor caiu; iniciando outro",
    );
    setTimeout(() => stopping || fork(), restartDelay);
    restartDelay = Math.min(restartDelay * 2, MAX_RESTART_DELAY_MS);
  });

  for (const signal of ["SIGTERM", "SIGINT"] as const) {
    process.on(signal, () => {
      logger.info({ signal }, "encerrando os processos do servidor");
      stopAll();
    });
  }
  fork();
}
