import { count, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { createSystem, type System } from "@/server/bootstrap";
import { assinaturas, checkoutSessions } from "@/server/db/schema";
import { cliente, DECLINED_CARD, paidCheckout, startCheckout, TEST_CARD } from "../../../../tests/support/checkout";
import { createUser } from "../../../../tests/support/factories";
import { createFakeStripe, STRIPE_WEBHOOK_SECRET } from "../../../../tests/support/fake-stripe";
import { client, cookieFrom } from "../../../../tests/support/http";
import { setupTestSystem, testSystemOptions } from "../../../../tests/support/system";

const system = setupTestSystem();

async function sessionCount(sys: System) {
  const [row] = await sys.handle.db.select({ n: count() }).from(checkoutSessions);
  return row!.n;
}

async function assinaturaOf(sys: System, checkoutId: string) {
  const [row] = await sys.handle.db.select().from(assinaturas).where(eq(assinaturas.checkoutSessionId, checkoutId));
  return row;
}

async function statusOf(sys: System, id: string) {
  const [row] = await sys.handle.db
    .select({ status: checkoutSessions.status, amount: checkoutSessions.amountCents })
    .from(checkoutSessions)
    .where(eq(checkoutSessions.id, id));
  return row;
}

describe("checkout in demo mode", () => {
  it("says it is in demo mode and hands out no Stripe key", async () => {
    const res = await client(system()).get("/api/checkout/config");
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ mode: "demo", publishable_key: null });
  });

  it.each([
    ["essencial", "yearly", 35_900],
    ["essencial", "monthly", 39_900],
    ["avancado", "yearly", 114_900],
    ["avancado", "monthly", 129_000],
  ] as const)("charges the catalogue amount for %s %s", async (plan, billing, cents) => {
    const res = await client(system()).post("/api/checkout", { json: { plan, billing, cliente: cliente() } });
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({ plan, billing, amount_cents: cents, currency: "brl", status: "pendente" });
    expect(await statusOf(system(), res.body.id)).toEqual({ status: "pendente", amount: cents });
    const cookie = res.headers.getSetCookie().find((c) => c.startsWith("guarita_checkout="));
    expect(cookie).toMatch(/HttpOnly/i);
    expect(cookie).toMatch(/SameSite=Lax/i);
  });

  it("refuses an amount sent by the browser and records nothing", async () => {
    const before = await sessionCount(system());
    const res = await client(system()).post("/api/checkout", {
      json: { plan: "avancado", billing: "monthly", amount_cents: 100, cliente: cliente() },
    });
    expect(res.status).toBe(400);
    expect(res.body.error.message).toMatch(/amount_cents/);
    expect(await sessionCount(system())).toBe(before);
  });

  it("answers every required billing field with its pt-BR message", async () => {
    const res = await client(system()).post("/api/checkout", {
      json: { plan: "essencial", billing: "yearly", cliente: {} },
    });
    expect(res.status).toBe(400);
    const fields = Object.fromEntries(
      res.body.error.fields.map((f: { path: string; message: string }) => [f.path, f.message]),
    );
    expect(fields).toMatchObject({
      "cliente.nome": "Informe o nome completo",
      "cliente.email": "E-mail inválido",
      "cliente.telefone": "Informe o telefone",
      "cliente.empresa": "Informe o nome da empresa ou do condomínio",
      "cliente.cep": "Informe o CEP",
      "cliente.rua": "Informe a rua",
      "cliente.numero": "Informe o número",
      "cliente.bairro": "Informe o bairro",
      "cliente.cidade": "Informe a cidade",
      "cliente.estado": "Informe o estado",
    });
    expect(fields).not.toHaveProperty("cliente.cnpj");
    expect(fields).not.toHaveProperty("cliente.complemento");
  });

  it.each([
    [{ cnpj: "11.222.333/0001-82" }, "cliente.cnpj", "CNPJ inválido"],
    [{ cep: "0131-100" }, "cliente.cep", "CEP deve ter 8 dígitos"],
    [{ estado: "SPX" }, "cliente.estado", "Use a sigla do estado, com 2 letras"],
    [{ estado: "XX" }, "cliente.estado", "Estado inválido: use a sigla, como SP"],
    [{ telefone: "(11) 123" }, "cliente.telefone", "Telefone inválido. Ex.: (11) 98765-4321"],
    [{ email: "marina@" }, "cliente.email", "E-mail inválido"],
    [{ nome: "M" }, "cliente.nome", "Nome deve ter pelo menos 2 caracteres"],
  ])("rejects %o", async (override, path, message) => {
    const before = await sessionCount(system());
    const res = await client(system()).post("/api/checkout", {
      json: { plan: "essencial", billing: "yearly", cliente: cliente(override) },
    });
    expect(res.status).toBe(400);
    expect(res.body.error.fields).toContainEqual({ path, message });
    expect(await sessionCount(system())).toBe(before);
  });

  it("rejects an unknown plan or cycle", async () => {
    const res = await client(system()).post("/api/checkout", {
      json: { plan: "ouro", billing: "weekly", cliente: cliente() },
    });
    expect(res.status).toBe(400);
    expect(res.body.error.fields).toEqual(
      expect.arrayContaining([
        { path: "plan", message: "Plano inválido" },
        { path: "billing", message: "Ciclo de cobrança inválido" },
      ]),
    );
  });

  it("stores the billing details normalised (digits, the phone in E.164, upper-case state, no CNPJ when blank)", async () => {
    const { session } = await startCheckout(system(), { cliente: { cnpj: "", estado: "rj", complemento: "Bloco B" } });
    const [row] = await system()
      .handle.db.select({ cliente: checkoutSessions.cliente })
      .from(checkoutSessions)
      .where(eq(checkoutSessions.id, session.id));
    expect(row!.cliente).toMatchObject({
      telefone: "+5511998765432",
      cep: "01310100",
      cnpj: null,
      estado: "RJ",
      complemento: "Bloco B",
    });
  });

  it("charges the test card once and answers the same afterwards", async () => {
    const { session, cookie } = await startCheckout(system());
    const api = client(system(), { cookie });
    const paid = await api.post(`/api/checkout/${session.id}/confirmar`, { json: { cartao: TEST_CARD } });
    expect(paid.status).toBe(200);
    expect(paid.body.status).toBe("pago");
    const again = await api.post(`/api/checkout/${session.id}/confirmar`, { json: { cartao: DECLINED_CARD } });
    expect(again.status).toBe(200);
    expect(again.body.status).toBe("pago");
  });

  it("declines 4000 0000 0000 0002 and records the failure", async () => {
    const { session, cookie } = await startCheckout(system());
    const res = await client(system(), { cookie }).post(`/api/checkout/${session.id}/confirmar`, {
      json: { cartao: DECLINED_CARD },
    });
    expect(res.status).toBe(402);
    expect(res.body.error).toMatchObject({ code: "PAYMENT_DECLINED", message: "Cartão recusado pela operadora." });
    expect((await statusOf(system(), session.id))?.status).toBe("falhou");
    const retry = await client(system(), { cookie }).post(`/api/checkout/${session.id}/confirmar`, {
      json: { cartao: TEST_CARD },
    });
    expect(retry.status).toBe(402);
  });

  it.each([
    [{ ...TEST_CARD, validade: "01/20" }, 402, "Cartão vencido: confira a validade."],
    [{ ...TEST_CARD, numero: "5555 5555 5555 4444" }, 402, expect.stringContaining("4242 4242 4242 4242")],
    [{ ...TEST_CARD, cvc: "12" }, 400, "O CVC tem 3 dígitos"],
    [{ ...TEST_CARD, validade: "13/30" }, 400, "Validade inválida: use MM/AA"],
    [{ ...TEST_CARD, numero: "4242" }, 400, "Número do cartão inválido"],
  ])("refuses the card %o", async (card, status, message) => {
    const { session, cookie } = await startCheckout(system());
    const res = await client(system(), { cookie }).post(`/api/checkout/${session.id}/confirmar`, {
      json: { cartao: card },
    });
    expect(res.status).toBe(status);
    expect(res.body.error.message).toEqual(message);
    expect((await statusOf(system(), session.id))?.status).toBe(status === 400 ? "pendente" : "falhou");
  });

  it("requires the card in demo mode", async () => {
    const { session, cookie } = await startCheckout(system());
    const res = await client(system(), { cookie }).post(`/api/checkout/${session.id}/confirmar`, { json: {} });
    expect(res.status).toBe(400);
    expect(res.body.error.fields).toEqual([{ path: "cartao", message: "Informe os dados do cartão." }]);
  });

  it("lets only the browser that started a checkout confirm or read it", async () => {
    const { session } = await startCheckout(system());
    const other = await startCheckout(system());
    const res = await client(system(), { cookie: other.cookie }).post(`/api/checkout/${session.id}/confirmar`, {
      json: { cartao: TEST_CARD },
    });
    expect(res.status).toBe(404);
    const anonymous = await client(system()).post(`/api/checkout/${session.id}/confirmar`, {
      json: { cartao: TEST_CARD },
    });
    expect(anonymous.status).toBe(404);
    expect((await statusOf(system(), session.id))?.status).toBe("pendente");
    expect((await client(system()).get("/api/checkout/atual")).status).toBe(404);
    const mine = await client(system(), { cookie: other.cookie }).get("/api/checkout/atual");
    expect(mine.body.id).toBe(other.session.id);
  });

  it("rejects a forged checkout cookie", async () => {
    const { session } = await startCheckout(system());
    const res = await client(system(), { cookie: `guarita_checkout=${session.id}` }).get("/api/checkout/atual");
    expect(res.status).toBe(404);
  });

  it("refuses an e-mail that already has an account before charging anything", async () => {
    const { email } = await createUser(system(), { email: "ja.existe@cliente.guarita.app" });
    const before = await sessionCount(system());
    const res = await client(system()).post("/api/checkout", {
      json: { plan: "essencial", billing: "yearly", cliente: cliente({ email: email.toUpperCase() }) },
    });
    expect(res.status).toBe(409);
    expect(res.body.error.message).toBe("Este e-mail já está cadastrado. Entre com a sua senha ou use outro e-mail.");
    expect(await sessionCount(system())).toBe(before);
  });

  it("limits checkout starts per client IP, and counts nothing for another IP", async () => {
    const ip = "203.0.113.77";
    const start = (from: string) =>
      client(system()).post("/api/checkout", {
        json: { plan: "essencial", billing: "yearly", cliente: cliente() },
        ip: from,
      });
    for (let i = 0; i < 20; i++) expect((await start(ip)).status).toBe(201);
    const before = await sessionCount(system());
    const refused = await start(ip);
    expect(refused.status).toBe(429);
    expect(refused.body.error.message).toBe(
      "Muitas tentativas de pagamento. Aguarde alguns minutos e tente novamente.",
    );
    expect(await sessionCount(system())).toBe(before);
    expect((await start("203.0.113.78")).status).toBe(201);
  });

  it("charges nothing for Personalizado, whose subscription is active without a charge", async () => {
    const { session } = await startCheckout(system(), { plan: "personalizado", billing: "monthly" });
    expect(session).toMatchObject({ amount_cents: 0, status: "sem_cobranca", client_secret: null });
    expect(await assinaturaOf(system(), session.id)).toMatchObject({
      provider: "demo",
      subscriptionRef: `sem-cobranca:${session.id}`,
      plano: "personalizado",
      status: "ativa",
      valorCentavos: 0,
      periodoFim: null,
    });
  });

  it("opens the subscription with the checkout and activates it with the first payment", async () => {
    const { session, cookie } = await startCheckout(system(), { plan: "avancado", billing: "yearly" });
    expect(await assinaturaOf(system(), session.id)).toMatchObject({
      provider: "demo",
      plano: "avancado",
      ciclo: "yearly",
      status: "incompleta",
      valorCentavos: 114_900,
      emailCobranca: session.email,
      organizationId: null,
    });
    await client(system(), { cookie }).post(`/api/checkout/${session.id}/confirmar`, { json: { cartao: TEST_CARD } });
    const active = await assinaturaOf(system(), session.id);
    expect(active).toMatchObject({ status: "ativa", cartaoFinal: "4242" });
    expect(active!.periodoFim!.getTime()).toBeGreaterThan(Date.now());
  });
});

async function stripeSystem() {
  const fake = createFakeStripe();
  const sys = await createSystem({
    ...testSystemOptions(),
    handle: system().handle,
    payments: {
      stripe: {
        secretKey: "sk_test_guarita",
        publishableKey: "pk_test_guarita",
        webhookSecret: STRIPE_WEBHOOK_SECRET,
        httpClient: fake.httpClient,
      },
    },
  });
  return { sys, fake };
}

/** A Stripe checkout as the page starts it; `subId` is the subscription its first invoice belongs to. */
async function stripeCheckout(sys: System, plan: "essencial" | "avancado", billing: "monthly" | "yearly") {
  const created = await client(sys).post("/api/checkout", { json: { plan, billing, cliente: cliente() } });
  const [row] = await sys.handle.db
    .select({ ref: checkoutSessions.providerRef })
    .from(checkoutSessions)
    .where(eq(checkoutSessions.id, created.body.id));
  return { created, cookie: cookieFrom(created.headers), subId: row?.ref ?? "" };
}

describe("checkout in Stripe mode", () => {
  it("hands the publishable key to the browser", async () => {
    const { sys } = await stripeSystem();
    const res = await client(sys).get("/api/checkout/config");
    expect(res.body).toEqual({ mode: "stripe", publishable_key: "pk_test_guarita" });
  });

  it("subscribes at the catalogue's Price and returns the first invoice's client secret", async () => {
    const { sys, fake } = await stripeSystem();
    const { created, subId } = await stripeCheckout(sys, "avancado", "yearly");
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({ mode: "stripe", amount_cents: 114_900, status: "pendente" });
    expect(created.body.client_secret).toMatch(/^pi_test_\w+_secret_\w+$/);
    const subscription = fake.subscription(subId);
    expect(subscription.items.data[0].price).toMatchObject({
      lookup_key: "guarita_avancado_yearly",
      unit_amount: 114_900,
      currency: "brl",
    });
    expect(subscription.metadata).toMatchObject({ checkout_id: created.body.id, plano: "avancado", ciclo: "yearly" });
  });

  it("reads the paid subscription back from Stripe", async () => {
    const { sys, fake } = await stripeSystem();
    const { created, cookie, subId } = await stripeCheckout(sys, "essencial", "monthly");
    fake.confirmCard(subId);
    const res = await client(sys, { cookie }).post(`/api/checkout/${created.body.id}/confirmar`, { json: {} });
    expect(res.status).toBe(200);
    expect(res.body.status).toBe("pago");
  });

  it("keeps a first payment the browser hasn't confirmed yet pending", async () => {
    const { sys } = await stripeSystem();
    const { created, cookie } = await stripeCheckout(sys, "essencial", "monthly");
    const res = await client(sys, { cookie }).post(`/api/checkout/${created.body.id}/confirmar`, { json: {} });
    expect(res.body.status).toBe("pendente");
  });

  it("answers 502 and records the attempt as failed when Stripe can't be reached", async () => {
    let down = false;
    const fake = createFakeStripe({ down: () => down });
    const sys = await createSystem({
      ...testSystemOptions(),
      handle: system().handle,
      payments: { stripe: { secretKey: "sk_test_x", publishableKey: "pk_test_x", httpClient: fake.httpClient } },
    });
    down = true;
    const res = await client(sys).post("/api/checkout", {
      json: { plan: "essencial", billing: "monthly", cliente: cliente() },
    });
    expect(res.status).toBe(502);
    expect(res.body.error.code).toBe("PAYMENT_PROVIDER_ERROR");
  });
});

describe("Stripe webhook", () => {
  it("rejects a wrong signature, a tampered body or no signature, and changes nothing", async () => {
    const { sys, fake } = await stripeSystem();
    const { created, subId } = await stripeCheckout(sys, "essencial", "yearly");
    fake.confirmCard(subId);
    const good = fake.event("invoice.paid", fake.invoice(fake.subscription(subId).latest_invoice));
    const attempts: { body: string; headers: Record<string, string> }[] = [
      fake.event("invoice.paid", fake.invoice(fake.subscription(subId).latest_invoice), {
        secret: "whsec_someone_else",
      }),
      { body: good.body.replace("invoice.paid", "invoice.voided"), headers: good.headers },
      { body: good.body, headers: {} },
    ];
    for (const attempt of attempts) {
      const res = await client(sys).post("/api/webhooks/stripe", attempt);
      expect(res.status).toBe(400);
      expect(res.body.error.message).toMatch(/Assinatura da Stripe/);
    }
    expect((await statusOf(sys, created.body.id))?.status).toBe("pendente");
  });

  it("is not there without Stripe configured", async () => {
    const res = await client(system()).post("/api/webhooks/stripe", createFakeStripe().event("invoice.paid", {}));
    expect(res.status).toBe(404);
  });
});

describe("a paid checkout", () => {
  it("is remembered for account creation", async () => {
    const { session, cookie } = await paidCheckout(system(), { plan: "avancado", billing: "monthly" });
    const res = await client(system(), { cookie }).get("/api/checkout/atual");
    expect(res.body).toMatchObject({ id: session.id, status: "pago", plan: "avancado", billing: "monthly" });
  });
});
