/**
 * npm run attendant:eval -- [--file tests/attendant/corpus.jsonl] [--seed N] [--llm] [--verbose] [--json arquivo]
 *
 * Measures the virtual attendant on the scripted visitors of the corpus (tests/attendant/README.md):
 * boots the real system on an in-memory PGlite with the demo tenant, plays every line as one
 * conversation against the directory of the condominium of the unit its placeholders drew, and prints
 * task success, requests for a wrong unit, hand-overs, visitor turns per success and reply times, then
 * the failed conversations. Exits 1 when a threshold is not met, 2 when it cannot run.
 */
import "../src/shared/zod-config";
// Before any shared schema is built: routes call `.openapi()` on them, which this import adds to zod.
import "@hono/zod-openapi";
import fs from "node:fs";
import path from "node:path";
import { parseArgs } from "node:util";
import { type AttendantEngineEnv, createAttendantEngine, type LlmFallbackReason } from "../src/server/attendant/engine";
import { CorpusError, type CorpusLine, parseCorpus } from "../src/server/attendant/eval/corpus";
import { fillConversation, seededRng } from "../src/server/attendant/eval/placeholders";
import { playScript, type Transcript } from "../src/server/attendant/eval/play";
import {
  type CreatedRequest,
  categoryOf,
  checkThresholds,
  judge,
  type Outcome,
  summarise,
  type Verdict,
} from "../src/server/attendant/eval/scoring";
import { envSchema } from "../src/server/env";
import { EVAL_PARTY_AREA, EVAL_PARTY_GUESTS, openDemoWorld } from "./attendant-eval/demo";
import { createEngineDriver, createRecordingExecutor } from "./attendant-eval/driver";

const say = (line = "") => process.stdout.write(`${line}\n`);
const complain = (line: string) => process.stderr.write(`${line}\n`);

const DEFAULT_CORPUS = path.resolve(import.meta.dirname, "..", "tests", "attendant", "corpus.jsonl");
/** --llm: the model's timeout (src/server/attendant/engine/llm-engine.ts) plus the embedded engine's limit. */
const LLM_REPLY_P95_MS = 2150;
/** Past this many failures the list is one line each, unless --verbose. */
const FULL_FAILURES_UP_TO = 20;

const { values } = parseArgs({
  options: {
    file: { type: "string", default: DEFAULT_CORPUS },
    seed: { type: "string", default: "1" },
    llm: { type: "boolean", default: false },
    verbose: { type: "boolean", default: false },
    json: { type: "string" },
    help: { type: "boolean", default: false },
  },
});

if (values.help) {
  say(
    "Uso: npm run attendant:eval -- [--file tests/attendant/corpus.jsonl] [--seed 1] [--llm] [--verbose] [--json resultado.json]\n" +
      "  --file     o corpus (uma conversa roteirizada por linha, JSON)\n" +
      "  --seed     semente do sorteio das unidades (a mesma semente repete a avaliação)\n" +
      "  --llm      avalia o motor com modelo de linguagem (requer ATTENDANT_LLM_BASE_URL)\n" +
      "  --verbose  mostra cada conversa que falhou por inteiro\n" +
      "  --json     grava o resumo e as falhas neste arquivo JSON",
  );
  process.exit(0);
}

const seed = Number(values.seed);
if (!Number.isInteger(seed)) {
  complain("--seed deve ser um número inteiro");
  process.exit(2);
}

/** With --llm: the language-model engine's configuration, read and checked as the server reads it. */
let llmEnv: AttendantEngineEnv = {};
if (values.llm) {
  if (!process.env.ATTENDANT_LLM_BASE_URL) {
    complain("--llm requer ATTENDANT_LLM_BASE_URL (e ATTENDANT_LLM_MODEL; ATTENDANT_LLM_API_KEY conforme o provedor).");
    process.exit(2);
  }
  const parsed = envSchema
    .pick({ ATTENDANT_LLM_BASE_URL: true, ATTENDANT_LLM_API_KEY: true, ATTENDANT_LLM_MODEL: true })
    .safeParse(process.env);
  if (!parsed.success) {
    complain(`--llm: ${parsed.error.issues.map((i) => `${i.path.join(".")}: ${i.message}`).join("; ")}`);
    process.exit(2);
  }
  if (!parsed.data.ATTENDANT_LLM_MODEL) {
    complain("--llm: ATTENDANT_LLM_BASE_URL precisa de ATTENDANT_LLM_MODEL (o nome do modelo no provedor).");
    process.exit(2);
  }
  llmEnv = parsed.data;
}

let corpus: CorpusLine[];
const corpusPath = path.resolve(values.file);
try {
  corpus = parseCorpus(fs.readFileSync(corpusPath, "utf8"));
} catch (error) {
  complain(`Corpus ${corpusPath}: ${error instanceof CorpusError || error instanceof Error ? error.message : error}`);
  process.exit(2);
}

/** Turns the language-model engine gave to the embedded engine, by reason (--llm). */
const fallbacks = new Map<LlmFallbackReason, number>();
const engine = await createAttendantEngine(llmEnv, {
  onFallback: (reason) => fallbacks.set(reason, (fallbacks.get(reason) ?? 0) + 1),
});
const motor = values.llm
  ? `modelo de linguagem ${llmEnv.ATTENDANT_LLM_MODEL}, motor embarcado de reserva`
  : "motor embarcado";
const world = await openDemoWorld();

interface Result {
  line: CorpusLine;
  falas: string[];
  espera: CorpusLine["espera"];
  transcript: Transcript;
  requests: CreatedRequest[];
  outcome: Outcome;
  verdict: Verdict;
}

const results: Result[] = [];
try {
  const rng = seededRng(seed);
  for (const line of corpus) {
    const filled = fillConversation(line, world.directories, world.pinByUnit, rng);
    // A party today at the unit drawn: its guests are on an open list, nobody else's is.
    const guests = EVAL_PARTY_GUESTS.map((nome, i) => ({
      id: `convidado-${i}`,
      nome,
      unidadeId: filled.unit.id,
      reservaId: "reserva-da-avaliacao",
      area: EVAL_PARTY_AREA,
    }));
    const executor = createRecordingExecutor(
      world.passesByCondominio.get(filled.directory.condominioId) ?? new Map(),
      guests,
    );
    const driver = createEngineDriver(engine, filled.directory, executor);
    const transcript = await playScript(driver, filled.falas, { confirmar: line.confirmar });
    const outcome: Outcome = { ...transcript, requests: executor.created };
    results.push({
      line,
      falas: filled.falas,
      espera: filled.espera,
      transcript,
      requests: executor.created,
      outcome,
      verdict: judge(filled.espera, outcome),
    });
  }
} finally {
  await world.close();
}

const summary = summarise(results);
// The model's answer takes up to its timeout (2 s): the embedded engine's reply-time limit is not its own.
const checks = values.llm
  ? [
      ...checkThresholds(summary).filter((c) => !c.label.startsWith("tempo de resposta")),
      {
        label: `tempo de resposta p95 ≤ ${LLM_REPLY_P95_MS} ms`,
        value: `${summary.replyMs.p95.toFixed(1)} ms`,
        ok: summary.replyMs.p95 <= LLM_REPLY_P95_MS,
      },
    ]
  : checkThresholds(summary);
const failures = results.filter((r) => !r.verdict.ok);
const pct = (x: number) => `${(x * 100).toFixed(1)}%`;
const ms = (x: number) => x.toFixed(1);

say(`Atendente virtual (${motor}): ${summary.conversations} conversas de ${corpusPath}, semente ${seed}`);
say();
say(`  sucesso nas tarefas        ${pct(summary.taskSuccess)} (${summary.successes} de ${summary.conversations})`);
say(`  unidade errada             ${summary.wrongUnit}`);
say(`  transferências             ${pct(summary.handOverRate)} (${summary.handOvers})`);
say(`  turnos por sucesso         ${summary.turnsPerSuccess === null ? "—" : summary.turnsPerSuccess.toFixed(2)}`);
say(
  `  resposta p50 / p95 / máx   ${ms(summary.replyMs.p50)} / ${ms(summary.replyMs.p95)} / ${ms(summary.replyMs.max)} ms (${summary.replyMs.turns} turnos)`,
);
const fellBack = [...fallbacks.values()].reduce((a, b) => a + b, 0);
if (values.llm) {
  const why = [...fallbacks].map(([reason, n]) => `${reason} ${n}`).join(", ");
  say(`  turnos do motor de reserva ${fellBack} de ${summary.replyMs.turns}${why ? ` (${why})` : ""}`);
}
say();
say("Por tipo de conversa:");
const categories = new Map<string, { total: number; ok: number }>();
for (const r of results) {
  const c = categories.get(categoryOf(r.line.espera)) ?? { total: 0, ok: 0 };
  c.total++;
  if (r.verdict.ok) c.ok++;
  categories.set(categoryOf(r.line.espera), c);
}
for (const [name, c] of [...categories].sort()) say(`  ${name.padEnd(26)} ${c.ok} de ${c.total}`);
say();

if (failures.length > 0) {
  const full = values.verbose || failures.length <= FULL_FAILURES_UP_TO;
  say(`Conversas que falharam (${failures.length}):`);
  for (const r of failures) {
    say(`  linha ${r.line.line}: ${r.verdict.motivos.join("; ")}`);
    if (!full) continue;
    for (const l of r.transcript.lines) say(`      ${l.quem === "visitante" ? "visitante" : "atendente"}: ${l.texto}`);
    const s = r.transcript.state;
    say(
      `      estado final: etapa=${s.etapa} pergunta=${s.pergunta ?? "—"} tipo=${s.tipo ?? "—"} nome=${s.nomeVisitante ?? "—"} unidade=${s.unidadeId ?? "—"} resultado=${s.resultado ?? "—"}`,
    );
  }
  if (!full) say(`  (use --verbose para ver as conversas inteiras)`);
  say();
}

say("Limites:");
for (const c of checks) say(`  ${c.ok ? "ok   " : "FALHA"} ${c.label}: ${c.value}`);
const failed = checks.filter((c) => !c.ok);
say();
say(failed.length === 0 ? "Dentro dos limites." : `Fora dos limites: ${failed.map((c) => c.label).join("; ")}.`);

if (values.json) {
  const report = {
    motor: values.llm ? "modelo_de_linguagem" : "embarcado",
    ...(values.llm ? { modelo: llmEnv.ATTENDANT_LLM_MODEL, turnos_de_reserva: Object.fromEntries(fallbacks) } : {}),
    corpus: corpusPath,
    semente: seed,
    resumo: summary,
    limites: checks,
    categorias: Object.fromEntries(categories),
    falhas: failures.map((r) => ({
      linha: r.line.line,
      falas: r.falas,
      espera: r.espera,
      motivos: r.verdict.motivos,
      conversa: r.transcript.lines,
      estado_final: r.transcript.state,
      solicitacoes: r.requests,
    })),
  };
  fs.writeFileSync(path.resolve(values.json), `${JSON.stringify(report, null, 2)}\n`);
  say(`Resumo gravado em ${path.resolve(values.json)}.`);
}
process.exit(failed.length === 0 ? 0 : 1);
