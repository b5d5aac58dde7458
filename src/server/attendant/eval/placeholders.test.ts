import { describe, expect, it } from "vitest";
import type { Directory } from "../engine/types";
import { fillConversation, seededRng, spellDigits, spellNumber } from "./placeholders";

const unit = (id: string, codigo: string, torre: string | null, nomes: string[]) => ({
  id,
  codigo,
  torre,
  moradores: nomes.map((nome, i) => ({ pessoaId: `${id}-p${i}`, nome })),
});

const acacias: Directory = {
  condominioId: "c1",
  units: [
    unit("a101", "101", "Torre A", ["Sérgio Antunes", "Ana Lima"]),
    unit("b101", "101", "Torre B", ["Fernanda Oliveira"]),
    unit("a202", "202", "Torre A", ["João Pedro Almeida"]),
    unit("b303", "303", "Torre B", []),
  ],
};
const casas: Directory = { condominioId: "c2", units: [unit("c7", "7", null, ["Luciana Ferreira"])] };
const pins = new Map([
  ["a101", "111111"],
  ["b101", "222222"],
  ["a202", "333333"],
  ["c7", "777777"],
]);

const fill = (falas: string[], espera: Record<string, unknown> = { sem_solicitacao: true }, seed = 1) =>
  fillConversation({ falas, espera }, [acacias, casas], pins, seededRng(seed));

describe("spellNumber", () => {
  it.each([
    [7, "sete"],
    [11, "onze"],
    [21, "vinte e um"],
    [100, "cem"],
    [101, "cento e um"],
    [202, "duzentos e dois"],
    [1000, "mil"],
    [1020, "mil e vinte"],
    [1100, "mil e cem"],
    [1204, "mil duzentos e quatro"],
    [2310, "dois mil trezentos e dez"],
  ])("%i → %s", (n, words) => {
    expect(spellNumber(n)).toBe(words);
  });

  it("says a code digit by digit", () => {
    expect(spellDigits("101")).toBe("um zero um");
    expect(spellDigits("23")).toBe("dois três");
  });
});

describe("fillConversation", () => {
  it("fills the unit, tower, resident and PIN of one drawn unit, in the falas and in espera", () => {
    for (let seed = 1; seed <= 30; seed++) {
      const f = fill(
        [
          "{unidade} {torre} ({torre_curta}), {unidade_por_extenso}",
          "{morador_completo} / {morador_primeiro}",
          "{pin}",
        ],
        { unidade: "{unidade_id}", tipo: "visitante" },
        seed,
      );
      expect(f.unit.moradores.length).toBeGreaterThan(0);
      expect(f.unit.torre).not.toBeNull();
      expect(f.espera).toEqual({ unidade: f.unit.id, tipo: "visitante" });
      const first = f.unit.moradores[0]!.nome;
      expect(f.falas).toEqual([
        `${f.unit.codigo} ${f.unit.torre} (${f.unit.torre!.slice(-1)}), ${spellNumber(Number(f.unit.codigo))}`,
        `${first} / ${first.split(" ")[0]}`,
        pins.get(f.unit.id),
      ]);
    }
  });

  it("draws the same units for the same seed, and among all units with residents", () => {
    const draw = (seed: number) => {
      const rng = seededRng(seed);
      return Array.from(
        { length: 40 },
        () => fillConversation({ falas: ["oi"], espera: {} }, [acacias, casas], pins, rng).unit.id,
      );
    };
    expect(draw(5)).toEqual(draw(5));
    expect(draw(5)).not.toEqual(draw(6));
    expect(new Set(draw(5))).toEqual(new Set(["a101", "b101", "a202", "c7"]));
  });

  it("gives {unidade_ambigua} only for a code that another tower also has, and the directory of its condominium", () => {
    for (let seed = 1; seed <= 20; seed++) {
      const f = fill(["vim no {unidade_ambigua}"], { unidade: "{unidade_id}" }, seed);
      expect(["a101", "b101"]).toContain(f.unit.id);
      expect(f.falas).toEqual(["vim no 101"]);
      expect(f.directory).toBe(acacias);
    }
  });

  it("names another tower of the condominium for {outra_torre}", () => {
    for (let seed = 1; seed <= 20; seed++) {
      const f = fill(["{unidade} {outra_torre}"], {}, seed);
      expect(f.falas[0]).toBe(`${f.unit.codigo} ${f.unit.torre === "Torre A" ? "Torre B" : "Torre A"}`);
    }
  });

  it("makes a one-letter typo of the first name that is no resident's name", () => {
    for (let seed = 1; seed <= 30; seed++) {
      const f = fill(["{morador_primeiro_com_erro}"], {}, seed);
      const right = f.unit.moradores[0]!.nome.split(" ")[0]!.normalize("NFD").replace(/\p{M}/gu, "");
      const typo = f.falas[0]!;
      expect(typo).toHaveLength(right.length);
      expect([...typo].filter((c, i) => c !== right[i])).toHaveLength(1);
      expect(typo[0]).toBe(right[0]);
      expect(["Ana", "Sergio", "Fernanda", "Joao", "Luciana"]).not.toContain(typo);
      // "João" is too short to misspell recognisably: his unit is never drawn.
      expect(f.unit.id).not.toBe("a202");
    }
  });

  it("names a unit code that no tower of the condominium has", () => {
    for (let seed = 1; seed <= 30; seed++) {
      const f = fill(["vim no {unidade_inexistente}"], {}, seed);
      const code = f.falas[0]!.replace("vim no ", "");
      expect(code).toMatch(/^\d{3,4}$/);
      expect(f.directory.units.map((u) => u.codigo)).not.toContain(code);
    }
  });

  it("says the unit's pass PIN digit by digit, or a PIN that no pass of the condominium has", () => {
    for (let seed = 1; seed <= 30; seed++) {
      const f = fill(["{pin_separado}", "{pin_errado}"], {}, seed);
      expect(f.falas[0]).toBe([...pins.get(f.unit.id)!].join(" "));
      expect(f.falas[1]).toMatch(/^\d{6}$/);
      expect(f.directory.units.map((u) => pins.get(u.id))).not.toContain(f.falas[1]);
    }
  });

  it("refuses a line no unit can fill", () => {
    const noTowers: Directory = { condominioId: "c2", units: casas.units };
    expect(() => fillConversation({ falas: ["{torre}"], espera: {} }, [noTowers], pins, seededRng(1))).toThrow(
      "nenhuma unidade com moradores preenche {torre}",
    );
  });
});
