import { createRoute, OpenAPIHono } from "@hono/zod-openapi";
import { chamadaListQuerySchema, chamadaPageSchema, chamadaSchema } from "../../../shared/schemas/chamadas";
import { uuidParam } from "../../../shared/schemas/common";
import { requirePermission } from "../../auth/tenant.middleware";
import type { Database } from "../../db/client";
import type { AppEnv } from "../../http/context";
import { COOKIE_AUTH, errorResponses, jsonResponse, validationHook } from "../../http/openapi";
import * as service from "./chamadas.service";

const TAG = "Chamadas";
const read = requirePermission("chamadas:ler");

const routes = {
  list: createRoute({
    method: "get",
    path: "/",
    operationId: "listarChamadas",
    tags: [TAG],
    security: COOKIE_AUTH,
    middleware: read,
    summary: "Chamadas com pessoa e visitante, mais recentes primeiro; filtros e busca",
    request: { query: chamadaListQuerySchema },
    responses: {
      200: jsonResponse(chamadaPageSchema.openapi("PaginaChamadas"), "Página"),
      ...errorResponses(400, 401, 403),
    },
  }),
  get: createRoute({
    method: "get",
    path: "/{id}",
    operationId: "obterChamada",
    tags: [TAG],
    security: COOKIE_AUTH,
    middleware: read,
    summary: "Detalhe de uma chamada",
    request: { params: uuidParam },
    responses: {
      200: jsonResponse(chamadaSchema.openapi("Chamada"), "Chamada"),
      ...errorResponses(400, 401, 403, 404),
    },
  }),
};

export function chamadasRoutes(db: Database) {
  return new OpenAPIHono<AppEnv>({ defaultHook: validationHook })
    .openapi(routes.list, async (c) => {
      const q = c.req.valid("query");
      const filters = {
        solicitacaoId: q.solicitacao_id,
        pessoaId: q.pessoa_id,
        status: q.status,
        q: q.q,
        de: q.de ? new Date(q.de) : undefined,
        ate: q.ate ? new Date(q.ate) : undefined,
      };
      return c.json(await service.list(db, c.get("tenant"), filters, q.page, q.page_size), 200);
    })
    .openapi(routes.get, async (c) => c.json(await service.get(db, c.get("tenant"), c.req.valid("param").id), 200));
}
