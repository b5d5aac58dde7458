import { uuidParam } from "../../../shared/schemas/common";
import {
  calendarioQuerySchema,
  calendarioSchema,
  convidadosReplaceSchema,
  disponibilidadeQuerySchema,
  disponibilidadeSchema,
  reservaCancelarSchema,
  reservaCreateSchema,
  reservaDetailSchema,
  reservaExportQuerySchema,
  reservaListQuerySchema,
  reservaPageSchema,
  reservaRecusarSchema,
} from "../../../shared/schemas/reservas";
import type { Database } from "../../db/client";
import { csvExport, csvResponse } from "../../http/csv-export";
import { errorResponses, jsonBody, jsonResponse } from "../../http/openapi";
import { apiRouter, tenantRoute } from "../../http/routes";
import * as service from "./reservas.service";
import { reservasCsv } from "./reservas-csv";

const TAG = "Reservas";
const detail = reservaDetailSchema.openapi("ReservaDetalhe");

const routes = {
  list: tenantRoute({
    method: "get",
    path: "/",
    operationId: "listarReservas",
    tags: [TAG],
    permission: "reservas:ler",
    summary:
      "Reservas de áreas comuns, início mais recente primeiro; filtros por condomínio, área, unidade, status e dia",
    description: "Um morador vê apenas as reservas das suas unidades.",
    request: { query: reservaListQuerySchema },
    responses: { 200: jsonResponse(reservaPageSchema.openapi("PaginaReservas"), "Página"), ...errorResponses(400) },
  }),
  exportCsv: tenantRoute({
    method: "get",
    path: "/export.csv",
    operationId: "exportarReservas",
    tags: [TAG],
    permission: "reservas:ler",
    summary: "Exporta as reservas filtradas em CSV (UTF-8 com BOM, separador ;), sem nomes de convidados",
    description: "Os mesmos filtros, o mesmo escopo e a mesma ordem da lista, sem paginação; registrada na auditoria.",
    request: { query: reservaExportQuerySchema },
    responses: { 200: csvResponse, ...errorResponses(400) },
  }),
  calendario: tenantRoute({
    method: "get",
    path: "/calendario",
    operationId: "calendarioReservas",
    tags: [TAG],
    permission: "reservas:ler",
    summary: "Reservas que ocupam as áreas (pendentes e confirmadas) num período de até 42 dias",
    description: "Um morador vê as reservas de outras unidades apenas como “Ocupado”, sem identificador nem unidade.",
    request: { query: calendarioQuerySchema },
    responses: {
      200: jsonResponse(calendarioSchema.openapi("CalendarioReservas"), "Calendário"),
      ...errorResponses(400, 404),
    },
  }),
  get: tenantRoute({
    method: "get",
    path: "/{id}",
    operationId: "obterReserva",
    tags: [TAG],
    permission: "reservas:ler",
    summary: "Reserva com a lista de convidados",
    request: { params: uuidParam },
    responses: { 200: jsonResponse(detail, "Reserva"), ...errorResponses(400, 404) },
  }),
  create: tenantRoute({
    method: "post",
    path: "/",
    operationId: "criarReserva",
    tags: [TAG],
    permission: "reservas:criar",
    summary: "Reserva uma área comum para uma unidade",
    description:
      "Confirmada na hora se a área não exige aprovação ou se a equipe reservou; senão aguarda o síndico. Regras da área " +
      "(antecedência, horários, blocos, limite mensal, capacidade) recusadas com 400/409 e a regra em pt-BR; um horário " +
      "já ocupado (ou no intervalo de limpeza) responde 409.",
    request: jsonBody(reservaCreateSchema),
    responses: { 201: jsonResponse(detail, "Reserva"), ...errorResponses(400, 404, 409) },
  }),
  convidados: tenantRoute({
    method: "put",
    path: "/{id}/convidados",
    operationId: "substituirConvidadosReserva",
    tags: [TAG],
    permission: "reservas:criar",
    summary: "Substitui a lista de convidados (quem já entrou permanece na lista)",
    request: { params: uuidParam, ...jsonBody(convidadosReplaceSchema) },
    responses: { 200: jsonResponse(detail, "Reserva"), ...errorResponses(400, 404, 409) },
  }),
  aprovar: tenantRoute({
    method: "post",
    path: "/{id}/aprovar",
    operationId: "aprovarReserva",
    tags: [TAG],
    permission: "reservas:aprovar",
    summary: "Aprova uma reserva pendente; os moradores são avisados",
    request: { params: uuidParam },
    responses: { 200: jsonResponse(detail, "Reserva"), ...errorResponses(400, 404, 409) },
  }),
  recusar: tenantRoute({
    method: "post",
    path: "/{id}/recusar",
    operationId: "recusarReserva",
    tags: [TAG],
    permission: "reservas:aprovar",
    summary: "Recusa uma reserva pendente, com o motivo; os moradores são avisados",
    request: { params: uuidParam, ...jsonBody(reservaRecusarSchema) },
    responses: { 200: jsonResponse(detail, "Reserva"), ...errorResponses(400, 404, 409) },
  }),
  cancelar: tenantRoute({
    method: "post",
    path: "/{id}/cancelar",
    operationId: "cancelarReserva",
    tags: [TAG],
    permission: "reservas:criar",
    summary: "Cancela uma reserva: o morador até o prazo da área; a equipe a qualquer momento, com o motivo",
    request: { params: uuidParam, ...jsonBody(reservaCancelarSchema) },
    responses: { 200: jsonResponse(detail, "Reserva"), ...errorResponses(400, 404, 409) },
  }),
};

export function reservasRoutes(db: Database) {
  return (
    apiRouter()
      .openapi(routes.list, async (c) => {
        const q = c.req.valid("query");
        const filters = {
          condominioId: q.condominio_id,
          areaId: q.area_id,
          unidadeId: q.unidade_id,
          status: q.status,
          de: q.de,
          ate: q.ate,
        };
        return c.json(await service.list(db, c.get("tenant"), filters, q.page, q.page_size), 200);
      })
      // Before /{id}: these paths are not ids.
      .openapi(routes.exportCsv, async (c) => {
        const tenant = c.get("tenant");
        const q = c.req.valid("query");
        const rows = reservasCsv(db, tenant, {
          condominioId: q.condominio_id,
          areaId: q.area_id,
          unidadeId: q.unidade_id,
          status: q.status,
          de: q.de,
          ate: q.ate,
        });
        return (await csvExport(db, tenant, {
          entidade: "reserva",
          resumo: "Exportou reservas de áreas comuns em CSV",
          query: q,
          fileName: "reservas",
          rows,
        })) as never;
      })
      .openapi(routes.calendario, async (c) =>
        c.json(await service.calendario(db, c.get("tenant"), c.req.valid("query")), 200),
      )
      .openapi(routes.get, async (c) => c.json(await service.get(db, c.get("tenant"), c.req.valid("param").id), 200))
      .openapi(routes.create, async (c) => c.json(await service.create(db, c.get("tenant"), c.req.valid("json")), 201))
      .openapi(routes.convidados, async (c) =>
        c.json(
          await service.replaceConvidados(db, c.get("tenant"), c.req.valid("param").id, c.req.valid("json").convidados),
          200,
        ),
      )
      .openapi(routes.aprovar, async (c) =>
        c.json(await service.decidir(db, c.get("tenant"), c.req.valid("param").id, { aprovar: true }), 200),
      )
      .openapi(routes.recusar, async (c) =>
        c.json(
          await service.decidir(db, c.get("tenant"), c.req.valid("param").id, {
            aprovar: false,
            motivo: c.req.valid("json").motivo,
          }),
          200,
        ),
      )
      .openapi(routes.cancelar, async (c) =>
        c.json(await service.cancelar(db, c.get("tenant"), c.req.valid("param").id, c.req.valid("json").motivo), 200),
      )
  );
}

const disponibilidadeRoute = tenantRoute({
  method: "get",
  path: "/{id}/disponibilidade",
  operationId: "disponibilidadeArea",
  tags: [TAG],
  permission: "reservas:ler",
  summary: "Horários reserváveis de uma área, dia a dia (até 42 dias): livre, ocupado ou indisponível, com o motivo",
  request: { params: uuidParam, query: disponibilidadeQuerySchema },
  responses: {
    200: jsonResponse(disponibilidadeSchema.openapi("DisponibilidadeArea"), "Disponibilidade"),
    ...errorResponses(400, 404),
  },
});

/** GET /api/areas/{id}/disponibilidade, mounted under /areas beside the areas' own routes. */
export function disponibilidadeRoutes(db: Database) {
  return apiRouter().openapi(disponibilidadeRoute, async (c) => {
    const q = c.req.valid("query");
    return c.json(await service.disponibilidade(db, c.get("tenant"), c.req.valid("param").id, q.de, q.ate), 200);
  });
}
