import { uuidParam } from "../../../shared/schemas/common";
import {
  portaoCreateSchema,
  portaoInputSchema,
  portaoListQuerySchema,
  portaoListSchema,
  portaoSchema,
} from "../../../shared/schemas/portoes";
import type { Database } from "../../db/client";
import { errorResponses, jsonBody, jsonResponse } from "../../http/openapi";
import { apiRouter, tenantRoute } from "../../http/routes";
import * as service from "./portoes.service";

const TAG = "Portões";
const one = portaoSchema.openapi("Portao");

const routes = {
  list: tenantRoute({
    method: "get",
    path: "/",
    operationId: "listarPortoes",
    tags: [TAG],
    permission: "unidades:ler",
    summary: "Portões de um condomínio, ativos primeiro, por nome",
    request: { query: portaoListQuerySchema },
    responses: { 200: jsonResponse(portaoListSchema.openapi("Portoes"), "Portões"), ...errorResponses(400, 404) },
  }),
  create: tenantRoute({
    method: "post",
    path: "/",
    operationId: "criarPortao",
    tags: [TAG],
    permission: "cadastros:editar",
    summary: "Cria um portão (nome único no condomínio)",
    request: jsonBody(portaoCreateSchema),
    responses: { 201: jsonResponse(one, "Criado"), ...errorResponses(400, 404, 409) },
  }),
  update: tenantRoute({
    method: "put",
    path: "/{id}",
    operationId: "atualizarPortao",
    tags: [TAG],
    permission: "cadastros:editar",
    summary: "Renomeia, muda o tipo ou desativa um portão (portões não são excluídos)",
    request: { params: uuidParam, ...jsonBody(portaoInputSchema) },
    responses: { 200: jsonResponse(one, "Atualizado"), ...errorResponses(400, 404, 409) },
  }),
};

export function portoesRoutes(db: Database) {
  return apiRouter()
    .openapi(routes.list, async (c) =>
      c.json({ items: await service.list(db, c.get("tenant"), c.req.valid("query").condominio_id) }, 200),
    )
    .openapi(routes.create, async (c) => {
      const { condominio_id, ...input } = c.req.valid("json");
      return c.json(await service.create(db, c.get("tenant"), condominio_id, input), 201);
    })
    .openapi(routes.update, async (c) =>
      c.json(await service.update(db, c.get("tenant"), c.req.valid("param").id, c.req.valid("json")), 200),
    );
}
