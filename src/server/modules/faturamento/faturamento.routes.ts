/**
 * /api/faturamento: "Plano e faturamento" (docs/decisions/045-plans-and-billing.md). The owner reads and
 * manages the subscription; the síndico reads it. Every request answers the summary as it now stands.
 */
import { z } from "@hono/zod-openapi";
import { uuidParam } from "../../../shared/schemas/common";
import {
  demoSimularSchema,
  faturamentoResumoSchema,
  faturaPageSchema,
  faturasQuerySchema,
  mudarPlanoResultadoSchema,
  mudarPlanoSchema,
  trocarCartaoResultadoSchema,
  trocarCartaoSchema,
} from "../../../shared/schemas/faturamento";
import { actorOf } from "../../audit/audit";
import type { Database } from "../../db/client";
import type { TenantContext } from "../../http/context";
import { notFound } from "../../http/errors";
import { errorResponses, jsonBody, jsonResponse } from "../../http/openapi";
import { apiRouter, tenantRoute } from "../../http/routes";
import type { NfseProvider } from "../../nfse/nfse-provider";
import type { Payments } from "../../payments/payments";
import * as service from "./faturamento.service";
import { reciboFileName, renderReciboPdf } from "./recibo.service";

export interface FaturamentoRoutesDeps {
  db: Database;
  payments: Payments;
  nfse: NfseProvider | null;
  /** The site's public address: Stripe's portal returns here; receipts link to the console. */
  publicUrl: string;
}

const TAG = "Faturamento";
const LER = "faturamento:ler" as const;
const GERENCIAR = "faturamento:gerenciar" as const;
const resumo = faturamentoResumoSchema.openapi("FaturamentoResumo");
const resumoResponse = jsonResponse(resumo, "A assinatura como ficou");

const routes = {
  resumo: tenantRoute({
    method: "get",
    path: "/",
    operationId: "obterFaturamento",
    tags: [TAG],
    permission: LER,
    summary: "Plano, ciclo, próxima cobrança, cartão, carência e o uso dos limites do plano",
    responses: { 200: jsonResponse(resumo, "Resumo do faturamento") },
  }),
  faturas: tenantRoute({
    method: "get",
    path: "/faturas",
    operationId: "listarFaturas",
    tags: [TAG],
    permission: LER,
    summary: "As faturas da assinatura, da mais recente à mais antiga",
    request: { query: faturasQuerySchema },
    responses: { 200: jsonResponse(faturaPageSchema.openapi("FaturaPage"), "Faturas"), ...errorResponses(400) },
  }),
  recibo: tenantRoute({
    method: "get",
    path: "/faturas/{id}/recibo.pdf",
    operationId: "reciboFatura",
    tags: [TAG],
    permission: LER,
    summary: "O recibo em PDF de uma fatura paga",
    request: { params: uuidParam },
    responses: {
      200: { description: "PDF", content: { "application/pdf": { schema: z.string().openapi({ format: "binary" }) } } },
      ...errorResponses(400, 404),
    },
  }),
  plano: tenantRoute({
    method: "post",
    path: "/plano",
    operationId: "mudarPlano",
    tags: [TAG],
    permission: GERENCIAR,
    summary: "Muda o plano ou o ciclo",
    description:
      "Um plano acima vale na hora, com a diferença proporcional cobrada agora; um plano abaixo, ou o mesmo plano " +
      "em outro ciclo, vale no fim do período (recusado com 409 se o uso passar dos limites do novo plano). O " +
      "Personalizado vale na hora sem cobrança: o valor atual continua até a proposta da equipe comercial. Pedir o " +
      "plano atual desfaz uma mudança agendada.",
    request: jsonBody(mudarPlanoSchema),
    responses: {
      200: jsonResponse(mudarPlanoResultadoSchema.openapi("MudarPlanoResultado"), "Plano mudado ou agendado"),
      ...errorResponses(400, 402, 409, 502),
    },
  }),
  cancelar: tenantRoute({
    method: "post",
    path: "/cancelar",
    operationId: "cancelarAssinatura",
    tags: [TAG],
    permission: GERENCIAR,
    summary: "Cancela no fim do período (ou do compromisso anual); nada é apagado",
    responses: { 200: resumoResponse, ...errorResponses(409, 502) },
  }),
  reativar: tenantRoute({
    method: "post",
    path: "/reativar",
    operationId: "reativarAssinatura",
    tags: [TAG],
    permission: GERENCIAR,
    summary: "Desfaz o cancelamento agendado; depois do fim, assina de novo com o cartão cadastrado",
    responses: { 200: resumoResponse, ...errorResponses(402, 409, 502) },
  }),
  cartao: tenantRoute({
    method: "post",
    path: "/cartao",
    operationId: "trocarCartao",
    tags: [TAG],
    permission: GERENCIAR,
    summary: "Troca o cartão (demonstração: na hora, pagando uma fatura em atraso; Stripe: portal do cliente)",
    request: jsonBody(trocarCartaoSchema),
    responses: {
      200: jsonResponse(trocarCartaoResultadoSchema.openapi("TrocarCartaoResultado"), "Cartão trocado ou portal"),
      ...errorResponses(400, 402, 409, 502),
    },
  }),
  simular: tenantRoute({
    method: "post",
    path: "/demo/simular",
    operationId: "simularCobrancaDemo",
    tags: [TAG],
    permission: GERENCIAR,
    summary: "Modo de demonstração: simula renovação, falha no pagamento, fim da carência ou do período",
    request: jsonBody(demoSimularSchema),
    responses: { 200: resumoResponse, ...errorResponses(400, 404, 409) },
  }),
};

export function faturamentoRoutes({ db, payments, nfse, publicUrl }: FaturamentoRoutesDeps) {
  const nfseAtiva = !!nfse;
  const deps = (tenant: TenantContext): service.FaturamentoDeps => ({
    db,
    provider: payments.provider,
    nfseAtiva,
    publicUrl,
    actor: actorOf(tenant),
  });
  return apiRouter()
    .openapi(routes.resumo, async (c) =>
      c.json(await service.resumoFaturamento(db, c.get("tenant").organizationId, { nfseAtiva }), 200),
    )
    .openapi(routes.faturas, async (c) =>
      c.json(await service.listarFaturas(db, c.get("tenant").organizationId, c.req.valid("query")), 200),
    )
    .openapi(routes.recibo, async (c) => {
      const { id } = c.req.valid("param");
      const organizationId = c.get("tenant").organizationId;
      const fatura = await service.faturaDaOrganizacao(db, organizationId, id);
      const pdf = fatura ? await renderReciboPdf(db, organizationId, id) : null;
      if (!fatura || !pdf) throw notFound("Recibo não encontrado.");
      return new Response(new Uint8Array(pdf), {
        status: 200,
        headers: {
          "Content-Type": "application/pdf",
          "Content-Disposition": `attachment; filename="${reciboFileName(fatura.numero)}"`,
          "Cache-Control": "no-store",
        },
      });
    })
    .openapi(routes.plano, async (c) => {
      const tenant = c.get("tenant");
      return c.json(await service.mudarPlano(deps(tenant), tenant.organizationId, c.req.valid("json")), 200);
    })
    .openapi(routes.cancelar, async (c) => {
      const tenant = c.get("tenant");
      return c.json(await service.cancelar(deps(tenant), tenant.organizationId), 200);
    })
    .openapi(routes.reativar, async (c) => {
      const tenant = c.get("tenant");
      return c.json(await service.reativar(deps(tenant), tenant.organizationId), 200);
    })
    .openapi(routes.cartao, async (c) => {
      const tenant = c.get("tenant");
      const { cartao } = c.req.valid("json");
      return c.json(await service.trocarCartao(deps(tenant), tenant.organizationId, cartao ?? null), 200);
    })
    .openapi(routes.simular, async (c) => {
      const tenant = c.get("tenant");
      const { acao } = c.req.valid("json");
      return c.json(await service.simularDemo(deps(tenant), tenant.organizationId, acao), 200);
    });
}
