/**
 * Checkout's query-string values: missing or unknown ones fall back to the defaults. Kept apart
 * from the plan catalogue so the landing page, which only reads prices, doesn't load zod.
 */
import { z } from "zod";
import { BILLING_CYCLES, DEFAULT_BILLING, DEFAULT_PLAN, PLAN_IDS } from "./plans";

export const planIdParam = z.enum(PLAN_IDS).catch(DEFAULT_PLAN);
export const billingCycleParam = z.enum(BILLING_CYCLES).catch(DEFAULT_BILLING);
