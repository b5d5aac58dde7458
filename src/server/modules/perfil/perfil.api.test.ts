import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { session as sessionTable, user as userTable } from "@/server/db/schema";
import {
  addSignedInMember,
  createTenantWithMember,
  signIn,
  TEST_PASSWORD,
  uniqueIp,
} from "../../../../tests/support/factories";
import { client, cookieFrom } from "../../../../tests/support/http";
import { setupTestSystem } from "../../../../tests/support/system";

const system = setupTestSystem();

const IPHONE_UA =
  "Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1";
const WINDOWS_UA =
  "Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Safari/537.36";

/** A real 1×1 PNG. */
const PNG_DATA_URL =
  "data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==";
const JPEG_BYTES = Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0x00, 0x10, 0x4a, 0x46, 0x49, 0x46, 0x00, 0x01]);
const WEBP_BYTES = Buffer.concat([Buffer.from("RIFF"), Buffer.from([0x1a, 0, 0, 0]), Buffer.from("WEBPVP8 ")]);

type Member = Awaited<ReturnType<typeof createTenantWithMember>>;

/** Signs in again as `who` from another device: a second session with its own cookie. */
async function signInFrom(who: { email: string; password: string }, userAgent: string, ip = uniqueIp()) {
  const res = await client(system()).post("/api/auth/sign-in/email", {
    json: { email: who.email, password: who.password },
    ip,
    headers: { "user-agent": userAgent },
  });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  const cookie = cookieFrom(res.headers);
  return { cookie, ip, api: client(system(), { cookie }) };
}

/** The id of the session `api` calls with, as the list marks it. */
async function currentSessionId(api: ReturnType<typeof client>): Promise<string> {
  const res = await api.get("/api/perfil/sessoes");
  expect(res.status).toBe(200);
  return res.body.items.find((s: { atual: boolean }) => s.atual).id;
}

async function userRow(id: string) {
  const [row] = await system().handle.db.select().from(userTable).where(eq(userTable.id, id));
  return row!;
}

let owner: Member;

beforeAll(async () => {
  owner = await createTenantWithMember(system(), { role: "owner" });
});

describe("PUT /api/perfil", () => {
  it("updates the name (trimmed) and the photo, and /api/me shows them", async () => {
    const res = await owner.api.put("/api/perfil", { json: { name: "  Ana Paula Souza  ", image: PNG_DATA_URL } });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body).toEqual({ id: owner.user.id, name: "Ana Paula Souza", email: owner.email, image: PNG_DATA_URL });
    const me = await owner.api.get("/api/me");
    expect(me.body.user).toMatchObject({ name: "Ana Paula Souza", image: PNG_DATA_URL });

    for (const image of [
      `data:image/jpeg;base64,${JPEG_BYTES.toString("base64")}`,
      `data:image/webp;base64,${WEBP_BYTES.toString("base64")}`,
    ]) {
      const other = await owner.api.put("/api/perfil", { json: { name: "Ana Paula Souza", image } });
      expect(other.status, JSON.stringify(other.body)).toBe(200);
      expect(other.body.image).toBe(image);
    }

    const removed = await owner.api.put("/api/perfil", { json: { name: "Ana Paula Souza", image: null } });
    expect(removed.status).toBe(200);
    expect((await userRow(owner.user.id)).image).toBeNull();
  });

  it("refuses a bad photo or name with a pt-BR message on the field, and changes nothing", async () => {
    await owner.api.put("/api/perfil", { json: { name: "Nome Guardado", image: PNG_DATA_URL } });
    const before = await userRow(owner.user.id);
    const png = PNG_DATA_URL.slice("data:image/png;base64,".length);
    const cases: [unknown, string][] = [
      // A JPEG declared as PNG: the bytes do not match the declared type.
      [`data:image/png;base64,${JPEG_BYTES.toString("base64")}`, "O conteúdo da foto não é uma imagem PNG válida."],
      [`data:image/jpeg;base64,${png}`, "O conteúdo da foto não é uma imagem JPEG válida."],
      [`data:image/webp;base64,${png}`, "O conteúdo da foto não é uma imagem WebP válida."],
      [`data:image/gif;base64,${png}`, "A foto deve ser uma imagem PNG, JPEG ou WebP."],
      [
        `data:image/svg+xml;base64,${Buffer.from("<svg/>").toString("base64")}`,
        "A foto deve ser uma imagem PNG, JPEG ou WebP.",
      ],
      ["https://exemplo.com/foto.png", "A foto deve ser uma imagem PNG, JPEG ou WebP."],
      ["data:image/png;base64,não é base64!", "A foto deve ser uma imagem PNG, JPEG ou WebP."],
      ["data:image/png;base64,", "A foto deve ser uma imagem PNG, JPEG ou WebP."],
      [`data:image/png;base64,${png.slice(0, -1)}`, "A foto deve ser uma imagem PNG, JPEG ou WebP."],
      // A real PNG header followed by 110 KB: over the limit.
      [
        `data:image/png;base64,${Buffer.concat([Buffer.from(png, "base64"), Buffer.alloc(110 * 1024)]).toString("base64")}`,
        "A foto deve ter no máximo 100 KB.",
      ],
      [12345, "A foto deve ser uma imagem PNG, JPEG ou WebP."],
    ];
    for (const [image, message] of cases) {
      const res = await owner.api.put("/api/perfil", { json: { name: "Outro Nome", image } });
      expect(res.status, String(image).slice(0, 60)).toBe(400);
      expect(res.body.error.fields).toEqual([{ path: "image", message }]);
      expect(res.body.error.message).toBe(message);
    }

    const badName = await owner.api.put("/api/perfil", { json: { name: " A ", image: null } });
    expect(badName.status).toBe(400);
    expect(badName.body.error.fields).toEqual([{ path: "name", message: "Nome deve ter pelo menos 2 caracteres" }]);
    const missing = await owner.api.put("/api/perfil", { json: { name: "Nome Completo" } });
    expect(missing.status).toBe(400);
    expect(missing.body.error.fields).toEqual([{ path: "image", message: "Campo obrigatório" }]);
    const extra = await owner.api.put("/api/perfil", { json: { name: "Nome Completo", image: null, email: "x@y.z" } });
    expect(extra.status).toBe(400);

    const after = await userRow(owner.user.id);
    expect({ name: after.name, image: after.image, updatedAt: after.updatedAt }).toEqual({
      name: before.name,
      image: before.image,
      updatedAt: before.updatedAt,
    });
  });

  it("needs a session", async () => {
    const res = await client(system()).put("/api/perfil", { json: { name: "Sem Sessão", image: null } });
    expect(res.status).toBe(401);
  });
});

describe("sessions", () => {
  it("lists the caller's own unexpired sessions, current first, with device and IP and no token", async () => {
    const ana = await createTenantWithMember(system(), { role: "porteiro" });
    const phone = await signInFrom(ana, IPHONE_UA, "10.200.0.7");
    const desktop = await signInFrom(ana, WINDOWS_UA);
    const expired = await signInFrom(ana, WINDOWS_UA);
    // Someone else in the same tenant and someone in another tenant, each signed in.
    const colleague = await addSignedInMember(system(), ana.org.id, "sindico");
    const stranger = await createTenantWithMember(system());
    const db = system().handle.db;
    // The phone's session was used last: it lists right after the current one (the desktop's).
    const phoneId = await currentSessionId(phone.api);
    await db
      .update(sessionTable)
      .set({ updatedAt: new Date(Date.now() + 60_000) })
      .where(eq(sessionTable.id, phoneId));
    const expiredId = await currentSessionId(expired.api);
    await db
      .update(sessionTable)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(sessionTable.id, expiredId));

    const res = await desktop.api.get("/api/perfil/sessoes");
    expect(res.status).toBe(200);
    const items = res.body.items as Record<string, unknown>[];
    expect(items).toHaveLength(3); // the factory's sign-in, the phone and the desktop
    expect(items[0]).toMatchObject({ dispositivo: "Chrome no Windows", tipo: "computador", atual: true });
    expect(items[1]).toMatchObject({
      dispositivo: "Safari no iPhone",
      tipo: "celular",
      ip: "10.200.0.7",
      atual: false,
    });
    expect(items[2]).toMatchObject({ dispositivo: "Dispositivo desconhecido", tipo: "desconhecido", atual: false });
    for (const item of items) {
      expect(Object.keys(item).sort()).toEqual([
        "atual",
        "created_at",
        "dispositivo",
        "id",
        "ip",
        "tipo",
        "ultimo_acesso",
      ]);
      expect(new Date(item.ultimo_acesso as string).getTime()).not.toBeNaN();
    }
    expect(items.map((i) => i.id)).not.toContain(expiredId);

    // No token of any session, the caller's included, appears anywhere in the answer.
    const text = JSON.stringify(res.body);
    for (const row of await db.select({ token: sessionTable.token }).from(sessionTable)) {
      expect(text).not.toContain(row.token);
    }
    // The others see only their own.
    expect((await colleague.api.get("/api/perfil/sessoes")).body.items).toHaveLength(1);
    expect((await stranger.api.get("/api/perfil/sessoes")).body.items).toHaveLength(1);
  });

  it("answers 404 for another user's session, of this tenant or another, and it keeps working", async () => {
    const ana = await createTenantWithMember(system(), { role: "sindico" });
    const colleague = await addSignedInMember(system(), ana.org.id, "porteiro");
    const stranger = await createTenantWithMember(system(), { role: "owner" });
    for (const victim of [colleague, stranger]) {
      const [theirs] = (await victim.api.get("/api/perfil/sessoes")).body.items;
      const res = await ana.api.delete(`/api/perfil/sessoes/${theirs.id}`);
      expect(res.status).toBe(404);
      expect(res.body.error.message).toBe("Sessão não encontrada.");
      expect((await victim.api.get("/api/me")).status).toBe(200);
    }
    const unknown = await ana.api.delete("/api/perfil/sessoes/nao-existe");
    expect(unknown.status).toBe(404);
    expect((await ana.api.get("/api/me")).status).toBe(200);
  });

  it("ends one of the caller's other sessions: its cookie gets 401 at once", async () => {
    const ana = await createTenantWithMember(system(), { role: "morador" });
    const phone = await signInFrom(ana, IPHONE_UA);
    const phoneId = await currentSessionId(phone.api);

    const res = await ana.api.delete(`/api/perfil/sessoes/${phoneId}`);
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ atual: false });
    expect((await phone.api.get("/api/me")).status).toBe(401);
    expect((await ana.api.get("/api/me")).status).toBe(200);
    const left = (await ana.api.get("/api/perfil/sessoes")).body.items;
    expect(left.map((s: { id: string }) => s.id)).not.toContain(phoneId);
    // Already gone: a second try is a 404.
    expect((await ana.api.delete(`/api/perfil/sessoes/${phoneId}`)).status).toBe(404);
  });

  it("ending the current session signs the caller out", async () => {
    const ana = await createTenantWithMember(system());
    const [current] = (await ana.api.get("/api/perfil/sessoes")).body.items;
    const res = await ana.api.delete(`/api/perfil/sessoes/${current.id}`);
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ atual: true });
    expect((await ana.api.get("/api/me")).status).toBe(401);
    // better-auth's get-session (which the console's /login calls) expires the dead cookie.
    const session = await ana.api.get("/api/auth/get-session");
    expect(session.body).toBeNull();
    expect(
      session.headers
        .getSetCookie()
        .some((c) => c.startsWith("guarita.session_token=;") || /guarita\.session_token=.*Max-Age=0/.test(c)),
    ).toBe(true);
  });

  it("ends every other session of the caller and keeps the current one", async () => {
    const ana = await createTenantWithMember(system(), { role: "porteiro" });
    const phone = await signInFrom(ana, IPHONE_UA);
    const desktop = await signInFrom(ana, WINDOWS_UA);
    const colleague = await addSignedInMember(system(), ana.org.id, "porteiro");

    const res = await desktop.api.post("/api/perfil/sessoes/encerrar-outras");
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ encerradas: 2 });
    expect((await ana.api.get("/api/me")).status).toBe(401);
    expect((await phone.api.get("/api/me")).status).toBe(401);
    expect((await desktop.api.get("/api/me")).status).toBe(200);
    expect((await colleague.api.get("/api/me")).status).toBe(200);
    expect((await desktop.api.get("/api/perfil/sessoes")).body.items).toHaveLength(1);
  });

  it("needs a session", async () => {
    const anonymous = client(system());
    expect((await anonymous.get("/api/perfil/sessoes")).status).toBe(401);
    expect((await anonymous.delete("/api/perfil/sessoes/qualquer")).status).toBe(401);
    expect((await anonymous.post("/api/perfil/sessoes/encerrar-outras")).status).toBe(401);
  });
});

describe("change password (better-auth's /api/auth/change-password)", () => {
  it("with revokeOtherSessions, ends the other sessions and keeps the caller signed in", async () => {
    const ana = await createTenantWithMember(system(), { role: "porteiro" });
    const phone = await signInFrom(ana, IPHONE_UA);
    const res = await ana.api.post("/api/auth/change-password", {
      json: { currentPassword: TEST_PASSWORD, newPassword: "portao-azul-2025", revokeOtherSessions: true },
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect((await phone.api.get("/api/me")).status).toBe(401);
    // better-auth replaced the caller's session with a new one and set its cookie.
    const renewed = client(system(), { cookie: cookieFrom(res.headers) });
    expect((await renewed.get("/api/me")).status).toBe(200);
    const items = (await renewed.get("/api/perfil/sessoes")).body.items;
    expect(items).toHaveLength(1);
    expect(items[0].atual).toBe(true);

    await expect(signIn(system(), ana.email, TEST_PASSWORD)).rejects.toThrow(/401/);
    expect(await signIn(system(), ana.email, "portao-azul-2025")).toMatch(/guarita\.session_token=/);
  });

  it("refuses a wrong current password in pt-BR and changes nothing", async () => {
    const ana = await createTenantWithMember(system());
    const phone = await signInFrom(ana, IPHONE_UA);
    const res = await ana.api.post("/api/auth/change-password", {
      json: { currentPassword: "nao-e-a-senha", newPassword: "portao-azul-2025", revokeOtherSessions: true },
    });
    expect(res.status).toBe(400);
    expect(res.body.error.code).toBe("INVALID_PASSWORD");
    expect(res.body.error.message).toMatch(/senha/i);
    expect(res.body.error.message).not.toMatch(/invalid|password/i);
    expect((await phone.api.get("/api/me")).status).toBe(200);
    expect(await signIn(system(), ana.email, TEST_PASSWORD)).toMatch(/guarita\.session_token=/);
  });

  it("applies the new-password rule in pt-BR", async () => {
    const ana = await createTenantWithMember(system());
    const res = await ana.api.post("/api/auth/change-password", {
      json: { currentPassword: TEST_PASSWORD, newPassword: "123456", revokeOtherSessions: true },
    });
    expect(res.status).toBe(400);
    expect(res.body.error.fields).toEqual([
      {
        path: "newPassword",
        message: "Esta senha está entre as mais usadas e é fácil de adivinhar. Escolha uma senha menos comum.",
      },
    ]);
  });
});
