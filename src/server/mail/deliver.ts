/**
 * The delivery job: sends due `pendente` rows of the outbox. Safe with several instances, and
 * without holding a row lock while a slow SMTP server answers:
 *
 * 1. claim: one short UPDATE picks the oldest due row with FOR UPDATE SKIP LOCKED and moves its
 *    `proxima_tentativa_em` a lease ahead, so no other run sees it as due until the lease ends;
 * 2. send, with no transaction open (a send is aborted well before the lease ends);
 * 3. mark it `enviado`, or record the failure and schedule the next attempt with backoff, only if
 *    the lease is still ours.
 *
 * A process that dies between 1 and 3 leaves the row `pendente` with the lease as its due time:
 * it is sent again once the lease ends (at least once, never lost).
 */
import { and, eq, inArray, lte, sql } from "drizzle-orm";
import type { Logger } from "pino";
import type { Database } from "../db/client";
import { mailOutbox } from "../db/schema";
import type { MailTransport } from "./transport";

/** Failed sends before a message is given up (`falhou`). */
export const MAX_TENTATIVAS = 8;
/** Wait before attempt n+1 after the n-th failure; the last value repeats (about a day in all). */
export const RETRY_DELAYS_MS = [30_000, 120_000, 600_000, 3_600_000, 3 * 3_600_000, 6 * 3_600_000, 12 * 3_600_000];
/** How long a claimed row stays out of other runs' reach. */
export const LEASE_MS = 5 * 60_000;
/** A send that takes longer is aborted and counts as a failure, long before the lease ends. */
export const SEND_TIMEOUT_MS = 60_000;

export function retryDelayMs(failures: number): number {
  return RETRY_DELAYS_MS[Math.min(Math.max(failures, 1), RETRY_DELAYS_MS.length) - 1]!;
}

/** Errors that say the server (not this message) is the trouble: the rest of the run would fail too. */
const SERVER_TROUBLE = new Set(["ECONNECTION", "ETIMEDOUT", "ESOCKET", "EDNS", "ETLS", "EPROXY", "EAUTH", "ENOAUTH"]);

export interface DeliveryResult {
  sent: number;
  /** Failed and scheduled again. */
  retrying: number;
  /** Failed for the last time (`falhou`). */
  failed: number;
}

const ms = (n: number) => sql`make_interval(secs => ${n / 1000})`;

export async function deliverDueMail(deps: {
  db: Database;
  transport: MailTransport;
  logger: Logger;
  /** Messages per run at most; the scheduler's next run takes the rest. */
  limit?: number;
}): Promise<DeliveryResult> {
  const { db, transport, logger } = deps;
  const result: DeliveryResult = { sent: 0, retrying: 0, failed: 0 };
  for (let i = 0; i < (deps.limit ?? 100); i++) {
    const due = db
      .select({ id: mailOutbox.id })
      .from(mailOutbox)
      .where(and(eq(mailOutbox.status, "pendente"), lte(mailOutbox.proximaTentativaEm, sql`now()`)))
      .orderBy(mailOutbox.proximaTentativaEm)
      .limit(1)
      .for("update", { skipLocked: true });
    // Truncated to milliseconds so the value read back into a JS Date compares equal in step 3.
    const [row] = await db
      .update(mailOutbox)
      .set({ proximaTentativaEm: sql`date_trunc('milliseconds', now() + ${ms(LEASE_MS)})` })
      .where(inArray(mailOutbox.id, due))
      .returning();
    if (!row) break;
    const ours = and(
      eq(mailOutbox.id, row.id),
      eq(mailOutbox.status, "pendente"),
      eq(mailOutbox.proximaTentativaEm, row.proximaTentativaEm),
    );

    let error: unknown = null;
    try {
      await transport.send(
        { id: row.id, to: row.para, subject: row.assunto, html: row.html, text: row.texto, links: row.links },
        AbortSignal.timeout(SEND_TIMEOUT_MS),
      );
    } catch (e) {
      error = e;
    }

    if (!error) {
      await db.update(mailOutbox).set({ status: "enviado", enviadoEm: sql`now()` }).where(ours);
      result.sent++;
      continue;
    }

    const tentativas = row.tentativas + 1;
    const message = (error instanceof Error ? error.message : String(error)).slice(0, 1000);
    const log = { id: row.id, tipo: row.tipo, para: row.para, tentativas, erro: message };
    if (tentativas >= MAX_TENTATIVAS) {
      await db.update(mailOutbox).set({ status: "falhou", tentativas, ultimoErro: message }).where(ours);
      logger.error(log, "e-mail não enviado: tentativas esgotadas");
      result.failed++;
    } else {
      const delay = retryDelayMs(tentativas);
      await db
        .update(mailOutbox)
        .set({ tentativas, ultimoErro: message, proximaTentativaEm: sql`now() + ${ms(delay)}` })
        .where(ours);
      logger.warn({ ...log, novaTentativaEmS: delay / 1000 }, "falha ao enviar e-mail; nova tentativa agendada");
      result.retrying++;
    }
    const code = (error as { code?: unknown }).code;
    // With the server down every further message would just wait for its own timeout.
    if (typeof code === "string" && SERVER_TROUBLE.has(code)) break;
  }
  return result;
}
