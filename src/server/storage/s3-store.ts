/**
 * The shared blob store: any S3-compatible bucket (AWS S3, MinIO, Cloudflare R2) through the official
 * AWS SDK, one key per blob (`[namespace/]sha256`). Every instance reads and writes the same bucket.
 * S3 makes an object visible only once its upload completed, so a process that dies mid-put leaves
 * nothing; a stream is spooled to a temporary file first (its SHA-256 is the key), keeping memory
 * bounded (docs/decisions/038-photo-storage.md).
 */
import fs from "node:fs";
import os from "node:os";
import type { Readable } from "node:stream";
import {
  DeleteObjectCommand,
  GetObjectCommand,
  HeadObjectCommand,
  PutObjectCommand,
  paginateListObjectsV2,
  S3Client,
  S3ServiceException,
} from "@aws-sdk/client-s3";
import {
  type BlobStore,
  blobKey,
  checkNamespace,
  isBlobKey,
  type PutOptions,
  type PutResult,
  parseBlobKey,
  sha256HexOffThread,
} from "./blob-store";
import { spoolToFile } from "./spool";

export interface S3StoreConfig {
  bucket: string;
  /** MinIO, R2 or another S3-compatible server; unset = AWS S3 in `region`. */
  endpoint?: string;
  /** Required by AWS; S3-compatible servers take any (us-east-1 when unset, R2 also takes "auto"). */
  region?: string;
  /** Unset on AWS: the SDK's default credentials (the instance's or task's role). */
  credentials?: { accessKeyId: string; secretAccessKey: string };
  /** Where a streamed upload waits for its hash (default: the system's temporary folder). */
  spoolDir?: string;
}

function isNotFound(error: unknown): boolean {
  return (
    error instanceof S3ServiceException &&
    (error.name === "NotFound" || error.name === "NoSuchKey" || error.$metadata.httpStatusCode === 404)
  );
}

export function createS3Store(config: S3StoreConfig): BlobStore {
  const client = new S3Client({
    region: config.region ?? "us-east-1",
    ...(config.endpoint ? { endpoint: config.endpoint, forcePathStyle: true } : {}),
    ...(config.credentials ? { credentials: config.credentials } : {}),
    // The SDK's default CRC32 trailers (aws-chunked uploads) are not understood by every
    // S3-compatible server; the SHA-256 checksum sent with each put already protects the bytes.
    requestChecksumCalculation: "WHEN_REQUIRED",
    responseChecksumValidation: "WHEN_REQUIRED",
    requestHandler: { connectionTimeout: 5_000, requestTimeout: 60_000 },
  });
  const Bucket = config.bucket;
  const spoolDir = config.spoolDir ?? os.tmpdir();

  async function putObject(key: string, sha256: string, size: number, body: Buffer | Readable, contentType?: string) {
    await client.send(
      new PutObjectCommand({
        Bucket,
        Key: key,
        Body: body,
        ContentLength: size,
        // The server refuses bytes that do not hash to the key (AWS, R2 and MinIO check it).
        ChecksumSHA256: Buffer.from(sha256, "hex").toString("base64"),
        ...(contentType ? { ContentType: contentType } : {}),
      }),
    );
  }

  return {
    kind: "s3",
    async put(content: Uint8Array | Readable, options: PutOptions = {}): Promise<PutResult> {
      checkNamespace(options.namespace);
      if (content instanceof Uint8Array) {
        const sha256 = await sha256HexOffThread(content);
        const key = blobKey(sha256, options.namespace);
        const body = Buffer.isBuffer(content) ? content : Buffer.from(content);
        await putObject(key, sha256, body.byteLength, body, options.contentType);
        return { key, sha256, size: body.byteLength };
      }
      const spooled = await spoolToFile(content, spoolDir);
      try {
        const key = blobKey(spooled.sha256, options.namespace);
        await putObject(key, spooled.sha256, spooled.size, fs.createReadStream(spooled.file), options.contentType);
        return { key, sha256: spooled.sha256, size: spooled.size };
      } finally {
        await fs.promises.rm(spooled.file, { force: true });
      }
    },

    async get(key) {
      parseBlobKey(key);
      try {
        const out = await client.send(new GetObjectCommand({ Bucket, Key: key }));
        return (out.Body as Readable | undefined) ?? null;
      } catch (error) {
        if (isNotFound(error)) return null;
        throw error;
      }
    },

    async has(key) {
      parseBlobKey(key);
      try {
        await client.send(new HeadObjectCommand({ Bucket, Key: key }));
        return true;
      } catch (error) {
        if (isNotFound(error)) return false;
        throw error;
      }
    },

    async delete(key) {
      parseBlobKey(key);
      // S3 answers 204 for a key that is not there: deleting twice is fine.
      await client.send(new DeleteObjectCommand({ Bucket, Key: key }));
    },

    async *list(prefix = "") {
      for await (const page of paginateListObjectsV2({ client }, { Bucket, Prefix: prefix })) {
        // A bucket shared with other data: only blobs' keys are ours.
        for (const object of page.Contents ?? []) if (object.Key && isBlobKey(object.Key)) yield object.Key;
      }
    },

    close() {
      client.destroy();
    },
  };
}
