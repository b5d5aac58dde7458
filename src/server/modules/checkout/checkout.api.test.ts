import { randomUUID } from "node:crypto";
import { count, eq } from "drizzle-orm";
import Stripe from "stripe";
import { describe, expect, it } from "vitest";
import { createSystem, type System } from "@/server/bootstrap";
import { checkoutSessions } from "@/server/db/schema";
import { cliente, DECLINED_CARD, paidCheckout, startCheckout, TEST_CARD } from "../../../../tests/support/checkout";
import { createUser } from "../../../../tests/support/factories";
import { client, cookieFrom } from "../../../../tests/support/http";
import { setupTestSystem, testSystemOptions } from "../../../../tests/support/system";

const system = setupTestSystem();

async function sessionCount(sys: System) {
  const [row] = await sys.handle.db.select({ n: count() }).from(checkoutSessions);
  return row!.n;
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

  it("charges nothing for Personalizado", async () => {
    const { session } = await startCheckout(system(), { plan: "personalizado", billing: "monthly" });
    expect(session).toMatchObject({ amount_cents: 0, status: "sem_cobranca", client_secret: null });
  });
});

/** A fake api.stripe.com behind the real SDK: records requests, answers like Stripe would. */
function fakeStripeApi(intentStatus: () => Stripe.PaymentIntent.Status) {
  const requests: { method: string; path: string; body: URLSearchParams }[] = [];
  const intents = new Map<string, Record<string, unknown>>();
  const fetchFn = async (url: string | URL | Request, init?: RequestInit) => {
    const u = new URL(String(url));
    const body = new URLSearchParams(typeof init?.body === "string" ? init.body : "");
    requests.push({ method: init?.method ?? "GET", path: u.pathname, body });
    let intent: Record<string, unknown>;
    if (u.pathname === "/v1/payment_intents" && init?.method === "POST") {
      const id = `pi_test_${randomUUID().replaceAll("-", "")}`;
      intent = {
        id,
        object: "payment_intent",
        amount: Number(body.get("amount")),
        currency: body.get("currency"),
        client_secret: `${id}_secret_abc`,
        status: "requires_payment_method",
        last_payment_error: null,
        metadata: {},
      };
      intents.set(id, intent);
    } else {
      const id = u.pathname.split("/").pop()!;
      intent = { ...intents.get(id)!, status: intentStatus() };
    }
    return new Response(JSON.stringify(intent), {
      status: 200,
      headers: { "content-type": "application/json", "request-id": "req_test" },
    });
  };
  return { requests, httpClient: Stripe.createFetchHttpClient(fetchFn as typeof fetch) };
}

const WEBHOOK_SECRET = "whsec_test_guarita";

async function stripeSystem(intentStatus: () => Stripe.PaymentIntent.Status = () => "succeeded") {
  const fake = fakeStripeApi(intentStatus);
  const sys = await createSystem({
    ...testSystemOptions(),
    handle: system().handle,
    payments: {
      stripe: {
        secretKey: "sk_test_guarita",
        publishableKey: "pk_test_guarita",
        webhookSecret: WEBHOOK_SECRET,
        httpClient: fake.httpClient,
      },
    },
  });
  return { sys, fake };
}

describe("checkout in Stripe mode", () => {
  it("hands the publishable key to the browser", async () => {
    const { sys } = await stripeSystem();
    const res = await client(sys).get("/api/checkout/config");
    expect(res.body).toEqual({ mode: "stripe", publishable_key: "pk_test_guarita" });
  });

  it("creates the PaymentIntent with the catalogue amount and returns its client secret", async () => {
    const { sys, fake } = await stripeSystem();
    const res = await client(sys).post("/api/checkout", {
      json: { plan: "avancado", billing: "yearly", cliente: cliente() },
    });
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({ mode: "stripe", amount_cents: 114_900 });
    expect(res.body.client_secret).toMatch(/^pi_test_\w+_secret_abc$/);
    const create = fake.requests.find((r) => r.path === "/v1/payment_intents");
    expect(create?.body.get("amount")).toBe("114900");
    expect(create?.body.get("currency")).toBe("brl");
    expect(create?.body.get("metadata[checkout_id]")).toBe(res.body.id);
  });

  it("reads the confirmed PaymentIntent back from Stripe", async () => {
    const { sys } = await stripeSystem(() => "succeeded");
    const created = await client(sys).post("/api/checkout", {
      json: { plan: "essencial", billing: "monthly", cliente: cliente() },
    });
    const cookie = cookieFrom(created.headers);
    const res = await client(sys, { cookie }).post(`/api/checkout/${created.body.id}/confirmar`, { json: {} });
    expect(res.status).toBe(200);
    expect(res.body.status).toBe("pago");
  });

  it("keeps a PaymentIntent that is still processing pending", async () => {
    const { sys } = await stripeSystem(() => "processing");
    const created = await client(sys).post("/api/checkout", {
      json: { plan: "essencial", billing: "monthly", cliente: cliente() },
    });
    const res = await client(sys, { cookie: cookieFrom(created.headers) }).post(
      `/api/checkout/${created.body.id}/confirmar`,
      { json: {} },
    );
    expect(res.body.status).toBe("pendente");
  });
});

describe("Stripe webhook", () => {
  function eventFor(intentId: string, type: string, status: string) {
    return JSON.stringify({
      id: "evt_test_1",
      object: "event",
      type,
      api_version: "2025-01-01",
      created: Math.floor(Date.now() / 1000),
      data: { object: { id: intentId, object: "payment_intent", status, last_payment_error: null } },
    });
  }

  async function pendingStripeCheckout(sys: System) {
    const created = await client(sys).post("/api/checkout", {
      json: { plan: "essencial", billing: "yearly", cliente: cliente() },
    });
    const [row] = await sys.handle.db
      .select({ ref: checkoutSessions.providerRef })
      .from(checkoutSessions)
      .where(eq(checkoutSessions.id, created.body.id));
    return { id: created.body.id as string, intentId: row!.ref! };
  }

  const sign = (payload: string, secret = WEBHOOK_SECRET) =>
    Stripe.webhooks.generateTestHeaderString({ payload, secret });

  it("records a payment Stripe signed as succeeded", async () => {
    const { sys } = await stripeSystem(() => "requires_payment_method");
    const { id, intentId } = await pendingStripeCheckout(sys);
    const payload = eventFor(intentId, "payment_intent.succeeded", "succeeded");
    const res = await client(sys).post("/api/webhooks/stripe", {
      body: payload,
      headers: { "stripe-signature": sign(payload) },
    });
    expect(res.status).toBe(200);
    expect((await statusOf(sys, id))?.status).toBe("pago");
  });

  it("rejects a wrong signature, a tampered body or no signature, and changes nothing", async () => {
    const { sys } = await stripeSystem(() => "requires_payment_method");
    const { id, intentId } = await pendingStripeCheckout(sys);
    const payload = eventFor(intentId, "payment_intent.succeeded", "succeeded");
    const attempts: { body: string; headers: Record<string, string> }[] = [
      { body: payload, headers: { "stripe-signature": sign(payload, "whsec_someone_else") } },
      { body: payload.replace("evt_test_1", "evt_forged"), headers: { "stripe-signature": sign(payload) } },
      { body: payload, headers: {} },
    ];
    for (const attempt of attempts) {
      const res = await client(sys).post("/api/webhooks/stripe", attempt);
      expect(res.status).toBe(400);
      expect(res.body.error.message).toMatch(/Assinatura da Stripe/);
    }
    expect((await statusOf(sys, id))?.status).toBe("pendente");
  });

  it("is not there without Stripe configured", async () => {
    const payload = eventFor("pi_x", "payment_intent.succeeded", "succeeded");
    const res = await client(system()).post("/api/webhooks/stripe", {
      body: payload,
      headers: { "stripe-signature": sign(payload) },
    });
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
