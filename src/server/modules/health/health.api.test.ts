import { describe, expect, it } from "vitest";
import { client } from "../../../../tests/support/http";
import { setupTestSystem } from "../../../../tests/support/system";

const system = setupTestSystem();

describe("GET /api/health", () => {
  it("answers ok with the database reachable", async () => {
    const res = await client(system()).get("/api/health");
    expect(res.status).toBe(200);
    expect(res.body.status).toBe("ok");
    expect(res.body.database.reachable).toBe(true);
    expect(["pglite", "postgres"]).toContain(res.body.database.kind);
  });

  it("sends security headers and a request id", async () => {
    const res = await client(system()).get("/api/health");
    expect(res.headers.get("x-content-type-options")).toBe("nosniff");
    expect(res.headers.get("referrer-policy")).toBe("strict-origin-when-cross-origin");
    expect(res.headers.get("content-security-policy")).toContain("frame-ancestors 'none'");
    expect(res.headers.get("x-request-id")).toMatch(/[0-9a-f-]{36}/);
  });

  it("answers a pt-BR 404 for unknown API paths", async () => {
    const res = await client(system()).get("/api/nao-existe");
    expect(res.status).toBe(404);
    expect(res.body.error.message).toBe("Rota da API não encontrada.");
  });
});
