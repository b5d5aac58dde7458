CREATE TABLE "checkout_sessions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"plan_type" text NOT NULL,
	"billing_cycle" text NOT NULL,
	"amount_cents" integer NOT NULL,
	"currency" text DEFAULT 'brl' NOT NULL,
	"email" text NOT NULL,
	"nome" text NOT NULL,
	"cliente" jsonb NOT NULL,
	"provider" text NOT NULL,
	"provider_ref" text,
	"status" text DEFAULT 'pendente' NOT NULL,
	"failure_reason" text,
	"user_id" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"paid_at" timestamp with time zone,
	"completed_at" timestamp with time zone,
	CONSTRAINT "checkout_sessions_status_check" CHECK ("status" IN ('pendente', 'pago', 'falhou', 'sem_cobranca', 'concluido')),
	CONSTRAINT "checkout_sessions_plan_check" CHECK ("plan_type" IN ('essencial', 'avancado', 'personalizado')),
	CONSTRAINT "checkout_sessions_billing_check" CHECK ("billing_cycle" IN ('monthly', 'yearly')),
	CONSTRAINT "checkout_sessions_provider_check" CHECK ("provider" IN ('stripe', 'demo')),
	CONSTRAINT "checkout_sessions_amount_check" CHECK ("checkout_sessions"."amount_cents" >= 0)
);
--> statement-breakpoint
ALTER TABLE "user" ADD COLUMN "user_metadata" jsonb;--> statement-breakpoint
ALTER TABLE "customers" ADD COLUMN "checkout_session_id" uuid;--> statement-breakpoint
ALTER TABLE "checkout_sessions" ADD CONSTRAINT "checkout_sessions_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "checkout_sessions_provider_ref_idx" ON "checkout_sessions" USING btree ("provider","provider_ref");--> statement-breakpoint
ALTER TABLE "customers" ADD CONSTRAINT "customers_checkout_session_id_checkout_sessions_id_fk" FOREIGN KEY ("checkout_session_id") REFERENCES "public"."checkout_sessions"("id") ON DELETE set null ON UPDATE no action;