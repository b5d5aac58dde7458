import { uuidParam } from "../../../shared/schemas/common";
import {
  condominioDetailSchema,
  condominioInputSchema,
  condominioListQuerySchema,
  condominioPageSchema,
  condominioSchema,
  condominioUpdateSchema,
  retencaoSchema,
} from "../../../shared/schemas/condominios";
import type { Database } from "../../db/client";
import { errorResponses, jsonBody, jsonResponse } from "../../http/openapi";
import { apiRouter, tenantRoute } from "../../http/routes";
import type { BlobStore } from "../../storage";
import * as service from "./condominios.service";

const TAG = "Condomínios";
const one = condominioSchema.openapi("Condominio");
const detail = condominioDetailSchema.openapi("CondominioDetalhe");

const routes = {
  list: tenantRoute({
    method: "get",
    path: "/",
    operationId: "listarCondominios",
    tags: [TAG],
    summary: "Lista por nome, com busca por nome ou timezone",
    permission: "unidades:ler",
    request: { query: condominioListQuerySchema },
    responses: {
      200: jsonResponse(condominioPageSchema.openapi("PaginaCondominios"), "Página"),
      ...errorResponses(400),
    },
  }),
  get: tenantRoute({
    method: "get",
    path: "/{id}",
    operationId: "obterCondominio",
    tags: [TAG],
    summary: "Detalhe com contagens e solicitações recentes",
    permission: "unidades:ler",
    request: { params: uuidParam },
    responses: { 200: jsonResponse(detail, "Condomínio"), ...errorResponses(400, 404) },
  }),
  create: tenantRoute({
    method: "post",
    path: "/",
    operationId: "criarCondominio",
    tags: [TAG],
    summary: "Cria um condomínio",
    permission: "cadastros:editar",
    request: jsonBody(condominioInputSchema),
    responses: { 201: jsonResponse(one, "Criado"), ...errorResponses(400) },
  }),
  update: tenantRoute({
    method: "put",
    path: "/{id}",
    operationId: "atualizarCondominio",
    tags: [TAG],
    summary: "Atualiza nome, timezone, situação e configurações",
    description:
      "Nome, timezone e situação são substituídos (omitidos voltam ao padrão). Uma configuração omitida (`espera_morador_segundos`, `notificar_todos_moradores`, `retencao_dias`, `expiracao_solicitacao_minutos`, `encomenda_lembrete_dias`, `encomenda_local_entrega`) mantém o valor atual.",
    permission: "cadastros:editar",
    request: { params: uuidParam, ...jsonBody(condominioUpdateSchema) },
    responses: { 200: jsonResponse(one, "Atualizado"), ...errorResponses(400, 404) },
  }),
  retencao: tenantRoute({
    method: "get",
    path: "/{id}/retencao",
    operationId: "obterRetencaoCondominio",
    tags: [TAG],
    summary: "Prévia da retenção: quantos registros de visitantes seriam anonimizados agora",
    description:
      "Solicitações e registros de entrada e saída anteriores a `corte_em`, e passes cujo último dia é anterior à data de `corte_em` no fuso do condomínio, ainda não anonimizados.",
    permission: "lgpd:gerenciar",
    request: { params: uuidParam },
    responses: {
      200: jsonResponse(retencaoSchema.openapi("RetencaoPrevia"), "Prévia"),
      ...errorResponses(400, 404),
    },
  }),
  executarRetencao: tenantRoute({
    method: "post",
    path: "/{id}/retencao/executar",
    operationId: "executarRetencaoCondominio",
    tags: [TAG],
    summary: "Executa a retenção agora neste condomínio e devolve quantos registros foram anonimizados",
    permission: "lgpd:gerenciar",
    request: { params: uuidParam },
    responses: {
      200: jsonResponse(retencaoSchema.openapi("RetencaoResultado"), "Registros anonimizados"),
      ...errorResponses(400, 404),
    },
  }),
};

export function condominiosRoutes(db: Database, deps: { store: BlobStore }) {
  return apiRouter()
    .openapi(routes.list, async (c) => c.json(await service.list(db, c.get("tenant"), c.req.valid("query")), 200))
    .openapi(routes.get, async (c) => c.json(await service.get(db, c.get("tenant"), c.req.valid("param").id), 200))
    .openapi(routes.create, async (c) => c.json(await service.create(db, c.get("tenant"), c.req.valid("json")), 201))
    .openapi(routes.update, async (c) =>
      c.json(await service.update(db, c.get("tenant"), c.req.valid("param").id, c.req.valid("json")), 200),
    )
    .openapi(routes.retencao, async (c) =>
      c.json(await service.retencaoPreview(db, c.get("tenant"), c.req.valid("param").id), 200),
    )
    .openapi(routes.executarRetencao, async (c) =>
      c.json(await service.retencaoExecutar(db, c.get("tenant"), c.req.valid("param").id, deps.store), 200),
    );
}
