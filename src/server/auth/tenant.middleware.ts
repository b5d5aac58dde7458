/**
 * Resolves who is calling and in which tenant, once per request (auth/session-resolver.ts). Every
 * tenant-scoped route sits behind `requireTenant`; handlers read `c.get("tenant")` and never take a
 * tenant id from input.
 */
import type { MiddlewareHandler } from "hono";
import { can, type Permission } from "../../shared/permissions";
import type { AppEnv } from "../http/context";
import { forbidden, unauthorized } from "../http/errors";
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
