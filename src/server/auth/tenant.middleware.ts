/**
 * Resolves who is calling and in which tenant, once per request (auth/session-resolver.ts). Every
 * tenant-scoped route sits behind `requireTenant`; handlers read `c.get("tenant")` and never take a
 * tenant id from input.
 */
import { and, eq, gt } from "drizzle-orm";
import type { MiddlewareHandler } from "hono";
import { can, type Permission } from "../../shared/permissions";
import type { Database } from "../db/client";
import { member, session as sessionTable } from "../db/schema";
import type { AppEnv, TenantContext } from "../http/context";
import { forbidden, unauthorized } from "../http/errors";
import { type DataScope, resolveScope } from "./scope";
import type { SessionResolver } from "./session-resolver";

export function requireTenant(sessions: SessionResolver): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    const resolved = await sessions.resolve(c.req.raw.headers);
    if (!resolved) throw unauthorized();
    const { membership, user } = resolved;
    if (!membership) throw forbidden("Sua conta não está vinculada a nenhuma administradora de condomínios.");
    if (!membership.role) throw forbidden();
    c.set("tenant", {
      organizationId: membership.organizationId,
      organization: membership.organization,
      userId: user.id,
      role: membership.role,
      scope: membership.scope,
      user,
      sessionId: resolved.sessionId,
      ip: c.get("clientIp") ?? null,
    });
    await next();
    // A write may have changed a session's user, role, tenant or units (the triggers announce it).
    if (c.req.method !== "GET" && c.req.method !== "HEAD" && c.res.status < 400) await sessions.settle();
  };
}

/** 403 unless the caller's role has the permission (src/shared/permissions.ts). */
export function requirePermission(permission: Permission): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    if (!can(c.get("tenant").role, permission)) throw forbidden();
    await next();
  };
}

/**
 * Whether the tenant context a long-lived request (an SSE stream) started with still holds: its
 * session is signed in and unexpired, and its user is still a member of the tenant with the same
 * role, which has `permission`. One indexed query on the database (never better-auth's cookie
 * cache), so a sign-out, a removal or a role change made on any instance is seen. Returns the
 * caller's current data scope (a morador may have moved in or out of a unit), or false.
 */
export async function tenantStillAllowed(
  db: Database,
  tenant: TenantContext,
  permission: Permission,
): Promise<{ scope: DataScope } | false> {
  const [row] = await db
    .select({ role: member.role })
    .from(sessionTable)
    .innerJoin(member, and(eq(member.userId, sessionTable.userId), eq(member.organizationId, tenant.organizationId)))
    .where(
      and(
        eq(sessionTable.id, tenant.sessionId),
        eq(sessionTable.userId, tenant.userId),
        gt(sessionTable.expiresAt, new Date()),
      ),
    )
    .limit(1);
  if (!row || row.role !== tenant.role || !can(row.role, permission)) return false;
  return { scope: await resolveScope(db, tenant.organizationId, tenant.userId, tenant.role) };
}
