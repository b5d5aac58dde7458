import { createRoute, OpenAPIHono } from "@hono/zod-openapi";
import { organizacaoInputSchema, organizacaoSchema } from "../../../shared/schemas/organizacao";
import { requirePermission } from "../../auth/tenant.middleware";
import type { Database } from "../../db/client";
import type { AppEnv } from "../../http/context";
import { COOKIE_AUTH, errorResponses, jsonBody, jsonResponse, validationHook } from "../../http/openapi";
import { getOrganizacao, updateOrganizacao } from "./organizacao.service";

const TAG = "Organização";
const one = organizacaoSchema.openapi("Organizacao");

const routes = {
  get: createRoute({
    method: "get",
    path: "/",
    operationId: "obterOrganizacao",
    tags: [TAG],
    summary: "Dados da administradora: nome, CNPJ e contatos",
    security: COOKIE_AUTH,
    responses: { 200: jsonResponse(one, "Organização"), ...errorResponses(401, 403) },
  }),
  update: createRoute({
    method: "put",
    path: "/",
    operationId: "atualizarOrganizacao",
    tags: [TAG],
    summary: "Atualiza os dados da administradora (proprietário e síndicos)",
    security: COOKIE_AUTH,
    middleware: requirePermission("organizacao:editar"),
    request: jsonBody(organizacaoInputSchema),
    responses: { 200: jsonResponse(one, "Atualizada"), ...errorResponses(400, 401, 403) },
  }),
};

export function organizacaoRoutes(db: Database) {
  return new OpenAPIHono<AppEnv>({ defaultHook: validationHook })
    .openapi(routes.get, async (c) => c.json(await getOrganizacao(db, c.get("tenant").organizationId), 200))
    .openapi(routes.update, async (c) =>
      c.json(await updateOrganizacao(db, c.get("tenant"), c.req.valid("json")), 200),
    );
}
