import type Stripe from "stripe";
import { describe, expect, it } from "vitest";
import { invoiceSnapshot, planOfSubscription, subscriptionSnapshot } from "./stripe-billing";
import { planOfLookupKey, priceLookupKey } from "./stripe-prices";

const T0 = Date.UTC(2026, 10, 1, 12) / 1000; // 01/11/2026 09:00 in São Paulo
const T1 = Date.UTC(2026, 11, 1, 12) / 1000;

function price(key: string | null, amount: number, metadata: Record<string, string> = {}) {
  return { id: `price_${key ?? "x"}`, object: "price", lookup_key: key, unit_amount: amount, metadata } as Stripe.Price;
}

function sub(over: Partial<Stripe.Subscription> = {}, itemPrice = price("guarita_avancado_yearly", 114_900)) {
  return {
    id: "sub_1",
    object: "subscription",
    customer: "cus_1",
    status: "active",
    metadata: { plano: "avancado", ciclo: "yearly" },
    cancel_at: null,
    cancel_at_period_end: false,
    ended_at: null,
    default_payment_method: null,
    items: {
      object: "list",
      data: [{ id: "si_1", price: itemPrice, current_period_start: T0, current_period_end: T1 }],
    },
    ...over,
  } as unknown as Stripe.Subscription;
}

function line(priceId: string, amount: number, proration: boolean): Stripe.InvoiceLineItem {
  return {
    id: `il_${amount}`,
    amount,
    period: { start: T0, end: T1 },
    pricing: { type: "price_details", price_details: { price: priceId, product: "prod" }, unit_amount_decimal: null },
    parent: {
      type: "subscription_item_details",
      invoice_item_details: null,
      subscription_item_details: { proration, subscription: "sub_1", subscription_item: "si_1" },
    },
  } as unknown as Stripe.InvoiceLineItem;
}

function invoice(over: Partial<Stripe.Invoice> = {}): Stripe.Invoice {
  return {
    id: "in_1",
    object: "invoice",
    status: "paid",
    billing_reason: "subscription_create",
    amount_due: 114_900,
    amount_paid: 114_900,
    attempted: true,
    attempt_count: 1,
    created: T0,
    period_start: T0 - 100,
    period_end: T0 - 100,
    status_transitions: { paid_at: T0 + 60 },
    parent: { type: "subscription_details", subscription_details: { subscription: "sub_1", metadata: {} } },
    lines: { object: "list", data: [line("price_avancado_yearly", 114_900, false)] },
    ...over,
  } as unknown as Stripe.Invoice;
}

const planOfPriceId = (id: string) => planOfLookupKey(id.replace(/^price_/, "guarita_"));

describe("Stripe subscription → snapshot", () => {
  it.each([
    ["active", "ativa"],
    ["trialing", "ativa"],
    ["past_due", "inadimplente"],
    ["unpaid", "inadimplente"],
    ["canceled", "cancelada"],
    ["incomplete_expired", "cancelada"],
    ["incomplete", "incompleta"],
  ] as const)("reads %s as %s", (status, expected) => {
    expect(subscriptionSnapshot(sub({ status })).status).toBe(expected);
  });

  it("takes the period from the item, the amount from the Price, the cancellation and the schedule from the subscription", () => {
    const snap = subscriptionSnapshot(
      sub({
        cancel_at: T1,
        metadata: {
          plano: "avancado",
          ciclo: "yearly",
          plano_proximo: "essencial",
          ciclo_proximo: "monthly",
          proximo_em: new Date(T1 * 1000).toISOString(),
        },
        default_payment_method: {
          id: "pm_1",
          card: { brand: "mastercard", last4: "4444", exp_month: 3, exp_year: 2031 },
        } as Stripe.PaymentMethod,
      }),
    );
    expect(snap).toEqual({
      customerRef: "cus_1",
      subscriptionRef: "sub_1",
      plano: "avancado",
      ciclo: "yearly",
      status: "ativa",
      valorCentavos: 114_900,
      periodoInicio: new Date(T0 * 1000),
      periodoFim: new Date(T1 * 1000),
      cancelaEm: new Date(T1 * 1000),
      encerradaEm: null,
      planoProximo: "essencial",
      cicloProximo: "monthly",
      proximoEm: new Date(T1 * 1000),
      cartao: { bandeira: "Mastercard", final: "4444", validade: "03/31" },
    });
  });

  it("says nothing about the card when the payment method isn't expanded", () => {
    expect(subscriptionSnapshot(sub({ default_payment_method: "pm_1" }))).not.toHaveProperty("cartao");
  });

  it("follows the Price when it was changed outside the console, and the metadata while a scheduled change is under way", () => {
    const essencial = price("guarita_essencial_yearly", 35_900);
    expect(planOfSubscription(sub({}, essencial))).toEqual({ plano: "essencial", ciclo: "yearly" });
    const scheduled = sub(
      {
        metadata: {
          plano: "avancado",
          ciclo: "yearly",
          plano_proximo: "essencial",
          ciclo_proximo: "yearly",
          proximo_em: "1796083200",
        },
      },
      essencial,
    );
    expect(planOfSubscription(scheduled)).toEqual({ plano: "avancado", ciclo: "yearly" });
    expect(planOfSubscription(sub({ metadata: { plano: "personalizado", ciclo: "monthly" } }))).toEqual({
      plano: "personalizado",
      ciclo: "monthly",
    });
    // No lookup key: the Price's own metadata.
    expect(
      planOfSubscription(sub({ metadata: {} }, price(null, 39_900, { plano: "essencial", ciclo: "monthly" }))),
    ).toEqual({ plano: "essencial", ciclo: "monthly" });
    expect(() => subscriptionSnapshot(sub({ metadata: {} }, price("other", 100)))).toThrow(/sem plano/);
  });

  it("names the lookup keys the catalogue way", () => {
    expect(priceLookupKey("avancado", "yearly")).toBe("guarita_avancado_yearly");
    expect(planOfLookupKey("guarita_essencial_monthly")).toEqual({ plano: "essencial", ciclo: "monthly" });
    expect(planOfLookupKey("guarita_ouro_monthly")).toBeNull();
  });
});

describe("Stripe invoice → snapshot", () => {
  it("reads a paid first invoice with its pt-BR line and the period of its line", () => {
    expect(invoiceSnapshot(invoice(), { planOfPriceId })).toEqual({
      invoiceRef: "in_1",
      subscriptionRef: "sub_1",
      status: "paga",
      descricao: "Assinatura do plano Avançado (anual)",
      valorCentavos: 114_900,
      itens: [{ descricao: "Plano Avançado (anual), 01/11/2026 a 01/12/2026", valor_centavos: 114_900 }],
      periodoInicio: new Date(T0 * 1000),
      periodoFim: new Date(T1 * 1000),
      pagaEm: new Date((T0 + 60) * 1000),
      motivoFalha: null,
    });
  });

  it("reads a failed renewal with its reason, or the generic one", () => {
    const failed = invoice({ status: "open", billing_reason: "subscription_cycle", amount_paid: 0 });
    expect(invoiceSnapshot(failed, { planOfPriceId, motivoFalha: "Saldo ou limite insuficiente." })).toMatchObject({
      status: "falhou",
      descricao: "Renovação do plano Avançado (anual)",
      pagaEm: null,
      motivoFalha: "Saldo ou limite insuficiente.",
    });
    expect(invoiceSnapshot(failed)?.motivoFalha).toBe("Pagamento não aprovado.");
    expect(invoiceSnapshot(invoice({ status: "open", attempted: false, attempt_count: 0 }))?.status).toBe("aberta");
    expect(invoiceSnapshot(invoice({ status: "void" }))?.status).toBe("anulada");
    expect(invoiceSnapshot(invoice({ status: "uncollectible" }))?.status).toBe("anulada");
  });

  it("describes a proration's lines as adjustments", () => {
    const snap = invoiceSnapshot(
      invoice({
        billing_reason: "subscription_update",
        amount_paid: 45_000,
        parent: {
          type: "subscription_details",
          quote_details: null,
          subscription_details: { subscription: "sub_1", metadata: { plano: "avancado", ciclo: "monthly" } },
        },
        lines: {
          object: "list",
          data: [line("price_essencial_monthly", -20_000, true), line("price_avancado_monthly", 65_000, true)],
        } as Stripe.ApiList<Stripe.InvoiceLineItem>,
      }),
      { planOfPriceId },
    );
    expect(snap?.descricao).toBe("Mudança para o plano Avançado (mensal): ajuste proporcional");
    expect(snap?.itens).toEqual([
      {
        descricao: "Ajuste proporcional: crédito do plano Essencial (mensal) não usado, 01/11/2026 a 01/12/2026",
        valor_centavos: -20_000,
      },
      { descricao: "Ajuste proporcional: plano Avançado (mensal), 01/11/2026 a 01/12/2026", valor_centavos: 65_000 },
    ]);
    expect(snap?.valorCentavos).toBe(45_000);
  });

  it("ignores an invoice that isn't a subscription's", () => {
    expect(invoiceSnapshot(invoice({ parent: null }))).toBeNull();
  });
});
