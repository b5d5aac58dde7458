import { describe, expect, it } from "vitest";
import type { DialogueState } from "../engine/types";
import { categoryOf, checkThresholds, judge, type Outcome, percentile, summarise } from "./scoring";

const state = (over: Partial<DialogueState> = {}): DialogueState => ({
  etapa: "aguardando_morador",
  nomeVisitante: null,
  tipo: null,
  unidadeId: null,
  candidatas: [],
  moradorPessoaId: null,
  pergunta: null,
  naoEntendidas: 0,
  solicitacaoId: null,
  resultado: null,
  motivoTransferencia: null,
  ...over,
});

const outcome = (over: Partial<Outcome> = {}): Outcome => ({
  requests: [],
  state: state(),
  turns: 2,
  replyMs: [1, 2],
  handedOver: false,
  error: null,
  ...over,
});

const request = (unidadeId = "u1", nomeVisitante = "Letícia", tipoVisita = "visitante" as const) => ({
  unidadeId,
  nomeVisitante,
  tipoVisita,
});

describe("judge", () => {
  const espera = { tipo: "visitante" as const, nome_visitante: "Letícia", unidade: "u1" };

  it("passes one request for the right unit, type and name, the name compared without case or accents", () => {
    expect(judge(espera, outcome({ requests: [request("u1", "leticia ")] }))).toEqual({
      ok: true,
      motivos: [],
      wrongUnit: false,
    });
  });

  it("takes a package recorded as a delivery's outcome, and checks which of the two when the line says", () => {
    const entrega = { tipo: "entregador" as const, unidade: "u1" };
    const pacote = {
      unidadeId: "u1",
      nomeVisitante: "Entregador",
      tipoVisita: "entregador" as const,
      encomenda: true as const,
    };
    const pedido = { unidadeId: "u1", nomeVisitante: "Entregador iFood", tipoVisita: "entregador" as const };
    expect(judge(entrega, outcome({ requests: [pacote] })).ok).toBe(true);
    expect(judge(entrega, outcome({ requests: [pedido] })).ok).toBe(true);
    expect(judge({ ...entrega, encomenda: true }, outcome({ requests: [pedido] })).motivos).toEqual([
      "pediu aos moradores, esperava registrar a encomenda",
    ]);
    expect(judge({ ...entrega, encomenda: false }, outcome({ requests: [pacote] })).motivos).toEqual([
      "registrou encomenda, esperava avisar os moradores",
    ]);
    expect(judge({ ...entrega, unidade: "u2" }, outcome({ requests: [pacote] })).wrongUnit).toBe(true);
  });

  it("fails a wrong name, a wrong type, none or two requests", () => {
    expect(judge(espera, outcome({ requests: [request("u1", "Letícia Souza")] })).motivos).toEqual([
      'nome "Letícia Souza", esperava "Letícia"',
    ]);
    expect(judge(espera, outcome({ requests: [{ ...request(), tipoVisita: "prestador" }] })).motivos).toEqual([
      "tipo prestador, esperava visitante",
    ]);
    expect(judge(espera, outcome()).motivos).toEqual(["esperava 1 solicitação, houve 0"]);
    expect(judge(espera, outcome({ requests: [request(), request()] })).ok).toBe(false);
  });

  it("counts a request for another unit as a wrong unit", () => {
    const v = judge(espera, outcome({ requests: [request("u2")] }));
    expect(v).toEqual({ ok: false, motivos: ["solicitação para outra unidade"], wrongUnit: true });
  });

  it("counts any request as a wrong unit where none was expected", () => {
    const v = judge({ sem_solicitacao: true }, outcome({ requests: [request()] }));
    expect(v).toEqual({ ok: false, motivos: ["criou solicitação que não devia"], wrongUnit: true });
    const handOver = judge(
      { etapa: "com_porteiro" },
      outcome({ requests: [request()], state: state({ etapa: "com_porteiro" }) }),
    );
    expect(handOver.wrongUnit).toBe(true);
  });

  it("checks the stage and result at the end", () => {
    expect(judge({ etapa: "com_porteiro" }, outcome({ state: state({ etapa: "com_porteiro" }) })).ok).toBe(true);
    expect(judge({ etapa: "com_porteiro" }, outcome()).motivos).toEqual([
      "etapa aguardando_morador, esperava com_porteiro",
    ]);
    expect(
      judge(
        { resultado: "passe_liberado" },
        outcome({ state: state({ etapa: "concluida", resultado: "passe_liberado" }) }),
      ).ok,
    ).toBe(true);
    expect(judge({ resultado: "passe_liberado" }, outcome()).motivos).toEqual([
      "resultado nenhum, esperava passe_liberado",
    ]);
  });

  it("fails a conversation the engine broke off with an error", () => {
    const v = judge({ sem_solicitacao: true }, outcome({ error: "boom" }));
    expect(v.motivos).toEqual(["erro do atendente: boom"]);
  });
});

describe("categoryOf", () => {
  it("groups lines by what they expect", () => {
    expect(categoryOf({ tipo: "entregador", unidade: "u" })).toBe("solicitação: entregador");
    expect(categoryOf({ etapa: "com_porteiro" })).toBe("transferência");
    expect(categoryOf({ resultado: "passe_liberado" })).toBe("resultado: passe_liberado");
    expect(categoryOf({ etapa: "identificando", sem_solicitacao: true })).toBe("sem solicitação");
  });
});

describe("summarise and checkThresholds", () => {
  it("reports success, wrong units, hand-overs, turns per success and reply percentiles", () => {
    const ok = { ok: true, motivos: [], wrongUnit: false };
    const results = [
      { outcome: outcome({ turns: 2, replyMs: [1, 2] }), verdict: ok },
      { outcome: outcome({ turns: 4, replyMs: [3, 4] }), verdict: ok },
      { outcome: outcome({ turns: 9, replyMs: [200], handedOver: true }), verdict: { ...ok, ok: false } },
      { outcome: outcome({ turns: 1, replyMs: [5] }), verdict: { ok: false, motivos: ["x"], wrongUnit: true } },
    ];
    const s = summarise(results);
    expect(s).toEqual({
      conversations: 4,
      successes: 2,
      taskSuccess: 0.5,
      wrongUnit: 1,
      handOvers: 1,
      handOverRate: 0.25,
      turnsPerSuccess: 3,
      replyMs: { p50: 3, p95: 200, max: 200, turns: 6 },
    });
    expect(checkThresholds(s)).toEqual([
      { label: "sucesso nas tarefas ≥ 95%", value: "50.0%", ok: false },
      { label: "solicitações para a unidade errada = 0", value: "1", ok: false },
      { label: "transferências ao porteiro ≤ 5%", value: "25.0%", ok: false },
      { label: "tempo de resposta p95 ≤ 150 ms", value: "200.0 ms", ok: false },
    ]);
  });

  it("passes a run at the limits", () => {
    const ok = { ok: true, motivos: [], wrongUnit: false };
    const results = Array.from({ length: 20 }, (_, i) => ({
      outcome: outcome({ replyMs: [i === 0 ? 900 : 150], handedOver: i === 1 }),
      verdict: i === 2 ? { ...ok, ok: false } : ok,
    }));
    expect(checkThresholds(summarise(results)).every((c) => c.ok)).toBe(true);
  });

  it("takes the nearest-rank percentile", () => {
    const sorted = Array.from({ length: 100 }, (_, i) => i + 1);
    expect(percentile(sorted, 50)).toBe(50);
    expect(percentile(sorted, 95)).toBe(95);
    expect(percentile([7], 95)).toBe(7);
    expect(percentile([], 95)).toBe(0);
  });
});
