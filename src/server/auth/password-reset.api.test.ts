/**
 * "Esqueceu a senha?" end to end, read from the `.eml` files the system writes
 * (docs/decisions/016-password-reset-and-verification.md): the link is on the public URL whatever
 * Host the request came on, it works once and for an hour, it signs every session out, and the
 * endpoint answers the same for every address while limiting mail per address and requests per IP.
 */
import { randomUUID } from "node:crypto";
import { and, count, eq, like, sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { RESET_REQUEST_MIN_MS } from "@/server/auth/auth.routes";
import { RESET_MAILS_PER_ADDRESS, RESET_REQUESTS_PER_IP } from "@/server/auth/auth-limits";
import { mailOutbox, rateLimit, user, verification } from "@/server/db/schema";
import { INVALID_LINK_MESSAGE, PASSWORD_RESET_REQUESTED_MESSAGE } from "@/shared/schemas/auth";
import { PASSWORD_TOO_COMMON } from "@/shared/schemas/password";
import { createUser, signIn, uniqueIp } from "../../../tests/support/factories";
import { client } from "../../../tests/support/http";
import { mailsTo, waitForMail } from "../../../tests/support/mailbox";
import { setupTestSystem, TEST_ORIGIN } from "../../../tests/support/system";

const system = setupTestSystem();
const db = () => system().handle.db;
const NEW_PASSWORD = "nova-senha-da-portaria";
const RESET_SUBJECT = "Redefina sua senha do Guarita";

const requestReset = (email: string, opts: { ip?: string; baseUrl?: string } = {}) =>
  client(system()).post("/api/auth/request-password-reset", {
    json: { email },
    ip: opts.ip ?? uniqueIp(),
    ...(opts.baseUrl ? { baseUrl: opts.baseUrl, headers: { origin: TEST_ORIGIN } } : {}),
  });

const resetPassword = (token: string, newPassword = NEW_PASSWORD) =>
  client(system()).post("/api/auth/reset-password", { json: { token, newPassword }, ip: uniqueIp() });

const signInStatus = async (email: string, password: string) =>
  (await client(system()).post("/api/auth/sign-in/email", { json: { email, password }, ip: uniqueIp() })).status;

/** The reset e-mails sent to `to` so far (the delivery job runs first). */
async function resetMails(to: string) {
  await system().mailer.deliverDue();
  return (await mailsTo(system().mailer.mailDir!, to)).filter((m) => m.subject === RESET_SUBJECT);
}

/** Opens the e-mailed link as the browser does: better-auth checks the token and redirects to our page. */
async function openLink(link: string) {
  const url = new URL(link);
  const res = await client(system()).get(`${url.pathname}${url.search}`);
  expect(res.status).toBe(302);
  return new URL(res.headers.get("location")!);
}

/** Requests a reset for `email` and follows its e-mail to the page's token. */
async function tokenFromMail(email: string) {
  expect((await requestReset(email)).status).toBe(200);
  const mail = await waitForMail(system(), email);
  expect(mail.subject).toBe(RESET_SUBJECT);
  const page = await openLink(mail.links[0]!);
  expect(page.pathname).toBe("/redefinir-senha");
  return { mail, page, token: page.searchParams.get("token")! };
}

describe("password reset, end to end from the e-mail", () => {
  it("sets a new password, signs every session out and verifies the address", async () => {
    const { user: account, email, password } = await createUser(system(), { name: "Rita Porteira" });
    await db().update(user).set({ emailVerified: false }).where(eq(user.id, account.id));
    const sessions = [await signIn(system(), email, password), await signIn(system(), email, password)];

    const { mail, page, token } = await tokenFromMail(email);
    // The e-mail: pt-BR, greeting by name, one link on the public URL, valid for an hour.
    expect(mail.text).toContain("Olá, Rita Porteira!");
    expect(mail.text).toContain("O link vale por 1 hora.");
    expect(mail.links).toHaveLength(1);
    expect(mail.links[0]!.startsWith(`${TEST_ORIGIN}/api/auth/reset-password/`)).toBe(true);
    expect(mail.text).toContain(mail.links[0]!);
    // It lands on our page, on the public URL.
    expect(page.origin).toBe(TEST_ORIGIN);
    expect(token).toMatch(/^\w{20,}$/);

    const res = await resetPassword(token);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(await signInStatus(email, NEW_PASSWORD)).toBe(200);
    expect(await signInStatus(email, password)).toBe(401);
    for (const cookie of sessions) {
      const me = await client(system(), { cookie }).get("/api/auth/get-session");
      expect(me.body).toBeNull();
    }
    const [row] = await db().select({ verified: user.emailVerified }).from(user).where(eq(user.id, account.id));
    expect(row!.verified).toBe(true);
  });

  it("works once: a second use, by form or by link, fails with a pt-BR message", async () => {
    const { email } = await createUser(system());
    const { mail, token } = await tokenFromMail(email);
    expect((await resetPassword(token)).status).toBe(200);

    const again = await resetPassword(token, "outra-senha-qualquer-9");
    expect(again.status).toBe(400);
    expect(again.body.error).toMatchObject({ code: "INVALID_TOKEN", message: INVALID_LINK_MESSAGE });
    expect(again.body.message).toBe(INVALID_LINK_MESSAGE);
    expect(await signInStatus(email, "outra-senha-qualquer-9")).toBe(401);
    expect(await signInStatus(email, NEW_PASSWORD)).toBe(200);

    // The link itself now sends the browser to the page's error state.
    const page = await openLink(mail.links[0]!);
    expect(page.pathname).toBe("/redefinir-senha");
    expect(page.searchParams.get("error")).toBe("INVALID_TOKEN");
    expect(page.searchParams.get("token")).toBeNull();
  });

  it("one reset ends the links of earlier requests too", async () => {
    const { email } = await createUser(system());
    const first = await tokenFromMail(email);
    const second = await tokenFromMail(email);
    expect(second.token).not.toBe(first.token);
    expect((await resetPassword(second.token)).status).toBe(200);
    const stale = await resetPassword(first.token, "outra-senha-qualquer-9");
    expect(stale.status).toBe(400);
    expect(stale.body.error.code).toBe("INVALID_TOKEN");
    expect(await signInStatus(email, NEW_PASSWORD)).toBe(200);
  });

  it("expires after an hour", async () => {
    const { email, password } = await createUser(system());
    const { token } = await tokenFromMail(email);
    const [stored] = await db()
      .select({ expiresAt: verification.expiresAt, createdAt: verification.createdAt })
      .from(verification)
      .where(eq(verification.identifier, `reset-password:${token}`));
    expect(stored!.expiresAt.getTime() - stored!.createdAt.getTime()).toBeGreaterThan(59 * 60 * 1000);
    expect(stored!.expiresAt.getTime() - stored!.createdAt.getTime()).toBeLessThanOrEqual(61 * 60 * 1000);

    // An hour later (the row aged by the database's clock).
    await db()
      .update(verification)
      .set({ expiresAt: sql`now() - interval '1 second'` })
      .where(eq(verification.identifier, `reset-password:${token}`));
    const res = await resetPassword(token);
    expect(res.status).toBe(400);
    expect(res.body.error.message).toBe(INVALID_LINK_MESSAGE);
    expect(await signInStatus(email, password)).toBe(200);
  });

  it("takes the shared new-password rule, and a refused password leaves the link usable", async () => {
    const { email } = await createUser(system());
    const { token } = await tokenFromMail(email);
    const common = await resetPassword(token, "123456789");
    expect(common.status).toBe(400);
    expect(common.body.error.fields).toEqual([{ path: "newPassword", message: PASSWORD_TOO_COMMON }]);
    expect((await resetPassword(token)).status).toBe(200);
  });

  it("links to the public URL even when the request arrives under another Host", async () => {
    const { email } = await createUser(system());
    const res = await requestReset(email, { baseUrl: "http://atacante.example" });
    expect(res.status).toBe(200);
    const mail = await waitForMail(system(), email);
    expect(new URL(mail.links[0]!).origin).toBe(TEST_ORIGIN);
    expect(mail.html).not.toContain("atacante");
  });
});

describe("what the requester learns", () => {
  it("the same answer for an account and an unknown address; mail only to the account", async () => {
    const { email } = await createUser(system());
    const unknown = `ninguem-${Date.now()}@teste.guarita.app`;
    const answers = await Promise.all([requestReset(email), requestReset(unknown)]);
    for (const res of answers) {
      expect(res.status).toBe(200);
      expect(res.body).toEqual({ status: true, message: PASSWORD_RESET_REQUESTED_MESSAGE });
    }
    expect(answers[0]!.headers.get("content-type")).toBe(answers[1]!.headers.get("content-type"));
    expect(await resetMails(email)).toHaveLength(1);
    expect(await resetMails(unknown)).toHaveLength(0);
    const [outbox] = await db().select({ n: count() }).from(mailOutbox).where(eq(mailOutbox.para, unknown));
    expect(outbox!.n).toBe(0);
  });

  it("takes as long either way", async () => {
    const { email } = await createUser(system());
    for (const address of [email, `ninguem-${Date.now()}@teste.guarita.app`]) {
      const started = performance.now();
      expect((await requestReset(address)).status).toBe(200);
      expect(performance.now() - started).toBeGreaterThanOrEqual(RESET_REQUEST_MIN_MS - 5);
    }
  });

  it("validation errors are pt-BR and do not depend on the account", async () => {
    const res = await client(system()).post("/api/auth/request-password-reset", {
      json: { email: "não-é-email" },
      ip: uniqueIp(),
    });
    expect(res.status).toBe(400);
    expect(res.body.error.fields).toEqual([{ path: "email", message: "E-mail inválido" }]);
  });
});

describe("not a mail bomb", () => {
  it(`sends at most ${RESET_MAILS_PER_ADDRESS.max} e-mails per address per hour, from any number of IPs, answering the same`, async () => {
    const { email } = await createUser(system());
    const answers = [];
    for (let i = 0; i < RESET_MAILS_PER_ADDRESS.max + 3; i++) answers.push(await requestReset(email));
    for (const res of answers) {
      expect(res.status).toBe(200);
      expect(res.body).toEqual({ status: true, message: PASSWORD_RESET_REQUESTED_MESSAGE });
    }
    await waitForMail(system(), email, { count: RESET_MAILS_PER_ADDRESS.max });
    expect(await resetMails(email)).toHaveLength(RESET_MAILS_PER_ADDRESS.max);
    // No token is even created past the limit.
    const [tokens] = await db()
      .select({ n: count() })
      .from(verification)
      .innerJoin(user, eq(user.id, verification.value))
      .where(and(like(verification.identifier, "reset-password:%"), eq(user.email, email)));
    expect(tokens!.n).toBe(RESET_MAILS_PER_ADDRESS.max);

    // Upper case does not make another address.
    expect((await requestReset(email.toUpperCase())).status).toBe(200);
    expect(await resetMails(email)).toHaveLength(RESET_MAILS_PER_ADDRESS.max);

    // An hour later the address gets mail again.
    await db()
      .update(rateLimit)
      .set({ lastRequest: sql`${rateLimit.lastRequest} - 3600000` })
      .where(eq(rateLimit.key, `guarita:reset:email:${email}`));
    expect((await requestReset(email)).status).toBe(200);
    expect(await resetMails(email)).toHaveLength(RESET_MAILS_PER_ADDRESS.max + 1);
  });

  it(`refuses an IP's request ${RESET_REQUESTS_PER_IP.max + 1} in an hour with a pt-BR 429, whatever the address`, async () => {
    const ip = uniqueIp();
    const { email } = await createUser(system());
    for (let i = 0; i < RESET_REQUESTS_PER_IP.max; i++) {
      expect((await requestReset(`pedido-${i}-${Date.now()}@teste.guarita.app`, { ip })).status).toBe(200);
    }
    const refused = await requestReset(email, { ip });
    expect(refused.status).toBe(429);
    expect(refused.body.error.code).toBe("TOO_MANY_RESET_REQUESTS");
    expect(refused.body.error.message).toMatch(
      /^Muitos pedidos de redefinição de senha a partir desta rede\. Aguarde \d+ minutos? e tente novamente\.$/,
    );
    const retryAfter = Number(refused.headers.get("retry-after"));
    expect(retryAfter).toBeGreaterThan(3500);
    expect(retryAfter).toBeLessThanOrEqual(3600);
    expect(await resetMails(email)).toHaveLength(0);
    // Another IP is not affected.
    expect((await requestReset(email)).status).toBe(200);
    expect(await resetMails(email)).toHaveLength(1);
  });

  it("keeps its counters in PostgreSQL, where better-auth's own limiter does not prune them", async () => {
    const { email } = await createUser(system());
    const ip = uniqueIp();
    await requestReset(email, { ip });
    // A better-auth window that closed long ago, about to roll over: its storage used to delete
    // every row older than its longest window (60 s), ours included.
    await db()
      .update(rateLimit)
      .set({ lastRequest: sql`${rateLimit.lastRequest} - 10 * 60000` })
      .where(like(rateLimit.key, "guarita:reset:%"));
    await db()
      .insert(rateLimit)
      .values({ id: randomUUID(), key: `${ip}|/get-session`, count: 5, lastRequest: Date.now() - 120_000 });
    expect((await client(system()).get("/api/auth/get-session", { ip })).status).toBe(200);

    const rows = await db()
      .select({ key: rateLimit.key, count: rateLimit.count })
      .from(rateLimit)
      .where(like(rateLimit.key, "guarita:reset:%"));
    expect(rows).toEqual(
      expect.arrayContaining([
        { key: `guarita:reset:email:${email}`, count: 1 },
        { key: `guarita:reset:ip:${ip}`, count: 1 },
      ]),
    );
  });
});
