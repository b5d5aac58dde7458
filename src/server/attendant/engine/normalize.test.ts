import { describe, expect, it } from "vitest";
import { capitalize, fold, tokenize } from "./normalize";

describe("normalize", () => {
  it("folds accents and case", () => {
    expect(fold("Sérgio Conceição")).toBe("sergio conceicao");
  });

  it("splits letters from digits and marks what was written together", () => {
    const tokens = tokenize("ap101A, Torre-B");
    expect(tokens.map((t) => [t.raw, t.kind, t.glued])).toEqual([
      ["ap", "word", false],
      ["101", "number", true],
      ["A", "word", true],
      [",", "punct", false],
      ["Torre", "word", false],
      ["B", "word", false],
    ]);
  });

  it("says a name back with one capital", () => {
    expect(capitalize("ROSÂNGELA")).toBe("Rosângela");
    expect(capitalize("letícia")).toBe("Letícia");
  });
});
