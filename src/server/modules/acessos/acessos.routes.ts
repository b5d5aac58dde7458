import { createRoute, OpenAPIHono, z } from "@hono/zod-openapi";
import {
  acessoExportQuerySchema,
  acessoListQuerySchema,
  acessoPageSchema,
  acessoSchema,
  entradaCreateSchema,
} from "../../../shared/schemas/acessos";
import { uuidParam } from "../../../shared/schemas/common";
import { actorOf, recordAudit } from "../../audit/audit";
import { requirePermission } from "../../auth/tenant.middleware";
import type { Database } from "../../db/client";
import type { AppEnv } from "../../http/context";
import { csvHeaders, exportFilters } from "../../http/csv";
import { COOKIE_AUTH, errorResponses, jsonBody, jsonResponse, validationHook } from "../../http/openapi";
import { operadorOf } from "../portaria/operador";
import type { AcessoFilters } from "./acessos.queries";
import * as service from "./acessos.service";
import { acessosCsv } from "./acessos-csv";

const TAG = "Entradas e saídas";
const read = requirePermission("acessos:ler");
const operate = requirePermission("portaria:operar");
const one = acessoSchema.openapi("Acesso");

function filtersOf(q: z.output<typeof acessoExportQuerySchema>): AcessoFilters {
  return {
    condominioId: q.condominio_id,
    unidadeId: q.unidade_id,
    tipo: q.tipo,
    origem: q.origem,
    presentes: q.presentes,
    q: q.q,
    de: q.de ? new Date(q.de) : undefined,
    ate: q.ate ? new Date(q.ate) : undefined,
  };
}

const routes = {
  list: createRoute({
    method: "get",
    path: "/",
    operationId: "listarAcessos",
    tags: [TAG],
    security: COOKIE_AUTH,
    middleware: read,
    summary:
      "Registro de entradas e saídas, entrada mais recente primeiro; `presentes=true`: quem está no condomínio agora",
    request: { query: acessoListQuerySchema },
    responses: {
      200: jsonResponse(acessoPageSchema.openapi("PaginaAcessos"), "Página"),
      ...errorResponses(400, 401, 403),
    },
  }),
  exportCsv: createRoute({
    method: "get",
    path: "/export.csv",
    operationId: "exportarAcessos",
    tags: [TAG],
    security: COOKIE_AUTH,
    middleware: read,
    summary: "Exporta as entradas e saídas filtradas em CSV (UTF-8 com BOM, separador ;, documentos mascarados)",
    description: "A exportação fica registrada na auditoria, com os filtros usados.",
    request: { query: acessoExportQuerySchema },
    responses: {
      200: { description: "CSV", content: { "text/csv": { schema: z.string() } } },
      ...errorResponses(400, 401, 403),
    },
  }),
  create: createRoute({
    method: "post",
    path: "/",
    operationId: "registrarEntrada",
    tags: [TAG],
    security: COOKIE_AUTH,
    middleware: operate,
    summary: "Registra uma entrada: por um passe validado, uma solicitação autorizada ou um morador",
    request: jsonBody(entradaCreateSchema),
    responses: { 201: jsonResponse(one, "Registrada"), ...errorResponses(400, 401, 403, 404, 409) },
  }),
  saida: createRoute({
    method: "post",
    path: "/{id}/saida",
    operationId: "registrarSaida",
    tags: [TAG],
    security: COOKIE_AUTH,
    middleware: operate,
    summary: "Registra a saída de quem está no condomínio",
    request: { params: uuidParam },
    responses: { 200: jsonResponse(one, "Saída registrada"), ...errorResponses(400, 401, 403, 404, 409) },
  }),
};

export function acessosRoutes(db: Database) {
  return new OpenAPIHono<AppEnv>({ defaultHook: validationHook })
    .openapi(routes.list, async (c) => {
      const q = c.req.valid("query");
      return c.json(await service.list(db, c.get("tenant"), filtersOf(q), q.page, q.page_size), 200);
    })
    .openapi(routes.exportCsv, async (c) => {
      const tenant = c.get("tenant");
      const q = c.req.valid("query");
      await recordAudit(db, tenant.organizationId, actorOf(tenant), {
        acao: "exportar",
        entidade: "acesso",
        resumo: "Exportou entradas e saídas em CSV",
        depois: { filtros: exportFilters(q) },
      });
      const stream = acessosCsv(db, tenant, filtersOf(q));
      return new Response(stream, { status: 200, headers: csvHeaders("entradas-e-saidas") }) as never;
    })
    .openapi(routes.create, async (c) => {
      const operador = await operadorOf(db, c.get("tenant"));
      return c.json(await service.registerEntry(db, operador, c.req.valid("json")), 201);
    })
    .openapi(routes.saida, async (c) => {
      const operador = await operadorOf(db, c.get("tenant"));
      return c.json(await service.registerExit(db, operador, c.req.valid("param").id), 200);
    });
}
