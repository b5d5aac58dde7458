import { z } from "@hono/zod-openapi";
import {
  CENTRAL_ITEM_STATUSES,
  centralFilaQuerySchema,
  centralFilaSchema,
  centralItemSchema,
  centralReatribuirSchema,
  centralResolverSchema,
  centralSlaCondominioSchema,
  centralSlaSchema,
  PRESENCA_EXIBIDA,
  presencaSchema,
} from "../../../shared/schemas/central";
import { uuidParam } from "../../../shared/schemas/common";
import { errorResponses, jsonBody, jsonResponse } from "../../http/openapi";
import { apiRouter, tenantRoute } from "../../http/routes";
import * as service from "./central.service";

const TAG = "Central";
const item = centralItemSchema.openapi("CentralItem");
const sla = centralSlaCondominioSchema.openapi("CentralSlaCondominio");
const OPERAR = "central:operar" as const;
const SUPERVISIONAR = "central:supervisionar" as const;

const itemAction = (path: string, operationId: string, summary: string) =>
  tenantRoute({
    method: "post",
    path,
    operationId,
    tags: [TAG],
    permission: OPERAR,
    summary,
    request: { params: uuidParam },
    responses: { 200: jsonResponse(item, "O item"), ...errorResponses(400, 403, 404, 409) },
  });

const routes = {
  fila: tenantRoute({
    method: "get",
    path: "/",
    operationId: "filaCentral",
    tags: [TAG],
    permission: OPERAR,
    summary:
      "A fila da central: itens abertos e assumidos dos condomínios que o operador cobre, os mais antigos primeiro",
    description: `No máximo ${service.FILA_MAX} itens. Status possíveis: ${CENTRAL_ITEM_STATUSES.join(", ")}.`,
    request: { query: centralFilaQuerySchema },
    responses: { 200: jsonResponse(centralFilaSchema.openapi("CentralFila"), "A fila"), ...errorResponses(400) },
  }),
  assumir: itemAction(
    "/itens/{id}/assumir",
    "assumirItemCentral",
    "Assume o item: um operador por vez (409 com quem o tem, se outro assumiu antes)",
  ),
  liberar: itemAction(
    "/itens/{id}/liberar",
    "liberarItemCentral",
    "Devolve o item à fila (quem o tem, ou um supervisor)",
  ),
  resolver: tenantRoute({
    method: "post",
    path: "/itens/{id}/resolver",
    operationId: "resolverItemCentral",
    tags: [TAG],
    permission: OPERAR,
    summary: "Resolve o item com um desfecho e uma nota opcional (quem o tem, ou um supervisor)",
    request: { params: uuidParam, ...jsonBody(centralResolverSchema) },
    responses: { 200: jsonResponse(item, "O item"), ...errorResponses(400, 403, 404, 409) },
  }),
  reatribuir: tenantRoute({
    method: "post",
    path: "/itens/{id}/reatribuir",
    operationId: "reatribuirItemCentral",
    tags: [TAG],
    permission: SUPERVISIONAR,
    summary: "Passa o item a outro operador que cobre o condomínio (supervisor)",
    request: { params: uuidParam, ...jsonBody(centralReatribuirSchema) },
    responses: { 200: jsonResponse(item, "O item"), ...errorResponses(400, 404, 409) },
  }),
  presenca: tenantRoute({
    method: "put",
    path: "/presenca",
    operationId: "presencaCentral",
    tags: [TAG],
    permission: OPERAR,
    summary: "O status do próprio operador (a tela o reenvia a cada minuto; sem isso por 2 minutos, offline)",
    request: jsonBody(presencaSchema),
    responses: {
      200: jsonResponse(z.object({ status: z.enum(PRESENCA_EXIBIDA) }).openapi("PresencaCentral"), "Status"),
      ...errorResponses(400),
    },
  }),
  slaList: tenantRoute({
    method: "get",
    path: "/sla",
    operationId: "listarSlaCentral",
    tags: [TAG],
    permission: OPERAR,
    summary: "O tempo para assumir e para resolver de cada condomínio",
    responses: { 200: jsonResponse(z.object({ itens: z.array(sla) }).openapi("CentralSlas"), "Tempos") },
  }),
  slaSet: tenantRoute({
    method: "put",
    path: "/sla/{id}",
    operationId: "definirSlaCentral",
    tags: [TAG],
    permission: SUPERVISIONAR,
    summary: "Define o tempo para assumir e para resolver de um condomínio (supervisor)",
    request: { params: uuidParam, ...jsonBody(centralSlaSchema) },
    responses: { 200: jsonResponse(sla, "Tempos do condomínio"), ...errorResponses(400, 404) },
  }),
};

/** /api/central (docs/decisions/042-operators-central.md). */
export function centralRoutes(deps: service.CentralDeps) {
  return apiRouter()
    .openapi(routes.fila, async (c) => c.json(await service.fila(deps, c.get("tenant"), c.req.valid("query")), 200))
    .openapi(routes.assumir, async (c) =>
      c.json(await service.assumir(deps, c.get("tenant"), c.req.valid("param").id), 200),
    )
    .openapi(routes.liberar, async (c) =>
      c.json(await service.liberar(deps, c.get("tenant"), c.req.valid("param").id), 200),
    )
    .openapi(routes.resolver, async (c) =>
      c.json(await service.resolver(deps, c.get("tenant"), c.req.valid("param").id, c.req.valid("json")), 200),
    )
    .openapi(routes.reatribuir, async (c) =>
      c.json(
        await service.reatribuir(deps, c.get("tenant"), c.req.valid("param").id, c.req.valid("json").user_id),
        200,
      ),
    )
    .openapi(routes.presenca, async (c) =>
      c.json(await service.setPresenca(deps.db, c.get("tenant"), c.req.valid("json").status), 200),
    )
    .openapi(routes.slaList, async (c) => c.json(await service.listSla(deps.db, c.get("tenant")), 200))
    .openapi(routes.slaSet, async (c) =>
      c.json(await service.setSla(deps.db, c.get("tenant"), c.req.valid("param").id, c.req.valid("json")), 200),
    );
}
