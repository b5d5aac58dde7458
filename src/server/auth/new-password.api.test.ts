/**
 * The new-password rule (shared/schemas/password.ts) on better-auth's endpoints that set a
 * password (change-password now; reset-password arrives with the reset flow), and its absence from sign-in: logins whose password predates the rule keep working.
 */
import { count, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { user } from "@/server/db/schema";
import { DEMO_PASSWORD } from "@/server/db/seed/demo";
import { createTenantWithMember, createUser, signIn, uniqueIp } from "../../../tests/support/factories";
import { client } from "../../../tests/support/http";
import { setupTestSystem } from "../../../tests/support/system";

const system = setupTestSystem();

const TOO_COMMON = "Esta senha está entre as mais usadas e é fácil de adivinhar. Escolha uma senha menos comum.";

async function signInStatus(email: string, password: string) {
  return (await client(system()).post("/api/auth/sign-in/email", { json: { email, password }, ip: uniqueIp() })).status;
}

describe("changing the password", () => {
  it.each([
    ["common", "123456", TOO_COMMON],
    ["common", "password", TOO_COMMON],
    ["too short", "12345", "A senha deve ter pelo menos 6 caracteres"],
    ["too long (129)", "x1-".repeat(43), "A senha deve ter no máximo 128 caracteres"],
  ])("refuses a %s password with a pt-BR message and keeps the old one", async (_, newPassword, message) => {
    const t = await createTenantWithMember(system());
    const res = await t.api.post("/api/auth/change-password", {
      json: { currentPassword: t.password, newPassword },
    });
    expect(res.status).toBe(400);
    expect(res.body.error.fields).toEqual([{ path: "newPassword", message }]);
    expect(await signInStatus(t.email, t.password)).toBe(200);
    expect(await signInStatus(t.email, newPassword)).not.toBe(200);
  });

  it("accepts an uncommon password", async () => {
    const t = await createTenantWithMember(system());
    const res = await t.api.post("/api/auth/change-password", {
      json: { currentPassword: t.password, newPassword: "portaria-do-jardim-42" },
    });
    expect(res.status).toBe(200);
    expect(res.body).not.toHaveProperty("token");
    expect(await signInStatus(t.email, "portaria-do-jardim-42")).toBe(200);
    expect(await signInStatus(t.email, t.password)).toBe(401);
  });

  it("says the current password is wrong, not the e-mail", async () => {
    const t = await createTenantWithMember(system());
    const res = await t.api.post("/api/auth/change-password", {
      json: { currentPassword: "nao-e-esta-senha", newPassword: "portaria-do-jardim-42" },
    });
    expect(res.status).toBe(400);
    expect(res.body.error.message).toBe("Senha atual incorreta.");
    expect(await signInStatus(t.email, t.password)).toBe(200);
  });
});

describe("the closed sign-up", () => {
  it("is not exposed: 404 and no user, whatever the password", async () => {
    const email = "senha.comum@cliente.guarita.app";
    const signUp = await client(system()).post("/api/auth/sign-up/email", {
      json: { email, password: "portaria-do-jardim-42", name: "Conta Nova" },
    });
    expect(signUp.status).toBe(404);
    const [row] = await system().handle.db.select({ n: count() }).from(user).where(eq(user.email, email));
    expect(row!.n).toBe(0);
  });
});

describe("signing in", () => {
  it("never checks the list: a login whose password is common still signs in", async () => {
    const { email } = await createUser(system(), { password: "12345678" });
    expect(await signIn(system(), email, "12345678")).toMatch(/guarita\.session_token=/);
  });

  it("keeps the demo password working", async () => {
    const { email } = await createUser(system(), { password: DEMO_PASSWORD });
    expect(await signInStatus(email, DEMO_PASSWORD)).toBe(200);
  });
});
