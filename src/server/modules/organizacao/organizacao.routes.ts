import { organizacaoInputSchema, organizacaoSchema } from "../../../shared/schemas/organizacao";
import type { Database } from "../../db/client";
import { errorResponses, jsonBody, jsonResponse } from "../../http/openapi";
import { apiRouter, tenantRoute } from "../../http/routes";
import { getOrganizacao, updateOrganizacao } from "./organizacao.service";

const TAG = "Organização";
const one = organizacaoSchema.openapi("Organizacao");

const routes = {
  get: tenantRoute({
    method: "get",
    path: "/",
    operationId: "obterOrganizacao",
    tags: [TAG],
    summary: "Dados da administradora: nome, CNPJ e contatos",
    responses: { 200: jsonResponse(one, "Organização") },
  }),
  update: tenantRoute({
    method: "put",
    path: "/",
    operationId: "atualizarOrganizacao",
    tags: [TAG],
    summary: "Atualiza os dados da administradora (proprietário e síndicos)",
    permission: "organizacao:editar",
    request: jsonBody(organizacaoInputSchema),
    responses: { 200: jsonResponse(one, "Atualizada"), ...errorResponses(400) },
  }),
};

export function organizacaoRoutes(db: Database) {
  return apiRouter()
    .openapi(routes.get, async (c) => c.json(await getOrganizacao(db, c.get("tenant").organizationId), 200))
    .openapi(routes.update, async (c) =>
      c.json(await updateOrganizacao(db, c.get("tenant"), c.req.valid("json")), 200),
    );
}
