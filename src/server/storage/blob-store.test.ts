/**
 * One contract, both blob stores (docs/decisions/038-photo-storage.md): the embedded files store in
 * a temporary DATA_DIR, and the S3 store against a real S3-compatible server (s3rver) started here.
 */
import fs from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { Readable } from "node:stream";
import { GetObjectCommand, HeadObjectCommand, ListObjectsV2Command, PutObjectCommand } from "@aws-sdk/client-s3";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startS3Server, type TestS3Server } from "../../../tests/support/s3-server";
import { type BlobStore, listAll, readAll, sha256Hex } from "./blob-store";
import { fileStorePath, TEMP_DIR } from "./file-store";
import { createBlobStore, FILES_DIR } from "./index";
import { createS3Store } from "./s3-store";
import { spoolBytes } from "./spool";

const bytes = (text: string) => Buffer.from(text, "utf8");

/** Chunks, then (optionally) a failure: a client that hangs up mid-upload. */
function chunked(parts: Buffer[], failAfter = false): Readable {
  let i = 0;
  return new Readable({
    read() {
      if (i < parts.length) this.push(parts[i++]);
      else if (failAfter) this.destroy(new Error("conexão interrompida"));
      else this.push(null);
    },
  });
}

interface Harness {
  store: BlobStore;
  /** Removes every blob between tests (each test starts from an empty store). */
  clear(): Promise<void>;
}

function contract(name: string, setup: () => Promise<Harness>) {
  describe(`${name}: the blob-store contract`, () => {
    let h: Harness;
    beforeAll(async () => {
      h = await setup();
    });

    it("gives back the bytes it was given, from a buffer or a stream", async () => {
      await h.clear();
      const content = bytes("foto da portaria 1");
      const put = await h.store.put(content, { contentType: "image/jpeg" });
      expect(put).toEqual({ key: sha256Hex(content), sha256: sha256Hex(content), size: content.byteLength });
      const stream = await h.store.get(put.key);
      expect(await readAll(stream!)).toEqual(content);

      const big = Buffer.alloc(3 * 1024 * 1024 + 17, 0x5a);
      big.write("início", 0);
      const parts = Array.from({ length: Math.ceil(big.byteLength / 65536) }, (_, n) =>
        big.subarray(n * 65536, (n + 1) * 65536),
      );
      const streamed = await h.store.put(chunked(parts));
      expect(streamed).toEqual({ key: sha256Hex(big), sha256: sha256Hex(big), size: big.byteLength });
      expect(sha256Hex(await readAll((await h.store.get(streamed.key))!))).toBe(sha256Hex(big));
    });

    it("addresses by content: the same bytes are one key, a namespace is another", async () => {
      await h.clear();
      const a = await h.store.put(bytes("mesma foto"));
      const again = await h.store.put(Readable.from([bytes("mesma "), bytes("foto")]));
      const other = await h.store.put(bytes("outra foto"));
      expect(again.key).toBe(a.key);
      expect(other.key).not.toBe(a.key);
      const inTenant = await h.store.put(bytes("mesma foto"), { namespace: "tenant-1" });
      expect(inTenant).toMatchObject({ key: `tenant-1/${a.sha256}`, sha256: a.sha256 });
      expect(await listAll(h.store)).toEqual([a.key, other.key, inTenant.key].sort());
      expect(await listAll(h.store, "tenant-1/")).toEqual([inTenant.key]);
      // Deleting one namespace's copy leaves the other.
      await h.store.delete(inTenant.key);
      expect(await h.store.has(a.key)).toBe(true);
    });

    it("has and delete; deleting twice is fine", async () => {
      await h.clear();
      const { key } = await h.store.put(bytes("apagar depois"));
      expect(await h.store.has(key)).toBe(true);
      await h.store.delete(key);
      expect(await h.store.has(key)).toBe(false);
      expect(await h.store.get(key)).toBeNull();
      await h.store.delete(key);
      expect(await listAll(h.store)).toEqual([]);
    });

    it("leaves nothing when the upload fails midway", async () => {
      await h.clear();
      const first = Buffer.alloc(200_000, 1);
      await expect(h.store.put(chunked([first, first], true))).rejects.toThrow("conexão interrompida");
      expect(await listAll(h.store)).toEqual([]);
      expect(await h.store.has(sha256Hex(Buffer.concat([first, first])))).toBe(false);
    });

    it("refuses a key that is not one of its own", async () => {
      for (const key of ["../../etc/passwd", "A".repeat(64), `x/../${"a".repeat(64)}`, ""]) {
        await expect(h.store.has(key)).rejects.toThrow("Chave de armazenamento inválida");
        await expect(h.store.delete(key)).rejects.toThrow("Chave de armazenamento inválida");
      }
      await expect(h.store.put(bytes("x"), { namespace: "../fora" })).rejects.toThrow("Namespace");
    });
  });
}

// ---------------------------------------------------------------------------------------------------
// The embedded store

let dataDir: string;
let fileStore: BlobStore;
const filesRoot = () => path.join(dataDir, FILES_DIR);

contract("files (DATA_DIR/files)", async () => {
  dataDir = await fs.mkdtemp(path.join(os.tmpdir(), "guarita-files-"));
  fileStore = createBlobStore({ DATA_DIR: dataDir });
  expect(fileStore.kind).toBe("arquivos");
  return {
    store: fileStore,
    clear: async () => {
      await fs.rm(filesRoot(), { recursive: true, force: true });
    },
  };
});

describe("files (DATA_DIR/files): on disk", () => {
  afterAll(async () => {
    await fs.rm(dataDir, { recursive: true, force: true });
  });

  it("keeps each blob at files/ab/cd/<sha256>, and nothing in .tmp once written", async () => {
    const { key, sha256 } = await fileStore.put(bytes("no disco"));
    const file = path.join(filesRoot(), sha256.slice(0, 2), sha256.slice(2, 4), sha256);
    expect(fileStorePath(filesRoot(), key)).toBe(file);
    expect(await fs.readFile(file, "utf8")).toBe("no disco");
    const tenant = await fileStore.put(bytes("no disco"), { namespace: "tenant-2" });
    expect(
      await fs.readFile(path.join(filesRoot(), "tenant-2", sha256.slice(0, 2), sha256.slice(2, 4), sha256), "utf8"),
    ).toBe("no disco");
    expect(tenant.key).toBe(`tenant-2/${sha256}`);
    expect(await fs.readdir(path.join(filesRoot(), TEMP_DIR))).toEqual([]);
  });

  it("a crash mid-write leaves a .part in .tmp, never a file under a final name; a later start sweeps it", async () => {
    await fs.rm(filesRoot(), { recursive: true, force: true });
    // What a process that died between writing and renaming leaves behind.
    const content = bytes("escrita interrompida");
    const partial = await spoolBytes(content, path.join(filesRoot(), TEMP_DIR));
    expect(await listAll(fileStore)).toEqual([]);
    expect(await fileStore.has(sha256Hex(content))).toBe(false);
    expect(await fileStore.get(sha256Hex(content))).toBeNull();

    // Hours later, the next process's first write removes it; a fresh .part of a live write stays.
    const old = new Date(Date.now() - 2 * 60 * 60 * 1000);
    await fs.utimes(partial, old, old);
    const live = await spoolBytes(bytes("escrita em andamento"), path.join(filesRoot(), TEMP_DIR));
    const next = createBlobStore({ DATA_DIR: dataDir });
    await next.put(bytes("depois do reinício"));
    const left = await fs.readdir(path.join(filesRoot(), TEMP_DIR));
    expect(left).toEqual([path.basename(live)]);
    expect(await listAll(next)).toEqual([sha256Hex(bytes("depois do reinício"))]);
  });
});

// ---------------------------------------------------------------------------------------------------
// S3, against a real S3-compatible server

let s3: TestS3Server;
let s3Store: BlobStore;
let spoolDir: string;

contract("s3 (s3rver)", async () => {
  s3 = await startS3Server();
  spoolDir = await fs.mkdtemp(path.join(os.tmpdir(), "guarita-s3-spool-"));
  // Built by createBlobStore from the same variables an operator sets.
  const configured = createBlobStore({
    DATA_DIR: "/nao-usado",
    STORAGE_S3_BUCKET: s3.bucket,
    STORAGE_S3_ENDPOINT: s3.endpoint,
    STORAGE_S3_REGION: s3.region,
    STORAGE_S3_ACCESS_KEY_ID: s3.credentials.accessKeyId,
    STORAGE_S3_SECRET_ACCESS_KEY: s3.credentials.secretAccessKey,
  });
  expect(configured.kind).toBe("s3");
  configured.close();
  s3Store = createS3Store({
    bucket: s3.bucket,
    endpoint: s3.endpoint,
    region: s3.region,
    credentials: s3.credentials,
    spoolDir,
  });
  return {
    store: s3Store,
    clear: async () => {
      for (const key of await listAll(s3Store)) await s3Store.delete(key);
      expect(await fs.readdir(spoolDir)).toEqual([]);
    },
  };
});

describe("s3 (s3rver): in the bucket", () => {
  afterAll(async () => {
    s3Store?.close();
    await s3?.close();
    if (spoolDir) await fs.rm(spoolDir, { recursive: true, force: true });
  });

  it("puts real objects in the server, and a deletion really removes them", async () => {
    const content = bytes("objeto de verdade");
    const { key } = await s3Store.put(content, { contentType: "image/jpeg", namespace: "tenant-3" });
    const listed = await s3.client.send(new ListObjectsV2Command({ Bucket: s3.bucket, Prefix: "tenant-3/" }));
    expect(listed.Contents?.map((o) => o.Key)).toEqual([key]);
    const head = await s3.client.send(new HeadObjectCommand({ Bucket: s3.bucket, Key: key }));
    expect(head.ContentType).toBe("image/jpeg");
    expect(head.ContentLength).toBe(content.byteLength);
    const got = await s3.client.send(new GetObjectCommand({ Bucket: s3.bucket, Key: key }));
    expect(Buffer.from(await got.Body!.transformToByteArray())).toEqual(content);

    await s3Store.delete(key);
    const after = await s3.client.send(new ListObjectsV2Command({ Bucket: s3.bucket, Prefix: "tenant-3/" }));
    expect(after.Contents ?? []).toEqual([]);
    // A streamed put left no spooled file behind.
    await s3Store.put(Readable.from([bytes("em "), bytes("partes")]));
    expect(await fs.readdir(spoolDir)).toEqual([]);
  });

  it("lists only its own blobs in a bucket shared with other data", async () => {
    await s3.client.send(new PutObjectCommand({ Bucket: s3.bucket, Key: "backups/leia-me.txt", Body: "outra coisa" }));
    const keys = await listAll(s3Store);
    expect(keys).not.toContain("backups/leia-me.txt");
    expect(keys.every((k) => /^([a-z0-9-]+\/)?[0-9a-f]{64}$/.test(k))).toBe(true);
  });
});
