import { useCallback, useEffect } from "react";
import { useSearchParams } from "react-router";
import { billingCycleParam, planIdParam } from "@/shared/plan-params";
import type { BillingCycle, PlanId } from "@/shared/plans";
import { useHydrated } from "@/web/lib/use-hydrated";

/**
 * The checkout's plan and cycle live in the query string (?plan=&billing=), so a link from the
 * landing page or a reload keeps the choice. Missing or unknown values fall back to the defaults
 * (essencial, yearly), and the URL is corrected to say so.
 */
export function useCheckoutParams() {
  const hydrated = useHydrated();
  const [params, setParams] = useSearchParams();
  const plan: PlanId = planIdParam.parse(hydrated ? params.get("plan") : null);
  const billing: BillingCycle = billingCycleParam.parse(hydrated ? params.get("billing") : null);

  const update = useCallback(
    (next: { plan?: PlanId; billing?: BillingCycle }) =>
      setParams(
        (current) => {
          const out = new URLSearchParams(current);
          out.set("plan", next.plan ?? planIdParam.parse(current.get("plan")));
          out.set("billing", next.billing ?? billingCycleParam.parse(current.get("billing")));
          return out;
        },
        { replace: true, preventScrollReset: true },
      ),
    [setParams],
  );

  useEffect(() => {
    if (hydrated && (params.get("plan") !== plan || params.get("billing") !== billing)) update({});
  }, [hydrated, params, plan, billing, update]);

  return {
    plan,
    billing,
    setPlan: (id: PlanId) => update({ plan: id }),
    setBilling: (cycle: BillingCycle) => update({ billing: cycle }),
  };
}
