CREATE TABLE "atendente_entradas" (
	"chave" text PRIMARY KEY NOT NULL,
	"organization_id" text NOT NULL,
	"conversa_id" uuid NOT NULL,
	"resposta" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "atendente_envios" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"organization_id" text NOT NULL,
	"conversa_id" uuid NOT NULL,
	"numero_id" text NOT NULL,
	"destino" text NOT NULL,
	"texto" text NOT NULL,
	"status" text DEFAULT 'pendente' NOT NULL,
	"tentativas" integer DEFAULT 0 NOT NULL,
	"proxima_tentativa_em" timestamp with time zone DEFAULT now() NOT NULL,
	"provedor_mensagem_id" text,
	"ultimo_erro" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "atendente_envios_status_ck" CHECK ("atendente_envios"."status" IN ('pendente', 'enviada', 'falhou'))
);
--> statement-breakpoint
ALTER TABLE "chamadas" DROP CONSTRAINT "chamadas_status_ck";--> statement-breakpoint
ALTER TABLE "notificacoes" DROP CONSTRAINT "notificacoes_canal_ck";--> statement-breakpoint
ALTER TABLE "atendente_conversas" ADD COLUMN "contato" text;--> statement-breakpoint
ALTER TABLE "atendente_conversas" ADD COLUMN "demo" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "chamadas" ADD COLUMN "tecla" text;--> statement-breakpoint
ALTER TABLE "chamadas" ADD COLUMN "provedor_chamada_id" text;--> statement-breakpoint
ALTER TABLE "chamadas" ADD COLUMN "notificacao_id" uuid;--> statement-breakpoint
ALTER TABLE "chamadas" ADD COLUMN "demo" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "condominios" ADD COLUMN "contato_morador" text DEFAULT 'mensagem' NOT NULL;--> statement-breakpoint
ALTER TABLE "portoes" ADD COLUMN "whatsapp_numero_id" text;--> statement-breakpoint
ALTER TABLE "atendente_entradas" ADD CONSTRAINT "atendente_entradas_organization_id_organization_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organization"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "atendente_entradas" ADD CONSTRAINT "atendente_entradas_conversa_id_atendente_conversas_id_fk" FOREIGN KEY ("conversa_id") REFERENCES "public"."atendente_conversas"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "atendente_envios" ADD CONSTRAINT "atendente_envios_organization_id_organization_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organization"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "atendente_envios" ADD CONSTRAINT "atendente_envios_conversa_id_atendente_conversas_id_fk" FOREIGN KEY ("conversa_id") REFERENCES "public"."atendente_conversas"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "atendente_entradas_conversa_idx" ON "atendente_entradas" USING btree ("conversa_id");--> statement-breakpoint
CREATE INDEX "atendente_envios_devidos_idx" ON "atendente_envios" USING btree ("proxima_tentativa_em") WHERE "atendente_envios"."status" = 'pendente';--> statement-breakpoint
CREATE INDEX "atendente_envios_conversa_idx" ON "atendente_envios" USING btree ("conversa_id");--> statement-breakpoint
CREATE UNIQUE INDEX "atendente_conversas_telefone_uq" ON "atendente_conversas" USING btree ("contato") WHERE "atendente_conversas"."canal" = 'telefone' AND "atendente_conversas"."contato" IS NOT NULL;--> statement-breakpoint
CREATE UNIQUE INDEX "atendente_conversas_whatsapp_aberta_uq" ON "atendente_conversas" USING btree ("portao_id","contato") WHERE "atendente_conversas"."canal" = 'whatsapp' AND "atendente_conversas"."encerrada_em" IS NULL AND "atendente_conversas"."contato" IS NOT NULL;--> statement-breakpoint
CREATE UNIQUE INDEX "chamadas_provedor_chamada_uq" ON "chamadas" USING btree ("provedor_chamada_id") WHERE "chamadas"."provedor_chamada_id" IS NOT NULL;--> statement-breakpoint
CREATE UNIQUE INDEX "chamadas_notificacao_uq" ON "chamadas" USING btree ("notificacao_id") WHERE "chamadas"."notificacao_id" IS NOT NULL;--> statement-breakpoint
CREATE UNIQUE INDEX "portoes_whatsapp_numero_uq" ON "portoes" USING btree ("whatsapp_numero_id") WHERE "portoes"."whatsapp_numero_id" IS NOT NULL;--> statement-breakpoint
ALTER TABLE "chamadas" ADD CONSTRAINT "chamadas_status_ck" CHECK ("status" IN ('criada', 'discando', 'atendida', 'ocupada', 'sem_resposta', 'falhou', 'concluida'));--> statement-breakpoint
ALTER TABLE "condominios" ADD CONSTRAINT "condominios_contato_morador_ck" CHECK ("contato_morador" IN ('mensagem', 'mensagem_e_ligacao', 'ligacao_e_mensagem', 'ligacao'));--> statement-breakpoint
ALTER TABLE "notificacoes" ADD CONSTRAINT "notificacoes_canal_ck" CHECK ("canal" IN ('whatsapp', 'sms', 'email', 'ligacao'));