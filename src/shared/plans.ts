/**
 * The plan catalogue (docs/product.md, "Plans and prices"): the landing page's plan cards, the checkout's
 * summary, the server's subscription prices and the limits it enforces all read it, so a price or a
 * limit changes in one place (docs/decisions/045-plans-and-billing.md).
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

/** What a plan limits; null is unlimited. Atendimentos count the attendant's conversations per calendar month. */
export interface PlanLimits {
  condominios: number | null;
  unidades: number | null;
  atendimentosMes: number | null;
}

export const LIMITED_RESOURCES = ["condominios", "unidades", "atendimentos"] as const;
export type LimitedResource = (typeof LIMITED_RESOURCES)[number];

/** Essencial < Avançado < Personalizado: moving up is an upgrade (at once), down a downgrade (at period end). */
export const PLAN_RANK: Record<PlanId, number> = { essencial: 0, avancado: 1, personalizado: 2 };

export function limitOf(limits: PlanLimits, resource: LimitedResource): number | null {
  return resource === "atendimentos" ? limits.atendimentosMes : limits[resource];
}

/** The card lines a plan's limits read as: the cards and the server's refusals say the same numbers. */
export function limitLines(limits: PlanLimits): string[] {
  const atendimentos =
    limits.atendimentosMes === null ? "Atendimentos ilimitados" : `Até ${limits.atendimentosMes} atendimentos por mês`;
  const unidades = limits.unidades === null ? "unidades ilimitadas" : `até ${limits.unidades} unidades`;
  const condominios =
    limits.condominios === null
      ? "Vários condomínios em uma conta"
      : `${limits.condominios} ${limits.condominios === 1 ? "condomínio" : "condomínios"}, ${unidades}`;
  return [atendimentos, condominios];
}

export interface Plan {
  id: PlanId;
  nome: string;
  descricao: string;
  /** Cents per month for each cycle; null when the price is agreed with sales ("sob consulta"). */
  precoCentavos: Record<BillingCycle, number> | null;
  popular: boolean;
  limites: PlanLimits;
  /** Feature list of the landing page's plan card: the limits' lines first, then these. */
  recursos: readonly string[];
  /** Feature list of the checkout summary (slightly different wording: docs/product.md, "Plans and prices"). */
  recursosCheckout: readonly string[];
}

const ESSENCIAL_LIMITES: PlanLimits = { condominios: 1, unidades: 200, atendimentosMes: 1000 };
const AVANCADO_LIMITES: PlanLimits = { condominios: 1, unidades: null, atendimentosMes: null };
const PERSONALIZADO_LIMITES: PlanLimits = { condominios: null, unidades: null, atendimentosMes: null };

export const PLANS: Record<PlanId, Plan> = {
  essencial: {
    id: "essencial",
    nome: "Essencial",
    descricao: "Para condomínios que querem começar a portaria remota com atendimento 24 horas.",
    precoCentavos: { monthly: 39_900, yearly: 35_900 },
    popular: false,
    limites: ESSENCIAL_LIMITES,
    recursos: [
      ...limitLines(ESSENCIAL_LIMITES),
      "Atendente de voz e chat por IA 24h",
      "Cadastro de visitantes e prestadores",
      "Registro de entradas e saídas",
      "Painel em tempo real",
      "Suporte por e-mail e WhatsApp",
    ],
    recursosCheckout: [
      ...limitLines(ESSENCIAL_LIMITES),
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
    limites: AVANCADO_LIMITES,
    recursos: [
      ...limitLines(AVANCADO_LIMITES),
      "Tudo do Essencial",
      "Integração com câmeras, interfones e fechaduras",
      "Reserva de áreas comuns",
      "Relatórios de auditoria",
      "Suporte prioritário (resposta em até 2 horas)",
    ],
    recursosCheckout: [
      ...limitLines(AVANCADO_LIMITES),
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
    limites: PERSONALIZADO_LIMITES,
    recursos: [
      ...limitLines(PERSONALIZADO_LIMITES),
      "Tudo do Avançado",
      "Integrações sob medida (CRM, agenda, e-mail)",
      "Gerente de conta dedicado",
      "SLA de 99,9% de disponibilidade",
    ],
    recursosCheckout: [
      ...limitLines(PERSONALIZADO_LIMITES),
      "Tudo do Avançado",
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
