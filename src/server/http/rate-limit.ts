/**
 * A fixed-window counter per key in PostgreSQL, so every instance shares it. It lives in
 * better-auth's `rate_limit` table (same shape, our keys are prefixed "guarita:" and never collide
 * with better-auth's "<ip>/<path>" keys).
 */
import { randomUUID } from "node:crypto";
import { sql } from "drizzle-orm";
import type { Executor } from "../db/client";
import { rateLimit } from "../db/schema";

export interface WindowLimit {
  max: number;
  windowMs: number;
}

/** Counts one hit for `key`; true while the key is within its limit. */
export async function hitLimit(db: Executor, key: string, limit: WindowLimit, now = Date.now()): Promise<boolean> {
  const windowStart = now - limit.windowMs;
  const [row] = await db
    .insert(rateLimit)
    .values({ id: randomUUID(), key: `guarita:${key}`, count: 1, lastRequest: now })
    .onConflictDoUpdate({
      target: rateLimit.key,
      set: {
        count: sql`CASE WHEN ${rateLimit.lastRequest} < ${windowStart} THEN 1 ELSE ${rateLimit.count} + 1 END`,
        lastRequest: sql`CASE WHEN ${rateLimit.lastRequest} < ${windowStart} THEN ${now} ELSE ${rateLimit.lastRequest} END`,
      },
    })
    .returning({ count: rateLimit.count });
  return (row?.count ?? 1) <= limit.max;
}
