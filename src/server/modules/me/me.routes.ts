import { createRoute } from "@hono/zod-openapi";
import { can, PERMISSIONS, type Permission } from "../../../shared/permissions";
import { type Me, meSchema } from "../../../shared/schemas/me";
import type { Executor } from "../../db/client";
import { DEMO_TENANT_SLUG } from "../../demo-guard";
import type { TenantContext } from "../../http/context";
import { errorResponses } from "../../http/openapi";
import { apiRouter } from "../../http/routes";
import { estadoCobranca } from "../faturamento/assinatura.service";
import { PAPEIS_DA_EQUIPE } from "../faturamento/somente-leitura.service";

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

/**
 * The console's billing banner (docs/decisions/045-plans-and-billing.md): staff only; a morador's
 * screens never change with the subscription.
 *
 * One indexed lookup here (the subscription's unique organization index) rather than a column of
 * the session resolver's cached row: that cache is dropped by the NOTIFY triggers on session, user,
 * member and organization (auth/session-resolver.ts), and `assinaturas` has none, so a remembered
 * state would outlive a payment for up to the TTL on every instance, where paying must restore the
 * console at once. The resolver's one statement stays as it is for every other route.
 */
async function cobrancaDe(db: Executor, tenant: TenantContext, now: Date): Promise<Me["cobranca"]> {
  if (!PAPEIS_DA_EQUIPE.has(tenant.role)) return null;
  const estado = await estadoCobranca(db, tenant.organizationId, now);
  if (estado.somenteLeitura) return { situacao: "somente_leitura", ate: null };
  if (estado.status === "inadimplente" && estado.carenciaAte)
    return { situacao: "carencia", ate: estado.carenciaAte.toISOString() };
  return null;
}

/** Everything else comes with the session (auth/session-resolver.ts); the billing state is read here. */
export function meRoutes(db: Executor) {
  return apiRouter().openapi(meRoute, async (c) => {
    const tenant = c.get("tenant");
    const org = tenant.organization;
    const permissions = (Object.keys(PERMISSIONS) as Permission[]).filter((p) => can(tenant.role, p));
    const demo = org.slug === DEMO_TENANT_SLUG;
    const cobranca = await cobrancaDe(db, tenant, new Date());
    return c.json({ user: tenant.user, organization: { ...org, demo }, role: tenant.role, permissions, cobranca }, 200);
  });
}
