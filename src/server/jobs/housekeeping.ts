/**
 * Hourly deletes that keep tables from growing without bound. Plain functions of the database and
 * the clock, so tests call them directly; every one is safe to run on several instances at once.
 */
import { and, eq, inArray, lt, ne } from "drizzle-orm";
import type { CheckoutStatus } from "../../shared/domain";
import type { Executor } from "../db/client";
import { apiIdempotencia, checkoutSessions, mailOutbox, rateLimit, webhookEntregas } from "../db/schema";

const HOUR_MS = 3_600_000;
const DAY_MS = 24 * HOUR_MS;

/**
 * Checkouts that never took money: waiting for a card, declined, or Personalizado (no charge) that
 * never became an account. Their browser cookie lives 24 h (checkout-cookie.ts); they are kept a
 * week so a late provider webhook for a payment still in flight finds its row. Paid (`pago`) and
 * used (`concluido`) sessions are billing records and are never deleted.
 */
export const UNPAID_CHECKOUT_STATUSES = [
  "pendente",
  "falhou",
  "sem_cobranca",
] as const satisfies readonly CheckoutStatus[];
export const UNPAID_CHECKOUT_RETENTION_MS = 7 * DAY_MS;

export async function deleteExpiredCheckouts(db: Executor, now = new Date()): Promise<number> {
  const deleted = await db
    .delete(checkoutSessions)
    .where(
      and(
        inArray(checkoutSessions.status, [...UNPAID_CHECKOUT_STATUSES]),
        lt(checkoutSessions.createdAt, new Date(now.getTime() - UNPAID_CHECKOUT_RETENTION_MS)),
      ),
    )
    .returning({ id: checkoutSessions.id });
  return deleted.length;
}

/**
 * `rate_limit` holds better-auth's counters ("<ip>|<path>", 60 s windows) and ours ("guarita:…",
 * http/rate-limit.ts, windows of at most 10 minutes). `last_request` is epoch milliseconds and marks
 * the window's start, so a row older than a day belongs to a window long closed: deleting it is the
 * same as the reset the next hit would do.
 */
export const RATE_LIMIT_RETENTION_MS = DAY_MS;

export async function deleteStaleRateLimits(db: Executor, nowMs = Date.now()): Promise<number> {
  const deleted = await db
    .delete(rateLimit)
    .where(lt(rateLimit.lastRequest, nowMs - RATE_LIMIT_RETENTION_MS))
    .returning({ id: rateLimit.id });
  return deleted.length;
}

/**
 * Sent e-mail stays a month, long enough to answer "did the invitation go out?"; its body holds
 * names and one-time links nobody needs after that. Pending rows are never touched, and given-up
 * ones (`falhou`) stay for whoever investigates.
 */
export const SENT_MAIL_RETENTION_MS = 30 * DAY_MS;

export async function deleteSentMail(db: Executor, now = new Date()): Promise<number> {
  const deleted = await db
    .delete(mailOutbox)
    .where(
      and(eq(mailOutbox.status, "enviado"), lt(mailOutbox.enviadoEm, new Date(now.getTime() - SENT_MAIL_RETENTION_MS))),
    )
    .returning({ id: mailOutbox.id });
  return deleted.length;
}

/**
 * Finished webhook deliveries stay 30 days for the settings screen ("did the gate get it?");
 * pending ones are never touched (their own 24-hour window ends them).
 */
export const WEBHOOK_DELIVERY_RETENTION_MS = 30 * DAY_MS;

export async function deleteOldWebhookDeliveries(db: Executor, now = new Date()): Promise<number> {
  const deleted = await db
    .delete(webhookEntregas)
    .where(
      and(
        ne(webhookEntregas.status, "pendente"),
        lt(webhookEntregas.createdAt, new Date(now.getTime() - WEBHOOK_DELIVERY_RETENTION_MS)),
      ),
    )
    .returning({ id: webhookEntregas.id });
  return deleted.length;
}

/** A retry with an Idempotency-Key is honoured for a day (docs/decisions/021-idempotency.md). */
export const IDEMPOTENCY_RETENTION_MS = DAY_MS;

export async function deleteOldIdempotencyKeys(db: Executor, now = new Date()): Promise<number> {
  const deleted = await db
    .delete(apiIdempotencia)
    .where(lt(apiIdempotencia.createdAt, new Date(now.getTime() - IDEMPOTENCY_RETENTION_MS)))
    .returning({ chave: apiIdempotencia.chave });
  return deleted.length;
}
