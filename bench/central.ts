/**
 * `npm run bench:central` (docs/benchmarks.md, "Central"; docs/decisions/042-operators-central.md):
 * a company with BENCH_CENTRAL_CONDOMINIOS (100) condominiums and BENCH_CENTRAL_OPERADORES (30)
 * operators signed in, each covering a tenth of them (three operators per condominium), on
 * BENCH_CENTRAL_INSTANCIAS (3) app instances sharing one PostgreSQL database (each with its own pool,
 * LISTEN connection and jobs, as separate processes would have). Hand-overs from the attendant arrive
 * at BENCH_CENTRAL_EVENTOS_HORA (5,000) an hour for BENCH_CENTRAL_SEGUNDOS (60), each written on a
 * random instance as the attendant writes it (the conversation at "com_porteiro" and its event, one
 * transaction). Every operator holds the console's event stream open on one of the instances.
 *
 * Measured, per hand-over and covering operator: from the hand-over's commit to that operator's
 * queue (GET /api/central on their instance, read when their stream says the central moved) holding
 * the item. Then the three covering operators press "Assumir" at once: exactly one may win; the
 * winner resolves it. Target: p95 within 1 s, no double claim, the process's memory flat (RSS of
 * the last sample against the first after warm-up).
 */
import "../src/shared/zod-config";
import os from "node:os";
import path from "node:path";
import { eq, sql } from "drizzle-orm";
import { pino } from "pino";
import { initialState } from "../src/server/attendant/engine/policy";
import { createSystem, type System } from "../src/server/bootstrap";
import { openDatabase } from "../src/server/db/client";
import { atendenteConversas, member, membroCondominios } from "../src/server/db/schema";
import { recordEvent } from "../src/server/realtime/events";
import { createFileStore } from "../src/server/storage/file-store";
import { addSignedInMember, createCondominioWithUnidade, createTenantWithMember } from "../tests/support/factories";
import { openEventStream } from "../tests/support/sse";
import { freshDatabase } from "./fresh-database";

const CONDOMINIOS = Number(process.env.BENCH_CENTRAL_CONDOMINIOS ?? 100);
const OPERADORES = Number(process.env.BENCH_CENTRAL_OPERADORES ?? 30);
const INSTANCIAS = Number(process.env.BENCH_CENTRAL_INSTANCIAS ?? 3);
const EVENTOS_HORA = Number(process.env.BENCH_CENTRAL_EVENTOS_HORA ?? 5000);
const SEGUNDOS = Number(process.env.BENCH_CENTRAL_SEGUNDOS ?? 60);
const POR_CONDOMINIO = 3;
const TARGET_P95_MS = 1000;

const percentile = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? Number.NaN;
const mb = (bytes: number) => Math.round(bytes / 1048576);
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

const url = await freshDatabase("guarita_bench_central");
const base = {
  logger: pino({ level: "silent" }),
  authSecret: "bench-secret-bench-secret-bench-secret",
  publicUrl: "http://localhost:3000",
  trustProxy: true,
  signInPerMinute: 10_000,
  mailDir: path.join(os.tmpdir(), "guarita-bench-mail"),
  storage: createFileStore(path.join(os.tmpdir(), "guarita-bench-central-files")),
  sseHeartbeatMs: 15_000,
};
// One after the other: the first applies the migrations.
const systems: System[] = [];
for (let i = 0; i < INSTANCIAS; i++) {
  systems.push(await createSystem({ ...base, handle: await openDatabase({ url, poolMax: 10 }) }));
}
for (const s of systems) s.startJobs();
const db = systems[0]!.handle.db;

const owner = await createTenantWithMember(systems[0]!, { role: "owner", name: "Portaria Remota Bench" });
const orgId = owner.org.id;
const condominios: string[] = [];
for (let c = 0; c < CONDOMINIOS; c++) {
  const { unidade } = await createCondominioWithUnidade(systems[0]!, orgId, { nome: `Residencial ${c + 1}` });
  condominios.push(unidade.condominioId);
}
/** Condominium c is covered by operators c, c + 10, c + 20 (mod 30): three each, ten per operator. */
const coveringOf = (c: number) =>
  Array.from({ length: POR_CONDOMINIO }, (_, k) => (c + k * (OPERADORES / POR_CONDOMINIO)) % OPERADORES);

interface Op {
  index: number;
  userId: string;
  system: System;
  api: Awaited<ReturnType<typeof addSignedInMember>>["api"];
  cookie: string;
  /** Resolves the hand-overs this operator is waiting to see, by conversation id. */
  waiting: Map<string, { t0: number; done: (ms: number) => void }>;
}
const ops: Op[] = [];
for (let k = 0; k < OPERADORES; k++) {
  const system = systems[k % INSTANCIAS]!;
  const m = await addSignedInMember(system, orgId, "operador");
  const [row] = await db.select({ id: member.id }).from(member).where(eq(member.userId, m.user.id));
  const cobre = condominios.filter((_, c) => coveringOf(c).includes(k));
  await db
    .insert(membroCondominios)
    .values(cobre.map((condominioId) => ({ organizationId: orgId, memberId: row!.id, condominioId })));
  ops.push({ index: k, userId: m.user.id, system, api: m.api, cookie: m.cookie, waiting: new Map() });
}

/** Each operator's stream: on every "central.atualizada", the queue is read and waiting items checked. */
const streams = await Promise.all(
  ops.map(async (op) => {
    const stream = await openEventStream(op.system, op.cookie);
    if (!stream.messages) throw new Error(`stream do operador ${op.index}: HTTP ${stream.response.status}`);
    let reading = false;
    let again = false;
    const read = async () => {
      if (reading) {
        again = true;
        return;
      }
      reading = true;
      do {
        again = false;
        if (op.waiting.size === 0) break;
        const res = await op.api.get("/api/central");
        const now = performance.now();
        for (const item of res.body.itens as { conversa_id: string | null }[]) {
          const w = item.conversa_id ? op.waiting.get(item.conversa_id) : undefined;
          if (w) {
            op.waiting.delete(item.conversa_id!);
            w.done(now - w.t0);
          }
        }
      } while (again);
      reading = false;
    };
    void (async () => {
      for (;;) {
        const m = await stream.messages!.next(() => true, 3_600_000).catch(() => null);
        if (!m) return;
        if (m.data?.includes('"central.atualizada"')) void read();
      }
    })();
    return stream;
  }),
);

const latencies: number[] = [];
let doubled = 0;
let claimsChecked = 0;
let missed = 0;
const rss: number[] = [];
const rssTimer = setInterval(() => rss.push(process.memoryUsage.rss()), 5_000);

/** One hand-over at condominium c, written on a random instance as the attendant writes it. */
async function handOver(c: number, measure: boolean) {
  const system = systems[Math.floor(Math.random() * INSTANCIAS)]!;
  const covering = coveringOf(c).map((k) => ops[k]!);
  const seen: Promise<number | null>[] = [];
  const conversaId = await system.handle.db.transaction(async (tx) => {
    const [row] = await tx
      .insert(atendenteConversas)
      .values({
        organizationId: orgId,
        condominioId: condominios[c]!,
        canal: "totem",
        etapa: "com_porteiro",
        estado: initialState(),
      })
      .returning({ id: atendenteConversas.id });
    await recordEvent(tx, orgId, {
      type: "atendimento.atualizado",
      condominioId: condominios[c]!,
      atendimento: { id: row!.id, etapa: "com_porteiro", totem_id: null },
    });
    return row!.id;
  });
  const t0 = performance.now();
  for (const op of covering) {
    seen.push(
      new Promise<number | null>((resolve) => {
        const timer = setTimeout(() => {
          op.waiting.delete(conversaId);
          resolve(null);
        }, 10_000);
        op.waiting.set(conversaId, {
          t0,
          done: (ms) => {
            clearTimeout(timer);
            resolve(ms);
          },
        });
      }),
    );
  }
  const times = await Promise.all(seen);
  if (measure) {
    for (const t of times) {
      if (t === null) missed++;
      else latencies.push(t);
    }
  }
  // The three covering operators press "Assumir" at once; the winner resolves it.
  const found = (await db.execute(
    sql`SELECT id FROM central_itens WHERE conversa_id = ${conversaId}::uuid`,
  )) as unknown as { rows: { id: string }[] };
  const item = found.rows[0];
  if (!item) return;
  const answers = await Promise.all(covering.map((op) => op.api.post(`/api/central/itens/${item.id}/assumir`)));
  const winners = answers.filter((a) => a.status === 200);
  claimsChecked++;
  if (winners.length !== 1) doubled++;
  const winner = covering[answers.indexOf(winners[0]!)];
  if (winner) await winner.api.post(`/api/central/itens/${item.id}/resolver`, { json: { desfecho: "resolvido" } });
}

const intervalMs = 3_600_000 / EVENTOS_HORA;
// Warm-up: a few hand-overs unmeasured (plans, pools, first streams).
await Promise.all(Array.from({ length: 5 }, (_, i) => handOver(i % CONDOMINIOS, false)));
rss.length = 0;
const started = performance.now();
const pending: Promise<void>[] = [];
let sent = 0;
while (performance.now() - started < SEGUNDOS * 1000) {
  pending.push(handOver(Math.floor(Math.random() * CONDOMINIOS), true));
  sent++;
  await sleep(intervalMs);
}
await Promise.all(pending);
clearInterval(rssTimer);
rss.push(process.memoryUsage.rss());

const sorted = [...latencies].sort((a, b) => a - b);
const p50 = percentile(sorted, 50);
const p95 = percentile(sorted, 95);
const first = rss[0] ?? rss.at(-1)!;
const last = rss.at(-1)!;
const met = p95 <= TARGET_P95_MS && doubled === 0 && missed === 0;
console.info(
  `Central — ${INSTANCIAS} instâncias no PostgreSQL, ${CONDOMINIOS} condomínios, ${OPERADORES} operadores conectados, ` +
    `${sent} transferências em ${SEGUNDOS} s (${Math.round((sent * 3600) / SEGUNDOS)}/hora)`,
);
console.info(
  `  da transferência à fila de cada operador que cobre (${latencies.length} amostras): p50 ${p50.toFixed(1)} / p95 ${p95.toFixed(1)} / máx. ${(sorted.at(-1) ?? Number.NaN).toFixed(1)} ms; ${missed} não vistas em 10 s`,
);
console.info(`  Assumir disputado por 3 ao mesmo tempo: ${claimsChecked} itens, ${doubled} com mais de um vencedor`);
console.info(
  `  RSS do processo (as ${INSTANCIAS} instâncias): ${mb(first)} MB → ${mb(last)} MB em ${rss.length} amostras`,
);
console.info(`  ${met ? "✔ cumprida" : "✘ NÃO cumprida"}: p95 ≤ ${TARGET_P95_MS} ms, nenhum Assumir duplo`);

for (const s of streams) await s.messages?.close();
for (const s of systems) await s.close();
process.exit(met ? 0 : 1);
