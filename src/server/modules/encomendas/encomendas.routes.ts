import { uuidParam } from "../../../shared/schemas/common";
import {
  autorizadoCreateSchema,
  autorizadoListQuerySchema,
  autorizadoListSchema,
  autorizadoSchema,
  encomendaConfirmarSchema,
  encomendaCreateSchema,
  encomendaDetailSchema,
  encomendaDevolverSchema,
  encomendaExportQuerySchema,
  encomendaListQuerySchema,
  encomendaPageSchema,
  loteCriadoSchema,
  retiradaConsultaResultSchema,
  retiradaConsultaSchema,
  retiradaCreateSchema,
  retiradaResultSchema,
} from "../../../shared/schemas/encomendas";
import type { Database } from "../../db/client";
import { csvExport, csvResponse } from "../../http/csv-export";
import { errorResponses, jsonBody, jsonResponse } from "../../http/openapi";
import { apiRouter, tenantRoute } from "../../http/routes";
import * as service from "./encomendas.service";
import { encomendasCsv } from "./encomendas-csv";

const TAG = "Encomendas";
const detail = encomendaDetailSchema.openapi("EncomendaDetalhe");

const routes = {
  list: tenantRoute({
    method: "get",
    path: "/",
    operationId: "listarEncomendas",
    tags: [TAG],
    permission: "encomendas:ler",
    summary: "Encomendas, mais recentes primeiro; filtros por status, unidade, transportadora, período e perecível",
    description:
      "Um morador vê apenas as encomendas das suas unidades, com o código de retirada das que aguardam; a equipe nunca vê o código.",
    request: { query: encomendaListQuerySchema },
    responses: { 200: jsonResponse(encomendaPageSchema.openapi("PaginaEncomendas"), "Página"), ...errorResponses(400) },
  }),
  exportCsv: tenantRoute({
    method: "get",
    path: "/export.csv",
    operationId: "exportarEncomendas",
    tags: [TAG],
    permission: "encomendas:ler",
    summary: "Exporta as encomendas filtradas em CSV (UTF-8 com BOM, separador ;, documentos mascarados)",
    description:
      "Os mesmos filtros, o mesmo escopo e a mesma ordem da lista, sem paginação. A exportação fica registrada na auditoria, com os filtros usados.",
    request: { query: encomendaExportQuerySchema },
    responses: { 200: csvResponse, ...errorResponses(400) },
  }),
  listAutorizados: tenantRoute({
    method: "get",
    path: "/autorizados",
    operationId: "listarAutorizadosEncomendas",
    tags: [TAG],
    permission: "encomendas:ler",
    summary: "Pessoas que a unidade autorizou a retirar suas encomendas",
    request: { query: autorizadoListQuerySchema },
    responses: { 200: jsonResponse(autorizadoListSchema, "Autorizados"), ...errorResponses(400, 404) },
  }),
  createAutorizado: tenantRoute({
    method: "post",
    path: "/autorizados",
    operationId: "autorizarRetiradaEncomendas",
    tags: [TAG],
    permission: "encomendas:autorizar",
    summary: "Autoriza uma pessoa a retirar as encomendas da unidade (ex.: a diarista)",
    request: jsonBody(autorizadoCreateSchema),
    responses: { 201: jsonResponse(autorizadoSchema, "Autorizado"), ...errorResponses(400, 404) },
  }),
  removeAutorizado: tenantRoute({
    method: "delete",
    path: "/autorizados/{id}",
    operationId: "removerAutorizadoEncomendas",
    tags: [TAG],
    permission: "encomendas:autorizar",
    summary: "Remove a autorização de retirada",
    request: { params: uuidParam },
    responses: { 204: { description: "Removido" }, ...errorResponses(400, 404) },
  }),
  consultar: tenantRoute({
    method: "post",
    path: "/retirada/consultar",
    operationId: "consultarCodigoRetirada",
    tags: [TAG],
    permission: "encomendas:operar",
    summary: "O que um código de retirada indica: as encomendas que aguardam, os moradores e os autorizados",
    description:
      "Códigos errados contam para um limite por porteiro e por condomínio (429 com Retry-After). Um código cujas encomendas já saíram responde 409 dizendo quando e para quem.",
    request: jsonBody(retiradaConsultaSchema),
    responses: {
      200: jsonResponse(retiradaConsultaResultSchema.openapi("ConsultaRetirada"), "Encomendas do código"),
      ...errorResponses(400, 404, 409, 429),
    },
  }),
  retirar: tenantRoute({
    method: "post",
    path: "/retiradas",
    operationId: "registrarRetiradaEncomendas",
    tags: [TAG],
    permission: "encomendas:operar",
    summary: "Entrega encomendas: com o código (digitado ou QR Code do morador) ou sem ele, com o motivo",
    description: "Uma encomenda é entregue uma vez: a segunda tentativa responde 409 dizendo quando e para quem.",
    request: jsonBody(retiradaCreateSchema),
    responses: { 200: jsonResponse(retiradaResultSchema, "Entregues"), ...errorResponses(400, 404, 409, 429) },
  }),
  get: tenantRoute({
    method: "get",
    path: "/{id}",
    operationId: "obterEncomenda",
    tags: [TAG],
    permission: "encomendas:ler",
    summary: "Encomenda, as demais do mesmo recebimento e os avisos aos moradores",
    request: { params: uuidParam },
    responses: { 200: jsonResponse(detail, "Encomenda"), ...errorResponses(400, 404) },
  }),
  create: tenantRoute({
    method: "post",
    path: "/",
    operationId: "receberEncomendas",
    tags: [TAG],
    permission: "encomendas:operar",
    summary: "Registra uma ou mais encomendas recebidas para uma unidade e avisa os moradores com o código de retirada",
    request: jsonBody(encomendaCreateSchema),
    responses: {
      201: jsonResponse(loteCriadoSchema.openapi("EncomendasRecebidas"), "Recebidas"),
      ...errorResponses(400, 404),
    },
  }),
  confirmar: tenantRoute({
    method: "post",
    path: "/{id}/confirmar",
    operationId: "confirmarEncomenda",
    tags: [TAG],
    permission: "encomendas:operar",
    summary: "Confirma uma encomenda registrada pelo atendente virtual; os moradores são avisados",
    request: { params: uuidParam, ...jsonBody(encomendaConfirmarSchema) },
    responses: { 200: jsonResponse(detail, "Encomenda"), ...errorResponses(400, 404, 409) },
  }),
  devolver: tenantRoute({
    method: "post",
    path: "/{id}/devolver",
    operationId: "devolverEncomenda",
    tags: [TAG],
    permission: "encomendas:operar",
    summary: "Registra a devolução (ao remetente, ou registrada por engano)",
    request: { params: uuidParam, ...jsonBody(encomendaDevolverSchema) },
    responses: { 200: jsonResponse(detail, "Encomenda"), ...errorResponses(400, 404, 409) },
  }),
  ciente: tenantRoute({
    method: "post",
    path: "/{id}/ciente",
    operationId: "cienteEncomenda",
    tags: [TAG],
    permission: "encomendas:ler",
    summary: "O morador confirma que viu o aviso: os lembretes de perecível param",
    request: { params: uuidParam },
    responses: { 200: jsonResponse(detail, "Encomenda"), ...errorResponses(400, 404) },
  }),
};

/** `photos.secret` signs the addresses of a package's photo in its detail. */
export function encomendasRoutes(db: Database, photos: { secret: string }) {
  return (
    apiRouter()
      .openapi(routes.list, async (c) => {
        const q = c.req.valid("query");
        const filters = {
          condominioId: q.condominio_id,
          unidadeId: q.unidade_id,
          status: q.status,
          transportadora: q.transportadora,
          perecivel: q.perecivel,
          q: q.q,
          de: q.de ? new Date(q.de) : undefined,
          ate: q.ate ? new Date(q.ate) : undefined,
        };
        return c.json(await service.list(db, c.get("tenant"), filters, q.page, q.page_size), 200);
      })
      // Before /{id}: these paths are not ids.
      .openapi(routes.exportCsv, async (c) => {
        const tenant = c.get("tenant");
        const q = c.req.valid("query");
        const rows = encomendasCsv(db, tenant, {
          condominioId: q.condominio_id,
          unidadeId: q.unidade_id,
          status: q.status,
          transportadora: q.transportadora,
          perecivel: q.perecivel,
          q: q.q,
          de: q.de ? new Date(q.de) : undefined,
          ate: q.ate ? new Date(q.ate) : undefined,
        });
        return (await csvExport(db, tenant, {
          entidade: "encomenda",
          resumo: "Exportou encomendas em CSV",
          // As asked: "perecivel=false" is a filter too (the audit leaves out false values).
          query: { ...q, perecivel: q.perecivel === undefined ? undefined : String(q.perecivel) },
          fileName: "encomendas",
          rows,
        })) as never;
      })
      .openapi(routes.listAutorizados, async (c) =>
        c.json({ items: await service.listAutorizados(db, c.get("tenant"), c.req.valid("query").unidade_id) }, 200),
      )
      .openapi(routes.createAutorizado, async (c) =>
        c.json(await service.createAutorizado(db, c.get("tenant"), c.req.valid("json")), 201),
      )
      .openapi(routes.removeAutorizado, async (c) => {
        await service.removeAutorizado(db, c.get("tenant"), c.req.valid("param").id);
        return c.body(null, 204);
      })
      .openapi(routes.consultar, async (c) =>
        c.json(await service.consultar(db, c.get("tenant"), c.req.valid("json")), 200),
      )
      .openapi(routes.retirar, async (c) =>
        c.json(await service.retirar(db, c.get("tenant"), c.req.valid("json")), 200),
      )
      .openapi(routes.get, async (c) =>
        c.json(await service.get(db, c.get("tenant"), c.req.valid("param").id, photos), 200),
      )
      .openapi(routes.create, async (c) => c.json(await service.create(db, c.get("tenant"), c.req.valid("json")), 201))
      .openapi(routes.confirmar, async (c) =>
        c.json(await service.confirmar(db, c.get("tenant"), c.req.valid("param").id, c.req.valid("json"), photos), 200),
      )
      .openapi(routes.devolver, async (c) =>
        c.json(
          await service.devolver(db, c.get("tenant"), c.req.valid("param").id, c.req.valid("json").motivo, photos),
          200,
        ),
      )
      .openapi(routes.ciente, async (c) =>
        c.json(await service.ciente(db, c.get("tenant"), c.req.valid("param").id, photos), 200),
      )
  );
}
