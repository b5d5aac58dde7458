CREATE TABLE "convites" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"organization_id" text NOT NULL,
	"email" text NOT NULL,
	"papel" text NOT NULL,
	"pessoa_id" uuid,
	"token_hash" text NOT NULL,
	"status" text DEFAULT 'pendente' NOT NULL,
	"expira_em" timestamp with time zone NOT NULL,
	"convidado_por_user_id" text,
	"aceito_por_user_id" text,
	"envios" integer DEFAULT 1 NOT NULL,
	"enviado_em" timestamp with time zone DEFAULT now() NOT NULL,
	"aceito_em" timestamp with time zone,
	"revogado_em" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "convites_papel_check" CHECK ("papel" IN ('sindico', 'porteiro', 'morador')),
	CONSTRAINT "convites_status_check" CHECK ("status" IN ('pendente', 'aceito', 'revogado')),
	CONSTRAINT "convites_morador_pessoa_check" CHECK (("papel" = 'morador') = ("pessoa_id" IS NOT NULL))
);
--> statement-breakpoint
ALTER TABLE "organization" ADD COLUMN "cnpj" text;--> statement-breakpoint
ALTER TABLE "organization" ADD COLUMN "telefone" text;--> statement-breakpoint
ALTER TABLE "organization" ADD COLUMN "email_contato" text;--> statement-breakpoint
ALTER TABLE "convites" ADD CONSTRAINT "convites_organization_id_organization_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organization"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "convites" ADD CONSTRAINT "convites_convidado_por_user_id_user_id_fk" FOREIGN KEY ("convidado_por_user_id") REFERENCES "public"."user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "convites" ADD CONSTRAINT "convites_aceito_por_user_id_user_id_fk" FOREIGN KEY ("aceito_por_user_id") REFERENCES "public"."user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "convites" ADD CONSTRAINT "convites_pessoa_fk" FOREIGN KEY ("pessoa_id","organization_id") REFERENCES "public"."pessoas"("id","organization_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "convites_token_hash_uq" ON "convites" USING btree ("token_hash");--> statement-breakpoint
CREATE UNIQUE INDEX "convites_pendente_email_uq" ON "convites" USING btree ("organization_id","email") WHERE "convites"."status" = 'pendente';--> statement-breakpoint
CREATE INDEX "convites_org_status_idx" ON "convites" USING btree ("organization_id","status","created_at");--> statement-breakpoint
CREATE INDEX "convites_pessoa_idx" ON "convites" USING btree ("pessoa_id");