-- Data only: a demo tenant seeded before the demo slug existed gets it, so the console's
-- "Dados de demonstração" badge (GET /api/me, organization.demo) shows on databases made by an
-- earlier version too. The demo tenant is the one the demo síndico belongs to; nothing changes
-- where the slug is already taken or the demo login does not exist.
UPDATE "organization" SET "slug" = 'demo-guarita'
WHERE "id" = (
  SELECT "m"."organization_id" FROM "member" "m"
  JOIN "user" "u" ON "u"."id" = "m"."user_id"
  WHERE "u"."email" = 'sindico@demo.guarita.app'
  ORDER BY "m"."created_at"
  LIMIT 1
)
AND NOT EXISTS (SELECT 1 FROM "organization" WHERE "slug" = 'demo-guarita');
