import { describe, expect, it } from "vitest";
import { createTenantWithMember, createUser, uniqueIp } from "../../../tests/support/factories";
import { client, cookieFrom } from "../../../tests/support/http";
import { setupTestSystem } from "../../../tests/support/system";

const system = setupTestSystem();

describe("sign-in", () => {
  it("sets an HttpOnly, SameSite=Lax session cookie and opens the user's tenant", async () => {
    const { email, password } = await createTenantWithMember(system(), { role: "porteiro", name: "Condomínio Azul" });
    const res = await client(system()).post("/api/auth/sign-in/email", { json: { email, password }, ip: uniqueIp() });
    expect(res.status).toBe(200);
    const setCookie = res.headers.getSetCookie().find((c) => c.startsWith("guarita.session_token="));
    expect(setCookie).toBeDefined();
    expect(setCookie).toMatch(/HttpOnly/i);
    expect(setCookie).toMatch(/SameSite=Lax/i);
    // The session token travels in the HttpOnly cookie only, never where page JavaScript reads it.
    expect(res.body).not.toHaveProperty("token");

    const current = await client(system(), { cookie: cookieFrom(res.headers) }).get("/api/auth/get-session");
    expect(current.body.user.email).toBe(email);
    expect(current.body.session).not.toHaveProperty("token");

    const me = await client(system(), { cookie: cookieFrom(res.headers) }).get("/api/me");
    expect(me.status).toBe(200);
    expect(me.body.user.email).toBe(email);
    expect(me.body.organization.name).toBe("Condomínio Azul");
    expect(me.body.role).toBe("porteiro");
    expect(me.body.permissions).toContain("solicitacoes:decidir");
    expect(me.body.permissions).not.toContain("cadastros:editar");
  });

  it("refuses a wrong password with a pt-BR message", async () => {
    const { email } = await createUser(system());
    const res = await client(system()).post("/api/auth/sign-in/email", {
      json: { email, password: "senha-errada" },
      ip: uniqueIp(),
    });
    expect(res.status).toBe(401);
    expect(res.body.message).toBe("E-mail ou senha incorretos.");
    expect(res.body.error.message).toBe("E-mail ou senha incorretos.");
    expect(res.headers.getSetCookie().some((c) => c.startsWith("guarita.session_token=") && !/Max-Age=0/.test(c))).toBe(
      false,
    );
  });

  it("validates the body with field errors in pt-BR", async () => {
    const res = await client(system()).post("/api/auth/sign-in/email", {
      json: { email: 42, password: "x" },
      ip: uniqueIp(),
    });
    expect(res.status).toBe(400);
    expect(res.body.error.fields).toEqual(
      expect.arrayContaining([expect.objectContaining({ path: "email", message: expect.stringMatching(/texto/) })]),
    );
  });

  it("limits sign-in attempts per IP with a pt-BR 429", async () => {
    const ip = uniqueIp();
    const statuses: number[] = [];
    for (let i = 0; i < 12; i++) {
      const { email } = await createUser(system());
      const res = await client(system()).post("/api/auth/sign-in/email", { json: { email, password: "errada" }, ip });
      statuses.push(res.status);
      if (res.status === 429) {
        expect(res.body.message).toBe("Muitas tentativas. Aguarde um minuto e tente novamente.");
      }
    }
    expect(statuses.slice(0, 10).every((s) => s === 401)).toBe(true);
    expect(statuses.slice(10)).toEqual([429, 429]);
  });
});

describe("a central behind one address", () => {
  it("reads the session 400 times a minute from one IP (twenty operators' consoles), never a 429", async () => {
    const { email, password } = await createTenantWithMember(system(), { role: "porteiro" });
    const ip = uniqueIp();
    const res = await client(system()).post("/api/auth/sign-in/email", { json: { email, password }, ip });
    const api = client(system(), { cookie: cookieFrom(res.headers) });
    const statuses = new Set<number>();
    for (let i = 0; i < 400; i++) statuses.add((await api.get("/api/auth/get-session", { ip })).status);
    expect([...statuses]).toEqual([200]);
  });
});

describe("session", () => {
  it("answers 401 in pt-BR without a session", async () => {
    const res = await client(system()).get("/api/me");
    expect(res.status).toBe(401);
    expect(res.body.error.code).toBe("UNAUTHORIZED");
    expect(res.body.error.message).toMatch(/Entre novamente/);
  });

  it("sign-out deletes the server session, so the old cookie stops working", async () => {
    const { cookie, api } = await createTenantWithMember(system());
    expect((await api.get("/api/me")).status).toBe(200);
    const out = await client(system(), { cookie }).post("/api/auth/sign-out", { json: {} });
    expect(out.status).toBe(200);
    // Replaying the old cookie (as a thief would) must fail: the session row is gone.
    expect((await client(system(), { cookie }).get("/api/me")).status).toBe(401);
  });

  it("a user with no tenant gets 403", async () => {
    const { email, password } = await createUser(system());
    const res = await client(system()).post("/api/auth/sign-in/email", { json: { email, password }, ip: uniqueIp() });
    const current = await client(system(), { cookie: cookieFrom(res.headers) }).get("/api/auth/get-session");
    expect(current.body.user.email).toBe(email);
    expect(current.body.session).not.toHaveProperty("token");

    const me = await client(system(), { cookie: cookieFrom(res.headers) }).get("/api/me");
    expect(me.status).toBe(403);
  });
});

describe("update-user (better-auth's /api/auth/update-user)", () => {
  // 1×1 PNG: what the profile's photo rule accepts (shared/schemas/perfil.ts).
  const PNG_DATA_URL =
    "data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==";

  it("takes the photo under the profile's rule: links and large values are refused in pt-BR and /api/me keeps the old photo", async () => {
    const { api } = await createTenantWithMember(system());
    const saved = await api.post("/api/auth/update-user", { json: { image: PNG_DATA_URL } });
    expect(saved.status).toBe(200);
    expect((await api.get("/api/me")).body.user.image).toBe(PNG_DATA_URL);

    const refused: [unknown, string][] = [
      ["javascript:alert(document.cookie)", "A foto deve ser uma imagem PNG, JPEG ou WebP."],
      // A remote image would tell its host who opens the team screen.
      ["https://rastreador.example.com/pixel.png", "A foto deve ser uma imagem PNG, JPEG ou WebP."],
      [`https://example.com/${"a".repeat(900 * 1024)}`, "A foto deve ter no máximo 100 KB."],
      [`data:image/png;base64,${"A".repeat(200 * 1024)}`, "A foto deve ter no máximo 100 KB."],
      ["data:image/svg+xml;base64,PHN2Zy8+", "A foto deve ser uma imagem PNG, JPEG ou WebP."],
    ];
    for (const [image, message] of refused) {
      const res = await api.post("/api/auth/update-user", { json: { image } });
      expect(res.status, String(image).slice(0, 40)).toBe(400);
      expect(res.body.error.fields).toEqual([expect.objectContaining({ path: "image", message })]);
    }
    expect((await api.get("/api/me")).body.user.image).toBe(PNG_DATA_URL);

    // Removing the photo and changing only the name still work.
    expect((await api.post("/api/auth/update-user", { json: { image: null, name: "Nome Novo" } })).status).toBe(200);
    const me = await api.get("/api/me");
    expect(me.body.user).toMatchObject({ image: null, name: "Nome Novo" });
  });
});
