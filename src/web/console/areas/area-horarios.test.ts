import { describe, expect, it } from "vitest";
import { horarioResumo } from "./area-horarios";

const h = (abre: string, fecha: string) => ({ abre, fecha });

describe("an area's opening hours on its card", () => {
  it("says every day once when all seven share the hours", () => {
    expect(horarioResumo(Array.from({ length: 7 }, () => h("08:00", "23:00")))).toBe("Todos os dias, 08:00–23:00");
  });

  it("groups the days by their hours, Monday first, and leaves closed days out", () => {
    const horarios = [
      h("10:00", "22:00"),
      null,
      h("08:00", "22:00"),
      h("08:00", "22:00"),
      null,
      null,
      h("10:00", "22:00"),
    ];
    expect(horarioResumo(horarios)).toBe("ter, qua: 08:00–22:00 · sáb, dom: 10:00–22:00");
  });

  it("says when the area never opens", () => {
    expect(horarioResumo(Array.from({ length: 7 }, () => null))).toBe("Fechada todos os dias");
  });
});
