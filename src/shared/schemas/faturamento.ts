/**
 * "Plano e faturamento" (docs/decisions/045-plans-and-billing.md): the subscription's summary with the
 * plan's usage, the invoices, and what the owner may ask (change plan, cancel, reactivate, change the
 * card; in demo mode, simulate the lifecycle). The API and the console share these schemas.
 */
import { z } from "zod";
import { ASSINATURA_STATUSES, COBRANCA_MODOS, FATURA_STATUSES, NFSE_STATUSES } from "../faturamento";
import { BILLING_CYCLES, LIMITED_RESOURCES, PLAN_IDS } from "../plans";
import { demoCardSchema } from "./checkout";
import { isoDateTime, listQuery, pageOf } from "./common";

export const usoRecursoSchema = z.object({
  recurso: z.enum(LIMITED_RESOURCES),
  /** Active condominiums, active units, attendant conversations started this calendar month. */
  usado: z.number().int(),
  /** Null: unlimited on this plan. */
  limite: z.number().int().nullable(),
});
export type UsoRecurso = z.infer<typeof usoRecursoSchema>;

export const cartaoSchema = z.object({
  bandeira: z.string().nullable(),
  final: z.string(),
  /** "MM/AA". */
  validade: z.string().nullable(),
});

export const faturamentoResumoSchema = z.object({
  modo: z.enum(COBRANCA_MODOS),
  /** The plan whose limits apply now. */
  plano: z.enum(PLAN_IDS),
  ciclo: z.enum(BILLING_CYCLES).nullable(),
  status: z.enum(ASSINATURA_STATUSES),
  /** What the next charge will be (the plan's price for the cycle, or the agreed one); null without one. */
  proxima_cobranca: z.object({ em: isoDateTime, valor_centavos: z.number().int() }).nullable(),
  periodo: z.object({ inicio: isoDateTime, fim: isoDateTime }).nullable(),
  /** When a cancellation asked for takes effect; null when none is scheduled. */
  cancela_em: isoDateTime.nullable(),
  encerrada_em: isoDateTime.nullable(),
  /** A downgrade scheduled for the end of the period. */
  mudanca_agendada: z.object({ plano: z.enum(PLAN_IDS), ciclo: z.enum(BILLING_CYCLES), em: isoDateTime }).nullable(),
  cartao: cartaoSchema.nullable(),
  /** A failed payment's grace period, while there is an unpaid invoice. */
  carencia: z.object({ desde: isoDateTime, ate: isoDateTime }).nullable(),
  somente_leitura: z.boolean(),
  uso: z.array(usoRecursoSchema),
  /** True when an NFS-e provider is configured: paid invoices get their nota automatically. */
  nfse_automatica: z.boolean(),
  /** Stripe mode: the card is changed on Stripe's customer portal. */
  portal_disponivel: z.boolean(),
});
export type FaturamentoResumo = z.infer<typeof faturamentoResumoSchema>;

export const faturaSchema = z.object({
  id: z.uuid(),
  /** "000123": our sequential number, also on the receipt. */
  numero: z.string(),
  descricao: z.string(),
  valor_centavos: z.number().int(),
  status: z.enum(FATURA_STATUSES),
  criada_em: isoDateTime,
  paga_em: isoDateTime.nullable(),
  periodo: z.object({ inicio: isoDateTime, fim: isoDateTime }).nullable(),
  itens: z.array(z.object({ descricao: z.string(), valor_centavos: z.number().int() })),
  motivo_falha: z.string().nullable(),
  /** The pt-BR PDF receipt, only for a paid invoice. */
  recibo_url: z.string().nullable(),
  nfse: z.object({
    status: z.enum(NFSE_STATUSES),
    numero: z.string().nullable(),
    url: z.string().nullable(),
    mensagem: z.string().nullable(),
  }),
});
export type Fatura = z.infer<typeof faturaSchema>;
export const faturaPageSchema = pageOf(faturaSchema);

/** Paged like every list: within the first 10.000 rows (listQuery, docs/decisions/006). */
export const faturasQuerySchema = listQuery({});

/** POST /api/faturamento/plano. */
export const mudarPlanoSchema = z
  .object({
    plano: z.enum(PLAN_IDS, { error: "Escolha um plano" }),
    ciclo: z.enum(BILLING_CYCLES, { error: "Escolha o ciclo de cobrança" }),
  })
  .strict();
export type MudarPlano = z.infer<typeof mudarPlanoSchema>;

export const mudarPlanoResultadoSchema = z.object({
  /** `imediato`: an upgrade, in force now; `fim_do_periodo`: a downgrade, at the period's end. */
  efeito: z.enum(["imediato", "fim_do_periodo"]),
  /** The proration charged now (an upgrade); 0 otherwise. */
  cobrado_agora_centavos: z.number().int(),
  resumo: faturamentoResumoSchema,
});
export type MudarPlanoResultado = z.infer<typeof mudarPlanoResultadoSchema>;

/** POST /api/faturamento/cartao: demo mode takes the test card; Stripe answers with the portal's address. */
export const trocarCartaoSchema = z.object({ cartao: demoCardSchema.optional() }).strict();
export const trocarCartaoResultadoSchema = z.object({
  /** Stripe: where to send the owner (customer portal); null in demo mode, where the card is already changed. */
  portal_url: z.string().nullable(),
  resumo: faturamentoResumoSchema,
});

export const DEMO_SIMULACOES = ["renovar", "falhar_pagamento", "fim_da_carencia", "fim_do_periodo"] as const;
export type DemoSimulacao = (typeof DEMO_SIMULACOES)[number];
export const DEMO_SIMULACAO_LABELS: Record<DemoSimulacao, string> = {
  renovar: "Renovar agora (pagamento aprovado)",
  falhar_pagamento: "Simular falha no pagamento",
  fim_da_carencia: "Encerrar a carência",
  fim_do_periodo: "Chegar ao fim do período",
};
/** POST /api/faturamento/demo/simular (demo mode only). */
export const demoSimularSchema = z
  .object({ acao: z.enum(DEMO_SIMULACOES, { error: "Escolha o que simular" }) })
  .strict();
