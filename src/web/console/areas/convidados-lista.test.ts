import { describe, expect, it } from "vitest";
import { convidadosParaEnviar, juntarLista, novaLinha, parseListaConvidados } from "./convidados-lista";

describe("parseListaConvidados", () => {
  it("reads one guest per line with optional document and phone", () => {
    expect(
      parseListaConvidados("Maria Silva; 12.345.678-9; 11987654321\n\n  João Souza  \n2. Ana, a prima\tRG 1"),
    ).toEqual([
      { nome: "Maria Silva", documento: "12.345.678-9", telefone: "(11) 98765-4321" },
      { nome: "João Souza", documento: "", telefone: "" },
      { nome: "Ana, a prima", documento: "RG 1", telefone: "" },
    ]);
  });

  it("finds nobody in blank text", () => {
    expect(parseListaConvidados(" \n;;\n")).toEqual([]);
  });
});

describe("juntarLista and convidadosParaEnviar", () => {
  it("replaces an untouched empty row and sends no blank guest", () => {
    const rows = juntarLista(
      [novaLinha({ nome: "Maria" }), novaLinha()],
      [{ nome: "João", documento: "", telefone: "" }],
    );
    expect(rows.map((r) => r.nome)).toEqual(["Maria", "João"]);
    expect(convidadosParaEnviar([...rows, novaLinha()]).input).toEqual([
      { nome: "Maria", documento: null, telefone: null },
      { nome: "João", documento: null, telefone: null },
    ]);
  });
});
