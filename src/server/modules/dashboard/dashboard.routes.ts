import { createRoute } from "@hono/zod-openapi";
import {
  dashboardQuerySchema,
  kpisSchema,
  pendentesQuerySchema,
  pendentesSchema,
  primeirosPassosSchema,
  ultimasQuerySchema,
  ultimasSchema,
} from "../../../shared/schemas/dashboard";
import { requirePermission } from "../../auth/tenant.middleware";
import type { Database } from "../../db/client";
import { errorResponses, jsonResponse } from "../../http/openapi";
import { apiRouter, tenantRoute } from "../../http/routes";
import * as service from "./dashboard.service";

const kpisRoute = createRoute({
  method: "get",
  path: "/kpis",
  operationId: "obterKpis",
  tags: ["Dashboard"],
  summary: "Contagem por status das solicitações de hoje (no fuso de cada condomínio) e tendência vs mês anterior",
  security: [{ cookieAuth: [] }],
  middleware: [requirePermission("solicitacoes:ler")] as const,
  request: { query: dashboardQuerySchema },
  responses: {
    200: { description: "KPIs", content: { "application/json": { schema: kpisSchema.openapi("Kpis") } } },
    ...errorResponses(400, 401, 403),
  },
});

const ultimasRoute = createRoute({
  method: "get",
  path: "/ultimas",
  operationId: "listarUltimasSolicitacoes",
  tags: ["Dashboard"],
  summary: "Solicitações de hoje com a unidade, mais recentes primeiro",
  security: [{ cookieAuth: [] }],
  middleware: [requirePermission("solicitacoes:ler")] as const,
  request: { query: ultimasQuerySchema },
  responses: {
    200: { description: "Últimas", content: { "application/json": { schema: ultimasSchema.openapi("Ultimas") } } },
    ...errorResponses(400, 401, 403),
  },
});

const pendentesRoute = tenantRoute({
  method: "get",
  path: "/pendentes",
  operationId: "obterPendentes",
  tags: ["Dashboard"],
  summary: "Solicitações pendentes agora (de qualquer dia), as sem resposta dos moradores e as mais recentes",
  description:
    "A mesma contagem de `pendentes_agora` em `/api/dashboard/kpis` para o mesmo filtro: o sino e o dashboard leem a mesma consulta. Sem `condominio_id`, todos os condomínios que o usuário alcança.",
  permission: "solicitacoes:ler",
  request: { query: pendentesQuerySchema },
  responses: {
    200: jsonResponse(pendentesSchema.openapi("Pendentes"), "Pendentes"),
    ...errorResponses(400),
  },
});

const primeirosPassosRoute = createRoute({
  method: "get",
  path: "/primeiros-passos",
  operationId: "obterPrimeirosPassos",
  tags: ["Dashboard"],
  summary: "O que um cliente novo já cadastrou: condomínio, unidades e pessoas",
  security: [{ cookieAuth: [] }],
  middleware: [requirePermission("cadastros:editar")] as const,
  responses: {
    200: {
      description: "Primeiros passos",
      content: { "application/json": { schema: primeirosPassosSchema.openapi("PrimeirosPassos") } },
    },
    ...errorResponses(401, 403),
  },
});

export function dashboardRoutes(db: Database, photos: { secret: string }) {
  return apiRouter()
    .openapi(kpisRoute, async (c) => c.json(await service.kpis(db, c.get("tenant"), c.req.valid("query")), 200))
    .openapi(ultimasRoute, async (c) =>
      c.json(await service.ultimas(db, c.get("tenant"), c.req.valid("query"), photos), 200),
    )
    .openapi(pendentesRoute, async (c) =>
      c.json(await service.pendentes(db, c.get("tenant"), c.req.valid("query"), photos), 200),
    )
    .openapi(primeirosPassosRoute, async (c) => c.json(await service.primeirosPassos(db, c.get("tenant")), 200));
}
