/**
 * `npm run bench:relatorios` (docs/benchmarks.md, "Relatórios"): bench/relatorios.ts on a fresh
 * PostgreSQL database (BENCH_DATABASE_URL, or guarita_bench_relatorios created on the local server).
 * Exits 1 when the year's report misses its 2 s.
 */
import "../src/shared/zod-config";
import os from "node:os";
import path from "node:path";
import { pino } from "pino";
import { createSystem } from "../src/server/bootstrap";
import { openDatabase } from "../src/server/db/client";
import { createFileStore } from "../src/server/storage/file-store";
import { freshDatabase } from "./fresh-database";
import { benchRelatorios } from "./relatorios";

const system = await createSystem({
  logger: pino({ level: "silent" }),
  authSecret: "bench-secret-bench-secret-bench-secret",
  publicUrl: "http://localhost:3000",
  trustProxy: true,
  signInPerMinute: 1000,
  mailDir: path.join(os.tmpdir(), "guarita-bench-mail"),
  handle: await openDatabase({ url: await freshDatabase("guarita_bench_relatorios"), poolMax: 10 }),
  storage: createFileStore(path.join(os.tmpdir(), "guarita-bench-relatorios-files")),
});
const r = await benchRelatorios(system, "PostgreSQL");
await system.close();
const met = r.p50Ms <= r.targetMs && r.maxMs <= r.targetMs;
console.info(
  `Relatórios — um ano de ${r.solicitacoes.toLocaleString("pt-BR")} solicitações de um condomínio (semeadas em ${r.seedSeconds} s), ` +
    `o relatório inteiro pela API, ${r.runs.length} vezes: ${r.runs.join(" / ")} ms; p50 ${r.p50Ms} / máx. ${r.maxMs} ms (${r.total} contadas)`,
);
console.info(`  ${met ? "✔ cumprida" : "✘ NÃO cumprida"}: cada relatório em até ${r.targetMs} ms`);
process.exit(met ? 0 : 1);
