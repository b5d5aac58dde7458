import { beforeAll, describe, expect, it } from "vitest";
import { play } from "./conversation.fixture";
import { ACACIAS, AMAZONAS, CASAS } from "./directory.fixture";
import { createEmbeddedEngine } from "./embedded-engine";
import type { AttendantEngine, DialogueState, Directory, ServiceEvent } from "./types";

let engine: AttendantEngine;
beforeAll(async () => {
  engine = await createEmbeddedEngine();
});

/** The visitor's words with no automatic "sim": the script says every answer. */
const talk = (falas: string[], directory: Directory = ACACIAS) => play(engine, directory, falas, { sim: "never" });
const last = (c: { lastReplies: string[] }) => c.lastReplies.join(" ");

describe("the greeting", () => {
  it("says it is an automated attendant, that the conversation is recorded, and asks who and where", () => {
    const out = engine.start();
    expect(out.replies).toEqual([
      "Olá! Sou o atendente virtual do condomínio. Esta conversa é gravada. Qual é o seu nome e qual unidade você vai visitar?",
    ]);
    expect(out.state.etapa).toBe("identificando");
    expect(out.action).toBeNull();
  });

  it("greets back a greeting and asks what is missing, one question at a time", async () => {
    const c = await talk(["boa noite"]);
    expect(last(c)).toBe("Boa noite! Qual unidade você vai visitar?");
    expect(c.state.naoEntendidas).toBe(0);
  });
});

describe("finding the unit", () => {
  it("asks which tower when the number is in two, and never guesses", async () => {
    const c = await talk(["vou no 101", "sim"]);
    expect(c.replies[1]).toBe("Temos o 101 na Torre A e na Torre B. Qual delas?");
    expect(c.actions).toEqual([]);
    expect(c.state.unidadeId).toBeNull();
  });

  it("takes the tower's answer, then asks the name, then confirms", async () => {
    const c = await talk(["vou no 101", "B", "Rafael"]);
    expect(c.replies.slice(2)).toEqual([
      "Qual é o seu nome?",
      "Confirmando: Rafael para o apartamento 101 da Torre B, visita. Está certo?",
    ]);
    expect(c.state).toMatchObject({ etapa: "confirmando", pergunta: "confirmacao", unidadeId: "b101" });
  });

  it("asks the block in a condominium of blocks", async () => {
    const c = await talk(["onze"], AMAZONAS);
    expect(last(c)).toBe("Temos o 11 no Bloco 1 e no Bloco 2. Qual deles?");
  });

  it("asks which unit when two residents share the name, without saying where they live", async () => {
    const c = await talk(["vim ver a Ana"]);
    expect(last(c)).toBe("Temos mais de um morador com o nome Ana. Qual é a unidade?");
    expect(c.state.candidatas.sort()).toEqual(["a101", "b201"]);
    const answered = await talk(["vim ver a Ana", "o 201", "Bruno", "sim"]);
    expect(answered.requests).toEqual([{ unidadeId: "b201", nomeVisitante: "Bruno", tipoVisita: "visitante" }]);
  });

  it("finds the unit by the resident's name and says the resident back", async () => {
    const c = await talk(["vim ver a Fernada", "sou o Tiago"]);
    expect(last(c)).toBe("Confirmando: Tiago para Fernanda, no apartamento 201 da Torre A, visita. Está certo?");
  });

  it("says a unit that does not exist was not found, offers the porteiro and creates nothing", async () => {
    const c = await talk(["vim no apartamento 9999"]);
    expect(last(c)).toBe(
      "Não encontrei o apartamento 9999 neste condomínio. Qual unidade você vai visitar? Se preferir, diga 'falar com o porteiro'.",
    );
    expect(c.state.etapa).toBe("identificando");
    expect(c.actions).toEqual([]);
  });

  it("hands over when the visitor insists on a unit that does not exist", async () => {
    const c = await talk(["vim no 1503", "é 1503 mesmo"]);
    expect(c.actions).toEqual([{ tipo: "transferir", motivo: "unidade_inexistente" }]);
    expect(c.state.etapa).toBe("com_porteiro");
  });

  it("keeps the tower of a number not found, for the number said next", async () => {
    const c = await talk(["sou o Jean, vim no 1401 Torre B", "então é o 102"]);
    expect(c.replies[1]).toBe(
      "Não encontrei o apartamento 1401 na Torre B. Qual é o número do apartamento na Torre B? Se preferir, diga 'falar com o porteiro'.",
    );
    expect(c.state.unidadeId).toBe("b102");
  });

  it("says a tower that does not exist was not found", async () => {
    const c = await talk(["101 torre Z"]);
    expect(c.replies[1]).toMatch(/^Não encontrei a Torre Z neste condomínio\./);
  });

  it("replaces the unit on a change of mind, and asks the tower again", async () => {
    const c = await talk(["vou no 101 da Torre A", "na verdade é o 102"]);
    expect(last(c)).toBe("Temos o 102 na Torre A e na Torre B. Qual delas?");
    expect(c.state.unidadeId).toBeNull();
  });

  it("hands over a unit where nobody can be reached", async () => {
    const c = await talk(["casa 7, sou o Pedro"], CASAS);
    expect(c.actions).toEqual([{ tipo: "transferir", motivo: "sem_resposta" }]);
    expect(last(c)).toBe(
      "Não há moradores cadastrados na unidade 7 para avisar. Vou chamar o porteiro para falar com você. Aguarde um momento.",
    );
  });

  it("reads a house without tower, and a code with a letter", async () => {
    const casa = await talk(["casa 3, sou o Pedro"], CASAS);
    expect(last(casa)).toBe("Confirmando: Pedro para a unidade 3, visita. Está certo?");
    const letra = await talk(["101A, sou a Lia"], CASAS);
    expect(letra.state.unidadeId).toBe("c101a");
  });
});

describe("confirming before acting", () => {
  it("creates the request only after a yes to the confirmation of that unit", async () => {
    const c = await talk(["sou o Carlos, 101 da Torre A"]);
    expect(last(c)).toBe("Confirmando: Carlos para o apartamento 101 da Torre A, visita. Está certo?");
    expect(c.actions).toEqual([]);
    const yes = await talk(["sou o Carlos, 101 da Torre A", "pode ser"]);
    expect(yes.requests).toEqual([{ unidadeId: "a101", nomeVisitante: "Carlos", tipoVisita: "visitante" }]);
    expect(yes.state.etapa).toBe("aguardando_morador");
    expect(last(yes)).toBe(
      "Certo. Vou avisar os moradores, um momento. Pronto, avisei os moradores do 101 da Torre A. Aguarde um momento, por favor.",
    );
  });

  it("stays confirming until the service says the request exists", async () => {
    const state = (await talk(["sou o Carlos, 101 da Torre A"])).state;
    const out = await engine.turn(state, "sim", ACACIAS);
    expect(out.action).toEqual({
      tipo: "criar_solicitacao",
      unidadeId: "a101",
      nomeVisitante: "Carlos",
      tipoVisita: "visitante",
    });
    expect(out.state.etapa).toBe("confirmando");
    const again = await engine.turn(out.state, "sim", ACACIAS);
    expect(again.action).toBeNull();
  });

  it("confirms again, without acting, when the visitor repeats or changes something instead of a plain yes", async () => {
    const repeated = await talk(["sou o Carlos, 101 da Torre A", "Torre A"]);
    expect(last(repeated)).toBe("Confirmando: Carlos para o apartamento 101 da Torre A, visita. Está certo?");
    const changed = await talk(["sou o Carlos, 101 da Torre A", "é no 102 da Torre B"]);
    expect(last(changed)).toBe("Confirmando: Carlos para o apartamento 102 da Torre B, visita. Está certo?");
    const yesBut = await talk(["sou o Carlos, 101 da Torre A", "sim, mas é no 102 da Torre B"]);
    expect(last(yesBut)).toBe("Confirmando: Carlos para o apartamento 102 da Torre B, visita. Está certo?");
    expect([...repeated.actions, ...changed.actions, ...yesBut.actions]).toEqual([]);
    const repeatedYes = await talk(["sou o Carlos, 101 da Torre A", "isso, 101 da Torre A"]);
    expect(repeatedYes.requests).toEqual([{ unidadeId: "a101", nomeVisitante: "Carlos", tipoVisita: "visitante" }]);
  });

  it("asks what is right after a plain no, then confirms again", async () => {
    const c = await talk(["sou o Carlos, 101 da Torre A", "não", "102 da Torre B"]);
    expect(c.replies[2]).toBe("Tudo bem. Qual é a unidade certa? Se o erro for no nome, diga: meu nome é…");
    expect(last(c)).toBe("Confirmando: Carlos para o apartamento 102 da Torre B, visita. Está certo?");
    expect(c.actions).toEqual([]);
  });

  it("applies a correction said with the no", async () => {
    const unit = await talk(["sou o Carlos, 101 da Torre A", "não, é no 102 da Torre B"]);
    expect(last(unit)).toBe("Confirmando: Carlos para o apartamento 102 da Torre B, visita. Está certo?");
    const name = await talk(["sou o Carlos, 101 da Torre A", "não, meu nome é Paulo"]);
    expect(last(name)).toBe("Confirmando: Paulo para o apartamento 101 da Torre A, visita. Está certo?");
    expect([...unit.actions, ...name.actions]).toEqual([]);
  });

  it("moves a turned-down unit to the tower the visitor corrects", async () => {
    const c = await talk(["ifood pro 11 Bloco 1", "não", "é Bloco 2"], AMAZONAS);
    expect(last(c)).toBe("Confirmando: Entregador iFood para o apartamento 11 do Bloco 2, entrega. Está certo?");
    const p = await talk(["amazon pro 11 Bloco 1", "não", "é Bloco 2"], AMAZONAS);
    expect(last(p)).toBe("Confirmando: encomenda para o apartamento 11 do Bloco 2. Está certo?");
  });

  it("ends without a request when the visitor gives up", async () => {
    const c = await talk(["sou a Leila, 101 Torre A", "não, deixa pra lá, obrigada"]);
    expect(c.actions).toEqual([{ tipo: "encerrar" }]);
    expect(c.state.etapa).toBe("encerrada");
  });
});

describe("deliveries and services", () => {
  it("does not ask a courier's name", async () => {
    const c = await talk(["entrega do ifood para o apartamento 101", "torre a", "sim"]);
    expect(c.requests).toEqual([{ unidadeId: "a101", nomeVisitante: "Entregador iFood", tipoVisita: "entregador" }]);
    expect(c.replies).toContain(
      "Confirmando: Entregador iFood para o apartamento 101 da Torre A, entrega. Está certo?",
    );
  });

  it("names a courier 'Entregador' when no company was said", async () => {
    const c = await talk(["tenho um lanche pro 12 bloco 2", "sim"], AMAZONAS);
    expect(c.requests).toEqual([{ unidadeId: "b2-12", nomeVisitante: "Entregador", tipoVisita: "entregador" }]);
  });
});

describe("a package left at the gate", () => {
  it("is confirmed like a request, then recorded, and the courier is told where to leave it", async () => {
    const c = await talk(["tenho uma entrega dos Correios para o 101", "torre a"]);
    expect(last(c)).toBe("Confirmando: encomenda para o apartamento 101 da Torre A. Está certo?");
    expect(c.actions).toEqual([]);
    const done = await talk(["tenho uma entrega dos Correios para o 101", "torre a", "sim"]);
    expect(done.actions).toEqual([
      {
        tipo: "registrar_encomenda",
        unidadeId: "a101",
        moradorPessoaId: null,
        empresa: "Correios",
        nomeVisitante: "Entregador dos Correios",
      },
    ]);
    expect(done.lastReplies).toEqual(["Pode deixar a encomenda na portaria."]);
    expect(done.state).toMatchObject({ etapa: "concluida", resultado: "encomenda_registrada", pergunta: null });
  });

  it("treats an unnamed delivery, a parcel or a letter as a package, with the resident named kept", async () => {
    for (const fala of [
      "entrega pro 12 bloco 2",
      "tenho um pacote pro 12 bloco 2",
      "pedido da Amazon pro 12 bloco 2",
    ]) {
      const c = await talk([fala, "sim"], AMAZONAS);
      expect(
        c.actions.map((a) => a.tipo),
        fala,
      ).toEqual(["registrar_encomenda"]);
      expect(c.requests, fala).toEqual([
        { unidadeId: "b2-12", nomeVisitante: expect.any(String), tipoVisita: "entregador", encomenda: true },
      ]);
    }
    const named = await talk(["carteiro, carta registrada pra Ana Beatriz Souza", "sim"]);
    expect(named.actions[0]).toMatchObject({ tipo: "registrar_encomenda", unidadeId: "a101" });
    expect((named.actions[0] as { moradorPessoaId: string | null }).moradorPessoaId).not.toBeNull();
  });

  it("still asks the residents for a meal, medicine or anything carried up to them", async () => {
    for (const fala of [
      "ifood pro 12 bloco 2",
      "rappi, pedido do 12 bloco 2",
      "pizza pro 12 bloco 2",
      "entrega de marmita pro 12 bloco 2",
      "delivery pro 12 bloco 2",
      "motoboy, entrega pro 12 bloco 2",
      "farmácia, entrega pro 12 bloco 2",
      "encomenda da drogaria pro 12 bloco 2",
      "gás, entrega de botijão no 12 bloco 2",
      "entrega de móveis da Magalu pro 12 bloco 2",
    ]) {
      const c = await talk([fala, "sim"], AMAZONAS);
      expect(
        c.actions.map((a) => a.tipo),
        fala,
      ).toEqual(["criar_solicitacao"]);
      expect(c.state.etapa, fala).toBe("aguardando_morador");
    }
  });

  it("says the condominium's place, and hands over when the package cannot be recorded", () => {
    const s = {
      ...engine.start().state,
      etapa: "confirmando" as const,
      tipo: "entregador" as const,
      unidadeId: "a101",
    };
    expect(
      engine.onEvent(s, { tipo: "encomenda_registrada", local: "Armário de encomendas" }, ACACIAS).replies,
    ).toEqual(["Pode deixar a encomenda em Armário de encomendas."]);
    expect(
      engine.onEvent(s, { tipo: "encomenda_registrada", local: "na sala ao lado da guarita" }, ACACIAS).replies,
    ).toEqual(["Pode deixar a encomenda na sala ao lado da guarita."]);
    const refused = engine.onEvent(s, { tipo: "encomenda_recusada", mensagem: "Não deu." }, ACACIAS);
    expect(refused.state.etapa).toBe("com_porteiro");
    expect(refused.action).toEqual({ tipo: "transferir", motivo: "sem_resposta" });
    expect(refused.replies.join(" ")).toMatch(/^Não deu\. .*porteiro/);
  });
});

describe("services", () => {
  it("asks a provider's name and confirms a service", async () => {
    const c = await talk(["técnico da operadora, instalação de fibra no 102 Torre B", "Anderson"]);
    expect(c.replies[1]).toBe("Qual é o seu nome?");
    expect(last(c)).toBe("Confirmando: Anderson para o apartamento 102 da Torre B, serviço. Está certo?");
  });
});

describe("codes", () => {
  const pins = new Map([["482913", "Marta Lima"]]);

  it("validates a PIN and lets the visitor in", async () => {
    const c = await play(engine, ACACIAS, ["meu pin é 4829 13"], { pins, sim: "never" });
    expect(c.actions).toEqual([{ tipo: "validar_pin", pin: "482913" }]);
    expect(c.state).toMatchObject({ etapa: "concluida", resultado: "passe_liberado" });
    expect(last(c)).toBe("Um momento, vou verificar o seu código. Pode entrar, Marta Lima!");
  });

  it("lets the visitor try again or give a unit after a wrong PIN", async () => {
    const c = await play(engine, ACACIAS, ["código 111111", "101 Torre A, sou a Rita"], { pins, sim: "never" });
    expect(c.replies.slice(1, 3)).toEqual([
      "Um momento, vou verificar o seu código.",
      "PIN inválido. Você pode dizer o código de novo ou me dizer qual unidade vai visitar.",
    ]);
    expect(last(c)).toBe("Confirmando: Rita para o apartamento 101 da Torre A, visita. Está certo?");
  });

  it("hands over when the pass limits block further PINs", () => {
    const state = engine.start().state;
    const out = engine.onEvent(state, { tipo: "pin_bloqueado", mensagem: "Muitas tentativas." }, ACACIAS);
    expect(out.action).toEqual({ tipo: "transferir", motivo: "pin_bloqueado" });
    expect(out.replies).toEqual(["Muitas tentativas. Vou chamar o porteiro para falar com você. Aguarde um momento."]);
  });
});

describe("handing over to the porteiro", () => {
  it.each(["quero falar com o porteiro", "chama alguém", "quero falar com uma pessoa", "atendente humano"])(
    "when asked: '%s'",
    async (text) => {
      const c = await talk([text]);
      expect(c.actions).toEqual([{ tipo: "transferir", motivo: "pedido" }]);
      expect(c.state.etapa).toBe("com_porteiro");
      expect(last(c)).toBe("Vou chamar o porteiro para falar com você. Aguarde um momento.");
    },
  );

  it.each([
    "socorro",
    "tem alguém passando mal aqui na frente",
    "incêndio!",
    "fogo na garagem",
    "assalto",
    "chama uma ambulância",
    "chama a polícia",
    "teve um acidente aqui",
    "emergência",
  ])("at once on an emergency: '%s'", async (text) => {
    const c = await talk([text]);
    expect(c.actions).toEqual([{ tipo: "transferir", motivo: "emergencia" }]);
    expect(last(c)).toMatch(/^Entendi, é uma emergência\. Estou chamando o porteiro agora\./);
  });

  it("after two turns in a row with nothing understood", async () => {
    const one = await talk(["tá me ouvindo?"]);
    expect(one.actions).toEqual([]);
    expect(last(one)).toBe("Desculpe, não entendi. Qual unidade você vai visitar?");
    const two = await talk(["tá me ouvindo?", ""]);
    expect(two.actions).toEqual([{ tipo: "transferir", motivo: "nao_entendeu" }]);
  });

  it("not after a greeting and one turn not understood", async () => {
    const c = await talk(["alô", "hã?", "oi"]);
    expect(c.actions).toEqual([]);
  });

  it("when no resident answers", () => {
    const waiting: DialogueState = { ...engine.start().state, etapa: "aguardando_morador", unidadeId: "a101" };
    const out = engine.onEvent(waiting, { tipo: "sem_resposta" }, ACACIAS);
    expect(out.action).toEqual({ tipo: "transferir", motivo: "sem_resposta" });
    expect(out.replies).toEqual([
      "Nenhum morador respondeu. Vou chamar o porteiro para falar com você. Aguarde um momento.",
    ]);
  });
});

describe("while waiting and after the end", () => {
  async function waiting() {
    return (await talk(["sou o Carlos, 101 da Torre A", "sim"])).state;
  }

  it("holds the visitor while the resident answers, with no new action", async () => {
    const out = await engine.turn(await waiting(), "quero entrar logo, chama o porteiro", ACACIAS);
    expect(out.replies).toEqual(["Ainda aguardando a resposta do morador."]);
    expect(out.action).toBeNull();
  });

  it("still hands over an emergency", async () => {
    const out = await engine.turn(await waiting(), "socorro", ACACIAS);
    expect(out.action).toEqual({ tipo: "transferir", motivo: "emergencia" });
  });

  it.each<[ServiceEvent, string, string | null]>([
    [{ tipo: "decidida", decisao: "autorizado" }, "Entrada autorizada. Pode entrar!", "autorizado"],
    [{ tipo: "decidida", decisao: "negado" }, "A entrada não foi autorizada pelo morador.", "negado"],
  ])("tells the resident's decision", async (event, reply, resultado) => {
    const out = engine.onEvent(await waiting(), event, ACACIAS);
    expect(out.replies).toEqual([reply]);
    expect(out.state).toMatchObject({ etapa: "concluida", resultado });
    const after = await engine.turn(out.state, "obrigado", ACACIAS);
    expect([after.replies, after.action]).toEqual([["Por nada!"], null]);
    const again = await engine.turn(out.state, "quero falar com o porteiro", ACACIAS);
    expect([again.replies, again.action]).toEqual([["Este atendimento já foi encerrado."], null]);
  });

  it("hands over an expired request", async () => {
    const out = engine.onEvent(await waiting(), { tipo: "expirada" }, ACACIAS);
    expect(out.state).toMatchObject({ etapa: "com_porteiro", resultado: "sem_resposta" });
    expect(out.action).toEqual({ tipo: "transferir", motivo: "sem_resposta" });
  });

  it("says the rules' refusal and hands over", async () => {
    const state = (await talk(["sou o Carlos, 101 da Torre A"])).state;
    const asked = await engine.turn(state, "sim", ACACIAS);
    const out = engine.onEvent(asked.state, { tipo: "solicitacao_recusada", mensagem: "Unidade bloqueada." }, ACACIAS);
    expect(out.replies).toEqual(["Unidade bloqueada. Vou chamar o porteiro para falar com você. Aguarde um momento."]);
    expect(out.action?.tipo).toBe("transferir");
    expect(out.state.etapa).toBe("com_porteiro");
  });

  it("tells the visitor when the porteiro takes over on their own", () => {
    const out = engine.onEvent(engine.start().state, { tipo: "transferida" }, ACACIAS);
    expect(out.state.etapa).toBe("com_porteiro");
    expect(out.replies).toEqual(["O porteiro vai falar com você agora."]);
  });

  it("holds the visitor once the porteiro was called", async () => {
    const c = await talk(["quero falar com o porteiro", "e aí?"]);
    expect(last(c)).toBe("O porteiro já foi chamado.");
    expect(c.actions).toHaveLength(1);
  });
});

describe("as a service runs it", () => {
  it("answers the same words the same way", async () => {
    const script = ["oi", "vou no 101", "a", "Rafael", "não, é no 102 da Torre B", "sim"];
    const first = await talk(script);
    const second = await talk(script);
    expect(second.replies).toEqual(first.replies);
    expect(second.state).toEqual(first.state);
  });

  it("keeps its state as plain JSON", async () => {
    const c = await talk(["vou no 101"]);
    const stored = JSON.parse(JSON.stringify(c.state)) as DialogueState;
    const out = await engine.turn(stored, "Torre A", ACACIAS);
    expect(out.state.unidadeId).toBe("a101");
  });
});

describe("a party guest (docs/decisions/044-common-area-bookings.md)", () => {
  it("asks the full name, then has the lists of the number in every tower checked, not the tower", async () => {
    const c = await talk(["vim para a festa do 101", "Otávio Mesquita"]);
    expect(c.replies[1]).toBe("Qual é o seu nome completo?");
    expect(c.actions[0]).toEqual({
      tipo: "verificar_convidado",
      unidadeIds: ["a101", "b101"],
      nomeVisitante: "Otávio Mesquita",
    });
    // Not on a list (the fixture's service): told so, then the visit goes on as any other.
    expect(last(c)).toBe(
      "Um momento, vou verificar a lista de convidados. Não encontrei seu nome na lista da festa. Vou chamar o morador. Temos o 101 na Torre A e na Torre B. Qual delas?",
    );
    expect(c.state).toMatchObject({ festa: false, pergunta: "torre" });
  });

  it("takes whose party it is for no one's name, and a guest found is let in by name", async () => {
    const c = await talk(["festa da Maria no 101 da Torre A"]);
    expect(last(c)).toBe("Qual é o seu nome completo?");
    expect(c.state.nomeVisitante).toBeNull();
    const found = engine.onEvent(
      { ...c.state, pergunta: null },
      { tipo: "convidado_liberado", nome: "Ana Paula Souza", unidadeId: "a101", area: "Salão de festas" },
      ACACIAS,
    );
    expect(found.replies).toEqual([
      "Encontrei Ana Paula Souza na lista da festa do 101 da Torre A (Salão de festas). Pode entrar!",
    ]);
    expect(found.state).toMatchObject({ etapa: "concluida", resultado: "convidado_liberado", unidadeId: "a101" });
  });

  it("takes the full name asked for as the guest's, even one a resident shares", async () => {
    // Ana Paula Reis lives in the 201 of Torre B: the guest's name is not whom they came for.
    const c = await talk(["vim para o aniversário no 101", "Ana Paula"]);
    expect(c.actions[0]).toEqual({
      tipo: "verificar_convidado",
      unidadeIds: ["a101", "b101"],
      nomeVisitante: "Ana Paula",
    });
  });

  it("a courier for the party is a delivery, not a guest", async () => {
    const c = await talk(["entrega para a festa do 101 da Torre A"]);
    expect(c.actions).toEqual([]);
    expect(c.state).toMatchObject({ tipo: "entregador", festa: false });
  });
});
