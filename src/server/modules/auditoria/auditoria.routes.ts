import { z } from "@hono/zod-openapi";
import type { MiddlewareHandler } from "hono";
import {
  auditoriaExportQuerySchema,
  auditoriaListQuerySchema,
  auditoriaPageSchema,
} from "../../../shared/schemas/auditoria";
import { uuidParam } from "../../../shared/schemas/common";
import type { Database } from "../../db/client";
import type { AppEnv } from "../../http/context";
import { csvExport, csvResponse } from "../../http/csv-export";
import { errorResponses, jsonResponse } from "../../http/openapi";
import { apiRouter, tenantRoute } from "../../http/routes";
import type { AuditoriaFilters } from "./auditoria.queries";
import * as service from "./auditoria.service";

const TAG = "Auditoria";

function filtersOf(q: z.output<typeof auditoriaExportQuerySchema>): AuditoriaFilters {
  return {
    atorId: q.ator_id,
    acao: q.acao,
    entidade: q.entidade,
    entidadeId: q.entidade_id,
    de: q.de ? new Date(q.de) : undefined,
    ate: q.ate ? new Date(q.ate) : undefined,
  };
}

const routes = {
  list: tenantRoute({
    method: "get",
    path: "/",
    operationId: "listarAuditoria",
    tags: [TAG],
    permission: "auditoria:ler",
    summary: "Trilha de auditoria: quem fez o quê, quando e de onde; mais recentes primeiro",
    request: { query: auditoriaListQuerySchema },
    responses: {
      200: jsonResponse(auditoriaPageSchema.openapi("PaginaAuditoria"), "Página"),
      ...errorResponses(400),
    },
  }),
  exportCsv: tenantRoute({
    method: "get",
    path: "/export.csv",
    operationId: "exportarAuditoria",
    tags: [TAG],
    permission: "auditoria:ler",
    summary: "Exporta a trilha filtrada em CSV (UTF-8 com BOM, separador ;)",
    request: { query: auditoriaExportQuerySchema },
    responses: {
      200: csvResponse,
      ...errorResponses(400),
    },
  }),
  acessosPessoa: tenantRoute({
    method: "get",
    path: "/pessoas/{id}/acessos",
    operationId: "listarAcessosDadosPessoa",
    tags: [TAG],
    permission: "auditoria:ler",
    summary: "Quem visualizou ou exportou os dados desta pessoa (Acessos a estes dados)",
    request: {
      params: uuidParam,
      query: z.object({
        page: z.coerce.number().int("Página inválida").min(1, "Página inválida").max(500, "Página inválida").default(1),
      }),
    },
    responses: {
      200: jsonResponse(auditoriaPageSchema, "Página"),
      ...errorResponses(400, 404),
    },
  }),
};

export function auditoriaRoutes(db: Database) {
  return apiRouter()
    .openapi(routes.list, async (c) => {
      const q = c.req.valid("query");
      return c.json(await service.list(db, c.get("tenant").organizationId, filtersOf(q), q.page, q.page_size), 200);
    })
    .openapi(routes.exportCsv, async (c) => {
      const tenant = c.get("tenant");
      const q = c.req.valid("query");
      const rows = service.auditoriaCsv(db, tenant, filtersOf(q));
      // The act of reading the trail is the session's, not a record's ("Sessão" on the screen).
      return (await csvExport(db, tenant, {
        entidade: "sessao",
        resumo: "Exportou a auditoria em CSV",
        query: q,
        fileName: "auditoria",
        rows,
      })) as never;
    })
    .openapi(routes.acessosPessoa, async (c) => {
      const { page } = c.req.valid("query");
      return c.json(
        await service.viewsOfPessoa(db, c.get("tenant").organizationId, c.req.valid("param").id, page),
        200,
      );
    });
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * Records a view of personal data after a successful GET of one record (`/pessoas/{id}`,
 * `/solicitacoes/{id}`), mounted in front of the record's own router: the detail answers first,
 * then the view is written (a failure to write it is logged, never shown).
 */
export function recordViewsOf(db: Database, entidade: "pessoa" | "solicitacao"): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    await next();
    const id = c.req.param("id");
    if (c.req.method !== "GET" || c.res.status !== 200 || !id || !UUID.test(id)) return;
    const tenant = c.get("tenant");
    if (!tenant) return;
    await service
      .recordView(db, tenant, entidade, id)
      .catch((error: unknown) => c.get("logger").error({ err: error }, "registro de visualização falhou"));
  };
}
