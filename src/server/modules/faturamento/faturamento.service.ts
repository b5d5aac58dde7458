/**
 * Billing (docs/decisions/045-plans-and-billing.md): applies what the payment provider says (Stripe's
 * webhooks, the demo's simulated lifecycle) to an organization's subscription and invoices, and answers
 * and acts on "Plano e faturamento". The provider owns the lifecycle (prices, periods, prorations); this
 * file records it, idempotently by provider event id, and enforces what is ours: usage before a downgrade,
 * one plan change at a time, nothing deleted.
 */
import { and, desc, eq, sql } from "drizzle-orm";
import type { z } from "zod";
import {
  type AssinaturaStatus,
  CARENCIA_DIAS,
  carenciaAte,
  type FaturaStatus,
  NFSE_NAO_CONFIGURADA_MENSAGEM,
  type NfseStatus,
  PLANO_PATH,
  reducaoRecusadaMensagem,
} from "../../../shared/faturamento";
import {
  type BillingCycle,
  LIMITED_RESOURCES,
  limitOf,
  PLAN_RANK,
  PLANS,
  type PlanId,
  planAmountCents,
} from "../../../shared/plans";
import type { DemoCard } from "../../../shared/schemas/checkout";
import type {
  DemoSimulacao,
  Fatura,
  FaturamentoResumo,
  faturaPageSchema,
  MudarPlano,
  MudarPlanoResultado,
} from "../../../shared/schemas/faturamento";
import { type AuditActor, recordAudit } from "../../audit/audit";
import type { Database, Executor, Transaction } from "../../db/client";
import { cappedCount, toPage } from "../../db/pagination";
import { assinaturas, eventosCobranca, faturas } from "../../db/schema";
import { AppError, badRequest, conflict, notFound } from "../../http/errors";
import { enqueueMail } from "../../mail/outbox";
import type { MailData } from "../../mail/templates";
import type { BillingEvent, InvoiceSnapshot, SubscriptionSnapshot } from "../../payments/billing-events";
import { createDemoPaymentProvider, DEMO_MISSING_CARD_REASON } from "../../payments/demo-payment-provider";
import {
  CardDeclinedError,
  type PaymentProvider,
  PaymentProviderError,
  type PlanTarget,
  type SubscriptionOnRecord,
} from "../../payments/payment-provider";
import { recordEvent } from "../../realtime/events";
import { type AssinaturaRow, assinaturaDaOrganizacao, estadoDe, USO_TIMEZONE } from "./assinatura.service";
import { type UsoDaOrganizacao, usoDaOrganizacao } from "./limites.service";

type FaturaPage = z.infer<typeof faturaPageSchema>;

export type BillingProviderMode = "stripe" | "demo";
export type ApplyResult = "aplicado" | "repetido" | "desconhecido";

export interface ApplyDeps {
  /** An NFS-e provider is configured: a paid invoice's nota is queued (nfse_status 'pendente'). */
  nfseAtiva: boolean;
  /** The site's address: the e-mails link to the console's plan page. */
  publicUrl: string;
  now?: Date;
}

type FaturaRow = typeof faturas.$inferSelect;

// ---------------------------------------------------------------------------------------------------
// Formatting shared by the e-mails (pt-BR, São Paulo's calendar)

const dataBr = new Intl.DateTimeFormat("pt-BR", {
  timeZone: USO_TIMEZONE,
  day: "2-digit",
  month: "2-digit",
  year: "numeric",
});
const brl = new Intl.NumberFormat("pt-BR", { style: "currency", currency: "BRL" });

/** "28/11/2026", São Paulo's calendar day. */
export function formatarData(at: Date): string {
  return dataBr.format(at);
}
export function formatarValor(centavos: number): string {
  return brl.format(centavos / 100);
}
/** 123 → "000123": our invoice number as the receipt and the list show it. */
export function numeroFatura(numero: number | null): string {
  return String(numero ?? 0).padStart(6, "0");
}
export function nomeDoPlano(plano: PlanId, ciclo: BillingCycle): string {
  return `${PLANS[plano].nome} (${ciclo === "yearly" ? "anual" : "mensal"})`;
}

// ---------------------------------------------------------------------------------------------------
// Applying provider events

/**
 * Applies one provider event. Idempotent by `eventId` (a replay is "repetido" and changes nothing); a
 * snapshot without an id is the provider's current state and always applied. "desconhecido": no
 * subscription of ours has that reference (the caller logs it); the event id is then not consumed, so a
 * provider retry after our row exists still applies it.
 */
export async function applyBillingEvent(
  tx: Executor,
  provider: BillingProviderMode,
  event: BillingEvent,
  deps: ApplyDeps,
): Promise<ApplyResult> {
  const now = deps.now ?? new Date();
  const subscriptionRef =
    event.kind === "subscription" ? event.subscription.subscriptionRef : event.invoice.subscriptionRef;
  const row = await lockAssinaturaByRef(tx, provider, subscriptionRef);
  if (!row) return "desconhecido";
  if (event.eventId && !(await claimEvent(tx, event.eventId, event.kind))) return "repetido";

  if (event.kind === "subscription") await applySubscription(tx, row, event.subscription, now);
  else await applyInvoice(tx, row, event.invoice, deps, now);

  if (row.organizationId) await recordEvent(tx, row.organizationId, { type: "faturamento.atualizado" });
  return "aplicado";
}

/** Applies a provider's events in order, in one transaction: all of them or none. */
export async function applyBillingEvents(
  db: Database,
  provider: BillingProviderMode,
  events: readonly BillingEvent[],
  deps: ApplyDeps,
): Promise<ApplyResult[]> {
  if (events.length === 0) return [];
  return db.transaction(async (tx) => {
    const results: ApplyResult[] = [];
    for (const event of events) results.push(await applyBillingEvent(tx, provider, event, deps));
    return results;
  });
}

async function lockAssinaturaByRef(
  tx: Executor,
  provider: BillingProviderMode,
  subscriptionRef: string,
): Promise<AssinaturaRow | null> {
  const [row] = await tx
    .select()
    .from(assinaturas)
    .where(and(eq(assinaturas.provider, provider), eq(assinaturas.subscriptionRef, subscriptionRef)))
    .for("update")
    .limit(1);
  return row ?? null;
}

/** True the first time an event id is seen. */
async function claimEvent(tx: Executor, eventId: string, tipo: string): Promise<boolean> {
  const inserted = await tx
    .insert(eventosCobranca)
    .values({ id: eventId, tipo })
    .onConflictDoNothing()
    .returning({ id: eventosCobranca.id });
  return inserted.length > 0;
}

const DOZE_MESES = 12;

function addMonths(at: Date, months: number): Date {
  const d = new Date(at.getTime());
  d.setUTCMonth(d.getUTCMonth() + months);
  return d;
}

/**
 * The yearly cycle commits to 12 months from the period it starts in (again after a reactivation); a
 * monthly cycle keeps a commitment still running (a cancellation never takes effect before it).
 */
function compromissoDe(row: AssinaturaRow, snap: SubscriptionSnapshot, now: Date): Date | null {
  if (snap.ciclo !== "yearly") return row.compromissoAte;
  if (snap.status === "incompleta") return null;
  const recomeca = row.status === "cancelada" && snap.status !== "cancelada";
  if (row.ciclo === "yearly" && row.compromissoAte && !recomeca) return row.compromissoAte;
  return addMonths(snap.periodoInicio ?? now, DOZE_MESES);
}

async function applySubscription(tx: Executor, row: AssinaturaRow, snap: SubscriptionSnapshot, now: Date) {
  // Events may arrive out of order: a late "incomplete" never undoes a subscription already under way.
  const status = snap.status === "incompleta" && row.status !== "incompleta" ? row.status : snap.status;
  const falhaEm = status === "inadimplente" ? (row.falhaEm ?? now) : status === "ativa" ? null : row.falhaEm;
  await tx
    .update(assinaturas)
    .set({
      customerRef: snap.customerRef,
      plano: snap.plano,
      ciclo: snap.ciclo,
      status,
      valorCentavos: snap.valorCentavos,
      periodoInicio: snap.periodoInicio,
      periodoFim: snap.periodoFim,
      compromissoAte: compromissoDe(row, snap, now),
      cancelaEm: snap.cancelaEm,
      encerradaEm: snap.encerradaEm,
      planoProximo: snap.planoProximo,
      cicloProximo: snap.cicloProximo,
      proximoEm: snap.proximoEm,
      falhaEm,
      ...(snap.cartao !== undefined
        ? {
            cartaoBandeira: snap.cartao?.bandeira ?? null,
            cartaoFinal: snap.cartao?.final ?? null,
            cartaoValidade: snap.cartao?.validade ?? null,
          }
        : {}),
      updatedAt: now,
    })
    .where(eq(assinaturas.id, row.id));
}

async function applyInvoice(tx: Executor, row: AssinaturaRow, inv: InvoiceSnapshot, deps: ApplyDeps, now: Date) {
  const [before] = await tx
    .select()
    .from(faturas)
    .where(and(eq(faturas.assinaturaId, row.id), eq(faturas.invoiceRef, inv.invoiceRef)))
    .limit(1);
  // A paid invoice stays paid: a late "open" or "failed" about it is older news.
  if (before?.status === "paga") return;
  const fatura = await upsertFatura(tx, row.id, inv, before ?? null, deps, now);
  if (fatura.status === "paga") await onPaid(tx, row, fatura, deps, now);
  else if (fatura.status === "falhou" && before?.status !== "falhou") await onFailed(tx, row, fatura, deps, now);
}

async function upsertFatura(
  tx: Executor,
  assinaturaId: string,
  inv: InvoiceSnapshot,
  before: FaturaRow | null,
  deps: ApplyDeps,
  now: Date,
): Promise<FaturaRow> {
  const paga = inv.status === "paga";
  const values = {
    status: inv.status,
    descricao: inv.descricao,
    valorCentavos: inv.valorCentavos,
    itens: inv.itens,
    periodoInicio: inv.periodoInicio,
    periodoFim: inv.periodoFim,
    pagaEm: paga ? (inv.pagaEm ?? now) : null,
    motivoFalha: paga ? null : inv.motivoFalha,
    ...(paga
      ? { nfseStatus: deps.nfseAtiva ? "pendente" : "nao_configurada", nfseEm: deps.nfseAtiva ? now : null }
      : {}),
    updatedAt: now,
  };
  if (before) {
    const [updated] = await tx.update(faturas).set(values).where(eq(faturas.id, before.id)).returning();
    return updated!;
  }
  const [inserted] = await tx
    .insert(faturas)
    .values({ assinaturaId, invoiceRef: inv.invoiceRef, ...values })
    .returning();
  return inserted!;
}

/** Paying restores at once: the grace period ends and a past-due subscription is active again. */
async function onPaid(tx: Executor, row: AssinaturaRow, fatura: FaturaRow, deps: ApplyDeps, now: Date) {
  await tx
    .update(assinaturas)
    .set({
      falhaEm: null,
      status: sql`CASE WHEN ${assinaturas.status} = 'inadimplente' THEN 'ativa' ELSE ${assinaturas.status} END`,
      updatedAt: now,
    })
    .where(eq(assinaturas.id, row.id));
  const periodo =
    fatura.periodoInicio && fatura.periodoFim
      ? `${formatarData(fatura.periodoInicio)} a ${formatarData(fatura.periodoFim)}`
      : formatarData(fatura.pagaEm ?? now);
  await enqueueBillingMail(tx, row, "recibo-pagamento", {
    nome: row.cliente.nome,
    plano: nomeDoPlano(row.plano as PlanId, row.ciclo as BillingCycle),
    numero: numeroFatura(fatura.numero),
    valor: formatarValor(fatura.valorCentavos),
    pagaEm: formatarData(fatura.pagaEm ?? now),
    periodo,
    link: planoLink(deps.publicUrl),
  });
}

/** A failed charge starts the grace period (once per unpaid period) and tells the billing e-mail. */
async function onFailed(tx: Executor, row: AssinaturaRow, fatura: FaturaRow, deps: ApplyDeps, now: Date) {
  const [updated] = await tx
    .update(assinaturas)
    .set({
      falhaEm: sql`COALESCE(${assinaturas.falhaEm}, ${now.toISOString()}::timestamptz)`,
      status: sql`CASE WHEN ${assinaturas.status} = 'ativa' THEN 'inadimplente' ELSE ${assinaturas.status} END`,
      updatedAt: now,
    })
    .where(eq(assinaturas.id, row.id))
    .returning({ falhaEm: assinaturas.falhaEm });
  const falhaEm = updated?.falhaEm ?? now;
  await enqueueBillingMail(tx, row, "pagamento-falhou", {
    nome: row.cliente.nome,
    plano: nomeDoPlano(row.plano as PlanId, row.ciclo as BillingCycle),
    valor: formatarValor(fatura.valorCentavos),
    motivo: fatura.motivoFalha ?? "Pagamento não aprovado.",
    carenciaAte: formatarData(carenciaAte(falhaEm)),
    link: planoLink(deps.publicUrl),
  });
}

function planoLink(publicUrl: string): string {
  return `${publicUrl.replace(/\/$/, "")}${PLANO_PATH}`;
}

type BillingMail = "recibo-pagamento" | "pagamento-falhou";

/** The billing e-mails go to the checkout's e-mail, in the transaction that records the payment. */
async function enqueueBillingMail<T extends BillingMail>(
  tx: Executor,
  row: AssinaturaRow,
  template: T,
  data: MailData<T>,
) {
  await enqueueMail(tx, { to: row.emailCobranca, template, data, organizationId: row.organizationId });
}

// ---------------------------------------------------------------------------------------------------
// The subscription on record

/** The refs of a Personalizado signed up without a charge: no provider subscription behind them. */
export const SEM_COBRANCA_PREFIX = "sem-cobranca:";

export function semCobranca(row: Pick<AssinaturaRow, "subscriptionRef">): boolean {
  return row.subscriptionRef.startsWith(SEM_COBRANCA_PREFIX);
}

export async function assinaturaDoCheckout(db: Executor, checkoutId: string): Promise<AssinaturaRow | null> {
  const [row] = await db.select().from(assinaturas).where(eq(assinaturas.checkoutSessionId, checkoutId)).limit(1);
  return row ?? null;
}

/** What the provider is handed to act on. */
export function assinaturaOnRecord(row: AssinaturaRow): SubscriptionOnRecord {
  return {
    customerRef: row.customerRef,
    subscriptionRef: row.subscriptionRef,
    plano: row.plano as PlanId,
    ciclo: row.ciclo as BillingCycle,
    status: row.status as AssinaturaStatus,
    valorCentavos: row.valorCentavos,
    periodoInicio: row.periodoInicio,
    periodoFim: row.periodoFim,
    compromissoAte: row.compromissoAte,
    cancelaEm: row.cancelaEm,
    planoProximo: row.planoProximo as PlanId | null,
    cicloProximo: row.cicloProximo as BillingCycle | null,
    proximoEm: row.proximoEm,
    cartao: row.cartaoFinal
      ? { bandeira: row.cartaoBandeira, final: row.cartaoFinal, validade: row.cartaoValidade }
      : null,
  };
}

// ---------------------------------------------------------------------------------------------------
// "Plano e faturamento": the summary and the invoices

export interface ResumoOptions {
  nfseAtiva: boolean;
}

const iso = (at: Date | null) => (at ? at.toISOString() : null);
const periodoDe = (inicio: Date | null, fim: Date | null) =>
  inicio && fim ? { inicio: inicio.toISOString(), fim: fim.toISOString() } : null;

function resumoContrato(uso: UsoDaOrganizacao, opts: ResumoOptions): FaturamentoResumo {
  return {
    modo: "contrato",
    plano: "personalizado",
    ciclo: null,
    status: "ativa",
    proxima_cobranca: null,
    periodo: null,
    cancela_em: null,
    encerrada_em: null,
    mudanca_agendada: null,
    cartao: null,
    carencia: null,
    somente_leitura: false,
    uso: usoDoPlano("personalizado", uso),
    nfse_automatica: opts.nfseAtiva,
    portal_disponivel: false,
  };
}

function usoDoPlano(plano: PlanId, uso: UsoDaOrganizacao): FaturamentoResumo["uso"] {
  return LIMITED_RESOURCES.map((recurso) => ({
    recurso,
    usado: uso[recurso],
    limite: limitOf(PLANS[plano].limites, recurso),
  }));
}

/**
 * The next charge: at the period's end, at the price of the plan then in force (a scheduled change's),
 * unless the subscription ends by then or charges nothing.
 */
function proximaCobranca(row: AssinaturaRow): FaturamentoResumo["proxima_cobranca"] {
  if (row.status !== "ativa" && row.status !== "inadimplente") return null;
  if (!row.periodoFim || row.valorCentavos === 0) return null;
  if (row.cancelaEm && row.cancelaEm.getTime() <= row.periodoFim.getTime()) return null;
  const proximo =
    row.planoProximo && row.cicloProximo && row.proximoEm && row.proximoEm.getTime() <= row.periodoFim.getTime()
      ? planAmountCents(row.planoProximo as PlanId, row.cicloProximo as BillingCycle)
      : row.valorCentavos;
  return { em: row.periodoFim.toISOString(), valor_centavos: proximo };
}

export function resumoDe(row: AssinaturaRow, uso: UsoDaOrganizacao, opts: ResumoOptions, now: Date): FaturamentoResumo {
  const estado = estadoDe(row, now);
  return {
    modo: row.provider as BillingProviderMode,
    plano: estado.plano,
    ciclo: row.ciclo as BillingCycle,
    status: estado.status,
    proxima_cobranca: proximaCobranca(row),
    periodo: periodoDe(row.periodoInicio, row.periodoFim),
    cancela_em: iso(row.cancelaEm),
    encerrada_em: iso(row.encerradaEm),
    mudanca_agendada:
      row.planoProximo && row.cicloProximo && row.proximoEm
        ? {
            plano: row.planoProximo as PlanId,
            ciclo: row.cicloProximo as BillingCycle,
            em: row.proximoEm.toISOString(),
          }
        : null,
    cartao: row.cartaoFinal
      ? { bandeira: row.cartaoBandeira, final: row.cartaoFinal, validade: row.cartaoValidade }
      : null,
    carencia:
      row.status === "inadimplente" && row.falhaEm
        ? { desde: row.falhaEm.toISOString(), ate: carenciaAte(row.falhaEm).toISOString() }
        : null,
    somente_leitura: estado.somenteLeitura,
    uso: usoDoPlano(estado.plano, uso),
    nfse_automatica: opts.nfseAtiva,
    portal_disponivel: row.provider === "stripe" && !semCobranca(row),
  };
}

export async function resumoFaturamento(
  db: Executor,
  organizationId: string,
  opts: ResumoOptions,
  now = new Date(),
): Promise<FaturamentoResumo> {
  const [row, uso] = await Promise.all([
    assinaturaDaOrganizacao(db, organizationId),
    usoDaOrganizacao(db, organizationId, now),
  ]);
  return row ? resumoDe(row, uso, opts, now) : resumoContrato(uso, opts);
}

export function reciboUrl(faturaId: string): string {
  return `/api/faturamento/faturas/${faturaId}/recibo.pdf`;
}

function faturaToApi(row: FaturaRow): Fatura {
  const paga = row.status === "paga";
  const nfseStatus = row.nfseStatus as NfseStatus;
  return {
    id: row.id,
    numero: numeroFatura(row.numero),
    descricao: row.descricao,
    valor_centavos: row.valorCentavos,
    status: row.status as FaturaStatus,
    criada_em: row.createdAt.toISOString(),
    paga_em: iso(row.pagaEm),
    periodo: periodoDe(row.periodoInicio, row.periodoFim),
    itens: row.itens,
    motivo_falha: row.motivoFalha,
    recibo_url: paga ? reciboUrl(row.id) : null,
    nfse: {
      status: nfseStatus,
      numero: row.nfseNumero,
      url: row.nfseUrl,
      mensagem: nfseStatus === "nao_configurada" ? NFSE_NAO_CONFIGURADA_MENSAGEM : row.nfseMensagem,
    },
  };
}

/** The organization's invoices, newest first (faturas_assinatura_created_idx). */
export async function listarFaturas(
  db: Executor,
  organizationId: string,
  query: { page: number; page_size: number },
): Promise<FaturaPage> {
  const row = await assinaturaDaOrganizacao(db, organizationId);
  if (!row) return toPage([], { total: 0, truncated: false }, query.page, query.page_size);
  const where = eq(faturas.assinaturaId, row.id);
  const [items, counted] = await Promise.all([
    db
      .select()
      .from(faturas)
      .where(where)
      .orderBy(desc(faturas.createdAt), desc(faturas.id))
      .limit(query.page_size)
      .offset((query.page - 1) * query.page_size),
    cappedCount(db, faturas, where),
  ]);
  return toPage(items.map(faturaToApi), counted, query.page, query.page_size);
}

/** One invoice of the organization (the receipt); null for another tenant's or an unknown id. */
export async function faturaDaOrganizacao(
  db: Executor,
  organizationId: string,
  faturaId: string,
): Promise<FaturaRow | null> {
  const [row] = await db
    .select({ fatura: faturas })
    .from(faturas)
    .innerJoin(assinaturas, eq(assinaturas.id, faturas.assinaturaId))
    .where(and(eq(faturas.id, faturaId), eq(assinaturas.organizationId, organizationId)))
    .limit(1);
  return row?.fatura ?? null;
}

// ---------------------------------------------------------------------------------------------------
// The owner's requests

export interface FaturamentoDeps {
  db: Database;
  provider: PaymentProvider;
  nfseAtiva: boolean;
  publicUrl: string;
  /** Who asked, for the audit trail. */
  actor: AuditActor;
  now?: Date;
}

export const CONTRATO_MENSAGEM =
  "Seu plano é um contrato com a equipe comercial. Para mudar ou encerrar, fale com a equipe comercial pelo e-mail de cobrança.";
export const SEM_COBRANCA_MENSAGEM =
  "O plano Personalizado ainda não tem cobrança: a equipe comercial entra em contato com a proposta. Para mudar ou encerrar antes disso, fale com a equipe comercial.";
export const MESMO_PLANO_MENSAGEM = "Este já é o seu plano e ciclo de cobrança.";
export const INADIMPLENTE_MENSAGEM = "Há um pagamento em atraso. Regularize trocando o cartão antes de mudar de plano.";
export const ENCERRADA_MENSAGEM = "A assinatura foi encerrada. Reative-a antes de mudar de plano.";
export const INCOMPLETA_MENSAGEM = "O primeiro pagamento da assinatura ainda não foi confirmado.";
export const SEM_CARTAO_MENSAGEM = "Cadastre um cartão em Plano e faturamento antes de continuar.";
export const DEMO_SOMENTE_MENSAGEM = "Disponível só no modo de demonstração";
export const SEM_ATRASO_MENSAGEM = "Não há pagamento em atraso: nada a encerrar.";
export const SEM_CANCELAMENTO_MENSAGEM = "Não há cancelamento agendado para desfazer.";
export const JA_ENCERRADA_MENSAGEM = "A assinatura já foi encerrada.";

type Efeito = "imediato" | "fim_do_periodo";

/**
 * Runs `fn` on the organization's subscription row, locked for the transaction: two clicks (or a webhook
 * in between) act one after the other, so a plan change is never charged twice.
 */
async function comAssinaturaTravada<T>(
  deps: FaturamentoDeps,
  organizationId: string,
  fn: (tx: Transaction, row: AssinaturaRow) => Promise<T>,
): Promise<T> {
  return deps.db.transaction(async (tx) => {
    const [row] = await tx
      .select()
      .from(assinaturas)
      .where(eq(assinaturas.organizationId, organizationId))
      .for("update")
      .limit(1);
    if (!row) throw conflict(CONTRATO_MENSAGEM);
    return fn(tx, row);
  });
}

async function aplicarNaTransacao(tx: Transaction, deps: FaturamentoDeps, row: AssinaturaRow, events: BillingEvent[]) {
  const applyDeps = { nfseAtiva: deps.nfseAtiva, publicUrl: deps.publicUrl, now: deps.now };
  // Each applied event records "faturamento.atualizado" for the organization's screens.
  for (const event of events) await applyBillingEvent(tx, row.provider as BillingProviderMode, event, applyDeps);
}

async function auditar(tx: Transaction, deps: FaturamentoDeps, organizationId: string, resumo: string) {
  await recordAudit(tx, organizationId, deps.actor, {
    acao: "alterar",
    entidade: "organizacao",
    entidadeId: organizationId,
    resumo,
  });
}

/** Stripe isn't configured here, yet this subscription is billed there (keys removed from an install). */
export const STRIPE_AUSENTE_MENSAGEM =
  "A cobrança desta assinatura é feita pela Stripe, que não está configurada nesta instalação. Fale com o suporte.";

const demoProvider = createDemoPaymentProvider();

/**
 * The provider that bills this subscription: the configured one, or the labelled demo for a demo
 * subscription (the demo tenant's seed) in an install that takes real payments.
 */
function provedorDe(deps: FaturamentoDeps, row: AssinaturaRow): PaymentProvider {
  if (row.provider === deps.provider.mode) return deps.provider;
  if (row.provider === "demo") return demoProvider;
  throw conflict(STRIPE_AUSENTE_MENSAGEM);
}

/** Calls the provider; its own failures (network, keys) are a 502, a refused card a 402. */
async function chamarProvedor<T>(fn: () => Promise<T>): Promise<T> {
  try {
    return await fn();
  } catch (error) {
    if (error instanceof CardDeclinedError) throw new AppError(402, "PAYMENT_DECLINED", error.reason);
    if (error instanceof PaymentProviderError) {
      throw new AppError(
        502,
        "PAYMENT_PROVIDER_ERROR",
        "Não foi possível falar com o processador de pagamentos. Tente novamente.",
      );
    }
    throw error;
  }
}

function exigirEmDia(row: AssinaturaRow) {
  if (row.status === "incompleta") throw conflict(INCOMPLETA_MENSAGEM);
  if (row.status === "cancelada") throw conflict(ENCERRADA_MENSAGEM);
  if (row.status === "inadimplente") throw conflict(INADIMPLENTE_MENSAGEM);
}

/**
 * Up the ranking is an upgrade, in force at once; the same plan on another cycle, or down the ranking,
 * waits for the period's end (the cycle already paid for runs out first). Without a period (Personalizado
 * not yet charged) there is nothing to wait for.
 */
function efeitoDe(row: AssinaturaRow, alvo: PlanId): Efeito {
  if (!row.periodoFim) return "imediato";
  return PLAN_RANK[alvo] > PLAN_RANK[row.plano as PlanId] ? "imediato" : "fim_do_periodo";
}

/** A downgrade is refused while the account uses more than the new plan includes (nothing is deleted). */
async function exigirUsoCabe(tx: Executor, organizationId: string, alvo: PlanId, now: Date) {
  const uso = await usoDaOrganizacao(tx, organizationId, now);
  for (const recurso of LIMITED_RESOURCES) {
    const limite = limitOf(PLANS[alvo].limites, recurso);
    if (limite !== null && uso[recurso] > limite) {
      throw conflict(reducaoRecusadaMensagem(recurso, alvo, uso[recurso]));
    }
  }
}

function alvoDe(row: AssinaturaRow, input: MudarPlano): PlanTarget {
  // Personalizado keeps the running price until sales agree one (docs/decisions/045-plans-and-billing.md).
  const valorCentavos = input.plano === "personalizado" ? row.valorCentavos : planAmountCents(input.plano, input.ciclo);
  return { plano: input.plano, ciclo: input.ciclo, valorCentavos };
}

export async function mudarPlano(
  deps: FaturamentoDeps,
  organizationId: string,
  input: MudarPlano,
): Promise<MudarPlanoResultado> {
  const now = deps.now ?? new Date();
  // Checked before the lock: usage is counted with parallel queries, which a transaction's one client can't
  // run. Advisory either way: until the period's end the current plan's limits still apply.
  const atual = await assinaturaDaOrganizacao(deps.db, organizationId);
  if (atual && PLAN_RANK[input.plano] < PLAN_RANK[atual.plano as PlanId]) {
    await exigirUsoCabe(deps.db, organizationId, input.plano, now);
  }
  const { efeito, cobrado } = await comAssinaturaTravada(deps, organizationId, async (tx, row) => {
    exigirEmDia(row);
    const mesmo = input.plano === row.plano && input.ciclo === row.ciclo;
    if (mesmo && !row.planoProximo) throw badRequest(MESMO_PLANO_MENSAGEM);
    const efeito = mesmo ? "fim_do_periodo" : efeitoDe(row, input.plano);
    const alvo = alvoDe(row, input);
    if (semCobranca(row) && (row.provider !== "demo" || alvo.valorCentavos > 0)) {
      if (row.provider !== "demo") throw conflict(SEM_COBRANCA_MENSAGEM);
      if (!row.cartaoFinal) throw conflict(SEM_CARTAO_MENSAGEM);
    }
    const result = await chamarProvedor(() => provedorDe(deps, row).changePlan(assinaturaOnRecord(row), alvo, efeito));
    await aplicarNaTransacao(tx, deps, row, result.events);
    await auditar(
      tx,
      deps,
      organizationId,
      mesmo
        ? "Desfez a mudança de plano agendada"
        : `${efeito === "imediato" ? "Mudou o plano" : "Agendou a mudança do plano"} para ${nomeDoPlano(input.plano, input.ciclo)}`,
    );
    return { efeito, cobrado: result.cobradoAgoraCentavos };
  });
  return {
    efeito,
    cobrado_agora_centavos: cobrado,
    resumo: await resumoFaturamento(deps.db, organizationId, deps, now),
  };
}

/** At the period's end, or at the end of the yearly commitment when that is later. */
function fimDoCancelamento(row: AssinaturaRow): Date | null {
  if (!row.periodoFim) return null;
  const compromisso = row.compromissoAte;
  return compromisso && compromisso.getTime() > row.periodoFim.getTime() ? compromisso : row.periodoFim;
}

export async function cancelar(deps: FaturamentoDeps, organizationId: string): Promise<FaturamentoResumo> {
  const now = deps.now ?? new Date();
  await comAssinaturaTravada(deps, organizationId, async (tx, row) => {
    if (row.status === "cancelada") throw conflict(JA_ENCERRADA_MENSAGEM);
    if (row.status === "incompleta") throw conflict(INCOMPLETA_MENSAGEM);
    if (semCobranca(row)) throw conflict(SEM_COBRANCA_MENSAGEM);
    if (row.cancelaEm) return; // asked for already: the same answer
    const at = fimDoCancelamento(row);
    if (!at) throw conflict(SEM_COBRANCA_MENSAGEM);
    const events = await chamarProvedor(() => provedorDe(deps, row).cancel(assinaturaOnRecord(row), at));
    await aplicarNaTransacao(tx, deps, row, events);
    await auditar(tx, deps, organizationId, `Cancelou a assinatura a partir de ${formatarData(at)}`);
  });
  return resumoFaturamento(deps.db, organizationId, deps, now);
}

/**
 * Subscribing again after the end may open a new subscription at the provider (Stripe): the row on record
 * takes its refs first, so its events (and later webhooks) find it. History stays: the invoices keep their row.
 */
async function adotarNovaAssinatura(tx: Transaction, row: AssinaturaRow, events: BillingEvent[]) {
  const nova = events.find((e) => e.kind === "subscription" && e.subscription.subscriptionRef !== row.subscriptionRef);
  if (nova?.kind !== "subscription") return;
  await tx
    .update(assinaturas)
    .set({ subscriptionRef: nova.subscription.subscriptionRef, customerRef: nova.subscription.customerRef })
    .where(eq(assinaturas.id, row.id));
}

/** Undoes a scheduled cancellation; after the end, subscribes again with the card on record. */
export async function reativar(deps: FaturamentoDeps, organizationId: string): Promise<FaturamentoResumo> {
  const now = deps.now ?? new Date();
  await comAssinaturaTravada(deps, organizationId, async (tx, row) => {
    const encerrada = row.status === "cancelada";
    if (!encerrada && !row.cancelaEm) throw conflict(SEM_CANCELAMENTO_MENSAGEM);
    if (encerrada && !row.cartaoFinal) throw conflict(SEM_CARTAO_MENSAGEM);
    const events = await chamarProvedor(() => provedorDe(deps, row).reactivate(assinaturaOnRecord(row)));
    if (encerrada) await adotarNovaAssinatura(tx, row, events);
    await aplicarNaTransacao(tx, deps, row, events);
    await auditar(
      tx,
      deps,
      organizationId,
      encerrada ? "Reativou a assinatura" : "Desfez o cancelamento da assinatura",
    );
  });
  return resumoFaturamento(deps.db, organizationId, deps, now);
}

/**
 * Demo: the new card goes on record and pays an unpaid invoice at once (paying restores at once).
 * Stripe: the customer portal's address; the new card comes back through the webhooks.
 */
export async function trocarCartao(
  deps: FaturamentoDeps,
  organizationId: string,
  card: DemoCard | null,
): Promise<{ portal_url: string | null; resumo: FaturamentoResumo }> {
  const now = deps.now ?? new Date();
  const portalUrl = await comAssinaturaTravada(deps, organizationId, async (tx, row) => {
    if (row.provider === "demo" && !card) {
      throw badRequest(DEMO_MISSING_CARD_REASON, [{ path: "cartao", message: DEMO_MISSING_CARD_REASON }]);
    }
    if (row.provider !== "demo" && semCobranca(row)) throw conflict(SEM_COBRANCA_MENSAGEM);
    const returnUrl = planoLink(deps.publicUrl);
    const result = await chamarProvedor(() =>
      provedorDe(deps, row).changeCard(assinaturaOnRecord(row), card, returnUrl),
    );
    await aplicarNaTransacao(tx, deps, row, result.events);
    if (result.events.length > 0) await auditar(tx, deps, organizationId, "Trocou o cartão da assinatura");
    return result.portalUrl;
  });
  return { portal_url: portalUrl, resumo: await resumoFaturamento(deps.db, organizationId, deps, now) };
}

/** Demo mode: moves the simulated lifecycle one step, so the owner (and the tests) see each state. */
export async function simularDemo(
  deps: FaturamentoDeps,
  organizationId: string,
  acao: DemoSimulacao,
): Promise<FaturamentoResumo> {
  const now = deps.now ?? new Date();
  const row = await assinaturaDaOrganizacao(deps.db, organizationId);
  if (row?.provider !== "demo") throw notFound(DEMO_SOMENTE_MENSAGEM);
  await comAssinaturaTravada(deps, organizationId, async (tx, locked) => {
    if (acao === "fim_da_carencia") return encerrarCarencia(tx, locked, now);
    const simulate = provedorDe(deps, locked).simulate;
    if (!simulate) throw notFound(DEMO_SOMENTE_MENSAGEM);
    if (locked.status === "incompleta") throw conflict(INCOMPLETA_MENSAGEM);
    if (locked.status === "cancelada") throw conflict(JA_ENCERRADA_MENSAGEM);
    if (!locked.periodoFim || semCobranca(locked)) throw conflict(SEM_COBRANCA_MENSAGEM);
    const events = await simulate(assinaturaOnRecord(locked), acao);
    await aplicarNaTransacao(tx, deps, locked, events);
  });
  return resumoFaturamento(deps.db, organizationId, deps, now);
}

/** Demo only: the failed payment's grace period ends now (the first failure moved back CARENCIA_DIAS days). */
async function encerrarCarencia(tx: Transaction, row: AssinaturaRow, now: Date) {
  if (row.status !== "inadimplente" || !row.falhaEm) throw conflict(SEM_ATRASO_MENSAGEM);
  const falhaEm = new Date(now.getTime() - CARENCIA_DIAS * DIA_MS);
  await tx.update(assinaturas).set({ falhaEm, updatedAt: now }).where(eq(assinaturas.id, row.id));
  if (row.organizationId) await recordEvent(tx, row.organizationId, { type: "faturamento.atualizado" });
}

const DIA_MS = 24 * 60 * 60 * 1000;

/** Account creation: the checkout's subscription becomes the new organization's (in its transaction). */
export async function vincularAssinatura(tx: Executor, checkoutId: string, organizationId: string): Promise<void> {
  await tx
    .update(assinaturas)
    .set({ organizationId, updatedAt: new Date() })
    .where(eq(assinaturas.checkoutSessionId, checkoutId));
}
