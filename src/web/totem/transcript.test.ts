import { describe, expect, it } from "vitest";
import type { EstadoConversa, Mensagem } from "@/shared/schemas/atendente";
import { afterTurn, desfechoOf, lineKey, mergeTranscript, unspoken, waitsOnVisitor } from "./transcript";

const at = (s: number) => new Date(Date.UTC(2025, 2, 12, 20, 0, s)).toISOString();
const atendente = (texto: string, s: number): Mensagem => ({ autor: "atendente", texto, created_at: at(s) });
const visitante = (texto: string, s: number): Mensagem => ({ autor: "visitante", texto, created_at: at(s) });
const porteiro = (texto: string, s: number): Mensagem => ({ autor: "porteiro", texto, created_at: at(s) });

const estado = (over: Partial<EstadoConversa> = {}): EstadoConversa => ({
  etapa: "identificando",
  unidade_id: null,
  nome_visitante: null,
  tipo: null,
  solicitacao_id: null,
  resultado: null,
  ...over,
});

const saudacao = atendente("Olá! Qual é o seu nome?", 0);
const confirmacao = atendente("Confirmando: Carlos para o apartamento 101 da Torre A, visita. Está certo?", 5);

describe("afterTurn", () => {
  it("adds the visitor's words, then the replies", () => {
    const lines = afterTurn([saudacao], "Sou o Carlos, 101 da Torre A", [confirmacao], at(4));
    expect(lines.map((m) => [m.autor, m.texto])).toEqual([
      ["atendente", saudacao.texto],
      ["visitante", "Sou o Carlos, 101 da Torre A"],
      ["atendente", confirmacao.texto],
    ]);
  });

  it("adds nothing twice when the transcript was read before the turn's answer came", () => {
    // The live event's read came first: the turn is already on screen with the server's clock.
    const read = [saudacao, visitante("Sou o Carlos, 101 da Torre A", 4), confirmacao];
    expect(afterTurn(read, "Sou o Carlos, 101 da Torre A", [confirmacao], at(9), 1)).toEqual(read);
  });

  it("keeps the visitor's line when a porteiro has the conversation (no reply)", () => {
    const lines = afterTurn([saudacao, porteiro("Boa noite, já vou atender.", 3)], "Obrigado", [], at(6));
    expect(lines.at(-1)).toMatchObject({ autor: "visitante", texto: "Obrigado" });
    expect(lines).toHaveLength(3);
  });
});

describe("mergeTranscript", () => {
  it("takes the server's transcript when it has at least what is on screen", () => {
    const screen = [saudacao, visitante("Sou o Carlos", 99)];
    const server = [saudacao, visitante("Sou o Carlos", 4), confirmacao];
    expect(mergeTranscript(screen, server)).toEqual(server);
  });

  it("keeps the newer lines on screen when a read is older than the last turn", () => {
    const screen = [saudacao, visitante("Sou o Carlos", 4), confirmacao];
    expect(mergeTranscript(screen, [saudacao])).toEqual(screen);
  });
});

describe("unspoken", () => {
  it("reads each reply of the attendant and the porteiro once, never the visitor's own words", () => {
    const lines = [saudacao, visitante("Sou o Carlos", 4), confirmacao, porteiro("Já vou atender.", 8)];
    const spoken = new Set([lineKey(saudacao)]);
    expect(unspoken(lines, spoken).map((m) => m.texto)).toEqual([confirmacao.texto, "Já vou atender."]);
  });
});

describe("desfechoOf", () => {
  it("says what fills the screen for each outcome", () => {
    expect(desfechoOf(estado({ etapa: "concluida", resultado: "autorizado" }))).toBe("entrar");
    expect(desfechoOf(estado({ etapa: "concluida", resultado: "passe_liberado" }))).toBe("entrar");
    expect(desfechoOf(estado({ etapa: "concluida", resultado: "negado" }))).toBe("negado");
    expect(desfechoOf(estado({ etapa: "concluida", resultado: "encomenda_registrada" }))).toBe("encomenda");
    expect(desfechoOf(estado({ etapa: "com_porteiro" }))).toBe("porteiro");
    expect(desfechoOf(estado({ etapa: "com_porteiro", resultado: "sem_resposta" }))).toBe("porteiro");
    expect(desfechoOf(estado({ etapa: "encerrada" }))).toBe("encerrado");
    expect(desfechoOf(estado({ etapa: "confirmando" }))).toBeNull();
    expect(desfechoOf(estado({ etapa: "aguardando_morador" }))).toBeNull();
  });

  it("waits on the visitor only while identifying and confirming", () => {
    expect(waitsOnVisitor(estado({ etapa: "identificando" }))).toBe(true);
    expect(waitsOnVisitor(estado({ etapa: "confirmando" }))).toBe(true);
    expect(waitsOnVisitor(estado({ etapa: "aguardando_morador" }))).toBe(false);
    expect(waitsOnVisitor(estado({ etapa: "com_porteiro" }))).toBe(false);
  });
});
