CREATE TABLE "assinaturas" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"organization_id" text,
	"checkout_session_id" uuid,
	"provider" text NOT NULL,
	"customer_ref" text NOT NULL,
	"subscription_ref" text NOT NULL,
	"plano" text NOT NULL,
	"ciclo" text NOT NULL,
	"status" text NOT NULL,
	"valor_centavos" integer NOT NULL,
	"periodo_inicio" timestamp with time zone,
	"periodo_fim" timestamp with time zone,
	"compromisso_ate" timestamp with time zone,
	"cancela_em" timestamp with time zone,
	"encerrada_em" timestamp with time zone,
	"plano_proximo" text,
	"ciclo_proximo" text,
	"proximo_em" timestamp with time zone,
	"cartao_bandeira" text,
	"cartao_final" text,
	"cartao_validade" text,
	"falha_em" timestamp with time zone,
	"email_cobranca" text NOT NULL,
	"cliente" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "assinaturas_provider_check" CHECK ("provider" IN ('stripe', 'demo')),
	CONSTRAINT "assinaturas_plano_check" CHECK ("plano" IN ('essencial', 'avancado', 'personalizado')),
	CONSTRAINT "assinaturas_ciclo_check" CHECK ("ciclo" IN ('monthly', 'yearly')),
	CONSTRAINT "assinaturas_status_check" CHECK ("status" IN ('incompleta', 'ativa', 'inadimplente', 'cancelada')),
	CONSTRAINT "assinaturas_valor_check" CHECK ("assinaturas"."valor_centavos" >= 0)
);
--> statement-breakpoint
CREATE TABLE "eventos_cobranca" (
	"id" text PRIMARY KEY NOT NULL,
	"tipo" text NOT NULL,
	"recebido_em" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "faturas" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"numero" integer GENERATED ALWAYS AS IDENTITY (sequence name "faturas_numero_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"assinatura_id" uuid NOT NULL,
	"invoice_ref" text NOT NULL,
	"status" text NOT NULL,
	"descricao" text NOT NULL,
	"valor_centavos" integer NOT NULL,
	"itens" jsonb NOT NULL,
	"periodo_inicio" timestamp with time zone,
	"periodo_fim" timestamp with time zone,
	"paga_em" timestamp with time zone,
	"motivo_falha" text,
	"nfse_status" text DEFAULT 'nao_configurada' NOT NULL,
	"nfse_ref" text,
	"nfse_numero" text,
	"nfse_url" text,
	"nfse_mensagem" text,
	"nfse_tentativas" integer DEFAULT 0 NOT NULL,
	"nfse_em" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "faturas_status_check" CHECK ("status" IN ('aberta', 'paga', 'falhou', 'anulada')),
	CONSTRAINT "faturas_nfse_status_check" CHECK ("nfse_status" IN ('nao_configurada', 'pendente', 'emitida', 'falhou'))
);
--> statement-breakpoint
CREATE TABLE "uso_mensal" (
	"organization_id" text NOT NULL,
	"mes" date NOT NULL,
	"atendimentos" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "uso_mensal_organization_id_mes_pk" PRIMARY KEY("organization_id","mes")
);
--> statement-breakpoint
ALTER TABLE "assinaturas" ADD CONSTRAINT "assinaturas_organization_id_organization_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organization"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "assinaturas" ADD CONSTRAINT "assinaturas_checkout_session_id_checkout_sessions_id_fk" FOREIGN KEY ("checkout_session_id") REFERENCES "public"."checkout_sessions"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "faturas" ADD CONSTRAINT "faturas_assinatura_id_assinaturas_id_fk" FOREIGN KEY ("assinatura_id") REFERENCES "public"."assinaturas"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "uso_mensal" ADD CONSTRAINT "uso_mensal_organization_id_organization_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organization"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "assinaturas_organization_idx" ON "assinaturas" USING btree ("organization_id");--> statement-breakpoint
CREATE UNIQUE INDEX "assinaturas_checkout_idx" ON "assinaturas" USING btree ("checkout_session_id");--> statement-breakpoint
CREATE UNIQUE INDEX "assinaturas_subscription_idx" ON "assinaturas" USING btree ("provider","subscription_ref");--> statement-breakpoint
CREATE UNIQUE INDEX "faturas_invoice_idx" ON "faturas" USING btree ("assinatura_id","invoice_ref");--> statement-breakpoint
CREATE INDEX "faturas_assinatura_created_idx" ON "faturas" USING btree ("assinatura_id","created_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "faturas_nfse_pendente_idx" ON "faturas" USING btree ("nfse_em") WHERE "faturas"."nfse_status" = 'pendente';--> statement-breakpoint
-- Accounts opened through checkout before subscriptions existed paid one charge: they get a subscription
-- record with their plan (and so its limits), paid through a month after that charge. No provider
-- subscription stands behind it ('legado:' refs); docs/decisions/045-plans-and-billing.md.
INSERT INTO "assinaturas" ("organization_id", "checkout_session_id", "provider", "customer_ref", "subscription_ref", "plano", "ciclo", "status", "valor_centavos", "periodo_inicio", "periodo_fim", "email_cobranca", "cliente")
SELECT DISTINCT ON (c."organization_id") c."organization_id", s."id", s."provider", 'legado:' || s."id", 'legado:' || s."id", c."plan_type", c."billing_cycle", 'ativa', s."amount_cents",
  CASE WHEN s."amount_cents" > 0 THEN coalesce(s."paid_at", s."created_at") END,
  CASE WHEN s."amount_cents" > 0 THEN coalesce(s."paid_at", s."created_at") + interval '1 month' END,
  s."email", s."cliente"
FROM "customers" c JOIN "checkout_sessions" s ON s."id" = c."checkout_session_id"
WHERE c."organization_id" IS NOT NULL
ORDER BY c."organization_id", c."created_at";
