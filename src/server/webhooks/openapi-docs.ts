/**
 * The outbound webhooks in the OpenAPI document (its `webhooks` section, OpenAPI 3.1), so an
 * integrator's code generator gets the payload types and the signature header from the same
 * document as the API.
 */
import type { OpenAPIHono } from "@hono/zod-openapi";
import { z } from "@hono/zod-openapi";
import { WEBHOOK_EVENTOS } from "../../shared/domain";
import { WEBHOOK_EVENTO_LABELS, webhookPayloadSchema } from "../../shared/schemas/webhooks";
import type { AppEnv } from "../http/context";

const headers = z.object({
  "guarita-signature": z.string().openapi({
    description:
      'Assinatura: `t=<unix>,v1=<hex>`, com o HMAC-SHA256 de `"<t>.<corpo>"` pelo segredo do webhook. Recuse `t` ' +
      "com mais de 5 minutos e compare em tempo constante.",
    example: "t=1795472627,v1=5257a869e7ecebeda32affa62cdca3fa51cad7e77a0e56ff536d0ce8e108d8bd",
  }),
  "guarita-event": z.enum(WEBHOOK_EVENTOS).openapi({ description: "O tipo do evento" }),
  "guarita-delivery": z.uuid().openapi({ description: "A entrega (igual em cada nova tentativa dela)" }),
});

function descriptionOf(tipo: (typeof WEBHOOK_EVENTOS)[number]): string {
  if (tipo === "portao.abrir") {
    return (
      "Comando de abertura do portão, enviado quando uma solicitação é autorizada (`dados.solicitacao`) ou um " +
      "passe é validado na portaria (`dados.passe`); `dados.portao` diz qual portão."
    );
  }
  if (tipo === "encomenda.recebida" || tipo === "encomenda.retirada") {
    return (
      "Uma entrega por encomenda (um recebimento com três encomendas gera três), com `dados.encomenda`: " +
      "transportadora, rastreio, perecível, quando chegou e quando saiu. Sem nomes nem documentos. " +
      "Entregas repetidas trazem o mesmo `id`."
    );
  }
  if (tipo.startsWith("reserva.")) {
    return (
      "Uma reserva de área comum criada, confirmada, recusada ou cancelada, com `dados.reserva`: a área, o início, o " +
      "fim, o status e quantos convidados há na lista. Sem nomes nem documentos. Entregas repetidas trazem o mesmo `id`."
    );
  }
  return "Enviado ao seu endpoint quando o evento acontece. Entregas repetidas trazem o mesmo `id`.";
}

export function registerWebhookDocs(api: OpenAPIHono<AppEnv>) {
  const payload = webhookPayloadSchema.openapi("EventoWebhook");
  for (const tipo of WEBHOOK_EVENTOS) {
    api.openAPIRegistry.registerWebhook({
      method: "post",
      path: tipo,
      operationId: `webhook.${tipo}`,
      tags: ["Webhooks"],
      summary: WEBHOOK_EVENTO_LABELS[tipo],
      description: descriptionOf(tipo),
      security: [],
      request: { headers, body: { required: true, content: { "application/json": { schema: payload } } } },
      responses: {
        200: {
          description:
            "Qualquer 2xx confirma a entrega; outra resposta, ou nenhuma em 10 s, faz o Guarita tentar de novo " +
            "(10 s, 30 s, 1 min, 5 min… por 24 horas).",
        },
      },
    });
  }
}
