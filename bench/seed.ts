/**
 * Bulk data for the benchmarks, generated inside the database (generate_series), so 200,000
 * requests take seconds, not minutes. Values look like production: names with accents, two
 * years of history, every status and type, a `busca` text built like the service builds it.
 */
import { sql } from "drizzle-orm";
import type { Database } from "../src/server/db/client";

/** Names with accents, as the bench seeds them everywhere. */
export const FIRST = [
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
export const LAST = [
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

/**
 * The registry at scale: 5,000 units, 20,000 people (half of them residents) and 300,000
 * calls over two years, attached to the tenant's existing requests.
 */
export async function seedBenchRegistry(db: Database, organizationId: string, condoIds: string[]) {
  const condo = condoIds[0]!;
  await db.execute(sql`
    INSERT INTO unidades (organization_id, condominio_id, codigo, torre, pbx_ramal, observacoes, busca)
    SELECT ${organizationId}, ${condo}, (1000 + g)::text, 'Bloco ' || (g % 25 + 1), (50000 + g)::text,
           CASE WHEN g % 10 = 0 THEN 'Cobertura' END,
           lower((1000 + g)::text || ' bloco ' || (g % 25 + 1) || ' ' || (50000 + g)::text || CASE WHEN g % 10 = 0 THEN ' cobertura' ELSE '' END)
    FROM generate_series(1, 4800) g`);
  await db.execute(sql`
    WITH g AS (
      SELECT gs,
             (${arr(FIRST)})[1 + floor(random() * ${FIRST.length})::int] || ' ' || (${arr(LAST)})[1 + floor(random() * ${LAST.length})::int] AS nome,
             lpad(floor(random() * 100000000000)::text, 11, '0') AS doc
      FROM generate_series(1, 20000) gs
    )
    INSERT INTO pessoas (organization_id, condominio_id, nome, documento, email, pbx_ramal, ativo, busca)
    SELECT ${organizationId}, ${condo}, nome, doc, 'pessoa' || gs || '@exemplo.com.br', (60000 + gs)::text, gs % 17 <> 0,
           lower(translate(nome || ' ' || doc || ' pessoa' || gs || '@exemplo.com.br ' || (60000 + gs)::text,
                           'ÁÀÂÃÄÉÈÊËÍÌÎÏÓÒÔÕÖÚÙÛÜÇáàâãäéèêëíìîïóòôõöúùûüç', 'AAAAAEEEEIIIIOOOOOUUUUCaaaaaeeeeiiiiooooouuuuc'))
    FROM g`);
  await db.execute(sql`
    WITH p AS (SELECT id, row_number() OVER () AS n FROM pessoas WHERE organization_id = ${organizationId} AND condominio_id = ${condo} LIMIT 10000),
         u AS (SELECT id, row_number() OVER () AS n FROM unidades WHERE organization_id = ${organizationId} AND condominio_id = ${condo})
    INSERT INTO unidade_moradores (organization_id, condominio_id, unidade_id, pessoa_id, is_responsavel)
    SELECT ${organizationId}, ${condo}, u.id, p.id, p.n <= (SELECT count(*) FROM u)
    FROM p JOIN u ON u.n = 1 + (p.n - 1) % (SELECT count(*) FROM u)`);
  await db.execute(sql`
    WITH s AS (SELECT id, nome_visitante, created_at, row_number() OVER () AS n FROM solicitacoes_acesso WHERE organization_id = ${organizationId}),
         sc AS (SELECT count(*) AS c FROM s),
         p AS (SELECT id, nome, pbx_ramal, row_number() OVER () AS n FROM pessoas WHERE organization_id = ${organizationId} LIMIT 5000),
         g AS (SELECT gs, 1 + floor(random() * (SELECT c FROM sc))::int AS sn, 1 + floor(random() * 5000)::int AS pn, random() AS r
               FROM generate_series(1, 300000) gs)
    INSERT INTO chamadas (organization_id, solicitacao_id, pessoa_id, status, ramal_discado, iniciado_em, finalizado_em, provedor, busca)
    SELECT ${organizationId}, s.id, p.id,
           CASE WHEN g.r < 0.6 THEN 'concluida' WHEN g.r < 0.75 THEN 'sem_resposta' WHEN g.r < 0.85 THEN 'atendida'
                WHEN g.r < 0.93 THEN 'falhou' WHEN g.r < 0.97 THEN 'discando' ELSE 'criada' END,
           p.pbx_ramal, s.created_at + interval '10 seconds',
           CASE WHEN g.r < 0.75 OR (g.r >= 0.85 AND g.r < 0.93) THEN s.created_at + interval '10 seconds' + (random() * interval '4 minutes') END,
           CASE WHEN g.r < 0.5 THEN 'PABX Asterisk' ELSE 'WhatsApp' END,
           lower(translate(p.nome || ' ' || p.pbx_ramal || ' ' || s.nome_visitante || ' ' || CASE WHEN g.r < 0.5 THEN 'PABX Asterisk' ELSE 'WhatsApp' END,
                           'ÁÀÂÃÄÉÈÊËÍÌÎÏÓÒÔÕÖÚÙÛÜÇáàâãäéèêëíìîïóòôõöúùûüç', 'AAAAAEEEEIIIIOOOOOUUUUCaaaaaeeeeiiiiooooouuuuc'))
    FROM g JOIN s ON s.n = g.sn JOIN p ON p.n = g.pn
    ORDER BY s.created_at`);
  await db.execute(sql`VACUUM ANALYZE`);
}

/**
 * The extensions the PBX chain dials (bench/chain.ts): units with an extension and at least one
 * active resident (seedBenchRegistry gives the first condominium's units two or three), in random
 * order so the lookups and the new requests spread over the tenant.
 */
export async function benchChainUnits(db: Database, organizationId: string, limit: number) {
  const result = await db.execute(sql`
    SELECT u.pbx_ramal AS ramal
    FROM unidades u
    WHERE u.organization_id = ${organizationId} AND u.pbx_ramal IS NOT NULL AND u.enabled
      AND EXISTS (SELECT 1 FROM v_moradores_ativos m WHERE m.unidade_id = u.id)
    ORDER BY random()
    LIMIT ${limit}`);
  return (result as unknown as { rows: { ramal: string }[] }).rows;
}
