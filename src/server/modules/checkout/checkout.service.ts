/**
 * Checkout: a session per purchase attempt. The amount always comes from the plan catalogue; the
 * payment provider charges it; the outcome is recorded on the session, which account creation
 * later consumes (cadastro.service.ts). A declined attempt stays on record and the next attempt
 * starts a new session.
 */
import { and, eq } from "drizzle-orm";
import type { Logger } from "pino";
import type { CheckoutStatus } from "../../../shared/domain";
import { PLANS, planAmountCents } from "../../../shared/plans";
import type { CheckoutCreate, CheckoutSession, DemoCard } from "../../../shared/schemas/checkout";
import type { Database, Executor } from "../../db/client";
import { checkoutSessions } from "../../db/schema";
import { AppError, badRequest, conflict, notFound } from "../../http/errors";
import type { PaymentProvider } from "../../payments/payment-provider";
import { PaymentProviderError } from "../../payments/payment-provider";
import { isEmailTaken } from "./email-hold";

export interface CheckoutDeps {
  db: Database;
  provider: PaymentProvider;
  logger: Logger;
}

type Row = typeof checkoutSessions.$inferSelect;

export const EMAIL_TAKEN_MESSAGE = "Este e-mail já está cadastrado. Entre com a sua senha ou use outro e-mail.";
export const PAYMENT_FAILED_TITLE = "Erro no processamento do pagamento. Tente novamente.";

export const paymentDeclined = (reason: string) => new AppError(402, "PAYMENT_DECLINED", reason);
const providerUnavailable = () =>
  new AppError(
    502,
    "PAYMENT_PROVIDER_ERROR",
    "Não foi possível falar com o processador de pagamentos. Tente novamente.",
  );

function toApi(row: Row, clientSecret: string | null = null): CheckoutSession {
  return {
    id: row.id,
    plan: row.planType as CheckoutSession["plan"],
    billing: row.billingCycle as CheckoutSession["billing"],
    amount_cents: row.amountCents,
    currency: row.currency,
    email: row.email,
    nome: row.nome,
    status: row.status as CheckoutStatus,
    mode: row.provider as CheckoutSession["mode"],
    client_secret: clientSecret,
    failure_reason: row.failureReason,
  };
}

export async function createCheckout(deps: CheckoutDeps, input: CheckoutCreate) {
  const { db, provider } = deps;
  // Refuse before charging: a paid checkout must always be able to become an account.
  if (await isEmailTaken(db, input.cliente.email)) throw conflict(EMAIL_TAKEN_MESSAGE);

  const amountCents = planAmountCents(input.plan, input.billing);
  const [row] = await db
    .insert(checkoutSessions)
    .values({
      planType: input.plan,
      billingCycle: input.billing,
      amountCents,
      email: input.cliente.email,
      nome: input.cliente.nome,
      cliente: input.cliente,
      provider: provider.mode,
      status: amountCents === 0 ? "sem_cobranca" : "pendente",
    })
    .returning();
  if (amountCents === 0) return toApi(row!);

  try {
    const payment = await provider.createPayment({
      checkoutId: row!.id,
      amountCents,
      currency: "brl",
      description: `Guarita — plano ${PLANS[input.plan].nome} (${input.billing === "yearly" ? "anual" : "mensal"})`,
      email: input.cliente.email,
      metadata: { plan: input.plan, billing: input.billing },
    });
    const [updated] = await db
      .update(checkoutSessions)
      .set({ providerRef: payment.reference })
      .where(eq(checkoutSessions.id, row!.id))
      .returning();
    return toApi(updated!, payment.clientSecret);
  } catch (error) {
    await markFailed(db, row!.id, "Falha ao iniciar o pagamento.");
    if (error instanceof PaymentProviderError) {
      deps.logger.error({ err: error, checkoutId: row!.id }, "payment provider failed to create a payment");
      throw providerUnavailable();
    }
    throw error;
  }
}

async function markFailed(db: Executor, id: string, reason: string) {
  await db
    .update(checkoutSessions)
    .set({ status: "falhou", failureReason: reason })
    .where(and(eq(checkoutSessions.id, id), eq(checkoutSessions.status, "pendente")));
}

/** Records a confirmed payment once; a session already past `pendente` is left as it is. */
export async function markPaid(db: Executor, id: string) {
  await db
    .update(checkoutSessions)
    .set({ status: "pago", paidAt: new Date(), failureReason: null })
    .where(and(eq(checkoutSessions.id, id), eq(checkoutSessions.status, "pendente")));
}

export async function findCheckout(db: Executor, id: string): Promise<Row | null> {
  const [row] = await db.select().from(checkoutSessions).where(eq(checkoutSessions.id, id)).limit(1);
  return row ?? null;
}

export async function getCheckout(db: Executor, id: string | null): Promise<CheckoutSession> {
  const row = id ? await findCheckout(db, id) : null;
  if (!row) throw notFound("Checkout não encontrado.");
  return toApi(row);
}

/**
 * Asks the provider for the payment's outcome (demo: charges `card`) and records it. Idempotent:
 * an already paid session answers as paid without charging again.
 */
export async function confirmCheckout(deps: CheckoutDeps, id: string, card: DemoCard | null): Promise<CheckoutSession> {
  const { db, provider } = deps;
  const row = await findCheckout(db, id);
  if (!row) throw notFound("Checkout não encontrado.");
  if (row.status === "pago" || row.status === "sem_cobranca") return toApi(row);
  if (row.status === "concluido") throw conflict("Este pagamento já foi usado para criar uma conta.");
  if (row.status === "falhou") throw paymentDeclined(row.failureReason ?? "Pagamento não aprovado.");
  if (provider.mode === "demo" && !card) {
    throw badRequest("Informe os dados do cartão.", [{ path: "cartao", message: "Informe os dados do cartão." }]);
  }

  let outcome: Awaited<ReturnType<PaymentProvider["confirmPayment"]>>;
  try {
    outcome = await provider.confirmPayment(row.providerRef ?? "", card);
  } catch (error) {
    if (!(error instanceof PaymentProviderError)) throw error;
    deps.logger.error({ err: error, checkoutId: id }, "payment provider failed to confirm a payment");
    throw providerUnavailable();
  }

  if (outcome.status === "failed") {
    await markFailed(db, id, outcome.reason);
    throw paymentDeclined(outcome.reason);
  }
  if (outcome.status === "succeeded") await markPaid(db, id);
  return toApi((await findCheckout(db, id))!);
}

/** Webhook: the provider's own word that a payment succeeded or failed. */
export async function recordProviderOutcome(
  db: Executor,
  provider: PaymentProvider["mode"],
  reference: string,
  outcome: { status: "succeeded" } | { status: "failed"; reason: string },
): Promise<boolean> {
  const [row] = await db
    .select({ id: checkoutSessions.id })
    .from(checkoutSessions)
    .where(and(eq(checkoutSessions.provider, provider), eq(checkoutSessions.providerRef, reference)))
    .limit(1);
  if (!row) return false;
  if (outcome.status === "succeeded") await markPaid(db, row.id);
  else await markFailed(db, row.id, outcome.reason);
  return true;
}
