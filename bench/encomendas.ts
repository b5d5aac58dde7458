/**
 * Packages at scale (docs/product.md, "Encomendas"; docs/decisions/043-deliveries.md): BENCH_ENCOMENDAS
 * packages (200,000) over the last year across the bench tenant's 5,000 units, generated inside the
 * database like bench/seed.ts, then the list (GET /api/encomendas) timed through the real app for the
 * filters the screen has: the first page, waiting, one condominium (the big one and the small one),
 * one unit, perishable, a tracking code searched, a word many packages share, and a deeper page.
 * The issue's target: p95 under 50 ms for each.
 */
import { sql } from "drizzle-orm";
import type { System } from "../src/server/bootstrap";
import type { Database } from "../src/server/db/client";
import { TRANSPORTADORA_LABELS } from "../src/shared/schemas/encomendas";
import type { client } from "../tests/support/http";
import type { BenchCase } from "./access";
import { FIRST, LAST } from "./seed";

export const ENCOMENDAS = Number(process.env.BENCH_ENCOMENDAS ?? 200_000);
export const ENCOMENDAS_TARGET_MS = 50;

type Api = ReturnType<typeof client>;

const rowsOf = <T>(result: unknown) => (result as { rows: T[] }).rows;
const arr = (items: readonly string[]) => sql.raw(`ARRAY[${items.map((s) => `'${s.replace(/'/g, "''")}'`).join(",")}]`);
const pick = (items: readonly string[]) => sql`(${arr(items)})[1 + floor(random() * ${items.length})::int]`;
/** normalizeSearch in SQL: lower case, accents removed (buildSearchText joins the parts with spaces). */
const searchText = (parts: ReturnType<typeof sql>) =>
  sql`lower(translate(${parts}, 'ÁÀÂÃÄÉÈÊËÍÌÎÏÓÒÔÕÖÚÙÛÜÇáàâãäéèêëíìîïóòôõöúùûüç', 'AAAAAEEEEIIIIOOOOOUUUUCaaaaaeeeeiiiiooooouuuuc'))`;

/**
 * Carriers as a gate sees them: Correios and Mercado Livre most, then the marketplaces and the food
 * couriers (weights in percent, summing to 100).
 */
const CARRIERS: [code: string, weight: number][] = [
  ["correios", 28],
  ["mercado_livre", 24],
  ["amazon", 12],
  ["shopee", 12],
  ["magalu", 4],
  ["americanas", 2],
  ["shein", 4],
  ["aliexpress", 3],
  ["jadlog", 2],
  ["loggi", 3],
  ["total_express", 1],
  ["ifood", 3],
  ["rappi", 1],
  ["outra", 1],
];
const PLACES = ["Armário 1", "Armário 2", "Armário 3", "Sala de encomendas", "Prateleira B", "Geladeira da portaria"];

/** `CASE WHEN g.rc < 0.28 THEN 'correios' WHEN …`: the carrier for a random g.rc in [0, 1). */
function carrierCase(): ReturnType<typeof sql.raw> {
  let acc = 0;
  const whens = CARRIERS.map(([code, weight]) => {
    acc += weight / 100;
    return `WHEN g.rc < ${acc.toFixed(4)} THEN '${code}'`;
  });
  return sql.raw(`CASE ${whens.join(" ")} ELSE 'correios' END`);
}

export interface EncomendasSeed {
  encomendas: number;
  lotes: number;
  aguardando: number;
  pereciveis: number;
  seconds: number;
}

/**
 * ~0.8 batches per package (a fifth of the batches hold two), one year of history, status by age:
 * the last 3 days mostly waiting, up to 15 days some, older ones collected (2% returned); 8%
 * perishable; a tracking code on 85%; collected ones with the collector's name, a document on a
 * third, the method (code 80%, QR 15%, without the code 5% with a reason). Inserted in time order,
 * then VACUUM ANALYZE.
 */
export async function seedBenchEncomendas(
  db: Database,
  organizationId: string,
  userId: string,
  n: number = ENCOMENDAS,
): Promise<EncomendasSeed> {
  const t0 = performance.now();
  const lotes = Math.max(1, Math.round(n * 0.8));
  // Batches: a random unit of the tenant, a time in the last year, a resident named on half.
  await db.execute(sql`
    WITH u AS (
      SELECT u.id, u.condominio_id, row_number() OVER (ORDER BY u.id) - 1 AS n,
             (SELECT m.pessoa_id FROM unidade_moradores m WHERE m.unidade_id = u.id LIMIT 1) AS morador
      FROM unidades u WHERE u.organization_id = ${organizationId}),
         cnt AS (SELECT count(*) AS c FROM u),
         g AS (SELECT gs, floor(random() * (SELECT c FROM cnt))::int AS un,
                      now() - (random() * interval '365 days') AS criado
               FROM generate_series(1, ${lotes}) gs)
    INSERT INTO encomenda_lotes (organization_id, condominio_id, unidade_id, destinatario_pessoa_id, codigo_retirada,
                                 recebido_por_user_id, created_at)
    SELECT ${organizationId}, u.condominio_id, u.id, CASE WHEN g.gs % 2 = 0 THEN u.morador END,
           lpad(floor(random() * 1000000)::text, 6, '0'), ${userId}, g.criado
    FROM g JOIN u ON u.n = g.un
    ORDER BY g.criado`);
  const labels = sql.raw(
    `CASE x.transportadora ${Object.entries(TRANSPORTADORA_LABELS)
      .map(([code, label]) => `WHEN '${code}' THEN '${label}'`)
      .join(" ")} END`,
  );
  await db.execute(sql`
    WITH l AS (SELECT id, condominio_id, unidade_id, created_at, row_number() OVER (ORDER BY created_at) AS n
               FROM encomenda_lotes WHERE organization_id = ${organizationId}),
         g AS (SELECT gs, 1 + (gs - 1) % ${lotes} AS ln, random() AS rc, random() AS rs, random() AS rp, random() AS rm
               FROM generate_series(1, ${n}) gs),
         x AS (
           SELECT l.id AS lote_id, l.condominio_id, l.unidade_id, l.created_at AS recebida, g.rp, g.rm,
                  (${carrierCase()}) AS transportadora,
                  CASE WHEN now() - l.created_at < interval '3 days' THEN (CASE WHEN g.rs < 0.6 THEN 'aguardando' ELSE 'retirada' END)
                       WHEN now() - l.created_at < interval '15 days' THEN (CASE WHEN g.rs < 0.1 THEN 'aguardando' WHEN g.rs < 0.12 THEN 'devolvida' ELSE 'retirada' END)
                       ELSE (CASE WHEN g.rs < 0.02 THEN 'devolvida' ELSE 'retirada' END) END AS status,
                  CASE WHEN g.rp < 0.85 THEN upper(substr(md5(g.gs::text), 1, 2)) || lpad((g.gs * 7919 % 1000000000)::text, 9, '0') || 'BR' END AS rastreio,
                  ${pick(PLACES)} AS local,
                  ${pick(FIRST)} || ' ' || ${pick(LAST)} AS coletor
           FROM g JOIN l ON l.n = g.ln)
    INSERT INTO encomendas (organization_id, lote_id, condominio_id, unidade_id, transportadora, transportadora_outra,
                            rastreio, local, perecivel, status, recebida_em, retirada_em, entregue_por_user_id,
                            retirada_metodo, retirada_nome, retirada_documento, retirada_motivo, devolucao_motivo,
                            devolvida_em, busca, created_at, updated_at)
    SELECT ${organizationId}, x.lote_id, x.condominio_id, x.unidade_id, x.transportadora,
           CASE WHEN x.transportadora = 'outra' THEN 'Padaria do Bairro' END,
           x.rastreio, x.local, x.transportadora IN ('ifood', 'rappi') OR x.rp > 0.95, x.status, x.recebida,
           CASE WHEN x.status = 'retirada' THEN x.recebida + (x.rm * interval '2 days') END,
           CASE WHEN x.status = 'retirada' THEN ${userId} END,
           CASE WHEN x.status <> 'retirada' THEN NULL WHEN x.rm < 0.80 THEN 'codigo' WHEN x.rm < 0.95 THEN 'qr' ELSE 'sem_codigo' END,
           CASE WHEN x.status = 'retirada' THEN x.coletor END,
           CASE WHEN x.status = 'retirada' AND x.rm < 0.33 THEN lpad(floor(x.rm * 1e11)::text, 11, '0') END,
           CASE WHEN x.status = 'retirada' AND x.rm >= 0.95 THEN 'Morador sem o celular' END,
           CASE WHEN x.status = 'devolvida' THEN 'Devolvida ao remetente' END,
           CASE WHEN x.status = 'devolvida' THEN x.recebida + (x.rm * interval '7 days') END,
           ${searchText(sql`coalesce(CASE WHEN x.transportadora = 'outra' THEN 'Padaria do Bairro' ELSE ${labels} END, '') || ' ' || coalesce(x.rastreio, '') || ' ' || x.local || ' ' || u.codigo || ' ' || coalesce(u.torre, '')`)},
           x.recebida, x.recebida
    FROM x JOIN unidades u ON u.id = x.unidade_id
    ORDER BY x.recebida`); // rows arrive in time order in production, so they sit in time order on disk
  await db.execute(sql`VACUUM ANALYZE encomenda_lotes`);
  await db.execute(sql`VACUUM ANALYZE encomendas`);
  const [counts] = rowsOf<{ encomendas: number; lotes: number; aguardando: number; pereciveis: number }>(
    await db.execute(sql`
      SELECT (SELECT count(*) FROM encomendas WHERE organization_id = ${organizationId})::int AS encomendas,
             (SELECT count(*) FROM encomenda_lotes WHERE organization_id = ${organizationId})::int AS lotes,
             (SELECT count(*) FROM encomendas WHERE organization_id = ${organizationId} AND status = 'aguardando')::int AS aguardando,
             (SELECT count(*) FROM encomendas WHERE organization_id = ${organizationId} AND perecivel)::int AS pereciveis`),
  );
  return { ...counts!, seconds: Math.round((performance.now() - t0) / 100) / 10 };
}

/**
 * The measured list pages (the síndico's client: every condominium of the tenant, like an operator
 * or the síndico's "Encomendas" screen). Each case is asserted once up front to answer 200.
 */
export async function encomendasCases(
  system: System,
  organizationId: string,
  condoIds: string[],
  api: Api,
): Promise<BenchCase[]> {
  const db = system.handle.db;
  const units = rowsOf<{ id: string }>(
    await db.execute(sql`
      SELECT unidade_id AS id FROM encomendas WHERE organization_id = ${organizationId}
      GROUP BY unidade_id ORDER BY random() LIMIT 200`),
  ).map((r) => r.id);
  const codes = rowsOf<{ rastreio: string }>(
    await db.execute(sql`
      SELECT rastreio FROM encomendas WHERE organization_id = ${organizationId} AND rastreio IS NOT NULL
      ORDER BY random() LIMIT 200`),
  ).map((r) => r.rastreio);
  // The big condominium (4,900 of the 5,000 units) and the small one (100).
  const sizes = rowsOf<{ id: string; n: number }>(
    await db.execute(sql`
      SELECT condominio_id AS id, count(*)::int AS n FROM encomendas WHERE organization_id = ${organizationId}
      GROUP BY condominio_id ORDER BY n DESC`),
  );
  const big = sizes[0]?.id ?? condoIds[0]!;
  const small = sizes.at(-1)?.id ?? condoIds[1]!;
  let k = 0;
  const cases: BenchCase[] = [
    ["encomendas: 1ª página", () => api.get("/api/encomendas")],
    ["encomendas: 10ª página", () => api.get("/api/encomendas?page=10")],
    ["encomendas: aguardando", () => api.get("/api/encomendas?status=aguardando")],
    ["encomendas: condomínio grande", () => api.get(`/api/encomendas?condominio_id=${big}`)],
    ["encomendas: condomínio pequeno", () => api.get(`/api/encomendas?condominio_id=${small}`)],
    ["encomendas: condomínio + aguardando", () => api.get(`/api/encomendas?condominio_id=${small}&status=aguardando`)],
    ["encomendas: por unidade", () => api.get(`/api/encomendas?unidade_id=${units[k++ % units.length]}`)],
    ["encomendas: perecíveis", () => api.get("/api/encomendas?perecivel=true")],
    ["encomendas: perecíveis aguardando", () => api.get("/api/encomendas?perecivel=true&status=aguardando")],
    ["encomendas: busca rastreio", () => api.get(`/api/encomendas?q=${codes[k++ % codes.length]}`)],
    ["encomendas: busca 'geladeira'", () => api.get("/api/encomendas?q=geladeira")],
  ];
  // Asserted once, before any timing: each case answers 200 (and, at full scale, finds packages).
  for (const [name, call] of cases) {
    const res = (await call()) as { status: number; body: { items?: unknown[] } };
    if (res.status !== 200) throw new Error(`${name}: HTTP ${res.status} ${JSON.stringify(res.body)}`);
    if (!res.body.items?.length) console.warn(`${name}: nenhuma encomenda encontrada (semente pequena?)`);
  }
  return cases;
}
