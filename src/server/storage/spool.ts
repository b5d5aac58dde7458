/**
 * Writes a stream to a temporary file while hashing it: a blob's key is its SHA-256, known only once
 * the last byte is in, and memory holds one chunk at a time (docs/decisions/038-photo-storage.md).
 */
import { createHash, randomUUID } from "node:crypto";
import fs from "node:fs/promises";
import path from "node:path";
import type { Readable } from "node:stream";

export const PARTIAL_SUFFIX = ".part";

export interface Spooled {
  file: string;
  sha256: string;
  size: number;
}

/**
 * Bytes already in memory (their hash known to the caller) land in `dir/<uuid>.part`, flushed to disk
 * (fsync); on any failure the file is removed.
 */
export async function spoolBytes(content: Uint8Array, dir: string): Promise<string> {
  return writePartial(dir, async (handle) => {
    await handle.writeFile(content);
  });
}

/** A stream lands in `dir/<uuid>.part` as spoolBytes, hashed as it goes. */
export async function spoolToFile(content: Readable, dir: string): Promise<Spooled> {
  const hash = createHash("sha256");
  let size = 0;
  try {
    const file = await writePartial(dir, async (handle) => {
      for await (const chunk of content) {
        const bytes: Uint8Array = typeof chunk === "string" ? Buffer.from(chunk) : chunk;
        hash.update(bytes);
        size += bytes.byteLength;
        await handle.write(bytes);
      }
    });
    return { file, sha256: hash.digest("hex"), size };
  } catch (error) {
    content.destroy();
    throw error;
  }
}

async function writePartial(dir: string, write: (handle: fs.FileHandle) => Promise<void>): Promise<string> {
  await fs.mkdir(dir, { recursive: true });
  const file = path.join(dir, `${randomUUID()}${PARTIAL_SUFFIX}`);
  const handle = await fs.open(file, "wx");
  try {
    await write(handle);
    await handle.sync();
    await handle.close();
  } catch (error) {
    await handle.close().catch(() => {});
    await fs.rm(file, { force: true });
    throw error;
  }
  return file;
}

/** Partial files older than `maxAgeMs` in `dir`: what a process that died mid-write left behind. */
export async function removeStalePartials(dir: string, maxAgeMs: number, now = Date.now()): Promise<number> {
  let names: string[];
  try {
    names = await fs.readdir(dir);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === "ENOENT") return 0;
    throw error;
  }
  let removed = 0;
  for (const name of names) {
    if (!name.endsWith(PARTIAL_SUFFIX)) continue;
    const file = path.join(dir, name);
    const stat = await fs.stat(file).catch(() => null);
    if (stat && now - stat.mtimeMs > maxAgeMs) {
      await fs.rm(file, { force: true });
      removed++;
    }
  }
  return removed;
}
