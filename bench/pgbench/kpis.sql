-- GET /api/dashboard/kpis: today's counts per status and who is inside (last month's counts are cached for 5 minutes).
-- Captured from the API at commit 3dd1498 on PostgreSQL (BENCH_LOG_SQL=1 BENCH_ONLY=postgres
-- npm run bench:load, then the guarita_load lines of the server log), one statement per line, with
-- the parameters as pgbench variables (-D, set by bench/load.ts: org, user_id, token, q, status).
-- Run by bench/load.ts: pgbench -n -c 20 -j 2 -T <BENCH_DURATION> -M prepared -f <this file>.
-- The session statement of me.sql runs only when the instance does not remember the caller (decision 027). The API passes the day's bounds (now() ± 2 days) as parameters.
select "solicitacoes_acesso"."status", count(*)::int from "solicitacoes_acesso" inner join "condominios" on "condominios"."id" = "solicitacoes_acesso"."condominio_id" where ("solicitacoes_acesso"."organization_id" = :org and "solicitacoes_acesso"."created_at" >= now() - interval '2 days' AND "solicitacoes_acesso"."created_at" < now() + interval '2 days' and ("solicitacoes_acesso"."created_at" AT TIME ZONE "condominios"."timezone")::date = (now() AT TIME ZONE "condominios"."timezone")::date) group by "solicitacoes_acesso"."status";
select count(*) from "acessos" where ("acessos"."organization_id" = :org and "acessos"."saida_em" IS NULL);
