/**
 * The webhook delivery job (docs/decisions/020-webhooks.md), built like the e-mail one
 * (mail/deliver.ts): claim due rows with a lease (FOR UPDATE SKIP LOCKED, so instances never send
 * the same row at once), POST with no transaction open, then record the attempt and the outcome
 * only if the lease is still ours. A process that dies mid-send leaves the row due again when the
 * lease ends: at least once, never lost. Receivers drop repeats by the payload's `id`.
 *
 * Failures retry with exponential backoff until 24 hours after the event; then `falhou`.
 */
import { and, eq, inArray, lte, sql } from "drizzle-orm";
import type { Logger } from "pino";
import type { Database } from "../db/client";
import { webhookAssinaturas, webhookEntregas, webhookTentativas } from "../db/schema";
import { POST_TIMEOUT_MS, type PostResult, postWebhook } from "./post";
import { signWebhook } from "./signature";

/** Wait after the n-th failure: 10 s, 30 s, 1 min, 5 min, 15 min, 30 min, 1 h, then every 2 h. */
export const RETRY_DELAYS_MS = [10_000, 30_000, 60_000, 300_000, 900_000, 1_800_000, 3_600_000, 7_200_000];
const LEASE_MS = POST_TIMEOUT_MS * 3;
/** Rows sent at once in a run: a slow receiver holds one slot, not the whole queue. */
const PARALLEL = 8;

export function retryDelayMs(failures: number): number {
  return RETRY_DELAYS_MS[Math.min(Math.max(failures, 1), RETRY_DELAYS_MS.length) - 1]!;
}

export interface WebhookDeliveryResult {
  delivered: number;
  retrying: number;
  failed: number;
}

const ms = (n: number) => sql`make_interval(secs => ${n / 1000})`;

export async function deliverDueWebhooks(deps: {
  db: Database;
  logger: Logger;
  allowPrivate: boolean;
  /** Rows per run at most; the next run takes the rest. */
  limit?: number;
  post?: typeof postWebhook;
}): Promise<WebhookDeliveryResult> {
  const { db, logger } = deps;
  const post = deps.post ?? postWebhook;
  const result: WebhookDeliveryResult = { delivered: 0, retrying: 0, failed: 0 };
  const limit = deps.limit ?? 200;
  let handled = 0;
  while (handled < limit) {
    const due = db
      .select({ id: webhookEntregas.id })
      .from(webhookEntregas)
      .where(and(eq(webhookEntregas.status, "pendente"), lte(webhookEntregas.proximaTentativaEm, sql`now()`)))
      .orderBy(webhookEntregas.proximaTentativaEm)
      .limit(Math.min(PARALLEL, limit - handled))
      .for("update", { skipLocked: true });
    // Truncated to milliseconds so the value read back compares equal when the outcome is written.
    const claimed = await db
      .update(webhookEntregas)
      .set({ proximaTentativaEm: sql`date_trunc('milliseconds', now() + ${ms(LEASE_MS)})` })
      .where(inArray(webhookEntregas.id, due))
      .returning();
    if (claimed.length === 0) break;
    handled += claimed.length;

    const subscriptions = await db
      .select({ id: webhookAssinaturas.id, url: webhookAssinaturas.url, segredo: webhookAssinaturas.segredo })
      .from(webhookAssinaturas)
      .where(inArray(webhookAssinaturas.id, [...new Set(claimed.map((r) => r.assinaturaId))]));
    const subscriptionOf = new Map(subscriptions.map((s) => [s.id, s]));

    await Promise.all(
      claimed.map(async (row) => {
        const subscription = subscriptionOf.get(row.assinaturaId);
        if (!subscription) return; // deleted meanwhile: the cascade took the row too
        const outcome: PostResult = await post(
          subscription.url,
          row.corpo,
          {
            "user-agent": "Guarita-Webhooks/1.0",
            "guarita-event": row.tipo,
            "guarita-delivery": row.id,
            "guarita-signature": signWebhook(subscription.segredo, row.corpo),
          },
          { allowPrivate: deps.allowPrivate },
        );
        const ok = outcome.status !== null && outcome.status >= 200 && outcome.status < 300;
        const tentativas = row.tentativas + 1;
        const ours = and(
          eq(webhookEntregas.id, row.id),
          eq(webhookEntregas.status, "pendente"),
          eq(webhookEntregas.proximaTentativaEm, row.proximaTentativaEm),
        );
        const delay = retryDelayMs(tentativas);
        const outOfTime = Date.now() + delay > row.tentarAte.getTime();
        await db.transaction(async (tx) => {
          const updated = await tx
            .update(webhookEntregas)
            .set({
              tentativas,
              ultimoStatusHttp: outcome.status,
              ultimoErro: outcome.error,
              ...(ok
                ? { status: "entregue", entregueEm: sql`now()` }
                : outOfTime
                  ? { status: "falhou" }
                  : { proximaTentativaEm: sql`now() + ${ms(delay)}` }),
            })
            .where(ours)
            .returning({ id: webhookEntregas.id });
          if (updated.length === 0) return; // lease lost (a redelivery or another run took it)
          await tx.insert(webhookTentativas).values({
            entregaId: row.id,
            statusHttp: outcome.status,
            erro: outcome.error,
            duracaoMs: outcome.durationMs,
          });
        });
        const log = { id: row.id, tipo: row.tipo, tentativas, status: outcome.status, erro: outcome.error };
        if (ok) result.delivered++;
        else if (outOfTime) {
          result.failed++;
          logger.warn(log, "webhook não entregue em 24 horas: desistindo");
        } else {
          result.retrying++;
          logger.info({ ...log, novaTentativaEmS: delay / 1000 }, "webhook não entregue; nova tentativa agendada");
        }
      }),
    );
  }
  return result;
}
