/**
 * One interface for stored files (photos today), two implementations: the embedded store under
 * DATA_DIR/files (file-store.ts, one machine) and any S3-compatible bucket (s3-store.ts, shared by
 * every instance). Content-addressed: a blob's key is the SHA-256 of its bytes, optionally under a
 * namespace, so the same bytes always land on the same key and a stored blob never changes
 * (docs/decisions/038-photo-storage.md).
 */
import { createHash, webcrypto } from "node:crypto";
import type { Readable } from "node:stream";

export type BlobStoreKind = "arquivos" | "s3";

export interface PutOptions {
  /**
   * A first key segment (a tenant's id, "fotos"…): the same bytes in two namespaces are two blobs, so
   * deleting one namespace's copy never removes another's. Lowercase letters, digits and hyphens.
   */
  namespace?: string;
  /** Kept by stores that have a place for it (S3's Content-Type); the database keeps it anyway. */
  contentType?: string;
}

export interface PutResult {
  /** `[namespace/]sha256`: what get, has and delete take. */
  key: string;
  /** Hex SHA-256 of the bytes stored. */
  sha256: string;
  size: number;
}

export interface BlobStore {
  readonly kind: BlobStoreKind;
  /** Stores the bytes under their SHA-256 and returns the key; storing them again changes nothing. */
  put(content: Buffer | Uint8Array | Readable, options?: PutOptions): Promise<PutResult>;
  /** The blob's bytes as a stream, or null when there is no such blob. */
  get(key: string): Promise<Readable | null>;
  has(key: string): Promise<boolean>;
  /** Removes the blob; removing one that is not there is not an error. */
  delete(key: string): Promise<void>;
  /** Every key starting with the prefix ("" for all), to prove what a deletion left (tests, checks). */
  list(prefix?: string): AsyncIterable<string>;
  close(): void;
}

const NAMESPACE = /^[a-z0-9][a-z0-9-]{0,62}$/;
const KEY = /^(?:([a-z0-9][a-z0-9-]{0,62})\/)?([0-9a-f]{64})$/;

export function checkNamespace(namespace: string | undefined): void {
  if (namespace !== undefined && !NAMESPACE.test(namespace)) {
    throw new Error(`Namespace de armazenamento inválido: ${JSON.stringify(namespace)}`);
  }
}

export function blobKey(sha256: string, namespace?: string): string {
  checkNamespace(namespace);
  return namespace ? `${namespace}/${sha256}` : sha256;
}

/** Splits a key; anything else (a path, "..", an uppercase hash) is refused before it reaches a disk or bucket. */
export function parseBlobKey(key: string): { namespace: string | undefined; sha256: string } {
  const match = KEY.exec(key);
  if (!match) throw new Error(`Chave de armazenamento inválida: ${JSON.stringify(key)}`);
  return { namespace: match[1], sha256: match[2]! };
}

export const isBlobKey = (key: string): boolean => KEY.test(key);

export function sha256Hex(bytes: Uint8Array): string {
  return createHash("sha256").update(bytes).digest("hex");
}

/**
 * The same hash computed on libuv's thread pool (Web Crypto's digest is an async job in Node): a 2 MB
 * photo costs ~4 ms of hashing, which fifty uploads at once would otherwise queue on the main thread
 * that answers every request (docs/benchmarks.md, "Fotos").
 */
export async function sha256HexOffThread(bytes: Uint8Array): Promise<string> {
  return Buffer.from(await webcrypto.subtle.digest("SHA-256", bytes)).toString("hex");
}

export async function listAll(store: BlobStore, prefix = ""): Promise<string[]> {
  const keys: string[] = [];
  for await (const key of store.list(prefix)) keys.push(key);
  return keys.sort();
}

/** Reads a whole blob (small ones: thumbnails, tests). */
export async function readAll(stream: Readable): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(Buffer.isBuffer(chunk) ? chunk : Buffer.from(chunk));
  return Buffer.concat(chunks);
}
