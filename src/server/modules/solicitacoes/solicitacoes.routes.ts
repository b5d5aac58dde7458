import { uuidParam } from "../../../shared/schemas/common";
import {
  decisaoSchema,
  negacaoSchema,
  type SolicitacaoFiltersQuery,
  solicitacaoCreateSchema,
  solicitacaoDetailSchema,
  solicitacaoExportQuerySchema,
  solicitacaoListQuerySchema,
  solicitacaoPageSchema,
  solicitacaoSchema,
  solicitacaoUpdateSchema,
} from "../../../shared/schemas/solicitacoes";
import type { Database } from "../../db/client";
import { csvExport, csvResponse } from "../../http/csv-export";
import { jsonBody as body, errorResponses, jsonResponse as json } from "../../http/openapi";
import { apiRouter, tenantRoute } from "../../http/routes";
import type { ListFilters } from "./solicitacoes.queries";
import * as service from "./solicitacoes.service";
import { solicitacoesCsv } from "./solicitacoes-csv";

const TAG = "Solicitações de acesso";

const one = solicitacaoSchema.openapi("Solicitacao");

const listRoute = tenantRoute({
  method: "get",
  path: "/",
  operationId: "listarSolicitacoes",
  tags: [TAG],
  summary: "Lista paginada, filtrada e com busca (nome, documento, unidade, torre; ignora acentos)",
  description:
    "O documento do visitante vem mascarado; completo só no detalhe. A busca encontra pelo documento completo.",
  permission: "solicitacoes:ler",
  request: { query: solicitacaoListQuerySchema },
  responses: {
    200: json(solicitacaoPageSchema.openapi("PaginaSolicitacoes"), "Página"),
    ...errorResponses(400),
  },
});

const exportRoute = tenantRoute({
  method: "get",
  path: "/export.csv",
  operationId: "exportarSolicitacoes",
  tags: [TAG],
  summary: "Exporta as solicitações filtradas em CSV (UTF-8 com BOM, separador ;, documentos mascarados)",
  description:
    "Os mesmos filtros e a mesma ordem da lista, sem paginação. A exportação fica registrada na auditoria, com os filtros usados.",
  permission: "solicitacoes:ler",
  request: { query: solicitacaoExportQuerySchema },
  responses: {
    200: csvResponse,
    ...errorResponses(400),
  },
});

function filtersOf(q: SolicitacaoFiltersQuery): ListFilters {
  return {
    condominioId: q.condominio_id,
    unidadeId: q.unidade_id,
    status: q.status,
    tipo: q.tipo,
    semResposta: q.sem_resposta,
    q: q.q,
    de: q.de ? new Date(q.de) : undefined,
    ate: q.ate ? new Date(q.ate) : undefined,
  };
}

const getRoute = tenantRoute({
  method: "get",
  path: "/{id}",
  operationId: "obterSolicitacao",
  tags: [TAG],
  summary: "Detalhe com unidade, condomínio, quem decidiu e histórico de chamadas",
  permission: "solicitacoes:ler",
  request: { params: uuidParam },
  responses: {
    200: json(solicitacaoDetailSchema.openapi("SolicitacaoDetalhe"), "Solicitação"),
    ...errorResponses(400, 404),
  },
});

const createRoute_ = tenantRoute({
  method: "post",
  path: "/",
  operationId: "criarSolicitacao",
  tags: [TAG],
  summary: "Cria uma solicitação (sempre pendente)",
  permission: "solicitacoes:criar",
  request: body(solicitacaoCreateSchema),
  responses: { 201: json(one, "Criada"), ...errorResponses(400, 404) },
});

const updateRoute = tenantRoute({
  method: "patch",
  path: "/{id}",
  operationId: "editarSolicitacao",
  tags: [TAG],
  summary: "Corrige os dados do visitante enquanto a solicitação está pendente",
  permission: "solicitacoes:criar",
  request: { params: uuidParam, ...body(solicitacaoUpdateSchema) },
  responses: { 200: json(one, "Atualizada"), ...errorResponses(400, 404, 409) },
});

const DECIDE_DESCRIPTION =
  "Atômico e condicional: só uma decisão vence; as demais recebem 409. Um morador decide só as solicitações " +
  "das suas unidades (as demais respondem 404), registradas como decididas pelo aplicativo.";

const autorizarRoute = tenantRoute({
  method: "post",
  path: "/{id}/autorizar",
  operationId: "autorizarSolicitacao",
  tags: [TAG],
  summary: "Autoriza uma solicitação pendente",
  description: DECIDE_DESCRIPTION,
  permission: "solicitacoes:decidir",
  request: { params: uuidParam, ...body(decisaoSchema, false) },
  responses: { 200: json(one, "Decidida"), ...errorResponses(400, 404, 409) },
});

const negarRoute = tenantRoute({
  method: "post",
  path: "/{id}/negar",
  operationId: "negarSolicitacao",
  tags: [TAG],
  summary: "Nega uma solicitação pendente",
  description: `${DECIDE_DESCRIPTION} O motivo (opcional, até 280 caracteres) aparece para a portaria e na linha do tempo.`,
  permission: "solicitacoes:decidir",
  request: { params: uuidParam, ...body(negacaoSchema, false) },
  responses: { 200: json(one, "Decidida"), ...errorResponses(400, 404, 409) },
});

export function solicitacoesRoutes(db: Database, photos: { secret: string }) {
  return (
    apiRouter()
      .openapi(listRoute, async (c) => {
        const q = c.req.valid("query");
        return c.json(await service.list(db, c.get("tenant"), filtersOf(q), q.page, q.page_size, photos), 200);
      })
      // Before /{id}: "export.csv" is not an id.
      .openapi(exportRoute, async (c) => {
        const tenant = c.get("tenant");
        const q = c.req.valid("query");
        const rows = solicitacoesCsv(db, tenant, filtersOf(q));
        return (await csvExport(db, tenant, {
          entidade: "solicitacao",
          resumo: "Exportou solicitações em CSV",
          query: q,
          fileName: "solicitacoes",
          rows,
        })) as never;
      })
      .openapi(getRoute, async (c) =>
        c.json(await service.get(db, c.get("tenant"), c.req.valid("param").id, photos), 200),
      )
      .openapi(createRoute_, async (c) => c.json(await service.create(db, c.get("tenant"), c.req.valid("json")), 201))
      .openapi(updateRoute, async (c) =>
        c.json(await service.update(db, c.get("tenant"), c.req.valid("param").id, c.req.valid("json")), 200),
      )
      .openapi(autorizarRoute, async (c) => {
        const { observacoes } = c.req.valid("json") ?? { observacoes: null };
        return c.json(
          await service.decide(db, c.get("tenant"), c.req.valid("param").id, "autorizado", observacoes),
          200,
        );
      })
      .openapi(negarRoute, async (c) => {
        const { observacoes, motivo_negacao } = c.req.valid("json") ?? { observacoes: null, motivo_negacao: null };
        return c.json(
          await service.decide(db, c.get("tenant"), c.req.valid("param").id, "negado", observacoes, motivo_negacao),
          200,
        );
      })
  );
}
