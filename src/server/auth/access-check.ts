/**
 * Whether a session still grants what a long-lived request (an event stream) was opened with: the
 * rule, stated here once, and asked for many grants at once.
 *
 * A grant is what auth/session-resolver.ts answered when the request came in: the session, its
 * user, the tenant and the member's role there. It still holds while
 * - the session exists, is unexpired and belongs to the user (a sign-out, a revoked or deleted
 *   session, an expiry end it);
 * - the user is still a member of the tenant, with the role the grant was given (a removal or a
 *   role change ends it: the request would be resolved differently now);
 * - that role has the permission the request needed.
 * Then the caller's data scope is re-read (auth/scope.ts, resolveScopes), since a morador may have
 * moved in or out of a unit. Read from the database every time (never the resolver's memory nor
 * better-auth's cookie cache), so a change made on any instance, or straight in psql, is seen.
 * Which tenant the session is in now is not asked again: a session moved into another tenant (an
 * invitation accepted while signed in, modules/equipe/convite-aceite.service.ts) keeps its grants of
 * the first while its user is still a member there with the same role.
 *
 * Asked for every open stream of an instance at each heartbeat (realtime/events.routes.ts): one
 * statement for all the sessions (in chunks of SESSION_CHUNK) and one for the moradores' units,
 * whatever the number of grants, where a check per stream would cost 500 statements a second for
 * 10,000 clients (and, on PGlite, queue them behind every request).
 */
import { and, eq, gt, inArray } from "drizzle-orm";
import type { MemberRole } from "../../shared/domain";
import { can, type Permission } from "../../shared/permissions";
import type { Database } from "../db/client";
import { member, session } from "../db/schema";
import { type DataScope, resolveScopes } from "./scope";

/** What a long-lived request was opened with (a subset of the request's TenantContext). */
export interface AccessGrant {
  organizationId: string;
  userId: string;
  sessionId: string;
  role: MemberRole;
}

/** `{ scope }` when the grant still holds (with the caller's current scope), false when it does not. */
export type GrantCheck = { scope: DataScope } | false;

const SESSION_CHUNK = 5_000;

const grantKey = (g: Pick<AccessGrant, "sessionId" | "organizationId" | "userId">) =>
  `${g.sessionId}\u0000${g.organizationId}\u0000${g.userId}`;

/** Each grant's answer: `{ scope }` or false. */
export async function grantsStillAllowed<G extends AccessGrant>(
  db: Database,
  grants: readonly G[],
  permission: Permission,
): Promise<Map<G, GrantCheck>> {
  const result = new Map<G, GrantCheck>();
  if (grants.length === 0) return result;
  const sessionIds = [...new Set(grants.map((g) => g.sessionId))];
  const organizationIds = [...new Set(grants.map((g) => g.organizationId))];
  const now = new Date();

  /** Session, tenant and user → the member's current role there, for the unexpired sessions. */
  const roles = new Map<string, string>();
  for (let i = 0; i < sessionIds.length; i += SESSION_CHUNK) {
    const rows = await db
      .select({
        sessionId: session.id,
        userId: session.userId,
        organizationId: member.organizationId,
        role: member.role,
      })
      .from(session)
      .innerJoin(member, eq(member.userId, session.userId))
      .where(
        and(
          inArray(session.id, sessionIds.slice(i, i + SESSION_CHUNK)),
          gt(session.expiresAt, now),
          inArray(member.organizationId, organizationIds),
        ),
      );
    for (const row of rows) roles.set(grantKey(row), row.role);
  }

  const allowed = grants.filter((g) => roles.get(grantKey(g)) === g.role && can(g.role, permission));
  const scopes = await resolveScopes(db, allowed);
  for (const g of grants) result.set(g, false);
  for (const [i, g] of allowed.entries()) result.set(g, { scope: scopes[i]! });
  return result;
}
