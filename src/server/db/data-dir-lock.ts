/**
 * One process per embedded database. PGlite keeps its files in DATA_DIR and has no lock of its own:
 * two processes on the same files both serve, and one silently loses the other's writes
 * (docs/decisions/012). The server and the database CLIs therefore hold an exclusive lock on
 * DATA_DIR for their whole life.
 *
 * The lock is proper-lockfile's: a directory created atomically (`mkdir`) whose mtime the holder
 * refreshes; a lock left by a process that died is taken over once its mtime is older than the
 * stale window, or at once when its recorded holder is a dead process on this same host. The
 * holder (pid, host, start time) is written beside the lock so a refused start can name it.
 * Released on exit (proper-lockfile removes held locks in an exit hook).
 */
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import lockfile from "proper-lockfile";

export const LOCK_DIR = "guarita.lock";
export const LOCK_HOLDER_FILE = "guarita.lock.json";
/** A lock not refreshed for this long belongs to a dead or frozen process and may be taken over. */
export const LOCK_STALE_MS = 20_000;

export interface LockHolder {
  pid: number;
  host: string;
  startedAt: string;
}

export class DataDirInUseError extends Error {
  constructor(
    readonly dataDir: string,
    readonly holder: LockHolder | null,
  ) {
    super(inUseMessage(dataDir, holder));
    this.name = "DataDirInUseError";
  }
}

/** The one line a refused start prints. */
export function inUseMessage(dataDir: string, holder: LockHolder | null): string {
  const who = holder
    ? `pelo processo ${holder.pid} em ${holder.host} (iniciado em ${formatStart(holder.startedAt)})`
    : "por outro processo do Guarita";
  return `O diretório de dados ${dataDir} já está em uso ${who}. Encerre esse processo ou use outro DATA_DIR.`;
}

function formatStart(iso: string): string {
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? iso : date.toLocaleString("pt-BR");
}

function readHolder(dataDir: string): LockHolder | null {
  try {
    const value = JSON.parse(fs.readFileSync(path.join(dataDir, LOCK_HOLDER_FILE), "utf8")) as Partial<LockHolder>;
    if (typeof value.pid !== "number" || typeof value.host !== "string" || typeof value.startedAt !== "string")
      return null;
    return { pid: value.pid, host: value.host, startedAt: value.startedAt };
  } catch {
    return null;
  }
}

function writeHolder(dataDir: string, holder: LockHolder) {
  const file = path.join(dataDir, LOCK_HOLDER_FILE);
  const tmp = `${file}.${process.pid}.tmp`;
  fs.writeFileSync(tmp, `${JSON.stringify(holder)}\n`);
  fs.renameSync(tmp, file);
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    // EPERM: it exists but belongs to another user.
    return (error as NodeJS.ErrnoException).code === "EPERM";
  }
}

/** The recorded holder is a process of this host that no longer runs (killed, crashed). */
function isAbandoned(holder: LockHolder | null): holder is LockHolder {
  return !!holder && holder.host === os.hostname() && (holder.pid === process.pid || !isAlive(holder.pid));
}

const sameHolder = (a: LockHolder | null, b: LockHolder | null) =>
  !!a && !!b && a.pid === b.pid && a.host === b.host && a.startedAt === b.startedAt;

export interface DataDirLockOptions {
  /** Another process took the lock over (this one was frozen past the stale window). */
  onCompromised?: (error: Error) => void;
}

/**
 * Takes the lock on `dataDir` (created if missing) or throws `DataDirInUseError` at once.
 * Returns the release function.
 */
export async function lockDataDir(dataDir: string, options: DataDirLockOptions = {}): Promise<() => Promise<void>> {
  fs.mkdirSync(dataDir, { recursive: true });
  const lockOptions = {
    lockfilePath: path.join(dataDir, LOCK_DIR),
    stale: LOCK_STALE_MS,
    realpath: false,
    onCompromised:
      options.onCompromised ??
      ((error: Error) => {
        throw error;
      }),
  };

  let release: () => Promise<void>;
  try {
    release = await lockfile.lock(dataDir, lockOptions);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== "ELOCKED") throw error;
    const holder = readHolder(dataDir);
    if (!isAbandoned(holder)) throw new DataDirInUseError(dataDir, holder);
    // The holder file is written just after the lock is taken: look again, so a lock that a new
    // process has just taken (and not yet described) is never mistaken for the dead one's.
    await new Promise((resolve) => setTimeout(resolve, 300));
    if (!sameHolder(holder, readHolder(dataDir))) throw new DataDirInUseError(dataDir, readHolder(dataDir));
    fs.rmSync(lockOptions.lockfilePath, { recursive: true, force: true });
    try {
      release = await lockfile.lock(dataDir, lockOptions);
    } catch (retryError) {
      if ((retryError as NodeJS.ErrnoException).code === "ELOCKED")
        throw new DataDirInUseError(dataDir, readHolder(dataDir));
      throw retryError;
    }
  }

  const holder: LockHolder = { pid: process.pid, host: os.hostname(), startedAt: new Date().toISOString() };
  writeHolder(dataDir, holder);
  const forgetHolder = () => {
    if (sameHolder(readHolder(dataDir), holder)) fs.rmSync(path.join(dataDir, LOCK_HOLDER_FILE), { force: true });
  };
  process.once("exit", forgetHolder);

  return async () => {
    process.removeListener("exit", forgetHolder);
    forgetHolder();
    await release();
  };
}

/**
 * For `npm start` and the database CLIs: on the embedded database, take the lock or print the one
 * line naming the holder and exit 1. With DATABASE_URL there is nothing to lock (the server guards
 * its own files and many instances may share it).
 */
export async function lockDataDirOrExit(env: { DATABASE_URL?: string; DATA_DIR: string }): Promise<void> {
  if (env.DATABASE_URL) return;
  try {
    await lockDataDir(env.DATA_DIR, {
      onCompromised: () => {
        console.error(
          `O bloqueio do diretório de dados ${env.DATA_DIR} foi tomado por outro processo; encerrando para não corromper os dados.`,
        );
        process.exit(1);
      },
    });
  } catch (error) {
    if (!(error instanceof DataDirInUseError)) throw error;
    console.error(error.message);
    process.exit(1);
  }
}
