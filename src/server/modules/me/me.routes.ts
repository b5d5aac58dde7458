import { createRoute, OpenAPIHono } from "@hono/zod-openapi";
import { eq } from "drizzle-orm";
import { can, PERMISSIONS, type Permission } from "../../../shared/permissions";
import { meSchema } from "../../../shared/schemas/me";
import type { Database } from "../../db/client";
import { organization } from "../../db/schema";
import { DEMO_TENANT_SLUG } from "../../db/seed/demo";
import type { AppEnv } from "../../http/context";
import { notFound } from "../../http/errors";
import { errorResponses } from "../../http/openapi";

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

export function meRoutes(db: Database) {
  return new OpenAPIHono<AppEnv>().openapi(meRoute, async (c) => {
    const tenant = c.get("tenant");
    const [org] = await db
      .select({ id: organization.id, name: organization.name, slug: organization.slug })
      .from(organization)
      .where(eq(organization.id, tenant.organizationId));
    if (!org) throw notFound();
    const permissions = (Object.keys(PERMISSIONS) as Permission[]).filter((p) => can(tenant.role, p));
    const demo = org.slug === DEMO_TENANT_SLUG;
    return c.json({ user: tenant.user, organization: { ...org, demo }, role: tenant.role, permissions }, 200);
  });
}
