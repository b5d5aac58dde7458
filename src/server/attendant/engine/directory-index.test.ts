import { describe, expect, it } from "vitest";
import { ACACIAS, AMAZONAS, CASAS } from "./directory.fixture";
import { codeKey, findResidents, indexDirectory, towersBySuffix } from "./directory-index";

const names = (said: string, directory = ACACIAS) =>
  findResidents(indexDirectory(directory), said.split(" "))
    .map((r) => r.nome)
    .sort();

describe("directory index", () => {
  it("is built once per directory object", () => {
    expect(indexDirectory(ACACIAS)).toBe(indexDirectory(ACACIAS));
    expect(indexDirectory({ ...ACACIAS })).not.toBe(indexDirectory(ACACIAS));
  });

  it("knows towers by what tells them apart", () => {
    const acacias = indexDirectory(ACACIAS);
    expect(acacias.towers.map((t) => [t.label, t.suffix, t.de])).toEqual([
      ["Torre A", "a", "da"],
      ["Torre B", "b", "da"],
    ]);
    expect(towersBySuffix(indexDirectory(AMAZONAS), "1").map((t) => t.label)).toEqual(["Bloco 1"]);
  });

  it("finds units by code, a house's code with its letter", () => {
    expect(
      indexDirectory(ACACIAS)
        .byCode.get("101")
        ?.map((u) => u.unit.id),
    ).toEqual(["a101", "b101"]);
    expect(
      indexDirectory(CASAS)
        .byCode.get(codeKey("101A"))
        ?.map((u) => u.unit.id),
    ).toEqual(["c101a"]);
    expect(codeKey("Casa 3")).toBe("casa3");
  });

  it("finds residents by first name, full name, surname, without accents", () => {
    expect(names("ana")).toEqual(["Ana Beatriz Souza", "Ana Paula Reis"]);
    expect(names("ana beatriz")).toEqual(["Ana Beatriz Souza"]);
    expect(names("luciana ferreira")).toEqual(["Luciana Ferreira"]);
    expect(names("nogueira")).toEqual(["Ricardo Nogueira"]);
    expect(names("sergio", AMAZONAS)).toEqual(["Sérgio Antunes"]);
  });

  it("prefers a first name to the same word inside another name", () => {
    expect(names("beatriz")).toEqual(["Beatriz Moraes"]);
  });

  it("forgives a typo or a spelling that sounds the same", () => {
    expect(names("fernada")).toEqual(["Fernanda Oliveira"]);
    expect(names("fernonda")).toEqual(["Fernanda Oliveira"]);
    expect(names("tatiani", AMAZONAS)).toEqual(["Tatiane Ribeiro"]);
    expect(names("vinicios", AMAZONAS)).toEqual(["Vinícius Barbosa"]);
  });

  it("does not stretch a name into another", () => {
    expect(names("mariana")).toEqual([]);
    expect(names("ina")).toEqual([]);
    expect(names("joana")).toEqual([]);
    expect(names("luana")).toEqual([]);
  });

  it("takes a name's other gender for another name, not a typo", () => {
    expect(names("rafaela")).toEqual([]);
    expect(names("luciano")).toEqual([]);
    expect(names("fernando")).toEqual([]);
  });

  it("forgives typos in a first name only: a visitor's Edvaldo is not Carlos Eduardo", () => {
    expect(names("edvaldo")).toEqual([]);
    expect(names("olivia")).toEqual([]);
    expect(names("carlos", AMAZONAS)).toEqual([]);
  });
});
