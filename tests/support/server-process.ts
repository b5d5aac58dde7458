/**
 * Runs Guarita as its own process, the way `npm start` does, on a free port of 127.0.0.1, and waits
 * until it answers: the sources through tsx (no build needed) for tests about the process itself
 * (start-up refusals, restarts, crashes, the chaos suite), or the production build
 * (`node build/server/main.js`, PRODUCTION_ENTRY) for the benches. Every process still running when
 * this one exits is killed with it.
 */
import { type ChildProcess, execFileSync, type SpawnOptions, spawn, spawnSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { freePort } from "./ports";

const ROOT = path.resolve(import.meta.dirname, "..", "..");

/** The production build's server (`npm run build`), relative to the repository. */
export const PRODUCTION_ENTRY = "build/server/main.js";

export interface ServerOptions {
  /**
   * The server bundle node runs (relative to the repository, or absolute), e.g. PRODUCTION_ENTRY;
   * default: src/server/main.ts through tsx.
   */
  entry?: string;
  /** Flags for node, before the entry (--cpu-prof, --diagnostic-dir=…). */
  nodeArgs?: readonly string[];
  /** Raises the open-files limit first (ulimit -n), for a server holding thousands of sockets. */
  manyFiles?: boolean;
  /** A DATA_DIR made for this process (this prefix, in the OS temporary folder), removed once it has exited. */
  tempDataDir?: string;
  /** The process's output goes to this file too. */
  logFile?: string;
  /** Keep only the last this-many characters of output in memory (default: all of it). */
  outputLimit?: number;
  /** stop() follows with SIGKILL when the process still runs this long after its signal (default: it waits). */
  killAfterMs?: number;
  /** Names the process in error messages. */
  label?: string;
}

export interface ServerProcess {
  child: ChildProcess;
  pid: number;
  port: number;
  baseUrl: string;
  /** Wall clock (performance.timeOrigin + performance.now()) when the process was spawned. */
  spawnedAt: number;
  /** The DATA_DIR made for it (`tempDataDir`). */
  dataDir?: string;
  label?: string;
  /** Everything the process printed so far (stdout and stderr; the tail, with `outputLimit`). */
  output(): string;
  /** Resolves with the exit code once the process ended (and its `tempDataDir` is gone). */
  exited: Promise<number | null>;
  hasExited(): boolean;
  stop(signal?: NodeJS.Signals): Promise<number | null>;
}

const running = new Set<ChildProcess>();
let killOnExit = false;

/** Starts the process; it may not be listening yet (waitUntilReady, or startServer for both). */
export async function spawnServer(env: Record<string, string>, options: ServerOptions = {}): Promise<ServerProcess> {
  const port = await freePort();
  const baseUrl = `http://127.0.0.1:${port}`;
  const dataDir = options.tempDataDir ? fs.mkdtempSync(path.join(os.tmpdir(), options.tempDataDir)) : undefined;
  const argv = [
    process.execPath,
    ...(options.nodeArgs ?? []),
    ...(options.entry ? [path.resolve(ROOT, options.entry)] : ["--import", "tsx", "src/server/main.ts"]),
  ];
  const spawnedAt = performance.timeOrigin + performance.now();
  const spawnOptions: SpawnOptions = {
    cwd: ROOT,
    env: {
      PATH: process.env.PATH ?? "",
      HOME: process.env.HOME ?? "",
      NODE_ENV: "production",
      PORT: String(port),
      HOST: "127.0.0.1",
      PUBLIC_URL: baseUrl,
      LOG_LEVEL: "warn",
      BETTER_AUTH_SECRET: "process-test-secret-process-test-secret",
      ...(dataDir ? { DATA_DIR: dataDir } : {}),
      ...env,
    },
    stdio: ["ignore", "pipe", "pipe"],
  };
  const child = options.manyFiles
    ? spawnWithManyFiles(argv, spawnOptions)
    : spawn(argv[0]!, argv.slice(1), spawnOptions);
  running.add(child);
  if (!killOnExit) {
    killOnExit = true;
    process.once("exit", () => {
      for (const c of running) c.kill("SIGKILL");
    });
  }
  let out = "";
  const log = options.logFile ? fs.createWriteStream(options.logFile) : null;
  const keep = (d: Buffer) => {
    out += d;
    if (options.outputLimit !== undefined) out = out.slice(-options.outputLimit);
    log?.write(d);
  };
  child.stdout!.on("data", keep);
  child.stderr!.on("data", keep);
  // "close" comes after the last output, which may follow "exit".
  child.once("close", () => log?.end());
  let done = false;
  const exited = new Promise<number | null>((resolve) =>
    child.once("exit", (code) => {
      done = true;
      running.delete(child);
      if (dataDir) fs.rmSync(dataDir, { recursive: true, force: true });
      resolve(code);
    }),
  );
  return {
    child,
    pid: child.pid!,
    port,
    baseUrl,
    spawnedAt,
    dataDir,
    label: options.label,
    output: () => out,
    exited,
    hasExited: () => done,
    async stop(signal = "SIGTERM") {
      if (done) return exited;
      child.kill(signal);
      const killer =
        options.killAfterMs === undefined ? null : setTimeout(() => child.kill("SIGKILL"), options.killAfterMs);
      const code = await exited;
      if (killer) clearTimeout(killer);
      return code;
    },
  };
}

/** Runs argv with the open-files limit raised (10,000 sockets need more than the usual 1,024). */
export function spawnWithManyFiles(argv: readonly string[], options: SpawnOptions): ChildProcess {
  return spawn(
    "/bin/sh",
    ["-c", 'ulimit -n 65536 2>/dev/null || ulimit -n "$(ulimit -Hn)"; exec "$0" "$@"', ...argv],
    options,
  );
}

/** Waits until the process answers /api/health with 200 (or throws with its output if it exited). */
export async function waitUntilReady(server: ServerProcess, timeoutMs = 60_000): Promise<void> {
  const name = server.label ? `o servidor ${server.label}` : "o servidor";
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (server.hasExited()) throw new Error(`${name} terminou:\n${server.output()}`);
    const ok = await fetch(`${server.baseUrl}/api/health`)
      .then((r) => r.status === 200)
      .catch(() => false);
    if (ok) return;
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error(`${name} não respondeu em ${timeoutMs} ms:\n${server.output()}`);
}

/** spawnServer, then waitUntilReady (default 60 s); a process that does not get ready is killed. */
export async function startServer(
  env: Record<string, string>,
  options: ServerOptions & { readyTimeoutMs?: number } = {},
): Promise<ServerProcess> {
  const server = await spawnServer(env, options);
  try {
    await waitUntilReady(server, options.readyTimeoutMs);
  } catch (error) {
    await server.stop("SIGKILL");
    throw error;
  }
  return server;
}

/**
 * Makes build/ match the sources, as `npm start` does: `node scripts/build.mjs` when the build is
 * missing or older than them. `reuse`: take build/ as it is (it must exist).
 */
export function ensureProductionBuild(options: { reuse?: boolean } = {}): void {
  if (options.reuse) {
    if (!fs.existsSync(path.join(ROOT, PRODUCTION_ENTRY))) throw new Error(`${PRODUCTION_ENTRY} não existe`);
    return;
  }
  // build-stamp.mjs reads paths relative to the working directory: ask it from the repository's root.
  const current = spawnSync(
    process.execPath,
    [
      "--input-type=module",
      "-e",
      "import('./scripts/build-stamp.mjs').then(m => process.exit(m.buildIsCurrent() ? 0 : 1))",
    ],
    { cwd: ROOT, stdio: "ignore" },
  );
  if (current.status === 0) return;
  console.info("Compilando o build de produção (node scripts/build.mjs)...");
  execFileSync(process.execPath, ["scripts/build.mjs"], { cwd: ROOT, stdio: "inherit" });
}

/** An HTTP client bound to one server, with the same-origin header a browser would send. */
export function httpClient(baseUrl: string, cookie?: string) {
  return async (method: string, pathname: string, json?: unknown) => {
    const headers: Record<string, string> = { origin: baseUrl, accept: "application/json" };
    if (cookie) headers.cookie = cookie;
    if (json !== undefined) headers["content-type"] = "application/json";
    const res = await fetch(`${baseUrl}${pathname}`, {
      method,
      headers,
      body: json === undefined ? undefined : JSON.stringify(json),
    });
    const text = await res.text();
    let body: any = text;
    try {
      body = text ? JSON.parse(text) : null;
    } catch {
      // not JSON
    }
    return { status: res.status, body, headers: res.headers };
  };
}

/** Signs in through the HTTP API and returns the session cookie. */
export async function signInOver(baseUrl: string, email: string, password: string): Promise<string> {
  const res = await httpClient(baseUrl)("POST", "/api/auth/sign-in/email", { email, password });
  if (res.status !== 200) throw new Error(`sign-in falhou (${res.status}): ${JSON.stringify(res.body)}`);
  return res.headers
    .getSetCookie()
    .map((c) => c.split(";")[0])
    .join("; ");
}
