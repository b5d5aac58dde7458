/**
 * copyBlobs and `npm run db:move -- --files-to-s3` (docs/decisions/038-photo-storage.md): a files
 * store in a temporary DATA_DIR, with blobs in two namespaces and at the root, copied into a real
 * S3-compatible server (s3rver, started here), the bucket read back through the SDK behind the
 * stores' back.
 */
import { spawn } from "node:child_process";
import fs from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { CreateBucketCommand, GetObjectCommand, ListObjectsV2Command } from "@aws-sdk/client-s3";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startS3Server, type TestS3Server } from "../../../tests/support/s3-server";
import { type BlobStore, sha256Hex } from "./blob-store";
import { copyBlobs } from "./copy-blobs";
import { createFileStore, fileStorePath } from "./file-store";
import { FILES_DIR } from "./index";
import { createS3Store } from "./s3-store";

const ROOT = path.resolve(import.meta.dirname, "..", "..", "..");

let server: TestS3Server;
let dataDir: string;
let filesDir: string;
let files: BlobStore;
let bucket: BlobStore;
/** What the files store holds: key → bytes. */
const stored = new Map<string, Buffer>();

async function putLocal(content: Buffer, namespace?: string): Promise<string> {
  const { key } = await files.put(content, namespace ? { namespace } : {});
  stored.set(key, content);
  return key;
}

/** The bucket's objects, listed and read through the SDK: key → bytes. */
async function bucketContents(name: string): Promise<Map<string, Buffer>> {
  const out = new Map<string, Buffer>();
  let token: string | undefined;
  do {
    const page = await server.client.send(new ListObjectsV2Command({ Bucket: name, ContinuationToken: token }));
    for (const { Key } of page.Contents ?? []) {
      const object = await server.client.send(new GetObjectCommand({ Bucket: name, Key }));
      out.set(Key!, Buffer.from(await object.Body!.transformToByteArray()));
    }
    token = page.NextContinuationToken;
  } while (token);
  return out;
}

function s3StoreFor(name: string): BlobStore {
  return createS3Store({
    bucket: name,
    endpoint: server.endpoint,
    region: server.region,
    credentials: server.credentials,
  });
}

/** `npm run db:move -- …` as its own process, configured only by the environment given. */
function runMove(args: string[], env: Record<string, string>): Promise<{ code: number | null; output: string }> {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, ["--import", "tsx", "src/server/db/move.cli.ts", ...args], {
      cwd: ROOT,
      // Every STORAGE_S3_* given (empty when unset), so a local .env cannot fill one in.
      env: {
        PATH: process.env.PATH ?? "",
        HOME: process.env.HOME ?? "",
        LOG_LEVEL: "warn",
        STORAGE_S3_BUCKET: "",
        STORAGE_S3_ENDPOINT: "",
        STORAGE_S3_REGION: "",
        STORAGE_S3_ACCESS_KEY_ID: "",
        STORAGE_S3_SECRET_ACCESS_KEY: "",
        ...env,
      },
      stdio: ["ignore", "pipe", "pipe"],
    });
    let output = "";
    child.stdout.on("data", (d) => {
      output += d;
    });
    child.stderr.on("data", (d) => {
      output += d;
    });
    child.once("exit", (code) => resolve({ code, output }));
  });
}

const s3Env = (name: string) => ({
  STORAGE_S3_BUCKET: name,
  STORAGE_S3_ENDPOINT: server.endpoint,
  STORAGE_S3_REGION: server.region,
  STORAGE_S3_ACCESS_KEY_ID: server.credentials.accessKeyId,
  STORAGE_S3_SECRET_ACCESS_KEY: server.credentials.secretAccessKey,
});

beforeAll(async () => {
  server = await startS3Server();
  dataDir = await fs.mkdtemp(path.join(os.tmpdir(), "guarita-copy-blobs-"));
  filesDir = path.join(dataDir, FILES_DIR);
  files = createFileStore(filesDir);
  bucket = s3StoreFor(server.bucket);
  for (let i = 1; i <= 4; i++) {
    await putLocal(Buffer.from(`foto ${i} da portaria`), "fotos");
    await putLocal(Buffer.from(`documento ${i}`), "tenant-1");
  }
  // The same bytes in both namespaces are two blobs; one at the root, without a namespace.
  await putLocal(Buffer.from("foto 1 da portaria"), "tenant-1");
  await putLocal(Buffer.from("sem namespace"));
  // Bigger than a stream's chunks, so it crosses the copy as many pieces.
  const big = Buffer.alloc(1_500_000);
  for (let i = 0; i < big.length; i++) big[i] = (i * 7919) % 251;
  await putLocal(big, "fotos");
}, 60_000);

afterAll(async () => {
  files?.close();
  bucket?.close();
  await server?.close();
  if (dataDir) await fs.rm(dataDir, { recursive: true, force: true });
});

describe("copyBlobs: the files store into an S3 bucket", () => {
  it("copies every blob under the same key, with the same bytes", async () => {
    expect(stored.size).toBe(11);
    const summary = await copyBlobs(files, bucket);
    expect(summary).toMatchObject({ seen: 11, copied: 11, present: 0, vanished: 0, failed: [] });
    expect(summary.interrupted).toBeUndefined();
    expect(summary.bytes).toBe([...stored.values()].reduce((sum, b) => sum + b.byteLength, 0));

    const inBucket = await bucketContents(server.bucket);
    expect([...inBucket.keys()].sort()).toEqual([...stored.keys()].sort());
    for (const [key, bytes] of stored) expect(inBucket.get(key)?.equals(bytes), key).toBe(true);
    // Both namespaces and the root, as in the files store.
    expect([...inBucket.keys()].filter((k) => k.startsWith("fotos/"))).toHaveLength(5);
    expect([...inBucket.keys()].filter((k) => k.startsWith("tenant-1/"))).toHaveLength(5);
    expect([...inBucket.keys()].filter((k) => !k.includes("/"))).toHaveLength(1);
  });

  it("copies nothing the second time", async () => {
    const summary = await copyBlobs(files, bucket);
    expect(summary).toMatchObject({ seen: 11, copied: 0, present: 11, failed: [], bytes: 0 });
  });

  it("reports a file whose bytes changed on disk, copies nothing of it, and copies the others", async () => {
    const good = await putLocal(Buffer.from("chegou depois"), "tenant-1");
    const damaged = await putLocal(Buffer.from("foto que vai se corromper"), "fotos");
    const onDisk = fileStorePath(filesDir, damaged);
    await fs.writeFile(onDisk, "bytes trocados no disco");
    const events: string[] = [];

    const summary = await copyBlobs(files, bucket, { onBlob: (r) => events.push(`${r.outcome} ${r.key}`) });
    expect(summary).toMatchObject({ seen: 13, copied: 1, present: 11, vanished: 0 });
    expect(summary.interrupted).toBeUndefined();
    expect(summary.failed).toEqual([{ key: damaged, corrupt: true, error: expect.stringMatching(/corrompido/) }]);
    expect(events).toContain(`copied ${good}`);
    expect(events).toContain(`failed ${damaged}`);

    // Neither under its name nor under the hash of what the file now holds.
    const inBucket = await bucketContents(server.bucket);
    expect(inBucket.has(damaged)).toBe(false);
    expect([...inBucket.keys()].some((k) => k.endsWith(sha256Hex(Buffer.from("bytes trocados no disco"))))).toBe(false);
    expect(inBucket.get(good)?.toString()).toBe("chegou depois");
    expect(inBucket.size).toBe(12);
    // Never deletes: the damaged file is still there, as it was.
    expect(await fs.readFile(onDisk, "utf8")).toBe("bytes trocados no disco");
    // Put back as it was, for the CLI test below.
    await fs.writeFile(onDisk, stored.get(damaged)!);
  });

  it("stops taking new files when the target keeps failing", async () => {
    const broken: BlobStore = {
      ...bucket,
      has: async () => false,
      put: async () => {
        throw new Error("sem conexão com o bucket");
      },
    };
    const summary = await copyBlobs(files, broken, { concurrency: 2, maxFailuresInARow: 3 });
    expect(summary.interrupted).toMatch(/falhas seguidas do destino .*sem conexão com o bucket/);
    expect(summary.copied).toBe(0);
    expect(summary.failed.length).toBeGreaterThanOrEqual(3);
    expect(summary.failed.length).toBeLessThan(stored.size);
    expect(summary.failed.every((f) => !f.corrupt)).toBe(true);
  });
});

describe("npm run db:move -- --files-to-s3", () => {
  it("refuses without STORAGE_S3_BUCKET, or with a bucket that does not exist, copying nothing", async () => {
    const [unset, missing] = await Promise.all([
      runMove(["--files-to-s3", "--from", dataDir], {}),
      runMove(["--files-to-s3"], { DATA_DIR: dataDir, ...s3Env("nao-existe") }),
    ]);
    expect(unset.code, unset.output).toBe(1);
    expect(unset.output).toContain("Defina o bucket de destino em STORAGE_S3_BUCKET");
    expect(unset.output).toContain("Nada foi copiado.");
    expect(missing.code, missing.output).toBe(1);
    expect(missing.output).toContain(`Não foi possível acessar o bucket nao-existe (${server.endpoint})`);
    expect(missing.output).toContain("Nada foi copiado.");
  }, 60_000);

  it("copies into the configured bucket, reports a damaged file with exit 1, and a second run goes on from there", async () => {
    const name = "guarita-cli";
    await server.client.send(new CreateBucketCommand({ Bucket: name }));
    const damaged = [...stored.keys()].find((k) => k.startsWith("tenant-1/"))!;
    const original = stored.get(damaged)!;
    await fs.writeFile(fileStorePath(filesDir, damaged), "estragado");

    const first = await runMove(["--files-to-s3"], { DATA_DIR: dataDir, ...s3Env(name) });
    expect(first.code, first.output).toBe(1);
    expect(first.output).toContain(`Copiando 13 arquivos de ${filesDir} para o bucket ${name} (${server.endpoint})…`);
    expect(first.output).toContain(`  com erro: ${fileStorePath(filesDir, damaged)}: o conteúdo`);
    expect(first.output).toMatch(
      /Arquivos conferidos: 12 copiados \(1,\d MB\), 0 já presentes no bucket, 1 com erro em /,
    );
    expect(first.output).toContain("1 arquivo está corrompido");
    expect(first.output).toContain(`Nenhum arquivo local foi apagado: ${filesDir} ficou intacto.`);
    expect((await bucketContents(name)).size).toBe(12);

    await fs.writeFile(fileStorePath(filesDir, damaged), original);
    const second = await runMove(["--files-to-s3", "--from", dataDir], s3Env(name));
    expect(second.code, second.output).toBe(0);
    expect(second.output).toMatch(
      /Arquivos conferidos: 1 copiado \(\d+ bytes\), 12 já presentes no bucket, 0 com erro em /,
    );
    expect(second.output).toContain(`STORAGE_S3_BUCKET=${name}`);
    expect(second.output).toContain(`rm -rf '${filesDir}'`);
    const inBucket = await bucketContents(name);
    expect([...inBucket.keys()].sort()).toEqual([...stored.keys()].sort());
    for (const [key, bytes] of stored) expect(inBucket.get(key)?.equals(bytes), key).toBe(true);
    // The local files are all still there.
    expect((await Promise.all([...stored.keys()].map((k) => fs.readFile(fileStorePath(filesDir, k))))).length).toBe(
      stored.size,
    );
  }, 60_000);
});
