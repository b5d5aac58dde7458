/**
 * The blob store the configuration chooses: an S3-compatible bucket when STORAGE_S3_BUCKET is set,
 * else files under DATA_DIR/files (docs/decisions/038-photo-storage.md). env.ts already refused half
 * an S3 configuration.
 */
import path from "node:path";
import type { Env } from "../env";
import type { BlobStore } from "./blob-store";
import { createFileStore } from "./file-store";
import { createS3Store } from "./s3-store";

export type StorageConfig = Pick<
  Env,
  | "DATA_DIR"
  | "STORAGE_S3_BUCKET"
  | "STORAGE_S3_ENDPOINT"
  | "STORAGE_S3_REGION"
  | "STORAGE_S3_ACCESS_KEY_ID"
  | "STORAGE_S3_SECRET_ACCESS_KEY"
>;

export const FILES_DIR = "files";

export function createBlobStore(config: StorageConfig): BlobStore {
  if (config.STORAGE_S3_BUCKET) {
    return createS3Store({
      bucket: config.STORAGE_S3_BUCKET,
      endpoint: config.STORAGE_S3_ENDPOINT,
      region: config.STORAGE_S3_REGION,
      credentials:
        config.STORAGE_S3_ACCESS_KEY_ID && config.STORAGE_S3_SECRET_ACCESS_KEY
          ? { accessKeyId: config.STORAGE_S3_ACCESS_KEY_ID, secretAccessKey: config.STORAGE_S3_SECRET_ACCESS_KEY }
          : undefined,
    });
  }
  return createFileStore(path.join(config.DATA_DIR, FILES_DIR));
}

export type { BlobStore, BlobStoreKind, PutOptions, PutResult } from "./blob-store";
