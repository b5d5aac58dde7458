/**
 * Plans and billing in Stripe mode (docs/decisions/045-plans-and-billing.md), end to end through the real
 * SDK: checkout creates the Customer and the Subscription on the catalogue's Price, the account follows
 * Stripe's signed webhooks (created/updated/deleted subscriptions, paid and failed invoices) — plan, limits,
 * grace period, read-only — a replayed event changes nothing and a bad signature is a 400. Stripe itself is
 * the fake of tests/support/fake-stripe.ts.
 */
import { and, count, eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { createSystem, type System } from "@/server/bootstrap";
import { assinaturas, eventosCobranca, faturas, mailOutbox } from "@/server/db/schema";
import { CARENCIA_DIAS } from "@/shared/faturamento";
import { PLAN_IDS, planAmountCents } from "@/shared/plans";
import { cliente } from "../../../../tests/support/checkout";
import { uniqueIp } from "../../../../tests/support/factories";
import { createFakeStripe, type FakeStripe, STRIPE_WEBHOOK_SECRET } from "../../../../tests/support/fake-stripe";
import { client, cookieFrom } from "../../../../tests/support/http";
import { setupTestSystem, testSystemOptions } from "../../../../tests/support/system";

const system = setupTestSystem();
const DIA_MS = 24 * 60 * 60 * 1000;
const SENHA = "minha-senha-1";

let fake: FakeStripe;
let sys: System;
let stripeDown = false;

beforeAll(async () => {
  fake = createFakeStripe({ down: () => stripeDown });
  sys = await createSystem({
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
});

const db = () => sys.handle.db;

async function startStripeCheckout(plan: "essencial" | "avancado", billing: "monthly" | "yearly") {
  const res = await client(sys).post("/api/checkout", {
    json: { plan, billing, cliente: cliente() },
    ip: uniqueIp(),
  });
  expect(res.status).toBe(201);
  const [row] = await db().select().from(assinaturas).where(eq(assinaturas.checkoutSessionId, res.body.id));
  return { session: res.body, cookie: cookieFrom(res.headers), subId: row!.subscriptionRef };
}

/** Checkout paid with the card in the browser (Stripe.js, here the fake), then the account. */
async function stripeAccount(plan: "essencial" | "avancado" = "avancado", billing: "monthly" | "yearly" = "yearly") {
  const { session, cookie, subId } = await startStripeCheckout(plan, billing);
  fake.confirmCard(subId);
  const confirmed = await client(sys, { cookie }).post(`/api/checkout/${session.id}/confirmar`, { json: {} });
  expect(confirmed.status).toBe(200);
  expect(confirmed.body.status).toBe("pago");
  const account = await client(sys, { cookie }).post("/api/cadastro", {
    json: { senha: SENHA, confirmacao: SENHA },
    ip: uniqueIp(),
  });
  expect(account.status).toBe(201);
  const owner = client(sys, { cookie: cookieFrom(account.headers) });
  return { subId, owner, orgId: account.body.organization.id as string, email: session.email as string };
}

const deliver = (delivery: { body: string; headers: Record<string, string> }) =>
  client(sys).post("/api/webhooks/stripe", delivery);

async function deliverOk(delivery: { body: string; headers: Record<string, string> }) {
  const res = await deliver(delivery);
  expect(res.status).toBe(200);
  expect(res.body).toEqual({ received: true });
  return res;
}

async function assinaturaDe(orgId: string) {
  const [row] = await db().select().from(assinaturas).where(eq(assinaturas.organizationId, orgId));
  return row!;
}

async function faturasDe(orgId: string) {
  const row = await assinaturaDe(orgId);
  const [n] = await db().select({ n: count() }).from(faturas).where(eq(faturas.assinaturaId, row.id));
  return n!.n;
}

async function mailsPara(email: string) {
  const [n] = await db().select({ n: count() }).from(mailOutbox).where(eq(mailOutbox.para, email));
  return n!.n;
}

const novoCondominio = (owner: ReturnType<typeof client>, nome: string) =>
  owner.post("/api/condominios", { json: { nome } });

describe("checkout in Stripe mode", () => {
  it("subscribes a new Customer to the catalogue's Price and hands the first invoice's client secret", async () => {
    const { session, subId } = await startStripeCheckout("avancado", "yearly");
    expect(session).toMatchObject({ mode: "stripe", amount_cents: 114_900, status: "pendente" });
    expect(session.client_secret).toMatch(/^pi_test_\w+_secret_\w+$/);

    // Every paid plan × cycle has its Price, at the catalogue's amount, found by lookup key.
    for (const plano of PLAN_IDS.filter((p) => p !== "personalizado")) {
      for (const ciclo of ["monthly", "yearly"] as const) {
        const price = fake.priceByLookupKey(`guarita_${plano}_${ciclo}`);
        expect(price).toMatchObject({
          unit_amount: planAmountCents(plano, ciclo),
          currency: "brl",
          recurring: { interval: "month", interval_count: 1 },
          metadata: { plano, ciclo },
        });
      }
    }

    const customer = fake.requests.find(
      (r) => r.method === "POST" && r.path === "/v1/customers" && r.params.metadata?.checkout_id === session.id,
    );
    expect(customer?.params).toMatchObject({
      email: session.email,
      address: { country: "BR", postal_code: "01310100" },
    });
    expect(customer?.idempotencyKey).toBe(`checkout-${session.id}-customer`);
    const create = fake.requests.find(
      (r) => r.method === "POST" && r.path === "/v1/subscriptions" && r.params.metadata?.checkout_id === session.id,
    );
    expect(create?.params).toMatchObject({
      items: [{ price: fake.priceByLookupKey("guarita_avancado_yearly")!.id }],
      payment_behavior: "default_incomplete",
      payment_settings: { save_default_payment_method: "on_subscription" },
      metadata: { plano: "avancado", ciclo: "yearly" },
      expand: ["latest_invoice.confirmation_secret"],
    });
    expect(create?.idempotencyKey).toBe(`checkout-${session.id}-subscription`);
    expect(fake.subscription(subId).items.data[0].price.unit_amount).toBe(114_900);

    // The Prices exist now: another checkout only looks them up.
    const pricesCreated = fake.requests.filter((r) => r.method === "POST" && r.path === "/v1/prices").length;
    await startStripeCheckout("essencial", "monthly");
    expect(fake.requests.filter((r) => r.method === "POST" && r.path === "/v1/prices").length).toBe(pricesCreated);
  });

  it("refuses the first payment Stripe declined, with the reason in pt-BR", async () => {
    const { session, cookie, subId } = await startStripeCheckout("essencial", "yearly");
    fake.confirmCard(subId, { declineCode: "insufficient_funds" });
    const res = await client(sys, { cookie }).post(`/api/checkout/${session.id}/confirmar`, { json: {} });
    expect(res.status).toBe(402);
    expect(res.body.error).toMatchObject({ code: "PAYMENT_DECLINED", message: "Saldo ou limite insuficiente." });
  });

  it("keeps a payment Stripe hasn't settled pending", async () => {
    const { session, cookie } = await startStripeCheckout("essencial", "yearly");
    const res = await client(sys, { cookie }).post(`/api/checkout/${session.id}/confirmar`, { json: {} });
    expect(res.status).toBe(200);
    expect(res.body.status).toBe("pendente");
  });
});

describe("the subscription follows Stripe's webhooks", () => {
  it("shows the plan, the next charge, the card and the paid invoice", async () => {
    const { subId, owner } = await stripeAccount("avancado", "yearly");
    await deliverOk(fake.event("customer.subscription.created", fake.subscription(subId)));
    const invoiceId = fake.subscription(subId).latest_invoice as string;
    await deliverOk(fake.event("invoice.paid", fake.invoice(invoiceId)));

    const resumo = await owner.get("/api/faturamento");
    expect(resumo.status).toBe(200);
    const periodEnd = new Date(fake.subscription(subId).items.data[0].current_period_end * 1000).toISOString();
    expect(resumo.body).toMatchObject({
      modo: "stripe",
      plano: "avancado",
      ciclo: "yearly",
      status: "ativa",
      proxima_cobranca: { em: periodEnd, valor_centavos: 114_900 },
      cartao: { bandeira: "Visa", final: "4242", validade: "12/39" },
      carencia: null,
      somente_leitura: false,
      portal_disponivel: true,
    });

    const lista = await owner.get("/api/faturamento/faturas");
    expect(lista.body.items).toHaveLength(1);
    expect(lista.body.items[0]).toMatchObject({
      status: "paga",
      valor_centavos: 114_900,
      descricao: "Assinatura do plano Avançado (anual)",
      motivo_falha: null,
    });
    expect(lista.body.items[0].itens[0].descricao).toMatch(/^Plano Avançado \(anual\), \d{2}\/\d{2}\/\d{4} a /);
    expect(lista.body.items[0].paga_em).not.toBeNull();
  });

  it("a failed renewal starts the grace period; past it staff is read-only; paying restores at once; a replay changes nothing", async () => {
    const { subId, owner, orgId, email } = await stripeAccount("avancado", "monthly");
    await deliverOk(fake.event("invoice.paid", fake.invoice(fake.subscription(subId).latest_invoice)));

    const failedId = fake.renewalDeclined(subId, "insufficient_funds");
    await deliverOk(fake.event("customer.subscription.updated", fake.subscription(subId)));
    const mailsAntes = await mailsPara(email);
    const failed = fake.event("invoice.payment_failed", fake.invoice(failedId));
    await deliverOk(failed);

    const row = await assinaturaDe(orgId);
    expect(row.status).toBe("inadimplente");
    expect(row.falhaEm).not.toBeNull();
    const resumo = await owner.get("/api/faturamento");
    expect(resumo.body).toMatchObject({ status: "inadimplente", somente_leitura: false });
    expect(new Date(resumo.body.carencia.ate).getTime()).toBe(row.falhaEm!.getTime() + CARENCIA_DIAS * DIA_MS);
    const me = await owner.get("/api/me");
    expect(me.body.cobranca).toMatchObject({ situacao: "carencia", ate: resumo.body.carencia.ate });
    const lista = await owner.get("/api/faturamento/faturas");
    expect(lista.body.items.find((f: { status: string }) => f.status === "falhou")).toMatchObject({
      motivo_falha: "Saldo ou limite insuficiente.",
      valor_centavos: 129_000,
      descricao: "Renovação do plano Avançado (mensal)",
    });
    expect(await mailsPara(email)).toBe(mailsAntes + 1);

    // Still inside the grace period: staff works.
    expect((await novoCondominio(owner, "Residencial Aurora")).status).toBe(201);

    // Eight days later (the clock moved by hand), staff's changes are refused.
    await db()
      .update(assinaturas)
      .set({ falhaEm: new Date(Date.now() - 8 * DIA_MS) })
      .where(eq(assinaturas.organizationId, orgId));
    const refused = await novoCondominio(owner, "Residencial Boreal");
    expect(refused.status).toBe(402);
    expect(refused.body.error.code).toBe("ACCOUNT_READ_ONLY");
    expect((await owner.get("/api/faturamento")).body.somente_leitura).toBe(true);

    // Paid: restored at once.
    fake.payInvoice(failedId);
    await deliverOk(fake.event("invoice.paid", fake.invoice(failedId)));
    expect(await assinaturaDe(orgId)).toMatchObject({ status: "ativa", falhaEm: null });
    expect((await owner.get("/api/faturamento")).body).toMatchObject({
      status: "ativa",
      somente_leitura: false,
      carencia: null,
    });
    expect((await owner.get("/api/me")).body.cobranca).toBeNull();

    // The failure delivered again (same event, same signature): nothing changes, nothing is sent.
    const faturasAntes = await faturasDe(orgId);
    const mails = await mailsPara(email);
    await deliverOk(failed);
    expect(await assinaturaDe(orgId)).toMatchObject({ status: "ativa", falhaEm: null });
    expect(await faturasDe(orgId)).toBe(faturasAntes);
    expect(await mailsPara(email)).toBe(mails);
  });

  it("a late failure about an invoice Stripe has since seen paid doesn't put the account in arrears", async () => {
    const { subId, orgId } = await stripeAccount("essencial", "monthly");
    const failedId = fake.renewalDeclined(subId);
    const staleFailure = fake.event("invoice.payment_failed", fake.invoice(failedId));
    fake.payInvoice(failedId);
    await deliverOk(fake.event("invoice.paid", fake.invoice(failedId)));
    await deliverOk(staleFailure);
    expect(await assinaturaDe(orgId)).toMatchObject({ status: "ativa", falhaEm: null });
    // An out-of-order "past_due" copy of the subscription: Stripe's current state (active) is what counts.
    await deliverOk(fake.event("customer.subscription.updated", { ...fake.subscription(subId), status: "past_due" }));
    expect((await assinaturaDe(orgId)).status).toBe("ativa");
  });

  it("a price changed at Stripe moves the plan and its limits", async () => {
    const { subId, owner, orgId } = await stripeAccount("avancado", "yearly");
    const unidades = async () =>
      (await owner.get("/api/faturamento")).body.uso.find((u: { recurso: string }) => u.recurso === "unidades");
    expect((await unidades()).limite).toBeNull();

    // Changed in the Dashboard: the Price only, our metadata still says Avançado.
    fake.setSubscription(subId, { lookupKey: "guarita_essencial_yearly" });
    await deliverOk(fake.event("customer.subscription.updated", fake.subscription(subId)));
    expect(await assinaturaDe(orgId)).toMatchObject({ plano: "essencial", ciclo: "yearly", valorCentavos: 35_900 });
    expect((await owner.get("/api/faturamento")).body.plano).toBe("essencial");
    expect((await unidades()).limite).toBe(200);

    expect((await novoCondominio(owner, "Residencial Aurora")).status).toBe(201);
    const second = await novoCondominio(owner, "Residencial Boreal");
    expect(second.status).toBe(403);
    expect(second.body.error.code).toBe("PLAN_LIMIT");
    expect(second.body.error.message).toContain("1 condomínio");
  });

  it("a subscription ended at Stripe makes the console read-only, nothing deleted", async () => {
    const { subId, owner, orgId } = await stripeAccount("essencial", "yearly");
    expect((await novoCondominio(owner, "Residencial Aurora")).status).toBe(201);
    fake.end(subId);
    await deliverOk(fake.event("customer.subscription.deleted", fake.subscription(subId)));
    const row = await assinaturaDe(orgId);
    expect(row.status).toBe("cancelada");
    expect(row.encerradaEm).not.toBeNull();
    expect((await owner.get("/api/faturamento")).body).toMatchObject({ status: "cancelada", somente_leitura: true });
    const refused = await novoCondominio(owner, "Residencial Boreal");
    expect(refused.status).toBe(402);
    expect(refused.body.error.code).toBe("ACCOUNT_READ_ONLY");
    expect((await owner.get("/api/condominios")).body.items).toHaveLength(1);
  });

  it("answers 500 when the change an event calls for can't be made, so that Stripe delivers it again", async () => {
    const { subId, orgId } = await stripeAccount("avancado", "monthly");
    const proximoEm = new Date(fake.subscription(subId).items.data[0].current_period_end * 1000).toISOString();
    fake.setSubscription(subId, {
      metadata: { plano_proximo: "essencial", ciclo_proximo: "monthly", proximo_em: proximoEm },
    });
    fake.renewalPaid(subId);
    const rolled = fake.event("customer.subscription.updated", fake.subscription(subId));
    stripeDown = true;
    try {
      expect((await deliver(rolled)).status).toBe(500);
    } finally {
      stripeDown = false;
    }
    expect((await assinaturaDe(orgId)).plano).toBe("avancado");
    await deliverOk(rolled);
    expect(await assinaturaDe(orgId)).toMatchObject({ plano: "essencial", planoProximo: null });
  });

  it("answers an event about a subscription that isn't ours and records nothing", async () => {
    const other = { ...fake.subscription((await startStripeCheckout("essencial", "monthly")).subId), id: "sub_alheia" };
    const delivery = fake.event("customer.subscription.updated", other, { id: "evt_alheio" });
    await deliverOk(delivery);
    expect(await db().select().from(eventosCobranca).where(eq(eventosCobranca.id, "stripe:evt_alheio"))).toEqual([]);
  });
});

describe("owner's changes at Stripe", () => {
  it("an upgrade changes the Price at once and charges the proration", async () => {
    const { subId, owner, orgId } = await stripeAccount("essencial", "monthly");
    const res = await owner.post("/api/faturamento/plano", { json: { plano: "avancado", ciclo: "monthly" } });
    expect(res.status).toBe(200);
    expect(res.body.efeito).toBe("imediato");
    expect(res.body.cobrado_agora_centavos).toBeGreaterThan(0);
    expect(res.body.resumo.plano).toBe("avancado");
    const update = fake.requests.find(
      (r) => r.method === "POST" && r.path === `/v1/subscriptions/${subId}` && r.params.items,
    );
    expect(update?.params).toMatchObject({
      items: [{ price: fake.priceByLookupKey("guarita_avancado_monthly")!.id }],
      proration_behavior: "always_invoice",
    });
    expect(fake.subscription(subId).metadata).toMatchObject({ plano: "avancado", ciclo: "monthly" });
    const lista = await owner.get("/api/faturamento/faturas");
    const ajuste = lista.body.items.find((f: { descricao: string }) => f.descricao.startsWith("Mudança"));
    expect(ajuste).toMatchObject({ status: "paga", valor_centavos: res.body.cobrado_agora_centavos });
    expect(ajuste.itens.map((i: { descricao: string }) => i.descricao)).toEqual([
      expect.stringMatching(/^Ajuste proporcional: crédito do plano Essencial \(mensal\) não usado, /),
      expect.stringMatching(/^Ajuste proporcional: plano Avançado \(mensal\), /),
    ]);
    expect((await assinaturaDe(orgId)).plano).toBe("avancado");
  });

  it("a declined upgrade leaves the plan as it was", async () => {
    const { subId, owner, orgId } = await stripeAccount("essencial", "monthly");
    fake.declineNextCharge();
    const res = await owner.post("/api/faturamento/plano", { json: { plano: "avancado", ciclo: "monthly" } });
    expect(res.status).toBe(402);
    expect(res.body.error.message).toBe("Cartão recusado pela operadora.");
    expect(fake.subscription(subId).items.data[0].price.lookup_key).toBe("guarita_essencial_monthly");
    expect((await assinaturaDe(orgId)).plano).toBe("essencial");
  });

  it("a downgrade waits for the renewal: the Price switches before its invoice, the plan when the period rolls", async () => {
    const { subId, owner, orgId } = await stripeAccount("avancado", "monthly");
    const res = await owner.post("/api/faturamento/plano", { json: { plano: "essencial", ciclo: "monthly" } });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ efeito: "fim_do_periodo", cobrado_agora_centavos: 0 });
    const periodEnd = fake.subscription(subId).items.data[0].current_period_end;
    expect(fake.subscription(subId).metadata).toMatchObject({
      plano: "avancado",
      plano_proximo: "essencial",
      ciclo_proximo: "monthly",
      proximo_em: new Date(periodEnd * 1000).toISOString(),
    });
    expect(fake.subscription(subId).items.data[0].price.lookup_key).toBe("guarita_avancado_monthly");
    expect(res.body.resumo.mudanca_agendada).toMatchObject({ plano: "essencial", ciclo: "monthly" });

    // Days before the renewal: the renewal invoice will charge Essencial; Avançado stays in force.
    const upcoming = {
      object: "invoice",
      id: null,
      status: "draft",
      parent: { type: "subscription_details", subscription_details: { subscription: subId, metadata: {} } },
      lines: { object: "list", data: [], has_more: false },
    };
    await deliverOk(fake.event("invoice.upcoming", upcoming));
    const switched = fake.requests.findLast((r) => r.path === `/v1/subscriptions/${subId}` && r.params.items);
    expect(switched?.params).toMatchObject({
      items: [{ price: fake.priceByLookupKey("guarita_essencial_monthly")!.id }],
      proration_behavior: "none",
    });
    expect((await assinaturaDe(orgId)).plano).toBe("avancado");
    expect((await owner.get("/api/faturamento")).body.plano).toBe("avancado");

    // The period rolls: Essencial is the plan, the schedule is done.
    fake.renewalPaid(subId);
    await deliverOk(fake.event("customer.subscription.updated", fake.subscription(subId)));
    expect(fake.subscription(subId).metadata).toEqual(
      expect.objectContaining({ plano: "essencial", ciclo: "monthly" }),
    );
    expect(fake.subscription(subId).metadata.plano_proximo).toBeUndefined();
    expect(await assinaturaDe(orgId)).toMatchObject({ plano: "essencial", planoProximo: null, valorCentavos: 39_900 });
  });

  it("asking for the plan in force again drops the scheduled downgrade, and puts back a Price already switched", async () => {
    const { subId, owner, orgId } = await stripeAccount("avancado", "monthly");
    await owner.post("/api/faturamento/plano", { json: { plano: "essencial", ciclo: "monthly" } });
    const upcoming = {
      object: "invoice",
      parent: { type: "subscription_details", subscription_details: { subscription: subId, metadata: {} } },
    };
    await deliverOk(fake.event("invoice.upcoming", upcoming));
    expect(fake.subscription(subId).items.data[0].price.lookup_key).toBe("guarita_essencial_monthly");

    const res = await owner.post("/api/faturamento/plano", { json: { plano: "avancado", ciclo: "monthly" } });
    expect(res.status).toBe(200);
    expect(res.body.resumo).toMatchObject({ plano: "avancado", mudanca_agendada: null });
    expect(fake.subscription(subId).items.data[0].price.lookup_key).toBe("guarita_avancado_monthly");
    expect(fake.subscription(subId).metadata.plano_proximo).toBeUndefined();
    const restore = fake.requests.findLast((r) => r.path === `/v1/subscriptions/${subId}` && r.params.items);
    expect(restore?.params.proration_behavior).toBe("none");
    expect(await assinaturaDe(orgId)).toMatchObject({ plano: "avancado", planoProximo: null });
  });

  it("cancels at the period's end and takes it back", async () => {
    const { subId, owner } = await stripeAccount("essencial", "monthly");
    const res = await owner.post("/api/faturamento/cancelar");
    expect(res.status).toBe(200);
    const cancelAt = fake.subscription(subId).cancel_at;
    expect(cancelAt).toBe(fake.subscription(subId).items.data[0].current_period_end);
    expect(res.body.cancela_em).toBe(new Date(cancelAt * 1000).toISOString());
    const back = await owner.post("/api/faturamento/reativar");
    expect(back.status).toBe(200);
    expect(fake.subscription(subId).cancel_at).toBeNull();
    expect(back.body.cancela_em).toBeNull();
  });

  it("after the end, subscribes the same customer again with the card on record", async () => {
    const { subId, owner, orgId } = await stripeAccount("essencial", "monthly");
    const customer = fake.subscription(subId).customer;
    fake.end(subId);
    await deliverOk(fake.event("customer.subscription.deleted", fake.subscription(subId)));
    const res = await owner.post("/api/faturamento/reativar");
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ status: "ativa", somente_leitura: false, plano: "essencial" });
    const row = await assinaturaDe(orgId);
    expect(row.subscriptionRef).not.toBe(subId);
    expect(fake.subscription(row.subscriptionRef)).toMatchObject({ customer, status: "active" });
    expect(fake.subscription(row.subscriptionRef).items.data[0].price.lookup_key).toBe("guarita_essencial_monthly");
  });

  it("sends the owner to Stripe's customer portal to change the card", async () => {
    const { subId, owner } = await stripeAccount("essencial", "monthly");
    const res = await owner.post("/api/faturamento/cartao", { json: {} });
    expect(res.status).toBe(200);
    expect(res.body.portal_url).toMatch(/^https:\/\/billing\.stripe\.com\/p\/session\//);
    const session = fake.requests.findLast((r) => r.path === "/v1/billing_portal/sessions");
    expect(session?.params).toMatchObject({
      customer: fake.subscription(subId).customer,
      return_url: "http://localhost:3000/app/configuracoes/plano",
    });
  });
});

describe("Stripe webhook signatures", () => {
  it("refuses a wrong signature, a tampered body or no signature, and changes nothing", async () => {
    const { subId, orgId } = await stripeAccount("essencial", "monthly");
    fake.end(subId);
    const good = fake.event("customer.subscription.deleted", fake.subscription(subId));
    const wrongSecret = fake.event("customer.subscription.deleted", fake.subscription(subId), {
      secret: "whsec_outro",
    });
    const attempts = [
      wrongSecret,
      {
        body: good.body.replace("customer.subscription.deleted", "customer.subscription.updated"),
        headers: good.headers,
      },
      { body: good.body, headers: {} },
    ];
    for (const attempt of attempts) {
      const res = await deliver(attempt);
      expect(res.status).toBe(400);
      expect(res.body.error.message).toMatch(/^Assinatura da Stripe (ausente|inválida)\.$/);
    }
    expect((await assinaturaDe(orgId)).status).toBe("ativa");
    const events = await db()
      .select()
      .from(eventosCobranca)
      .where(and(eq(eventosCobranca.tipo, "subscription")));
    expect(events.some((e) => e.id === `stripe:${JSON.parse(good.body).id}`)).toBe(false);
  });

  it("is not there without Stripe configured", async () => {
    const res = await client(system()).post("/api/webhooks/stripe", fake.event("invoice.paid", { id: "in_x" }));
    expect(res.status).toBe(404);
  });
});
