CREATE TABLE "central_itens" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"organization_id" text NOT NULL,
	"condominio_id" uuid NOT NULL,
	"portao_id" uuid,
	"tipo" text NOT NULL,
	"origem" text NOT NULL,
	"solicitacao_id" uuid,
	"conversa_id" uuid,
	"status" text DEFAULT 'aberto' NOT NULL,
	"criado_em" timestamp with time zone DEFAULT now() NOT NULL,
	"assumido_por_user_id" text,
	"assumido_em" timestamp with time zone,
	"resolvido_por_user_id" text,
	"resolvido_em" timestamp with time zone,
	"desfecho" text,
	"nota" text,
	"escalado_em" timestamp with time zone,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "central_itens_tipo_ck" CHECK ("tipo" IN ('atendimento', 'solicitacao_atrasada', 'morador_sem_resposta', 'pin_bloqueado', 'comando_falhou', 'dispositivo_silencioso')),
	CONSTRAINT "central_itens_status_ck" CHECK ("status" IN ('aberto', 'assumido', 'resolvido')),
	CONSTRAINT "central_itens_desfecho_ck" CHECK ("desfecho" IN ('autorizado', 'negado', 'resolvido', 'sem_acao', 'na_origem')),
	CONSTRAINT "central_itens_estado_ck" CHECK (("central_itens"."status" <> 'assumido' OR "central_itens"."assumido_em" IS NOT NULL) AND ("central_itens"."status" <> 'resolvido' OR ("central_itens"."resolvido_em" IS NOT NULL AND "central_itens"."desfecho" IS NOT NULL)))
);
--> statement-breakpoint
CREATE TABLE "operador_presencas" (
	"organization_id" text NOT NULL,
	"user_id" text NOT NULL,
	"status" text DEFAULT 'disponivel' NOT NULL,
	"desde" timestamp with time zone DEFAULT now() NOT NULL,
	"visto_em" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "operador_presencas_pk" PRIMARY KEY("organization_id","user_id"),
	CONSTRAINT "operador_presencas_status_ck" CHECK ("status" IN ('disponivel', 'pausa'))
);
--> statement-breakpoint
ALTER TABLE "convites" DROP CONSTRAINT "convites_papel_check";--> statement-breakpoint
ALTER TABLE "condominios" ADD COLUMN "sla_assumir_segundos" integer DEFAULT 30 NOT NULL;--> statement-breakpoint
ALTER TABLE "condominios" ADD COLUMN "sla_resolver_segundos" integer DEFAULT 300 NOT NULL;--> statement-breakpoint
ALTER TABLE "central_itens" ADD CONSTRAINT "central_itens_organization_id_organization_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organization"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "central_itens" ADD CONSTRAINT "central_itens_assumido_por_user_id_user_id_fk" FOREIGN KEY ("assumido_por_user_id") REFERENCES "public"."user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "central_itens" ADD CONSTRAINT "central_itens_resolvido_por_user_id_user_id_fk" FOREIGN KEY ("resolvido_por_user_id") REFERENCES "public"."user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "central_itens" ADD CONSTRAINT "central_itens_condominio_fk" FOREIGN KEY ("condominio_id","organization_id") REFERENCES "public"."condominios"("id","organization_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "operador_presencas" ADD CONSTRAINT "operador_presencas_organization_id_organization_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organization"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "operador_presencas" ADD CONSTRAINT "operador_presencas_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "central_itens_origem_aberta_uq" ON "central_itens" USING btree ("origem") WHERE "central_itens"."status" <> 'resolvido';--> statement-breakpoint
CREATE INDEX "central_itens_origem_idx" ON "central_itens" USING btree ("origem","resolvido_em");--> statement-breakpoint
CREATE INDEX "central_itens_fila_idx" ON "central_itens" USING btree ("organization_id","criado_em") WHERE "central_itens"."status" <> 'resolvido';--> statement-breakpoint
CREATE INDEX "central_itens_condominio_criado_idx" ON "central_itens" USING btree ("condominio_id","criado_em");--> statement-breakpoint
CREATE INDEX "atendente_conversas_condominio_criada_idx" ON "atendente_conversas" USING btree ("condominio_id","created_at");--> statement-breakpoint
CREATE INDEX "webhook_entregas_portao_falhas_idx" ON "webhook_entregas" USING btree ("created_at") WHERE "webhook_entregas"."tipo" = 'portao.abrir' AND "webhook_entregas"."status" <> 'entregue';--> statement-breakpoint
ALTER TABLE "condominios" ADD CONSTRAINT "condominios_sla_ck" CHECK ("condominios"."sla_assumir_segundos" BETWEEN 5 AND 3600 AND "condominios"."sla_resolver_segundos" BETWEEN 30 AND 86400);--> statement-breakpoint
ALTER TABLE "convites" ADD CONSTRAINT "convites_papel_check" CHECK ("papel" IN ('sindico', 'porteiro', 'operador', 'morador'));