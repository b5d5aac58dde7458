CREATE TABLE "acessos" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"organization_id" text NOT NULL,
	"condominio_id" uuid NOT NULL,
	"unidade_id" uuid NOT NULL,
	"nome" text NOT NULL,
	"documento" text,
	"tipo" text NOT NULL,
	"origem" text NOT NULL,
	"solicitacao_id" uuid,
	"passe_id" uuid,
	"validacao_id" uuid,
	"autorizado_por_pessoa_id" uuid,
	"autorizado_por_nome" text,
	"entrada_em" timestamp with time zone DEFAULT now() NOT NULL,
	"entrada_por_user_id" text,
	"entrada_por_api_key_id" uuid,
	"entrada_por_nome" text,
	"saida_em" timestamp with time zone,
	"saida_por_user_id" text,
	"saida_por_nome" text,
	"busca" text DEFAULT '' NOT NULL,
	CONSTRAINT "acessos_tipo_ck" CHECK ("tipo" IN ('visitante', 'prestador', 'entregador')),
	CONSTRAINT "acessos_origem_ck" CHECK ("origem" IN ('solicitacao', 'passe', 'morador')),
	CONSTRAINT "acessos_periodo_ck" CHECK ("acessos"."saida_em" IS NULL OR "acessos"."saida_em" >= "acessos"."entrada_em"),
	CONSTRAINT "acessos_origem_ref_ck" CHECK (("acessos"."origem" <> 'solicitacao' OR "acessos"."solicitacao_id" IS NOT NULL) AND ("acessos"."origem" <> 'passe' OR "acessos"."passe_id" IS NOT NULL))
);
--> statement-breakpoint
CREATE TABLE "passe_validacoes" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"organization_id" text NOT NULL,
	"condominio_id" uuid NOT NULL,
	"passe_id" uuid,
	"metodo" text NOT NULL,
	"resultado" text NOT NULL,
	"mensagem" text NOT NULL,
	"validado_por_user_id" text,
	"validado_por_api_key_id" uuid,
	"validado_por_nome" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "passe_validacoes_id_org_uq" UNIQUE("id","organization_id"),
	CONSTRAINT "passe_validacoes_metodo_ck" CHECK ("metodo" IN ('pin', 'qr')),
	CONSTRAINT "passe_validacoes_resultado_ck" CHECK ("resultado" IN ('liberado', 'pin_invalido', 'qr_invalido', 'outro_condominio', 'suspenso', 'revogado', 'nao_iniciado', 'expirado', 'fora_do_horario', 'antipassback', 'unidade_inativa'))
);
--> statement-breakpoint
CREATE TABLE "passes" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"organization_id" text NOT NULL,
	"condominio_id" uuid NOT NULL,
	"unidade_id" uuid NOT NULL,
	"tipo" text NOT NULL,
	"nome" text NOT NULL,
	"descricao" text,
	"documento" text,
	"telefone" text,
	"modalidade" text NOT NULL,
	"data_inicio" date NOT NULL,
	"data_fim" date NOT NULL,
	"dias_semana" integer[] DEFAULT '{}'::integer[] NOT NULL,
	"hora_inicio" text NOT NULL,
	"hora_fim" text NOT NULL,
	"intervalo_minimo_segundos" integer DEFAULT 120 NOT NULL,
	"status" text DEFAULT 'ativo' NOT NULL,
	"pin" text NOT NULL,
	"usos" integer DEFAULT 0 NOT NULL,
	"ultimo_uso_em" timestamp with time zone,
	"criado_por_user_id" text,
	"busca" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "passes_id_org_uq" UNIQUE("id","organization_id"),
	CONSTRAINT "passes_id_condominio_uq" UNIQUE("id","condominio_id"),
	CONSTRAINT "passes_tipo_ck" CHECK ("tipo" IN ('visitante', 'prestador', 'entregador')),
	CONSTRAINT "passes_modalidade_ck" CHECK ("modalidade" IN ('unica', 'recorrente')),
	CONSTRAINT "passes_status_ck" CHECK ("status" IN ('ativo', 'suspenso', 'revogado')),
	CONSTRAINT "passes_pin_ck" CHECK ("passes"."pin" ~ '^[0-9]{6}$'),
	CONSTRAINT "passes_periodo_ck" CHECK ("passes"."data_fim" >= "passes"."data_inicio"),
	CONSTRAINT "passes_horas_ck" CHECK ("passes"."hora_inicio" ~ '^[0-2][0-9]:[0-5][0-9]$' AND "passes"."hora_fim" ~ '^[0-2][0-9]:[0-5][0-9]$'),
	CONSTRAINT "passes_intervalo_ck" CHECK ("passes"."intervalo_minimo_segundos" BETWEEN 0 AND 86400)
);
--> statement-breakpoint
ALTER TABLE "api_keys" DROP CONSTRAINT "api_keys_escopos_check";--> statement-breakpoint
ALTER TABLE "acessos" ADD CONSTRAINT "acessos_organization_id_organization_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organization"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "acessos" ADD CONSTRAINT "acessos_entrada_por_user_id_user_id_fk" FOREIGN KEY ("entrada_por_user_id") REFERENCES "public"."user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "acessos" ADD CONSTRAINT "acessos_saida_por_user_id_user_id_fk" FOREIGN KEY ("saida_por_user_id") REFERENCES "public"."user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "acessos" ADD CONSTRAINT "acessos_condominio_fk" FOREIGN KEY ("condominio_id","organization_id") REFERENCES "public"."condominios"("id","organization_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "acessos" ADD CONSTRAINT "acessos_unidade_fk" FOREIGN KEY ("unidade_id","condominio_id") REFERENCES "public"."unidades"("id","condominio_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "acessos" ADD CONSTRAINT "acessos_solicitacao_fk" FOREIGN KEY ("solicitacao_id","organization_id") REFERENCES "public"."solicitacoes_acesso"("id","organization_id") ON DELETE set null ("solicitacao_id") ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "acessos" ADD CONSTRAINT "acessos_passe_fk" FOREIGN KEY ("passe_id","condominio_id") REFERENCES "public"."passes"("id","condominio_id") ON DELETE set null ("passe_id") ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "acessos" ADD CONSTRAINT "acessos_validacao_fk" FOREIGN KEY ("validacao_id","organization_id") REFERENCES "public"."passe_validacoes"("id","organization_id") ON DELETE set null ("validacao_id") ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "acessos" ADD CONSTRAINT "acessos_autorizado_por_fk" FOREIGN KEY ("autorizado_por_pessoa_id","organization_id") REFERENCES "public"."pessoas"("id","organization_id") ON DELETE set null ("autorizado_por_pessoa_id") ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "acessos" ADD CONSTRAINT "acessos_entrada_api_key_fk" FOREIGN KEY ("entrada_por_api_key_id","organization_id") REFERENCES "public"."api_keys"("id","organization_id") ON DELETE set null ("entrada_por_api_key_id") ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "passe_validacoes" ADD CONSTRAINT "passe_validacoes_organization_id_organization_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organization"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "passe_validacoes" ADD CONSTRAINT "passe_validacoes_validado_por_user_id_user_id_fk" FOREIGN KEY ("validado_por_user_id") REFERENCES "public"."user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "passe_validacoes" ADD CONSTRAINT "passe_validacoes_condominio_fk" FOREIGN KEY ("condominio_id","organization_id") REFERENCES "public"."condominios"("id","organization_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "passe_validacoes" ADD CONSTRAINT "passe_validacoes_passe_fk" FOREIGN KEY ("passe_id","organization_id") REFERENCES "public"."passes"("id","organization_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "passe_validacoes" ADD CONSTRAINT "passe_validacoes_api_key_fk" FOREIGN KEY ("validado_por_api_key_id","organization_id") REFERENCES "public"."api_keys"("id","organization_id") ON DELETE set null ("validado_por_api_key_id") ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "passes" ADD CONSTRAINT "passes_organization_id_organization_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organization"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "passes" ADD CONSTRAINT "passes_criado_por_user_id_user_id_fk" FOREIGN KEY ("criado_por_user_id") REFERENCES "public"."user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "passes" ADD CONSTRAINT "passes_condominio_fk" FOREIGN KEY ("condominio_id","organization_id") REFERENCES "public"."condominios"("id","organization_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "passes" ADD CONSTRAINT "passes_unidade_fk" FOREIGN KEY ("unidade_id","condominio_id") REFERENCES "public"."unidades"("id","condominio_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "acessos_solicitacao_uq" ON "acessos" USING btree ("solicitacao_id") WHERE "acessos"."solicitacao_id" IS NOT NULL;--> statement-breakpoint
CREATE UNIQUE INDEX "acessos_validacao_uq" ON "acessos" USING btree ("validacao_id") WHERE "acessos"."validacao_id" IS NOT NULL;--> statement-breakpoint
CREATE INDEX "acessos_org_entrada_idx" ON "acessos" USING btree ("organization_id","entrada_em" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "acessos_condominio_entrada_idx" ON "acessos" USING btree ("condominio_id","entrada_em" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "acessos_unidade_entrada_idx" ON "acessos" USING btree ("unidade_id","entrada_em" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "acessos_presentes_idx" ON "acessos" USING btree ("organization_id","entrada_em" DESC NULLS FIRST,"id" DESC NULLS FIRST) WHERE "acessos"."saida_em" IS NULL;--> statement-breakpoint
CREATE INDEX "acessos_condominio_presentes_idx" ON "acessos" USING btree ("condominio_id","entrada_em" DESC NULLS FIRST,"id" DESC NULLS FIRST) WHERE "acessos"."saida_em" IS NULL;--> statement-breakpoint
CREATE INDEX "acessos_passe_idx" ON "acessos" USING btree ("passe_id") WHERE "acessos"."passe_id" IS NOT NULL;--> statement-breakpoint
CREATE INDEX "acessos_busca_trgm_idx" ON "acessos" USING gin ("busca" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "passe_validacoes_condominio_created_idx" ON "passe_validacoes" USING btree ("condominio_id","created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "passe_validacoes_org_created_idx" ON "passe_validacoes" USING btree ("organization_id","created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "passe_validacoes_passe_created_idx" ON "passe_validacoes" USING btree ("passe_id","created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "passe_validacoes_pin_invalido_idx" ON "passe_validacoes" USING btree ("condominio_id","created_at") WHERE "passe_validacoes"."resultado" = 'pin_invalido';--> statement-breakpoint
CREATE UNIQUE INDEX "passes_condominio_pin_uq" ON "passes" USING btree ("condominio_id","pin") WHERE "passes"."status" <> 'revogado';--> statement-breakpoint
CREATE INDEX "passes_condominio_pin_idx" ON "passes" USING btree ("condominio_id","pin");--> statement-breakpoint
CREATE INDEX "passes_org_created_idx" ON "passes" USING btree ("organization_id","created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "passes_condominio_created_idx" ON "passes" USING btree ("condominio_id","created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "passes_unidade_created_idx" ON "passes" USING btree ("unidade_id","created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "passes_busca_trgm_idx" ON "passes" USING gin ("busca" gin_trgm_ops);--> statement-breakpoint
ALTER TABLE "api_keys" ADD CONSTRAINT "api_keys_escopos_check" CHECK (cardinality("escopos") > 0 AND "escopos" <@ ARRAY['solicitacoes:ler', 'solicitacoes:escrever', 'chamadas:escrever', 'diretorio:ler', 'eventos:ler', 'passes:validar']::text[]);