/**
 * Checkout and sign-up: a checkout session records one purchase attempt (plan, cycle, the amount
 * taken from the plan catalogue, the payment provider's reference and outcome); account creation
 * consumes a paid session exactly once and writes the customer record (docs/product.md, "Account creation").
 */
import { sql } from "drizzle-orm";
import { check, index, integer, jsonb, pgTable, text, timestamp, uniqueIndex, uuid } from "drizzle-orm/pg-core";
import { CHECKOUT_STATUSES, PAYMENT_MODES } from "../../../shared/domain";
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
