import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { type Ato, type IntentModel, loadIntentModel, readActs } from "./intents";
import { fold, tokenize } from "./normalize";

let model: IntentModel;
const printed: unknown[] = [];
const consoleSpies = (["log", "info", "warn", "error", "debug", "trace"] as const).map((method) =>
  vi.spyOn(console, method).mockImplementation((...args) => {
    printed.push(args);
  }),
);

beforeAll(async () => {
  model = await loadIntentModel();
});
afterAll(() => {
  for (const spy of consoleSpies) spy.mockRestore();
});

async function acts(text: string): Promise<Ato[]> {
  const words = tokenize(text)
    .filter((t) => t.kind !== "punct")
    .map((t) => fold(t.raw));
  return [...(await readActs(model, words)).atos].sort();
}

describe("dialogue acts", () => {
  it("trains once per process without printing anything", async () => {
    expect(await loadIntentModel()).toBe(model);
    await acts("sim");
    expect(printed).toEqual([]);
  });

  it.each([
    "sim",
    "isso",
    "correto",
    "pode ser",
    "é isso aí",
    "s",
    "ss",
    "aham",
    "positivo",
    "confirmo",
    "isso mesmo",
    "sim senhor",
    "sim, pode avisar",
    "isso, pode chamar",
    "ok",
  ])("'%s' is a yes", async (text) => {
    expect(await acts(text)).toEqual(["afirmar"]);
  });

  it.each(["não", "nao", "errado", "não, está errado", "negativo"])("'%s' is a no", async (text) => {
    expect(await acts(text)).toEqual(["negar"]);
  });

  it("a no with a correction is a no, never a yes", async () => {
    expect(await acts("não, é no 102 da Torre B")).toEqual(["negar"]);
    expect(await acts("não, meu nome é Paulo")).toEqual(["negar"]);
  });

  it.each(["oi", "boa noite", "alô", "bom dia", "olá, boa tarde"])("'%s' is a greeting", async (text) => {
    expect(await acts(text)).toEqual(["saudacao"]);
  });

  it.each([
    "quero falar com o porteiro",
    "chama alguém",
    "falar com uma pessoa",
    "atendente humano",
    "tem como chamar uma pessoa de verdade?",
  ])("'%s' asks for the porteiro", async (text) => {
    expect(await acts(text)).toContain("porteiro");
  });

  it.each([
    "socorro",
    "tem alguém passando mal aqui",
    "incêndio no prédio",
    "tá pegando fogo",
    "fui assaltado",
    "chama uma ambulância",
    "chama a polícia",
    "aconteceu um acidente",
    "é uma emergência",
    "tem um cheiro forte de gás aqui",
    "socoro",
  ])("'%s' is an emergency", async (text) => {
    expect(await acts(text)).toContain("emergencia");
  });

  it.each([
    "Torre A",
    "torre b",
    "só um minuto",
    "delivery pra Tamires, 201 Torre A",
    "dois zero um Torre A, Marta",
    "técnico do gás, vim ver o aquecedor",
    "sou o Paulo",
    "vim ver a Ana",
  ])("'%s' is none of them", async (text) => {
    expect(await acts(text)).toEqual([]);
  });

  it("knows giving up and thanks", async () => {
    expect(await acts("deixa pra lá")).toEqual(["desistir"]);
    expect(await acts("obrigado")).toEqual(["agradecer"]);
  });
});
