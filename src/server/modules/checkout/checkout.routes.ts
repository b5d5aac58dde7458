import { createRoute } from "@hono/zod-openapi";
import {
  checkoutConfigSchema,
  checkoutConfirmSchema,
  checkoutCreateSchema,
  checkoutSessionSchema,
} from "../../../shared/schemas/checkout";
import { uuidParam } from "../../../shared/schemas/common";
import type { Database } from "../../db/client";
import { ipLimitKey } from "../../http/client-ip";
import type { AppEnv } from "../../http/context";
import { notFound, tooManyRequests } from "../../http/errors";
import { errorResponses, jsonBody, jsonResponse, PUBLIC } from "../../http/openapi";
import { hitLimit, type WindowLimit } from "../../http/rate-limit";
import { apiRouter } from "../../http/routes";
import type { Payments } from "../../payments/payments";
import * as service from "./checkout.service";
import { currentCheckoutId, rememberCheckout } from "./checkout-cookie";

const TAG = "Checkout";
const session = checkoutSessionSchema.openapi("Checkout");

const routes = {
  config: createRoute({
    method: "get",
    path: "/config",
    operationId: "obterConfiguracaoCheckout",
    tags: [TAG],
    summary: "Modo de pagamento (Stripe ou demonstração) e a chave publicável da Stripe",
    security: PUBLIC,
    responses: { 200: jsonResponse(checkoutConfigSchema.openapi("CheckoutConfig"), "Configuração") },
  }),
  create: createRoute({
    method: "post",
    path: "/",
    operationId: "iniciarCheckout",
    tags: [TAG],
    summary: "Inicia um checkout: o valor vem do catálogo de planos, nunca do cliente",
    security: PUBLIC,
    description:
      "Cria a sessão de checkout e a assinatura (em modo Stripe, o Customer e a Subscription; o `client_secret` " +
      "da primeira fatura volta só nesta resposta). " +
      "Guarda a sessão num cookie assinado que a criação de conta lê.",
    request: jsonBody(checkoutCreateSchema),
    responses: {
      201: jsonResponse(session, "Checkout iniciado"),
      ...errorResponses(400, 409, 429, 502),
    },
  }),
  current: createRoute({
    method: "get",
    path: "/atual",
    operationId: "obterCheckoutAtual",
    tags: [TAG],
    summary: "O checkout deste navegador (pelo cookie), para a criação de conta",
    security: PUBLIC,
    responses: { 200: jsonResponse(session, "Checkout"), ...errorResponses(404) },
  }),
  confirm: createRoute({
    method: "post",
    path: "/{id}/confirmar",
    operationId: "confirmarCheckout",
    tags: [TAG],
    summary: "Confirma o primeiro pagamento da assinatura: cobra o cartão de teste (demonstração) ou lê a Stripe",
    security: PUBLIC,
    request: { params: uuidParam, ...jsonBody(checkoutConfirmSchema) },
    responses: {
      200: jsonResponse(session, "Situação do pagamento"),
      ...errorResponses(400, 402, 404, 409, 502),
    },
  }),
};

export interface CheckoutRoutesDeps {
  db: Database;
  payments: Payments;
  secret: string;
  secureCookies: boolean;
  /** An NFS-e provider is configured: the first payment's nota is queued. */
  nfseAtiva: boolean;
  /** The site's address: the receipt e-mail links to the console. */
  publicUrl: string;
}

/** Checkout starts per client IP: enough for a buyer's retries, too few for card testing. */
export const CHECKOUT_LIMIT: WindowLimit = { max: 20, windowMs: 10 * 60_000 };

export function checkoutRoutes({ db, payments, secret, secureCookies, nfseAtiva, publicUrl }: CheckoutRoutesDeps) {
  const deps = (c: { get(key: "logger"): AppEnv["Variables"]["logger"] }) => ({
    db,
    provider: payments.provider,
    logger: c.get("logger"),
    billing: { nfseAtiva, publicUrl },
  });
  return apiRouter()
    .openapi(routes.config, (c) =>
      c.json({ mode: payments.provider.mode, publishable_key: payments.provider.publishableKey }, 200),
    )
    .openapi(routes.create, async (c) => {
      const ip = c.get("clientIp");
      if (ip && !(await hitLimit(db, `checkout:${ipLimitKey(ip)}`, CHECKOUT_LIMIT))) {
        throw tooManyRequests("Muitas tentativas de pagamento. Aguarde alguns minutos e tente novamente.");
      }
      const created = await service.createCheckout(deps(c), c.req.valid("json"));
      await rememberCheckout(c, secret, created.id, secureCookies);
      return c.json(created, 201);
    })
    .openapi(routes.current, async (c) =>
      c.json(await service.getCheckout(db, await currentCheckoutId(c, secret)), 200),
    )
    .openapi(routes.confirm, async (c) => {
      const { id } = c.req.valid("param");
      // Only the browser that started this checkout may confirm it; any other id is unknown here.
      if ((await currentCheckoutId(c, secret)) !== id) throw notFound("Checkout não encontrado.");
      const { cartao } = c.req.valid("json");
      return c.json(await service.confirmCheckout(deps(c), id, cartao ?? null), 200);
    });
}
