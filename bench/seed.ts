/**
 * Bulk data for the benchmarks, generated inside the database (generate_series), so 200,000
 * requests take seconds, not minutes. Values look like production: names with accents, two
 * years of history, every status and type, a `busca` text built like the service builds it.
 */
import { sql } from "drizzle-orm";
import type { Database } from "../src/server/db/client";

const FIRST = [
  "João",
  "Maria",
  "José",
  "Ana",
  "Antônio",
  "Francisca",
  "Carlos",
  "Luíza",
  "Paulo",
  "Márcia",
  "Lucas",
  "Juliana",
  "Gabriel",
  "Letícia",
  "Rafael",
  "Conceição",
];
const LAST = [
  "Silva",
  "Santos",
  "Oliveira",
  "Souza",
  "Rodrigues",
  "Ferreira",
  "Alves",
  "Pereira",
  "Lima",
  "Gomes",
  "Ribeiro",
  "Araújo",
  "Cardoso",
  "Nogueira",
  "Vasconcelos",
  "Brandão",
];

const arr = (items: string[]) => sql.raw(`ARRAY[${items.map((s) => `'${s}'`).join(",")}]`);

export async function seedBenchTenant(db: Database, organizationId: string, requests: number) {
  const condos = await db.execute<{ id: string }>(sql`
    INSERT INTO condominios (organization_id, nome, timezone)
    VALUES (${organizationId}, 'Residencial Bench Norte', 'America/Sao_Paulo'), (${organizationId}, 'Residencial Bench Sul', 'America/Manaus')
    RETURNING id`);
  const condoIds = (condos as unknown as { rows: { id: string }[] }).rows.map((r) => r.id);
  for (const [i, condoId] of condoIds.entries()) {
    await db.execute(sql`
      INSERT INTO unidades (organization_id, condominio_id, codigo, torre, pbx_ramal)
      SELECT ${organizationId}, ${condoId}, (floor(g / 10) + 1)::text || lpad((g % 10 + 1)::text, 2, '0'),
             'Torre ' || chr(65 + (g % 4)), (${i + 2} * 1000 + g)::text
      FROM generate_series(0, 99) g`);
  }
  // Requests spread uniformly over the last two years; today gets its share too.
  await db.execute(sql`
    WITH u AS (SELECT id, condominio_id, codigo, torre, row_number() OVER () - 1 AS n FROM unidades WHERE organization_id = ${organizationId}),
         cnt AS (SELECT count(*) AS c FROM u),
         g AS (
           SELECT gs,
                  (${arr(FIRST)})[1 + floor(random() * ${FIRST.length})::int] || ' ' || (${arr(LAST)})[1 + floor(random() * ${LAST.length})::int] AS nome,
                  lpad(floor(random() * 100000000)::text, 8, '0') AS doc,
                  now() - (random() * interval '730 days') AS created_at,
                  floor(random() * (SELECT c FROM cnt))::int AS unit_n,
                  random() AS r
           FROM generate_series(1, ${requests}) gs
         )
    INSERT INTO solicitacoes_acesso (organization_id, condominio_id, unidade_id, tipo, nome_visitante, doc_visitante,
                                     motivo, status, decidido_em, decidido_por_nome, created_at, updated_at, busca)
    SELECT ${organizationId}, u.condominio_id, u.id,
           CASE WHEN g.r < 0.3 THEN 'prestador' ELSE 'visitante' END,
           g.nome, g.doc, 'Visita',
           CASE WHEN g.r < 0.05 THEN 'pendente' WHEN g.r < 0.75 THEN 'autorizado' WHEN g.r < 0.9 THEN 'negado'
                WHEN g.r < 0.97 THEN 'expirado' ELSE 'cancelado' END,
           CASE WHEN g.r >= 0.05 AND g.r < 0.9 THEN g.created_at + interval '3 minutes' END,
           CASE WHEN g.r >= 0.05 AND g.r < 0.9 THEN 'Porteiro Bench' END,
           g.created_at, g.created_at,
           lower(translate(g.nome || ' ' || g.doc || ' ' || u.codigo || ' ' || u.torre,
                           'ÁÀÂÃÄÉÈÊËÍÌÎÏÓÒÔÕÖÚÙÛÜÇáàâãäéèêëíìîïóòôõöúùûüç',
                           'AAAAAEEEEIIIIOOOOOUUUUCaaaaaeeeeiiiiooooouuuuc'))
    FROM g JOIN u ON u.n = g.unit_n
    ORDER BY g.created_at`); // rows arrive in time order in production, so they sit in time order on disk
  // Steady state of a live database: autovacuum has run (visibility map, statistics).
  await db.execute(sql`VACUUM ANALYZE`);
  return condoIds;
}
