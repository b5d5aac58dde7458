/**
 * Only the better-auth endpoints Guarita uses are reachable (src/server/auth/auth-endpoints.ts):
 * the organization plugin's administration would let a síndico make someone an owner or a morador
 * list every member's e-mail, outside the product's rules.
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
    ];
    for (const res of await Promise.all(attempts)) {
      expect(res.status).toBe(404);
      expect(res.body.error.message).toBe("Rota da API não encontrada.");
    }
    const [row] = await system()
      .handle.db.select({ role: member.role })
      .from(member)
      .where(eq(member.userId, porteiro.user.id));
    expect(row!.role).toBe("porteiro");
  });

  it("are left out of the OpenAPI document; the ones in use stay", async () => {
    const doc = (await client(system()).get("/api/openapi.json")).body as { paths: Record<string, object> };
    const authPaths = Object.keys(doc.paths).filter((p) => p.startsWith("/auth/"));
    expect(authPaths).toContain("/auth/sign-in/email");
    expect(authPaths).toContain("/auth/get-session");
    expect(authPaths.filter((p) => p.includes("organization") || p.includes("social"))).toEqual([]);
  });
});
