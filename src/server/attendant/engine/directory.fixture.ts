/**
 * Directories for the engine's tests, shaped like the demo tenant's (src/server/db/seed/demo.ts): the
 * residents in the same units and calling order, plus a second "Ana" (Ana Paula Reis, 201 da Torre B)
 * so that a first name is shared, and a small condominium of houses without towers.
 */
import type { Directory, DirectoryUnit } from "./types";

function unit(id: string, codigo: string, torre: string | null, nomes: string[]): DirectoryUnit {
  return {
    id,
    codigo,
    torre,
    moradores: nomes.map((nome) => ({ pessoaId: `p-${nome.split(" ").join("-").toLowerCase()}`, nome })),
  };
}

/** Residencial Jardim das Acácias: Torre A and Torre B, units 101, 102, 201, 202 in each. */
export const ACACIAS: Directory = {
  condominioId: "acacias",
  units: [
    unit("a101", "101", "Torre A", ["Ana Beatriz Souza", "Ricardo Nogueira"]),
    unit("a102", "102", "Torre A", ["Carlos Eduardo Lima", "Camila Azevedo"]),
    unit("a201", "201", "Torre A", ["Fernanda Oliveira"]),
    unit("a202", "202", "Torre A", ["João Pedro Almeida", "Beatriz Moraes"]),
    unit("b101", "101", "Torre B", ["Luciana Ferreira", "Gustavo Henrique Prado"]),
    unit("b102", "102", "Torre B", ["Marcos Vinícius Rocha", "Helena Vasconcelos"]),
    unit("b201", "201", "Torre B", ["Patrícia Gomes", "Ana Paula Reis"]),
    unit("b202", "202", "Torre B", ["Rafael Costa"]),
  ],
};

/** Condomínio Parque Amazonas: Bloco 1 and Bloco 2, units 11 and 12 in each. */
export const AMAZONAS: Directory = {
  condominioId: "amazonas",
  units: [
    unit("b1-11", "11", "Bloco 1", ["Sérgio Antunes"]),
    unit("b1-12", "12", "Bloco 1", ["Tatiane Ribeiro"]),
    unit("b2-11", "11", "Bloco 2", ["Vinícius Barbosa", "André Luiz Cardoso"]),
    unit("b2-12", "12", "Bloco 2", ["Juliana Martins"]),
  ],
};

/** A condominium of houses: no towers, a code with a letter, a code said in words, a house nobody lives in. */
export const CASAS: Directory = {
  condominioId: "casas",
  units: [
    unit("c3", "3", null, ["Helena Vasconcelos"]),
    unit("c42", "42", null, ["Rafael Costa"]),
    unit("c101a", "101A", null, ["Luciana Ferreira"]),
    unit("c7", "7", null, []),
  ],
};
