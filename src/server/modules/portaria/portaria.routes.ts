import { aguardandoEntradaQuerySchema, aguardandoEntradaSchema } from "../../../shared/schemas/acessos";
import {
  validacaoListQuerySchema,
  validacaoPageSchema,
  validacaoResultadoSchema,
  validarPasseSchema,
} from "../../../shared/schemas/passes";
import type { Database } from "../../db/client";
import { toPage } from "../../db/pagination";
import { errorResponses, jsonBody, jsonResponse } from "../../http/openapi";
import { apiRouter, tenantRoute } from "../../http/routes";
import { aguardandoEntrada } from "../acessos/acessos.service";
import { listValidacoes, toValidacao } from "../passes/passes.service";
import { operadorOf } from "./operador";
import { validarPasse } from "./validacao.service";

const TAG = "Portaria";

const routes = {
  validar: tenantRoute({
    method: "post",
    path: "/validacoes",
    operationId: "validarPasse",
    tags: [TAG],
    permission: "portaria:operar",
    summary: "Valida um passe pelo PIN ou pelo QR Code na portaria de um condomínio",
    description:
      "Toda tentativa é registrada. Uma recusa também é 200, com `liberado: false`, o motivo em `resultado` e o texto em `mensagem`. Liberado conta um uso (antipassback) e envia `portao.abrir`; a entrada é registrada com POST /api/acessos. PINs errados demais no condomínio: 429 com `Retry-After`.",
    request: jsonBody(validarPasseSchema),
    responses: {
      200: jsonResponse(validacaoResultadoSchema.openapi("ResultadoValidacao"), "Resultado"),
      ...errorResponses(400, 404, 429),
    },
  }),
  validacoes: tenantRoute({
    method: "get",
    path: "/validacoes",
    operationId: "listarValidacoes",
    tags: [TAG],
    permission: "portaria:operar",
    summary: "Tentativas de validação de passes, mais recentes primeiro",
    request: { query: validacaoListQuerySchema },
    responses: {
      200: jsonResponse(validacaoPageSchema.openapi("PaginaValidacoes"), "Página"),
      ...errorResponses(400),
    },
  }),
  aguardando: tenantRoute({
    method: "get",
    path: "/aguardando",
    operationId: "listarAguardandoEntrada",
    tags: [TAG],
    permission: "portaria:operar",
    summary: "Solicitações autorizadas nas últimas 24 horas cuja entrada ainda não foi registrada",
    request: { query: aguardandoEntradaQuerySchema },
    responses: {
      200: jsonResponse(aguardandoEntradaSchema.openapi("AguardandoEntrada"), "Lista"),
      ...errorResponses(400, 404),
    },
  }),
};

export function portariaRoutes(db: Database, deps: { secret: string }) {
  return apiRouter()
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
