/**
 * The plan catalogue (docs/product.md, "Plans and prices"): the landing page's plan cards, the checkout's
 * summary and the server's payment amounts all read it, so a price changes in one place.
 * Amounts are integer cents per month; the yearly cycle is billed monthly at the discounted price.
 */
export const PLAN_IDS = ["essencial", "avancado", "personalizado"] as const;
export type PlanId = (typeof PLAN_IDS)[number];

export const BILLING_CYCLES = ["monthly", "yearly"] as const;
export type BillingCycle = (typeof BILLING_CYCLES)[number];

export const DEFAULT_PLAN: PlanId = "essencial";
export const DEFAULT_BILLING: BillingCycle = "yearly";

/** "-10%": the yearly discount, described as saving two months. */
export const YEARLY_DISCOUNT_LABEL = "-10%";
export const YEARLY_DISCOUNT_HINT = "Economize 2 meses";

export const BILLING_LABELS: Record<BillingCycle, string> = { monthly: "Mensal", yearly: "Anual" };

export interface Plan {
  id: PlanId;
  nome: string;
  descricao: string;
  /** Cents per month for each cycle; null when the price is agreed with sales ("sob consulta"). */
  precoCentavos: Record<BillingCycle, number> | null;
  popular: boolean;
  /** Feature list of the landing page's plan card. */
  recursos: readonly string[];
  /** Feature list of the checkout summary (slightly different wording: docs/product.md, "Plans and prices"). */
  recursosCheckout: readonly string[];
}

export const PLANS: Record<PlanId, Plan> = {
  essencial: {
    id: "essencial",
    nome: "Essencial",
    descricao: "Para condomínios que querem começar a portaria remota com atendimento 24 horas.",
    precoCentavos: { monthly: 39_900, yearly: 35_900 },
    popular: false,
    recursos: [
      "Até 1000 atendimentos por mês",
      "Atendente de voz e chat por IA 24h",
      "Cadastro de visitantes e prestadores",
      "Registro de entradas e saídas",
      "Painel em tempo real",
      "Suporte por e-mail e WhatsApp",
    ],
    recursosCheckout: [
      "Até 1000 atendimentos por mês",
      "Chat + voz (até 2 números)",
      "Cadastro de visitantes e prestadores",
      "Registro de entradas e saídas",
      "Suporte por e-mail e WhatsApp",
    ],
  },
  avancado: {
    id: "avancado",
    nome: "Avançado",
    descricao: "Para condomínios de médio e grande porte que integram câmeras, interfones e fechaduras.",
    precoCentavos: { monthly: 129_000, yearly: 114_900 },
    popular: true,
    recursos: [
      "Atendimentos ilimitados",
      "Tudo do Essencial",
      "Integração com câmeras, interfones e fechaduras",
      "Reserva de áreas comuns",
      "Relatórios de auditoria",
      "Suporte prioritário (resposta em até 2 horas)",
    ],
    recursosCheckout: [
      "Atendimentos ilimitados",
      "Chat + voz (números ilimitados)",
      "Integração com câmeras, interfones e fechaduras",
      "Reserva de áreas comuns e relatórios de auditoria",
      "Suporte prioritário (resposta em até 2 horas)",
    ],
  },
  personalizado: {
    id: "personalizado",
    nome: "Personalizado",
    descricao: "Para administradoras e redes de condomínios com necessidades específicas.",
    precoCentavos: null,
    popular: false,
    recursos: [
      "Tudo do Avançado",
      "Vários condomínios em uma conta",
      "Integrações sob medida (CRM, agenda, e-mail)",
      "Gerente de conta dedicado",
      "SLA de 99,9% de disponibilidade",
    ],
    recursosCheckout: [
      "Tudo do Avançado",
      "Vários condomínios em uma conta",
      "Integrações sob medida",
      "Gerente de conta dedicado",
    ],
  },
};

export const PLAN_LIST: readonly Plan[] = PLAN_IDS.map((id) => PLANS[id]);

/** The amount charged per month for a plan and cycle, in cents; 0 for "sob consulta" (Personalizado). */
export function planAmountCents(plan: PlanId, billing: BillingCycle): number {
  return PLANS[plan].precoCentavos?.[billing] ?? 0;
}

const brl = new Intl.NumberFormat("pt-BR", { style: "currency", currency: "BRL" });
const brlWhole = new Intl.NumberFormat("pt-BR", {
  style: "currency",
  currency: "BRL",
  maximumFractionDigits: 0,
  minimumFractionDigits: 0,
});

/** 35900 → "R$ 359,00" (cents / 100, pt-BR). */
export function formatBRL(cents: number): string {
  return brl.format(cents / 100);
}

/** 129000 → "R$ 1.290" for the landing page's price tags; keeps the cents when there are any. */
export function formatBRLShort(cents: number): string {
  return cents % 100 === 0 ? brlWhole.format(cents / 100) : brl.format(cents / 100);
}
