import { createRoute } from "@hono/zod-openapi";
import { can, PERMISSIONS, type Permission } from "../../../shared/permissions";
import { meSchema } from "../../../shared/schemas/me";
import { DEMO_TENANT_SLUG } from "../../demo-guard";
import { errorResponses } from "../../http/openapi";
import { apiRouter } from "../../http/routes";

const meRoute = createRoute({
  method: "get",
  path: "/",
  operationId: "obterContaAtual",
  tags: ["Conta"],
  summary: "Usuário da sessão, seu condomínio/administradora e seu papel",
  security: [{ cookieAuth: [] }],
  responses: {
    200: { description: "Sessão atual", content: { "application/json": { schema: meSchema.openapi("Me") } } },
    ...errorResponses(401, 403),
  },
});

/** Everything comes with the session (auth/session-resolver.ts): no statement of its own. */
export function meRoutes() {
  return apiRouter().openapi(meRoute, async (c) => {
    const tenant = c.get("tenant");
    const org = tenant.organization;
    const permissions = (Object.keys(PERMISSIONS) as Permission[]).filter((p) => can(tenant.role, p));
    const demo = org.slug === DEMO_TENANT_SLUG;
    return c.json({ user: tenant.user, organization: { ...org, demo }, role: tenant.role, permissions }, 200);
  });
}
