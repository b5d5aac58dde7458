/**
 * Passes and the access log at scale (docs/decisions/023-passes-and-access-log.md): BENCH_ACESSOS access
 * records (1,000,000) over two years and 2,000 passes, generated inside the database like bench/seed.ts; the
 * gate's validation (PIN and QR) and the access-log lists measured through the real app; and the CSV export
 * streamed chunk by chunk while the process's memory is sampled, to show it stays flat.
 */

import v8 from "node:v8";
import vm from "node:vm";
import { sql } from "drizzle-orm";
import type { System } from "../src/server/bootstrap";
import type { Database } from "../src/server/db/client";
import type { client } from "../tests/support/http";
import { TEST_ORIGIN } from "../tests/support/system";
import { FIRST, LAST } from "./seed";

export const ACESSOS = Number(process.env.BENCH_ACESSOS ?? 1_000_000);
const PASSES = 2_000;
/** Open visits (people inside now) among the most recent entries. */
const PRESENTES = 300;
/** The CSV export's filter matches this many rows (or every row, on a smaller seed). */
const CSV_ROWS = 300_000;
/** The issue's target for these cases. */
export const ACCESS_TARGET_MS = 50;

type Api = ReturnType<typeof client>;
export type BenchCase = [string, () => Promise<{ status: number }>];

const ROLES = ["Diarista", "Personal trainer", "Babá", "Jardineiro", "Cuidadora", "Motorista", "Professora de piano"];
const DOORMEN = ["Porteiro Bench", "Rosângela Portaria", "Cláudio Portaria", "Central Remota 2"];

const arr = (items: string[]) => sql.raw(`ARRAY[${items.map((s) => `'${s}'`).join(",")}]`);
const pick = (items: string[]) => sql`(${arr(items)})[1 + floor(random() * ${items.length})::int]`;
const randomName = sql`${pick(FIRST)} || ' ' || ${pick(LAST)}`;
/** normalizeSearch in SQL: lower case, accents removed (buildSearchText joins the parts with spaces). */
const searchText = (parts: ReturnType<typeof sql>) =>
  sql`lower(translate(${parts}, 'ÁÀÂÃÄÉÈÊËÍÌÎÏÓÒÔÕÖÚÙÛÜÇáàâãäéèêëíìîïóòôõöúùûüç', 'AAAAAEEEEIIIIOOOOOUUUUCaaaaaeeeeiiiiooooouuuuc'))`;

const rowsOf = <T>(result: unknown) => (result as { rows: T[] }).rows;

export interface AccessSeed {
  passes: number;
  acessos: number;
  validacoes: number;
  presentes: number;
  seconds: number;
  /** Seconds per seeding step. */
  steps: Record<string, number>;
}

/**
 * ~2,000 passes over the tenant's units (80% recurring every day 00:00–23:59 around today with no
 * anti-passback interval, so the bench can validate them again and again; the rest suspended,
 * revoked, expired or single-day in the past) and `n` access records over two years: 30% by pass
 * (each with its `liberado` validation, plus some refused attempts), 5% by an authorised request
 * (each request entered once), the rest let in by a resident. All but ~300 recent visits have left.
 * Inserted in entry order, then VACUUM ANALYZE.
 */
export async function seedBenchAccess(
  db: Database,
  organizationId: string,
  condoIds: string[],
  n: number = ACESSOS,
): Promise<AccessSeed> {
  const t0 = performance.now();
  const steps: Record<string, number> = {};
  let last = t0;
  const step = (name: string) => {
    const now = performance.now();
    steps[name] = Math.round((now - last) / 100) / 10;
    last = now;
  };
  const inCondos = sql`(${sql.join(
    condoIds.map((id) => sql`${id}::uuid`),
    sql`, `,
  )})`;
  // PINs are unique in the whole tenant (lpad of the series), so unique per condominium too.
  await db.execute(sql`
    WITH u AS (SELECT id, condominio_id, codigo, torre, row_number() OVER (ORDER BY id) AS n
               FROM unidades WHERE organization_id = ${organizationId} AND condominio_id IN ${inCondos}),
         cnt AS (SELECT count(*) AS c FROM u),
         g AS (
           SELECT gs, ${randomName} AS nome,
                  CASE WHEN gs % 3 = 0 THEN ${pick(ROLES)} END AS descricao,
                  CASE WHEN gs % 4 <> 0 THEN lpad(floor(random() * 100000000000)::text, 11, '0') END AS doc,
                  1 + floor(random() * (SELECT c FROM cnt))::int AS unit_n,
                  now() - (random() * interval '365 days') AS created_at
           FROM generate_series(1, ${PASSES}) gs
         )
    INSERT INTO passes (organization_id, condominio_id, unidade_id, tipo, nome, descricao, documento, telefone,
                        modalidade, data_inicio, data_fim, dias_semana, hora_inicio, hora_fim,
                        intervalo_minimo_segundos, status, pin, busca, created_at, updated_at)
    SELECT ${organizationId}, u.condominio_id, u.id,
           CASE WHEN g.descricao IS NOT NULL THEN 'prestador' WHEN g.gs % 10 = 1 THEN 'entregador' ELSE 'visitante' END,
           g.nome, g.descricao, g.doc, '+55 11 9' || lpad((g.gs * 7919 % 100000000)::text, 8, '0'),
           CASE WHEN g.gs % 20 = 3 THEN 'unica' ELSE 'recorrente' END,
           -- a recurring pass runs for at most a year (PASSE_MAX_DIAS): half a year either side of today
           CASE WHEN g.gs % 20 = 2 THEN current_date - 400 WHEN g.gs % 20 = 3 THEN current_date - 2 - g.gs % 300
                ELSE current_date - 183 END,
           CASE WHEN g.gs % 20 = 2 THEN current_date - 35 WHEN g.gs % 20 = 3 THEN current_date - 2 - g.gs % 300
                ELSE current_date + 183 END,
           CASE WHEN g.gs % 20 = 3 THEN '{}'::integer[] ELSE '{0,1,2,3,4,5,6}'::integer[] END,
           CASE WHEN g.gs % 20 = 3 THEN '08:00' ELSE '00:00' END,
           CASE WHEN g.gs % 20 = 3 THEN '18:00' ELSE '23:59' END,
           CASE WHEN g.gs % 20 < 4 THEN 120 ELSE 0 END,
           CASE WHEN g.gs % 20 = 0 THEN 'suspenso' WHEN g.gs % 20 = 1 THEN 'revogado' ELSE 'ativo' END,
           lpad(g.gs::text, 6, '0'),
           ${searchText(sql`concat_ws(' ', g.nome, g.doc, g.descricao, u.codigo, u.torre)`)},
           g.created_at, g.created_at
    FROM g JOIN u ON u.n = g.unit_n
    ORDER BY g.created_at`);
  step("passes");

  // 5% of the visits come from authorised requests, each request entered once (as many as there are).
  const [authorised] = rowsOf<{ n: number }>(
    await db.execute(sql`
      SELECT count(*)::int AS n FROM solicitacoes_acesso WHERE organization_id = ${organizationId} AND status = 'autorizado'`),
  );
  const fromRequests = Math.min(Math.round(n * 0.05), authorised?.n ?? 0);

  // The visits, staged in a plain table (not TEMP: the PostgreSQL pool may run the next statement
  // on another connection) so that validations and entries can share the generated ids.
  await db.execute(sql`DROP TABLE IF EXISTS bench_acessos_seed`);
  await db.execute(sql`
    CREATE UNLOGGED TABLE bench_acessos_seed AS
    WITH u AS (SELECT id, row_number() OVER (ORDER BY id) AS n FROM unidades
               WHERE organization_id = ${organizationId} AND condominio_id IN ${inCondos}),
         uc AS (SELECT count(*) AS c FROM u),
         p AS (SELECT id, condominio_id, unidade_id, nome, documento, tipo, row_number() OVER (ORDER BY id) AS n
               FROM passes WHERE organization_id = ${organizationId}),
         pc AS (SELECT count(*) AS c FROM p),
         g AS (
           SELECT gs, random() AS r, now() - (random() * interval '730 days') AS entrada_em,
                  ${randomName} AS nome, ${randomName} AS morador,
                  CASE WHEN gs % 7 <> 0 THEN lpad(floor(random() * 100000000000)::text, 11, '0') END AS doc,
                  1 + floor(random() * (SELECT c FROM uc))::int AS un,
                  1 + floor(random() * (SELECT c FROM pc))::int AS pn
           FROM generate_series(1, ${n - fromRequests}) gs
         )
    SELECT g.entrada_em,
           coalesce(p.condominio_id, uu.condominio_id) AS condominio_id,
           uu.id AS unidade_id, uu.codigo, uu.torre,
           coalesce(p.nome, g.nome) AS nome,
           CASE WHEN p.id IS NOT NULL THEN p.documento ELSE g.doc END AS documento,
           coalesce(p.tipo, CASE WHEN g.r < 0.45 THEN 'prestador' WHEN g.r < 0.6 THEN 'entregador' ELSE 'visitante' END) AS tipo,
           CASE WHEN p.id IS NOT NULL THEN 'passe' ELSE 'morador' END AS origem,
           NULL::uuid AS solicitacao_id, p.id AS passe_id,
           CASE WHEN p.id IS NOT NULL THEN gen_random_uuid() END AS validacao_id,
           g.morador AS autorizado_por_nome
    FROM g
    JOIN u AS um ON um.n = g.un
    LEFT JOIN p ON g.r < 0.3 AND p.n = g.pn
    JOIN unidades uu ON uu.id = coalesce(p.unidade_id, um.id)
    UNION ALL
    SELECT x.entrada_em, x.condominio_id, x.unidade_id, uu.codigo, uu.torre, x.nome_visitante, x.doc_visitante,
           x.tipo, 'solicitacao', x.id, NULL, NULL, x.decidido_por_nome
    FROM (SELECT s.*, least(now(), coalesce(s.decidido_em, s.created_at) + random() * interval '15 minutes') AS entrada_em
          FROM solicitacoes_acesso s
          WHERE s.organization_id = ${organizationId} AND s.status = 'autorizado'
          ORDER BY random()
          LIMIT ${fromRequests}) x
    JOIN unidades uu ON uu.id = x.unidade_id`);
  step("staging");

  // Every entry by pass went through its successful validation moments before; some passes were
  // refused first (out of hours, anti-passback). No wrong PINs: they would count against the
  // gate's guessing limit.
  await db.execute(sql`
    INSERT INTO passe_validacoes (id, organization_id, condominio_id, passe_id, metodo, resultado, mensagem,
                                  validado_por_nome, created_at)
    SELECT id, ${organizationId}, condominio_id, passe_id, metodo, resultado, mensagem, validado_por_nome, created_at
    FROM (
      SELECT validacao_id AS id, condominio_id, passe_id, CASE WHEN random() < 0.6 THEN 'qr' ELSE 'pin' END AS metodo,
             'liberado' AS resultado, 'Liberado: ' || nome || ', do apto ' || codigo AS mensagem,
             ${pick(DOORMEN)} AS validado_por_nome, entrada_em - interval '20 seconds' AS created_at
      FROM bench_acessos_seed WHERE origem = 'passe'
      UNION ALL
      SELECT gen_random_uuid(), condominio_id, passe_id, 'pin',
             CASE WHEN random() < 0.5 THEN 'fora_do_horario' ELSE 'antipassback' END,
             'Passe de ' || nome || ' recusado', ${pick(DOORMEN)}, entrada_em - interval '3 hours'
      FROM bench_acessos_seed WHERE origem = 'passe' AND random() < 0.1
    ) v
    ORDER BY created_at`);
  step("passe_validacoes");

  // ~PRESENTES of the most recent visits are still open; every other visit lasted 5 min to 4 h.
  await db.execute(sql`
    WITH s AS (SELECT *, row_number() OVER (ORDER BY entrada_em DESC) <= ${PRESENTES * 4} AND random() < 0.25 AS presente
               FROM bench_acessos_seed)
    INSERT INTO acessos (organization_id, condominio_id, unidade_id, nome, documento, tipo, origem, solicitacao_id,
                         passe_id, validacao_id, autorizado_por_nome, entrada_em, entrada_por_nome, saida_em,
                         saida_por_nome, busca)
    SELECT ${organizationId}, condominio_id, unidade_id, nome, documento, tipo, origem, solicitacao_id,
           passe_id, validacao_id, autorizado_por_nome, entrada_em, ${pick(DOORMEN)},
           CASE WHEN NOT presente THEN least(now(), entrada_em + interval '5 minutes' + random() * interval '235 minutes') END,
           CASE WHEN NOT presente THEN ${pick(DOORMEN)} END,
           ${searchText(sql`concat_ws(' ', nome, documento, codigo, torre)`)}
    FROM s
    ORDER BY entrada_em`);
  step("acessos");
  await db.execute(sql`DROP TABLE bench_acessos_seed`);
  await db.execute(sql`VACUUM ANALYZE passes, passe_validacoes, acessos`);
  step("vacuum");

  const [counts] = rowsOf<{ passes: number; acessos: number; validacoes: number; presentes: number }>(
    await db.execute(sql`
      SELECT (SELECT count(*) FROM passes WHERE organization_id = ${organizationId})::int AS passes,
             (SELECT count(*) FROM acessos WHERE organization_id = ${organizationId})::int AS acessos,
             (SELECT count(*) FROM passe_validacoes WHERE organization_id = ${organizationId})::int AS validacoes,
             (SELECT count(*) FROM acessos WHERE organization_id = ${organizationId} AND saida_em IS NULL)::int AS presentes`),
  );
  return { ...counts!, seconds: Math.round((performance.now() - t0) / 100) / 10, steps };
}

/**
 * The measured cases: validation at the gate (PIN and QR of live passes, each must open the gate)
 * and the access-log lists. `api` is the síndico's client (staff: portaria:operar, acessos:ler).
 */
export async function accessCases(
  system: System,
  organizationId: string,
  condoIds: string[],
  api: Api,
): Promise<BenchCase[]> {
  const db = system.handle.db;
  const live = rowsOf<{ id: string; condominio_id: string; pin: string }>(
    await db.execute(sql`
      SELECT id, condominio_id, pin FROM passes
      WHERE organization_id = ${organizationId} AND status = 'ativo' AND modalidade = 'recorrente'
        AND intervalo_minimo_segundos = 0 AND data_fim > current_date + 1
      ORDER BY random() LIMIT 500`),
  );
  if (live.length === 0) throw new Error("Nenhum passe ativo para validar.");
  const tokens: { condominio_id: string; qr: string }[] = [];
  for (const p of live.slice(0, 50)) {
    const res = await api.get(`/api/passes/${p.id}`);
    if (res.status !== 200) throw new Error(`GET /api/passes/${p.id}: HTTP ${res.status} ${JSON.stringify(res.body)}`);
    tokens.push({ condominio_id: p.condominio_id, qr: res.body.qr_token });
  }
  const docs = rowsOf<{ documento: string }>(
    await db.execute(sql`
      SELECT documento FROM acessos WHERE organization_id = ${organizationId} AND documento IS NOT NULL
      ORDER BY random() LIMIT 50`),
  ).map((r) => r.documento);
  const units = rowsOf<{ id: string }>(
    await db.execute(
      sql`SELECT id FROM unidades WHERE organization_id = ${organizationId} ORDER BY random() LIMIT 200`,
    ),
  ).map((r) => r.id);

  /** A validation that must open the gate: anything else (a refusal is 200 too) fails the bench. */
  const validate = async (name: string, json: Record<string, string>) => {
    const res = await api.post("/api/portaria/validacoes", { json });
    if (res.status === 200 && res.body?.liberado !== true) {
      throw new Error(`${name}: esperava liberado, veio ${res.body?.resultado}: ${res.body?.mensagem}`);
    }
    return res;
  };
  // Asserted once up front, with the message, before any timing.
  for (const [name, json] of [
    ["validar PIN", { condominio_id: live[0]!.condominio_id, pin: live[0]!.pin }],
    ["validar QR", tokens[0]!],
  ] as const) {
    const res = await validate(name, json);
    if (res.status !== 200) throw new Error(`${name}: HTTP ${res.status} ${JSON.stringify(res.body)}`);
  }

  let k = 0;
  const since30 = encodeURIComponent(new Date(Date.now() - 30 * 86_400_000).toISOString());
  return [
    [
      "portaria: validar PIN",
      () => {
        const p = live[k++ % live.length]!;
        return validate("validar PIN", { condominio_id: p.condominio_id, pin: p.pin });
      },
    ],
    ["portaria: validar QR", () => validate("validar QR", tokens[k++ % tokens.length]!)],
    ["acessos: 1ª página", () => api.get("/api/acessos")],
    ["acessos: presentes", () => api.get("/api/acessos?presentes=true")],
    [
      "acessos: condomínio + período (30 dias)",
      () => api.get(`/api/acessos?condominio_id=${condoIds[0]}&de=${since30}`),
    ],
    ["acessos: busca 'joao'", () => api.get("/api/acessos?q=joao")],
    ["acessos: busca documento", () => api.get(`/api/acessos?q=${docs[k++ % docs.length]}`)],
    ["acessos: por unidade", () => api.get(`/api/acessos?unidade_id=${units[k++ % units.length]}`)],
  ];
}

/** Which export to stream: its path, and the table and time column its `de` filter reads. */
export interface CsvExportTarget {
  name: string;
  path: string;
  table: "acessos" | "solicitacoes_acesso";
  column: "entrada_em" | "created_at";
  rows: number;
}

/** The access log, 300,000 entries; the requests, 200,000 (docs/benchmarks.md). */
export const CSV_EXPORTS: readonly CsvExportTarget[] = [
  {
    name: "entradas e saídas",
    path: "/api/acessos/export.csv",
    table: "acessos",
    column: "entrada_em",
    rows: CSV_ROWS,
  },
  {
    name: "solicitações",
    path: "/api/solicitacoes/export.csv",
    table: "solicitacoes_acesso",
    column: "created_at",
    rows: 200_000,
  },
];

export interface CsvExportResult {
  database: string;
  export: string;
  rows: number;
  mb: number;
  seconds: number;
  mb_per_s: number;
  rows_per_s: number;
  heap_start_mb: number;
  /** Highest heapUsed sampled every 50 ms over the start, garbage not yet collected included. */
  heap_peak_growth_mb: number;
  /** Second pass: heapUsed after a full collection at every tenth of the rows, highest over the start. */
  heap_live_growth_mb: number;
  /** Still allocated after the stream and a full collection: a leak would show here. */
  heap_retained_mb: number;
  rss_start_mb: number;
  rss_peak_growth_mb: number;
}

const MB = 1024 * 1024;
const mb = (bytes: number) => Math.round((bytes / MB) * 10) / 10;

/**
 * GET /api/acessos/export.csv for the last ~300,000 entries, read chunk by chunk as a browser
 * downloads it, with the process's heap and RSS sampled every 50 ms: the export pulls one batch of
 * 1,000 rows at a time, so memory must stay roughly flat whatever the number of rows. A second
 * pass collects garbage at every tenth of the rows and reads the live heap: a stream that held the
 * rows it sent would grow there, however the collector happens to run.
 */
export async function measureCsvExport(
  database: string,
  system: System,
  organizationId: string,
  cookie: string,
  target: CsvExportTarget = CSV_EXPORTS[0]!,
): Promise<CsvExportResult> {
  const db = system.handle.db;
  const table = sql.raw(target.table);
  const column = sql.raw(target.column);
  const [edge] = rowsOf<{ de: string }>(
    await db.execute(sql`
      SELECT to_char(${column} AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') AS de FROM ${table}
      WHERE organization_id = ${organizationId}
      ORDER BY ${column} DESC, id DESC OFFSET ${target.rows - 1} LIMIT 1`),
  );
  // Millisecond precision: entries in the same millisecond as the edge all count (>=).
  const de = edge?.de ?? "2000-01-01T00:00:00.000Z";
  const [expected] = rowsOf<{ n: number }>(
    await db.execute(sql`
      SELECT count(*)::int AS n FROM ${table} WHERE organization_id = ${organizationId} AND ${column} >= ${de}::timestamptz`),
  );
  const expectedRows = expected!.n;
  // Full collections at chosen points, so the baselines and what stays retained are real figures.
  v8.setFlagsFromString("--expose-gc");
  const gc = vm.runInNewContext("gc") as () => void;

  async function stream(checkpoints: boolean) {
    gc();
    await new Promise((r) => setTimeout(r, 200));
    const start = process.memoryUsage();
    let heapPeak = start.heapUsed;
    let rssPeak = start.rss;
    let liveMax = Number.NEGATIVE_INFINITY;
    const sample = () => {
      const m = process.memoryUsage();
      heapPeak = Math.max(heapPeak, m.heapUsed);
      rssPeak = Math.max(rssPeak, m.rss);
    };
    const timer = setInterval(sample, 50);
    const t0 = performance.now();
    const res = await system.app.request(`${TEST_ORIGIN}${target.path}?de=${encodeURIComponent(de)}`, {
      headers: { origin: TEST_ORIGIN, cookie },
    });
    if (res.status !== 200 || !res.body) {
      clearInterval(timer);
      throw new Error(`export.csv: HTTP ${res.status} ${await res.text()}`);
    }
    const reader = res.body.getReader();
    let bytes = 0;
    let lines = 0;
    let next = expectedRows / 10;
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      bytes += value.byteLength;
      for (let i = 0; i < value.length; i++) if (value[i] === 10) lines++;
      if (checkpoints && lines >= next) {
        next += expectedRows / 10;
        gc();
        liveMax = Math.max(liveMax, process.memoryUsage().heapUsed);
      }
      // Let the sampler run between chunks, as a socket write would.
      await new Promise<void>((r) => setImmediate(r));
    }
    const seconds = (performance.now() - t0) / 1000;
    clearInterval(timer);
    sample();
    gc();
    const after = process.memoryUsage();
    const rows = lines - 1; // the header
    // A CSV line never holds a raw newline here (none of the exported texts has one).
    if (rows !== expectedRows) throw new Error(`${target.path}: ${rows} linhas, esperava ${expectedRows}`);
    return { start, heapPeak, rssPeak, liveMax, after, bytes, rows, seconds };
  }

  const natural = await stream(false);
  const live = await stream(true);
  return {
    database,
    export: target.name,
    rows: natural.rows,
    mb: mb(natural.bytes),
    seconds: Math.round(natural.seconds * 100) / 100,
    mb_per_s: Math.round((natural.bytes / MB / natural.seconds) * 10) / 10,
    rows_per_s: Math.round(natural.rows / natural.seconds),
    heap_start_mb: mb(natural.start.heapUsed),
    heap_peak_growth_mb: mb(natural.heapPeak - natural.start.heapUsed),
    heap_live_growth_mb: mb(live.liveMax - live.start.heapUsed),
    heap_retained_mb: mb(natural.after.heapUsed - natural.start.heapUsed),
    rss_start_mb: mb(natural.start.rss),
    rss_peak_growth_mb: mb(natural.rssPeak - natural.start.rss),
  };
}
