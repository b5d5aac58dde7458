import { describe, expect, it } from "vitest";
import { loadEnv } from "./env";

const KEYS = { STORAGE_S3_ACCESS_KEY_ID: "AKIAEXEMPLO", STORAGE_S3_SECRET_ACCESS_KEY: "segredo-exemplo" };

describe("env: photo storage (docs/decisions/038-photo-storage.md)", () => {
  it("keeps photos in DATA_DIR/files when no bucket is set", () => {
    expect(loadEnv({}).STORAGE_S3_BUCKET).toBeUndefined();
    expect(loadEnv({ STORAGE_S3_BUCKET: "", STORAGE_S3_ENDPOINT: "" }).STORAGE_S3_BUCKET).toBeUndefined();
  });

  it("takes AWS S3 with a region, with keys or with the SDK's default credentials", () => {
    expect(loadEnv({ STORAGE_S3_BUCKET: "fotos-guarita", STORAGE_S3_REGION: "sa-east-1" }).STORAGE_S3_REGION).toBe(
      "sa-east-1",
    );
    expect(
      loadEnv({ STORAGE_S3_BUCKET: "fotos-guarita", STORAGE_S3_REGION: "sa-east-1", ...KEYS }).STORAGE_S3_ACCESS_KEY_ID,
    ).toBe("AKIAEXEMPLO");
  });

  it("takes an S3-compatible server (MinIO, R2) with its endpoint and keys", () => {
    const env = loadEnv({ STORAGE_S3_BUCKET: "fotos", STORAGE_S3_ENDPOINT: "http://127.0.0.1:9000", ...KEYS });
    expect(env.STORAGE_S3_ENDPOINT).toBe("http://127.0.0.1:9000");
    expect(env.STORAGE_S3_REGION).toBeUndefined();
  });

  it("refuses half a configuration, in pt-BR", () => {
    expect(() => loadEnv({ STORAGE_S3_ENDPOINT: "http://127.0.0.1:9000", ...KEYS })).toThrow(
      "STORAGE_S3_ENDPOINT, STORAGE_S3_ACCESS_KEY_ID, STORAGE_S3_SECRET_ACCESS_KEY precisa de STORAGE_S3_BUCKET",
    );
    expect(() => loadEnv({ STORAGE_S3_BUCKET: "fotos" })).toThrow(
      "STORAGE_S3_BUCKET sem STORAGE_S3_ENDPOINT (AWS S3) precisa de STORAGE_S3_REGION",
    );
    expect(() => loadEnv({ STORAGE_S3_BUCKET: "fotos", STORAGE_S3_ENDPOINT: "https://minio.exemplo.com.br" })).toThrow(
      "STORAGE_S3_ENDPOINT precisa de STORAGE_S3_ACCESS_KEY_ID e STORAGE_S3_SECRET_ACCESS_KEY",
    );
    expect(() =>
      loadEnv({ STORAGE_S3_BUCKET: "fotos", STORAGE_S3_REGION: "sa-east-1", STORAGE_S3_ACCESS_KEY_ID: "AKIAEXEMPLO" }),
    ).toThrow("STORAGE_S3_ACCESS_KEY_ID e STORAGE_S3_SECRET_ACCESS_KEY vão juntas");
  });

  it("refuses a bucket name S3 would refuse and an endpoint that is not http(s)", () => {
    expect(() => loadEnv({ STORAGE_S3_BUCKET: "Fotos_Guarita", STORAGE_S3_REGION: "sa-east-1" })).toThrow(
      "um nome de bucket S3",
    );
    expect(() => loadEnv({ STORAGE_S3_BUCKET: "fotos", STORAGE_S3_ENDPOINT: "ftp://x", ...KEYS })).toThrow(
      "use uma URL http:// ou https://",
    );
  });
});
