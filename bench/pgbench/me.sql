-- GET /api/me since decision 027: nothing of its own. The caller comes from the session resolver's one
-- prepared statement below (auth/session-resolver.ts), run only when the instance does not remember
-- the session (first request, after a change's NOTIFY, or 5 s unused); a remembered one costs no SQL.
-- Parameters are pgbench variables (-D, set by bench/load.ts: org, user_id, token, q, status).
-- Run by bench/load.ts: pgbench -n -c 20 -j 2 -T <BENCH_DURATION> -M prepared -f <this file>.
select "session"."id", "session"."token", "session"."expires_at", "user"."id", "user"."name", "user"."email", "user"."image", "member"."organization_id", "member"."role", "organization"."name", "organization"."slug" from "session" inner join "user" on "user"."id" = "session"."user_id" left join "member" on ("member"."user_id" = "session"."user_id" and ("session"."active_organization_id" is null or "member"."organization_id" = "session"."active_organization_id")) left join "organization" on "organization"."id" = "member"."organization_id" where "session"."token" = :token order by "member"."created_at" asc limit 1;
