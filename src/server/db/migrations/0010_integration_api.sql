-- The unique (id, organization_id) on api_keys comes first: the attribution foreign keys below need it.
ALTER TABLE "api_keys" ADD CONSTRAINT "api_keys_id_org_uq" UNIQUE("id","organization_id");--> statement-breakpoint
CREATE TABLE "api_idempotencia" (
	"api_key_id" uuid NOT NULL,
	"chave" text NOT NULL,
	"rota" text NOT NULL,
	"corpo_hash" text NOT NULL,
	"status_http" integer,
	"resposta" jsonb,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "api_idempotencia_api_key_id_chave_pk" PRIMARY KEY("api_key_id","chave")
);
--> statement-breakpoint
CREATE TABLE "webhook_assinaturas" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"organization_id" text NOT NULL,
	"url" text NOT NULL,
	"descricao" text,
	"eventos" text[] NOT NULL,
	"segredo" text NOT NULL,
	"ativa" boolean DEFAULT true NOT NULL,
	"criado_por_user_id" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"excluido_em" timestamp with time zone,
	CONSTRAINT "webhook_assinaturas_id_org_uq" UNIQUE("id","organization_id"),
	CONSTRAINT "webhook_assinaturas_eventos_check" CHECK (cardinality("eventos") > 0 AND "eventos" <@ ARRAY['solicitacao.criada', 'solicitacao.autorizada', 'solicitacao.negada', 'solicitacao.expirada', 'chamada.status_alterado', 'portao.abrir']::text[])
);
--> statement-breakpoint
CREATE TABLE "webhook_entregas" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"organization_id" text NOT NULL,
	"assinatura_id" uuid NOT NULL,
	"evento_id" bigint NOT NULL,
	"tipo" text NOT NULL,
	"solicitacao_id" uuid,
	"corpo" text NOT NULL,
	"status" text DEFAULT 'pendente' NOT NULL,
	"tentativas" integer DEFAULT 0 NOT NULL,
	"proxima_tentativa_em" timestamp with time zone DEFAULT now() NOT NULL,
	"tentar_ate" timestamp with time zone NOT NULL,
	"ultimo_status_http" integer,
	"ultimo_erro" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"entregue_em" timestamp with time zone,
	CONSTRAINT "webhook_entregas_status_check" CHECK ("status" IN ('pendente', 'entregue', 'falhou')),
	CONSTRAINT "webhook_entregas_tipo_check" CHECK ("tipo" IN ('solicitacao.criada', 'solicitacao.autorizada', 'solicitacao.negada', 'solicitacao.expirada', 'chamada.status_alterado', 'portao.abrir'))
);
--> statement-breakpoint
CREATE TABLE "webhook_tentativas" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"entrega_id" uuid NOT NULL,
	"status_http" integer,
	"erro" text,
	"duracao_ms" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "chamadas" ADD COLUMN "criado_por_user_id" text;--> statement-breakpoint
ALTER TABLE "chamadas" ADD COLUMN "criado_por_api_key_id" uuid;--> statement-breakpoint
ALTER TABLE "chamadas" ADD COLUMN "resposta" text;--> statement-breakpoint
ALTER TABLE "chamadas" ADD COLUMN "respondido_em" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "solicitacoes_acesso" ADD COLUMN "decidido_por_api_key_id" uuid;--> statement-breakpoint
ALTER TABLE "solicitacoes_acesso" ADD COLUMN "criado_por_api_key_id" uuid;--> statement-breakpoint
ALTER TABLE "solicitacoes_acesso" ADD COLUMN "portao" text;--> statement-breakpoint
ALTER TABLE "api_idempotencia" ADD CONSTRAINT "api_idempotencia_api_key_id_api_keys_id_fk" FOREIGN KEY ("api_key_id") REFERENCES "public"."api_keys"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "webhook_assinaturas" ADD CONSTRAINT "webhook_assinaturas_organization_id_organization_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organization"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "webhook_assinaturas" ADD CONSTRAINT "webhook_assinaturas_criado_por_user_id_user_id_fk" FOREIGN KEY ("criado_por_user_id") REFERENCES "public"."user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "webhook_entregas" ADD CONSTRAINT "webhook_entregas_assinatura_fk" FOREIGN KEY ("assinatura_id","organization_id") REFERENCES "public"."webhook_assinaturas"("id","organization_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "webhook_tentativas" ADD CONSTRAINT "webhook_tentativas_entrega_id_webhook_entregas_id_fk" FOREIGN KEY ("entrega_id") REFERENCES "public"."webhook_entregas"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "api_idempotencia_created_idx" ON "api_idempotencia" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "webhook_assinaturas_org_idx" ON "webhook_assinaturas" USING btree ("organization_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "webhook_entregas_evento_uq" ON "webhook_entregas" USING btree ("assinatura_id","evento_id","tipo");--> statement-breakpoint
CREATE INDEX "webhook_entregas_due_idx" ON "webhook_entregas" USING btree ("proxima_tentativa_em") WHERE "webhook_entregas"."status" = 'pendente';--> statement-breakpoint
CREATE INDEX "webhook_entregas_assinatura_created_idx" ON "webhook_entregas" USING btree ("assinatura_id","created_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "webhook_entregas_solicitacao_idx" ON "webhook_entregas" USING btree ("solicitacao_id") WHERE "webhook_entregas"."solicitacao_id" IS NOT NULL;--> statement-breakpoint
CREATE INDEX "webhook_entregas_created_idx" ON "webhook_entregas" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "webhook_tentativas_entrega_idx" ON "webhook_tentativas" USING btree ("entrega_id","created_at");--> statement-breakpoint
ALTER TABLE "chamadas" ADD CONSTRAINT "chamadas_criado_por_user_id_user_id_fk" FOREIGN KEY ("criado_por_user_id") REFERENCES "public"."user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "chamadas" ADD CONSTRAINT "chamadas_criado_por_api_key_fk" FOREIGN KEY ("criado_por_api_key_id","organization_id") REFERENCES "public"."api_keys"("id","organization_id") ON DELETE set null ("criado_por_api_key_id") ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "solicitacoes_acesso" ADD CONSTRAINT "solicitacoes_acesso_criado_por_api_key_fk" FOREIGN KEY ("criado_por_api_key_id","organization_id") REFERENCES "public"."api_keys"("id","organization_id") ON DELETE set null ("criado_por_api_key_id") ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "solicitacoes_acesso" ADD CONSTRAINT "solicitacoes_acesso_decidido_por_api_key_fk" FOREIGN KEY ("decidido_por_api_key_id","organization_id") REFERENCES "public"."api_keys"("id","organization_id") ON DELETE set null ("decidido_por_api_key_id") ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "unidades_org_ramal_idx" ON "unidades" USING btree ("organization_id","pbx_ramal") WHERE "unidades"."pbx_ramal" IS NOT NULL;--> statement-breakpoint
ALTER TABLE "chamadas" ADD CONSTRAINT "chamadas_resposta_ck" CHECK ("resposta" IN ('autorizado', 'negado'));--> statement-breakpoint
ALTER TABLE "chamadas" ADD CONSTRAINT "chamadas_resposta_em_ck" CHECK (("chamadas"."resposta" IS NULL) = ("chamadas"."respondido_em" IS NULL));