/**
 * npm run stripe:precos
 *
 * Creates, in the Stripe account of STRIPE_SECRET_KEY, the Products and Prices of the plan catalogue
 * (src/shared/plans.ts) that are missing, and prints each Price's id by its lookup key
 * (docs/decisions/045-plans-and-billing.md). Idempotent: run it again and it only lists them. The server
 * does the same on first use; this lets an operator see and check the prices before the first checkout.
 * Needs nothing but STRIPE_SECRET_KEY.
 */
import { createStripeClient } from "../src/server/payments/stripe-payment-provider";
import { ensureStripePrices, PAID_PLAN_REFS, priceLookupKey } from "../src/server/payments/stripe-prices";
import { formatBRL, PLANS, planAmountCents } from "../src/shared/plans";

const secretKey = process.env.STRIPE_SECRET_KEY;
if (!secretKey) {
  process.stderr.write("Defina STRIPE_SECRET_KEY (sk_test_… ou sk_live_…) para criar os preços na Stripe.\n");
  process.exit(1);
}

try {
  const ids = await ensureStripePrices(createStripeClient({ secretKey }));
  for (const { plano, ciclo } of PAID_PLAN_REFS) {
    const key = priceLookupKey(plano, ciclo);
    const valor = formatBRL(planAmountCents(plano, ciclo));
    process.stdout.write(
      `${key}\t${ids[key]}\t${PLANS[plano].nome}, ${ciclo === "yearly" ? "anual" : "mensal"}: ${valor}/mês\n`,
    );
  }
} catch (error) {
  process.stderr.write(`Não foi possível criar os preços na Stripe: ${(error as Error).message}\n`);
  process.exit(1);
}
