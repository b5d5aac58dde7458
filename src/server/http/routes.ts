/**
 * The one way to declare API routes. Every router is `apiRouter()` (zod failures become our 400 via
 * `validationHook`), and every console route that needs a signed-in member is `tenantRoute({
 * permission, … })`: it names the permission once (or none, for what every member may do: their
 * own profile) and gets the cookie security requirement, the permission check and the 401/403
 * answers in the OpenAPI document, so a route cannot forget any of them (tests/api/permission-matrix.test.ts walks every route against every role).
 */
import { createRoute, OpenAPIHono, type RouteConfig } from "@hono/zod-openapi";
import type { Permission } from "../../shared/permissions";
import { requirePermission } from "../auth/tenant.middleware";
import type { AppEnv } from "./context";
import { COOKIE_AUTH, errorResponses, validationHook } from "./openapi";

/** A router whose bad params, query or body are always the 400 `VALIDATION_ERROR` in pt-BR. */
export function apiRouter() {
  return new OpenAPIHono<AppEnv>({ defaultHook: validationHook });
}

type TenantRouteConfig = Omit<RouteConfig, "security" | "middleware"> & {
  /** What the caller's role must be allowed (src/shared/permissions.ts); none: any member of the tenant. */
  permission?: Permission;
};

const signedInErrors = errorResponses(401, 403);

/** A console route: session cookie, the permission checked before the handler, 401/403 documented. */
export function tenantRoute<const R extends TenantRouteConfig>(config: R) {
  const { permission, responses, ...rest } = config;
  return createRoute({
    ...rest,
    responses: { ...signedInErrors, ...responses } as typeof signedInErrors & R["responses"],
    security: COOKIE_AUTH,
    ...(permission ? { middleware: requirePermission(permission) } : {}),
  });
}
