import { describe, expect, it } from "vitest";
import {
  CHECKOUT_VARIANT_PATHS,
  checkoutChoice,
  checkoutChoiceOfVariant,
  checkoutHref,
  checkoutVariantPath,
} from "./plan-params";

describe("checkout choice", () => {
  it("reads plan and cycle from the query, defaulting unknown or missing values", () => {
    expect(checkoutChoice(new URLSearchParams("plan=avancado&billing=monthly"))).toEqual({
      plan: "avancado",
      billing: "monthly",
    });
    expect(checkoutChoice(new URLSearchParams("plan=ouro&billing=semanal"))).toEqual({
      plan: "essencial",
      billing: "yearly",
    });
    expect(checkoutChoice(new URLSearchParams(""))).toEqual({ plan: "essencial", billing: "yearly" });
  });

  it("links each choice to the checkout's query URL", () => {
    expect(checkoutHref({ plan: "personalizado", billing: "monthly" })).toBe(
      "/checkout?plan=personalizado&billing=monthly",
    );
  });

  it("pre-renders every plan × cycle once, and maps each path back to its choice", () => {
    expect(CHECKOUT_VARIANT_PATHS).toHaveLength(6);
    for (const path of CHECKOUT_VARIANT_PATHS) {
      const choice = checkoutChoiceOfVariant(path.split("/")[2] ?? "");
      expect(choice, path).not.toBeNull();
      if (choice) expect(checkoutVariantPath(choice)).toBe(path);
    }
    expect(checkoutChoiceOfVariant("ouro-semanal")).toBeNull();
  });
});
