CREATE TABLE "totens" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"organization_id" text NOT NULL,
	"condominio_id" uuid NOT NULL,
	"portao_id" uuid NOT NULL,
	"nome" text NOT NULL,
	"pareamento_hash" text,
	"pareamento_expira_em" timestamp with time zone,
	"credencial_hash" text,
	"pareado_em" timestamp with time zone,
	"ultimo_contato_em" timestamp with time zone,
	"revogado_em" timestamp with time zone,
	"criado_por_user_id" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "totens_id_organization_uq" UNIQUE("id","organization_id")
);
--> statement-breakpoint
ALTER TABLE "atendente_conversas" ADD COLUMN "totem_id" uuid;--> statement-breakpoint
ALTER TABLE "condominios" ADD COLUMN "diretorio_versao" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "totens" ADD CONSTRAINT "totens_organization_id_organization_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organization"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "totens" ADD CONSTRAINT "totens_criado_por_user_id_user_id_fk" FOREIGN KEY ("criado_por_user_id") REFERENCES "public"."user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "totens" ADD CONSTRAINT "totens_condominio_fk" FOREIGN KEY ("condominio_id","organization_id") REFERENCES "public"."condominios"("id","organization_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "totens" ADD CONSTRAINT "totens_portao_fk" FOREIGN KEY ("portao_id","condominio_id") REFERENCES "public"."portoes"("id","condominio_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "totens_pareamento_uq" ON "totens" USING btree ("pareamento_hash");--> statement-breakpoint
CREATE UNIQUE INDEX "totens_credencial_uq" ON "totens" USING btree ("credencial_hash");--> statement-breakpoint
CREATE INDEX "totens_condominio_idx" ON "totens" USING btree ("organization_id","condominio_id");--> statement-breakpoint
ALTER TABLE "atendente_conversas" ADD CONSTRAINT "atendente_conversas_totem_fk" FOREIGN KEY ("totem_id","organization_id") REFERENCES "public"."totens"("id","organization_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "atendente_conversas_encerradas_idx" ON "atendente_conversas" USING btree ("organization_id","encerrada_em" DESC NULLS LAST) WHERE "atendente_conversas"."encerrada_em" IS NOT NULL;--> statement-breakpoint
CREATE INDEX "atendente_conversas_retencao_idx" ON "atendente_conversas" USING btree ("condominio_id","encerrada_em") WHERE "atendente_conversas"."encerrada_em" IS NOT NULL;--> statement-breakpoint
-- The attendant's directory version (src/server/attendant/directory.ts): any statement that writes a
-- condominium's units, residents' links or people moves that condominium's diretorio_versao, once per
-- statement (transition tables), so a spreadsheet import of 5,000 rows bumps it once, not 5,000 times.
CREATE FUNCTION diretorio_mudou() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    UPDATE condominios SET diretorio_versao = diretorio_versao + 1
      WHERE id IN (SELECT DISTINCT condominio_id FROM novas);
  ELSIF TG_OP = 'DELETE' THEN
    UPDATE condominios SET diretorio_versao = diretorio_versao + 1
      WHERE id IN (SELECT DISTINCT condominio_id FROM antigas);
  ELSE
    UPDATE condominios SET diretorio_versao = diretorio_versao + 1
      WHERE id IN (SELECT condominio_id FROM novas UNION SELECT condominio_id FROM antigas);
  END IF;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER unidades_diretorio_ins AFTER INSERT ON unidades REFERENCING NEW TABLE AS novas
  FOR EACH STATEMENT EXECUTE FUNCTION diretorio_mudou();--> statement-breakpoint
CREATE TRIGGER unidades_diretorio_upd AFTER UPDATE ON unidades REFERENCING OLD TABLE AS antigas NEW TABLE AS novas
  FOR EACH STATEMENT EXECUTE FUNCTION diretorio_mudou();--> statement-breakpoint
CREATE TRIGGER unidades_diretorio_del AFTER DELETE ON unidades REFERENCING OLD TABLE AS antigas
  FOR EACH STATEMENT EXECUTE FUNCTION diretorio_mudou();--> statement-breakpoint
CREATE TRIGGER unidade_moradores_diretorio_ins AFTER INSERT ON unidade_moradores REFERENCING NEW TABLE AS novas
  FOR EACH STATEMENT EXECUTE FUNCTION diretorio_mudou();--> statement-breakpoint
CREATE TRIGGER unidade_moradores_diretorio_upd AFTER UPDATE ON unidade_moradores REFERENCING OLD TABLE AS antigas NEW TABLE AS novas
  FOR EACH STATEMENT EXECUTE FUNCTION diretorio_mudou();--> statement-breakpoint
CREATE TRIGGER unidade_moradores_diretorio_del AFTER DELETE ON unidade_moradores REFERENCING OLD TABLE AS antigas
  FOR EACH STATEMENT EXECUTE FUNCTION diretorio_mudou();--> statement-breakpoint
CREATE TRIGGER pessoas_diretorio_ins AFTER INSERT ON pessoas REFERENCING NEW TABLE AS novas
  FOR EACH STATEMENT EXECUTE FUNCTION diretorio_mudou();--> statement-breakpoint
CREATE TRIGGER pessoas_diretorio_upd AFTER UPDATE ON pessoas REFERENCING OLD TABLE AS antigas NEW TABLE AS novas
  FOR EACH STATEMENT EXECUTE FUNCTION diretorio_mudou();--> statement-breakpoint
CREATE TRIGGER pessoas_diretorio_del AFTER DELETE ON pessoas REFERENCING OLD TABLE AS antigas
  FOR EACH STATEMENT EXECUTE FUNCTION diretorio_mudou();
