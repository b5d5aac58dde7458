import { z } from "@hono/zod-openapi";
import { uuidParam } from "../../../shared/schemas/common";
import { moradorLinkSchema, moradorSchema, moradorUpdateSchema } from "../../../shared/schemas/pessoas";
import {
  unidadeDetailSchema,
  unidadeInputSchema,
  unidadeListQuerySchema,
  unidadePageSchema,
  unidadeSchema,
} from "../../../shared/schemas/unidades";
import type { Database } from "../../db/client";
import { errorResponses, jsonBody, jsonResponse } from "../../http/openapi";
import { apiRouter, tenantRoute } from "../../http/routes";
import * as service from "./unidades.service";

const TAG = "Unidades";
const one = unidadeSchema.openapi("Unidade");
const moradores = z.object({ items: z.array(moradorSchema.openapi("Morador")) }).openapi("Moradores");
const detail = unidadeDetailSchema.openapi("UnidadeDetalhe");
const moradorParams = z.object({ id: z.uuid("Identificador inválido"), pessoaId: z.uuid("Pessoa inválida") });

const routes = {
  list: tenantRoute({
    method: "get",
    path: "/",
    operationId: "listarUnidades",
    tags: [TAG],
    permission: "unidades:ler",
    summary: "Lista por torre e código, com busca (código, torre, ramal, observações), filtros e moradores ativos",
    request: { query: unidadeListQuerySchema },
    responses: {
      200: jsonResponse(unidadePageSchema.openapi("PaginaUnidades"), "Página"),
      ...errorResponses(400),
    },
  }),
  get: tenantRoute({
    method: "get",
    path: "/{id}",
    operationId: "obterUnidade",
    tags: [TAG],
    permission: "unidades:ler",
    summary: "Detalhe com moradores ativos e solicitações recentes",
    request: { params: uuidParam },
    responses: { 200: jsonResponse(detail, "Unidade"), ...errorResponses(400, 404) },
  }),
  create: tenantRoute({
    method: "post",
    path: "/",
    operationId: "criarUnidade",
    tags: [TAG],
    permission: "cadastros:editar",
    summary: "Cria uma unidade (código único por condomínio e torre)",
    request: jsonBody(unidadeInputSchema),
    responses: { 201: jsonResponse(one, "Criada"), ...errorResponses(400, 404, 409) },
  }),
  update: tenantRoute({
    method: "put",
    path: "/{id}",
    operationId: "atualizarUnidade",
    tags: [TAG],
    permission: "cadastros:editar",
    summary: "Atualiza uma unidade",
    request: { params: uuidParam, ...jsonBody(unidadeInputSchema) },
    responses: { 200: jsonResponse(one, "Atualizada"), ...errorResponses(400, 404, 409) },
  }),
  moradores: tenantRoute({
    method: "get",
    path: "/{id}/moradores",
    operationId: "listarMoradores",
    tags: [TAG],
    permission: "unidades:ler",
    summary: "Moradores ativos (responsável primeiro, depois por nome)",
    request: { params: uuidParam },
    responses: { 200: jsonResponse(moradores, "Moradores"), ...errorResponses(400, 404) },
  }),
  link: tenantRoute({
    method: "post",
    path: "/{id}/moradores",
    operationId: "vincularMorador",
    tags: [TAG],
    permission: "cadastros:editar",
    summary: "Vincula uma pessoa do mesmo condomínio como moradora",
    request: { params: uuidParam, ...jsonBody(moradorLinkSchema) },
    responses: { 201: jsonResponse(moradores, "Moradores"), ...errorResponses(400, 404, 409) },
  }),
  updateLink: tenantRoute({
    method: "patch",
    path: "/{id}/moradores/{pessoaId}",
    operationId: "definirResponsavel",
    tags: [TAG],
    permission: "cadastros:editar",
    summary: "Marca ou desmarca o responsável pela unidade (um por unidade)",
    request: { params: moradorParams, ...jsonBody(moradorUpdateSchema) },
    responses: { 200: jsonResponse(moradores, "Moradores"), ...errorResponses(400, 404) },
  }),
  unlink: tenantRoute({
    method: "delete",
    path: "/{id}/moradores/{pessoaId}",
    operationId: "desvincularMorador",
    tags: [TAG],
    permission: "cadastros:editar",
    summary: "Desvincula um morador",
    request: { params: moradorParams },
    responses: { 204: { description: "Desvinculado" }, ...errorResponses(400, 404) },
  }),
};

export function unidadesRoutes(db: Database) {
  return apiRouter()
    .openapi(routes.list, async (c) => {
      const q = c.req.valid("query");
      const filters = { condominioId: q.condominio_id, q: q.q, status: q.status };
      return c.json(await service.list(db, c.get("tenant"), filters, q.page, q.page_size), 200);
    })
    .openapi(routes.get, async (c) => c.json(await service.get(db, c.get("tenant"), c.req.valid("param").id), 200))
    .openapi(routes.create, async (c) => c.json(await service.create(db, c.get("tenant"), c.req.valid("json")), 201))
    .openapi(routes.update, async (c) =>
      c.json(await service.update(db, c.get("tenant"), c.req.valid("param").id, c.req.valid("json")), 200),
    )
    .openapi(routes.moradores, async (c) =>
      c.json({ items: await service.listMoradores(db, c.get("tenant"), c.req.valid("param").id) }, 200),
    )
    .openapi(routes.link, async (c) =>
      c.json(
        { items: await service.linkMorador(db, c.get("tenant"), c.req.valid("param").id, c.req.valid("json")) },
        201,
      ),
    )
    .openapi(routes.updateLink, async (c) => {
      const { id, pessoaId } = c.req.valid("param");
      const items = await service.updateMorador(db, c.get("tenant"), id, pessoaId, c.req.valid("json").is_responsavel);
      return c.json({ items }, 200);
    })
    .openapi(routes.unlink, async (c) => {
      const { id, pessoaId } = c.req.valid("param");
      await service.unlinkMorador(db, c.get("tenant"), id, pessoaId);
      return c.body(null, 204);
    });
}
