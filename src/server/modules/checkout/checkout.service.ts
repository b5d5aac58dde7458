/**
 * Checkout: a session per purchase attempt. The amount always comes from the plan catalogue; the
 * payment provider charges it; the outcome is recorded on the session, which account creation
 * later consumes (cadastro.service.ts). A declined attempt stays on record and the next attempt
 * starts a new session.
 */
import { and, eq } from "drizzle-orm";
import type { Logger } from "pino";
import type { CheckoutStatus, PaymentMode } from "../../../shared/domain";
import { planAmountCents } from "../../../shared/plans";
import type { CheckoutCreate, CheckoutSession, DemoCard } from "../../../shared/schemas/checkout";
import type { Database, Executor } from "../../db/client";
import { assinaturas, checkoutSessions } from "../../db/schema";
import { AppError, badRequest, conflict, notFound } from "../../http/errors";
import type { PaymentProvider } from "../../payments/payment-provider";
import { PaymentProviderError } from "../../payments/payment-provider";
import {
  applyBillingEvent,
  assinaturaDoCheckout,
  assinaturaOnRecord,
  SEM_COBRANCA_PREFIX,
} from "../faturamento/faturamento.service";
import { isEmailTaken } from "./email-hold";

export interface CheckoutDeps {
  db: Database;
  provider: PaymentProvider;
  logger: Logger;
  /** How billing records the first payment (receipt e-mail, NFS-e queue). */
  billing: { nfseAtiva: boolean; publicUrl: string };
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
  if (amountCents === 0) return toApi(await createUnchargedCheckout(db, provider.mode, input));

  const [row] = await db
    .insert(checkoutSessions)
    .values({ ...sessionValues(input, provider.mode, amountCents), status: "pendente" })
    .returning();
  try {
    const created = await provider.createSubscription({
      checkoutId: row!.id,
      plano: input.plan,
      ciclo: input.billing,
      valorCentavos: amountCents,
      email: input.cliente.email,
      nome: input.cliente.nome,
      cliente: input.cliente,
    });
    const updated = await db.transaction(async (tx) => {
      await tx.insert(assinaturas).values({
        ...assinaturaValues(row!, provider.mode),
        customerRef: created.customerRef,
        subscriptionRef: created.subscriptionRef,
        status: "incompleta",
        valorCentavos: amountCents,
      });
      const [session] = await tx
        .update(checkoutSessions)
        .set({ providerRef: created.subscriptionRef })
        .where(eq(checkoutSessions.id, row!.id))
        .returning();
      return session!;
    });
    return toApi(updated, created.clientSecret);
  } catch (error) {
    await markFailed(db, row!.id, "Falha ao iniciar o pagamento.");
    if (error instanceof PaymentProviderError) {
      deps.logger.error({ err: error, checkoutId: row!.id }, "payment provider failed to create a subscription");
      throw providerUnavailable();
    }
    throw error;
  }
}

function sessionValues(input: CheckoutCreate, mode: PaymentMode, amountCents: number) {
  return {
    planType: input.plan,
    billingCycle: input.billing,
    amountCents,
    email: input.cliente.email,
    nome: input.cliente.nome,
    cliente: input.cliente,
    provider: mode,
  };
}

function assinaturaValues(row: Row, mode: PaymentMode) {
  return {
    checkoutSessionId: row.id,
    provider: mode,
    plano: row.planType,
    ciclo: row.billingCycle,
    emailCobranca: row.email,
    cliente: row.cliente,
  };
}

/**
 * Personalizado: nothing is charged until sales agree a price, so the subscription is on record at once,
 * active, without a period or a provider subscription (docs/decisions/045-plans-and-billing.md).
 */
async function createUnchargedCheckout(db: Database, mode: PaymentMode, input: CheckoutCreate): Promise<Row> {
  return db.transaction(async (tx) => {
    const [row] = await tx
      .insert(checkoutSessions)
      .values({ ...sessionValues(input, mode, 0), status: "sem_cobranca" })
      .returning();
    const ref = `${SEM_COBRANCA_PREFIX}${row!.id}`;
    await tx.insert(assinaturas).values({
      ...assinaturaValues(row!, mode),
      customerRef: ref,
      subscriptionRef: ref,
      status: "ativa",
      valorCentavos: 0,
    });
    return row!;
  });
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
 * Asks the provider for the first payment's outcome (demo: charges `card`) and records it with the
 * subscription and its first invoice. Idempotent: an already paid session answers as paid without
 * charging again.
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
  const assinatura = await assinaturaDoCheckout(db, id);
  if (!assinatura) throw notFound("Checkout não encontrado.");

  let confirmed: Awaited<ReturnType<PaymentProvider["confirmSubscription"]>>;
  try {
    confirmed = await provider.confirmSubscription(assinatura.subscriptionRef, card, assinaturaOnRecord(assinatura));
  } catch (error) {
    if (!(error instanceof PaymentProviderError)) throw error;
    deps.logger.error({ err: error, checkoutId: id }, "payment provider failed to confirm a subscription");
    throw providerUnavailable();
  }

  const { outcome, events } = confirmed;
  if (outcome.status === "failed") {
    await markFailed(db, id, outcome.reason);
    throw paymentDeclined(outcome.reason);
  }
  if (outcome.status === "succeeded") {
    await db.transaction(async (tx) => {
      for (const event of events) await applyBillingEvent(tx, provider.mode, event, deps.billing);
      await markPaid(tx, id);
    });
  }
  return toApi((await findCheckout(db, id))!);
}
