import { uuidParam } from "../../../shared/schemas/common";
import {
  chaveCriadaSchema,
  chaveInputSchema,
  chaveListQuerySchema,
  chavePageSchema,
  chaveSchema,
} from "../../../shared/schemas/integracoes";
import type { Database } from "../../db/client";
import { errorResponses, jsonBody, jsonResponse } from "../../http/openapi";
import { apiRouter, tenantRoute } from "../../http/routes";
import { createChave, listChaves, revokeChave } from "./chaves.service";

const TAG = "Integrações";

const routes = {
  list: tenantRoute({
    method: "get",
    path: "/chaves",
    operationId: "listarChaves",
    tags: [TAG],
    summary: "Chaves de API do cliente, da mais nova à mais antiga, com o último uso",
    permission: "integracoes:gerenciar",
    request: { query: chaveListQuerySchema },
    responses: {
      200: jsonResponse(chavePageSchema.openapi("PaginaChaves"), "Página"),
      ...errorResponses(400),
    },
  }),
  create: tenantRoute({
    method: "post",
    path: "/chaves",
    operationId: "criarChave",
    tags: [TAG],
    summary: "Cria uma chave com nome e permissões; o segredo aparece só nesta resposta",
    permission: "integracoes:gerenciar",
    request: jsonBody(chaveInputSchema),
    responses: {
      201: jsonResponse(chaveCriadaSchema.openapi("ChaveCriada"), "Chave criada"),
      ...errorResponses(400),
    },
  }),
  revoke: tenantRoute({
    method: "delete",
    path: "/chaves/{id}",
    operationId: "revogarChave",
    tags: [TAG],
    summary: "Revoga a chave na hora: a próxima chamada com ela recebe 401",
    permission: "integracoes:gerenciar",
    request: { params: uuidParam },
    responses: { 200: jsonResponse(chaveSchema.openapi("Chave"), "Revogada"), ...errorResponses(400, 404) },
  }),
};

export function integracoesRoutes(db: Database) {
  return apiRouter()
    .openapi(routes.list, async (c) => c.json(await listChaves(db, c.get("tenant"), c.req.valid("query")), 200))
    .openapi(routes.create, async (c) => c.json(await createChave(db, c.get("tenant"), c.req.valid("json")), 201))
    .openapi(routes.revoke, async (c) => c.json(await revokeChave(db, c.get("tenant"), c.req.valid("param").id), 200));
}
