import { describe, expect, it } from "vitest";
import { EXPERIENCE_OPTIONS, optionLabel, SECTOR_OPTIONS } from "@/web/site/carreiras/application-options";

describe("career application options", () => {
  it("offers the six sectors with pt-BR labels", () => {
    expect(SECTOR_OPTIONS.map((option) => [option.value, option.label])).toEqual([
      ["tecnologia", "Tecnologia"],
      ["seguranca", "Segurança"],
      ["comercial", "Comercial"],
      ["suporte", "Suporte"],
      ["marketing", "Marketing"],
      ["administrativo", "Administrativo"],
    ]);
  });

  it("offers the four experience levels with their year ranges", () => {
    expect(EXPERIENCE_OPTIONS.map((option) => [option.value, option.label])).toEqual([
      ["estagiario", "Estagiário"],
      ["junior", "Júnior (0-2 anos)"],
      ["pleno", "Pleno (2-5 anos)"],
      ["senior", "Sênior (5+ anos)"],
    ]);
  });

  it("labels a value, or returns it unchanged when unknown", () => {
    expect(optionLabel(EXPERIENCE_OPTIONS, "senior")).toBe("Sênior (5+ anos)");
    expect(optionLabel(SECTOR_OPTIONS, "")).toBe("");
  });
});
