CREATE TABLE "auditoria" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"organization_id" text NOT NULL,
	"ocorrido_em" timestamp with time zone DEFAULT now() NOT NULL,
	"ator_tipo" text NOT NULL,
	"ator_id" text,
	"ator_nome" text,
	"ip" text,
	"acao" text NOT NULL,
	"entidade" text NOT NULL,
	"entidade_id" text,
	"resumo" text NOT NULL,
	"antes" jsonb,
	"depois" jsonb,
	CONSTRAINT "auditoria_ator_ck" CHECK ("ator_tipo" IN ('usuario', 'chave_api', 'link_morador', 'sistema', 'anonimo'))
);
--> statement-breakpoint
CREATE TABLE "titular_pedidos" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"organization_id" text NOT NULL,
	"tipo" text NOT NULL,
	"titular_nome" text NOT NULL,
	"titular_documento_mascarado" text,
	"criado_por_user_id" text,
	"criado_por_nome" text,
	"recebido_em" timestamp with time zone DEFAULT now() NOT NULL,
	"prazo_em" timestamp with time zone NOT NULL,
	"concluido_em" timestamp with time zone,
	"resultado" jsonb,
	CONSTRAINT "titular_pedidos_tipo_ck" CHECK ("tipo" IN ('exportacao', 'anonimizacao'))
);
--> statement-breakpoint
ALTER TABLE "acessos" ADD COLUMN "anonimizado_em" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "passes" ADD COLUMN "anonimizado_em" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "condominios" ADD COLUMN "retencao_dias" integer DEFAULT 90 NOT NULL;--> statement-breakpoint
ALTER TABLE "solicitacoes_acesso" ADD COLUMN "anonimizado_em" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "titular_pedidos" ADD CONSTRAINT "titular_pedidos_organization_id_organization_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organization"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "titular_pedidos" ADD CONSTRAINT "titular_pedidos_criado_por_user_id_user_id_fk" FOREIGN KEY ("criado_por_user_id") REFERENCES "public"."user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "auditoria_org_ocorrido_idx" ON "auditoria" USING btree ("organization_id","ocorrido_em" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "auditoria_org_entidade_idx" ON "auditoria" USING btree ("organization_id","entidade","entidade_id","ocorrido_em" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "auditoria_org_ator_idx" ON "auditoria" USING btree ("organization_id","ator_id","ocorrido_em" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "auditoria_org_acao_idx" ON "auditoria" USING btree ("organization_id","acao","ocorrido_em" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "titular_pedidos_org_recebido_idx" ON "titular_pedidos" USING btree ("organization_id","recebido_em" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "acessos_retencao_idx" ON "acessos" USING btree ("condominio_id","entrada_em") WHERE "acessos"."anonimizado_em" IS NULL;--> statement-breakpoint
CREATE INDEX "passes_retencao_idx" ON "passes" USING btree ("condominio_id","data_fim") WHERE "passes"."anonimizado_em" IS NULL;--> statement-breakpoint
CREATE INDEX "solicitacoes_retencao_idx" ON "solicitacoes_acesso" USING btree ("condominio_id","created_at") WHERE "solicitacoes_acesso"."anonimizado_em" IS NULL;--> statement-breakpoint
ALTER TABLE "condominios" ADD CONSTRAINT "condominios_retencao_ck" CHECK ("condominios"."retencao_dias" BETWEEN 30 AND 1825);--> statement-breakpoint
-- The audit trail is append-only for everyone, the application included (docs/decisions/024-audit-and-lgpd.md).
CREATE FUNCTION auditoria_somente_insercao() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION 'auditoria: registros não podem ser alterados nem apagados' USING ERRCODE = '42501';
END;
$$;--> statement-breakpoint
CREATE TRIGGER auditoria_sem_alteracao BEFORE UPDATE OR DELETE ON auditoria
  FOR EACH ROW EXECUTE FUNCTION auditoria_somente_insercao();--> statement-breakpoint
CREATE TRIGGER auditoria_sem_truncate BEFORE TRUNCATE ON auditoria
  FOR EACH STATEMENT EXECUTE FUNCTION auditoria_somente_insercao();
