/**
 * The origin rule (docs/decisions/010-origin-rule.md): with PUBLIC_URL unset the app works from any
 * address it is opened on; with PUBLIC_URL set only it and TRUSTED_ORIGINS; every unsafe method
 * under /api needs an allowed Origin whatever its content type (signed webhooks and the API-key-only /api/v1 aside). Requests
 * carry a browser's Fetch-Metadata headers, which switch on better-auth's own origin check too.
 */
import { beforeAll, describe, expect, it } from "vitest";
import { createSystem, type System } from "@/server/bootstrap";
import { createCondominioWithUnidade, createTenantWithMember, uniqueIp } from "../support/factories";
import { type CallOptions, client, cookieFrom } from "../support/http";
import { setupTestSystem, testSystemOptions } from "../support/system";

const system = setupTestSystem();
const BROWSER = { "sec-fetch-site": "same-origin", "sec-fetch-mode": "cors", "sec-fetch-dest": "empty" };
const FOREIGN = "http://evil.example";
const REFUSED = "Origem da requisição não permitida.";

/** Another instance on the test database, configured like `npm start` without PUBLIC_URL. */
async function systemWith(overrides: Partial<Parameters<typeof createSystem>[0]>): Promise<System> {
  return createSystem({ ...testSystemOptions(), handle: system().handle, ...overrides });
}

describe("PUBLIC_URL unset: sign-in, a decision and sign-out from any address the app is opened on", () => {
  let open: System;
  beforeAll(async () => {
    open = await systemWith({ publicUrlExplicit: false });
  });

  for (const baseUrl of ["http://127.0.0.1:3000", "http://localhost:3000", "http://192.168.0.20:3000"]) {
    it(`works through ${baseUrl}`, async () => {
      const { email, password, org } = await createTenantWithMember(open, { role: "porteiro" });
      const { condominio, unidade } = await createCondominioWithUnidade(open, org.id);
      const browser: CallOptions = { baseUrl, headers: BROWSER };

      const signIn = await client(open, browser).post("/api/auth/sign-in/email", {
        json: { email, password },
        ip: uniqueIp(),
      });
      expect(signIn.status, JSON.stringify(signIn.body)).toBe(200);
      const api = client(open, { ...browser, cookie: cookieFrom(signIn.headers) });

      const created = await api.post("/api/solicitacoes", {
        json: { condominio_id: condominio.id, unidade_id: unidade.id, nome_visitante: "Visita pelo tablet" },
      });
      expect(created.status, JSON.stringify(created.body)).toBe(201);
      const decided = await api.post(`/api/solicitacoes/${created.body.id}/autorizar`, { json: {} });
      expect(decided.status, JSON.stringify(decided.body)).toBe(200);
      expect(decided.body.status).toBe("autorizado");

      const signOut = await api.post("/api/auth/sign-out", { json: {} });
      expect(signOut.status, JSON.stringify(signOut.body)).toBe(200);
      expect((await api.get("/api/me")).status).toBe(401);
    });
  }

  it("still refuses another site, and an Origin that is not the address the request came to", async () => {
    const { email, password } = await createTenantWithMember(open);
    for (const origin of [FOREIGN, "http://localhost:3000"]) {
      const res = await client(open, { baseUrl: "http://127.0.0.1:3000" }).post("/api/auth/sign-in/email", {
        json: { email, password },
        headers: { ...BROWSER, origin },
        ip: uniqueIp(),
      });
      expect(res.status).toBe(403);
      expect(res.body.error.message).toBe(REFUSED);
    }
  });
});

describe("PUBLIC_URL set: only it and TRUSTED_ORIGINS", () => {
  it("refuses a sign-in from another address or site, and allows a trusted origin", async () => {
    const { email, password } = await createTenantWithMember(system());
    for (const baseUrl of ["http://127.0.0.1:3000", FOREIGN]) {
      const res = await client(system(), { baseUrl, headers: BROWSER }).post("/api/auth/sign-in/email", {
        json: { email, password },
        ip: uniqueIp(),
      });
      expect(res.status).toBe(403);
      expect(res.body.error.message).toBe(REFUSED);
    }

    const withPanel = await systemWith({ trustedOrigins: ["https://painel.example"] });
    const res = await client(withPanel).post("/api/auth/sign-in/email", {
      json: { email, password },
      headers: { ...BROWSER, origin: "https://painel.example" },
      ip: uniqueIp(),
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
  });

  it("without Origin, allows only a browser's Sec-Fetch-Site: same-origin", async () => {
    const { cookie, org } = await createTenantWithMember(system());
    const { condominio, unidade } = await createCondominioWithUnidade(system(), org.id);
    const post = (headers: Record<string, string>) =>
      system().app.request("http://localhost:3000/api/solicitacoes", {
        method: "POST",
        headers: { cookie, "content-type": "application/json", ...headers },
        body: JSON.stringify({ condominio_id: condominio.id, unidade_id: unidade.id, nome_visitante: "Sem Origin" }),
      });
    expect((await post({})).status).toBe(403);
    expect((await post({ "sec-fetch-site": "cross-site" })).status).toBe(403);
    expect((await post({ "sec-fetch-site": "same-origin" })).status).toBe(201);
  });
});

describe("every unsafe route of the OpenAPI document", () => {
  it(`answers 403 to Origin ${FOREIGN} whatever the content type`, async () => {
    const { cookie } = await createTenantWithMember(system(), { role: "owner" });
    const doc = (await client(system()).get("/api/openapi.json")).body as {
      paths: Record<string, Record<string, unknown>>;
    };
    const routes = Object.entries(doc.paths).flatMap(([p, item]) =>
      ["post", "put", "patch", "delete"]
        .filter((m) => item[m])
        .map((m) => ({
          method: m.toUpperCase(),
          path: `/api${p.replace(/\{[^}]+\}/g, "00000000-0000-4000-8000-000000000000")}`,
        })),
    );
    const paths = routes.map((r) => `${r.method} ${r.path}`);
    expect(paths).toContain("POST /api/auth/sign-in/email");
    expect(paths).toContain("POST /api/solicitacoes/00000000-0000-4000-8000-000000000000/negar");

    const accepted: string[] = [];
    for (const route of routes) {
      // Signed by the sender, or API-key only (a browser never attaches the key): no browser to guard.
      if (route.path.startsWith("/api/webhooks/") || route.path.startsWith("/api/v1/")) continue;
      const res = await system().app.request(`http://localhost:3000${route.path}`, {
        method: route.method,
        headers: { origin: FOREIGN, cookie, "content-type": "application/json" },
        body: "{}",
      });
      const body = (await res.json().catch(() => null)) as { error?: { message?: string } } | null;
      if (res.status !== 403 || body?.error?.message !== REFUSED)
        accepted.push(`${route.method} ${route.path} → ${res.status}`);
    }
    expect(accepted).toEqual([]);
  });
});
