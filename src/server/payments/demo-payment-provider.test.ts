/**
 * The demo provider's simulated lifecycle (docs/decisions/045-plans-and-billing.md): what a charge, an
 * upgrade's proration, a scheduled downgrade and the period's turn produce, on a fixed clock.
 */
import { describe, expect, it } from "vitest";
import type { BillingEvent } from "./billing-events";
import { createDemoPaymentProvider } from "./demo-payment-provider";
import type { SubscriptionOnRecord } from "./payment-provider";

const inicio = new Date("2026-11-01T12:00:00Z");
const fim = new Date("2026-12-01T12:00:00Z");
const metade = new Date((inicio.getTime() + fim.getTime()) / 2);

const sub: SubscriptionOnRecord = {
  customerRef: "demo_cus_1",
  subscriptionRef: "demo_sub_1",
  plano: "essencial",
  ciclo: "monthly",
  status: "ativa",
  valorCentavos: 39_900,
  periodoInicio: inicio,
  periodoFim: fim,
  compromissoAte: null,
  cancelaEm: null,
  planoProximo: null,
  cicloProximo: null,
  proximoEm: null,
  cartao: { bandeira: "Visa", final: "4242", validade: "12/39" },
};

const invoices = (events: BillingEvent[]) => events.flatMap((e) => (e.kind === "invoice" ? [e.invoice] : []));
const snapshots = (events: BillingEvent[]) =>
  events.flatMap((e) => (e.kind === "subscription" ? [e.subscription] : []));

describe("demo payment provider", () => {
  it("charges the first period with the test card and records the card", async () => {
    const provider = createDemoPaymentProvider(() => inicio);
    const card = { numero: "4242424242424242", validade: "12/39", cvc: "123" };
    const { outcome, events } = await provider.confirmSubscription("demo_sub_1", card, {
      ...sub,
      status: "incompleta",
    });
    expect(outcome).toEqual({ status: "succeeded" });
    expect(snapshots(events)[0]).toMatchObject({ status: "ativa", periodoInicio: inicio, periodoFim: fim });
    expect(snapshots(events)[0]!.cartao).toEqual({ bandeira: "Visa", final: "4242", validade: "12/39" });
    expect(invoices(events)[0]).toMatchObject({
      status: "paga",
      valorCentavos: 39_900,
      descricao: "Guarita — plano Essencial (mensal)",
    });
    expect(events.every((e) => e.eventId?.startsWith("demo:"))).toBe(true);

    const declined = await provider.confirmSubscription("demo_sub_1", { ...card, numero: "4000000000000002" }, sub);
    expect(declined).toEqual({ outcome: { status: "failed", reason: "Cartão recusado pela operadora." }, events: [] });
  });

  it("prorates an upgrade over the rest of the period", async () => {
    const provider = createDemoPaymentProvider(() => metade);
    const target = { plano: "avancado" as const, ciclo: "monthly" as const, valorCentavos: 129_000 };
    const { events, cobradoAgoraCentavos } = await provider.changePlan(sub, target, "imediato");
    expect(cobradoAgoraCentavos).toBe(Math.round((129_000 - 39_900) / 2));
    const [ajuste] = invoices(events);
    expect(ajuste).toMatchObject({ descricao: "Ajuste proporcional: Essencial → Avançado", valorCentavos: 44_550 });
    expect(ajuste!.itens.reduce((s, l) => s + l.valor_centavos, 0)).toBe(44_550);
    expect(snapshots(events)[0]).toMatchObject({ plano: "avancado", valorCentavos: 129_000, periodoFim: fim });
  });

  it("applies a scheduled downgrade at the renewal, and ends a scheduled cancellation instead of renewing", async () => {
    const provider = createDemoPaymentProvider(() => metade);
    const avancado = { ...sub, plano: "avancado" as const, valorCentavos: 129_000 };
    const target = { plano: "essencial" as const, ciclo: "monthly" as const, valorCentavos: 39_900 };
    const [scheduled] = snapshots((await provider.changePlan(avancado, target, "fim_do_periodo")).events);
    expect(scheduled).toMatchObject({ plano: "avancado", planoProximo: "essencial", proximoEm: fim });

    const renewed = await provider.simulate!(
      { ...avancado, planoProximo: "essencial", cicloProximo: "monthly", proximoEm: fim },
      "fim_do_periodo",
    );
    expect(snapshots(renewed)[0]).toMatchObject({
      plano: "essencial",
      valorCentavos: 39_900,
      periodoInicio: fim,
      planoProximo: null,
    });
    expect(invoices(renewed)[0]).toMatchObject({ status: "paga", valorCentavos: 39_900 });

    const ended = await provider.simulate!({ ...sub, cancelaEm: fim }, "fim_do_periodo");
    expect(invoices(ended)).toEqual([]);
    expect(snapshots(ended)[0]).toMatchObject({ status: "cancelada", encerradaEm: fim });
  });

  it("pays the failed period's own invoice when the card is changed", async () => {
    const provider = createDemoPaymentProvider(() => metade);
    const failed = await provider.simulate!(sub, "falhar_pagamento");
    const [falhou] = invoices(failed);
    expect(falhou).toMatchObject({ status: "falhou", motivoFalha: "Cartão recusado pela operadora." });
    const pastDue = { ...sub, ...snapshots(failed)[0]!, compromissoAte: null, cartao: sub.cartao };
    expect(pastDue.status).toBe("inadimplente");
    const { events } = await provider.changeCard(
      pastDue,
      { numero: "4242424242424242", validade: "12/39", cvc: "123" },
      "",
    );
    expect(invoices(events)[0]).toMatchObject({ invoiceRef: falhou!.invoiceRef, status: "paga" });
    await expect(
      provider.changeCard(pastDue, { numero: "4000000000000002", validade: "12/39", cvc: "123" }, ""),
    ).rejects.toThrow("Cartão recusado pela operadora.");
  });
});
