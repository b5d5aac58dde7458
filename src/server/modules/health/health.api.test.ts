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

describe("API documentation", () => {
  it("serves the OpenAPI document with every module and a self-hosted reference page", async () => {
    const doc = await client(system()).get("/api/openapi.json");
    expect(doc.status).toBe(200);
    const paths = Object.keys(doc.body.paths);
    for (const p of [
      "/health",
      "/me",
      "/solicitacoes",
      "/solicitacoes/{id}/autorizar",
      "/dashboard/kpis",
      "/events",
      "/condominios",
      "/unidades/{id}/moradores",
      "/pessoas/{id}",
      "/chamadas",
      "/busca",
      "/auth/sign-in/email",
    ]) {
      expect(paths, p).toContain(p);
    }
    const page = await client(system()).get("/api/docs");
    expect(page.status).toBe(200);
    expect(page.body).toContain("/api/docs/assets/swagger-ui-bundle.js");
    const bundle = await system().app.request("http://localhost:3000/api/docs/assets/swagger-ui-bundle.js");
    expect(bundle.status).toBe(200);
    expect(bundle.headers.get("content-type")).toContain("javascript");
  });
});
