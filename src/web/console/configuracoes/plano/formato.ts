/**
 * How "Plano e faturamento" writes dates, amounts and statuses (docs/product.md, "Plano e faturamento").
 * Billing dates are read in Brazil's calendar, as the server counts the month (assinatura.service.ts).
 */
import type { AssinaturaStatus, FaturaStatus, NfseStatus } from "@/shared/faturamento";
import { PLANS, type PlanId } from "@/shared/plans";
import type { UsoRecurso } from "@/shared/schemas/faturamento";
import type { StatusTone } from "@/shared/status-catalogue";

const data = new Intl.DateTimeFormat("pt-BR", {
  day: "2-digit",
  month: "2-digit",
  year: "numeric",
  timeZone: "America/Sao_Paulo",
});
const inteiro = new Intl.NumberFormat("pt-BR");

/** "29/11/2026". */
export function formatData(iso: string): string {
  return data.format(new Date(iso));
}

export function nomeDoPlano(plano: PlanId): string {
  return PLANS[plano].nome;
}

export const ASSINATURA_TONS: Record<AssinaturaStatus, StatusTone> = {
  incompleta: "amber",
  ativa: "green",
  inadimplente: "red",
  cancelada: "grey",
};

export const FATURA_TONS: Record<FaturaStatus, StatusTone> = {
  aberta: "amber",
  paga: "green",
  falhou: "red",
  anulada: "grey",
};

export const NFSE_TONS: Record<NfseStatus, StatusTone> = {
  nao_configurada: "grey",
  pendente: "sky",
  emitida: "green",
  falhou: "red",
};

export const RECURSO_LABELS: Record<UsoRecurso["recurso"], string> = {
  condominios: "Condomínios",
  unidades: "Unidades",
  atendimentos: "Atendimentos neste mês",
};

/** "1 de 1", "3 de 200", "57 (ilimitado)". */
export function usoTexto(uso: UsoRecurso): string {
  return uso.limite === null
    ? `${inteiro.format(uso.usado)} (ilimitado)`
    : `${inteiro.format(uso.usado)} de ${inteiro.format(uso.limite)}`;
}
