/**
 * Common-area bookings at scale (docs/decisions/044-common-area-bookings.md; docs/benchmarks.md,
 * "Reservas"): BENCH_RESERVAS_AREAS areas (2,000: four per condominium, in 500 condominiums of 20 units
 * added to the bench tenant) and BENCH_RESERVAS bookings (200,000) over two years (640 days back, 90
 * ahead, the longest horizon an area allows), generated inside the database like bench/seed.ts. Each
 * area's bookings fall on distinct days (one per slice of the two years), so no two active bookings of
 * an area overlap, cleaning gap included: the exclusion constraint reservas_sem_conflito_ex holds
 * and is checked by the insert. A guest list (6–14 guests) on the confirmed bookings of the week
 * around today and on a tenth of the others. Then, through the real app as the síndico: the list
 * (tenant, condominium, unit, pending), the month's calendar, an area's availability for a month, the
 * gate's guest list with and without a search, and POST /api/reservas (a new booking, and the same
 * slot again refused with 409). Target: p95 under 50 ms for the reads.
 */
import { sql } from "drizzle-orm";
import type { System } from "../src/server/bootstrap";
import type { Database } from "../src/server/db/client";
import type { client } from "../tests/support/http";
import type { BenchCase } from "./access";
import { FIRST, LAST } from "./seed";

export const RESERVAS = Number(process.env.BENCH_RESERVAS ?? 200_000);
export const RESERVAS_AREAS = Number(process.env.BENCH_RESERVAS_AREAS ?? 2_000);
export const RESERVAS_TARGET_MS = 50;
/** Units per seeded condominium (the bookings' units). */
const UNITS_PER_CONDO = 20;
/** The two years of bookings: this many days back from today and ahead of it. */
const DAYS_BACK = 640;
const DAYS_AHEAD = 90;
/** The seeded condominiums' names start with this (the bench tenant's others are not touched). */
const CONDO_PREFIX = "Condomínio Reservas ";

type Api = ReturnType<typeof client>;

const rowsOf = <T>(result: unknown) => (result as { rows: T[] }).rows;
const arr = (items: readonly string[]) => sql.raw(`ARRAY[${items.map((s) => `'${s.replace(/'/g, "''")}'`).join(",")}]`);
const pick = (items: readonly string[]) => sql`(${arr(items)})[1 + floor(random() * ${items.length})::int]`;
const searchText = (parts: ReturnType<typeof sql>) =>
  sql`lower(translate(${parts}, 'ÁÀÂÃÄÉÈÊËÍÌÎÏÓÒÔÕÖÚÙÛÜÇáàâãäéèêëíìîïóòôõöúùûüç', 'AAAAAEEEEIIIIOOOOOUUUUCaaaaaeeeeiiiiooooouuuuc'))`;
/** Today in the tenant's main time zone (the seeded condominiums are mostly in it). */
const today = sql.raw(`((now() AT TIME ZONE 'America/Sao_Paulo')::date)`);
/** A number written into the statement (date arithmetic needs a typed integer, not an unknown parameter). */
const lit = (n: number) => sql.raw(String(Math.trunc(n)));

const todos = (h: string) => JSON.stringify(Array.from({ length: 7 }, () => JSON.parse(h)));
const semSegunda = (h: string) => JSON.stringify(Array.from({ length: 7 }, (_, i) => (i === 1 ? null : JSON.parse(h))));
/**
 * The four areas of each condominium, as síndicos set them: the party room (whole day, approval,
 * 2 h cleaning), the barbecue (closed on Mondays, no approval), the court (2-hour blocks) and the
 * gourmet space (closed on Mondays, approval).
 */
const AREAS: {
  nome: string;
  horarios: string;
  modo: "dia" | "blocos";
  bloco: number | null;
  limpeza: number;
  aprovacao: boolean;
  capacidade: number;
  minHoras: number;
}[] = [
  {
    nome: "Salão de festas",
    horarios: todos('{"abre":"10:00","fecha":"23:00"}'),
    modo: "dia",
    bloco: null,
    limpeza: 120,
    aprovacao: true,
    capacidade: 80,
    minHoras: 48,
  },
  {
    nome: "Churrasqueira",
    horarios: semSegunda('{"abre":"10:00","fecha":"22:00"}'),
    modo: "dia",
    bloco: null,
    limpeza: 60,
    aprovacao: false,
    capacidade: 30,
    minHoras: 24,
  },
  {
    nome: "Quadra",
    horarios: todos('{"abre":"08:00","fecha":"22:00"}'),
    modo: "blocos",
    bloco: 2,
    limpeza: 0,
    aprovacao: false,
    capacidade: 20,
    minHoras: 2,
  },
  {
    nome: "Espaço gourmet",
    horarios: semSegunda('{"abre":"11:00","fecha":"23:00"}'),
    modo: "dia",
    bloco: null,
    limpeza: 60,
    aprovacao: true,
    capacidade: 40,
    minHoras: 48,
  },
];

export interface ReservasSeed {
  condominios: number;
  areas: number;
  reservas: number;
  pendentes: number;
  confirmadas: number;
  convidados: number;
  seconds: number;
}

/**
 * Condominiums (a tenth in Manaus, a tenth in Recife), their units and areas, then the bookings: for
 * booking k, area k mod A and slice k div A of the two years (slices of 730 / per-area days, so one
 * area's bookings are on distinct days); inside the slice the party room and the gourmet space take
 * the Saturday 60% of the time, a day the area is closed moves to the next. Status by date: past
 * 80% confirmed, 13% cancelled, the rest refused (cancelled where no approval is asked); future ones
 * 30% pending where approval is asked, then confirmed, 8% cancelled, 4% refused. Inserted in the
 * order they were made, then VACUUM ANALYZE.
 */
export async function seedBenchReservas(
  db: Database,
  organizationId: string,
  userId: string,
  n: number = RESERVAS,
  nAreas: number = RESERVAS_AREAS,
): Promise<ReservasSeed> {
  const t0 = performance.now();
  const nCondos = Math.ceil(nAreas / AREAS.length);
  await db.execute(sql`
    INSERT INTO condominios (organization_id, nome, timezone)
    SELECT ${organizationId}, ${CONDO_PREFIX} || lpad(g::text, 4, '0'),
           CASE WHEN g % 10 = 0 THEN 'America/Manaus' WHEN g % 10 = 5 THEN 'America/Recife' ELSE 'America/Sao_Paulo' END
    FROM generate_series(1, ${nCondos}) g`);
  const condos = sql`SELECT id FROM condominios WHERE organization_id = ${organizationId} AND nome LIKE ${`${CONDO_PREFIX}%`}`;
  await db.execute(sql`
    INSERT INTO unidades (organization_id, condominio_id, codigo, torre)
    SELECT ${organizationId}, c.id, ((g / 4) + 1)::text || lpad((g % 4 + 1)::text, 2, '0'), 'Bloco ' || chr(65 + g % 2)
    FROM (${condos}) c CROSS JOIN generate_series(0, ${lit(UNITS_PER_CONDO - 1)}) g`);
  const kinds = sql.raw(
    `(VALUES ${AREAS.map(
      (a, i) =>
        `(${i}, '${a.nome}', '${a.horarios}'::jsonb, '${a.modo}', ${a.bloco ?? "NULL::int"}, ${a.limpeza}, ${a.aprovacao}, ${a.capacidade}, ${a.minHoras})`,
    ).join(", ")}) AS k(i, nome, horarios, modo, bloco, limpeza, aprovacao, capacidade, min_horas)`,
  );
  await db.execute(sql`
    WITH c AS (SELECT id, row_number() OVER (ORDER BY id) - 1 AS n FROM (${condos}) x)
    INSERT INTO areas_comuns (organization_id, condominio_id, nome, capacidade, horarios, modo, bloco_horas,
                              antecedencia_minima_horas, antecedencia_maxima_dias, limpeza_minutos, requer_aprovacao, regras)
    SELECT ${organizationId}, c.id, k.nome, k.capacidade, k.horarios, k.modo, k.bloco, k.min_horas, ${lit(DAYS_AHEAD)},
           k.limpeza, k.aprovacao, 'Silêncio após as 22h. Deixe o espaço limpo.'
    FROM c CROSS JOIN ${kinds}
    WHERE c.n * ${lit(AREAS.length)} + k.i < ${lit(nAreas)}`);

  const perArea = Math.ceil(n / nAreas);
  const span = DAYS_BACK + DAYS_AHEAD;
  const slice = Math.floor(span / perArea);
  if (slice < 2) throw new Error(`BENCH_RESERVAS: ${n} reservas não cabem em ${nAreas} áreas em dois anos.`);
  await db.execute(sql`
    WITH a AS (
           SELECT a.id, a.condominio_id, a.nome, a.modo, a.bloco_horas, a.limpeza_minutos, a.requer_aprovacao, a.horarios,
                  c.timezone, row_number() OVER (ORDER BY a.id) - 1 AS n
           FROM areas_comuns a JOIN condominios c ON c.id = a.condominio_id
           WHERE a.organization_id = ${organizationId} AND c.nome LIKE ${`${CONDO_PREFIX}%`}),
         na AS (SELECT count(*)::int AS c FROM a),
         u AS (SELECT id, condominio_id, row_number() OVER (PARTITION BY condominio_id ORDER BY id) - 1 AS n
               FROM unidades WHERE condominio_id IN (SELECT condominio_id FROM a)),
         g AS (SELECT gs, (gs - 1) % (SELECT c FROM na) AS an, (gs - 1) / (SELECT c FROM na) AS t,
                      random() AS rj, random() AS rw, random() AS rs, random() AS rb, random() AS ru, random() AS rc
               FROM generate_series(1, ${n}) gs),
         b AS (SELECT g.*, a.id AS area_id, a.condominio_id, a.modo, a.bloco_horas, a.limpeza_minutos, a.requer_aprovacao,
                      a.horarios, a.timezone, a.nome,
                      ${today} - ${lit(DAYS_BACK)} + (g.t * ${lit(slice)})::int AS base
               FROM g JOIN a ON a.n = g.an),
         j AS (SELECT b.*,
                      CASE WHEN b.nome IN ('Salão de festas', 'Espaço gourmet') AND b.rw < 0.6 AND ${lit(slice)} >= 7
                           THEN (13 - extract(dow FROM b.base)::int) % 7
                           ELSE floor(b.rj * ${lit(slice)})::int END AS jit
               FROM b),
         d AS (SELECT j.*,
                      CASE WHEN j.horarios -> extract(dow FROM j.base + j.jit)::int = 'null'::jsonb
                           THEN j.base + (j.jit + 1) % ${lit(slice)} ELSE j.base + j.jit END AS dia
               FROM j),
         h AS (SELECT d.*, (d.horarios -> extract(dow FROM d.dia)::int ->> 'abre')::time AS abre,
                      (d.horarios -> extract(dow FROM d.dia)::int ->> 'fecha')::time AS fecha
               FROM d),
         x AS (SELECT h.*,
                      CASE WHEN h.modo = 'blocos'
                           THEN ((h.dia + h.abre) + make_interval(hours => h.bloco_horas * floor(h.rb * extract(epoch FROM h.fecha - h.abre) / 3600 / h.bloco_horas)::int)) AT TIME ZONE h.timezone
                           ELSE (h.dia + h.abre) AT TIME ZONE h.timezone END AS inicio,
                      CASE WHEN h.dia < ${today}
                           THEN (CASE WHEN h.rs < 0.80 THEN 'confirmada' WHEN h.rs < 0.93 OR NOT h.requer_aprovacao THEN 'cancelada' ELSE 'recusada' END)
                           ELSE (CASE WHEN h.requer_aprovacao AND h.rs < 0.30 THEN 'pendente' WHEN h.rs < 0.88 THEN 'confirmada'
                                      WHEN h.rs < 0.96 OR NOT h.requer_aprovacao THEN 'cancelada' ELSE 'recusada' END) END AS status
               FROM h),
         y AS (SELECT x.*,
                      CASE WHEN x.modo = 'blocos' THEN x.inicio + make_interval(hours => x.bloco_horas)
                           ELSE (x.dia + x.fecha) AT TIME ZONE x.timezone END AS fim,
                      least(now(), x.inicio - (1 + x.rc * 40) * interval '1 day') AS criada
               FROM x)
    INSERT INTO reservas (organization_id, condominio_id, area_id, unidade_id, inicio, fim, data, bloqueio_fim, status,
                          solicitada_por_user_id, regras_aceitas_em, decidida_por_user_id, decidida_em, motivo_recusa,
                          cancelada_por_user_id, cancelada_em, motivo_cancelamento, lembrete_em, created_at, updated_at)
    SELECT ${organizationId}, y.condominio_id, y.area_id, u.id, y.inicio, y.fim, y.dia, y.fim + make_interval(mins => y.limpeza_minutos),
           y.status, ${userId}, y.criada,
           CASE WHEN y.requer_aprovacao AND y.status IN ('confirmada', 'recusada') THEN ${userId} END,
           CASE WHEN y.requer_aprovacao AND y.status IN ('confirmada', 'recusada') THEN least(now(), y.criada + interval '6 hours') END,
           CASE WHEN y.status = 'recusada' THEN 'Data reservada para manutenção do espaço' END,
           CASE WHEN y.status = 'cancelada' THEN ${userId} END,
           CASE WHEN y.status = 'cancelada' THEN least(now(), y.criada + interval '2 days') END,
           CASE WHEN y.status = 'cancelada' THEN 'Festa adiada' END,
           CASE WHEN y.status = 'confirmada' AND y.inicio < now() THEN y.inicio - interval '1 day' END,
           y.criada, y.criada
    FROM y JOIN u ON u.condominio_id = y.condominio_id AND u.n = floor(y.ru * ${lit(UNITS_PER_CONDO)})::int
    ORDER BY y.criada`); // rows arrive in the order they were made in production
  // Guests: 6–14 each (by the booking's id, so the list's length is the booking's own), a document on half.
  await db.execute(sql`
    WITH r AS (SELECT id, condominio_id, created_at FROM reservas
               WHERE organization_id = ${organizationId} AND status = 'confirmada'
                 AND (data BETWEEN ${today} - 3 AND ${today} + 3 OR random() < 0.10)),
         g AS (SELECT r.*, k, ${pick(FIRST)} || ' ' || ${pick(LAST)} AS nome,
                      CASE WHEN random() < 0.5 THEN lpad(floor(random() * 100000000000)::text, 11, '0') END AS doc
               FROM r CROSS JOIN LATERAL generate_series(1, 6 + abs(hashtext(r.id::text)) % 9) k)
    INSERT INTO reserva_convidados (organization_id, condominio_id, reserva_id, nome, documento, busca, created_at)
    SELECT ${organizationId}, g.condominio_id, g.id, g.nome, g.doc,
           ${searchText(sql`g.nome || coalesce(' ' || g.doc, '')`)}, g.created_at + make_interval(mins => g.k)
    FROM g ORDER BY g.created_at, g.k`);
  for (const table of ["condominios", "unidades", "areas_comuns", "reservas", "reserva_convidados"]) {
    await db.execute(sql.raw(`VACUUM ANALYZE ${table}`));
  }
  const [counts] = rowsOf<Omit<ReservasSeed, "seconds">>(
    await db.execute(sql`
      SELECT (SELECT count(*) FROM (${condos}) c)::int AS condominios,
             (SELECT count(*) FROM areas_comuns WHERE organization_id = ${organizationId})::int AS areas,
             (SELECT count(*) FROM reservas WHERE organization_id = ${organizationId})::int AS reservas,
             (SELECT count(*) FROM reservas WHERE organization_id = ${organizationId} AND status = 'pendente')::int AS pendentes,
             (SELECT count(*) FROM reservas WHERE organization_id = ${organizationId} AND status = 'confirmada')::int AS confirmadas,
             (SELECT count(*) FROM reserva_convidados WHERE organization_id = ${organizationId})::int AS convidados`),
  );
  return { ...counts!, seconds: Math.round((performance.now() - t0) / 100) / 10 };
}

const isoDay = (d: Date) => d.toISOString().slice(0, 10);

/**
 * The measured reads, as the síndico (every condominium of the tenant). Condominiums, units and areas
 * rotate over a random sample, so the cases are not one cached row. Each is asserted once to answer 200.
 */
export async function reservasCases(system: System, organizationId: string, api: Api): Promise<BenchCase[]> {
  const db = system.handle.db;
  const sample = async (q: ReturnType<typeof sql>) => rowsOf<{ id: string }>(await db.execute(q)).map((r) => r.id);
  const condos = await sample(sql`
    SELECT id FROM condominios WHERE organization_id = ${organizationId} AND nome LIKE ${`${CONDO_PREFIX}%`}
    ORDER BY random() LIMIT 100`);
  const units = await sample(sql`
    SELECT unidade_id AS id FROM reservas WHERE organization_id = ${organizationId}
    GROUP BY unidade_id ORDER BY random() LIMIT 200`);
  const areaCondo = rowsOf<{ id: string; condominio_id: string }>(
    await db.execute(sql`
      SELECT id, condominio_id FROM areas_comuns WHERE organization_id = ${organizationId} ORDER BY random() LIMIT 100`),
  );
  const areas = areaCondo.map((a) => a.id);
  // The gate's list: condominiums with guests today, the busiest first, each with a guest's last name
  // (what the porteiro types: "Souza").
  const gateRows = rowsOf<{ id: string; q: string }>(
    await db.execute(sql`
      SELECT r.condominio_id AS id, split_part(min(g.busca), ' ', 2) AS q
      FROM reservas r JOIN reserva_convidados g ON g.reserva_id = r.id
      WHERE r.organization_id = ${organizationId} AND r.status = 'confirmada' AND r.data = ${today}
      GROUP BY r.condominio_id ORDER BY count(*) DESC LIMIT 20`),
  );
  const gates = gateRows.map((r) => r.id);
  const now = new Date();
  const monthStart = `${isoDay(now).slice(0, 7)}-01`;
  const monthEnd = isoDay(new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() + 1, 0)));
  const inAMonth = isoDay(new Date(now.getTime() + 30 * 86_400_000));
  let k = 0;
  const next = <T>(items: T[]) => items[k++ % items.length]!;
  const cases: BenchCase[] = [
    ["reservas: 1ª página", () => api.get("/api/reservas")],
    ["reservas: status=pendente", () => api.get("/api/reservas?status=pendente")],
    ["reservas: por condomínio", () => api.get(`/api/reservas?condominio_id=${next(condos)}`)],
    ["reservas: condomínio + pendente", () => api.get(`/api/reservas?condominio_id=${next(condos)}&status=pendente`)],
    ["reservas: por unidade", () => api.get(`/api/reservas?unidade_id=${next(units)}`)],
    [
      "calendário: mês do condomínio",
      () => api.get(`/api/reservas/calendario?condominio_id=${next(condos)}&de=${monthStart}&ate=${monthEnd}`),
    ],
    [
      "calendário: mês de uma área",
      () => {
        const a = next(areaCondo);
        return api.get(
          `/api/reservas/calendario?condominio_id=${a.condominio_id}&area_id=${a.id}&de=${monthStart}&ate=${monthEnd}`,
        );
      },
    ],
    [
      "disponibilidade: 30 dias",
      () => api.get(`/api/areas/${next(areas)}/disponibilidade?de=${isoDay(now)}&ate=${inAMonth}`),
    ],
    ["portaria: convidados de hoje", () => api.get(`/api/portaria/convidados?condominio_id=${next(gates)}`)],
    [
      "portaria: convidados, busca por sobrenome",
      () => {
        const g = next(gateRows);
        return api.get(`/api/portaria/convidados?condominio_id=${g.id}&q=${encodeURIComponent(g.q)}`);
      },
    ],
  ];
  if (gates.length === 0) throw new Error("Nenhum convidado hoje: a semente não cobriu o dia de hoje.");
  for (const [name, call] of cases) {
    const res = (await call()) as { status: number; body: { items?: unknown[]; dias?: unknown[] } };
    if (res.status !== 200) throw new Error(`${name}: HTTP ${res.status} ${JSON.stringify(res.body)}`);
    if (!(res.body.items ?? res.body.dias)?.length) console.warn(`${name}: nada encontrado (semente pequena?)`);
  }
  return cases;
}

/**
 * POST /api/reservas timed: `rounds` new bookings of a court's 08:00–10:00 block on free days (3 to
 * 60 days ahead, 5 guests each; 201, confirmed since staff books), then the same slots again, each
 * refused by the exclusion constraint with 409 and the rule's message. One at a time, after 10 of each
 * to warm up. A wrong status fails the run.
 */
export async function runReservaWrites(
  system: System,
  organizationId: string,
  api: Api,
  rounds: number,
): Promise<[string, number[]][]> {
  const db = system.handle.db;
  const warm = 10;
  const slots = rowsOf<{ area_id: string; unidade_id: string; data: string }>(
    await db.execute(sql`
      SELECT a.id AS area_id, d::date::text AS data,
             (SELECT u.id FROM unidades u WHERE u.condominio_id = a.condominio_id ORDER BY u.id LIMIT 1) AS unidade_id
      FROM areas_comuns a CROSS JOIN generate_series(${today} + 3, ${today} + 60, interval '1 day') d
      WHERE a.organization_id = ${organizationId} AND a.modo = 'blocos'
        AND NOT EXISTS (SELECT 1 FROM reservas r WHERE r.area_id = a.id AND r.data = d::date AND r.status IN ('pendente', 'confirmada'))
      ORDER BY random() LIMIT ${rounds + warm}`),
  );
  if (slots.length < rounds + warm) throw new Error(`Só ${slots.length} horários livres para as reservas novas.`);
  const body = (s: (typeof slots)[number], i: number) => ({
    area_id: s.area_id,
    unidade_id: s.unidade_id,
    data: s.data,
    hora_inicio: "08:00",
    hora_fim: "10:00",
    aceite_regras: true,
    convidados: Array.from({ length: 5 }, (_, j) => ({ nome: `${FIRST[(i + j) % FIRST.length]} ${LAST[j]}` })),
  });
  const timed = async (name: string, expected: number, message?: string) => {
    const times: number[] = [];
    for (const [i, s] of slots.entries()) {
      const t = performance.now();
      const res = await api.post("/api/reservas", { json: body(s, i) });
      const ms = performance.now() - t;
      if (res.status !== expected || (message && !JSON.stringify(res.body).includes(message))) {
        throw new Error(`${name}: HTTP ${res.status} ${JSON.stringify(res.body)}`);
      }
      if (i >= warm) times.push(ms);
    }
    return [name, times] as [string, number[]];
  };
  return [
    await timed("POST reserva: nova (5 convidados)", 201),
    await timed("POST reserva: conflito (409)", 409, "Horário indisponível"),
  ];
}
