import { z } from "@hono/zod-openapi";
import {
  relatorioMensalQuerySchema,
  relatorioQuerySchema,
  relatorioSchema,
  relatorioTabelaParam,
} from "../../../shared/schemas/relatorios";
import type { Database } from "../../db/client";
import { csvHeaders } from "../../http/csv";
import { csvResponse } from "../../http/csv-export";
import { errorResponses, jsonResponse } from "../../http/openapi";
import { apiRouter, tenantRoute } from "../../http/routes";
import { pdfFileName, renderMonthlyPdf } from "./relatorio-pdf";
import * as service from "./relatorios.service";

const TAG = "Relatórios";
const PERMISSION = "relatorios:ler" as const;

const routes = {
  json: tenantRoute({
    method: "get",
    path: "/",
    operationId: "relatorio",
    tags: [TAG],
    permission: PERMISSION,
    summary: "Números de um condomínio no período (mês ou de/até, até 366 dias), no fuso do condomínio",
    description:
      "Solicitações por dia e por hora da semana, tempos de resposta e de decisão (mediana e 95º percentil, em " +
      "segundos), como os moradores respondem, o atendente virtual, passes, a central de operadores e as encomendas " +
      "(recebidas, retiradas, devolvidas, aguardando no fim do período, sem o código, tempo até a retirada).",
    request: { query: relatorioQuerySchema },
    responses: { 200: jsonResponse(relatorioSchema.openapi("Relatorio"), "Relatório"), ...errorResponses(400, 404) },
  }),
  csv: tenantRoute({
    method: "get",
    path: "/csv/{tabela}",
    operationId: "relatorioCsv",
    tags: [TAG],
    permission: PERMISSION,
    summary: "Uma tabela do relatório em CSV (UTF-8 com BOM, separador ;)",
    request: { params: relatorioTabelaParam, query: relatorioQuerySchema },
    responses: { 200: csvResponse, ...errorResponses(400, 404) },
  }),
  pdf: tenantRoute({
    method: "get",
    path: "/mensal.pdf",
    operationId: "relatorioMensalPdf",
    tags: [TAG],
    permission: PERMISSION,
    summary: "O relatório mensal do síndico em PDF, com gráficos e um resumo",
    request: { query: relatorioMensalQuerySchema },
    responses: {
      200: { description: "PDF", content: { "application/pdf": { schema: z.string().openapi({ format: "binary" }) } } },
      ...errorResponses(400, 404),
    },
  }),
};

export function relatoriosRoutes(db: Database) {
  return apiRouter()
    .openapi(routes.json, async (c) => c.json(await service.report(db, c.get("tenant"), c.req.valid("query")), 200))
    .openapi(routes.csv, async (c) => {
      const { tabela } = c.req.valid("param");
      const r = await service.report(db, c.get("tenant"), c.req.valid("query"));
      return new Response(service.csvBody(service.csvTable(r, tabela)), {
        status: 200,
        headers: csvHeaders(`relatorio-${tabela}-${r.periodo.de}-a-${r.periodo.ate}`),
      });
    })
    .openapi(routes.pdf, async (c) => {
      const q = c.req.valid("query");
      const r = await service.report(db, c.get("tenant"), q);
      const body = await renderMonthlyPdf(r, q.mes);
      return new Response(new Uint8Array(body), {
        status: 200,
        headers: {
          "Content-Type": "application/pdf",
          "Content-Disposition": `attachment; filename="${pdfFileName(r.condominio.nome, q.mes)}"`,
          "Cache-Control": "no-store",
        },
      });
    });
}
