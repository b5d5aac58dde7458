/**
 * Copies every blob of one store into another under the same key: `npm run db:move -- --files-to-s3`
 * (DATA_DIR/files into the S3 bucket) uses it. Keys are content addresses (`[namespace/]sha256`,
 * docs/decisions/038-photo-storage.md), so a blob already in the target is the same bytes and is
 * skipped: running it again copies only what is missing. The source is never changed.
 *
 * Each blob is streamed (memory holds a chunk per blob in flight, never a whole file) through a hash
 * that must equal the hash in its key. Both stores read a stream to its end before storing anything
 * (the key is known only after the last byte), so a file whose bytes no longer match its name fails
 * its put and lands nowhere, instead of in the target under another key. Such a file is reported
 * and the others go on.
 */
import { createHash } from "node:crypto";
import { pipeline, type Readable, Transform } from "node:stream";
import { type BlobStore, parseBlobKey } from "./blob-store";

export type BlobCopyOutcome = "copied" | "present" | "vanished" | "failed";

export interface BlobCopyResult {
  key: string;
  outcome: BlobCopyOutcome;
  /** Bytes copied ("copied" only). */
  size?: number;
  /** pt-BR, for "failed". */
  error?: string;
  /** The source's bytes do not hash to the key: the file is damaged, and copying it again will not help. */
  corrupt?: boolean;
}

export interface BlobCopyFailure {
  key: string;
  error: string;
  corrupt: boolean;
}

export interface CopyBlobsSummary {
  /** Keys taken from the source so far (each ends as one of the four below). */
  seen: number;
  copied: number;
  /** Already in the target: nothing sent. */
  present: number;
  /** Listed, then gone from the source before it was read (deleted meanwhile). */
  vanished: number;
  failed: BlobCopyFailure[];
  /** Bytes of the blobs copied by this run. */
  bytes: number;
  /** Why the copy stopped before the end of the list (pt-BR), if it did. */
  interrupted?: string;
  ms: number;
}

export interface CopyBlobsOptions {
  /** Blobs in flight at once (default 4): enough to hide a bucket's latency, gentle on a small server. */
  concurrency?: number;
  /**
   * Failures of the target in a row (not damaged files) after which the copy stops taking new keys
   * (default 10): a bucket that went away would otherwise fail every remaining blob one timeout at a time.
   */
  maxFailuresInARow?: number;
  /** Only keys starting with this (default "": all). */
  prefix?: string;
  /** After each blob, with the summary so far. */
  onBlob?: (result: BlobCopyResult, summary: Readonly<CopyBlobsSummary>) => void;
}

const DEFAULT_CONCURRENCY = 4;
const DEFAULT_MAX_FAILURES_IN_A_ROW = 10;

class CorruptBlobError extends Error {
  override name = "CorruptBlobError";
}

/** Passes the bytes through unchanged and fails at the end when they do not hash to `sha256`. */
function verifying(sha256: string): Transform {
  const hash = createHash("sha256");
  let size = 0;
  return new Transform({
    transform(chunk: Buffer, _encoding, callback) {
      hash.update(chunk);
      size += chunk.byteLength;
      callback(null, chunk);
    },
    flush(callback) {
      const actual = hash.digest("hex");
      if (actual === sha256) callback();
      else {
        callback(
          new CorruptBlobError(
            `o conteúdo (${size} ${size === 1 ? "byte" : "bytes"}, SHA-256 ${actual.slice(0, 12)}…) não confere com o nome: arquivo corrompido, não copiado`,
          ),
        );
      }
    },
  });
}

const messageOf = (error: unknown) => (error instanceof Error ? error.message || error.name : String(error));

async function copyOne(from: BlobStore, to: BlobStore, key: string): Promise<BlobCopyResult> {
  let verified: Readable | undefined;
  try {
    const { namespace, sha256 } = parseBlobKey(key);
    if (await to.has(key)) return { key, outcome: "present" };
    const source = await from.get(key);
    if (!source) return { key, outcome: "vanished" };
    // pipeline, not pipe: a read error of the source reaches the put through the verifier.
    verified = pipeline(source, verifying(sha256), () => undefined);
    const stored = await to.put(verified, namespace ? { namespace } : {});
    if (stored.key !== key) {
      return { key, outcome: "failed", error: `o destino guardou a chave ${stored.key}`, corrupt: false };
    }
    return { key, outcome: "copied", size: stored.size };
  } catch (error) {
    // A put that failed before reading to the end would otherwise leave the source file open.
    verified?.destroy();
    const corrupt = error instanceof CorruptBlobError;
    return { key, outcome: "failed", error: messageOf(error), corrupt };
  }
}

export async function copyBlobs(
  from: BlobStore,
  to: BlobStore,
  options: CopyBlobsOptions = {},
): Promise<CopyBlobsSummary> {
  const started = performance.now();
  const concurrency = Math.max(1, options.concurrency ?? DEFAULT_CONCURRENCY);
  const maxFailuresInARow = options.maxFailuresInARow ?? DEFAULT_MAX_FAILURES_IN_A_ROW;
  const summary: CopyBlobsSummary = { seen: 0, copied: 0, present: 0, vanished: 0, failed: [], bytes: 0, ms: 0 };
  let failuresInARow = 0;

  // One listing shared by the workers: an async generator queues concurrent next() calls, so each
  // key goes to exactly one worker, and keys are taken as they are found (no list held in memory).
  const keys = from.list(options.prefix ?? "")[Symbol.asyncIterator]();

  async function worker(): Promise<void> {
    while (summary.interrupted === undefined) {
      let next: IteratorResult<string>;
      try {
        next = await keys.next();
      } catch (error) {
        summary.interrupted ??= `a listagem dos arquivos de origem falhou: ${messageOf(error)}`;
        return;
      }
      if (next.done) return;
      summary.seen++;
      const result = await copyOne(from, to, next.value);
      if (result.outcome === "copied") {
        summary.copied++;
        summary.bytes += result.size ?? 0;
      } else if (result.outcome === "present") summary.present++;
      else if (result.outcome === "vanished") summary.vanished++;
      else summary.failed.push({ key: result.key, error: result.error ?? "", corrupt: result.corrupt ?? false });

      if (result.outcome === "failed" && !result.corrupt) failuresInARow++;
      else if (result.outcome !== "failed") failuresInARow = 0;
      if (failuresInARow >= maxFailuresInARow && summary.interrupted === undefined) {
        summary.interrupted = `${failuresInARow} falhas seguidas do destino (a última: ${result.error})`;
      }
      options.onBlob?.(result, summary);
    }
  }

  try {
    await Promise.all(Array.from({ length: concurrency }, worker));
  } finally {
    // Stopped early: let the listing release what it holds (a directory handle, a pagination).
    if (summary.interrupted !== undefined) await keys.return?.().catch(() => undefined);
  }
  summary.ms = Math.round(performance.now() - started);
  return summary;
}
