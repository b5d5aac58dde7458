/**
 * Checkout's query-string values: missing or unknown ones fall back to the defaults. Kept apart
 * from the plan catalogue so the landing page, which only reads prices, doesn't load zod.
 *
 * The checkout is pre-rendered once per choice (docs/decisions/013): `/checkout?plan=avancado&
 * billing=monthly` is served from the page pre-rendered at the internal path
 * `/checkout/avancado-monthly`, so the summary follows the URL before (and without) JavaScript.
 */
import { z } from "zod";
import { BILLING_CYCLES, type BillingCycle, DEFAULT_BILLING, DEFAULT_PLAN, PLAN_IDS, type PlanId } from "./plans";

export const planIdParam = z.enum(PLAN_IDS).catch(DEFAULT_PLAN);
export const billingCycleParam = z.enum(BILLING_CYCLES).catch(DEFAULT_BILLING);

export interface CheckoutChoice {
  plan: PlanId;
  billing: BillingCycle;
}

/** The choice a query string asks for, unknown or missing values replaced by the defaults. */
export function checkoutChoice(query: URLSearchParams): CheckoutChoice {
  return { plan: planIdParam.parse(query.get("plan")), billing: billingCycleParam.parse(query.get("billing")) };
}

/** The checkout's canonical URL for a choice: what the plan and billing links point to. */
export function checkoutHref({ plan, billing }: CheckoutChoice): string {
  return `/checkout?${new URLSearchParams({ plan, billing })}`;
}

/** Every choice, each pre-rendered at its own internal path. */
export const CHECKOUT_CHOICES: readonly CheckoutChoice[] = PLAN_IDS.flatMap((plan) =>
  BILLING_CYCLES.map((billing) => ({ plan, billing })),
);

/** `avancado-monthly`: the path segment of a choice's pre-rendered page. */
export function checkoutVariant({ plan, billing }: CheckoutChoice): string {
  return `${plan}-${billing}`;
}

/** The choice of a variant segment, or null when the segment names none. */
export function checkoutChoiceOfVariant(variant: string): CheckoutChoice | null {
  return CHECKOUT_CHOICES.find((choice) => checkoutVariant(choice) === variant) ?? null;
}

/** `/checkout/avancado-monthly`: where the build pre-renders a choice; the server maps the query to it. */
export function checkoutVariantPath(choice: CheckoutChoice): string {
  return `/checkout/${checkoutVariant(choice)}`;
}

export const CHECKOUT_VARIANT_PATHS: readonly string[] = CHECKOUT_CHOICES.map(checkoutVariantPath);
