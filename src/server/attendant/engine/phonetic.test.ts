import { describe, expect, it } from "vitest";
import { phoneticKey } from "./phonetic";

describe("phoneticKey", () => {
  it.each([
    ["Tiago", "Thiago"],
    ["Luiz", "Luis"],
    ["Camila", "Kamila"],
    ["Tatiane", "Tatiani"],
    ["Vinícius", "Vinicios"],
    ["Helena", "Elena"],
    ["Sérgio", "Cergio"],
    ["Raul", "Rau"],
    ["Joaquim", "Joaquin"],
    ["Wagner", "Vagner"],
    ["Nascimento", "Nasimento"],
    ["Cecília", "Sesilia"],
    ["Rosângela", "Rozangela"],
    ["Isabella", "Izabela"],
    ["Raquel", "Rakel"],
    ["Gean", "Jean"],
    ["Anna", "Ana"],
    ["Sophia", "Sofia"],
    ["Chayene", "Xaiene"],
    ["Alves", "Auves"],
    ["Conceição", "Consseissão"],
  ])("%s sounds like %s", (a, b) => {
    expect(phoneticKey(a)).toBe(phoneticKey(b));
  });

  it.each([
    ["Ana", "Ina"],
    ["Mariana", "Luciana"],
    ["Paulo", "Pablo"],
    ["Guilherme", "Gilmar"],
    ["Carla", "Clara"],
  ])("%s does not sound like %s", (a, b) => {
    expect(phoneticKey(a)).not.toBe(phoneticKey(b));
  });

  it("keeps the hard g of gu before e/i apart from j", () => {
    expect(phoneticKey("Miguel")).toBe("migeu");
    expect(phoneticKey("Gean")).toBe("jean");
  });
});
