import { beforeAll, describe, expect, it } from "vitest";
import { ACACIAS, AMAZONAS, CASAS } from "./directory.fixture";
import { indexDirectory } from "./directory-index";
import { type IntentModel, loadIntentModel } from "./intents";
import type { DialogueState, Directory } from "./types";
import { understand } from "./understand";

let model: IntentModel;
beforeAll(async () => {
  model = await loadIntentModel();
});

type Pergunta = DialogueState["pergunta"];

async function read(text: string, directory: Directory = ACACIAS, pergunta: Pergunta = null) {
  const u = await understand(text, pergunta, indexDirectory(directory), model);
  return {
    codigo: u.unidade?.codigo ?? null,
    torres: u.unidade?.torres?.map((t) => t.label) ?? null,
    nome: u.nome,
    moradores: u.moradores?.map((r) => r.nome) ?? null,
    tipo: u.tipo,
    nomePadrao: u.nomePadrao,
    pin: u.pin,
    raw: u,
  };
}

describe("units, however they are said", () => {
  it.each([
    ["101", ACACIAS, "101", null],
    ["apartamento 101", ACACIAS, "101", null],
    ["ap 42", CASAS, "42", null],
    ["apto 12 bloco 2", AMAZONAS, "12", ["Bloco 2"]],
    ["ap 11 bl 1", AMAZONAS, "11", ["Bloco 1"]],
    ["casa 3", CASAS, "3", null],
    ["101 da Torre A", ACACIAS, "101", ["Torre A"]],
    ["Torre A 101", ACACIAS, "101", ["Torre A"]],
    ["torre b, 202", ACACIAS, "202", ["Torre B"]],
    ["A 101", ACACIAS, "101", ["Torre A"]],
    ["101A", ACACIAS, "101", ["Torre A"]],
    ["101A", CASAS, "101a", null],
    ["ap 101 B, Vanessa", ACACIAS, "101", ["Torre B"]],
    ["ap 11 1, Vanessa", AMAZONAS, "11", ["Bloco 1"]],
    ["cento e um", ACACIAS, "101", null],
    ["um zero um, torre a", ACACIAS, "101", ["Torre A"]],
    ["quarenta e dois", CASAS, "42", null],
    ["doze do bloco um", AMAZONAS, "12", ["Bloco 1"]],
    ["vim no apartamento 9999", ACACIAS, "9999", null],
  ])("'%s'", async (text, directory, codigo, torres) => {
    const u = await read(text, directory);
    expect([u.codigo, u.torres]).toEqual([codigo, torres]);
  });

  it("reads a bare tower as the answer to 'qual torre?'", async () => {
    expect((await read("a", ACACIAS, "torre")).torres).toEqual(["Torre A"]);
    expect((await read("a B", ACACIAS, "torre")).torres).toEqual(["Torre B"]);
    expect((await read("1", AMAZONAS, "torre")).torres).toEqual(["Bloco 1"]);
    expect((await read("um", AMAZONAS, "torre")).torres).toEqual(["Bloco 1"]);
    expect((await read("o bloco dois", AMAZONAS, "torre")).torres).toEqual(["Bloco 2"]);
  });

  it("does not take the article 'a' for Torre A", async () => {
    const u = await read("vim ver a Fernanda");
    expect([u.codigo, u.torres]).toEqual([null, null]);
  });
});

describe("the visitor's name and the resident's", () => {
  it("tells the visitor from the resident they came for", async () => {
    const u = await read("Oi, eu sou a Beatriz e vim ver a Ana Beatriz");
    expect([u.nome, u.moradores]).toEqual(["Beatriz", ["Ana Beatriz Souza"]]);
  });

  it.each([
    ["meu nome é Carlos", "Carlos"],
    ["aqui é o Rafael", "Rafael"],
    ["Gustavo aqui, 101 Torre A", "Gustavo"],
    ["é o Ricardo", "Ricardo"],
    ["me chamo Camila", "Camila"],
    ["sou o Eduardo Moraes", "Eduardo Moraes"],
    ["eu sou a Dona Cida", "Cida"],
    ["sou a professora Helga", "Helga"],
    ["Sou a Maria das Graças", "Maria das Graças"],
    ["Vim fazer a faxina, meu nome é Rosângela", "Rosângela"],
    ["vim no 12 Bloco 1, diz q é o Kevin", "Kevin"],
    ["vc avisa o 12 Bloco 2 q a Karen chegou", "Karen"],
  ])("'%s' gives the visitor %s", async (text, nome) => {
    expect((await read(text, AMAZONAS)).nome).toBe(nome);
  });

  it("reads a bare answer to 'qual é o seu nome?' as the visitor's name, even a resident's first name", async () => {
    expect((await read("Rafael", ACACIAS, "nome")).nome).toBe("Rafael");
    expect((await read("Mariana Costa", ACACIAS, "nome")).nome).toBe("Mariana Costa");
  });

  it("reads a resident's full name as the resident, even when asked the name", async () => {
    const u = await read("Luciana Ferreira", ACACIAS, "nome");
    expect([u.nome, u.moradores]).toEqual([null, ["Luciana Ferreira"]]);
  });

  it("reads a bare name as the resident when asked for the unit", async () => {
    const u = await read("Rafael", ACACIAS, "unidade");
    expect([u.nome, u.moradores]).toEqual([null, ["Rafael Costa"]]);
  });

  it.each([
    ["vim ver a Ana", ["Ana Beatriz Souza", "Ana Paula Reis"]],
    ["a Ana Beatriz", ["Ana Beatriz Souza"]],
    ["vim na casa da Fernanda", ["Fernanda Oliveira"]],
    ["vim ver a Fernada", ["Fernanda Oliveira"]],
    ["falar com Luciana Ferreira", ["Luciana Ferreira"]],
    ["quem chamou foi a Patrícia do 201", ["Patrícia Gomes"]],
  ])("'%s' names the resident", async (text, moradores) => {
    const u = await read(text);
    expect([u.nome, u.moradores]).toEqual([null, moradores]);
  });

  it("finds a resident said without accents", async () => {
    expect((await read("pra Sergio", AMAZONAS)).moradores).toEqual(["Sérgio Antunes"]);
  });

  it("keeps a resident's name nobody has, to say it was not found", async () => {
    const u = await read("vim ver a Joana");
    expect([u.moradores, u.raw.moradorDito]).toEqual([null, "Joana"]);
  });

  it("takes the sister's name, not the resident's, after 'sou a irmã dela'", async () => {
    const u = await read("bom dia, a Sergio ta em casa? sou a irmã dela, Camila", AMAZONAS, "nome");
    expect([u.nome, u.moradores]).toEqual(["Camila", ["Sérgio Antunes"]]);
  });
});

describe("why they came", () => {
  it.each([
    ["vim fazer a faxina", "prestador"],
    ["sou a diarista", "prestador"],
    ["eletricista", "prestador"],
    ["técnico da operadora, instalação de fibra", "prestador"],
    ["manutenção do ar-condicionado", "prestador"],
    ["vim arrumar o chuveiro", "prestador"],
    ["entrega da amazon", "entregador"],
    ["pacote dos correios", "entregador"],
    ["ifood", "entregador"],
    ["encomenda da shopee", "entregador"],
    ["farmácia", "entregador"],
    ["vim ver a Ana", null],
    ["uber pra Ana", null],
  ])("'%s'", async (text, tipo) => {
    expect((await read(text)).tipo).toBe(tipo);
  });

  it("names a courier by the company and a provider by the trade when they give no name", async () => {
    expect((await read("entrega da amazon")).nomePadrao).toBe("Entregador Amazon");
    expect((await read("pedido do iFood")).nomePadrao).toBe("Entregador iFood");
    expect((await read("Entregador do rappi")).nomePadrao).toBe("Entregador Rappi");
    expect((await read("pacote")).nomePadrao).toBe("Entregador");
    expect((await read("Sou jardineiro, vim cortar a grama")).nomePadrao).toBe("Jardineiro");
    expect((await read("técnico da operadora")).nomePadrao).toBeNull();
  });
});

describe("codes", () => {
  it.each([
    ["tenho um código: 482913", "482913"],
    ["meu pin é 4829 13", "482913"],
    ["código 482913", "482913"],
    ["482913", "482913"],
    ["senha 1234", "1234"],
    ["código 4 8 2 9 1 3", "482913"],
    ["tenho QR code mas não tá lendo, o número é 871662", "871662"],
  ])("'%s' is the PIN %s", async (text, pin) => {
    expect((await read(text)).pin).toBe(pin);
  });

  it("does not take a unit for a code", async () => {
    expect((await read("101")).pin).toBeNull();
    expect((await read("apartamento 1503")).pin).toBeNull();
  });

  it("asks for the digits of a code said without them", async () => {
    expect((await read("tenho um QR code")).raw.pedeCodigo).toBe(true);
  });
});
