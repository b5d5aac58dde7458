CREATE TABLE "notificacoes" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"organization_id" text NOT NULL,
	"solicitacao_id" uuid NOT NULL,
	"pessoa_id" uuid,
	"pessoa_nome" text NOT NULL,
	"ordem" integer NOT NULL,
	"canal" text NOT NULL,
	"destino" text NOT NULL,
	"demo" boolean DEFAULT false NOT NULL,
	"mensagem" text,
	"status" text DEFAULT 'pendente' NOT NULL,
	"tentativas" integer DEFAULT 0 NOT NULL,
	"proxima_tentativa_em" timestamp with time zone DEFAULT now() NOT NULL,
	"ultimo_erro" text,
	"provedor_mensagem_id" text,
	"token_hash" text,
	"token_expira_em" timestamp with time zone,
	"revogado_em" timestamp with time zone,
	"enviada_em" timestamp with time zone,
	"entregue_em" timestamp with time zone,
	"aberta_em" timestamp with time zone,
	"decidida_em" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "notificacoes_canal_ck" CHECK ("canal" IN ('whatsapp', 'sms', 'email')),
	CONSTRAINT "notificacoes_status_ck" CHECK ("status" IN ('pendente', 'enviada', 'entregue', 'falhou'))
);
--> statement-breakpoint
ALTER TABLE "condominios" ADD COLUMN "espera_morador_segundos" integer DEFAULT 60 NOT NULL;--> statement-breakpoint
ALTER TABLE "condominios" ADD COLUMN "notificar_todos_moradores" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "pessoas" ADD COLUMN "canal_preferido" text;--> statement-breakpoint
ALTER TABLE "solicitacoes_acesso" ADD COLUMN "decidido_via" text;--> statement-breakpoint
ALTER TABLE "solicitacoes_acesso" ADD COLUMN "escalonamento_em" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "solicitacoes_acesso" ADD COLUMN "escalonamento_proximo" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "solicitacoes_acesso" ADD COLUMN "sem_resposta_moradores_em" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "notificacoes" ADD CONSTRAINT "notificacoes_organization_id_organization_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organization"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "notificacoes" ADD CONSTRAINT "notificacoes_solicitacao_fk" FOREIGN KEY ("solicitacao_id","organization_id") REFERENCES "public"."solicitacoes_acesso"("id","organization_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "notificacoes" ADD CONSTRAINT "notificacoes_pessoa_fk" FOREIGN KEY ("pessoa_id","organization_id") REFERENCES "public"."pessoas"("id","organization_id") ON DELETE set null ("pessoa_id") ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "notificacoes_token_hash_uq" ON "notificacoes" USING btree ("token_hash");--> statement-breakpoint
CREATE INDEX "notificacoes_solicitacao_idx" ON "notificacoes" USING btree ("solicitacao_id","created_at");--> statement-breakpoint
CREATE INDEX "notificacoes_due_idx" ON "notificacoes" USING btree ("proxima_tentativa_em") WHERE "notificacoes"."status" = 'pendente';--> statement-breakpoint
CREATE INDEX "notificacoes_pessoa_idx" ON "notificacoes" USING btree ("pessoa_id");--> statement-breakpoint
CREATE INDEX "notificacoes_provedor_idx" ON "notificacoes" USING btree ("provedor_mensagem_id") WHERE "notificacoes"."provedor_mensagem_id" IS NOT NULL;--> statement-breakpoint
CREATE INDEX "solicitacoes_escalonamento_idx" ON "solicitacoes_acesso" USING btree ("escalonamento_em") WHERE "solicitacoes_acesso"."status" = 'pendente' AND "solicitacoes_acesso"."escalonamento_em" IS NOT NULL;--> statement-breakpoint
CREATE INDEX "solicitacoes_sem_resposta_idx" ON "solicitacoes_acesso" USING btree ("organization_id","created_at") WHERE "solicitacoes_acesso"."status" = 'pendente' AND "solicitacoes_acesso"."sem_resposta_moradores_em" IS NOT NULL;--> statement-breakpoint
ALTER TABLE "condominios" ADD CONSTRAINT "condominios_espera_morador_ck" CHECK ("condominios"."espera_morador_segundos" BETWEEN 15 AND 3600);--> statement-breakpoint
ALTER TABLE "pessoas" ADD CONSTRAINT "pessoas_canal_preferido_ck" CHECK ("canal_preferido" IN ('whatsapp', 'sms', 'email'));--> statement-breakpoint
ALTER TABLE "solicitacoes_acesso" ADD CONSTRAINT "solicitacoes_acesso_decidido_via_ck" CHECK ("decidido_via" IN ('console', 'telefone', 'link'));