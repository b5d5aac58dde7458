CREATE TABLE "membro_condominios" (
	"organization_id" text NOT NULL,
	"member_id" text NOT NULL,
	"condominio_id" uuid NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "membro_condominios_pk" PRIMARY KEY("member_id","condominio_id")
);
--> statement-breakpoint
ALTER TABLE "solicitacoes_acesso" DROP CONSTRAINT "solicitacoes_acesso_decidido_via_ck";--> statement-breakpoint
ALTER TABLE "api_keys" DROP CONSTRAINT "api_keys_escopos_check";--> statement-breakpoint
DROP INDEX "acessos_presentes_idx";--> statement-breakpoint
DROP INDEX "acessos_condominio_presentes_idx";--> statement-breakpoint
ALTER TABLE "acessos" ADD COLUMN "nao_entrou_em" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "acessos" ADD COLUMN "nao_entrou_por_nome" text;--> statement-breakpoint
ALTER TABLE "condominios" ADD COLUMN "expiracao_solicitacao_minutos" integer DEFAULT 30 NOT NULL;--> statement-breakpoint
ALTER TABLE "solicitacoes_acesso" ADD COLUMN "motivo_negacao" text;--> statement-breakpoint
ALTER TABLE "membro_condominios" ADD CONSTRAINT "membro_condominios_organization_id_organization_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organization"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "membro_condominios" ADD CONSTRAINT "membro_condominios_member_id_member_id_fk" FOREIGN KEY ("member_id") REFERENCES "public"."member"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "membro_condominios" ADD CONSTRAINT "membro_condominios_condominio_fk" FOREIGN KEY ("condominio_id","organization_id") REFERENCES "public"."condominios"("id","organization_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "membro_condominios_condominio_idx" ON "membro_condominios" USING btree ("condominio_id");--> statement-breakpoint
CREATE INDEX "solicitacoes_condominio_pendentes_idx" ON "solicitacoes_acesso" USING btree ("condominio_id","created_at") WHERE "solicitacoes_acesso"."status" = 'pendente';--> statement-breakpoint
CREATE INDEX "acessos_presentes_idx" ON "acessos" USING btree ("organization_id","entrada_em" DESC NULLS FIRST,"id" DESC NULLS FIRST) WHERE "acessos"."saida_em" IS NULL AND "acessos"."nao_entrou_em" IS NULL;--> statement-breakpoint
CREATE INDEX "acessos_condominio_presentes_idx" ON "acessos" USING btree ("condominio_id","entrada_em" DESC NULLS FIRST,"id" DESC NULLS FIRST) WHERE "acessos"."saida_em" IS NULL AND "acessos"."nao_entrou_em" IS NULL;--> statement-breakpoint
ALTER TABLE "acessos" ADD CONSTRAINT "acessos_nao_entrou_ck" CHECK ("acessos"."nao_entrou_em" IS NULL OR "acessos"."saida_em" IS NULL);--> statement-breakpoint
ALTER TABLE "condominios" ADD CONSTRAINT "condominios_expiracao_solicitacao_ck" CHECK ("condominios"."expiracao_solicitacao_minutos" BETWEEN 5 AND 1440);--> statement-breakpoint
ALTER TABLE "solicitacoes_acesso" ADD CONSTRAINT "solicitacoes_acesso_decidido_via_ck" CHECK ("decidido_via" IN ('console', 'telefone', 'link', 'aplicativo'));--> statement-breakpoint
ALTER TABLE "api_keys" ADD CONSTRAINT "api_keys_escopos_check" CHECK (cardinality("escopos") > 0 AND "escopos" <@ ARRAY['solicitacoes:ler', 'solicitacoes:escrever', 'chamadas:escrever', 'diretorio:ler', 'eventos:ler', 'passes:validar', 'acessos:registrar']::text[]);
--> statement-breakpoint
-- Requests created before condominiums had a default wait never expired: give each pending one the
-- default from its creation, so the expiry job closes the stale ones (docs/product.md, "Condomínios").
UPDATE "solicitacoes_acesso" SET "expiracao_em" = "created_at" + interval '30 minutes', "updated_at" = now() WHERE "status" = 'pendente' AND "expiracao_em" IS NULL;
