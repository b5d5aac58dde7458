CREATE TABLE "mail_outbox" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"organization_id" text,
	"para" text NOT NULL,
	"assunto" text NOT NULL,
	"html" text NOT NULL,
	"texto" text NOT NULL,
	"links" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"tipo" text NOT NULL,
	"status" text DEFAULT 'pendente' NOT NULL,
	"tentativas" integer DEFAULT 0 NOT NULL,
	"proxima_tentativa_em" timestamp with time zone DEFAULT now() NOT NULL,
	"ultimo_erro" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"enviado_em" timestamp with time zone,
	CONSTRAINT "mail_outbox_status_check" CHECK ("status" IN ('pendente', 'enviado', 'falhou')),
	CONSTRAINT "mail_outbox_tentativas_check" CHECK ("mail_outbox"."tentativas" >= 0)
);
--> statement-breakpoint
ALTER TABLE "mail_outbox" ADD CONSTRAINT "mail_outbox_organization_id_organization_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organization"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "mail_outbox_due_idx" ON "mail_outbox" USING btree ("proxima_tentativa_em") WHERE "mail_outbox"."status" = 'pendente';--> statement-breakpoint
CREATE INDEX "mail_outbox_enviado_idx" ON "mail_outbox" USING btree ("enviado_em") WHERE "mail_outbox"."status" = 'enviado';--> statement-breakpoint
CREATE INDEX "mail_outbox_organization_idx" ON "mail_outbox" USING btree ("organization_id");