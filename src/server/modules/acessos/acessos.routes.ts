import type { z } from "@hono/zod-openapi";
import {
  acessoExportQuerySchema,
  acessoListQuerySchema,
  acessoPageSchema,
  acessoSchema,
  entradaCreateSchema,
} from "../../../shared/schemas/acessos";
import { uuidParam } from "../../../shared/schemas/common";
import type { Database } from "../../db/client";
import { csvExport, csvResponse } from "../../http/csv-export";
import { errorResponses, jsonBody, jsonResponse } from "../../http/openapi";
import { apiRouter, tenantRoute } from "../../http/routes";
import { operadorOf } from "../portaria/operador";
import type { AcessoFilters } from "./acessos.queries";
import * as service from "./acessos.service";
import { acessosCsv } from "./acessos-csv";

const TAG = "Entradas e saídas";
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
  list: tenantRoute({
    method: "get",
    path: "/",
    operationId: "listarAcessos",
    tags: [TAG],
    permission: "acessos:ler",
    summary:
      "Registro de entradas e saídas, entrada mais recente primeiro; `presentes=true`: quem está no condomínio agora",
    description:
      "Uma entrada vinda de uma solicitação com foto traz `foto_miniatura_url`: a miniatura da foto mais recente do " +
      "visitante, assinada para quem lê e válida por minutos (sem foto: null).",
    request: { query: acessoListQuerySchema },
    responses: {
      200: jsonResponse(acessoPageSchema.openapi("PaginaAcessos"), "Página"),
      ...errorResponses(400),
    },
  }),
  exportCsv: tenantRoute({
    method: "get",
    path: "/export.csv",
    operationId: "exportarAcessos",
    tags: [TAG],
    permission: "acessos:ler",
    summary: "Exporta as entradas e saídas filtradas em CSV (UTF-8 com BOM, separador ;, documentos mascarados)",
    description: "A exportação fica registrada na auditoria, com os filtros usados.",
    request: { query: acessoExportQuerySchema },
    responses: {
      200: csvResponse,
      ...errorResponses(400),
    },
  }),
  create: tenantRoute({
    method: "post",
    path: "/",
    operationId: "registrarEntrada",
    tags: [TAG],
    permission: "portaria:operar",
    summary: "Registra uma entrada: por um passe validado, uma solicitação autorizada ou um morador",
    request: jsonBody(entradaCreateSchema),
    responses: { 201: jsonResponse(one, "Registrada"), ...errorResponses(400, 404, 409) },
  }),
  saida: tenantRoute({
    method: "post",
    path: "/{id}/saida",
    operationId: "registrarSaida",
    tags: [TAG],
    permission: "portaria:operar",
    summary: "Registra a saída de quem está no condomínio",
    request: { params: uuidParam },
    responses: { 200: jsonResponse(one, "Saída registrada"), ...errorResponses(400, 404, 409) },
  }),
  naoEntrou: tenantRoute({
    method: "post",
    path: "/{id}/nao-entrou",
    operationId: "registrarNaoEntrou",
    tags: [TAG],
    permission: "portaria:operar",
    summary: "Marca que a pessoa não entrou pelo portão aberto para ela (até 10 minutos depois da entrada)",
    description:
      "O portão aberto (passe liberado ou solicitação autorizada) registra a entrada na hora; se a pessoa não entrou, " +
      "isto a tira de “quem está no condomínio” e devolve o uso do passe. Depois de 10 minutos, ou com a saída já registrada: 409.",
    request: { params: uuidParam },
    responses: { 200: jsonResponse(one, "Marcada"), ...errorResponses(400, 404, 409) },
  }),
  desfazerSaida: tenantRoute({
    method: "post",
    path: "/{id}/desfazer-saida",
    operationId: "desfazerSaida",
    tags: [TAG],
    permission: "portaria:operar",
    summary: "Desfaz uma saída registrada por engano (até 2 minutos depois)",
    request: { params: uuidParam },
    responses: { 200: jsonResponse(one, "Saída desfeita"), ...errorResponses(400, 404, 409) },
  }),
};

export function acessosRoutes(db: Database, photos: { secret: string }) {
  return apiRouter()
    .openapi(routes.list, async (c) => {
      const q = c.req.valid("query");
      return c.json(await service.list(db, c.get("tenant"), filtersOf(q), q.page, q.page_size, photos), 200);
    })
    .openapi(routes.exportCsv, async (c) => {
      const tenant = c.get("tenant");
      const q = c.req.valid("query");
      const rows = acessosCsv(db, tenant, filtersOf(q));
      return (await csvExport(db, tenant, {
        entidade: "acesso",
        resumo: "Exportou entradas e saídas em CSV",
        query: q,
        fileName: "entradas-e-saidas",
        rows,
      })) as never;
    })
    .openapi(routes.create, async (c) => {
      const operador = await operadorOf(db, c.get("tenant"));
      return c.json(await service.registerEntry(db, operador, c.req.valid("json")), 201);
    })
    .openapi(routes.saida, async (c) => {
      const operador = await operadorOf(db, c.get("tenant"));
      return c.json(await service.registerExit(db, operador, c.req.valid("param").id), 200);
    })
    .openapi(routes.naoEntrou, async (c) => {
      const operador = await operadorOf(db, c.get("tenant"));
      return c.json(await service.markNaoEntrou(db, operador, c.req.valid("param").id), 200);
    })
    .openapi(routes.desfazerSaida, async (c) => {
      const operador = await operadorOf(db, c.get("tenant"));
      return c.json(await service.undoExit(db, operador, c.req.valid("param").id), 200);
    });
}
