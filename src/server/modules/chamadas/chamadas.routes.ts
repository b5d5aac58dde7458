import { createRoute, OpenAPIHono, z } from "@hono/zod-openapi";
import {
  type ChamadaFiltersQuery,
  chamadaExportQuerySchema,
  chamadaListQuerySchema,
  chamadaPageSchema,
  chamadaSchema,
} from "../../../shared/schemas/chamadas";
import { uuidParam } from "../../../shared/schemas/common";
import { actorOf, recordAudit } from "../../audit/audit";
import { requirePermission } from "../../auth/tenant.middleware";
import type { Database } from "../../db/client";
import type { AppEnv } from "../../http/context";
import { csvHeaders, exportFilters } from "../../http/csv";
import { COOKIE_AUTH, errorResponses, jsonResponse, validationHook } from "../../http/openapi";
import type { ChamadaFilters } from "./chamadas.queries";
import * as service from "./chamadas.service";
import { chamadasCsv } from "./chamadas-csv";

const TAG = "Chamadas";
const read = requirePermission("chamadas:ler");

function filtersOf(q: ChamadaFiltersQuery): ChamadaFilters {
  return {
    solicitacaoId: q.solicitacao_id,
    pessoaId: q.pessoa_id,
    status: q.status,
    q: q.q,
    de: q.de ? new Date(q.de) : undefined,
    ate: q.ate ? new Date(q.ate) : undefined,
  };
}

const routes = {
  list: createRoute({
    method: "get",
    path: "/",
    operationId: "listarChamadas",
    tags: [TAG],
    security: COOKIE_AUTH,
    middleware: read,
    summary: "Chamadas com pessoa e visitante, mais recentes primeiro; filtros e busca",
    request: { query: chamadaListQuerySchema },
    responses: {
      200: jsonResponse(chamadaPageSchema.openapi("PaginaChamadas"), "Página"),
      ...errorResponses(400, 401, 403),
    },
  }),
  exportCsv: createRoute({
    method: "get",
    path: "/export.csv",
    operationId: "exportarChamadas",
    tags: [TAG],
    security: COOKIE_AUTH,
    middleware: read,
    summary: "Exporta as chamadas filtradas em CSV (UTF-8 com BOM, separador ;, documentos mascarados)",
    description:
      "Os mesmos filtros e a mesma ordem da lista, sem paginação. A exportação fica registrada na auditoria, com os filtros usados.",
    request: { query: chamadaExportQuerySchema },
    responses: {
      200: { description: "CSV", content: { "text/csv": { schema: z.string() } } },
      ...errorResponses(400, 401, 403),
    },
  }),
  get: createRoute({
    method: "get",
    path: "/{id}",
    operationId: "obterChamada",
    tags: [TAG],
    security: COOKIE_AUTH,
    middleware: read,
    summary: "Detalhe de uma chamada",
    request: { params: uuidParam },
    responses: {
      200: jsonResponse(chamadaSchema.openapi("Chamada"), "Chamada"),
      ...errorResponses(400, 401, 403, 404),
    },
  }),
};

export function chamadasRoutes(db: Database) {
  return (
    new OpenAPIHono<AppEnv>({ defaultHook: validationHook })
      .openapi(routes.list, async (c) => {
        const q = c.req.valid("query");
        return c.json(await service.list(db, c.get("tenant"), filtersOf(q), q.page, q.page_size), 200);
      })
      // Before /{id}: "export.csv" is not an id.
      .openapi(routes.exportCsv, async (c) => {
        const tenant = c.get("tenant");
        const q = c.req.valid("query");
        await recordAudit(db, tenant.organizationId, actorOf(tenant), {
          acao: "exportar",
          entidade: "chamada",
          resumo: "Exportou chamadas em CSV",
          depois: { filtros: exportFilters(q) },
        });
        const stream = chamadasCsv(db, tenant, filtersOf(q));
        return new Response(stream, { status: 200, headers: csvHeaders("chamadas") }) as never;
      })
      .openapi(routes.get, async (c) => c.json(await service.get(db, c.get("tenant"), c.req.valid("param").id), 200))
  );
}
