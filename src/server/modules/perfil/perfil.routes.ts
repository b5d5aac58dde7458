/**
 * /api/perfil: the signed-in user's own account, for every role. The password is changed through
 * better-auth's /api/auth/change-password (with revokeOtherSessions); the sessions are listed and
 * ended here instead of through better-auth's list-sessions, which hands every session's token to
 * JavaScript.
 */

import {
  encerrarOutrasResultSchema,
  encerrarSessaoResultSchema,
  perfilInputSchema,
  perfilSchema,
  sessaoIdParam,
  sessoesSchema,
} from "../../../shared/schemas/perfil";
import type { Database } from "../../db/client";
import { errorResponses, jsonBody, jsonResponse } from "../../http/openapi";
import { apiRouter, tenantRoute } from "../../http/routes";
import * as service from "./perfil.service";

const TAG = "Perfil";

const routes = {
  update: tenantRoute({
    method: "put",
    path: "/",
    operationId: "atualizarPerfil",
    tags: [TAG],
    summary: "Atualiza o nome e a foto (data: URL PNG, JPEG ou WebP de até 100 KB; null remove)",
    request: jsonBody(perfilInputSchema.openapi("PerfilEntrada")),
    responses: { 200: jsonResponse(perfilSchema.openapi("Perfil"), "Atualizado"), ...errorResponses(400) },
  }),
  sessoes: tenantRoute({
    method: "get",
    path: "/sessoes",
    operationId: "listarSessoes",
    tags: [TAG],
    summary: "Sessões abertas do usuário: a atual primeiro, depois pelo último acesso (sem tokens)",
    responses: { 200: jsonResponse(sessoesSchema.openapi("Sessoes"), "Sessões") },
  }),
  encerrar: tenantRoute({
    method: "delete",
    path: "/sessoes/{id}",
    operationId: "encerrarSessao",
    tags: [TAG],
    summary: "Encerra uma sessão do usuário; encerrar a atual é sair (atual: true)",
    request: { params: sessaoIdParam },
    responses: {
      200: jsonResponse(encerrarSessaoResultSchema.openapi("SessaoEncerrada"), "Encerrada"),
      ...errorResponses(400, 404),
    },
  }),
  encerrarOutras: tenantRoute({
    method: "post",
    path: "/sessoes/encerrar-outras",
    operationId: "encerrarOutrasSessoes",
    tags: [TAG],
    summary: "Encerra todas as sessões do usuário, menos a atual",
    responses: {
      200: jsonResponse(encerrarOutrasResultSchema.openapi("SessoesEncerradas"), "Encerradas"),
    },
  }),
};

export function perfilRoutes(db: Database) {
  return apiRouter()
    .openapi(routes.update, async (c) =>
      c.json(await service.updatePerfil(db, c.get("tenant"), c.req.valid("json")), 200),
    )
    .openapi(routes.sessoes, async (c) => c.json(await service.listSessoes(db, c.get("tenant")), 200))
    .openapi(routes.encerrar, async (c) =>
      c.json(await service.encerrarSessao(db, c.get("tenant"), c.req.valid("param").id), 200),
    )
    .openapi(routes.encerrarOutras, async (c) => c.json(await service.encerrarOutras(db, c.get("tenant")), 200));
}
