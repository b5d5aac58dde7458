import { z } from "@hono/zod-openapi";
import { uuidParam } from "../../../shared/schemas/common";
import {
  conviteInputSchema,
  conviteListQuerySchema,
  convitePageSchema,
  conviteSchema,
  membroCondominiosInputSchema,
  membroListQuerySchema,
  membroPageSchema,
  membroSchema,
  papelInputSchema,
} from "../../../shared/schemas/equipe";
import type { Database } from "../../db/client";
import { errorResponses, jsonBody, jsonResponse } from "../../http/openapi";
import { apiRouter, tenantRoute } from "../../http/routes";
import * as service from "./equipe.service";

const TAG = "Equipe";
/** better-auth member ids are random text, not UUIDs. */
const memberParam = z.object({
  id: z
    .string()
    .min(1, "Identificador inválido")
    .max(64, "Identificador inválido")
    .regex(/^[A-Za-z0-9_-]+$/, "Identificador inválido"),
});
const membro = membroSchema.openapi("Membro");
const convite = conviteSchema.openapi("Convite");

const routes = {
  membros: tenantRoute({
    method: "get",
    path: "/membros",
    operationId: "listarMembros",
    tags: [TAG],
    summary: "Membros da equipe, por papel e nome",
    permission: "equipe:gerenciar",
    request: { query: membroListQuerySchema },
    responses: {
      200: jsonResponse(membroPageSchema.openapi("PaginaMembros"), "Página"),
      ...errorResponses(400),
    },
  }),
  papel: tenantRoute({
    method: "patch",
    path: "/membros/{id}",
    operationId: "alterarPapelMembro",
    tags: [TAG],
    summary: "Altera o papel de um membro (encerra as sessões dele)",
    permission: "equipe:gerenciar",
    request: { params: memberParam, ...jsonBody(papelInputSchema) },
    responses: { 200: jsonResponse(membro, "Membro atualizado"), ...errorResponses(400, 404, 409) },
  }),
  condominios: tenantRoute({
    method: "put",
    path: "/membros/{id}/condominios",
    operationId: "definirCondominiosMembro",
    tags: [TAG],
    summary: "Define os condomínios em que um porteiro trabalha (lista vazia: todos)",
    description:
      "Só para porteiros (409 para outro papel). Com condomínios definidos, o porteiro vê e opera apenas esses; a lista substitui a anterior. Um condomínio de outra administradora é 404, e nada muda.",
    permission: "equipe:gerenciar",
    request: { params: memberParam, ...jsonBody(membroCondominiosInputSchema) },
    responses: { 200: jsonResponse(membro, "Membro atualizado"), ...errorResponses(400, 404, 409) },
  }),
  remover: tenantRoute({
    method: "delete",
    path: "/membros/{id}",
    operationId: "removerMembro",
    tags: [TAG],
    summary: "Remove um membro da equipe (encerra as sessões dele)",
    permission: "equipe:gerenciar",
    request: { params: memberParam },
    responses: { 204: { description: "Removido" }, ...errorResponses(400, 404, 409) },
  }),
  convites: tenantRoute({
    method: "get",
    path: "/convites",
    operationId: "listarConvites",
    tags: [TAG],
    summary: "Convites em aberto (pendentes e expirados), do mais novo ao mais antigo",
    permission: "equipe:gerenciar",
    request: { query: conviteListQuerySchema },
    responses: {
      200: jsonResponse(convitePageSchema.openapi("PaginaConvites"), "Página"),
      ...errorResponses(400),
    },
  }),
  convidar: tenantRoute({
    method: "post",
    path: "/convites",
    operationId: "convidar",
    tags: [TAG],
    summary: "Convida por e-mail com um papel; o convite de morador indica a pessoa cadastrada",
    permission: "equipe:gerenciar",
    request: jsonBody(conviteInputSchema),
    responses: { 201: jsonResponse(convite, "Convite enviado"), ...errorResponses(400, 404, 409, 429) },
  }),
  reenviar: tenantRoute({
    method: "post",
    path: "/convites/{id}/reenviar",
    operationId: "reenviarConvite",
    tags: [TAG],
    summary: "Envia de novo com um novo link, válido por mais 7 dias (o anterior deixa de valer)",
    permission: "equipe:gerenciar",
    request: { params: uuidParam },
    responses: { 200: jsonResponse(convite, "Convite reenviado"), ...errorResponses(400, 404, 429) },
  }),
  revogar: tenantRoute({
    method: "delete",
    path: "/convites/{id}",
    operationId: "revogarConvite",
    tags: [TAG],
    summary: "Revoga um convite pendente",
    permission: "equipe:gerenciar",
    request: { params: uuidParam },
    responses: { 204: { description: "Revogado" }, ...errorResponses(400, 404) },
  }),
};

export interface EquipeRoutesDeps {
  db: Database;
  /** Where invitation links point: the request's own origin when PUBLIC_URL is not set. */
  linkBase: (request: Request) => string;
}

export function equipeRoutes({ db, linkBase }: EquipeRoutesDeps) {
  return apiRouter()
    .openapi(routes.membros, async (c) =>
      c.json(await service.listMembros(db, c.get("tenant"), c.req.valid("query")), 200),
    )
    .openapi(routes.papel, async (c) =>
      c.json(await service.changeRole(db, c.get("tenant"), c.req.valid("param").id, c.req.valid("json")), 200),
    )
    .openapi(routes.condominios, async (c) =>
      c.json(await service.setCondominios(db, c.get("tenant"), c.req.valid("param").id, c.req.valid("json")), 200),
    )
    .openapi(routes.remover, async (c) => {
      await service.removeMembro(db, c.get("tenant"), c.req.valid("param").id);
      return c.body(null, 204);
    })
    .openapi(routes.convites, async (c) =>
      c.json(await service.listConvites(db, c.get("tenant"), c.req.valid("query")), 200),
    )
    .openapi(routes.convidar, async (c) =>
      c.json(await service.createConvite(db, c.get("tenant"), c.req.valid("json"), linkBase(c.req.raw)), 201),
    )
    .openapi(routes.reenviar, async (c) =>
      c.json(await service.resendConvite(db, c.get("tenant"), c.req.valid("param").id, linkBase(c.req.raw)), 200),
    )
    .openapi(routes.revogar, async (c) => {
      await service.revokeConvite(db, c.get("tenant"), c.req.valid("param").id);
      return c.body(null, 204);
    });
}
