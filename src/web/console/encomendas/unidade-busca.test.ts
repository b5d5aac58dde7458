import { describe, expect, it } from "vitest";
import { filtrarUnidades } from "./unidade-busca";

const UNIDADES = [
  { codigo: "101", torre: "Torre A" },
  { codigo: "102", torre: "Torre A" },
  { codigo: "101", torre: "Torre B" },
  { codigo: "201", torre: "Torre B" },
  { codigo: "11", torre: "Bloco Ímpar" },
  { codigo: "12", torre: null },
];
const labels = (busca: string) => filtrarUnidades(UNIDADES, busca).map((u) => `${u.torre ?? "-"} ${u.codigo}`);

describe("the unit search of 'Receber encomendas'", () => {
  it("offers every unit while nothing is typed", () => {
    expect(filtrarUnidades(UNIDADES, "  ")).toHaveLength(UNIDADES.length);
  });

  it("matches the code, and the tower with it, word by word", () => {
    expect(labels("101")).toEqual(["Torre A 101", "Torre B 101"]);
    expect(labels("A 101")).toEqual(["Torre A 101"]);
    expect(labels("torre b 2")).toEqual(["Torre B 201"]);
    expect(labels("A-102")).toEqual(["Torre A 102"]);
  });

  it("ignores accents and case, and finds units without a tower", () => {
    expect(labels("bloco impar")).toEqual(["Bloco Ímpar 11"]);
    expect(labels("unidade 12")).toEqual(["- 12"]);
  });

  it("finds nothing for a unit that is not there", () => {
    expect(labels("999")).toEqual([]);
  });
});
