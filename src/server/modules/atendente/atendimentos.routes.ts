import {
  atendimentoEncerrarInputSchema,
  atendimentoListQuerySchema,
  atendimentoMensagemInputSchema,
  atendimentoPageSchema,
  atendimentoSchema,
  atendimentoSolicitacaoInputSchema,
} from "../../../shared/schemas/atendimentos";
import { uuidParam } from "../../../shared/schemas/common";
import type { Database } from "../../db/client";
import { errorResponses, jsonBody, jsonResponse } from "../../http/openapi";
import { apiRouter, tenantRoute } from "../../http/routes";
import * as service from "./atendimentos.service";

const TAG = "Atendimentos";
const one = atendimentoSchema.openapi("Atendimento");
const PERMISSION = "atendimentos:operar" as const;

const routes = {
  list: tenantRoute({
    method: "get",
    path: "/",
    operationId: "listarAtendimentos",
    tags: [TAG],
    permission: PERMISSION,
    summary:
      "Conversas do atendente virtual: as em andamento (as que precisam de uma pessoa primeiro) ou as encerradas",
    request: { query: atendimentoListQuerySchema },
    responses: {
      200: jsonResponse(atendimentoPageSchema.openapi("Atendimentos"), "Conversas"),
      ...errorResponses(400),
    },
  }),
  get: tenantRoute({
    method: "get",
    path: "/{id}",
    operationId: "obterAtendimento",
    tags: [TAG],
    permission: PERMISSION,
    summary: "Uma conversa com a transcrição inteira",
    request: { params: uuidParam },
    responses: { 200: jsonResponse(one, "Conversa"), ...errorResponses(404) },
  }),
  assumir: tenantRoute({
    method: "post",
    path: "/{id}/assumir",
    operationId: "assumirAtendimento",
    tags: [TAG],
    permission: PERMISSION,
    summary: "Assume a conversa: o atendente virtual para de responder e o visitante é avisado",
    request: { params: uuidParam },
    responses: { 200: jsonResponse(one, "Assumida"), ...errorResponses(404, 409) },
  }),
  mensagem: tenantRoute({
    method: "post",
    path: "/{id}/mensagens",
    operationId: "responderAtendimento",
    tags: [TAG],
    permission: PERMISSION,
    summary: "Escreve ao visitante (o totem mostra e fala); a primeira mensagem assume a conversa",
    request: { params: uuidParam, ...jsonBody(atendimentoMensagemInputSchema) },
    responses: { 200: jsonResponse(one, "Enviada"), ...errorResponses(400, 404, 409) },
  }),
  solicitacao: tenantRoute({
    method: "post",
    path: "/{id}/solicitacao",
    operationId: "registrarSolicitacaoDoAtendimento",
    tags: [TAG],
    permission: PERMISSION,
    summary: "Registra a solicitação do visitante desta conversa; os moradores são avisados como sempre",
    request: { params: uuidParam, ...jsonBody(atendimentoSolicitacaoInputSchema) },
    responses: { 200: jsonResponse(one, "Registrada"), ...errorResponses(400, 404, 409) },
  }),
  encerrar: tenantRoute({
    method: "post",
    path: "/{id}/encerrar",
    operationId: "encerrarAtendimento",
    tags: [TAG],
    permission: PERMISSION,
    summary: 'Encerra a conversa; com `resultado: "negado"` o visitante vê "Entrada não autorizada"',
    request: { params: uuidParam, ...jsonBody(atendimentoEncerrarInputSchema) },
    responses: { 200: jsonResponse(one, "Encerrada"), ...errorResponses(400, 404, 409) },
  }),
};

export function atendimentosRoutes(db: Database) {
  return apiRouter()
    .openapi(routes.list, async (c) => {
      const { page, page_size, ...filters } = c.req.valid("query");
      return c.json(await service.list(db, c.get("tenant"), filters, page, page_size), 200);
    })
    .openapi(routes.get, async (c) => c.json(await service.get(db, c.get("tenant"), c.req.valid("param").id), 200))
    .openapi(routes.assumir, async (c) =>
      c.json(await service.assumir(db, c.get("tenant"), c.req.valid("param").id), 200),
    )
    .openapi(routes.mensagem, async (c) =>
      c.json(await service.mensagem(db, c.get("tenant"), c.req.valid("param").id, c.req.valid("json").texto), 200),
    )
    .openapi(routes.solicitacao, async (c) =>
      c.json(
        await service.registrarSolicitacao(db, c.get("tenant"), c.req.valid("param").id, c.req.valid("json")),
        200,
      ),
    )
    .openapi(routes.encerrar, async (c) =>
      c.json(await service.encerrar(db, c.get("tenant"), c.req.valid("param").id, c.req.valid("json").resultado), 200),
    );
}
