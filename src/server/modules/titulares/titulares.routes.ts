/** Data subjects' requests (LGPD art. 18 and 19): search, export, anonymise; owner and síndicos only. */
import { createRoute, OpenAPIHono, z } from "@hono/zod-openapi";
import { uuidParam } from "../../../shared/schemas/common";
import {
  titularBuscaQuerySchema,
  titularBuscaResultSchema,
  titularPedidoCreateSchema,
  titularPedidoListQuerySchema,
  titularPedidoPageSchema,
  titularPedidoSchema,
} from "../../../shared/schemas/titulares";
import { requirePermission } from "../../auth/tenant.middleware";
import type { Database } from "../../db/client";
import type { AppEnv } from "../../http/context";
import { COOKIE_AUTH, errorResponses, jsonBody, jsonResponse, validationHook } from "../../http/openapi";
import * as service from "./titulares.service";

const TAG = "Titulares (LGPD)";
const manage = requirePermission("lgpd:gerenciar");

const routes = {
  busca: createRoute({
    method: "get",
    path: "/busca",
    operationId: "buscarTitular",
    tags: [TAG],
    security: COOKIE_AUTH,
    middleware: manage,
    summary: "Encontra um titular por documento ou nome entre moradores, equipe e visitantes",
    description:
      "Por documento: compara só letras e números (pontuação ignorada). Por nome: contém, sem acentos nem maiúsculas. Documentos devolvidos mascarados.",
    request: { query: titularBuscaQuerySchema },
    responses: {
      200: jsonResponse(titularBuscaResultSchema.openapi("ResultadoBuscaTitular"), "Resultados agrupados"),
      ...errorResponses(400, 401, 403),
    },
  }),
  list: createRoute({
    method: "get",
    path: "/pedidos",
    operationId: "listarPedidosTitular",
    tags: [TAG],
    security: COOKIE_AUTH,
    middleware: manage,
    summary: "Pedidos de titulares recebidos, com o prazo de 15 dias e a conclusão; mais recentes primeiro",
    request: { query: titularPedidoListQuerySchema },
    responses: {
      200: jsonResponse(titularPedidoPageSchema.openapi("PaginaPedidosTitular"), "Página"),
      ...errorResponses(400, 401, 403),
    },
  }),
  create: createRoute({
    method: "post",
    path: "/pedidos",
    operationId: "criarPedidoTitular",
    tags: [TAG],
    security: COOKIE_AUTH,
    middleware: manage,
    summary: "Registra e executa um pedido do titular: exportação dos dados ou anonimização",
    description:
      "Com documento, atinge os registros com esse documento; sem ele, os registros cujo nome contém o informado. Morador ativo ou membro da equipe não é anonimizado (409).",
    request: jsonBody(titularPedidoCreateSchema),
    responses: {
      201: jsonResponse(titularPedidoSchema.openapi("PedidoTitular"), "Registrado e concluído"),
      ...errorResponses(400, 401, 403, 409),
    },
  }),
  arquivo: createRoute({
    method: "get",
    path: "/pedidos/{id}/arquivo.zip",
    operationId: "baixarArquivoPedidoTitular",
    tags: [TAG],
    security: COOKIE_AUTH,
    middleware: manage,
    summary: "O arquivo ZIP de uma exportação: dados.json, um CSV por tipo e quem acessou os dados",
    request: { params: uuidParam },
    responses: {
      200: { description: "ZIP", content: { "application/zip": { schema: z.string().openapi({ format: "binary" }) } } },
      ...errorResponses(400, 401, 403, 404),
    },
  }),
};

export function titularesRoutes(db: Database) {
  return new OpenAPIHono<AppEnv>({ defaultHook: validationHook })
    .openapi(routes.busca, async (c) => c.json(await service.buscar(db, c.get("tenant"), c.req.valid("query")), 200))
    .openapi(routes.list, async (c) => {
      const q = c.req.valid("query");
      return c.json(await service.listarPedidos(db, c.get("tenant").organizationId, q.page, q.page_size), 200);
    })
    .openapi(routes.create, async (c) =>
      c.json(await service.criarPedido(db, c.get("tenant"), c.req.valid("json")), 201),
    )
    .openapi(routes.arquivo, async (c) => {
      const { zip, nome } = await service.arquivo(db, c.get("tenant"), c.req.valid("param").id);
      return new Response(zip, {
        status: 200,
        headers: {
          "Content-Type": "application/zip",
          "Content-Disposition": `attachment; filename="${nome}"`,
          "Cache-Control": "no-store",
        },
      }) as never;
    });
}
