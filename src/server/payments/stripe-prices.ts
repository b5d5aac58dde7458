/**
 * The Stripe Prices of the plan catalogue (docs/decisions/045-plans-and-billing.md): one Product per paid
 * plan and one recurring monthly Price per plan and cycle, at `planAmountCents` (the yearly cycle is billed
 * monthly at the discounted price), found by their lookup key `guarita_<plano>_<ciclo>`. Nothing is typed
 * in the Stripe Dashboard: `ensureStripePrices` creates what is missing, and a price changed in
 * src/shared/plans.ts becomes a new Price that takes the lookup key over (Stripe Prices are immutable).
 */
import type Stripe from "stripe";
import { BILLING_CYCLES, type BillingCycle, PLAN_IDS, PLANS, type PlanId, planAmountCents } from "../../shared/plans";

export interface PlanRef {
  plano: PlanId;
  ciclo: BillingCycle;
}

/** Lookup key → Price id, for every paid plan and cycle. */
export type StripePriceIds = Record<string, string>;

const CURRENCY = "brl";
const LOOKUP_PREFIX = "guarita_";

export function priceLookupKey(plano: PlanId, ciclo: BillingCycle): string {
  return `${LOOKUP_PREFIX}${plano}_${ciclo}`;
}

/** "guarita_avancado_yearly" → {avancado, yearly}; null for anything else. */
export function planOfLookupKey(key: string | null | undefined): PlanRef | null {
  if (!key?.startsWith(LOOKUP_PREFIX)) return null;
  const rest = key.slice(LOOKUP_PREFIX.length);
  for (const plano of PLAN_IDS) {
    for (const ciclo of BILLING_CYCLES) {
      if (rest === `${plano}_${ciclo}`) return { plano, ciclo };
    }
  }
  return null;
}

/** The plans Stripe charges for: Personalizado is agreed with sales ("sob consulta") and has no Price. */
export const PAID_PLAN_REFS: readonly PlanRef[] = PLAN_IDS.filter((plano) => PLANS[plano].precoCentavos).flatMap(
  (plano) => BILLING_CYCLES.map((ciclo) => ({ plano, ciclo })),
);

export function productIdOf(plano: PlanId): string {
  return `${LOOKUP_PREFIX}${plano}`;
}

const CICLO_NOME: Record<BillingCycle, string> = { monthly: "mensal", yearly: "anual (cobrança mensal)" };

function isMissing(error: unknown): boolean {
  return (error as { code?: string } | null)?.code === "resource_missing";
}

async function ensureProduct(stripe: Stripe, plano: PlanId): Promise<string> {
  const id = productIdOf(plano);
  try {
    const product = await stripe.products.retrieve(id);
    if (!product.active) await stripe.products.update(id, { active: true });
    return id;
  } catch (error) {
    if (!isMissing(error)) throw error;
  }
  await stripe.products.create(
    { id, name: `Guarita — plano ${PLANS[plano].nome}`, metadata: { plano } },
    { idempotencyKey: `guarita-product-${id}` },
  );
  return id;
}

async function createPrices(stripe: Stripe): Promise<StripePriceIds> {
  const keys = PAID_PLAN_REFS.map(({ plano, ciclo }) => priceLookupKey(plano, ciclo));
  const found = await stripe.prices.list({ lookup_keys: keys, active: true, limit: 100 });
  const ids: StripePriceIds = {};
  for (const { plano, ciclo } of PAID_PLAN_REFS) {
    const key = priceLookupKey(plano, ciclo);
    const amount = planAmountCents(plano, ciclo);
    const current = found.data.find(
      (p) =>
        p.lookup_key === key &&
        p.unit_amount === amount &&
        p.currency === CURRENCY &&
        p.recurring?.interval === "month" &&
        p.recurring.interval_count === 1,
    );
    if (current) {
      ids[key] = current.id;
      continue;
    }
    const product = await ensureProduct(stripe, plano);
    const created = await stripe.prices.create(
      {
        product,
        currency: CURRENCY,
        unit_amount: amount,
        recurring: { interval: "month", interval_count: 1 },
        lookup_key: key,
        // A catalogue price that changed: the new Price takes the key, the old one keeps its subscribers.
        transfer_lookup_key: true,
        nickname: `${PLANS[plano].nome} — ${CICLO_NOME[ciclo]}`,
        metadata: { plano, ciclo },
      },
      { idempotencyKey: `guarita-price-${key}-${amount}` },
    );
    ids[key] = created.id;
  }
  return ids;
}

const cache = new WeakMap<Stripe, Promise<StripePriceIds>>();

/**
 * The Price ids of every paid plan and cycle, creating the missing Products and Prices (idempotent).
 * Asked once per process and client; a failure is not remembered, the next call asks again.
 */
export function ensureStripePrices(stripe: Stripe): Promise<StripePriceIds> {
  let pending = cache.get(stripe);
  if (!pending) {
    pending = createPrices(stripe);
    cache.set(stripe, pending);
    pending.catch(() => cache.delete(stripe));
  }
  return pending;
}

/** The Price of a plan and cycle; throws for Personalizado (no Price: agreed with sales). */
export function priceIdOf(ids: StripePriceIds, plano: PlanId, ciclo: BillingCycle): string {
  const id = ids[priceLookupKey(plano, ciclo)];
  if (!id) throw new Error(`Sem preço na Stripe para ${plano}/${ciclo}`);
  return id;
}

/** Price id → plan and cycle, for Stripe objects that name a Price by id only (invoice lines). */
export function planOfPriceId(ids: StripePriceIds, priceId: string): PlanRef | null {
  for (const [key, id] of Object.entries(ids)) if (id === priceId) return planOfLookupKey(key);
  return null;
}
