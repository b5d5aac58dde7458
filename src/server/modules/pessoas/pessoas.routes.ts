import { uuidParam } from "../../../shared/schemas/common";
import {
  pessoaDetailSchema,
  pessoaInputSchema,
  pessoaListQuerySchema,
  pessoaPageSchema,
  pessoaSchema,
} from "../../../shared/schemas/pessoas";
import type { Database } from "../../db/client";
import { errorResponses, jsonBody, jsonResponse } from "../../http/openapi";
import { apiRouter, tenantRoute } from "../../http/routes";
import * as service from "./pessoas.service";

const TAG = "Pessoas";
const one = pessoaSchema.openapi("Pessoa");
const detail = pessoaDetailSchema.openapi("PessoaDetalhe");

const routes = {
  list: tenantRoute({
    method: "get",
    path: "/",
    operationId: "listarPessoas",
    tags: [TAG],
    permission: "pessoas:ler",
    summary: "Lista por nome, com busca (nome, documento, e-mail, ramal), condomínio e situação",
    request: { query: pessoaListQuerySchema },
    responses: {
      200: jsonResponse(pessoaPageSchema.openapi("PaginaPessoas"), "Página"),
      ...errorResponses(400),
    },
  }),
  get: tenantRoute({
    method: "get",
    path: "/{id}",
    operationId: "obterPessoa",
    tags: [TAG],
    permission: "pessoas:ler",
    summary: "Detalhe com a foto, as unidades onde mora e as solicitações que decidiu",
    request: { params: uuidParam },
    responses: { 200: jsonResponse(detail, "Pessoa"), ...errorResponses(400, 404) },
  }),
  create: tenantRoute({
    method: "post",
    path: "/",
    operationId: "criarPessoa",
    tags: [TAG],
    permission: "cadastros:editar",
    summary: "Cria uma pessoa",
    request: jsonBody(pessoaInputSchema),
    responses: { 201: jsonResponse(one, "Criada"), ...errorResponses(400, 404) },
  }),
  update: tenantRoute({
    method: "put",
    path: "/{id}",
    operationId: "atualizarPessoa",
    tags: [TAG],
    permission: "cadastros:editar",
    summary: "Atualiza uma pessoa",
    request: { params: uuidParam, ...jsonBody(pessoaInputSchema) },
    responses: { 200: jsonResponse(one, "Atualizada"), ...errorResponses(400, 404) },
  }),
  remove: tenantRoute({
    method: "delete",
    path: "/{id}",
    operationId: "excluirPessoa",
    tags: [TAG],
    permission: "cadastros:editar",
    summary: "Exclui uma pessoa (o histórico de decisões e chamadas é mantido)",
    request: { params: uuidParam },
    responses: { 204: { description: "Excluída" }, ...errorResponses(400, 404) },
  }),
};

export function pessoasRoutes(db: Database, deps: { secret: string }) {
  return apiRouter()
    .openapi(routes.list, async (c) => c.json(await service.list(db, c.get("tenant"), c.req.valid("query")), 200))
    .openapi(routes.get, async (c) =>
      c.json(await service.get(db, c.get("tenant"), c.req.valid("param").id, deps.secret), 200),
    )
    .openapi(routes.create, async (c) => c.json(await service.create(db, c.get("tenant"), c.req.valid("json")), 201))
    .openapi(routes.update, async (c) =>
      c.json(await service.update(db, c.get("tenant"), c.req.valid("param").id, c.req.valid("json")), 200),
    )
    .openapi(routes.remove, async (c) => {
      await service.remove(db, c.get("tenant"), c.req.valid("param").id);
      return c.body(null, 204);
    });
}
