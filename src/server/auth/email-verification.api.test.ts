/**
 * E-mail confirmation end to end, read from the `.eml` files the system writes
 * (docs/decisions/016-password-reset-and-verification.md): account creation sends the link, the
 * link marks the address verified and lands on /verificar-email, bad links land there with a
 * pt-BR-able error code, and only the signed-in owner can have it sent again, a few times an hour.
 */
import { createEmailVerificationToken } from "better-auth/api";
import { and, count, eq, sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { VERIFICATION_MAILS_PER_USER } from "@/server/auth/auth-limits";
import { mailOutbox, user } from "@/server/db/schema";
import { paidCheckout } from "../../../tests/support/checkout";
import { createUser, signIn, uniqueIp } from "../../../tests/support/factories";
import { client, cookieFrom } from "../../../tests/support/http";
import { mailsTo, waitForMail } from "../../../tests/support/mailbox";
import { setupTestSystem, TEST_ORIGIN } from "../../../tests/support/system";

const system = setupTestSystem();
const db = () => system().handle.db;
const PASSWORD = "senha-do-condominio";
const SUBJECT = "Confirme seu e-mail no Guarita";
const SUCCESS_PAGE = "/verificar-email?confirmado=1";

let counter = 0;
const newEmail = () => `confirma-${Date.now()}-${counter++}@cliente.guarita.app`;

/** Checkout and account creation, as the create-account page does them. */
async function createAccount(email = newEmail(), plan: "essencial" | "personalizado" = "essencial") {
  const { cookie } = await paidCheckout(system(), { plan, cliente: { email, nome: "Helena Prado" } });
  const res = await client(system(), { cookie }).post("/api/cadastro", {
    json: { senha: PASSWORD, confirmacao: PASSWORD },
    ip: uniqueIp(),
  });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return { email, userId: res.body.user.id as string, cookie: cookieFrom(res.headers) };
}

async function isVerified(userId: string) {
  const [row] = await db().select({ verified: user.emailVerified }).from(user).where(eq(user.id, userId));
  return row!.verified;
}

/** Opens a confirmation link as the browser does; returns where better-auth sends it. */
async function open(link: string) {
  const url = new URL(link);
  const res = await client(system()).get(`${url.pathname}${url.search}`, { ip: uniqueIp() });
  expect(res.status).toBe(302);
  return res.headers.get("location")!;
}

async function confirmationMails(to: string) {
  await system().mailer.deliverDue();
  return (await mailsTo(system().mailer.mailDir!, to)).filter((m) => m.subject === SUBJECT);
}

const resend = (cookie: string | undefined, email: string) =>
  client(system()).post("/api/auth/send-verification-email", { json: { email }, cookie, ip: uniqueIp() });

describe("a new account's e-mail", () => {
  it("gets a confirmation link on the public URL; opening it verifies the address and lands on our page", async () => {
    const { email, userId } = await createAccount();
    expect(await isVerified(userId)).toBe(false);

    const mail = await waitForMail(system(), email);
    expect(mail.subject).toBe(SUBJECT);
    expect(mail.text).toContain("Olá, Helena Prado!");
    expect(mail.text).toContain("O link vale por 1 dia.");
    expect(mail.links).toHaveLength(1);
    expect(mail.links[0]!.startsWith(`${TEST_ORIGIN}/api/auth/verify-email?token=`)).toBe(true);

    expect(await open(mail.links[0]!)).toBe(SUCCESS_PAGE);
    expect(await isVerified(userId)).toBe(true);
    // Opening it again is harmless and says the same.
    expect(await open(mail.links[0]!)).toBe(SUCCESS_PAGE);
  });

  it("bad links land on the page with the reason: expired, tampered", async () => {
    const { email, userId } = await createAccount();
    const ctx = await system().auth.$context;
    const expired = await createEmailVerificationToken(ctx.secret, email, undefined, -60, { userId });
    const base = `/api/auth/verify-email?callbackURL=${encodeURIComponent(SUCCESS_PAGE)}`;
    expect(await open(`${TEST_ORIGIN}${base}&token=${expired}`)).toBe(`${SUCCESS_PAGE}&error=TOKEN_EXPIRED`);

    const mail = await waitForMail(system(), email);
    const token = new URL(mail.links[0]!).searchParams.get("token")!;
    const tampered = `${token.slice(0, -4)}AAAA`;
    expect(await open(`${TEST_ORIGIN}${base}&token=${tampered}`)).toBe(`${SUCCESS_PAGE}&error=INVALID_TOKEN`);
    expect(await isVerified(userId)).toBe(false);
  });

  it("an account is created even when the e-mail cannot be enqueued", async () => {
    // The outbox refuses confirmation messages for the length of this test.
    await db().execute(
      sql.raw(
        `ALTER TABLE mail_outbox ADD CONSTRAINT teste_sem_confirmacao CHECK (tipo <> 'verificar-email') NOT VALID`,
      ),
    );
    try {
      const { email, userId } = await createAccount();
      // The payment's receipt still goes out; the confirmation does not.
      const [row] = await db()
        .select({ n: count() })
        .from(mailOutbox)
        .where(and(eq(mailOutbox.para, email), eq(mailOutbox.tipo, "verificar-email")));
      expect(row!.n).toBe(0);
      expect(await isVerified(userId)).toBe(false);
      // The new owner is signed in and can ask for it again.
      expect((await signIn(system(), email, PASSWORD)).length).toBeGreaterThan(0);
    } finally {
      await db().execute(sql.raw("ALTER TABLE mail_outbox DROP CONSTRAINT teste_sem_confirmacao"));
    }
  });
});

describe("sending it again", () => {
  it("is for the signed-in owner only, a few times an hour, with pt-BR answers", async () => {
    const { email, userId, cookie } = await createAccount();
    await waitForMail(system(), email);

    // Without a session: 401, and nothing goes to the address (better-auth alone would send it).
    const anonymous = await resend(undefined, email);
    expect(anonymous.status).toBe(401);
    expect(anonymous.body.error.message).toBe("Entre na sua conta para reenviar o e-mail de confirmação.");

    // Someone else's address: refused.
    const other = await resend(cookie, newEmail());
    expect(other.status).toBe(400);
    expect(other.body.error.message).toBe("O e-mail informado não é o da sua conta.");

    // The owner: the hourly limit counts every request of the account (the mismatch above too), so
    // two more go out, then 429; with the first one, that is three e-mails.
    for (let i = 0; i < VERIFICATION_MAILS_PER_USER.max - 1; i++)
      expect((await resend(cookie, email)).status).toBe(200);
    const limited = await resend(cookie, email);
    expect(limited.status).toBe(429);
    expect(limited.body.error.code).toBe("TOO_MANY_VERIFICATION_EMAILS");
    expect(Number(limited.headers.get("retry-after"))).toBeGreaterThan(3500);
    expect(await confirmationMails(email)).toHaveLength(VERIFICATION_MAILS_PER_USER.max);

    // The latest link works.
    const latest = await waitForMail(system(), email, { count: VERIFICATION_MAILS_PER_USER.max });
    expect(await open(latest.links[0]!)).toBe(SUCCESS_PAGE);
    expect(await isVerified(userId)).toBe(true);
  });

  it("tells a verified user the address is already confirmed", async () => {
    const { email, password } = await createUser(system());
    const cookie = await signIn(system(), email, password);
    const res = await resend(cookie, email);
    expect(res.status).toBe(400);
    expect(res.body.error).toMatchObject({ code: "EMAIL_ALREADY_VERIFIED", message: "Seu e-mail já está confirmado." });
  });
});
