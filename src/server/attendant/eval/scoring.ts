/**
 * How an attendant is judged on the corpus (tests/attendant/README.md): each conversation against its
 * `espera`, then the run against the thresholds that `npm run attendant:eval` enforces.
 */
import type { DialogueState, TipoVisita } from "../engine/types";
import type { Espera } from "./corpus";
import { withoutAccents } from "./placeholders";

/**
 * A request the conversation created (what the service was asked to create and did), or a package it
 * recorded for a delivery person (`encomenda`), which stands for the delivery's request.
 */
export interface CreatedRequest {
  unidadeId: string;
  nomeVisitante: string;
  tipoVisita: TipoVisita;
  encomenda?: true;
}

export interface Outcome {
  requests: CreatedRequest[];
  state: DialogueState;
  turns: number;
  replyMs: number[];
  handedOver: boolean;
  error: string | null;
}

export interface Verdict {
  ok: boolean;
  /** What did not hold, in pt-BR, for the failure list. */
  motivos: string[];
  /** A request for a unit the visitor did not ask for, or one nobody expected. */
  wrongUnit: boolean;
}

/** Names compare as a careful human would read them back: case, accents and spacing aside. */
export const sameName = (a: string, b: string) => {
  const norm = (s: string) => withoutAccents(s).toLowerCase().replace(/\s+/g, " ").trim();
  return norm(a) === norm(b);
};

export function judge(espera: Espera, outcome: Outcome): Verdict {
  const motivos: string[] = [];
  const { requests, state } = outcome;
  if (outcome.error) motivos.push(`erro do atendente: ${outcome.error}`);
  if (espera.unidade !== undefined) {
    if (requests.length !== 1) {
      motivos.push(`esperava 1 solicitação, houve ${requests.length}`);
    } else {
      const r = requests[0]!;
      if (r.unidadeId !== espera.unidade) motivos.push("solicitação para outra unidade");
      if (espera.tipo && r.tipoVisita !== espera.tipo) motivos.push(`tipo ${r.tipoVisita}, esperava ${espera.tipo}`);
      if (espera.nome_visitante && !sameName(r.nomeVisitante, espera.nome_visitante)) {
        motivos.push(`nome "${r.nomeVisitante}", esperava "${espera.nome_visitante}"`);
      }
      const encomenda = r.encomenda === true;
      if (espera.encomenda !== undefined && encomenda !== espera.encomenda) {
        motivos.push(
          espera.encomenda
            ? "pediu aos moradores, esperava registrar a encomenda"
            : "registrou encomenda, esperava avisar os moradores",
        );
      }
    }
  }
  if (espera.etapa && state.etapa !== espera.etapa) motivos.push(`etapa ${state.etapa}, esperava ${espera.etapa}`);
  if (espera.resultado && state.resultado !== espera.resultado) {
    motivos.push(`resultado ${state.resultado ?? "nenhum"}, esperava ${espera.resultado}`);
  }
  // Without a unit to expect, no request may exist (`sem_solicitacao` only says so explicitly).
  if (espera.unidade === undefined && requests.length > 0) motivos.push("criou solicitação que não devia");
  const wrongUnit = requests.some((r) => r.unidadeId !== espera.unidade);
  return { ok: motivos.length === 0, motivos, wrongUnit };
}

/** What kind of conversation a line is, by what it expects: the report's breakdown. */
export function categoryOf(espera: Espera): string {
  if (espera.tipo) return `solicitação: ${espera.tipo}`;
  if (espera.unidade) return "solicitação";
  if (espera.etapa === "com_porteiro") return "transferência";
  if (espera.resultado) return `resultado: ${espera.resultado}`;
  return "sem solicitação";
}

export interface Summary {
  conversations: number;
  successes: number;
  /** 0–1. */
  taskSuccess: number;
  /** Conversations with a request for a wrong unit (or one nobody expected). */
  wrongUnit: number;
  handOvers: number;
  /** 0–1, of all conversations, expected hand-overs included. */
  handOverRate: number;
  /** Mean visitor turns of the successful conversations (null when none succeeded). */
  turnsPerSuccess: number | null;
  replyMs: { p50: number; p95: number; max: number; turns: number };
}

/** Nearest-rank percentile of sorted values. */
export function percentile(sorted: readonly number[], p: number): number {
  if (sorted.length === 0) return 0;
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))]!;
}

export function summarise(results: readonly { outcome: Outcome; verdict: Verdict }[]): Summary {
  const ok = results.filter((r) => r.verdict.ok);
  const times = results.flatMap((r) => r.outcome.replyMs).sort((a, b) => a - b);
  const handOvers = results.filter((r) => r.outcome.handedOver).length;
  const n = results.length;
  return {
    conversations: n,
    successes: ok.length,
    taskSuccess: n === 0 ? 0 : ok.length / n,
    wrongUnit: results.filter((r) => r.verdict.wrongUnit).length,
    handOvers,
    handOverRate: n === 0 ? 0 : handOvers / n,
    turnsPerSuccess: ok.length === 0 ? null : ok.reduce((s, r) => s + r.outcome.turns, 0) / ok.length,
    replyMs: {
      p50: percentile(times, 50),
      p95: percentile(times, 95),
      max: times.at(-1) ?? 0,
      turns: times.length,
    },
  };
}

export const THRESHOLDS = { taskSuccess: 0.95, wrongUnit: 0, handOverRate: 0.05, replyP95Ms: 150 } as const;

export interface ThresholdCheck {
  /** pt-BR, as printed: "sucesso nas tarefas ≥ 95%". */
  label: string;
  value: string;
  ok: boolean;
}

const pct = (x: number) => `${(x * 100).toFixed(1)}%`;

export function checkThresholds(s: Summary): ThresholdCheck[] {
  return [
    {
      label: `sucesso nas tarefas ≥ ${THRESHOLDS.taskSuccess * 100}%`,
      value: pct(s.taskSuccess),
      ok: s.taskSuccess >= THRESHOLDS.taskSuccess,
    },
    {
      label: `solicitações para a unidade errada = ${THRESHOLDS.wrongUnit}`,
      value: String(s.wrongUnit),
      ok: s.wrongUnit <= THRESHOLDS.wrongUnit,
    },
    {
      label: `transferências ao porteiro ≤ ${THRESHOLDS.handOverRate * 100}%`,
      value: pct(s.handOverRate),
      ok: s.handOverRate <= THRESHOLDS.handOverRate,
    },
    {
      label: `tempo de resposta p95 ≤ ${THRESHOLDS.replyP95Ms} ms`,
      value: `${s.replyMs.p95.toFixed(1)} ms`,
      ok: s.replyMs.p95 <= THRESHOLDS.replyP95Ms,
    },
  ];
}
