import { describe, expect, it } from "vitest";
import { isDateOnly, periodoParaApi } from "./periodo";

describe("access log period", () => {
  it("accepts only real calendar days", () => {
    expect(isDateOnly("2025-03-12")).toBe(true);
    expect(isDateOnly("2024-02-29")).toBe(true);
    expect(isDateOnly("2025-02-29")).toBe(false);
    expect(isDateOnly("2025-13-01")).toBe(false);
    expect(isDateOnly("12/03/2025")).toBe(false);
    expect(isDateOnly("")).toBe(false);
    expect(isDateOnly(undefined)).toBe(false);
  });

  it("sends the start of the first day and the start of the day after the last", () => {
    expect(periodoParaApi("2025-03-01", "2025-03-31")).toEqual({
      de: new Date(2025, 2, 1).toISOString(),
      ate: new Date(2025, 3, 1).toISOString(),
    });
  });

  it("crosses the end of a month and of a year", () => {
    expect(periodoParaApi(undefined, "2024-12-31").ate).toBe(new Date(2025, 0, 1).toISOString());
  });

  it("leaves out what is missing or not a day", () => {
    expect(periodoParaApi(undefined, undefined)).toEqual({ de: undefined, ate: undefined });
    expect(periodoParaApi("ontem", "2025-02-30")).toEqual({ de: undefined, ate: undefined });
  });
});
