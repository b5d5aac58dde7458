import { createRoute, OpenAPIHono } from "@hono/zod-openapi";
import { aguardandoEntradaQuerySchema, aguardandoEntradaSchema } from "../../../shared/schemas/acessos";
import {
  validacaoListQuerySchema,
  validacaoPageSchema,
  validacaoResultadoSchema,
  validarPasseSchema,
} from "../../../shared/schemas/passes";
import { requirePermission } from "../../auth/tenant.middleware";
import type { Database } from "../../db/client";
import { toPage } from "../../db/pagination";
import type { AppEnv } from "../../http/context";
import { COOKIE_AUTH, errorResponses, jsonBody, jsonResponse, validationHook } from "../../http/openapi";
import { aguardandoEntrada } from "../acessos/acessos.service";
import { listValidacoes } from "../passes/passes.queries";
import { toValidacao } from "../passes/passes.service";
import { operadorOf } from "./operador";
import { validarPasse } from "./validacao.service";

const TAG = "Portaria";
const operate = requirePermission("portaria:operar");

const routes = {
  validar: createRoute({
    method: "post",
    path: "/validacoes",
    operationId: "validarPasse",
    tags: [TAG],
    security: COOKIE_AUTH,
    middleware: operate,
    summary: "Valida um passe pelo PIN ou pelo QR Code na portaria de um condomínio",
    description:
      "Toda tentativa é registrada. Uma recusa também é 200, com `liberado: false`, o motivo em `resultado` e o texto em `mensagem`. Liberado conta um uso (antipassback) e envia `portao.abrir`; a entrada é registrada com POST /api/acessos. PINs errados demais no condomínio: 429.",
    request: jsonBody(validarPasseSchema),
    responses: {
      200: jsonResponse(validacaoResultadoSchema.openapi("ResultadoValidacao"), "Resultado"),
      ...errorResponses(400, 401, 403, 404, 429),
    },
  }),
  validacoes: createRoute({
    method: "get",
    path: "/validacoes",
    operationId: "listarValidacoes",
    tags: [TAG],
    security: COOKIE_AUTH,
    middleware: operate,
    summary: "Tentativas de validação de passes, mais recentes primeiro",
    request: { query: validacaoListQuerySchema },
    responses: {
      200: jsonResponse(validacaoPageSchema.openapi("PaginaValidacoes"), "Página"),
      ...errorResponses(400, 401, 403),
    },
  }),
  aguardando: createRoute({
    method: "get",
    path: "/aguardando",
    operationId: "listarAguardandoEntrada",
    tags: [TAG],
    security: COOKIE_AUTH,
    middleware: operate,
    summary: "Solicitações autorizadas nas últimas 24 horas cuja entrada ainda não foi registrada",
    request: { query: aguardandoEntradaQuerySchema },
    responses: {
      200: jsonResponse(aguardandoEntradaSchema.openapi("AguardandoEntrada"), "Lista"),
      ...errorResponses(400, 401, 403, 404),
    },
  }),
};

export function portariaRoutes(db: Database, deps: { secret: string }) {
  return new OpenAPIHono<AppEnv>({ defaultHook: validationHook })
    .openapi(routes.validar, async (c) => {
      const operador = await operadorOf(db, c.get("tenant"));
      const { acesso_id: _none, ...result } = await validarPasse(db, operador, c.req.valid("json"), {
        secret: deps.secret,
      });
      return c.json(result, 200);
    })
    .openapi(routes.validacoes, async (c) => {
      const q = c.req.valid("query");
      const { rows, counted } = await listValidacoes(
        db,
        c.get("tenant").organizationId,
        { condominioId: q.condominio_id, passeId: q.passe_id },
        q.page,
        q.page_size,
      );
      return c.json(toPage(rows.map(toValidacao), counted, q.page, q.page_size), 200);
    })
    .openapi(routes.aguardando, async (c) =>
      c.json(await aguardandoEntrada(db, c.get("tenant").organizationId, c.req.valid("query").condominio_id), 200),
    );
}
