/**
 * Sign-in throttling (docs/decisions/011-sign-in-throttling.md). Failures are counted per
 * (e-mail, client IP) and per client IP, never per e-mail alone: a stranger hammering
 * porteiro@… from elsewhere only slows themself down, and the porteiro at the gate still gets in.
 * Past a few free failures, each further attempt must wait a delay that doubles with every
 * attempt (progressive delay), up to the 15-minute window; there is no account lockout.
 *
 * Counters live in better-auth's `rate_limit` table (keys "guarita:login:…", like http/rate-limit.ts),
 * so every instance shares them. One upsert per counter counts the attempt and decides, under the
 * row's lock: a burst of parallel attempts is counted one by one, and only the admitted ones reach
 * the password check.
 */
import { randomUUID } from "node:crypto";
import { and, eq, like, lt, sql } from "drizzle-orm";
import type { Database } from "../db/client";
import { loginFailures, rateLimit } from "../db/schema";
import { ipLimitKey } from "../http/client-ip";

export const LOGIN_FAILURE_WINDOW_MS = 15 * 60 * 1000;
/** The wait after the last free failure; it doubles with each further attempt. */
export const FIRST_LOGIN_DELAY_MS = 2_000;
const KEY_PREFIX = "guarita:login:";

export interface LoginThrottleOptions {
  /** Failed sign-ins from one IP for one e-mail before attempts are delayed (AUTH_MAX_LOGIN_FAILURES). */
  maxFailuresPerAccount: number;
  /** Failed sign-ins from one IP over every e-mail before attempts are delayed (AUTH_MAX_LOGIN_FAILURES_PER_IP). */
  maxFailuresPerIp: number;
}

/** How long after the last admitted attempt a counter with `attempts` counted admits the next one. */
export function loginDelayMs(attempts: number, freeAttempts: number): number {
  if (attempts < freeAttempts) return 0;
  return Math.min(LOGIN_FAILURE_WINDOW_MS, FIRST_LOGIN_DELAY_MS * 2 ** Math.min(attempts - freeAttempts, 20));
}

export type LoginOutcome = "success" | "wrong-password" | "not-checked";

export interface LoginAttempt {
  accountKey: string;
  ipKey: string | null;
}

export type Admission = { admitted: true; attempt: LoginAttempt } | { admitted: false; retryAfterSeconds: number };

const normalizeEmail = (email: string) => email.trim().toLowerCase();

export function createLoginThrottle(db: Database, options: LoginThrottleOptions) {
  /**
   * Counts one attempt on `key` and says whether it may go on. Under the row lock of the upsert:
   * the counter restarts after a quiet window; otherwise the attempt is admitted while the count is
   * below `free` or the delay since the last admitted attempt has passed. The row's `id` records
   * the last admitted attempt, so RETURNING tells this attempt whether it was the one.
   */
  async function countAttempt(key: string, free: number, now: number) {
    const attemptId = randomUUID();
    const windowStart = now - LOGIN_FAILURE_WINDOW_MS;
    const delay = sql`LEAST(${LOGIN_FAILURE_WINDOW_MS}::bigint, ${FIRST_LOGIN_DELAY_MS}::bigint * power(2, LEAST(GREATEST(${rateLimit.count} - ${free}::int, 0), 20))::bigint)`;
    const expired = sql`${rateLimit.lastRequest} < ${windowStart}::bigint`;
    const admit = sql`(${expired} OR ${rateLimit.count} < ${free}::int OR ${rateLimit.lastRequest} + ${delay} <= ${now}::bigint)`;
    const [row] = await db
      .insert(rateLimit)
      .values({ id: attemptId, key, count: 1, lastRequest: now })
      .onConflictDoUpdate({
        target: rateLimit.key,
        set: {
          count: sql`CASE WHEN ${expired} THEN 1 ELSE ${rateLimit.count} + 1 END`,
          id: sql`CASE WHEN ${admit} THEN ${attemptId} ELSE ${rateLimit.id} END`,
          lastRequest: sql`CASE WHEN ${admit} THEN ${now}::bigint ELSE ${rateLimit.lastRequest} END`,
        },
      })
      .returning({ id: rateLimit.id, count: rateLimit.count, lastRequest: rateLimit.lastRequest });
    if (!row || row.id === attemptId) return { admitted: true as const };
    const waitMs = row.lastRequest + loginDelayMs(row.count, free) - now;
    return { admitted: false as const, retryAfterSeconds: Math.max(1, Math.ceil(waitMs / 1000)) };
  }

  /** An attempt that turned out not to be a failure gives its count back. */
  async function refund(key: string) {
    await db
      .update(rateLimit)
      .set({ count: sql`GREATEST(${rateLimit.count} - 1, 0)` })
      .where(eq(rateLimit.key, key));
  }

  return {
    /** Counts a sign-in attempt for (e-mail, IP) and for the IP; refused ones say how long to wait. */
    async admit(email: string, clientIp: string | null, now = Date.now()): Promise<Admission> {
      // An IPv6 client is counted by its /64 (http/client-ip.ts).
      const ip = ipLimitKey(clientIp);
      const accountKey = `${KEY_PREFIX}conta:${ip ?? "desconhecido"}:${normalizeEmail(email)}`;
      const account = await countAttempt(accountKey, options.maxFailuresPerAccount, now);
      if (!account.admitted) return account;
      const ipKey = ip ? `${KEY_PREFIX}ip:${ip}` : null;
      if (ipKey) {
        const perIp = await countAttempt(ipKey, options.maxFailuresPerIp, now);
        if (!perIp.admitted) return perIp;
      }
      return { admitted: true, attempt: { accountKey, ipKey } };
    },

    /** After better-auth answered: only a wrong password stays counted; a success forgives this pair. */
    async settle(attempt: LoginAttempt, outcome: LoginOutcome): Promise<void> {
      if (outcome === "wrong-password") return;
      if (outcome === "success") await db.delete(rateLimit).where(eq(rateLimit.key, attempt.accountKey));
      else await refund(attempt.accountKey);
      if (attempt.ipKey) await refund(attempt.ipKey);
    },

    /** Housekeeping: counters quiet for a whole window (and rows of the former per-e-mail lockout). */
    async prune(now = Date.now()): Promise<void> {
      await db
        .delete(rateLimit)
        .where(and(like(rateLimit.key, `${KEY_PREFIX}%`), lt(rateLimit.lastRequest, now - LOGIN_FAILURE_WINDOW_MS)));
      await db.delete(loginFailures).where(lt(loginFailures.createdAt, new Date(now - LOGIN_FAILURE_WINDOW_MS)));
    },
  };
}
export type LoginThrottle = ReturnType<typeof createLoginThrottle>;
