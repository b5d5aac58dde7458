import { aguardandoDecisaoQuerySchema, aguardandoDecisaoSchema } from "../../../shared/schemas/acessos";
import {
  validacaoListQuerySchema,
  validacaoPageSchema,
  validacaoResultadoSchema,
  validarPasseSchema,
} from "../../../shared/schemas/passes";
import { convidadosPortariaQuerySchema, convidadosPortariaSchema } from "../../../shared/schemas/reservas";
import type { Database } from "../../db/client";
import { toPage } from "../../db/pagination";
import { errorResponses, jsonBody, jsonResponse } from "../../http/openapi";
import { apiRouter, tenantRoute } from "../../http/routes";
import { fotoOfPasse } from "../fotos/fotos.service";
import { listValidacoes, toValidacao } from "../passes/passes.service";
import { aguardandoDecisao } from "./aguardando";
import { convidadosDeHoje } from "./convidados";
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
      "Toda tentativa é registrada. Uma recusa também é 200, com `liberado: false`, o motivo em `resultado` e o texto em `mensagem`. Liberado conta um uso (antipassback), envia `portao.abrir` e registra a entrada (`acesso_id`): o portão aberto é a entrada; se a pessoa não entrar, POST /api/acessos/{id}/nao-entrou desfaz em até 10 minutos. PINs errados demais no condomínio: 429 com `Retry-After`.",
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
    operationId: "listarAguardandoDecisao",
    tags: [TAG],
    permission: "portaria:operar",
    summary:
      "Visitantes na portaria de um condomínio aguardando decisão (solicitações pendentes), o mais antigo primeiro",
    request: { query: aguardandoDecisaoQuerySchema },
    responses: {
      200: jsonResponse(aguardandoDecisaoSchema.openapi("AguardandoDecisao"), "Lista"),
      ...errorResponses(400, 404),
    },
  }),
  convidados: tenantRoute({
    method: "get",
    path: "/convidados",
    operationId: "listarConvidadosPortaria",
    tags: [TAG],
    permission: "portaria:operar",
    summary: "Lista de convidados de hoje: convidados das reservas confirmadas de um condomínio",
    description:
      'Convidados (não removidos) das reservas confirmadas cuja janela toca o dia de hoje no fuso do condomínio. A janela vai de 30 minutos antes do início até o fim da reserva (`na_janela`); os que estão na janela vêm primeiro, depois pelo início da reserva e pelo nome. `q` busca por nome ou documento. No máximo 200. A entrada é registrada com POST /api/acessos `{origem: "reserva", reserva_convidado_id}`.',
    request: { query: convidadosPortariaQuerySchema },
    responses: {
      200: jsonResponse(convidadosPortariaSchema.openapi("ConvidadosPortaria"), "Lista"),
      ...errorResponses(400, 404),
    },
  }),
};

export function portariaRoutes(db: Database, deps: { secret: string }) {
  return apiRouter()
    .openapi(routes.validar, async (c) => {
      const tenant = c.get("tenant");
      const operador = await operadorOf(db, tenant);
      const result = await validarPasse(db, operador, c.req.valid("json"), { secret: deps.secret });
      // "Liberado: Maria, diarista" with her face, so the porteiro compares it with who is at the gate.
      if (result.passe) {
        const foto = await fotoOfPasse({ db, secret: deps.secret }, tenant, result.passe.id);
        result.passe.foto_url = foto?.url ?? null;
      }
      return c.json(result, 200);
    })
    .openapi(routes.validacoes, async (c) => {
      const q = c.req.valid("query");
      const { rows, counted } = await listValidacoes(
        db,
        c.get("tenant"),
        { condominioId: q.condominio_id, passeId: q.passe_id },
        q.page,
        q.page_size,
      );
      return c.json(toPage(rows.map(toValidacao), counted, q.page, q.page_size), 200);
    })
    .openapi(routes.aguardando, async (c) =>
      c.json(await aguardandoDecisao(db, c.get("tenant"), c.req.valid("query").condominio_id), 200),
    )
    .openapi(routes.convidados, async (c) =>
      c.json(await convidadosDeHoje(db, c.get("tenant"), c.req.valid("query")), 200),
    );
}
