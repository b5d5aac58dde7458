/**
 * What the payment provider tells billing, in one shape for Stripe's webhooks and the demo's simulated
 * lifecycle (docs/decisions/045-plans-and-billing.md): the subscription as it stands now, and an
 * invoice as it stands now. Billing applies them (faturamento.service `applyBillingEvent`); an event
 * with an id is applied once (a replay changes nothing), a snapshot read back from the provider
 * (eventId null) is applied every time, being the state itself.
 */
import type { AssinaturaStatus, FaturaStatus } from "../../shared/faturamento";
import type { BillingCycle, PlanId } from "../../shared/plans";

export interface CardSnapshot {
  bandeira: string | null;
  /** The last four digits. */
  final: string;
  /** "MM/AA". */
  validade: string | null;
}

export interface SubscriptionSnapshot {
  customerRef: string;
  subscriptionRef: string;
  plano: PlanId;
  ciclo: BillingCycle;
  status: AssinaturaStatus;
  /** Each period's charge, in cents. */
  valorCentavos: number;
  periodoInicio: Date | null;
  periodoFim: Date | null;
  /** A cancellation asked for, in force at this instant; null when none. */
  cancelaEm: Date | null;
  /** When the subscription ended (status cancelada). */
  encerradaEm: Date | null;
  /** A downgrade scheduled for the end of the period. */
  planoProximo: PlanId | null;
  cicloProximo: BillingCycle | null;
  proximoEm: Date | null;
  /** The default card; undefined: this snapshot does not say (keep the one on record). */
  cartao?: CardSnapshot | null;
}

export interface InvoiceLine {
  descricao: string;
  valor_centavos: number;
}

export interface InvoiceSnapshot {
  invoiceRef: string;
  subscriptionRef: string;
  status: FaturaStatus;
  descricao: string;
  valorCentavos: number;
  itens: InvoiceLine[];
  periodoInicio: Date | null;
  periodoFim: Date | null;
  pagaEm: Date | null;
  /** Why a charge failed, in pt-BR ("Cartão recusado pela operadora."). */
  motivoFalha: string | null;
}

export type BillingEvent =
  | { kind: "subscription"; eventId: string | null; subscription: SubscriptionSnapshot }
  | { kind: "invoice"; eventId: string | null; invoice: InvoiceSnapshot };
