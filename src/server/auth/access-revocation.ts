/**
 * Ending a member's access to a tenant at once (docs/decisions/017): their sessions in the tenant are
 * deleted, so the next request is a 401 on every instance (sessions are read from PostgreSQL on each
 * request), and a NOTIFY tells every instance to re-check that user's open event streams now rather
 * than at the next heartbeat. The notification only triggers a re-check against the database, so a
 * forged or replayed one can close nothing that is still allowed.
 */
import { and, eq, sql } from "drizzle-orm";
import { z } from "zod";
import type { Executor } from "../db/client";
import { session } from "../db/schema";
import { SESSIONS_CHANNEL } from "./session-resolver";

export const ACCESS_CHANNEL = "guarita_access";

const payloadSchema = z.object({ organizationId: z.string(), userId: z.string() });
export type AccessChange = z.infer<typeof payloadSchema>;

/** Inside the caller's transaction: the deletes and the NOTIFY take effect at its commit. */
export async function endMemberAccess(tx: Executor, change: AccessChange): Promise<void> {
  await tx
    .delete(session)
    .where(and(eq(session.userId, change.userId), eq(session.activeOrganizationId, change.organizationId)));
  await tx.execute(sql`SELECT pg_notify(${ACCESS_CHANNEL}, ${JSON.stringify(change)})`);
}

/**
 * A member's data scope changed (auth/scope.ts: a porteiro's condominiums), access itself did not:
 * every instance forgets what it remembered of their sessions (auth/session-resolver.ts, decision
 * 027), so their next request reads the new scope, and their open event streams re-read it now.
 * Inside the caller's transaction, like endMemberAccess; the sessions stay.
 */
export async function announceScopeChange(tx: Executor, change: AccessChange): Promise<void> {
  await tx.execute(
    sql`SELECT pg_notify(${SESSIONS_CHANNEL}, ${`u:${change.userId}`}), pg_notify(${ACCESS_CHANNEL}, ${JSON.stringify(change)})`,
  );
}

export function parseAccessChange(payload: string): AccessChange | null {
  try {
    return payloadSchema.parse(JSON.parse(payload));
  } catch {
    return null;
  }
}
