import {
  type ChamadaFiltersQuery,
  chamadaExportQuerySchema,
  chamadaListItemSchema,
  chamadaListQuerySchema,
  chamadaPageSchema,
} from "../../../shared/schemas/chamadas";
import { uuidParam } from "../../../shared/schemas/common";
import type { Database } from "../../db/client";
import { csvExport, csvResponse } from "../../http/csv-export";
import { errorResponses, jsonResponse } from "../../http/openapi";
import { apiRouter, tenantRoute } from "../../http/routes";
import type { ChamadaFilters } from "./chamadas.queries";
import * as service from "./chamadas.service";
import { chamadasCsv } from "./chamadas-csv";

const TAG = "Chamadas";

function filtersOf(q: ChamadaFiltersQuery): ChamadaFilters {
  return {
    condominioId: q.condominio_id,
    solicitacaoId: q.solicitacao_id,
    pessoaId: q.pessoa_id,
    status: q.status,
    q: q.q,
    de: q.de ? new Date(q.de) : undefined,
    ate: q.ate ? new Date(q.ate) : undefined,
  };
}

const routes = {
  list: tenantRoute({
    method: "get",
    path: "/",
    operationId: "listarChamadas",
    tags: [TAG],
    permission: "chamadas:ler",
    summary: "Chamadas com pessoa, visitante e condomínio, mais recentes primeiro; filtros e busca",
    request: { query: chamadaListQuerySchema },
    responses: {
      200: jsonResponse(chamadaPageSchema.openapi("PaginaChamadas"), "Página"),
      ...errorResponses(400),
    },
  }),
  exportCsv: tenantRoute({
    method: "get",
    path: "/export.csv",
    operationId: "exportarChamadas",
    tags: [TAG],
    permission: "chamadas:ler",
    summary: "Exporta as chamadas filtradas em CSV (UTF-8 com BOM, separador ;, documentos mascarados)",
    description:
      "Os mesmos filtros e a mesma ordem da lista, sem paginação. A exportação fica registrada na auditoria, com os filtros usados.",
    request: { query: chamadaExportQuerySchema },
    responses: {
      200: csvResponse,
      ...errorResponses(400),
    },
  }),
  get: tenantRoute({
    method: "get",
    path: "/{id}",
    operationId: "obterChamada",
    tags: [TAG],
    permission: "chamadas:ler",
    summary: "Detalhe de uma chamada",
    request: { params: uuidParam },
    responses: {
      200: jsonResponse(chamadaListItemSchema.openapi("ChamadaDetalhe"), "Chamada e o condomínio da solicitação"),
      ...errorResponses(400, 404),
    },
  }),
};

export function chamadasRoutes(db: Database) {
  return (
    apiRouter()
      .openapi(routes.list, async (c) => {
        const q = c.req.valid("query");
        return c.json(await service.list(db, c.get("tenant"), filtersOf(q), q.page, q.page_size), 200);
      })
      // Before /{id}: "export.csv" is not an id.
      .openapi(routes.exportCsv, async (c) => {
        const tenant = c.get("tenant");
        const q = c.req.valid("query");
        const rows = chamadasCsv(db, tenant, filtersOf(q));
        return (await csvExport(db, tenant, {
          entidade: "chamada",
          resumo: "Exportou chamadas em CSV",
          query: q,
          fileName: "chamadas",
          rows,
        })) as never;
      })
      .openapi(routes.get, async (c) => c.json(await service.get(db, c.get("tenant"), c.req.valid("param").id), 200))
  );
}
