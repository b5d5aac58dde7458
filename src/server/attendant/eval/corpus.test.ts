import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { parseCorpus } from "./corpus";

const CORPUS = path.resolve(import.meta.dirname, "../../../../tests/attendant/corpus.jsonl");

describe("parseCorpus", () => {
  it("reads one conversation per line, blank lines aside, answering 'sim' unless told not to", () => {
    const text = [
      '{"falas": ["oi", "{unidade} {torre}"], "espera": {"tipo": "visitante", "nome_visitante": "Ana", "unidade": "{unidade_id}"}}',
      "",
      '{"falas": ["101", "não"], "espera": {"sem_solicitacao": true}, "confirmar": false}',
    ].join("\n");
    expect(parseCorpus(text)).toEqual([
      {
        line: 1,
        falas: ["oi", "{unidade} {torre}"],
        espera: { tipo: "visitante", nome_visitante: "Ana", unidade: "{unidade_id}" },
        confirmar: true,
      },
      { line: 3, falas: ["101", "não"], espera: { sem_solicitacao: true }, confirmar: false },
    ]);
  });

  it.each([
    ["{falas: []}", "linha 2: JSON inválido"],
    ['{"falas": [], "espera": {"sem_solicitacao": true}}', "linha 2: falas:"],
    ['{"falas": ["oi"], "espera": {"etapa": "dormindo"}}', "linha 2: espera.etapa:"],
    [
      '{"falas": ["oi"], "espera": {"tipo": "visitante"}}',
      "linha 2: espera: tipo e nome_visitante pedem também a unidade",
    ],
    ['{"falas": ["oi"], "espera": {"unidade": "{unidade_id}", "sem_solicitacao": true}}', "se contradizem"],
    ['{"falas": ["oi"], "espera": {}}', "espera vazia"],
    [
      '{"falas": ["oi"], "espera": {"tipo": "visitante", "unidade": "{unidade_id}", "encomenda": true}}',
      "encomenda pede o tipo entregador",
    ],
    ['{"falas": ["vim no {apto}"], "espera": {"sem_solicitacao": true}}', "linha 2: marcador desconhecido {apto}"],
    ['{"falas": ["oi"], "espera": {"sem_solicitacao": true}, "extra": 1}', "linha 2:"],
  ])("refuses %s", (bad, message) => {
    const text = `{"falas": ["oi"], "espera": {"etapa": "identificando"}}\n${bad}`;
    expect(() => parseCorpus(text)).toThrow(message);
  });

  it("refuses an empty corpus", () => {
    expect(() => parseCorpus("\n\n")).toThrow("o corpus não tem nenhuma conversa");
  });
});

describe("tests/attendant/corpus.jsonl", () => {
  const lines = parseCorpus(fs.readFileSync(CORPUS, "utf8"));

  it("has at least 320 conversations, the shared samples among them", () => {
    expect(lines.length).toBeGreaterThanOrEqual(320);
    const first = lines[0]!;
    expect(first.falas).toEqual(["Oi, eu sou a Beatriz e vim ver a {morador_primeiro} do {unidade} {torre}"]);
  });

  it("keeps the expected hand-overs at 4% or less, so the 5% hand-over limit leaves room for the engine", () => {
    const handOvers = lines.filter((l) => l.espera.etapa === "com_porteiro").length;
    expect(handOvers).toBeGreaterThan(0);
    expect(handOvers / lines.length).toBeLessThanOrEqual(0.04);
  });

  it("has no two identical scripts", () => {
    const keys = lines.map((l) => JSON.stringify(l.falas));
    expect(keys.length - new Set(keys).size).toBe(0);
  });
});
