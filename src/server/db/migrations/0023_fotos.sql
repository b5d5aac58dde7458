CREATE TABLE "blobs_excluidos" (
	"chave" text PRIMARY KEY NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "fotos" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"organization_id" text NOT NULL,
	"condominio_id" uuid NOT NULL,
	"solicitacao_id" uuid,
	"passe_id" uuid,
	"conversa_id" uuid,
	"portao_id" uuid,
	"origem" text NOT NULL,
	"status" text DEFAULT 'disponivel' NOT NULL,
	"motivo" text,
	"chave" text,
	"chave_miniatura" text,
	"largura" integer,
	"altura" integer,
	"bytes" integer,
	"criado_por_user_id" text,
	"criado_por_api_key_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "fotos_origem_ck" CHECK ("origem" IN ('porteiro', 'totem', 'camera', 'api')),
	CONSTRAINT "fotos_status_ck" CHECK ("status" IN ('disponivel', 'indisponivel', 'recusada')),
	CONSTRAINT "fotos_chaves_ck" CHECK (("fotos"."status" = 'disponivel') = ("fotos"."chave" IS NOT NULL AND "fotos"."chave_miniatura" IS NOT NULL))
);
--> statement-breakpoint
ALTER TABLE "api_keys" DROP CONSTRAINT "api_keys_escopos_check";--> statement-breakpoint
ALTER TABLE "condominios" ADD COLUMN "retencao_fotos_dias" integer DEFAULT 30 NOT NULL;--> statement-breakpoint
ALTER TABLE "portoes" ADD COLUMN "camera_url" text;--> statement-breakpoint
ALTER TABLE "portoes" ADD COLUMN "camera_usuario" text;--> statement-breakpoint
ALTER TABLE "portoes" ADD COLUMN "camera_senha_cifrada" text;--> statement-breakpoint
ALTER TABLE "portoes" ADD COLUMN "camera_salva_por_user_id" text;--> statement-breakpoint
ALTER TABLE "portoes" ADD COLUMN "camera_salva_em" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "fotos" ADD CONSTRAINT "fotos_organization_id_organization_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organization"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "fotos" ADD CONSTRAINT "fotos_conversa_id_atendente_conversas_id_fk" FOREIGN KEY ("conversa_id") REFERENCES "public"."atendente_conversas"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "fotos" ADD CONSTRAINT "fotos_criado_por_user_id_user_id_fk" FOREIGN KEY ("criado_por_user_id") REFERENCES "public"."user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "fotos" ADD CONSTRAINT "fotos_condominio_fk" FOREIGN KEY ("condominio_id","organization_id") REFERENCES "public"."condominios"("id","organization_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "fotos" ADD CONSTRAINT "fotos_solicitacao_fk" FOREIGN KEY ("solicitacao_id","organization_id") REFERENCES "public"."solicitacoes_acesso"("id","organization_id") ON DELETE set null ("solicitacao_id") ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "fotos" ADD CONSTRAINT "fotos_passe_fk" FOREIGN KEY ("passe_id","organization_id") REFERENCES "public"."passes"("id","organization_id") ON DELETE set null ("passe_id") ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "fotos" ADD CONSTRAINT "fotos_portao_fk" FOREIGN KEY ("portao_id","condominio_id") REFERENCES "public"."portoes"("id","condominio_id") ON DELETE set null ("portao_id") ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "fotos" ADD CONSTRAINT "fotos_criado_por_api_key_fk" FOREIGN KEY ("criado_por_api_key_id","organization_id") REFERENCES "public"."api_keys"("id","organization_id") ON DELETE set null ("criado_por_api_key_id") ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "fotos_solicitacao_idx" ON "fotos" USING btree ("solicitacao_id","created_at") WHERE "fotos"."solicitacao_id" IS NOT NULL;--> statement-breakpoint
CREATE INDEX "fotos_passe_idx" ON "fotos" USING btree ("passe_id","created_at") WHERE "fotos"."passe_id" IS NOT NULL;--> statement-breakpoint
CREATE INDEX "fotos_conversa_idx" ON "fotos" USING btree ("conversa_id") WHERE "fotos"."conversa_id" IS NOT NULL;--> statement-breakpoint
CREATE INDEX "fotos_retencao_idx" ON "fotos" USING btree ("condominio_id","created_at");--> statement-breakpoint
ALTER TABLE "portoes" ADD CONSTRAINT "portoes_camera_salva_por_user_id_user_id_fk" FOREIGN KEY ("camera_salva_por_user_id") REFERENCES "public"."user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "condominios" ADD CONSTRAINT "condominios_retencao_fotos_ck" CHECK ("condominios"."retencao_fotos_dias" BETWEEN 1 AND "condominios"."retencao_dias");--> statement-breakpoint
ALTER TABLE "portoes" ADD CONSTRAINT "portoes_camera_ck" CHECK ("portoes"."camera_url" IS NOT NULL OR ("portoes"."camera_usuario" IS NULL AND "portoes"."camera_senha_cifrada" IS NULL));--> statement-breakpoint
ALTER TABLE "api_keys" ADD CONSTRAINT "api_keys_escopos_check" CHECK (cardinality("escopos") > 0 AND "escopos" <@ ARRAY['solicitacoes:ler', 'solicitacoes:escrever', 'chamadas:escrever', 'diretorio:ler', 'eventos:ler', 'passes:validar', 'acessos:registrar', 'atendente:conversar', 'portoes:foto']::text[]);--> statement-breakpoint
-- Every deleted photo row queues its blobs for deletion from the store, in the deleting transaction
-- (docs/decisions/039-visitor-photos.md); one statement per DELETE, whatever its number of rows.
CREATE FUNCTION fotos_blobs_excluir() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO blobs_excluidos (chave)
  SELECT chave FROM (SELECT antigas.chave FROM antigas UNION SELECT antigas.chave_miniatura FROM antigas) AS k(chave)
  WHERE chave IS NOT NULL
  ON CONFLICT (chave) DO NOTHING;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER fotos_blobs_excluir AFTER DELETE ON fotos REFERENCING OLD TABLE AS antigas
  FOR EACH STATEMENT EXECUTE FUNCTION fotos_blobs_excluir();
