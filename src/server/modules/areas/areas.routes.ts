import { uuidParam } from "../../../shared/schemas/common";
import {
  areaCreateSchema,
  areaListQuerySchema,
  areaListSchema,
  areaSchema,
  areaUpdateSchema,
} from "../../../shared/schemas/reservas";
import type { Database } from "../../db/client";
import { errorResponses, jsonBody, jsonResponse } from "../../http/openapi";
import { apiRouter, tenantRoute } from "../../http/routes";
import * as service from "./areas.service";

const TAG = "Áreas comuns";
const area = areaSchema.openapi("AreaComum");

const routes = {
  list: tenantRoute({
    method: "get",
    path: "/",
    operationId: "listarAreas",
    tags: [TAG],
    permission: "reservas:ler",
    summary: "Áreas comuns, por condomínio e nome",
    description:
      "Um morador vê as áreas ativas dos condomínios das suas unidades; a equipe, todas as áreas dos seus condomínios (`ativas=true` ou `false` filtra). Áreas removidas não aparecem.",
    request: { query: areaListQuerySchema },
    responses: { 200: jsonResponse(areaListSchema.openapi("ListaAreas"), "Áreas"), ...errorResponses(400) },
  }),
  create: tenantRoute({
    method: "post",
    path: "/",
    operationId: "criarArea",
    tags: [TAG],
    permission: "areas:gerenciar",
    summary: "Cria uma área comum com as suas regras de reserva",
    description: "O nome é único entre as áreas do condomínio (409 se já existe).",
    request: jsonBody(areaCreateSchema),
    responses: { 201: jsonResponse(area, "Área criada"), ...errorResponses(400, 404, 409) },
  }),
  get: tenantRoute({
    method: "get",
    path: "/{id}",
    operationId: "obterArea",
    tags: [TAG],
    permission: "reservas:ler",
    summary: "Uma área comum, com as regras e a foto",
    request: { params: uuidParam },
    responses: { 200: jsonResponse(area, "Área"), ...errorResponses(400, 404) },
  }),
  update: tenantRoute({
    method: "patch",
    path: "/{id}",
    operationId: "alterarArea",
    tags: [TAG],
    permission: "areas:gerenciar",
    summary: "Altera uma área comum (qualquer subconjunto dos campos)",
    description:
      "As novas regras valem para as próximas reservas; as já feitas mantêm os horários. `modo` e `bloco_horas` são conferidos com a área gravada.",
    request: { params: uuidParam, ...jsonBody(areaUpdateSchema) },
    responses: { 200: jsonResponse(area, "Área"), ...errorResponses(400, 404, 409) },
  }),
  remove: tenantRoute({
    method: "delete",
    path: "/{id}",
    operationId: "removerArea",
    tags: [TAG],
    permission: "areas:gerenciar",
    summary: "Remove uma área comum (as reservas passadas ficam)",
    description: "Recusada (409) enquanto a área tiver reservas pendentes ou confirmadas que ainda não terminaram.",
    request: { params: uuidParam },
    responses: { 204: { description: "Removida" }, ...errorResponses(400, 404, 409) },
  }),
};

/** `photos.secret` signs the addresses of the areas' photos. */
export function areasRoutes(db: Database, photos: service.PhotoSigning) {
  return apiRouter()
    .openapi(routes.list, async (c) => {
      const q = c.req.valid("query");
      const items = await service.list(
        db,
        c.get("tenant"),
        { condominioId: q.condominio_id, ativas: q.ativas },
        photos,
      );
      return c.json({ items }, 200);
    })
    .openapi(routes.create, async (c) =>
      c.json(await service.create(db, c.get("tenant"), c.req.valid("json"), photos), 201),
    )
    .openapi(routes.get, async (c) =>
      c.json(await service.get(db, c.get("tenant"), c.req.valid("param").id, photos), 200),
    )
    .openapi(routes.update, async (c) =>
      c.json(await service.update(db, c.get("tenant"), c.req.valid("param").id, c.req.valid("json"), photos), 200),
    )
    .openapi(routes.remove, async (c) => {
      await service.remove(db, c.get("tenant"), c.req.valid("param").id);
      return c.body(null, 204);
    });
}
