/**
 * Runs Guarita as its own process (`src/server/main.ts` through tsx, so no build is needed), the
 * way `npm start` does, for tests about the process itself: start-up refusals, restarts, crashes.
 */
import { type ChildProcess, spawn } from "node:child_process";
import path from "node:path";
import { freePort } from "./ports";

const ROOT = path.resolve(import.meta.dirname, "..", "..");

export interface ServerProcess {
  child: ChildProcess;
  baseUrl: string;
  /** Everything the process printed so far (stdout and stderr). */
  output(): string;
  /** Resolves with the exit code once the process ended. */
  exited: Promise<number | null>;
  hasExited(): boolean;
  stop(signal?: NodeJS.Signals): Promise<number | null>;
}

export async function spawnServer(env: Record<string, string>): Promise<ServerProcess> {
  const port = await freePort();
  const baseUrl = `http://127.0.0.1:${port}`;
  const child = spawn(process.execPath, ["--import", "tsx", "src/server/main.ts"], {
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
      ...env,
    },
    stdio: ["ignore", "pipe", "pipe"],
  });
  let out = "";
  child.stdout!.on("data", (d) => {
    out += d;
  });
  child.stderr!.on("data", (d) => {
    out += d;
  });
  let done = false;
  const exited = new Promise<number | null>((resolve) =>
    child.once("exit", (code) => {
      done = true;
      resolve(code);
    }),
  );
  return {
    child,
    baseUrl,
    output: () => out,
    exited,
    hasExited: () => done,
    async stop(signal = "SIGTERM") {
      if (!done) child.kill(signal);
      return exited;
    },
  };
}

/** Waits until the process answers /api/health with 200 (or throws with its output if it exited). */
export async function waitUntilReady(server: ServerProcess, timeoutMs = 60_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (server.hasExited()) throw new Error(`o servidor terminou:\n${server.output()}`);
    const ok = await fetch(`${server.baseUrl}/api/health`)
      .then((r) => r.status === 200)
      .catch(() => false);
    if (ok) return;
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error(`o servidor não respondeu em ${timeoutMs} ms:\n${server.output()}`);
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
