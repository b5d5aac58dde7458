/**
 * Only the better-auth endpoints Guarita uses are reachable (src/server/auth/auth-endpoints.ts):
 * the organization plugin's administration would let a síndico make someone an owner or a morador
 * list every member's e-mail, outside the product's rules, and list-sessions would hand every
 * session's token to page JavaScript.
 */
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { member } from "@/server/db/schema";
import { addSignedInMember, createTenantWithMember } from "../support/factories";
import { client } from "../support/http";
import { setupTestSystem } from "../support/system";

const system = setupTestSystem();

describe("better-auth endpoints outside the product", () => {
  it("answer 404 to a signed-in owner and change nothing", async () => {
    const owner = await createTenantWithMember(system(), { role: "owner" });
    const porteiro = await addSignedInMember(system(), owner.org.id, "porteiro");
    const attempts = [
      owner.api.get(`/api/auth/organization/list-members?organizationId=${owner.org.id}`),
      owner.api.get("/api/auth/organization/get-full-organization"),
      owner.api.post("/api/auth/organization/update-member-role", {
        json: { memberId: porteiro.user.id, role: "owner", organizationId: owner.org.id },
      }),
      owner.api.post("/api/auth/organization/invite-member", { json: { email: "x@teste.app", role: "owner" } }),
      owner.api.post("/api/auth/organization/create", { json: { name: "Outra", slug: "outra" } }),
      owner.api.post("/api/auth/delete-user", { json: {} }),
      owner.api.post("/api/auth/change-email", { json: { newEmail: "novo@teste.app" } }),
      owner.api.post("/api/auth/sign-in/social", { json: { provider: "google" } }),
      owner.api.get("/api/auth/list-sessions"),
      owner.api.post("/api/auth/revoke-session", { json: { token: "qualquer" } }),
      owner.api.post("/api/auth/revoke-sessions", { json: {} }),
      // Only the exact shapes of the reset link are open.
      owner.api.post("/api/auth/reset-password/algum-token", { json: {} }),
      owner.api.get("/api/auth/reset-password/algum-token/extra?callbackURL=%2Fredefinir-senha"),
      owner.api.get("/api/auth/reset-password/?callbackURL=%2Fredefinir-senha"),
      owner.api.get("/api/auth/verify-email/extra?token=x"),
    ];
    for (const res of await Promise.all(attempts)) {
      expect(res.status, JSON.stringify(res.body)).toBe(404);
      expect(res.body.error.message).toBe("Rota da API não encontrada.");
    }
    const [row] = await system()
      .handle.db.select({ role: member.role })
      .from(member)
      .where(eq(member.userId, porteiro.user.id));
    expect(row!.role).toBe("porteiro");
  });

  it("are left out of the OpenAPI document; the ones in use stay", async () => {
    const doc = (await client(system()).get("/api/openapi.json")).body as {
      paths: Record<string, Record<string, unknown>>;
    };
    const authPaths = Object.keys(doc.paths).filter((p) => p.startsWith("/auth/"));
    const methods = (path: string) => Object.keys(doc.paths[path] ?? {}).sort();
    expect(Object.fromEntries(authPaths.sort().map((p) => [p, methods(p)]))).toEqual({
      "/auth/change-password": ["post"],
      "/auth/get-session": ["get"],
      "/auth/request-password-reset": ["post"],
      "/auth/reset-password": ["post"],
      "/auth/reset-password/{token}": ["get"],
      "/auth/revoke-other-sessions": ["post"],
      "/auth/send-verification-email": ["post"],
      "/auth/sign-in/email": ["post"],
      "/auth/sign-out": ["post"],
      "/auth/update-user": ["post"],
      "/auth/verify-email": ["get"],
    });
  });
});

describe("the e-mailed links' endpoints", () => {
  it("answer without a session: a bad reset token redirects to our page's error state", async () => {
    const res = await client(system()).get(
      "/api/auth/reset-password/token-que-nao-existe?callbackURL=%2Fredefinir-senha",
    );
    expect(res.status).toBe(302);
    expect(res.headers.get("location")).toBe("http://localhost:3000/redefinir-senha?error=INVALID_TOKEN");
  });

  it("refuse a redirect to another site with a pt-BR 403", async () => {
    const res = await client(system()).get(
      `/api/auth/reset-password/x?callbackURL=${encodeURIComponent("https://atacante.example/roubar")}`,
    );
    expect(res.status).toBe(403);
    expect(res.body.error.message).toBe("Endereço de retorno não permitido.");
  });
});
