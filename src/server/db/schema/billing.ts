/**
 * Checkout and sign-up: a checkout session records one purchase attempt (plan, cycle, the amount
 * taken from the plan catalogue, the payment provider's reference and outcome); account creation
 * consumes a paid session exactly once and writes the customer record (docs/product.md, "Account creation").
 */
import { sql } from "drizzle-orm";
import {
  check,
  date,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from "drizzle-orm/pg-core";
import { CHECKOUT_STATUSES, PAYMENT_MODES } from "../../../shared/domain";
import { ASSINATURA_STATUSES, FATURA_STATUSES, NFSE_STATUSES } from "../../../shared/faturamento";
import { BILLING_CYCLES, PLAN_IDS } from "../../../shared/plans";
import type { CheckoutCliente } from "../../../shared/schemas/checkout";
import { organization, user } from "./auth";

const tz = { withTimezone: true, mode: "date" } as const;

function oneOf(column: string, values: readonly string[]) {
  return sql.raw(`"${column}" IN (${values.map((v) => `'${v}'`).join(", ")})`);
}

export const checkoutSessions = pgTable(
  "checkout_sessions",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    planType: text("plan_type").notNull(),
    billingCycle: text("billing_cycle").notNull(),
    amountCents: integer("amount_cents").notNull(),
    currency: text("currency").notNull().default("brl"),
    email: text("email").notNull(),
    nome: text("nome").notNull(),
    /** The billing form as validated (docs/product.md, "Data and field names"). */
    cliente: jsonb("cliente").$type<CheckoutCliente>().notNull(),
    provider: text("provider").notNull(),
    /** The provider's payment id (Stripe PaymentIntent, or the demo provider's own id). */
    providerRef: text("provider_ref"),
    status: text("status").notNull().default("pendente"),
    failureReason: text("failure_reason"),
    userId: text("user_id").references(() => user.id, { onDelete: "set null" }),
    createdAt: timestamp("created_at", tz).notNull().defaultNow(),
    paidAt: timestamp("paid_at", tz),
    completedAt: timestamp("completed_at", tz),
  },
  (t) => [
    uniqueIndex("checkout_sessions_provider_ref_idx").on(t.provider, t.providerRef),
    check("checkout_sessions_status_check", oneOf("status", CHECKOUT_STATUSES)),
    check("checkout_sessions_plan_check", oneOf("plan_type", PLAN_IDS)),
    check("checkout_sessions_billing_check", oneOf("billing_cycle", BILLING_CYCLES)),
    check("checkout_sessions_provider_check", oneOf("provider", PAYMENT_MODES)),
    check("checkout_sessions_amount_check", sql`${t.amountCents} >= 0`),
  ],
);

/** The sign-up record of a customer (docs/product.md, "Data and field names"). */
export const customers = pgTable(
  "customers",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    userId: text("user_id")
      .notNull()
      .references(() => user.id, { onDelete: "cascade" }),
    organizationId: text("organization_id").references(() => organization.id, { onDelete: "set null" }),
    checkoutSessionId: uuid("checkout_session_id").references(() => checkoutSessions.id, { onDelete: "set null" }),
    email: text("email").notNull(),
    nome: text("nome").notNull(),
    planType: text("plan_type").notNull(),
    billingCycle: text("billing_cycle").notNull(),
    createdAt: timestamp("created_at", tz).notNull().defaultNow(),
  },
  (t) => [index("customers_user_idx").on(t.userId)],
);

/**
 * An account's subscription (docs/decisions/045-plans-and-billing.md), mirrored from the payment
 * provider (Stripe's webhooks, or the demo's simulated lifecycle). Created with the checkout, before the
 * account exists; account creation links it to its organization. An organization without one is under
 * a contract agreed with sales (the demo tenant, accounts opened by support): Personalizado, no charge here.
 */
export const assinaturas = pgTable(
  "assinaturas",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    organizationId: text("organization_id").references(() => organization.id, { onDelete: "cascade" }),
    checkoutSessionId: uuid("checkout_session_id").references(() => checkoutSessions.id, { onDelete: "set null" }),
    provider: text("provider").notNull(),
    /** Stripe's Customer and Subscription ids (the demo's own ids in demo mode). */
    customerRef: text("customer_ref").notNull(),
    subscriptionRef: text("subscription_ref").notNull(),
    plano: text("plano").notNull(),
    ciclo: text("ciclo").notNull(),
    status: text("status").notNull(),
    /** The amount of each period's charge, in cents (the plan's price, or the one agreed for Personalizado). */
    valorCentavos: integer("valor_centavos").notNull(),
    periodoInicio: timestamp("periodo_inicio", tz),
    periodoFim: timestamp("periodo_fim", tz),
    /** The yearly cycle's 12-month commitment: a cancellation takes effect no earlier. */
    compromissoAte: timestamp("compromisso_ate", tz),
    /** A cancellation asked for, in force at this instant; null when none. */
    cancelaEm: timestamp("cancela_em", tz),
    encerradaEm: timestamp("encerrada_em", tz),
    /** A downgrade scheduled for the end of the period. */
    planoProximo: text("plano_proximo"),
    cicloProximo: text("ciclo_proximo"),
    proximoEm: timestamp("proximo_em", tz),
    cartaoBandeira: text("cartao_bandeira"),
    cartaoFinal: text("cartao_final"),
    cartaoValidade: text("cartao_validade"),
    /** The first failed charge of the unpaid period: the grace period counts from it. Null once paid. */
    falhaEm: timestamp("falha_em", tz),
    /** Where receipts and payment notices go: the checkout's e-mail. */
    emailCobranca: text("email_cobranca").notNull(),
    /** The billing form (CNPJ, address) from checkout: the NFS-e's tomador. */
    cliente: jsonb("cliente").$type<CheckoutCliente>().notNull(),
    createdAt: timestamp("created_at", tz).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", tz).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex("assinaturas_organization_idx").on(t.organizationId),
    uniqueIndex("assinaturas_checkout_idx").on(t.checkoutSessionId),
    uniqueIndex("assinaturas_subscription_idx").on(t.provider, t.subscriptionRef),
    check("assinaturas_provider_check", oneOf("provider", PAYMENT_MODES)),
    check("assinaturas_plano_check", oneOf("plano", PLAN_IDS)),
    check("assinaturas_ciclo_check", oneOf("ciclo", BILLING_CYCLES)),
    check("assinaturas_status_check", oneOf("status", ASSINATURA_STATUSES)),
    check("assinaturas_valor_check", sql`${t.valorCentavos} >= 0`),
  ],
);

/**
 * One invoice of a subscription: paid, failed or open, with its lines (a proration among them). The
 * receipt PDF is rendered from this row; the NFS-e columns are the nota's outbox (leased like the
 * other outboxes: `nfse_em` is the lease or the next attempt).
 */
export const faturas = pgTable(
  "faturas",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    /** Our sequential number ("000123"), on the receipt and the nota. */
    numero: integer("numero").generatedAlwaysAsIdentity(),
    assinaturaId: uuid("assinatura_id")
      .notNull()
      .references(() => assinaturas.id, { onDelete: "cascade" }),
    /** The provider's invoice id: an event about it updates this row, never a second one. */
    invoiceRef: text("invoice_ref").notNull(),
    status: text("status").notNull(),
    descricao: text("descricao").notNull(),
    valorCentavos: integer("valor_centavos").notNull(),
    itens: jsonb("itens").$type<{ descricao: string; valor_centavos: number }[]>().notNull(),
    periodoInicio: timestamp("periodo_inicio", tz),
    periodoFim: timestamp("periodo_fim", tz),
    pagaEm: timestamp("paga_em", tz),
    motivoFalha: text("motivo_falha"),
    nfseStatus: text("nfse_status").notNull().default("nao_configurada"),
    /** Our reference at the NFS-e provider (idempotent: a retry asks about the same nota). */
    nfseRef: text("nfse_ref"),
    nfseNumero: text("nfse_numero"),
    nfseUrl: text("nfse_url"),
    nfseMensagem: text("nfse_mensagem"),
    nfseTentativas: integer("nfse_tentativas").notNull().default(0),
    nfseEm: timestamp("nfse_em", tz),
    createdAt: timestamp("created_at", tz).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", tz).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex("faturas_invoice_idx").on(t.assinaturaId, t.invoiceRef),
    index("faturas_assinatura_created_idx").on(t.assinaturaId, t.createdAt.desc(), t.id.desc()),
    index("faturas_nfse_pendente_idx").on(t.nfseEm).where(sql`${t.nfseStatus} = 'pendente'`),
    check("faturas_status_check", oneOf("status", FATURA_STATUSES)),
    check("faturas_nfse_status_check", oneOf("nfse_status", NFSE_STATUSES)),
  ],
);

/**
 * The provider events already applied (Stripe's event ids, the demo's own): a replayed webhook finds
 * its id here and changes nothing. Written in the transaction that applies the event.
 */
export const eventosCobranca = pgTable("eventos_cobranca", {
  id: text("id").primaryKey(),
  tipo: text("tipo").notNull(),
  recebidoEm: timestamp("recebido_em", tz).notNull().defaultNow(),
});

/**
 * Counted usage of a plan's monthly limits, per organization and calendar month (São Paulo). Counted
 * and checked in one statement (`UPDATE … WHERE atendimentos < limit`), so parallel starts cannot pass it.
 */
export const usoMensal = pgTable(
  "uso_mensal",
  {
    organizationId: text("organization_id")
      .notNull()
      .references(() => organization.id, { onDelete: "cascade" }),
    /** First day of the month, "2026-11-01". */
    mes: date("mes", { mode: "string" }).notNull(),
    atendimentos: integer("atendimentos").notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.organizationId, t.mes] })],
);
