/**
 * "Relatórios" at scale (docs/product.md, "Relatórios": a year over 1,000,000 requests renders in
 * under 2 s): one condominium with BENCH_RELATORIOS_SOLICITACOES requests (1,000,000) spread over the
 * last year, generated inside the database, with residents' messages for the link decisions, the
 * attendant's conversations, pass validations and the central's items; then the JSON report of the
 * whole year timed through the real app (routing, auth, validation, every statement), p50 and max.
 *
 *   import { benchRelatorios } from "./relatorios";
 *   const r = await benchRelatorios(system, "PostgreSQL");   // a System from createSystem
 *   console.info(r);   // { solicitacoes, seedSeconds, runs, p50Ms, maxMs, targetMs, total }
 */
import { sql } from "drizzle-orm";
import type { System } from "../src/server/bootstrap";
import { createCondominioWithUnidade, createTenantWithMember } from "../tests/support/factories";

export const RELATORIOS_SOLICITACOES = Number(process.env.BENCH_RELATORIOS_SOLICITACOES ?? 1_000_000);
export const RELATORIOS_TARGET_MS = 2_000;
const RUNS = 5;

export interface RelatoriosBench {
  database: string;
  solicitacoes: number;
  seedSeconds: number;
  runs: number[];
  p50Ms: number;
  maxMs: number;
  targetMs: number;
  /** Requests the report counted over the year: every one seeded. */
  total: number;
}

/** Seeds one condominium of a fresh tenant; returns its id and the signed-in síndico's client. */
async function seed(system: System, n: number) {
  const t = await createTenantWithMember(system, { role: "sindico" });
  const { condominio, unidade } = await createCondominioWithUnidade(system, t.org.id, {
    nome: "Condomínio Bench Relatórios",
    timezone: "America/Sao_Paulo",
  });
  const db = system.handle.db;
  const org = t.org.id;
  // Requests over the last 364 days, in the day (08h–22h); 70% authorised, 15% denied, the rest
  // expired, cancelled or pending; decided by link 45%, call 15%, app 5%, porteiro the rest.
  await db.execute(sql`
    INSERT INTO solicitacoes_acesso (organization_id, condominio_id, unidade_id, nome_visitante, status,
                                     decidido_em, decidido_via, sem_resposta_moradores_em, criado_pelo_atendente,
                                     created_at, updated_at)
    SELECT ${org}, ${condominio.id}::uuid, ${unidade.id}::uuid, 'Visitante ' || gs, st, dec, via, semr, gs % 5 = 0,
           cr, cr
    FROM (
      SELECT gs, cr,
        CASE WHEN r < 0.70 THEN 'autorizado' WHEN r < 0.85 THEN 'negado' WHEN r < 0.95 THEN 'expirado'
             WHEN r < 0.99 THEN 'cancelado' ELSE 'pendente' END AS st,
        CASE WHEN r < 0.85 THEN cr + (5 + random() * 600) * interval '1 second' END AS dec,
        CASE WHEN r >= 0.85 THEN NULL WHEN v < 0.45 THEN 'link' WHEN v < 0.60 THEN 'telefone'
             WHEN v < 0.65 THEN 'aplicativo' ELSE 'console' END AS via,
        CASE WHEN v >= 0.90 THEN cr + interval '3 minutes' END AS semr
      FROM (
        SELECT gs, random() AS r, random() AS v,
               date_trunc('day', now()) - (gs % 364) * interval '1 day'
                 + (8 + random() * 14) * interval '1 hour' AS cr
        FROM generate_series(1, ${n}) gs
      ) x
    ) y`);
  // The message whose link decided it: about half by WhatsApp.
  await db.execute(sql`
    INSERT INTO notificacoes (organization_id, solicitacao_id, pessoa_nome, ordem, canal, destino, status, decidida_em, created_at)
    SELECT organization_id, id, 'Morador', 0, CASE WHEN random() < 0.5 THEN 'whatsapp' ELSE 'sms' END,
           '+5511999990000', 'entregue', decidido_em, created_at
    FROM solicitacoes_acesso WHERE condominio_id = ${condominio.id} AND decidido_via = 'link'`);
  const small = Math.max(1, Math.round(n / 50));
  await db.execute(sql`
    INSERT INTO atendente_conversas (organization_id, condominio_id, canal, etapa, resultado, estado, created_at, updated_at)
    SELECT ${org}, ${condominio.id}::uuid, 'totem', 'concluida',
           CASE WHEN random() < 0.8 THEN 'autorizado' END, '{}'::jsonb, c, c
    FROM (SELECT now() - random() * interval '364 days' AS c FROM generate_series(1, ${small})) g`);
  await db.execute(sql`
    INSERT INTO passe_validacoes (organization_id, condominio_id, metodo, resultado, mensagem, created_at)
    SELECT ${org}, ${condominio.id}::uuid, 'pin', CASE WHEN random() < 0.9 THEN 'liberado' ELSE 'pin_invalido' END,
           'Bench', now() - random() * interval '364 days'
    FROM generate_series(1, ${small * 2})`);
  await db.execute(sql`
    INSERT INTO central_itens (organization_id, condominio_id, tipo, origem, status, criado_em, assumido_por_user_id,
                               assumido_em, resolvido_por_user_id, resolvido_em, desfecho, escalado_em)
    SELECT ${org}, ${condominio.id}::uuid, 'atendimento', 'bench:' || gs, 'resolvido', c, ${t.user.id},
           c + random() * interval '2 minutes', ${t.user.id}, c + interval '3 minutes', 'resolvido',
           CASE WHEN gs % 10 = 0 THEN c + interval '1 minute' END
    FROM (SELECT gs, now() - random() * interval '364 days' AS c
          FROM generate_series(1, ${Math.max(1, Math.round(n / 200))}) gs) g`);
  for (const table of [
    "solicitacoes_acesso",
    "notificacoes",
    "atendente_conversas",
    "passe_validacoes",
    "central_itens",
  ])
    await db.execute(sql.raw(`VACUUM ANALYZE ${table}`));
  return { t, condominioId: condominio.id };
}

/** Seeds, then times the year's JSON report RUNS times (after one warm-up). */
export async function benchRelatorios(
  system: System,
  database = "PostgreSQL",
  n = RELATORIOS_SOLICITACOES,
): Promise<RelatoriosBench> {
  const t0 = performance.now();
  const { t, condominioId } = await seed(system, n);
  const seedSeconds = Math.round((performance.now() - t0) / 100) / 10;
  const today = new Date();
  const ate = today.toISOString().slice(0, 10);
  const de = new Date(today.getTime() - 365 * 86_400_000).toISOString().slice(0, 10);
  const url = `/api/relatorios?condominio_id=${condominioId}&de=${de}&ate=${ate}`;
  const warm = await t.api.get(url);
  if (warm.status !== 200) throw new Error(`relatório: ${warm.status} ${JSON.stringify(warm.body)}`);
  const runs: number[] = [];
  for (let i = 0; i < RUNS; i++) {
    const start = performance.now();
    const res = await t.api.get(url);
    runs.push(Math.round(performance.now() - start));
    if (res.status !== 200) throw new Error(`relatório: ${res.status}`);
  }
  const sorted = [...runs].sort((a, b) => a - b);
  return {
    database,
    solicitacoes: n,
    seedSeconds,
    runs,
    p50Ms: sorted[Math.floor(sorted.length / 2)]!,
    maxMs: sorted.at(-1)!,
    targetMs: RELATORIOS_TARGET_MS,
    total: warm.body.resumo.solicitacoes,
  };
}
