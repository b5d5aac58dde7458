/**
 * A throw-away PostgreSQL server for tests that must stop or restart it (CI's shared server at
 * :5432 is left alone). Uses the machine's PostgreSQL binaries (`pg_config --bindir`, else the
 * newest /usr/lib/postgresql/<version>/bin). initdb refuses to run as root, so as root every
 * command runs as the `postgres` OS user, in a temporary directory that user owns.
 */
import { execFile, execFileSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import { freePort } from "./ports";

function findBinDir(): string {
  try {
    const dir = execFileSync("pg_config", ["--bindir"], { encoding: "utf8" }).trim();
    if (fs.existsSync(path.join(dir, "pg_ctl"))) return dir;
  } catch {
    // no pg_config: look where Debian installs the server
  }
  const root = "/usr/lib/postgresql";
  const versions = fs.existsSync(root)
    ? fs
        .readdirSync(root)
        .filter((v) => fs.existsSync(path.join(root, v, "bin", "pg_ctl")))
        .sort((a, b) => Number(b) - Number(a))
    : [];
  if (!versions[0]) throw new Error("PostgreSQL não encontrado: instale o servidor (pg_ctl, initdb)");
  return path.join(root, versions[0], "bin");
}

export interface PostgresServer {
  url: string;
  port: number;
  /** `pg_ctl restart -m fast`: every session is terminated (57P01), the server comes back. */
  restart(): Promise<void>;
  /** `pg_ctl stop -m fast`, and `start` again: PostgreSQL away for as long as the test wants. */
  shutdown(): Promise<void>;
  start(): Promise<void>;
  /** Stops the server for good and removes its files. */
  destroy(): Promise<void>;
}

export async function startPostgresServer(): Promise<PostgresServer> {
  const bin = findBinDir();
  const asRoot = process.getuid?.() === 0;
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "guarita-pg-"));
  const data = path.join(dir, "data");
  const log = path.join(dir, "server.log");
  const port = await freePort();
  if (asRoot) execFileSync("chown", ["-R", "postgres:postgres", dir]);

  // Asynchronous, so the test's own requests keep flowing while PostgreSQL restarts.
  const run = async (tool: string, args: string[]) => {
    const [cmd, argv] = asRoot
      ? ["runuser", ["-u", "postgres", "--", path.join(bin, tool), ...args]]
      : [path.join(bin, tool), args];
    await promisify(execFile)(cmd as string, argv as string[], { cwd: dir, timeout: 60_000 });
  };
  // Only TCP on loopback, the socket in our own directory, no fsync (a test database).
  const serverOptions = `-p ${port} -k ${dir} -c listen_addresses=127.0.0.1 -c fsync=off -c full_page_writes=off`;
  const pgCtl = (action: string, extra: string[] = []) =>
    run("pg_ctl", ["-D", data, "-o", serverOptions, "-l", log, "-w", ...extra, action]);

  await run("initdb", ["-D", data, "-A", "trust", "-U", "postgres", "-E", "UTF8", "--no-sync"]);
  await pgCtl("start");

  let destroyed = false;
  return {
    url: `postgres://postgres@127.0.0.1:${port}/postgres`,
    port,
    restart: () => pgCtl("restart", ["-m", "fast"]),
    shutdown: () => pgCtl("stop", ["-m", "fast"]),
    start: () => pgCtl("start"),
    async destroy() {
      if (destroyed) return;
      destroyed = true;
      try {
        await pgCtl("stop", ["-m", "immediate"]).catch(() => undefined);
      } finally {
        fs.rmSync(dir, { recursive: true, force: true });
      }
    },
  };
}
