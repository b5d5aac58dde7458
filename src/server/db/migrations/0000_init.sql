CREATE TABLE "account" (
	"id" text PRIMARY KEY NOT NULL,
	"account_id" text NOT NULL,
	"provider_id" text NOT NULL,
	"user_id" text NOT NULL,
	"access_token" text,
	"refresh_token" text,
	"id_token" text,
	"access_token_expires_at" timestamp with time zone,
	"refresh_token_expires_at" timestamp with time zone,
	"scope" text,
	"password" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "invitation" (
	"id" text PRIMARY KEY NOT NULL,
	"organization_id" text NOT NULL,
	"email" text NOT NULL,
	"role" text,
	"status" text DEFAULT 'pending' NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"inviter_id" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "member" (
	"id" text PRIMARY KEY NOT NULL,
	"organization_id" text NOT NULL,
	"user_id" text NOT NULL,
	"role" text DEFAULT 'porteiro' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "organization" (
	"id" text PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"slug" text NOT NULL,
	"logo" text,
	"metadata" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "organization_slug_unique" UNIQUE("slug")
);
--> statement-breakpoint
CREATE TABLE "rate_limit" (
	"id" text PRIMARY KEY NOT NULL,
	"key" text NOT NULL,
	"count" integer NOT NULL,
	"last_request" bigint NOT NULL,
	CONSTRAINT "rate_limit_key_unique" UNIQUE("key")
);
--> statement-breakpoint
CREATE TABLE "session" (
	"id" text PRIMARY KEY NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"token" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"ip_address" text,
	"user_agent" text,
	"user_id" text NOT NULL,
	"active_organization_id" text,
	CONSTRAINT "session_token_unique" UNIQUE("token")
);
--> statement-breakpoint
CREATE TABLE "user" (
	"id" text PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"email" text NOT NULL,
	"email_verified" boolean DEFAULT false NOT NULL,
	"image" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "user_email_unique" UNIQUE("email")
);
--> statement-breakpoint
CREATE TABLE "verification" (
	"id" text PRIMARY KEY NOT NULL,
	"identifier" text NOT NULL,
	"value" text NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "chamadas" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"organization_id" text NOT NULL,
	"solicitacao_id" uuid NOT NULL,
	"pessoa_id" uuid,
	"status" text DEFAULT 'criada' NOT NULL,
	"ramal_discado" text,
	"iniciado_em" timestamp with time zone DEFAULT now() NOT NULL,
	"finalizado_em" timestamp with time zone,
	"provedor" text,
	CONSTRAINT "chamadas_status_ck" CHECK ("status" IN ('criada', 'discando', 'atendida', 'sem_resposta', 'falhou', 'concluida')),
	CONSTRAINT "chamadas_periodo_ck" CHECK ("chamadas"."finalizado_em" IS NULL OR "chamadas"."finalizado_em" >= "chamadas"."iniciado_em")
);
--> statement-breakpoint
CREATE TABLE "condominios" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"organization_id" text NOT NULL,
	"nome" text NOT NULL,
	"timezone" text DEFAULT 'America/Sao_Paulo' NOT NULL,
	"enabled" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "condominios_id_org_uq" UNIQUE("id","organization_id")
);
--> statement-breakpoint
CREATE TABLE "customers" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" text NOT NULL,
	"organization_id" text,
	"email" text NOT NULL,
	"nome" text NOT NULL,
	"plan_type" text NOT NULL,
	"billing_cycle" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "pessoas" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"organization_id" text NOT NULL,
	"condominio_id" uuid NOT NULL,
	"nome" text NOT NULL,
	"documento" text,
	"telefone_e164" text,
	"email" text,
	"pbx_ramal" text,
	"foto_url" text,
	"ativo" boolean DEFAULT true NOT NULL,
	"user_id" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "pessoas_id_condominio_uq" UNIQUE("id","condominio_id")
);
--> statement-breakpoint
CREATE TABLE "solicitacoes_acesso" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"organization_id" text NOT NULL,
	"condominio_id" uuid NOT NULL,
	"unidade_id" uuid NOT NULL,
	"tipo" text DEFAULT 'visitante' NOT NULL,
	"nome_visitante" text NOT NULL,
	"doc_visitante" text,
	"telefone_visitante" text,
	"motivo" text,
	"expiracao_em" timestamp with time zone,
	"status" text DEFAULT 'pendente' NOT NULL,
	"decidido_em" timestamp with time zone,
	"decidido_por_pessoa_id" uuid,
	"decidido_por_user_id" text,
	"decidido_por_nome" text,
	"observacoes" text,
	"criado_por_user_id" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "solicitacoes_acesso_id_org_uq" UNIQUE("id","organization_id"),
	CONSTRAINT "solicitacoes_acesso_status_ck" CHECK ("status" IN ('pendente', 'autorizado', 'negado', 'expirado', 'cancelado')),
	CONSTRAINT "solicitacoes_acesso_tipo_ck" CHECK ("tipo" IN ('visitante', 'prestador'))
);
--> statement-breakpoint
CREATE TABLE "unidade_moradores" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"organization_id" text NOT NULL,
	"condominio_id" uuid NOT NULL,
	"unidade_id" uuid NOT NULL,
	"pessoa_id" uuid NOT NULL,
	"is_responsavel" boolean DEFAULT false NOT NULL,
	"ativo" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "unidades" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"organization_id" text NOT NULL,
	"condominio_id" uuid NOT NULL,
	"codigo" text NOT NULL,
	"torre" text,
	"pbx_ramal" text,
	"observacoes" text,
	"enabled" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "unidades_id_condominio_uq" UNIQUE("id","condominio_id")
);
--> statement-breakpoint
CREATE TABLE "login_failures" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"email" text NOT NULL,
	"ip" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "account" ADD CONSTRAINT "account_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invitation" ADD CONSTRAINT "invitation_organization_id_organization_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organization"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invitation" ADD CONSTRAINT "invitation_inviter_id_user_id_fk" FOREIGN KEY ("inviter_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "member" ADD CONSTRAINT "member_organization_id_organization_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organization"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "member" ADD CONSTRAINT "member_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "session" ADD CONSTRAINT "session_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "chamadas" ADD CONSTRAINT "chamadas_organization_id_organization_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organization"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "chamadas" ADD CONSTRAINT "chamadas_pessoa_id_pessoas_id_fk" FOREIGN KEY ("pessoa_id") REFERENCES "public"."pessoas"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "chamadas" ADD CONSTRAINT "chamadas_solicitacao_fk" FOREIGN KEY ("solicitacao_id","organization_id") REFERENCES "public"."solicitacoes_acesso"("id","organization_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "condominios" ADD CONSTRAINT "condominios_organization_id_organization_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organization"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "customers" ADD CONSTRAINT "customers_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "customers" ADD CONSTRAINT "customers_organization_id_organization_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organization"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pessoas" ADD CONSTRAINT "pessoas_organization_id_organization_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organization"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pessoas" ADD CONSTRAINT "pessoas_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pessoas" ADD CONSTRAINT "pessoas_condominio_fk" FOREIGN KEY ("condominio_id","organization_id") REFERENCES "public"."condominios"("id","organization_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "solicitacoes_acesso" ADD CONSTRAINT "solicitacoes_acesso_organization_id_organization_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organization"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "solicitacoes_acesso" ADD CONSTRAINT "solicitacoes_acesso_decidido_por_pessoa_id_pessoas_id_fk" FOREIGN KEY ("decidido_por_pessoa_id") REFERENCES "public"."pessoas"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "solicitacoes_acesso" ADD CONSTRAINT "solicitacoes_acesso_decidido_por_user_id_user_id_fk" FOREIGN KEY ("decidido_por_user_id") REFERENCES "public"."user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "solicitacoes_acesso" ADD CONSTRAINT "solicitacoes_acesso_criado_por_user_id_user_id_fk" FOREIGN KEY ("criado_por_user_id") REFERENCES "public"."user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "solicitacoes_acesso" ADD CONSTRAINT "solicitacoes_acesso_condominio_fk" FOREIGN KEY ("condominio_id","organization_id") REFERENCES "public"."condominios"("id","organization_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "solicitacoes_acesso" ADD CONSTRAINT "solicitacoes_acesso_unidade_fk" FOREIGN KEY ("unidade_id","condominio_id") REFERENCES "public"."unidades"("id","condominio_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "unidade_moradores" ADD CONSTRAINT "unidade_moradores_organization_id_organization_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organization"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "unidade_moradores" ADD CONSTRAINT "unidade_moradores_condominio_fk" FOREIGN KEY ("condominio_id","organization_id") REFERENCES "public"."condominios"("id","organization_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "unidade_moradores" ADD CONSTRAINT "unidade_moradores_unidade_fk" FOREIGN KEY ("unidade_id","condominio_id") REFERENCES "public"."unidades"("id","condominio_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "unidade_moradores" ADD CONSTRAINT "unidade_moradores_pessoa_fk" FOREIGN KEY ("pessoa_id","condominio_id") REFERENCES "public"."pessoas"("id","condominio_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "unidades" ADD CONSTRAINT "unidades_organization_id_organization_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organization"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "unidades" ADD CONSTRAINT "unidades_condominio_fk" FOREIGN KEY ("condominio_id","organization_id") REFERENCES "public"."condominios"("id","organization_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "account_user_id_idx" ON "account" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "invitation_org_idx" ON "invitation" USING btree ("organization_id");--> statement-breakpoint
CREATE INDEX "invitation_email_idx" ON "invitation" USING btree ("email");--> statement-breakpoint
CREATE UNIQUE INDEX "member_org_user_uq" ON "member" USING btree ("organization_id","user_id");--> statement-breakpoint
CREATE INDEX "member_user_id_idx" ON "member" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "session_user_id_idx" ON "session" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "verification_identifier_idx" ON "verification" USING btree ("identifier");--> statement-breakpoint
CREATE INDEX "chamadas_org_iniciado_idx" ON "chamadas" USING btree ("organization_id","iniciado_em" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "chamadas_org_status_iniciado_idx" ON "chamadas" USING btree ("organization_id","status","iniciado_em" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "chamadas_solicitacao_iniciado_idx" ON "chamadas" USING btree ("solicitacao_id","iniciado_em" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "chamadas_pessoa_iniciado_idx" ON "chamadas" USING btree ("pessoa_id","iniciado_em" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "condominios_org_nome_idx" ON "condominios" USING btree ("organization_id","nome");--> statement-breakpoint
CREATE INDEX "customers_user_idx" ON "customers" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "pessoas_org_nome_idx" ON "pessoas" USING btree ("organization_id","nome");--> statement-breakpoint
CREATE INDEX "pessoas_condominio_nome_idx" ON "pessoas" USING btree ("condominio_id","nome");--> statement-breakpoint
CREATE INDEX "pessoas_user_idx" ON "pessoas" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "solicitacoes_org_created_idx" ON "solicitacoes_acesso" USING btree ("organization_id","created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "solicitacoes_org_status_created_idx" ON "solicitacoes_acesso" USING btree ("organization_id","status","created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "solicitacoes_org_tipo_created_idx" ON "solicitacoes_acesso" USING btree ("organization_id","tipo","created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "solicitacoes_condominio_created_idx" ON "solicitacoes_acesso" USING btree ("condominio_id","created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "solicitacoes_unidade_created_idx" ON "solicitacoes_acesso" USING btree ("unidade_id","created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "solicitacoes_decidido_por_idx" ON "solicitacoes_acesso" USING btree ("decidido_por_pessoa_id");--> statement-breakpoint
CREATE INDEX "solicitacoes_pendentes_expiracao_idx" ON "solicitacoes_acesso" USING btree ("expiracao_em") WHERE "solicitacoes_acesso"."status" = 'pendente' AND "solicitacoes_acesso"."expiracao_em" IS NOT NULL;--> statement-breakpoint
CREATE UNIQUE INDEX "unidade_moradores_unidade_pessoa_uq" ON "unidade_moradores" USING btree ("unidade_id","pessoa_id");--> statement-breakpoint
CREATE INDEX "unidade_moradores_pessoa_idx" ON "unidade_moradores" USING btree ("pessoa_id");--> statement-breakpoint
CREATE INDEX "unidade_moradores_condominio_idx" ON "unidade_moradores" USING btree ("condominio_id");--> statement-breakpoint
CREATE UNIQUE INDEX "unidades_codigo_uq" ON "unidades" USING btree ("condominio_id",coalesce("torre", ''),"codigo");--> statement-breakpoint
CREATE INDEX "unidades_org_torre_codigo_idx" ON "unidades" USING btree ("organization_id","torre","codigo");--> statement-breakpoint
CREATE INDEX "unidades_condominio_torre_codigo_idx" ON "unidades" USING btree ("condominio_id","torre","codigo");--> statement-breakpoint
CREATE INDEX "login_failures_email_created_idx" ON "login_failures" USING btree ("email","created_at");--> statement-breakpoint
CREATE VIEW "public"."v_moradores_ativos" AS (select "unidade_moradores"."id", "unidade_moradores"."organization_id", "unidade_moradores"."condominio_id", "unidade_moradores"."unidade_id", "unidade_moradores"."pessoa_id", "pessoas"."nome", "unidade_moradores"."is_responsavel" from "unidade_moradores" inner join "pessoas" on "pessoas"."id" = "unidade_moradores"."pessoa_id" where "unidade_moradores"."ativo" AND "pessoas"."ativo");