/**
 * A real S3-compatible server for the storage tests (s3rver: the S3 REST API over files in a
 * temporary folder), on an ephemeral port of 127.0.0.1, with one bucket created through the AWS SDK
 * as an operator would (docs/decisions/038-photo-storage.md).
 */
import fs from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { CreateBucketCommand, S3Client } from "@aws-sdk/client-s3";
import S3rver from "s3rver";

/** s3rver's fixed credentials: it checks every request's signature against them. */
export const S3RVER_CREDENTIALS = { accessKeyId: "S3RVER", secretAccessKey: "S3RVER" };

export interface TestS3Server {
  endpoint: string;
  bucket: string;
  region: string;
  credentials: typeof S3RVER_CREDENTIALS;
  /** An SDK client of the test's own, to look into the bucket behind the store's back. */
  client: S3Client;
  close(): Promise<void>;
}

export async function startS3Server(bucket = "guarita-teste"): Promise<TestS3Server> {
  const directory = await fs.mkdtemp(path.join(os.tmpdir(), "guarita-s3rver-"));
  const server = new S3rver({ address: "127.0.0.1", port: 0, directory, silent: true });
  const { port } = await server.run();
  const endpoint = `http://127.0.0.1:${port}`;
  const region = "us-east-1";
  const client = new S3Client({
    region,
    endpoint,
    forcePathStyle: true,
    credentials: S3RVER_CREDENTIALS,
    requestChecksumCalculation: "WHEN_REQUIRED",
    responseChecksumValidation: "WHEN_REQUIRED",
  });
  await client.send(new CreateBucketCommand({ Bucket: bucket }));
  return {
    endpoint,
    bucket,
    region,
    credentials: S3RVER_CREDENTIALS,
    client,
    async close() {
      client.destroy();
      await server.close();
      await fs.rm(directory, { recursive: true, force: true });
    },
  };
}
