import { useEffect } from "react";
import { useLocation, useNavigate, useParams } from "react-router";
import { type CheckoutChoice, checkoutChoice, checkoutChoiceOfVariant, checkoutHref } from "@/shared/plan-params";

/**
 * The checkout's plan and cycle live in the query string (?plan=&billing=), so a link from the
 * landing page, a plan link clicked before hydration, or a reload keeps the choice. Missing or
 * unknown values fall back to the defaults (essencial, yearly), and the URL is corrected to say so.
 *
 * The build pre-renders each choice at /checkout/<plan>-<billing> (the `variante` param) and the
 * server answers /checkout?plan=…&billing=… with that page, so the first client render reads the
 * same choice from the query as the HTML holds: hydration matches without a default-first pass.
 */
export function useCheckoutParams(): CheckoutChoice {
  const { variante } = useParams();
  const location = useLocation();
  const navigate = useNavigate();
  const fromVariant = variante ? checkoutChoiceOfVariant(variante) : null;
  const choice = fromVariant ?? checkoutChoice(new URLSearchParams(location.search));
  const canonical = checkoutHref(choice);

  useEffect(() => {
    if (`${location.pathname}${location.search}` !== canonical) {
      navigate(canonical, { replace: true, preventScrollReset: true });
    }
  }, [location.pathname, location.search, canonical, navigate]);

  return choice;
}
