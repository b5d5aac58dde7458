import { uuidParam } from "../../../shared/schemas/common";
import {
  passeCreateSchema,
  passeDetailSchema,
  passeListQuerySchema,
  passePageSchema,
  passeUpdateSchema,
} from "../../../shared/schemas/passes";
import type { Database } from "../../db/client";
import { errorResponses, jsonBody, jsonResponse } from "../../http/openapi";
import { apiRouter, tenantRoute } from "../../http/routes";
import * as service from "./passes.service";

const TAG = "Passes";
const detail = passeDetailSchema.openapi("PasseDetalhe");

const routes = {
  list: tenantRoute({
    method: "get",
    path: "/",
    operationId: "listarPasses",
    tags: [TAG],
    permission: "passes:ler",
    summary: "Passes (pré-autorizações), mais recentes primeiro; filtros e busca",
    description: "Um morador vê apenas os passes das suas unidades.",
    request: { query: passeListQuerySchema },
    responses: {
      200: jsonResponse(passePageSchema.openapi("PaginaPasses"), "Página"),
      ...errorResponses(400),
    },
  }),
  get: tenantRoute({
    method: "get",
    path: "/{id}",
    operationId: "obterPasse",
    tags: [TAG],
    permission: "passes:ler",
    summary: "Passe com PIN, QR Code, link para compartilhar e validações recentes",
    request: { params: uuidParam },
    responses: { 200: jsonResponse(detail, "Passe"), ...errorResponses(400, 404) },
  }),
  create: tenantRoute({
    method: "post",
    path: "/",
    operationId: "criarPasse",
    tags: [TAG],
    permission: "passes:gerenciar",
    summary: "Cria um passe de data única ou recorrente (horário no fuso do condomínio)",
    request: jsonBody(passeCreateSchema),
    responses: { 201: jsonResponse(detail, "Criado"), ...errorResponses(400, 404) },
  }),
  update: tenantRoute({
    method: "put",
    path: "/{id}",
    operationId: "editarPasse",
    tags: [TAG],
    permission: "passes:gerenciar",
    summary: "Altera o visitante e o horário; unidade, PIN e QR Code continuam",
    request: { params: uuidParam, ...jsonBody(passeUpdateSchema) },
    responses: { 200: jsonResponse(detail, "Atualizado"), ...errorResponses(400, 404, 409) },
  }),
};

const ACTION_SUMMARIES: Record<service.PasseAcao, string> = {
  suspender: "Suspende um passe ativo (pode ser reativado)",
  reativar: "Reativa um passe suspenso",
  revogar: "Revoga um passe (definitivo)",
};

const actionRoute = (acao: service.PasseAcao) =>
  tenantRoute({
    method: "post",
    path: `/{id}/${acao}`,
    operationId: `${acao}Passe`,
    tags: [TAG],
    permission: "passes:gerenciar",
    summary: ACTION_SUMMARIES[acao],
    request: { params: uuidParam },
    responses: { 200: jsonResponse(detail, "Passe"), ...errorResponses(400, 404, 409) },
  });

/** `linkBase`: the origin the pass links are built on (the address the user reached us at). */
export function passesRoutes(db: Database, deps: { secret: string; linkBase: (request: Request) => string }) {
  const links = (request: Request) => ({ secret: deps.secret, linkBase: deps.linkBase(request) });
  const router = apiRouter()
    .openapi(routes.list, async (c) => {
      const q = c.req.valid("query");
      const filters = {
        condominioId: q.condominio_id,
        unidadeId: q.unidade_id,
        status: q.status,
        tipo: q.tipo,
        q: q.q,
      };
      return c.json(await service.list(db, c.get("tenant"), filters, q.page, q.page_size), 200);
    })
    .openapi(routes.get, async (c) =>
      c.json(await service.get(db, c.get("tenant"), c.req.valid("param").id, links(c.req.raw)), 200),
    )
    .openapi(routes.create, async (c) =>
      c.json(await service.create(db, c.get("tenant"), c.req.valid("json"), links(c.req.raw)), 201),
    )
    .openapi(routes.update, async (c) =>
      c.json(
        await service.update(db, c.get("tenant"), c.req.valid("param").id, c.req.valid("json"), links(c.req.raw)),
        200,
      ),
    );
  for (const acao of ["suspender", "reativar", "revogar"] as const) {
    router.openapi(actionRoute(acao), async (c) =>
      c.json(await service.changeStatus(db, c.get("tenant"), c.req.valid("param").id, acao, links(c.req.raw)), 200),
    );
  }
  return router;
}
