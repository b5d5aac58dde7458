/**
 * The demonstration's side of the phone line and WhatsApp (simulacoes.service): staff play the
 * visitor in Atendimentos, and the resident's key on a demonstration call from the request's demo
 * panel. Only on the demonstration; everywhere else a 403 that changes nothing.
 */
import { z } from "@hono/zod-openapi";
import { uuidParam } from "../../../shared/schemas/common";
import {
  ligacaoDemoTeclaResultSchema,
  ligacaoDemoTeclaSchema,
  simulacaoCreateSchema,
  simulacaoDisponivelSchema,
  simulacaoMensagemSchema,
  simulacaoTurnoSchema,
} from "../../../shared/schemas/simulacoes";
import { AppError, notFound } from "../../http/errors";
import { errorResponses, jsonBody, jsonResponse } from "../../http/openapi";
import { apiRouter, tenantRoute } from "../../http/routes";
import { get as getSolicitacao } from "../solicitacoes/solicitacoes.service";
import { demoCallKey } from "./ligacao-morador.service";
import {
  SIMULACAO_INDISPONIVEL,
  type SimulacaoDeps,
  simulacaoDisponivel,
  simulacaoMensagem,
  startSimulacao,
} from "./simulacoes.service";

const TAG = "Atendimentos";
const turno = simulacaoTurnoSchema.openapi("SimulacaoTurno");
const createBody = simulacaoCreateSchema.extend({ texto: simulacaoMensagemSchema.shape.texto.optional() });

const routes = {
  disponivel: tenantRoute({
    method: "get",
    path: "/simulacoes",
    operationId: "simulacaoDisponivel",
    tags: [TAG],
    permission: "atendimentos:operar",
    summary: "Se a simulação de ligação e de WhatsApp está disponível (só na demonstração)",
    responses: { 200: jsonResponse(simulacaoDisponivelSchema.openapi("SimulacaoDisponivel"), "Disponibilidade") },
  }),
  criar: tenantRoute({
    method: "post",
    path: "/simulacoes",
    operationId: "iniciarSimulacao",
    tags: [TAG],
    permission: "atendimentos:operar",
    summary:
      "Simula a ligação de um visitante para a linha do portão (a mesma TwiML da Twilio) ou a primeira mensagem de WhatsApp (`texto`)",
    request: jsonBody(createBody),
    responses: { 201: jsonResponse(turno, "A conversa começou"), ...errorResponses(400, 403) },
  }),
  mensagem: tenantRoute({
    method: "post",
    path: "/simulacoes/{id}/mensagens",
    operationId: "falarNaSimulacao",
    tags: [TAG],
    permission: "atendimentos:operar",
    summary: "O que o visitante diz (ligação) ou escreve (WhatsApp) na simulação",
    request: { params: uuidParam, ...jsonBody(simulacaoMensagemSchema) },
    responses: { 200: jsonResponse(turno, "A resposta do atendente"), ...errorResponses(400, 403, 404, 409) },
  }),
};

const teclaRoute = tenantRoute({
  method: "post",
  path: "/{id}/ligacoes/{notificacao_id}/tecla",
  operationId: "teclaNaLigacaoDeDemonstracao",
  tags: ["Solicitações"],
  permission: "solicitacoes:decidir",
  summary:
    "Demonstração: a tecla do morador na ligação do Guarita (1 autoriza, 2 nega), pelo mesmo caminho da ligação real",
  request: {
    params: z.object({ id: z.uuid("Solicitação inválida"), notificacao_id: z.uuid("Ligação inválida") }),
    ...jsonBody(ligacaoDemoTeclaSchema),
  },
  responses: {
    200: jsonResponse(ligacaoDemoTeclaResultSchema.openapi("LigacaoDemoTecla"), "O que a ligação disse"),
    ...errorResponses(400, 403, 404),
  },
});

export function simulacoesRoutes(deps: SimulacaoDeps) {
  return apiRouter()
    .openapi(routes.disponivel, (c) => c.json({ disponivel: simulacaoDisponivel(deps, c.get("tenant")) }, 200))
    .openapi(routes.criar, async (c) => c.json(await startSimulacao(deps, c.get("tenant"), c.req.valid("json")), 201))
    .openapi(routes.mensagem, async (c) =>
      c.json(await simulacaoMensagem(deps, c.get("tenant"), c.req.valid("param").id, c.req.valid("json").texto), 200),
    );
}

export function ligacaoDemoRoutes(deps: SimulacaoDeps) {
  return apiRouter().openapi(teclaRoute, async (c) => {
    const tenant = c.get("tenant");
    if (!simulacaoDisponivel(deps, tenant)) throw new AppError(403, "FORBIDDEN", SIMULACAO_INDISPONIVEL);
    const { id, notificacao_id } = c.req.valid("param");
    // The request as this caller sees it (a morador: their own unit's), and the call among its messages.
    const detail = await getSolicitacao(deps.db, tenant, id, deps);
    const call = detail.notificacoes.find((n) => n.id === notificacao_id && n.canal === "ligacao" && n.demo);
    if (!call) throw notFound("Ligação de demonstração não encontrada");
    return c.json(await demoCallKey(deps.db, tenant.organizationId, notificacao_id, c.req.valid("json").tecla), 200);
  });
}
