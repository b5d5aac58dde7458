CREATE TABLE "portoes" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"organization_id" text NOT NULL,
	"condominio_id" uuid NOT NULL,
	"nome" text NOT NULL,
	"tipo" text DEFAULT 'pedestres' NOT NULL,
	"ativo" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "portoes_id_condominio_uq" UNIQUE("id","condominio_id"),
	CONSTRAINT "portoes_tipo_ck" CHECK ("tipo" IN ('pedestres', 'veiculos'))
);
--> statement-breakpoint
ALTER TABLE "solicitacoes_acesso" DROP CONSTRAINT "solicitacoes_acesso_tipo_ck";--> statement-breakpoint
ALTER TABLE "passe_validacoes" ADD COLUMN "portao_id" uuid;--> statement-breakpoint
ALTER TABLE "solicitacoes_acesso" ADD COLUMN "portao_id" uuid;--> statement-breakpoint
ALTER TABLE "portoes" ADD CONSTRAINT "portoes_organization_id_organization_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organization"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "portoes" ADD CONSTRAINT "portoes_condominio_fk" FOREIGN KEY ("condominio_id","organization_id") REFERENCES "public"."condominios"("id","organization_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "portoes_condominio_nome_uq" ON "portoes" USING btree ("condominio_id",lower("nome"));--> statement-breakpoint
ALTER TABLE "passe_validacoes" ADD CONSTRAINT "passe_validacoes_portao_fk" FOREIGN KEY ("portao_id","condominio_id") REFERENCES "public"."portoes"("id","condominio_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "solicitacoes_acesso" ADD CONSTRAINT "solicitacoes_acesso_portao_fk" FOREIGN KEY ("portao_id","condominio_id") REFERENCES "public"."portoes"("id","condominio_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "solicitacoes_acesso" ADD CONSTRAINT "solicitacoes_acesso_tipo_ck" CHECK ("tipo" IN ('visitante', 'prestador', 'entregador'));--> statement-breakpoint
-- A request's gate was free text: each condominium's distinct names become its gates (the first
-- spelling seen), and each request points at its own (docs/decisions/034-gates.md).
INSERT INTO "portoes" ("organization_id", "condominio_id", "nome", "created_at")
SELECT DISTINCT ON ("condominio_id", lower(btrim("portao"))) "organization_id", "condominio_id", btrim("portao"), "created_at"
FROM "solicitacoes_acesso"
WHERE "portao" IS NOT NULL AND btrim("portao") <> ''
ORDER BY "condominio_id", lower(btrim("portao")), "created_at";--> statement-breakpoint
UPDATE "solicitacoes_acesso" AS s SET "portao_id" = p."id"
FROM "portoes" AS p
WHERE p."condominio_id" = s."condominio_id" AND lower(p."nome") = lower(btrim(s."portao"));
