/** Configurações → Integrações → Webhooks (docs/decisions/020-webhooks.md). */

import { z } from "@hono/zod-openapi";
import { uuidParam } from "../../../shared/schemas/common";
import {
  webhookComSegredoSchema,
  webhookEntregaListQuerySchema,
  webhookEntregaPageSchema,
  webhookEntregaSchema,
  webhookInputSchema,
  webhookListSchema,
  webhookSchema,
  webhookUpdateSchema,
} from "../../../shared/schemas/webhooks";
import type { Database } from "../../db/client";
import { errorResponses, jsonBody, jsonResponse } from "../../http/openapi";
import { apiRouter, tenantRoute } from "../../http/routes";
import {
  createWebhook,
  deleteWebhook,
  listEntregas,
  listWebhooks,
  redeliver,
  rotateSecret,
  updateWebhook,
} from "./webhooks.service";

const TAG = "Integrações";
const entregaParams = z.object({
  id: z.uuid("Identificador inválido"),
  entregaId: z.uuid("Identificador inválido"),
});
const Webhook = webhookSchema.openapi("Webhook");
const WebhookComSegredo = webhookComSegredoSchema.openapi("WebhookComSegredo");

const routes = {
  list: tenantRoute({
    method: "get",
    path: "/webhooks",
    operationId: "listarWebhooks",
    tags: [TAG],
    summary: "Webhooks do cliente, com a situação da última entrega",
    permission: "integracoes:gerenciar",
    responses: { 200: jsonResponse(webhookListSchema, "Webhooks") },
  }),
  create: tenantRoute({
    method: "post",
    path: "/webhooks",
    operationId: "criarWebhook",
    tags: [TAG],
    summary: "Cadastra um webhook; o segredo de assinatura aparece só nesta resposta",
    description:
      "Só URLs `http(s)` de endereços públicos (endereços internos apenas com `WEBHOOKS_ALLOW_PRIVATE=true`). " +
      'Cada entrega leva `Guarita-Signature: t=<unix>,v1=<HMAC-SHA256 hex de "<t>.<corpo>">`.',
    permission: "integracoes:gerenciar",
    request: jsonBody(webhookInputSchema),
    responses: { 201: jsonResponse(WebhookComSegredo, "Webhook cadastrado"), ...errorResponses(400, 409) },
  }),
  update: tenantRoute({
    method: "patch",
    path: "/webhooks/{id}",
    operationId: "alterarWebhook",
    tags: [TAG],
    summary: "Altera URL, descrição, eventos ou pausa/reativa o webhook",
    permission: "integracoes:gerenciar",
    request: { params: uuidParam, ...jsonBody(webhookUpdateSchema) },
    responses: { 200: jsonResponse(Webhook, "Webhook"), ...errorResponses(400, 404) },
  }),
  remove: tenantRoute({
    method: "delete",
    path: "/webhooks/{id}",
    operationId: "excluirWebhook",
    tags: [TAG],
    summary: "Exclui o webhook e suas entregas",
    permission: "integracoes:gerenciar",
    request: { params: uuidParam },
    responses: { 204: { description: "Excluído" }, ...errorResponses(400, 404) },
  }),
  rotate: tenantRoute({
    method: "post",
    path: "/webhooks/{id}/segredo",
    operationId: "gerarNovoSegredoWebhook",
    tags: [TAG],
    summary: "Gera um novo segredo de assinatura (o anterior deixa de valer na hora)",
    permission: "integracoes:gerenciar",
    request: { params: uuidParam },
    responses: { 200: jsonResponse(WebhookComSegredo, "Novo segredo"), ...errorResponses(400, 404) },
  }),
  entregas: tenantRoute({
    method: "get",
    path: "/webhooks/{id}/entregas",
    operationId: "listarEntregasWebhook",
    tags: [TAG],
    summary: "Entregas do webhook, da mais nova à mais antiga, com cada tentativa e o código HTTP recebido",
    permission: "integracoes:gerenciar",
    request: { params: uuidParam, query: webhookEntregaListQuerySchema },
    responses: {
      200: jsonResponse(webhookEntregaPageSchema.openapi("PaginaEntregasWebhook"), "Página"),
      ...errorResponses(400, 404),
    },
  }),
  redeliver: tenantRoute({
    method: "post",
    path: "/webhooks/{id}/entregas/{entregaId}/reenviar",
    operationId: "reenviarEntregaWebhook",
    tags: [TAG],
    summary: "Envia a entrega de novo agora (novas tentativas por mais 24 horas se falhar)",
    permission: "integracoes:gerenciar",
    request: { params: entregaParams },
    responses: {
      200: jsonResponse(webhookEntregaSchema.openapi("EntregaWebhook"), "Reagendada"),
      ...errorResponses(400, 404),
    },
  }),
};

export function webhooksRoutes(db: Database, options: { allowPrivate: boolean }) {
  const { allowPrivate } = options;
  return apiRouter()
    .openapi(routes.list, async (c) => c.json(await listWebhooks(db, c.get("tenant")), 200))
    .openapi(routes.create, async (c) =>
      c.json(await createWebhook(db, c.get("tenant"), c.req.valid("json"), allowPrivate), 201),
    )
    .openapi(routes.update, async (c) =>
      c.json(await updateWebhook(db, c.get("tenant"), c.req.valid("param").id, c.req.valid("json"), allowPrivate), 200),
    )
    .openapi(routes.remove, async (c) => {
      await deleteWebhook(db, c.get("tenant"), c.req.valid("param").id);
      return c.body(null, 204);
    })
    .openapi(routes.rotate, async (c) => c.json(await rotateSecret(db, c.get("tenant"), c.req.valid("param").id), 200))
    .openapi(routes.entregas, async (c) =>
      c.json(await listEntregas(db, c.get("tenant"), c.req.valid("param").id, c.req.valid("query")), 200),
    )
    .openapi(routes.redeliver, async (c) => {
      const { id, entregaId } = c.req.valid("param");
      return c.json(await redeliver(db, c.get("tenant"), id, entregaId), 200);
    });
}
