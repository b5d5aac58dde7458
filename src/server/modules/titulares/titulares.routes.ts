/** Data subjects' requests (LGPD art. 18 and 19): search, export, anonymise; owner and síndicos only. */

import { z } from "@hono/zod-openapi";
import { uuidParam } from "../../../shared/schemas/common";
import {
  titularBuscaQuerySchema,
  titularBuscaResultSchema,
  titularPedidoCreateSchema,
  titularPedidoListQuerySchema,
  titularPedidoPageSchema,
  titularPedidoSchema,
} from "../../../shared/schemas/titulares";
import type { Database } from "../../db/client";
import { errorResponses, jsonBody, jsonResponse } from "../../http/openapi";
import { apiRouter, tenantRoute } from "../../http/routes";
import type { BlobStore } from "../../storage";
import * as service from "./titulares.service";

const TAG = "Titulares (LGPD)";

const routes = {
  busca: tenantRoute({
    method: "get",
    path: "/busca",
    operationId: "buscarTitular",
    tags: [TAG],
    permission: "lgpd:gerenciar",
    summary: "Lista os candidatos a titular: os registros encontrados por documento ou nome, agrupados por pessoa",
    description:
      "Por documento: compara só letras e números (pontuação ignorada). Por nome: contém, sem acentos nem maiúsculas. Cadastros de moradores e equipe, solicitações, passes e entradas, agrupados por documento (ou pelo nome, nos registros sem documento), com documentos mascarados. Nada é escolhido aqui: o pedido informa quais registros são do titular.",
    request: { query: titularBuscaQuerySchema },
    responses: {
      200: jsonResponse(titularBuscaResultSchema.openapi("ResultadoBuscaTitular"), "Resultados agrupados"),
      ...errorResponses(400),
    },
  }),
  list: tenantRoute({
    method: "get",
    path: "/pedidos",
    operationId: "listarPedidosTitular",
    tags: [TAG],
    permission: "lgpd:gerenciar",
    summary: "Pedidos de titulares recebidos, com o prazo de 15 dias e a conclusão; mais recentes primeiro",
    request: { query: titularPedidoListQuerySchema },
    responses: {
      200: jsonResponse(titularPedidoPageSchema.openapi("PaginaPedidosTitular"), "Página"),
      ...errorResponses(400),
    },
  }),
  create: tenantRoute({
    method: "post",
    path: "/pedidos",
    operationId: "criarPedidoTitular",
    tags: [TAG],
    permission: "lgpd:gerenciar",
    summary: "Registra e executa um pedido do titular sobre os registros escolhidos: exportação ou anonimização",
    description:
      "Atinge exatamente os registros escolhidos (`registros`), que devem ser desta conta e ainda não anonimizados (404) e do titular confirmado (400): um registro com documento deve ter o documento informado; um sem documento, o nome informado. Morador ativo ou membro da equipe não é anonimizado (409). Uma recusa não altera nada.",
    request: jsonBody(titularPedidoCreateSchema),
    responses: {
      201: jsonResponse(titularPedidoSchema.openapi("PedidoTitular"), "Registrado e concluído"),
      ...errorResponses(400, 404, 409),
    },
  }),
  arquivo: tenantRoute({
    method: "get",
    path: "/pedidos/{id}/arquivo.zip",
    operationId: "baixarArquivoPedidoTitular",
    tags: [TAG],
    permission: "lgpd:gerenciar",
    summary: "O arquivo ZIP de uma exportação: dados.json, um CSV por tipo, as fotos e quem acessou os dados",
    request: { params: uuidParam },
    responses: {
      200: { description: "ZIP", content: { "application/zip": { schema: z.string().openapi({ format: "binary" }) } } },
      ...errorResponses(400, 404),
    },
  }),
};

export function titularesRoutes(db: Database, deps: { store: BlobStore }) {
  return apiRouter()
    .openapi(routes.busca, async (c) =>
      c.json(await service.searchCandidates(db, c.get("tenant"), c.req.valid("query")), 200),
    )
    .openapi(routes.list, async (c) => {
      const q = c.req.valid("query");
      return c.json(await service.listRequests(db, c.get("tenant").organizationId, q.page, q.page_size), 200);
    })
    .openapi(routes.create, async (c) =>
      c.json(await service.createRequest(db, c.get("tenant"), c.req.valid("json"), deps.store), 201),
    )
    .openapi(routes.arquivo, async (c) => {
      const { zip, nome } = await service.buildExportArchive(db, c.get("tenant"), c.req.valid("param").id, deps.store);
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
