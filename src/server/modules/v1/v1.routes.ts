/**
 * /api/v1: the integration API for the PBX, the AI attendant and the gate controller, authenticated
 * by API keys (auth/api-key.ts, docs/decisions/019-api-keys.md). Every handler reads the tenant from
 * `c.var.apiKey`, never from input, so a key reaches its own tenant's rows only (another tenant's
 * id is a 404, as in the console).
 */
import { createRoute, OpenAPIHono } from "@hono/zod-openapi";
import type { ApiKeyScope } from "../../../shared/domain";
import { uuidParam } from "../../../shared/schemas/common";
import { solicitacaoDetailSchema } from "../../../shared/schemas/solicitacoes";
import { requireApiKey } from "../../auth/api-key";
import type { Database } from "../../db/client";
import type { AppEnv } from "../../http/context";
import { errorResponses, jsonResponse, validationHook } from "../../http/openapi";
import * as solicitacoes from "../solicitacoes/solicitacoes.service";

/** The security requirement of every /api/v1 route (the scheme is declared in http/openapi.ts). */
const API_KEY_AUTH = [{ apiKeyAuth: [] }];
const TAG = "Integração (v1)";

export function v1Routes(db: Database) {
  const key = (scope: ApiKeyScope) => requireApiKey(db, scope);
  const routes = {
    solicitacao: createRoute({
      method: "get",
      path: "/solicitacoes/{id}",
      operationId: "v1ConsultarSolicitacao",
      tags: [TAG],
      summary: "Estado de uma solicitação, com suas chamadas (para o atendente informar o visitante)",
      description: "Escopo `solicitacoes:ler`.",
      security: API_KEY_AUTH,
      middleware: key("solicitacoes:ler"),
      request: { params: uuidParam },
      responses: {
        200: jsonResponse(solicitacaoDetailSchema, "Solicitação"),
        ...errorResponses(400, 401, 403, 404, 429),
      },
    }),
  };

  return new OpenAPIHono<AppEnv>({ defaultHook: validationHook }).openapi(routes.solicitacao, async (c) => {
    const reader = { organizationId: c.get("apiKey").organizationId, scope: null };
    return c.json(await solicitacoes.get(db, reader, c.req.valid("param").id), 200);
  });
}
