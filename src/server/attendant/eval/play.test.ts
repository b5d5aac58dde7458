/**
 * The runner's visitor against a tiny stub attendant: it proposes a unit when it hears digits and asks
 * to confirm, creates the request on "sim", asks again on "não", hands over on "porteiro".
 */
import { describe, expect, it } from "vitest";
import type { DialogueState } from "../engine/types";
import { type ConversationDriver, playScript } from "./play";

const initial: DialogueState = {
  etapa: "identificando",
  nomeVisitante: null,
  tipo: null,
  unidadeId: null,
  candidatas: [],
  moradorPessoaId: null,
  pergunta: "unidade",
  naoEntendidas: 0,
  solicitacaoId: null,
  resultado: null,
  motivoTransferencia: null,
};

function stubDriver(opts: { throwOn?: string } = {}): ConversationDriver & { heard: string[] } {
  let state = initial;
  const heard: string[] = [];
  return {
    heard,
    async start() {
      return { replies: ["Olá, sou o atendente automático."], state };
    },
    async say(text) {
      heard.push(text);
      if (text === opts.throwOn) throw new Error("quebrou");
      if (/porteiro/.test(text)) {
        state = { ...state, etapa: "com_porteiro", pergunta: null };
        return { replies: ["Vou chamar o porteiro."], state, action: { tipo: "transferir", motivo: "pedido" }, ms: 1 };
      }
      if (state.pergunta === "confirmacao" && text === "sim") {
        state = { ...state, etapa: "aguardando_morador", pergunta: null };
        const action = {
          tipo: "criar_solicitacao",
          unidadeId: "u1",
          nomeVisitante: "Ana",
          tipoVisita: "visitante",
        } as const;
        return { replies: ["Aguarde."], state, action, ms: 3 };
      }
      if (/\d/.test(text)) {
        state = { ...state, etapa: "confirmando", pergunta: "confirmacao", unidadeId: "u1" };
        return { replies: ["É o 101 da Torre A?"], state, action: null, ms: 2 };
      }
      state = { ...state, etapa: "identificando", pergunta: "unidade", unidadeId: null };
      return { replies: ["Qual a unidade?"], state, action: null, ms: 1 };
    },
  };
}

describe("playScript", () => {
  it("answers 'sim' for the visitor once the script has nothing left to say and the attendant asks to confirm", async () => {
    const driver = stubDriver();
    const t = await playScript(driver, ["boa noite", "101 torre A"], { confirmar: true });
    expect(driver.heard).toEqual(["boa noite", "101 torre A", "sim"]);
    expect(t.turns).toBe(3);
    expect(t.replyMs).toEqual([1, 2, 3]);
    expect(t.state.etapa).toBe("aguardando_morador");
    expect(t.lines.slice(0, 3)).toEqual([
      { quem: "atendente", texto: "Olá, sou o atendente automático." },
      { quem: "visitante", texto: "boa noite" },
      { quem: "atendente", texto: "Qual a unidade?" },
    ]);
  });

  it("lets the script's next fala answer a confirmation asked mid-script", async () => {
    const driver = stubDriver();
    await playScript(driver, ["101", "não", "102 torre A"], { confirmar: true });
    expect(driver.heard).toEqual(["101", "não", "102 torre A", "sim"]);
  });

  it("never answers for a visitor whose script says confirmar: false", async () => {
    const driver = stubDriver();
    const t = await playScript(driver, ["101"], { confirmar: false });
    expect(driver.heard).toEqual(["101"]);
    expect(t.state.pergunta).toBe("confirmacao");
  });

  it("does not answer when nothing is being confirmed", async () => {
    const driver = stubDriver();
    await playScript(driver, ["oi"], { confirmar: true });
    expect(driver.heard).toEqual(["oi"]);
  });

  it("stops talking once the conversation is with the porteiro, and counts the hand-over", async () => {
    const driver = stubDriver();
    const t = await playScript(driver, ["quero o porteiro", "101"], { confirmar: true });
    expect(driver.heard).toEqual(["quero o porteiro"]);
    expect(t.handedOver).toBe(true);
  });

  it("keeps what was said when the attendant fails, with the error", async () => {
    const t = await playScript(stubDriver({ throwOn: "101" }), ["oi", "101"], { confirmar: true });
    expect(t.error).toBe("quebrou");
    expect(t.lines.at(-1)).toEqual({ quem: "visitante", texto: "101" });
    expect(t.turns).toBe(1);
  });
});
