/**
 * Rate limits of the auth endpoints that send e-mail, and the storage of better-auth's own limiter.
 * Every counter is a row of better-auth's `rate_limit` table, updated by one upsert that counts and
 * decides under the row's lock, so every instance shares it and parallel requests are counted one
 * by one (docs/decisions/016-password-reset-and-verification.md).
 */
import { randomUUID } from "node:crypto";
import { sql } from "drizzle-orm";
import type { Executor } from "../db/client";
import { rateLimit } from "../db/schema";
import { ipLimitKey } from "../http/client-ip";

const HOUR_MS = 60 * 60 * 1000;

export interface MailLimit {
  max: number;
  windowMs: number;
}

/**
 * "Esqueceu a senha?": at most 3 reset e-mails per address per hour (a 4th request answers the same
 * 200 and sends nothing, so the limit cannot tell whether the address has an account), and at most
 * 10 requests per client IP per hour (429), against one address spraying many mailboxes.
 */
export const RESET_MAILS_PER_ADDRESS: MailLimit = { max: 3, windowMs: HOUR_MS };
export const RESET_REQUESTS_PER_IP: MailLimit = { max: 10, windowMs: HOUR_MS };
/** Resending the confirmation e-mail: 3 per signed-in user per hour. */
export const VERIFICATION_MAILS_PER_USER: MailLimit = { max: 3, windowMs: HOUR_MS };

const normalizeEmail = (email: string) => email.trim().toLowerCase();

export const limitKeys = {
  resetPerAddress: (email: string) => `guarita:reset:email:${normalizeEmail(email)}`,
  // An IPv6 client is counted by its /64 (http/client-ip.ts).
  resetPerIp: (ip: string) => `guarita:reset:ip:${ipLimitKey(ip)}`,
  verificationPerUser: (userId: string) => `guarita:verify:user:${userId}`,
};

export type LimitDecision = { allowed: true } | { allowed: false; retryAfterSeconds: number };

/**
 * Counts one hit on `key` in a fixed window that starts at its first hit (`last_request` holds the
 * window's start, as in http/rate-limit.ts, so housekeeping's "older than a day" rule applies).
 */
export async function hitMailLimit(
  db: Executor,
  key: string,
  limit: MailLimit,
  now = Date.now(),
): Promise<LimitDecision> {
  const closed = sql`${rateLimit.lastRequest} <= ${now - limit.windowMs}::bigint`;
  const [row] = await db
    .insert(rateLimit)
    .values({ id: randomUUID(), key, count: 1, lastRequest: now })
    .onConflictDoUpdate({
      target: rateLimit.key,
      set: {
        count: sql`CASE WHEN ${closed} THEN 1 ELSE ${rateLimit.count} + 1 END`,
        lastRequest: sql`CASE WHEN ${closed} THEN ${now}::bigint ELSE ${rateLimit.lastRequest} END`,
      },
    })
    .returning({ count: rateLimit.count, lastRequest: rateLimit.lastRequest });
  if (!row || row.count <= limit.max) return { allowed: true };
  const waitMs = row.lastRequest + limit.windowMs - now;
  return { allowed: false, retryAfterSeconds: Math.max(1, Math.ceil(waitMs / 1000)) };
}

/**
 * better-auth's limiter (per IP and path) with the same rule as its built-in database storage: a
 * window of `rule.window` seconds since the last admitted request, `rule.max` requests in it.
 * Replaces the built-in storage because that one, whenever one of its windows rolls over, deletes
 * every `rate_limit` row older than its longest window (60 s here), ours included: the hourly
 * counters above, the sign-in throttle (15 minutes) and the checkout limit (10 minutes) would
 * restart every minute under normal traffic. Old rows are left to the hourly housekeeping.
 * One upsert counts and decides; the row's `id` marks the last admitted request.
 */
export function rateLimitStorage(db: Executor) {
  return {
    async consume(key: string, rule: { window: number; max: number }) {
      const now = Date.now();
      const requestId = randomUUID();
      const windowMs = rule.window * 1000;
      const closed = sql`${rateLimit.lastRequest} <= ${now - windowMs}::bigint`;
      const admit = sql`(${closed} OR ${rateLimit.count} < ${rule.max}::int)`;
      const [row] = await db
        .insert(rateLimit)
        .values({ id: requestId, key, count: 1, lastRequest: now })
        .onConflictDoUpdate({
          target: rateLimit.key,
          set: {
            count: sql`CASE WHEN ${closed} THEN 1 WHEN ${admit} THEN ${rateLimit.count} + 1 ELSE ${rateLimit.count} END`,
            id: sql`CASE WHEN ${admit} THEN ${requestId} ELSE ${rateLimit.id} END`,
            lastRequest: sql`CASE WHEN ${admit} THEN ${now}::bigint ELSE ${rateLimit.lastRequest} END`,
          },
        })
        .returning({ id: rateLimit.id, lastRequest: rateLimit.lastRequest });
      if (!row || row.id === requestId) return { allowed: true, retryAfter: null };
      return { allowed: false, retryAfter: Math.max(1, Math.ceil((row.lastRequest + windowMs - now) / 1000)) };
    },
  };
}
