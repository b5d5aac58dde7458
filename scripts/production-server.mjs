// The production build on a free port with a fresh embedded database, for the measuring scripts
// (scripts/bundle-size.mjs, scripts/lighthouse.mjs): built first when missing or stale, then
// `node build/server/main.js` until /api/health answers. `stop()` ends it and removes its data.
import { spawn, spawnSync } from "node:child_process";
import fs from "node:fs";
import net from "node:net";
import os from "node:os";
import path from "node:path";
import { buildIsCurrent } from "./build-stamp.mjs";

/** A port nobody listens on (other servers may run on this machine; we must measure ours). */
export function freePort() {
  return new Promise((resolve, reject) => {
    const probe = net.createServer();
    probe.once("error", reject);
    probe.listen(0, "127.0.0.1", () => {
      const { port } = probe.address();
      probe.close(() => resolve(port));
    });
  });
}

/** Runs `node scripts/build.mjs` unless the build matches the sources; exits with its status when it fails. */
export function ensureBuild() {
  if (buildIsCurrent()) return;
  console.info("Build ausente ou desatualizado: rodando `node scripts/build.mjs`...");
  const result = spawnSync("node", ["scripts/build.mjs"], { stdio: "inherit" });
  if (result.status !== 0) process.exit(result.status ?? 1);
}

/**
 * Starts the production server on `port` (127.0.0.1) with a new DATA_DIR under the system's temp
 * directory. `env` adds to or overrides the server's environment (SEED_DEMO, PUBLIC_URL...);
 * `stdout` is "ignore" or "inherit" (stderr is always shown).
 */
export async function startProductionServer({ port, name, env = {}, stdout = "ignore" }) {
  const origin = `http://127.0.0.1:${port}`;
  const busy = await fetch(`${origin}/api/health`).then(
    () => true,
    () => false,
  );
  if (busy) throw new Error(`a porta ${port} já está em uso por outro servidor; defina outra em PORT`);
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), `guarita-${name}-`));
  const server = spawn("node", ["build/server/main.js"], {
    env: {
      ...process.env,
      NODE_ENV: "production",
      PORT: String(port),
      HOST: "127.0.0.1",
      PUBLIC_URL: "",
      DATA_DIR: dataDir,
      DATABASE_URL: "",
      SEED_DEMO: "false",
      LOG_LEVEL: "warn",
      ...env,
    },
    stdio: ["ignore", stdout, "inherit"],
  });
  const stop = async () => {
    if (server.exitCode === null && server.signalCode === null) {
      const exited = new Promise((resolve) => server.once("exit", resolve));
      server.kill();
      await exited;
    }
    fs.rmSync(dataDir, { recursive: true, force: true });
  };
  const deadline = Date.now() + 120_000;
  while (Date.now() < deadline) {
    if (server.exitCode !== null) {
      await stop();
      throw new Error(`o servidor terminou com código ${server.exitCode}`);
    }
    try {
      const res = await fetch(`${origin}/api/health`);
      if (res.ok) return { origin, stop };
    } catch {
      // Not listening yet.
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  await stop();
  throw new Error("o servidor não respondeu em /api/health em 120 s");
}
