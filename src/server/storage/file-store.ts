/**
 * The embedded blob store: files under DATA_DIR/files, named by their SHA-256 with a two-level
 * fan-out (`ab/cd/abcd…`, `<namespace>/ab/cd/abcd…`), so no directory grows past a few hundred
 * entries. A blob is written to DATA_DIR/files/.tmp (same filesystem), flushed (fsync), then renamed
 * onto its final name: a crash leaves at most a `.part` file in .tmp, never a partial file under a
 * final name, and the next start sweeps what is old there. One machine only, like PGlite
 * (docs/decisions/038-photo-storage.md); several server processes on that machine are fine, since
 * every write is a rename of a content-addressed name.
 */
import fs from "node:fs/promises";
import path from "node:path";
import type { Readable } from "node:stream";
import {
  type BlobStore,
  blobKey,
  checkNamespace,
  type PutOptions,
  type PutResult,
  parseBlobKey,
  sha256HexOffThread,
} from "./blob-store";
import { removeStalePartials, spoolBytes, spoolToFile } from "./spool";

export const TEMP_DIR = ".tmp";
/** A `.part` file this old belongs to a write that died; a live write takes seconds. */
const STALE_PARTIAL_MS = 60 * 60 * 1000;
const HEX64 = /^[0-9a-f]{64}$/;
const FANOUT = /^[0-9a-f]{2}$/;

export function fileStorePath(root: string, key: string): string {
  const { namespace, sha256 } = parseBlobKey(key);
  return path.join(root, ...(namespace ? [namespace] : []), sha256.slice(0, 2), sha256.slice(2, 4), sha256);
}

/** fsync of a directory makes a rename or a new entry in it durable; some platforms cannot open one. */
async function syncDir(dir: string): Promise<void> {
  let handle: fs.FileHandle | undefined;
  try {
    handle = await fs.open(dir, "r");
    await handle.sync();
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    if (code !== "EISDIR" && code !== "EPERM" && code !== "EINVAL") throw error;
  } finally {
    await handle?.close();
  }
}

async function exists(file: string): Promise<boolean> {
  try {
    await fs.access(file);
    return true;
  } catch {
    return false;
  }
}

/** `root` is DATA_DIR/files. */
export function createFileStore(root: string): BlobStore {
  const tempDir = path.join(root, TEMP_DIR);
  let ready: Promise<void> | undefined;
  const prepare = () => {
    ready ??= (async () => {
      await fs.mkdir(tempDir, { recursive: true });
      await removeStalePartials(tempDir, STALE_PARTIAL_MS);
    })();
    return ready;
  };

  async function place(partial: string, key: string): Promise<void> {
    const final = fileStorePath(root, key);
    const dir = path.dirname(final);
    const created = await fs.mkdir(dir, { recursive: true });
    await fs.rename(partial, final);
    await syncDir(dir);
    // New fan-out directories are entries of their parents: flush those too, up to the root.
    if (created) {
      for (let parent = path.dirname(dir); parent.startsWith(root); parent = path.dirname(parent)) {
        await syncDir(parent);
        if (parent === root) break;
      }
    }
  }

  return {
    kind: "arquivos",
    async put(content: Uint8Array | Readable, options: PutOptions = {}): Promise<PutResult> {
      checkNamespace(options.namespace);
      await prepare();
      if (content instanceof Uint8Array) {
        const sha256 = await sha256HexOffThread(content);
        const key = blobKey(sha256, options.namespace);
        // Same bytes, same name: an existing file already holds exactly these bytes.
        if (!(await exists(fileStorePath(root, key)))) {
          const partial = await spoolBytes(content, tempDir);
          await place(partial, key).catch(async (error) => {
            await fs.rm(partial, { force: true });
            throw error;
          });
        }
        return { key, sha256, size: content.byteLength };
      }
      const spooled = await spoolToFile(content, tempDir);
      const key = blobKey(spooled.sha256, options.namespace);
      try {
        if (await exists(fileStorePath(root, key))) await fs.rm(spooled.file, { force: true });
        else await place(spooled.file, key);
      } catch (error) {
        await fs.rm(spooled.file, { force: true });
        throw error;
      }
      return { key, sha256: spooled.sha256, size: spooled.size };
    },

    async get(key) {
      const file = fileStorePath(root, key);
      try {
        const handle = await fs.open(file, "r");
        return handle.createReadStream();
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code === "ENOENT") return null;
        throw error;
      }
    },

    async has(key) {
      return exists(fileStorePath(root, key));
    },

    async delete(key) {
      await fs.rm(fileStorePath(root, key), { force: true });
    },

    async *list(prefix = "") {
      // [namespace/]ab/cd/<sha256>; .tmp and anything else that is not a blob is skipped.
      async function* walk(dir: string, segments: string[]): AsyncGenerator<string> {
        let entries: import("node:fs").Dirent[];
        try {
          entries = await fs.readdir(dir, { withFileTypes: true });
        } catch (error) {
          if ((error as NodeJS.ErrnoException).code === "ENOENT") return;
          throw error;
        }
        for (const entry of entries.sort((a, b) => a.name.localeCompare(b.name))) {
          if (entry.name.startsWith(".")) continue;
          const next = [...segments, entry.name];
          if (entry.isDirectory() && next.length < 4) yield* walk(path.join(dir, entry.name), next);
          else if (entry.isFile() && (next.length === 3 || next.length === 4) && HEX64.test(entry.name)) {
            const [a, b] = next.slice(-3, -1);
            if (!FANOUT.test(a!) || entry.name.slice(0, 2) !== a || entry.name.slice(2, 4) !== b) continue;
            const key = next.length === 4 ? `${next[0]}/${entry.name}` : entry.name;
            if (key.startsWith(prefix)) yield key;
          }
        }
      }
      yield* walk(root, []);
    },

    close() {},
  };
}
