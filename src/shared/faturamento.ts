/**
 * Plans and billing's rules that the server and the console share (docs/decisions/045-plans-and-billing.md):
 * the subscription's and invoices' statuses and labels, which plan is in force, the failed payment's
 * grace period, when the staff console becomes read-only, and the messages of a refused action.
 * Pure: no database, no React.
 */
import { type LimitedResource, limitOf, PLANS, type PlanId } from "./plans";

const inteiro = new Intl.NumberFormat("pt-BR");
const formatInteger = (n: number) => inteiro.format(n);

export const ASSINATURA_STATUSES = ["incompleta", "ativa", "inadimplente", "cancelada"] as const;
export type AssinaturaStatus = (typeof ASSINATURA_STATUSES)[number];
export const ASSINATURA_STATUS_LABELS: Record<AssinaturaStatus, string> = {
  incompleta: "Aguardando pagamento",
  ativa: "Ativa",
  inadimplente: "Pagamento em atraso",
  cancelada: "Encerrada",
};

/** Where the money comes from: Stripe, the labelled demo, or a contract agreed with sales (no subscription). */
export const COBRANCA_MODOS = ["stripe", "demo", "contrato"] as const;
export type CobrancaModo = (typeof COBRANCA_MODOS)[number];

export const FATURA_STATUSES = ["aberta", "paga", "falhou", "anulada"] as const;
export type FaturaStatus = (typeof FATURA_STATUSES)[number];
export const FATURA_STATUS_LABELS: Record<FaturaStatus, string> = {
  aberta: "Em aberto",
  paga: "Paga",
  falhou: "Pagamento não aprovado",
  anulada: "Anulada",
};

/** The nota fiscal de serviço of a paid invoice. `nao_configurada`: no NFS-e provider in this install. */
export const NFSE_STATUSES = ["nao_configurada", "pendente", "emitida", "falhou"] as const;
export type NfseStatus = (typeof NFSE_STATUSES)[number];
export const NFSE_STATUS_LABELS: Record<NfseStatus, string> = {
  nao_configurada: "Não emitida automaticamente",
  pendente: "Em emissão",
  emitida: "Emitida",
  falhou: "Falha na emissão",
};
export const NFSE_NAO_CONFIGURADA_MENSAGEM =
  "A nota fiscal não é emitida automaticamente nesta instalação. Peça a sua ao suporte, pelo e-mail de cobrança.";

/** After a failed payment everything keeps working this long; then the staff console is read-only. */
export const CARENCIA_DIAS = 7;
const DIA_MS = 24 * 60 * 60 * 1000;

/** The console's "Plano e faturamento": where every refusal for a limit or a payment points. */
export const PLANO_PATH = "/app/configuracoes/plano";

/** What the rules below read of a subscription. */
export interface EstadoAssinatura {
  plano: PlanId;
  status: AssinaturaStatus;
  /** The first failed charge of the unpaid period; null once paid. */
  falhaEm: Date | null;
  /** A downgrade scheduled for the end of the period. */
  planoProximo: PlanId | null;
  proximoEm: Date | null;
}

/** The plan whose limits apply now: a scheduled downgrade takes over when its date comes. */
export function planoEfetivo(
  estado: Pick<EstadoAssinatura, "plano" | "planoProximo" | "proximoEm">,
  now: Date,
): PlanId {
  return estado.planoProximo && estado.proximoEm && estado.proximoEm.getTime() <= now.getTime()
    ? estado.planoProximo
    : estado.plano;
}

export function carenciaAte(falhaEm: Date): Date {
  return new Date(falhaEm.getTime() + CARENCIA_DIAS * DIA_MS);
}

/**
 * Staff's console is read-only once a failed payment's grace period is over, or the subscription has
 * ended. The gate never is: residents' links, passes, the attendant and Portaria's entries go on.
 */
export function somenteLeitura(estado: Pick<EstadoAssinatura, "status" | "falhaEm">, now: Date): boolean {
  if (estado.status === "cancelada") return true;
  return estado.status === "inadimplente" && !!estado.falhaEm && carenciaAte(estado.falhaEm).getTime() <= now.getTime();
}

export const SOMENTE_LEITURA_INADIMPLENTE =
  "O pagamento da assinatura está em atraso e o console está somente para leitura. A portaria continua funcionando. Regularize em Plano e faturamento.";
export const SOMENTE_LEITURA_ENCERRADA =
  "A assinatura foi encerrada e o console está somente para leitura. A portaria continua funcionando. Reative a assinatura em Plano e faturamento.";

/** The refusal of an action beyond a plan's limit: names the plan and the limit; the API adds the link. */
export function limiteAtingidoMensagem(recurso: LimitedResource, plano: PlanId): string {
  const { nome, limites } = PLANS[plano];
  const limite = limitOf(limites, recurso) ?? 0;
  switch (recurso) {
    case "condominios":
      return `O plano ${nome} inclui ${limite} ${limite === 1 ? "condomínio" : "condomínios"}. Para cadastrar outro, mude de plano em Plano e faturamento.`;
    case "unidades":
      return `O plano ${nome} inclui até ${formatInteger(limite)} unidades. Para cadastrar mais, mude de plano em Plano e faturamento.`;
    case "atendimentos":
      return `O plano ${nome} inclui até ${formatInteger(limite)} atendimentos por mês, e os deste mês já foram usados. Para continuar, mude de plano em Plano e faturamento.`;
  }
}

/** What the attendant tells a visitor when the month's attendances are used up: the gate's people take over. */
export const ATENDIMENTO_INDISPONIVEL_VISITANTE =
  "O atendimento virtual está indisponível no momento. Por favor, use o interfone ou fale com a portaria.";

/** A downgrade refused because the account holds more than the new plan includes. */
export function reducaoRecusadaMensagem(recurso: LimitedResource, plano: PlanId, usado: number): string {
  const { nome, limites } = PLANS[plano];
  const limite = limitOf(limites, recurso) ?? 0;
  const coisa =
    recurso === "condominios"
      ? limite === 1
        ? "condomínio"
        : "condomínios"
      : recurso === "unidades"
        ? "unidades"
        : "atendimentos neste mês";
  const ativos = recurso === "condominios" ? "condomínios ativos" : recurso === "unidades" ? "unidades ativas" : "";
  return recurso === "atendimentos"
    ? `O plano ${nome} inclui até ${formatInteger(limite)} atendimentos por mês e este mês já teve ${formatInteger(usado)}. Mude de plano no próximo mês.`
    : `O plano ${nome} inclui ${formatInteger(limite)} ${coisa} e a conta tem ${formatInteger(usado)} ${ativos}. Desative o que passar do limite antes de mudar de plano; nada é apagado.`;
}

/** What cancelling does to the data, said plainly on the cancel dialog and in the e-mail. */
export function cancelamentoExplicacao(fim: string): string {
  return `A assinatura continua até ${fim}. Depois disso, o console fica somente para leitura: nada é apagado, você pode consultar e exportar os dados e reativar a assinatura quando quiser. A portaria (links dos moradores, passes e o atendente) continua funcionando.`;
}
