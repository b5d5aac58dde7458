/**
 * "Plano e faturamento" in demo mode (docs/decisions/045-plans-and-billing.md): the subscription paid at
 * sign-up, changing plan (upgrade at once with proration, downgrade at the period's end or refused when
 * usage exceeds), cancelling and reactivating, a failed payment's grace period and paying it with a new
 * card, a replayed provider event, and who may read or manage it.
 */
import { and, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { DECLINED_CARD, paidCheckout, TEST_CARD } from "../../../../tests/support/checkout";
import {
  addSignedInMember,
  createCondominioWithUnidade,
  createTenantWithMember,
  signIn,
} from "../../../../tests/support/factories";
import { client, cookieFrom } from "../../../../tests/support/http";
import { setupTestSystem } from "../../../../tests/support/system";
import { CARENCIA_DIAS, NFSE_NAO_CONFIGURADA_MENSAGEM, reducaoRecusadaMensagem } from "../../../shared/faturamento";
import type { BillingCycle, PlanId } from "../../../shared/plans";
import type { FaturamentoResumo } from "../../../shared/schemas/faturamento";
import { assinaturas, auditoria, faturas, mailOutbox } from "../../db/schema";
import { DEMO_LOGINS, DEMO_PASSWORD, seedDemo } from "../../db/seed/demo";
import type { BillingEvent } from "../../payments/billing-events";
import { applyBillingEvent, CONTRATO_MENSAGEM, DEMO_SOMENTE_MENSAGEM } from "./faturamento.service";

const system = setupTestSystem();
const DIA_MS = 24 * 60 * 60 * 1000;

/** Signs up through the demo checkout, as the site does, and opens the console as the new owner. */
async function signUp(plan: PlanId, billing: BillingCycle) {
  const { session, cookie } = await paidCheckout(system(), { plan, billing });
  const res = await client(system(), { cookie }).post("/api/cadastro", {
    json: { senha: "senha-segura-123", confirmacao: "senha-segura-123" },
  });
  if (res.status !== 201) throw new Error(`cadastro falhou (${res.status}): ${JSON.stringify(res.body)}`);
  const api = client(system(), { cookie: cookieFrom(res.headers) });
  return { api, orgId: res.body.organization.id as string, email: session.email as string };
}

async function resumo(api: ReturnType<typeof client>): Promise<FaturamentoResumo> {
  const res = await api.get("/api/faturamento");
  expect(res.status).toBe(200);
  return res.body;
}

async function listarFaturas(api: ReturnType<typeof client>) {
  const res = await api.get("/api/faturamento/faturas");
  expect(res.status).toBe(200);
  return res.body.items as { id: string; status: string; descricao: string; valor_centavos: number }[];
}

const simular = (api: ReturnType<typeof client>, acao: string) =>
  api.post("/api/faturamento/demo/simular", { json: { acao } });

async function mails(email: string, tipo: string) {
  return system()
    .handle.db.select()
    .from(mailOutbox)
    .where(and(eq(mailOutbox.para, email), eq(mailOutbox.tipo, tipo)));
}

describe("a demo sign-up on Avançado yearly", () => {
  it("shows the plan, the next charge, the card and one paid invoice with its receipt", async () => {
    const { api, email } = await signUp("avancado", "yearly");
    const r = await resumo(api);
    expect(r).toMatchObject({
      modo: "demo",
      plano: "avancado",
      ciclo: "yearly",
      status: "ativa",
      cancela_em: null,
      mudanca_agendada: null,
      cartao: { bandeira: "Visa", final: "4242", validade: "12/39" },
      carencia: null,
      somente_leitura: false,
      nfse_automatica: false,
      portal_disponivel: false,
    });
    expect(r.proxima_cobranca?.valor_centavos).toBe(114_900);
    const dias = (Date.parse(r.proxima_cobranca!.em) - Date.now()) / DIA_MS;
    expect(dias).toBeGreaterThan(27);
    expect(dias).toBeLessThan(32);
    expect(r.uso).toEqual([
      { recurso: "condominios", usado: 0, limite: 1 },
      { recurso: "unidades", usado: 0, limite: null },
      { recurso: "atendimentos", usado: 0, limite: null },
    ]);

    const res = await api.get("/api/faturamento/faturas");
    expect(res.body).toMatchObject({ total: 1, page: 1 });
    const [fatura] = res.body.items;
    expect(fatura).toMatchObject({
      status: "paga",
      descricao: "Guarita — plano Avançado (anual)",
      valor_centavos: 114_900,
      numero: expect.stringMatching(/^\d{6}$/),
      recibo_url: `/api/faturamento/faturas/${fatura.id}/recibo.pdf`,
      nfse: { status: "nao_configurada", numero: null, url: null, mensagem: NFSE_NAO_CONFIGURADA_MENSAGEM },
    });
    expect(fatura.paga_em).not.toBeNull();

    const pdf = await api.get(fatura.recibo_url);
    expect(pdf.status).toBe(200);
    expect(pdf.headers.get("content-type")).toBe("application/pdf");
    expect(await mails(email, "recibo-pagamento")).toHaveLength(1);
  });
});

describe("changing plan", () => {
  it("upgrades Essencial → Avançado at once and charges the proration once, even on a double click", async () => {
    const { api, orgId } = await signUp("essencial", "monthly");
    const body = { json: { plano: "avancado", ciclo: "monthly" } };
    const [a, b] = await Promise.all([
      api.post("/api/faturamento/plano", body),
      api.post("/api/faturamento/plano", body),
    ]);
    const ok = a.status === 200 ? a : b;
    expect([a.status, b.status].sort()).toEqual([200, 400]);
    expect(ok.body).toMatchObject({ efeito: "imediato", resumo: { plano: "avancado", ciclo: "monthly" } });
    // The period has just started: nearly the whole difference (R$ 1.290,00 - R$ 399,00).
    expect(ok.body.cobrado_agora_centavos).toBeGreaterThan(88_000);
    expect(ok.body.cobrado_agora_centavos).toBeLessThanOrEqual(89_100);
    expect(ok.body.resumo.uso[0]).toEqual({ recurso: "condominios", usado: 0, limite: 1 });
    expect(ok.body.resumo.proxima_cobranca.valor_centavos).toBe(129_000);

    const trail = await system()
      .handle.db.select({ resumo: auditoria.resumo, entidadeId: auditoria.entidadeId })
      .from(auditoria)
      .where(and(eq(auditoria.organizationId, orgId), eq(auditoria.entidade, "organizacao")));
    expect(trail).toEqual([{ resumo: "Mudou o plano para Avançado (mensal)", entidadeId: orgId }]);

    const items = await listarFaturas(api);
    expect(items).toHaveLength(2);
    expect(items[0]).toMatchObject({
      status: "paga",
      descricao: "Ajuste proporcional: Essencial → Avançado",
      valor_centavos: ok.body.cobrado_agora_centavos,
    });
  });

  it("refuses the plan already in force", async () => {
    const { api } = await signUp("essencial", "monthly");
    const res = await api.post("/api/faturamento/plano", { json: { plano: "essencial", ciclo: "monthly" } });
    expect(res.status).toBe(400);
    expect(res.body.error.message).toBe("Este já é o seu plano e ciclo de cobrança.");
  });

  it("refuses a downgrade while the account has more than the new plan includes, changing nothing", async () => {
    const { api, orgId } = await signUp("personalizado", "yearly");
    await createCondominioWithUnidade(system(), orgId, { nome: "Residencial Um" });
    await createCondominioWithUnidade(system(), orgId, { nome: "Residencial Dois" });
    const res = await api.post("/api/faturamento/plano", { json: { plano: "avancado", ciclo: "yearly" } });
    expect(res.status).toBe(409);
    expect(res.body.error.message).toBe(reducaoRecusadaMensagem("condominios", "avancado", 2));
    expect(res.body.error.message).toContain("1 condomínio");
    expect(await resumo(api)).toMatchObject({ plano: "personalizado", mudanca_agendada: null });
  });

  it("schedules a downgrade for the end of the period, which the renewal applies", async () => {
    const { api } = await signUp("avancado", "monthly");
    const res = await api.post("/api/faturamento/plano", { json: { plano: "essencial", ciclo: "monthly" } });
    expect(res.status).toBe(200);
    const r = res.body.resumo as FaturamentoResumo;
    expect(res.body).toMatchObject({ efeito: "fim_do_periodo", cobrado_agora_centavos: 0 });
    expect(r.plano).toBe("avancado");
    expect(r.mudanca_agendada).toEqual({ plano: "essencial", ciclo: "monthly", em: r.periodo!.fim });
    expect(r.proxima_cobranca).toEqual({ em: r.periodo!.fim, valor_centavos: 39_900 });
    expect(await listarFaturas(api)).toHaveLength(1);

    const renewed = await simular(api, "renovar");
    expect(renewed.status).toBe(200);
    expect(renewed.body).toMatchObject({ plano: "essencial", ciclo: "monthly", mudanca_agendada: null });
    const items = await listarFaturas(api);
    expect(items[0]).toMatchObject({
      status: "paga",
      descricao: "Guarita — plano Essencial (mensal)",
      valor_centavos: 39_900,
    });
  });

  it("moves to Personalizado at once without charging, keeping the price until sales' proposal", async () => {
    const { api } = await signUp("avancado", "monthly");
    const res = await api.post("/api/faturamento/plano", { json: { plano: "personalizado", ciclo: "monthly" } });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      efeito: "imediato",
      cobrado_agora_centavos: 0,
      resumo: { plano: "personalizado" },
    });
    expect(res.body.resumo.proxima_cobranca.valor_centavos).toBe(129_000);
    expect(await listarFaturas(api)).toHaveLength(1);
  });
});

describe("cancelling", () => {
  it("cancels at the period's end, can be undone, and the period's end closes the subscription", async () => {
    const { api } = await signUp("essencial", "monthly");
    const cancelled = await api.post("/api/faturamento/cancelar");
    expect(cancelled.status).toBe(200);
    expect(cancelled.body.cancela_em).toBe(cancelled.body.periodo.fim);
    expect(cancelled.body.proxima_cobranca).toBeNull();

    const undone = await api.post("/api/faturamento/reativar");
    expect(undone.status).toBe(200);
    expect(undone.body).toMatchObject({ cancela_em: null, status: "ativa" });

    await api.post("/api/faturamento/cancelar");
    const ended = await simular(api, "fim_do_periodo");
    expect(ended.status).toBe(200);
    expect(ended.body).toMatchObject({ status: "cancelada", somente_leitura: true, proxima_cobranca: null });
    expect(ended.body.encerrada_em).not.toBeNull();

    // After the end: subscribing again charges the card on record for a new period.
    const again = await api.post("/api/faturamento/reativar");
    expect(again.status).toBe(200);
    expect(again.body).toMatchObject({ status: "ativa", somente_leitura: false, encerrada_em: null });
    expect((await listarFaturas(api)).filter((f) => f.status === "paga")).toHaveLength(2);
  });

  it("keeps a yearly subscription to the end of its 12-month commitment", async () => {
    const { api } = await signUp("essencial", "yearly");
    const res = await api.post("/api/faturamento/cancelar");
    expect(res.status).toBe(200);
    const meses = (Date.parse(res.body.cancela_em) - Date.now()) / (30.4 * DIA_MS);
    expect(meses).toBeGreaterThan(11.5);
    expect(meses).toBeLessThan(12.5);
  });
});

describe("a failed payment", () => {
  it("starts the grace period, and paying with a new card restores the subscription at once", async () => {
    const { api, email } = await signUp("essencial", "monthly");
    const failed = await simular(api, "falhar_pagamento");
    expect(failed.status).toBe(200);
    const r = failed.body as FaturamentoResumo;
    expect(r).toMatchObject({ status: "inadimplente", somente_leitura: false });
    expect(Date.parse(r.carencia!.ate) - Date.parse(r.carencia!.desde)).toBe(CARENCIA_DIAS * DIA_MS);
    const [unpaid] = await listarFaturas(api);
    expect(unpaid).toMatchObject({
      status: "falhou",
      motivo_falha: "Cartão recusado pela operadora.",
      recibo_url: null,
    });
    expect(await mails(email, "pagamento-falhou")).toHaveLength(1);

    const past = await simular(api, "fim_da_carencia");
    expect(past.body).toMatchObject({ status: "inadimplente", somente_leitura: true });

    const declined = await api.post("/api/faturamento/cartao", { json: { cartao: DECLINED_CARD } });
    expect(declined.status).toBe(402);
    expect(declined.body.error.message).toBe("Cartão recusado pela operadora.");
    expect((await resumo(api)).status).toBe("inadimplente");

    const paid = await api.post("/api/faturamento/cartao", { json: { cartao: TEST_CARD } });
    expect(paid.status).toBe(200);
    expect(paid.body.portal_url).toBeNull();
    expect(paid.body.resumo).toMatchObject({ status: "ativa", carencia: null, somente_leitura: false });
    const items = await listarFaturas(api);
    expect(items).toHaveLength(2);
    expect(items[0]).toMatchObject({ id: unpaid!.id, status: "paga" });
  });

  it("asks for the card in demo mode", async () => {
    const { api } = await signUp("essencial", "monthly");
    const res = await api.post("/api/faturamento/cartao", { json: {} });
    expect(res.status).toBe(400);
    expect(res.body.error.message).toBe("Informe os dados do cartão.");
  });
});

describe("provider events", () => {
  it("applies an event once: a replay changes nothing", async () => {
    const { orgId } = await signUp("essencial", "monthly");
    const db = system().handle.db;
    const [row] = await db.select().from(assinaturas).where(eq(assinaturas.organizationId, orgId));
    const event: BillingEvent = {
      kind: "invoice",
      eventId: `demo:${crypto.randomUUID()}`,
      invoice: {
        invoiceRef: `demo_in_replay_${crypto.randomUUID()}`,
        subscriptionRef: row!.subscriptionRef,
        status: "paga",
        descricao: "Guarita — plano Essencial (mensal)",
        valorCentavos: 39_900,
        itens: [{ descricao: "Plano Essencial (mensal), 1 mês", valor_centavos: 39_900 }],
        periodoInicio: new Date(),
        periodoFim: new Date(Date.now() + 30 * DIA_MS),
        pagaEm: new Date(),
        motivoFalha: null,
      },
    };
    const deps = { nfseAtiva: false, publicUrl: "http://localhost:3000" };
    expect(await applyBillingEvent(db, "demo", event, deps)).toBe("aplicado");
    // The same event again, even saying something else, is not applied.
    const replay = { ...event, invoice: { ...event.invoice, status: "falhou" as const, motivoFalha: "x" } };
    expect(await applyBillingEvent(db, "demo", replay, deps)).toBe("repetido");
    const stored = await db.select().from(faturas).where(eq(faturas.assinaturaId, row!.id));
    expect(stored).toHaveLength(2);
    expect(stored.find((f) => f.invoiceRef === event.invoice.invoiceRef)?.status).toBe("paga");

    const unknown = {
      ...event,
      eventId: `demo:${crypto.randomUUID()}`,
      invoice: { ...event.invoice, subscriptionRef: "demo_sub_x" },
    };
    expect(await applyBillingEvent(db, "demo", unknown, deps)).toBe("desconhecido");
  });
});

describe("who may see and manage billing", () => {
  it("lets the síndico read but not change; porteiro and morador see nothing", async () => {
    const { orgId } = await signUp("essencial", "monthly");
    const sindico = await addSignedInMember(system(), orgId, "sindico");
    expect((await sindico.api.get("/api/faturamento")).status).toBe(200);
    expect((await sindico.api.get("/api/faturamento/faturas")).status).toBe(200);
    for (const path of ["/plano", "/cancelar", "/reativar", "/cartao", "/demo/simular"]) {
      const res = await sindico.api.post(`/api/faturamento${path}`, { json: {} });
      expect(res.status, path).toBe(403);
    }
    for (const role of ["porteiro", "morador"] as const) {
      const member = await addSignedInMember(system(), orgId, role);
      expect((await member.api.get("/api/faturamento")).status, role).toBe(403);
    }
  });

  it("never shows another tenant's invoice", async () => {
    const a = await signUp("essencial", "monthly");
    const b = await signUp("essencial", "monthly");
    const [fatura] = await listarFaturas(a.api);
    expect((await b.api.get(`/api/faturamento/faturas/${fatura!.id}/recibo.pdf`)).status).toBe(404);
    expect((await b.api.get(`/api/faturamento/faturas/${crypto.randomUUID()}/recibo.pdf`)).status).toBe(404);
    expect((await b.api.get("/api/faturamento/faturas/nao-e-um-id/recibo.pdf")).status).toBe(400);
  });
});

describe("an account under a contract", () => {
  it("reads as Personalizado and sends plan changes and simulations to sales", async () => {
    const { api } = await createTenantWithMember(system(), { role: "owner" });
    expect(await resumo(api)).toMatchObject({
      modo: "contrato",
      plano: "personalizado",
      ciclo: null,
      status: "ativa",
      proxima_cobranca: null,
      somente_leitura: false,
    });
    expect((await api.get("/api/faturamento/faturas")).body).toMatchObject({ items: [], total: 0 });
    const plano = await api.post("/api/faturamento/plano", { json: { plano: "essencial", ciclo: "monthly" } });
    expect(plano.status).toBe(409);
    expect(plano.body.error.message).toBe(CONTRATO_MENSAGEM);
    const sim = await simular(api, "renovar");
    expect(sim.status).toBe(404);
    expect(sim.body.error.message).toBe(DEMO_SOMENTE_MENSAGEM);
  });
});

describe("the demo tenant", () => {
  it("has a Personalizado subscription at an agreed price with three paid invoices", async () => {
    await seedDemo(system().handle.db, system().auth);
    const api = client(system(), { cookie: await signIn(system(), DEMO_LOGINS[0].email, DEMO_PASSWORD) });
    expect(await resumo(api)).toMatchObject({
      modo: "demo",
      plano: "personalizado",
      ciclo: "monthly",
      status: "ativa",
      cartao: { final: "4242" },
      proxima_cobranca: { valor_centavos: 249_000 },
      somente_leitura: false,
    });
    const items = await listarFaturas(api);
    expect(items.map((f) => [f.status, f.valor_centavos])).toEqual([
      ["paga", 249_000],
      ["paga", 249_000],
      ["paga", 249_000],
    ]);
  });
});
