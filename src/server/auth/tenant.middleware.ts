/**
 * Resolves who is calling and in which tenant, once per request. Every tenant-scoped route sits
 * behind `requireTenant`; handlers read `c.get("tenant")` and never take a tenant id from input.
 */
import { and, asc, eq, gt } from "drizzle-orm";
import type { MiddlewareHandler } from "hono";
import { MEMBER_ROLES, type MemberRole } from "../../shared/domain";
import { can, type Permission } from "../../shared/permissions";
import type { Database } from "../db/client";
import { member, session as sessionTable } from "../db/schema";
import type { AppEnv, TenantContext } from "../http/context";
import { forbidden, unauthorized } from "../http/errors";
import type { Auth } from "./auth";
import { type DataScope, resolveScope } from "./scope";

export function requireTenant(auth: Auth, db: Database): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    const session = await auth.api.getSession({ headers: c.req.raw.headers });
    if (!session) throw unauthorized();

    const { user } = session;
    const activeOrganizationId = session.session.activeOrganizationId ?? null;
    const memberships = await db
      .select({ organizationId: member.organizationId, role: member.role })
      .from(member)
      .where(
        activeOrganizationId
          ? and(eq(member.userId, user.id), eq(member.organizationId, activeOrganizationId))
          : eq(member.userId, user.id),
      )
      .orderBy(asc(member.createdAt))
      .limit(1);
    const membership = memberships[0];
    if (!membership) throw forbidden("Sua conta não está vinculada a nenhuma administradora de condomínios.");
    if (!(MEMBER_ROLES as readonly string[]).includes(membership.role)) throw forbidden();

    const role = membership.role as MemberRole;
    c.set("tenant", {
      organizationId: membership.organizationId,
      userId: user.id,
      role,
      scope: await resolveScope(db, membership.organizationId, user.id, role),
      user: { id: user.id, name: user.name, email: user.email, image: user.image ?? null },
      sessionId: session.session.id,
      ip: c.get("clientIp") ?? null,
    });
    await next();
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
