import { describe, expect, it } from "vitest";
import { findUnstorableJson, unstorableReason } from "./text-guard";

describe("unstorableReason", () => {
  it("accepts any well-formed Unicode, emoji and right-to-left included", () => {
    for (const text of ["", "João", "👩🏽‍💻🚪", "\u202Eשלום مرحبا", "\uFFFD"])
      expect(unstorableReason(text)).toBeNull();
  });
  it("refuses NUL and lone surrogate halves", () => {
    expect(unstorableReason("a\u0000b")).toBe("Caractere inválido (NUL) no campo");
    expect(unstorableReason("a\ud800b")).toBe("Caractere Unicode inválido no campo");
    expect(unstorableReason("\udc00")).toBe("Caractere Unicode inválido no campo");
  });
});

describe("findUnstorableJson", () => {
  it("reports paths of values and keys at any depth", () => {
    expect(findUnstorableJson({ a: [{ b: "x\u0000" }], "k\u0000": 1 })).toEqual(
      expect.arrayContaining([
        { path: "a.0.b", message: "Caractere inválido (NUL) no campo" },
        { path: "k\uFFFD", message: "Caractere inválido (NUL) no campo" },
      ]),
    );
  });
  it("walks a body nested 100,000 levels deep without overflowing the stack", () => {
    const deep = JSON.parse(`${"[".repeat(100_000)}"\u0000"${"]".repeat(100_000)}`.replace('"\u0000"', '"\\u0000"'));
    expect(findUnstorableJson(deep)).toHaveLength(1);
  });
});
