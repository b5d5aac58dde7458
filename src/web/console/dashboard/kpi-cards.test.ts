import { describe, expect, it } from "vitest";
import { PRESENTES_HREF, pessoasText, trendText } from "./kpi-cards";

describe("KPI trend text", () => {
  it("reads as a difference against a small daily average", () => {
    expect(trendText({ direction: "up", difference: 79, average: 2.9, percent: null })).toBe(
      "+79 vs média diária (2,9)",
    );
    expect(trendText({ direction: "down", difference: -2, average: 3, percent: null })).toBe(
      "-2 vs média diária (3,0)",
    );
    expect(trendText({ direction: "flat", difference: 0, average: 1, percent: null })).toBe(
      "igual à média diária (1,0)",
    );
  });

  it("reads as a percentage when the API gives one", () => {
    expect(trendText({ direction: "up", difference: 5, average: 42.5, percent: 12 })).toBe(
      "+12% vs média diária (42,5)",
    );
    expect(trendText({ direction: "down", difference: -5, average: 50, percent: 10 })).toBe(
      "-10% vs média diária (50,0)",
    );
  });
});

describe("KPI people inside now", () => {
  it("links to the access log filtered to who has not left", () => {
    expect(PRESENTES_HREF).toBe("/app/acessos?presentes=true");
  });

  it("counts people in words", () => {
    expect(pessoasText(0)).toBe("Nenhuma pessoa");
    expect(pessoasText(1)).toBe("1 pessoa");
    expect(pessoasText(1234)).toBe("1.234 pessoas");
  });
});
