import { uuidParam } from "../../../shared/schemas/common";
import {
  totemCreateSchema,
  totemListQuerySchema,
  totemPageSchema,
  totemPareamentoSchema,
  totemSchema,
} from "../../../shared/schemas/totens";
import type { Database } from "../../db/client";
import { errorResponses, jsonBody, jsonResponse } from "../../http/openapi";
import { apiRouter, tenantRoute } from "../../http/routes";
import * as service from "./totens.service";

const TAG = "Totens";
const PERMISSION = "totens:gerenciar" as const;
const pareamento = totemPareamentoSchema.openapi("TotemPareamento");

const routes = {
  list: tenantRoute({
    method: "get",
    path: "/",
    operationId: "listarTotens",
    tags: [TAG],
    permission: PERMISSION,
    summary: "Totens dos portões: os em uso primeiro, os mais novos primeiro",
    request: { query: totemListQuerySchema },
    responses: { 200: jsonResponse(totemPageSchema.openapi("Totens"), "Totens"), ...errorResponses(400) },
  }),
  create: tenantRoute({
    method: "post",
    path: "/",
    operationId: "criarTotem",
    tags: [TAG],
    permission: PERMISSION,
    summary: "Cria o totem de um portão e devolve o link de pareamento (uso único, 10 minutos)",
    request: jsonBody(totemCreateSchema),
    responses: { 201: jsonResponse(pareamento, "Criado"), ...errorResponses(400, 404) },
  }),
  pareamento: tenantRoute({
    method: "post",
    path: "/{id}/pareamento",
    operationId: "novoPareamentoTotem",
    tags: [TAG],
    permission: PERMISSION,
    summary: "Novo link de pareamento (tablet trocado): ao ser usado, substitui a credencial anterior",
    request: { params: uuidParam },
    responses: { 201: jsonResponse(pareamento, "Link gerado"), ...errorResponses(400, 404) },
  }),
  revogar: tenantRoute({
    method: "post",
    path: "/{id}/revogar",
    operationId: "revogarTotem",
    tags: [TAG],
    permission: PERMISSION,
    summary: "Revoga o totem: ele deixa de funcionar na hora",
    request: { params: uuidParam },
    responses: { 200: jsonResponse(totemSchema.openapi("Totem"), "Revogado"), ...errorResponses(404) },
  }),
};

export function totensRoutes(db: Database, linkBase: (request: Request) => string) {
  return apiRouter()
    .openapi(routes.list, async (c) => {
      const { page, page_size, ...filters } = c.req.valid("query");
      return c.json(await service.list(db, c.get("tenant"), filters, page, page_size), 200);
    })
    .openapi(routes.create, async (c) =>
      c.json(await service.create(db, c.get("tenant"), c.req.valid("json"), linkBase(c.req.raw)), 201),
    )
    .openapi(routes.pareamento, async (c) =>
      c.json(await service.renewPairing(db, c.get("tenant"), c.req.valid("param").id, linkBase(c.req.raw)), 201),
    )
    .openapi(routes.revogar, async (c) =>
      c.json(await service.revoke(db, c.get("tenant"), c.req.valid("param").id), 200),
    );
}
