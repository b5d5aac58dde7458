import { count, eq, sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { assinaturas, checkoutSessions, customers, member, organization, user } from "@/server/db/schema";
import { cliente, paidCheckout, startCheckout, TEST_CARD } from "../../../../tests/support/checkout";
import { createCondominioWithUnidade, createTenantWithMember, uniqueIp } from "../../../../tests/support/factories";
import { client, cookieFrom } from "../../../../tests/support/http";
import { describeOnPostgres } from "../../../../tests/support/postgres-only";
import { setupTestSystem } from "../../../../tests/support/system";

const system = setupTestSystem();
const SENHA = "minha-senha-1";

async function usersWithEmail(email: string) {
  const [row] = await system().handle.db.select({ n: count() }).from(user).where(eq(user.email, email));
  return row!.n;
}

async function createAccount(cookie: string, senha = SENHA, confirmacao = senha) {
  return client(system(), { cookie }).post("/api/cadastro", { json: { senha, confirmacao } });
}

describe("account creation", () => {
  it("creates the user, the customer record and the tenant, then signs in", async () => {
    const { session, cookie } = await paidCheckout(system(), {
      plan: "avancado",
      billing: "monthly",
      cliente: { nome: "Marina Souza", empresa: "Condomínio Jardim das Flores" },
    });
    const res = await createAccount(cookie);
    expect(res.status).toBe(201);
    expect(res.body.user).toMatchObject({ email: session.email, name: "Marina Souza" });
    expect(res.body.organization.name).toBe("Condomínio Jardim das Flores");

    // Signed in at once: the session cookie opens the console as the tenant's owner.
    const sessionCookie = cookieFrom(res.headers);
    expect(sessionCookie).toMatch(/guarita\.session_token=/);
    const me = await client(system(), { cookie: sessionCookie }).get("/api/me");
    expect(me.status).toBe(200);
    expect(me.body).toMatchObject({ role: "owner", organization: { id: res.body.organization.id } });

    const db = system().handle.db;
    const [stored] = await db.select().from(user).where(eq(user.id, res.body.user.id));
    expect(stored!.userMetadata).toEqual({ full_name: "Marina Souza", plan: "avancado", billing: "monthly" });
    const [customer] = await db.select().from(customers).where(eq(customers.userId, res.body.user.id));
    expect(customer).toMatchObject({
      email: session.email,
      nome: "Marina Souza",
      planType: "avancado",
      billingCycle: "monthly",
      organizationId: res.body.organization.id,
      checkoutSessionId: session.id,
    });
    expect(customer!.createdAt).toBeInstanceOf(Date);
    // The subscription paid at checkout is the new organization's.
    const [assinatura] = await db.select().from(assinaturas).where(eq(assinaturas.checkoutSessionId, session.id));
    expect(assinatura).toMatchObject({ organizationId: res.body.organization.id, plano: "avancado", status: "ativa" });
    const [checkout] = await db.select().from(checkoutSessions).where(eq(checkoutSessions.id, session.id));
    expect(checkout).toMatchObject({ status: "concluido", userId: res.body.user.id });

    // The checkout cookie is spent.
    expect(res.headers.getSetCookie().some((c) => /^guarita_checkout=;/.test(c))).toBe(true);
  });

  it("lets the new user sign out and back in with the new password", async () => {
    const { session, cookie } = await paidCheckout(system());
    expect((await createAccount(cookie)).status).toBe(201);
    const signIn = await client(system()).post("/api/auth/sign-in/email", {
      json: { email: session.email, password: SENHA },
      ip: uniqueIp(),
    });
    expect(signIn.status).toBe(200);
    const wrong = await client(system()).post("/api/auth/sign-in/email", {
      json: { email: session.email, password: "outra-senha" },
      ip: uniqueIp(),
    });
    expect(wrong.status).toBe(401);
  });

  const TOO_COMMON = "Esta senha está entre as mais usadas e é fácil de adivinhar. Escolha uma senha menos comum.";
  const TOO_LONG = "x1-".repeat(43);
  it.each([
    ["too short", "12345", "12345", "senha", "A senha deve ter pelo menos 6 caracteres"],
    ["too long (129)", TOO_LONG, TOO_LONG, "senha", "A senha deve ter no máximo 128 caracteres"],
    ["common: 123456", "123456", "123456", "senha", TOO_COMMON],
    ["common: password", "password", "password", "senha", TOO_COMMON],
    ["common, any case: Qwerty123", "Qwerty123", "Qwerty123", "senha", TOO_COMMON],
    ["not confirmed", SENHA, "outra-senha", "confirmacao", "As senhas não coincidem"],
    ["confirmation empty", SENHA, "", "confirmacao", "A senha deve ter pelo menos 6 caracteres"],
  ])("checks the password rules (%s) and writes nothing", async (_, senha, confirmacao, path, message) => {
    const { session, cookie } = await paidCheckout(system());
    const res = await createAccount(cookie, senha, confirmacao);
    expect(res.status).toBe(400);
    expect(res.body.error.fields).toContainEqual({ path, message });
    expect(await usersWithEmail(session.email)).toBe(0);
    const [checkout] = await system()
      .handle.db.select({ status: checkoutSessions.status })
      .from(checkoutSessions)
      .where(eq(checkoutSessions.id, session.id));
    expect(checkout!.status).toBe("pago");
    // The same browser then creates the account with a good password.
    expect((await createAccount(cookie, "portaria-do-jardim-42")).status).toBe(201);
  });

  it("needs a confirmed payment from this browser", async () => {
    const noCookie = await client(system()).post("/api/cadastro", { json: { senha: SENHA, confirmacao: SENHA } });
    expect(noCookie.status).toBe(402);
    expect(noCookie.body.error.message).toBe(
      "Não encontramos um pagamento confirmado neste navegador. Conclua o checkout para criar a sua conta.",
    );

    const unpaid = await startCheckout(system());
    expect((await createAccount(unpaid.cookie)).status).toBe(402);
    expect(await usersWithEmail(unpaid.session.email)).toBe(0);
  });

  it("refuses an account for a declined card", async () => {
    const { session, cookie } = await startCheckout(system());
    const declined = await client(system(), { cookie }).post(`/api/checkout/${session.id}/confirmar`, {
      json: { cartao: { ...TEST_CARD, numero: "4000 0000 0000 0002" } },
    });
    expect(declined.status).toBe(402);
    const res = await createAccount(cookie);
    expect(res.status).toBe(402);
    expect(await usersWithEmail(session.email)).toBe(0);
  });

  it("uses a payment for one account only", async () => {
    const { cookie } = await paidCheckout(system());
    expect((await createAccount(cookie)).status).toBe(201);
    const again = await createAccount(cookie);
    expect(again.status).toBe(409);
  });

  it("refuses a second sign-up with the same e-mail and creates nothing", async () => {
    // Two checkouts paid for one e-mail before either became an account (two tabs).
    const first = await paidCheckout(system(), { cliente: { email: "duas.abas@cliente.guarita.app" } });
    const second = await paidCheckout(system(), { cliente: { email: "duas.abas@cliente.guarita.app" } });
    expect((await createAccount(first.cookie)).status).toBe(201);
    const orgsBefore = await system().handle.db.select({ n: count() }).from(organization);

    const res = await createAccount(second.cookie);
    expect(res.status).toBe(409);
    expect(res.body.error.message).toBe("Este e-mail já está cadastrado. Entre com a sua senha ou use outro e-mail.");
    expect(await usersWithEmail("duas.abas@cliente.guarita.app")).toBe(1);
    expect(await system().handle.db.select({ n: count() }).from(organization)).toEqual(orgsBefore);
    const [checkout] = await system()
      .handle.db.select({ status: checkoutSessions.status })
      .from(checkoutSessions)
      .where(eq(checkoutSessions.id, second.session.id));
    expect(checkout!.status).toBe("pago");

    // And a new checkout for that e-mail is refused before any charge.
    const third = await client(system()).post("/api/checkout", {
      json: {
        plan: "essencial",
        billing: "yearly",
        cliente: cliente({ email: "duas.abas@cliente.guarita.app" }),
      },
    });
    expect(third.status).toBe(409);
  });

  describeOnPostgres("concurrent sign-ups", () => {
    it("one payment sent twice at once (double click, two tabs) opens one account", async () => {
      const { session, cookie } = await paidCheckout(system());
      const results = await Promise.all([createAccount(cookie), createAccount(cookie)]);
      expect(results.map((r) => r.status).sort()).toEqual([201, 409]);
      expect(await usersWithEmail(session.email)).toBe(1);
    });

    it("two payments for one e-mail creating accounts at once open one account", async () => {
      const email = "corrida@cliente.guarita.app";
      const first = await paidCheckout(system(), { cliente: { email } });
      const second = await paidCheckout(system(), { cliente: { email } });
      const orgsBefore = await system().handle.db.select({ n: count() }).from(organization);
      const results = await Promise.all([createAccount(first.cookie), createAccount(second.cookie)]);
      expect(results.map((r) => r.status).sort()).toEqual([201, 409]);
      const refused = results.find((r) => r.status === 409)!;
      expect(refused.body.error.message).toBe(
        "Este e-mail já está cadastrado. Entre com a sua senha ou use outro e-mail.",
      );
      expect(await usersWithEmail(email)).toBe(1);
      const [orgsAfter] = await system().handle.db.select({ n: count() }).from(organization);
      expect(orgsAfter!.n).toBe(orgsBefore[0]!.n + 1);
    });
  });

  it("still opens the account when the customer record cannot be written", async () => {
    const db = system().handle.db;
    const email = "cliente.falha@cliente.guarita.app";
    // A real database failure on exactly this customer's insert.
    await db.execute(
      sql.raw(`ALTER TABLE customers ADD CONSTRAINT test_customer_fails CHECK (email <> '${email}') NOT VALID`),
    );
    try {
      const { cookie } = await paidCheckout(system(), { cliente: { email } });
      const res = await createAccount(cookie);
      expect(res.status).toBe(201);
      const me = await client(system(), { cookie: cookieFrom(res.headers) }).get("/api/me");
      expect(me.status).toBe(200);
      const [row] = await db.select({ n: count() }).from(customers).where(eq(customers.email, email));
      expect(row!.n).toBe(0);
      const [membership] = await db.select().from(member).where(eq(member.userId, res.body.user.id));
      expect(membership!.role).toBe("owner");
    } finally {
      await db.execute(sql.raw("ALTER TABLE customers DROP CONSTRAINT test_customer_fails"));
    }
  });

  it("opens Personalizado accounts without a charge", async () => {
    const { cookie } = await paidCheckout(system(), { plan: "personalizado", billing: "yearly" });
    const res = await createAccount(cookie);
    expect(res.status).toBe(201);
    const [customer] = await system().handle.db.select().from(customers).where(eq(customers.userId, res.body.user.id));
    expect(customer!.planType).toBe("personalizado");
  });

  it("gives the new tenant an empty console that no other tenant's data reaches", async () => {
    const other = await createTenantWithMember(system(), { role: "sindico" });
    const { condominio, unidade } = await createCondominioWithUnidade(system(), other.org.id);

    const { cookie } = await paidCheckout(system());
    const res = await createAccount(cookie);
    const api = client(system(), { cookie: cookieFrom(res.headers) });
    for (const path of ["/api/condominios", "/api/unidades", "/api/pessoas", "/api/solicitacoes", "/api/chamadas"]) {
      const list = await api.get(path);
      expect(list.status, path).toBe(200);
      expect(list.body.total, path).toBe(0);
    }
    expect((await api.get("/api/dashboard/primeiros-passos")).body).toEqual({
      condominios: false,
      unidades: false,
      pessoas: false,
    });
    expect((await other.api.get("/api/dashboard/primeiros-passos")).body).toEqual({
      condominios: true,
      unidades: true,
      pessoas: false,
    });
    expect((await api.get(`/api/condominios/${condominio.id}`)).status).toBe(404);
    expect((await api.get(`/api/unidades/${unidade.id}`)).status).toBe(404);
    expect((await api.get("/api/busca?q=Residencial")).body).toMatchObject({
      pessoas: [],
      unidades: [],
      solicitacoes: [],
    });
  });

  it("keeps better-auth's own sign-up closed: accounts only come from a paid checkout", async () => {
    const res = await client(system()).post("/api/auth/sign-up/email", {
      json: { email: "porta.dos.fundos@cliente.guarita.app", password: SENHA, name: "Porta dos Fundos" },
    });
    expect(res.status).toBeGreaterThanOrEqual(400);
    expect(res.status).toBeLessThan(500);
    expect(await usersWithEmail("porta.dos.fundos@cliente.guarita.app")).toBe(0);
  });
});
