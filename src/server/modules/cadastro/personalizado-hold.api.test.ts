/**
 * An unverified Personalizado account (no payment) holds its e-mail against another checkout for
 * 24 hours only; the next account creation for that e-mail then takes the address from it, keeping
 * its tenant and data (checkout/email-hold.ts,
 * docs/decisions/009). Time is controlled by ageing the account's row.
 */
import { count, eq, sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { checkoutSessions, condominios, member, organization, user } from "@/server/db/schema";
import { releasedEmail } from "@/server/modules/checkout/email-hold";
import { addMember } from "@/server/modules/tenants/tenants.service";
import { cliente, paidCheckout } from "../../../../tests/support/checkout";
import { createCondominioWithUnidade, createUser, signIn, uniqueIp } from "../../../../tests/support/factories";
import { client, cookieFrom } from "../../../../tests/support/http";
import { mailsTo, waitForMail } from "../../../../tests/support/mailbox";
import { describeOnPostgres } from "../../../../tests/support/postgres-only";
import { setupTestSystem } from "../../../../tests/support/system";

const system = setupTestSystem();
const db = () => system().handle.db;
const OLD_PASSWORD = "senha-da-primeira-conta";
const NEW_PASSWORD = "senha-da-conta-paga";
const EMAIL_TAKEN = "Este e-mail já está cadastrado. Entre com a sua senha ou use outro e-mail.";

let counter = 0;
const newEmail = () => `personalizado-${Date.now()}-${counter++}@cliente.guarita.app`;

/** An account opened through checkout (Personalizado unless said otherwise), `hoursAgo` old. */
async function accountFromCheckout(
  email: string,
  opts: { hoursAgo: number; plan?: "personalizado" | "essencial"; verified?: boolean },
) {
  const { session, cookie } = await paidCheckout(system(), {
    plan: opts.plan ?? "personalizado",
    billing: "monthly",
    cliente: { email, empresa: "Condomínio Provisório" },
  });
  const res = await client(system(), { cookie }).post("/api/cadastro", {
    json: { senha: OLD_PASSWORD, confirmacao: OLD_PASSWORD },
  });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  await db()
    .update(user)
    .set({
      createdAt: sql`now() - make_interval(hours => ${opts.hoursAgo})`,
      emailVerified: opts.verified ?? false,
    })
    .where(eq(user.id, res.body.user.id));
  return {
    userId: res.body.user.id as string,
    orgId: res.body.organization.id as string,
    checkoutId: session.id as string,
    sessionCookie: cookieFrom(res.headers),
  };
}

const startCheckoutFor = (email: string) =>
  client(system()).post("/api/checkout", {
    json: { plan: "essencial", billing: "yearly", cliente: cliente({ email }) },
  });

async function createAccountWithPaidCheckout(email: string) {
  const { cookie } = await paidCheckout(system(), { plan: "essencial", billing: "yearly", cliente: { email } });
  return client(system(), { cookie }).post("/api/cadastro", {
    json: { senha: NEW_PASSWORD, confirmacao: NEW_PASSWORD },
  });
}

const signInStatus = async (email: string, password: string) =>
  (await client(system()).post("/api/auth/sign-in/email", { json: { email, password }, ip: uniqueIp() })).status;

async function usersWithEmail(email: string) {
  const [row] = await db().select({ n: count() }).from(user).where(eq(user.email, email));
  return row!.n;
}

describe("an e-mail held by an account", () => {
  it("a Personalizado account younger than 24 hours still blocks another checkout", async () => {
    const email = newEmail();
    await accountFromCheckout(email, { hoursAgo: 23 });
    const res = await startCheckoutFor(email);
    expect(res.status).toBe(409);
    expect(res.body.error.message).toBe(EMAIL_TAKEN);
  });

  it("a verified e-mail blocks it at any age", async () => {
    const email = newEmail();
    await accountFromCheckout(email, { hoursAgo: 24 * 30, verified: true });
    expect((await startCheckoutFor(email)).status).toBe(409);
  });

  it("an account from a paid plan blocks it while young or verified", async () => {
    const young = newEmail();
    await accountFromCheckout(young, { hoursAgo: 23, plan: "essencial" });
    expect((await startCheckoutFor(young)).status).toBe(409);
    const verified = newEmail();
    await accountFromCheckout(verified, { hoursAgo: 24 * 30, plan: "essencial", verified: true });
    expect((await startCheckoutFor(verified)).status).toBe(409);
  });

  it("an unverified account from a paid plan older than 24 hours no longer blocks it; its data stays", async () => {
    const email = newEmail();
    const old = await accountFromCheckout(email, { hoursAgo: 25, plan: "essencial" });
    expect((await startCheckoutFor(email)).status).toBe(201);
    const res = await createAccountWithPaidCheckout(email);
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    expect(await usersWithEmail(email)).toBe(1);
    const [released] = await db().select().from(user).where(eq(user.id, old.userId));
    expect(released!.email).toMatch(/\.invalid$/);
  });

  it("an account made without checkout (staff, demo) blocks it at any age", async () => {
    const { user: created, email } = await createUser(system(), { email: newEmail() });
    await db().update(user).set({ createdAt: sql`now() - interval '30 days'` }).where(eq(user.id, created.id));
    expect((await startCheckoutFor(email)).status).toBe(409);
  });
});

/** The confirmation e-mails sent to `email`, oldest first; opening one follows better-auth's redirect. */
async function confirmationLinks(email: string) {
  await waitForMail(system(), email);
  const mails = await mailsTo(system().mailer.mailDir!, email);
  return mails.filter((m) => m.subject === "Confirme seu e-mail no Guarita").map((m) => m.links[0]!);
}

async function openLink(link: string) {
  const url = new URL(link);
  const res = await client(system()).get(`${url.pathname}${url.search}`, { ip: uniqueIp() });
  expect(res.status).toBe(302);
  return res.headers.get("location");
}

describe("e-mail verification and the hold", () => {
  it("a Personalizado account confirmed through its e-mailed link keeps its e-mail after 24 hours", async () => {
    const email = newEmail();
    await accountFromCheckout(email, { hoursAgo: 25 });
    const [link] = await confirmationLinks(email);
    expect(await openLink(link!)).toBe("/verificar-email?confirmado=1");
    expect((await startCheckoutFor(email)).status).toBe(409);
  });

  it("the released account's e-mailed links open neither account", async () => {
    const email = newEmail();
    const old = await accountFromCheckout(email, { hoursAgo: 25 });
    const [oldLink] = await confirmationLinks(email);
    expect(
      (await client(system()).post("/api/auth/request-password-reset", { json: { email }, ip: uniqueIp() })).status,
    ).toBe(200);
    const resetMail = await waitForMail(system(), email);
    expect(resetMail.subject).toBe("Redefina sua senha do Guarita");
    const resetPage = new URL((await openLink(resetMail.links[0]!))!);
    const resetToken = resetPage.searchParams.get("token")!;

    const res = await createAccountWithPaidCheckout(email);
    expect(res.status).toBe(201);

    // The reset link mailed before the release died with it.
    const reset = await client(system()).post("/api/auth/reset-password", {
      json: { token: resetToken, newPassword: "senha-de-quem-tinha-o-link" },
      ip: uniqueIp(),
    });
    expect(reset.status).toBe(400);
    expect(reset.body.error.code).toBe("INVALID_TOKEN");

    expect(await openLink(oldLink!)).toBe("/verificar-email?confirmado=1&error=INVALID_TOKEN");
    const rows = await db()
      .select({ id: user.id, verified: user.emailVerified })
      .from(user)
      .where(eq(user.email, email));
    expect(rows).toEqual([{ id: res.body.user.id, verified: false }]);
    const [released] = await db().select({ verified: user.emailVerified }).from(user).where(eq(user.id, old.userId));
    expect(released!.verified).toBe(false);
  });
});

describe("an unverified Personalizado account older than 24 hours", () => {
  it("no longer blocks a checkout; the new account takes the e-mail and the old tenant's data stays", async () => {
    const email = newEmail();
    const old = await accountFromCheckout(email, { hoursAgo: 25 });
    await createCondominioWithUnidade(system(), old.orgId, { nome: "Condomínio do Cadastro Antigo" });

    const res = await createAccountWithPaidCheckout(email);
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    expect(res.body.user.email).toBe(email);
    expect(res.body.user.id).not.toBe(old.userId);

    // One account for the e-mail: the new one, with the new password; the old one lost the address.
    expect(await usersWithEmail(email)).toBe(1);
    const [released] = await db().select().from(user).where(eq(user.id, old.userId));
    expect(released!.email).toBe(releasedEmail(old.userId));
    expect(await signInStatus(email, NEW_PASSWORD)).toBe(200);
    expect(await signInStatus(email, OLD_PASSWORD)).toBe(401);
    expect((await client(system(), { cookie: old.sessionCookie }).get("/api/me")).status).toBe(401);

    // Paying for an address never wipes another customer's data: the old tenant and its
    // condominium stay (for support to hand back), and the new account does not see them.
    expect(await db().select().from(organization).where(eq(organization.id, old.orgId))).toHaveLength(1);
    expect(await db().select().from(condominios).where(eq(condominios.organizationId, old.orgId))).toHaveLength(1);
    const me = await client(system(), { cookie: cookieFrom(res.headers) }).get("/api/me");
    expect(me.body.organization.id).toBe(res.body.organization.id);
    expect(me.body.organization.id).not.toBe(old.orgId);

    // The old checkout stays as the record of that sign-up, still tied to its account.
    const [oldCheckout] = await db().select().from(checkoutSessions).where(eq(checkoutSessions.id, old.checkoutId));
    expect(oldCheckout).toMatchObject({ status: "concluido", userId: old.userId, planType: "personalizado" });
  });

  it("can be released to another Personalizado sign-up too", async () => {
    const email = newEmail();
    await accountFromCheckout(email, { hoursAgo: 48 });
    const again = await accountFromCheckout(email, { hoursAgo: 0 });
    expect(await usersWithEmail(email)).toBe(1);
    // The new provisional account holds the e-mail for its own 24 hours.
    expect((await startCheckoutFor(email)).status).toBe(409);
    expect((await db().select().from(user).where(eq(user.email, email)))[0]!.id).toBe(again.userId);
  });

  it("leaves a tenant that has other members to them", async () => {
    const email = newEmail();
    const old = await accountFromCheckout(email, { hoursAgo: 25 });
    const colleague = await createUser(system());
    await addMember(db(), { organizationId: old.orgId, userId: colleague.user.id, role: "sindico" });

    expect((await createAccountWithPaidCheckout(email)).status).toBe(201);
    const members = await db().select().from(member).where(eq(member.organizationId, old.orgId));
    expect(members.map((m) => m.userId)).toEqual([colleague.user.id]);
    const cookie = await signIn(system(), colleague.email, colleague.password);
    const me = await client(system(), { cookie }).get("/api/me");
    expect(me.status).toBe(200);
    expect(me.body.organization.id).toBe(old.orgId);
  });

  describeOnPostgres("two sign-ups racing for its e-mail", () => {
    it("exactly one takes the e-mail; the other gets 409 and writes nothing", async () => {
      const email = newEmail();
      const old = await accountFromCheckout(email, { hoursAgo: 25 });
      const [a, b] = await Promise.all([
        paidCheckout(system(), { cliente: { email } }),
        paidCheckout(system(), { cliente: { email } }),
      ]);
      const results = await Promise.all(
        [a, b].map(({ cookie }) =>
          client(system(), { cookie }).post("/api/cadastro", {
            json: { senha: NEW_PASSWORD, confirmacao: NEW_PASSWORD },
          }),
        ),
      );
      expect(results.map((r) => r.status).sort()).toEqual([201, 409]);
      expect(await usersWithEmail(email)).toBe(1);
      const winner = results.find((r) => r.status === 201)!;
      expect((await db().select().from(user).where(eq(user.email, email)))[0]!.id).toBe(winner.body.user.id);
      expect(await db().select().from(organization).where(eq(organization.id, old.orgId))).toHaveLength(1);
      const statuses = await db()
        .select({ status: checkoutSessions.status })
        .from(checkoutSessions)
        .where(eq(checkoutSessions.email, email));
      expect(statuses.map((s) => s.status).sort()).toEqual(["concluido", "concluido", "pago"]);
    });
  });
});
