import { and, eq, gte, lt, sql } from "drizzle-orm";
import type { Database } from "../db/client";
import { loginFailures } from "../db/schema";

export const LOGIN_FAILURE_WINDOW_MS = 15 * 60 * 1000;

/** Per-e-mail lockout after repeated failures, shared by every instance through the database. */
export function createLoginThrottle(db: Database, maxFailures: number) {
  const normalize = (email: string) => email.trim().toLowerCase();
  return {
    async isLocked(email: string): Promise<boolean> {
      const since = new Date(Date.now() - LOGIN_FAILURE_WINDOW_MS);
      const [row] = await db
        .select({ count: sql<number>`count(*)::int` })
        .from(loginFailures)
        .where(and(eq(loginFailures.email, normalize(email)), gte(loginFailures.createdAt, since)));
      return (row?.count ?? 0) >= maxFailures;
    },
    async recordFailure(email: string, ip: string | null): Promise<void> {
      await db.insert(loginFailures).values({ email: normalize(email), ip });
    },
    async clear(email: string): Promise<void> {
      await db.delete(loginFailures).where(eq(loginFailures.email, normalize(email)));
    },
    /** Housekeeping: drop failures older than the window. */
    async prune(): Promise<void> {
      await db.delete(loginFailures).where(lt(loginFailures.createdAt, new Date(Date.now() - LOGIN_FAILURE_WINDOW_MS)));
    },
  };
}
export type LoginThrottle = ReturnType<typeof createLoginThrottle>;
