/**
 * The report's figures, each one SQL aggregate over one condominium's rows in the period
 * (docs/product.md, "Relatórios"). Every statement filters on (condominio_id, <time column>) with
 * the period's bounds as instants, which is what the tables' indexes cover, and groups by the
 * condominium's local clock (`AT TIME ZONE`): a request at 22:00 in São Paulo counts on that day.
 */
import { sql } from "drizzle-orm";
import type { Database } from "../../db/client";

export interface Period {
  condominioId: string;
  timezone: string;
  /** First instant of the first day, local midnight. */
  inicio: Date;
  /** First instant after the last day. */
  fim: Date;
}

type Row = Record<string, unknown>;

/**
 * One statement in a transaction of its own, planned for a report: a year of a big condominium is
 * estimated expensive enough that PostgreSQL compiles it with JIT, which alone took seconds (more
 * than the scan) in bench/relatorios.ts; and its groups are sorted or hashed in memory
 * instead of on disk. Each statement keeps its own connection, so they still run side by side.
 */
async function rows<T extends Row>(db: Database, query: ReturnType<typeof sql>): Promise<T[]> {
  return db.transaction(async (tx) => {
    await tx.execute(sql`SET LOCAL jit = off`);
    await tx.execute(sql`SET LOCAL work_mem = '64MB'`);
    // date_trunc on a timestamptz truncates in the session's zone: hours of UTC here (utcHour).
    await tx.execute(sql`SET LOCAL TimeZone = 'UTC'`);
    const result = (await tx.execute(query)) as unknown as { rows: T[] };
    return result.rows;
  });
}

const num = (v: unknown): number => (v === null || v === undefined ? 0 : Number(v));
const numOrNull = (v: unknown): number | null => (v === null || v === undefined ? null : Number(v));

/** The condominium of the tenant and the period's bounds as instants, computed in its timezone. */
export async function condominioPeriod(
  db: Database,
  organizationId: string,
  condominioId: string,
  de: string,
  ate: string,
): Promise<{ id: string; nome: string; timezone: string; inicio: Date; fim: Date } | null> {
  const [row] = await rows<{ id: string; nome: string; timezone: string; inicio: string | Date; fim: string | Date }>(
    db,
    sql`SELECT id, nome, timezone,
          (${de}::date::timestamp AT TIME ZONE timezone) AS inicio,
          ((${ate}::date + 1)::timestamp AT TIME ZONE timezone) AS fim
        FROM condominios WHERE id = ${condominioId} AND organization_id = ${organizationId}`,
  );
  if (!row) return null;
  return { ...row, inicio: new Date(row.inicio), fim: new Date(row.fim) };
}

/**
 * How a request got its answer (shared RESPOSTA_FORMAS), except that a link decision is only
 * "link" here: which of them came through a WhatsApp message is counted apart (whatsappCount), on
 * their own, so the big scan below carries no subquery per row.
 */
const forma = sql`CASE
  WHEN s.decidido_via = 'link' THEN 'link'
  WHEN s.decidido_via = 'telefone' THEN 'ligacao'
  WHEN s.decidido_via = 'aplicativo' THEN 'aplicativo'
  WHEN s.sem_resposta_moradores_em IS NOT NULL THEN 'sem_resposta'
  WHEN s.decidido_via = 'console' THEN 'portaria'
  ELSE 'sem_decisao' END`;

/** Requests decided through a link sent by WhatsApp (notificacoes_solicitacao_idx finds the message). */
export async function whatsappCount(db: Database, p0: Period): Promise<number> {
  const [r] = await rows(
    db,
    sql`SELECT count(*)::int AS n FROM solicitacoes_acesso s
        WHERE s.condominio_id = ${p0.condominioId} AND s.created_at >= ${p0.inicio} AND s.created_at < ${p0.fim}
          AND s.decidido_via = 'link'
          AND EXISTS (SELECT 1 FROM notificacoes n
                      WHERE n.solicitacao_id = s.id AND n.decidida_em IS NOT NULL AND n.canal = 'whatsapp')`,
  );
  return num(r?.n);
}

export interface SolicitacaoCounts {
  porDia: { data: string; solicitacoes: number; autorizadas: number; negadas: number }[];
  porHora: { dia_semana: number; hora: number; solicitacoes: number }[];
  respostas: { forma: string; total: number }[];
}

/**
 * The UTC hour of a row (the session is in UTC: rows()): a cheap truncation per row, where `AT TIME
 * ZONE` per row costs far more on a year of a million requests. Every condominium's timezone is a whole number of
 * hours from UTC (shared TIMEZONES: Brazil's zones), so an hour of UTC is an hour of local time and
 * the buckets are converted to the local clock afterwards, a few thousand of them at most.
 */
const utcHour = (column: string) => sql.raw(`date_trunc('hour', ${column})`);
const localOf = (p0: Period) => sql`(hora_utc AT TIME ZONE ${p0.timezone})`;

/** Requests per local day, per weekday × hour, and by how they were answered: one scan. */
export async function solicitacaoCounts(db: Database, p: Period): Promise<SolicitacaoCounts> {
  const found = await rows(
    db,
    sql`WITH por_hora AS (
          SELECT ${utcHour("s.created_at")} AS hora_utc, s.status, ${forma} AS forma, count(*) AS n
          FROM solicitacoes_acesso s
          WHERE s.condominio_id = ${p.condominioId} AND s.created_at >= ${p.inicio} AND s.created_at < ${p.fim}
          GROUP BY 1, 2, 3
        ), local AS (
          SELECT ${localOf(p)} AS t, status, forma, n FROM por_hora
        )
        SELECT
          GROUPING(data) AS g_data, GROUPING(dia_semana, hora) AS g_hora,
          data, dia_semana, hora, forma,
          sum(n)::int AS n,
          coalesce(sum(n) FILTER (WHERE status = 'autorizado'), 0)::int AS autorizadas,
          coalesce(sum(n) FILTER (WHERE status = 'negado'), 0)::int AS negadas
        FROM (
          SELECT t::date::text AS data, extract(isodow FROM t)::int AS dia_semana, extract(hour FROM t)::int AS hora,
                 status, forma, n
          FROM local
        ) x
        GROUP BY GROUPING SETS ((data), (dia_semana, hora), (forma))`,
  );
  const out: SolicitacaoCounts = { porDia: [], porHora: [], respostas: [] };
  for (const r of found) {
    if (num(r.g_data) === 0) {
      out.porDia.push({
        data: String(r.data),
        solicitacoes: num(r.n),
        autorizadas: num(r.autorizadas),
        negadas: num(r.negadas),
      });
    } else if (num(r.g_hora) === 0) {
      out.porHora.push({ dia_semana: num(r.dia_semana), hora: num(r.hora), solicitacoes: num(r.n) });
    } else {
      out.respostas.push({ forma: String(r.forma), total: num(r.n) });
    }
  }
  return out;
}

/** Seconds between two instants, as a double: extract() gives numeric, several times slower to sort. */
const seconds = (to: string, from: string) => sql.raw(`date_part('epoch', ${to} - ${from})`);
const p = (fraction: number, expr: ReturnType<typeof sql.raw>, filter: string) =>
  sql`round((percentile_cont(${sql.raw(String(fraction))}) WITHIN GROUP (ORDER BY ${expr}) FILTER (WHERE ${sql.raw(filter)}))::numeric, 1)::float8`;

export interface TempoRow {
  n: number;
  p50_s: number | null;
  p95_s: number | null;
}

/** Time to a resident's answer and to a decision, median and 95th percentile, in seconds. */
export async function solicitacaoTempos(
  db: Database,
  p0: Period,
): Promise<{ resposta_morador: TempoRow; decisao: TempoRow }> {
  const resposta = "decidido_em IS NOT NULL AND decidido_via IN ('link', 'telefone', 'aplicativo')";
  const decisao = "decidido_em IS NOT NULL AND status IN ('autorizado', 'negado')";
  const dt = seconds("decidido_em", "created_at");
  const [r] = await rows(
    db,
    sql`SELECT
          count(*) FILTER (WHERE ${sql.raw(resposta)})::int AS resposta_n,
          ${p(0.5, dt, resposta)} AS resposta_p50, ${p(0.95, dt, resposta)} AS resposta_p95,
          count(*) FILTER (WHERE ${sql.raw(decisao)})::int AS decisao_n,
          ${p(0.5, dt, decisao)} AS decisao_p50, ${p(0.95, dt, decisao)} AS decisao_p95
        FROM solicitacoes_acesso
        WHERE condominio_id = ${p0.condominioId} AND created_at >= ${p0.inicio} AND created_at < ${p0.fim}
          AND decidido_em IS NOT NULL`,
  );
  return {
    resposta_morador: { n: num(r?.resposta_n), p50_s: numOrNull(r?.resposta_p50), p95_s: numOrNull(r?.resposta_p95) },
    decisao: { n: num(r?.decisao_n), p50_s: numOrNull(r?.decisao_p50), p95_s: numOrNull(r?.decisao_p95) },
  };
}

/** Entries per local day (a visit marked "did not come in" is not an entry). */
export async function entradasPorDia(db: Database, p0: Period): Promise<{ data: string; n: number }[]> {
  const found = await rows(
    db,
    sql`SELECT (${localOf(p0)})::date::text AS data, sum(n)::int AS n
        FROM (
          SELECT ${utcHour("entrada_em")} AS hora_utc, count(*) AS n
          FROM acessos
          WHERE condominio_id = ${p0.condominioId} AND entrada_em >= ${p0.inicio} AND entrada_em < ${p0.fim}
            AND nao_entrou_em IS NULL
          GROUP BY 1
        ) h
        GROUP BY 1`,
  );
  return found.map((r) => ({ data: String(r.data), n: num(r.n) }));
}

/** Passes presented at the condominium's gates per local day: let in, and refused. */
export async function passesPorDia(
  db: Database,
  p0: Period,
): Promise<{ data: string; liberadas: number; recusadas: number }[]> {
  const found = await rows(
    db,
    sql`SELECT (${localOf(p0)})::date::text AS data, sum(liberadas)::int AS liberadas, sum(recusadas)::int AS recusadas
        FROM (
          SELECT ${utcHour("created_at")} AS hora_utc,
            count(*) FILTER (WHERE resultado = 'liberado') AS liberadas,
            count(*) FILTER (WHERE resultado <> 'liberado') AS recusadas
          FROM passe_validacoes
          WHERE condominio_id = ${p0.condominioId} AND created_at >= ${p0.inicio} AND created_at < ${p0.fim}
          GROUP BY 1
        ) h
        GROUP BY 1`,
  );
  return found.map((r) => ({ data: String(r.data), liberadas: num(r.liberadas), recusadas: num(r.recusadas) }));
}

/**
 * The virtual attendant's conversations started in the period: those that ended with a result
 * and nobody took over (resolved without a person), and those a person took over.
 */
export async function atendenteCounts(
  db: Database,
  p0: Period,
): Promise<{ conversas: number; sem_pessoa: number; com_pessoa: number }> {
  const [r] = await rows(
    db,
    sql`SELECT count(*)::int AS conversas,
          count(*) FILTER (WHERE resultado IS NOT NULL AND atendido_por_user_id IS NULL)::int AS sem_pessoa,
          count(*) FILTER (WHERE atendido_por_user_id IS NOT NULL)::int AS com_pessoa
        FROM atendente_conversas
        WHERE condominio_id = ${p0.condominioId} AND created_at >= ${p0.inicio} AND created_at < ${p0.fim}`,
  );
  return { conversas: num(r?.conversas), sem_pessoa: num(r?.sem_pessoa), com_pessoa: num(r?.com_pessoa) };
}

export interface CentralCounts {
  itens: number;
  assumidos: number;
  resolvidos: number;
  violacoes_sla: number;
  assumir: TempoRow;
  resolver: TempoRow;
}

/** The operators' central: items created in the period, claims, resolutions and SLA breaches. */
export async function centralCounts(db: Database, p0: Period): Promise<CentralCounts> {
  const assumido = "assumido_em IS NOT NULL";
  const resolvido = "resolvido_em IS NOT NULL AND resolvido_por_user_id IS NOT NULL";
  const [r] = await rows(
    db,
    sql`SELECT count(*)::int AS itens,
          count(*) FILTER (WHERE ${sql.raw(assumido)})::int AS assumidos,
          count(*) FILTER (WHERE status = 'resolvido')::int AS resolvidos,
          count(*) FILTER (WHERE escalado_em IS NOT NULL)::int AS violacoes,
          ${p(0.5, seconds("assumido_em", "criado_em"), assumido)} AS assumir_p50,
          ${p(0.95, seconds("assumido_em", "criado_em"), assumido)} AS assumir_p95,
          count(*) FILTER (WHERE ${sql.raw(resolvido)})::int AS resolver_n,
          ${p(0.5, seconds("resolvido_em", "criado_em"), resolvido)} AS resolver_p50,
          ${p(0.95, seconds("resolvido_em", "criado_em"), resolvido)} AS resolver_p95
        FROM central_itens
        WHERE condominio_id = ${p0.condominioId} AND criado_em >= ${p0.inicio} AND criado_em < ${p0.fim}`,
  );
  return {
    itens: num(r?.itens),
    assumidos: num(r?.assumidos),
    resolvidos: num(r?.resolvidos),
    violacoes_sla: num(r?.violacoes),
    assumir: { n: num(r?.assumidos), p50_s: numOrNull(r?.assumir_p50), p95_s: numOrNull(r?.assumir_p95) },
    resolver: { n: num(r?.resolver_n), p50_s: numOrNull(r?.resolver_p50), p95_s: numOrNull(r?.resolver_p95) },
  };
}

/** Claims per operator (a removed user's claims stay, under no name), most claims first. */
export async function centralPorOperador(
  db: Database,
  p0: Period,
): Promise<
  { user_id: string | null; nome: string | null; assumidos: number; resolvidos: number; p50_assumir_s: number | null }[]
> {
  const found = await rows(
    db,
    sql`SELECT ci.assumido_por_user_id AS user_id, max(u.name) AS nome,
          count(*)::int AS assumidos,
          count(*) FILTER (WHERE ci.status = 'resolvido')::int AS resolvidos,
          round((percentile_cont(0.5) WITHIN GROUP (ORDER BY date_part('epoch', ci.assumido_em - ci.criado_em)))::numeric, 1)::float8 AS p50
        FROM central_itens ci
        LEFT JOIN "user" u ON u.id = ci.assumido_por_user_id
        WHERE ci.condominio_id = ${p0.condominioId} AND ci.criado_em >= ${p0.inicio} AND ci.criado_em < ${p0.fim}
          AND ci.assumido_em IS NOT NULL
        GROUP BY ci.assumido_por_user_id
        ORDER BY assumidos DESC, nome`,
  );
  return found.map((r) => ({
    user_id: (r.user_id as string | null) ?? null,
    nome: (r.nome as string | null) ?? null,
    assumidos: num(r.assumidos),
    resolvidos: num(r.resolvidos),
    p50_assumir_s: numOrNull(r.p50),
  }));
}

export interface EncomendaDia {
  data: string;
  recebidas: number;
  pereciveis: number;
  retiradas: number;
  sem_codigo: number;
}

/**
 * Packages per local day (docs/product.md, "Relatórios"; docs/decisions/043-deliveries.md): received
 * at the gate (a package the attendant recorded and no porteiro confirmed yet is not on the shelf:
 * not counted), the perishable ones among them, and handed over, with those handed over without
 * the pickup code. Two scans, each on its own time column (encomendas_condominio_recebida_idx and
 * encomendas_condominio_retirada_idx).
 */
export async function encomendasPorDia(db: Database, p0: Period): Promise<EncomendaDia[]> {
  const found = await rows(
    db,
    sql`SELECT (${localOf(p0)})::date::text AS data,
          sum(recebidas)::int AS recebidas, sum(pereciveis)::int AS pereciveis,
          sum(retiradas)::int AS retiradas, sum(sem_codigo)::int AS sem_codigo
        FROM (
          SELECT ${utcHour("recebida_em")} AS hora_utc, count(*) AS recebidas,
            count(*) FILTER (WHERE perecivel) AS pereciveis, 0 AS retiradas, 0 AS sem_codigo
          FROM encomendas
          WHERE condominio_id = ${p0.condominioId} AND recebida_em >= ${p0.inicio} AND recebida_em < ${p0.fim}
            AND status <> 'a_confirmar'
          GROUP BY 1
          UNION ALL
          SELECT ${utcHour("retirada_em")} AS hora_utc, 0, 0, count(*),
            count(*) FILTER (WHERE retirada_metodo = 'sem_codigo')
          FROM encomendas
          WHERE condominio_id = ${p0.condominioId} AND retirada_em >= ${p0.inicio} AND retirada_em < ${p0.fim}
          GROUP BY 1
        ) h
        GROUP BY 1`,
  );
  return found.map((r) => ({
    data: String(r.data),
    recebidas: num(r.recebidas),
    pereciveis: num(r.pereciveis),
    retiradas: num(r.retiradas),
    sem_codigo: num(r.sem_codigo),
  }));
}

/** From receipt to pickup, median and 95th percentile in seconds, of the packages collected in the period. */
export async function encomendaTempoRetirada(db: Database, p0: Period): Promise<TempoRow> {
  const all = "true";
  const dt = seconds("retirada_em", "recebida_em");
  const [r] = await rows(
    db,
    sql`SELECT count(*)::int AS n, ${p(0.5, dt, all)} AS p50, ${p(0.95, dt, all)} AS p95
        FROM encomendas
        WHERE condominio_id = ${p0.condominioId} AND retirada_em >= ${p0.inicio} AND retirada_em < ${p0.fim}`,
  );
  return { n: num(r?.n), p50_s: numOrNull(r?.p50), p95_s: numOrNull(r?.p95) };
}

/**
 * Packages returned in the period, and those still waiting at its end: received before it and
 * neither collected nor returned by then (`devolvida_em`: when it was returned). Each count is its own indexed range (the status index, or the pickup index for packages
 * collected after the end), not one OR over every package the condominium ever had.
 */
export async function encomendaSaldo(
  db: Database,
  p0: Period,
): Promise<{ devolvidas: number; aguardando_fim: number }> {
  const c = p0.condominioId;
  const [r] = await rows(
    db,
    sql`SELECT
          (SELECT count(*) FROM encomendas
            WHERE condominio_id = ${c} AND status = 'devolvida' AND recebida_em < ${p0.fim}
              AND devolvida_em >= ${p0.inicio} AND devolvida_em < ${p0.fim})::int AS devolvidas,
          ((SELECT count(*) FROM encomendas
             WHERE condominio_id = ${c} AND status = 'aguardando' AND recebida_em < ${p0.fim})
           + (SELECT count(*) FROM encomendas
             WHERE condominio_id = ${c} AND retirada_em >= ${p0.fim} AND recebida_em < ${p0.fim})
           + (SELECT count(*) FROM encomendas
             WHERE condominio_id = ${c} AND status = 'devolvida' AND recebida_em < ${p0.fim}
               AND devolvida_em >= ${p0.fim}))::int AS aguardando_fim`,
  );
  return { devolvidas: num(r?.devolvidas), aguardando_fim: num(r?.aguardando_fim) };
}
