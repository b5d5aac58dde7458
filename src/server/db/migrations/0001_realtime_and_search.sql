-- Trigram indexes for the "contains" searches (pg_trgm ships with PostgreSQL and PGlite).
CREATE EXTENSION IF NOT EXISTS pg_trgm;--> statement-breakpoint
CREATE TABLE "evento_sequencias" (
	"organization_id" text PRIMARY KEY NOT NULL,
	"ultimo_id" bigint DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "eventos" (
	"organization_id" text NOT NULL,
	"id" bigint NOT NULL,
	"tipo" text NOT NULL,
	"solicitacao_id" uuid,
	"payload" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "eventos_organization_id_id_pk" PRIMARY KEY("organization_id","id")
);
--> statement-breakpoint
ALTER TABLE "solicitacoes_acesso" ADD COLUMN "busca" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "evento_sequencias" ADD CONSTRAINT "evento_sequencias_organization_id_organization_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organization"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "eventos" ADD CONSTRAINT "eventos_organization_id_organization_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organization"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "eventos_created_idx" ON "eventos" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "solicitacoes_busca_trgm_idx" ON "solicitacoes_acesso" USING gin ("busca" gin_trgm_ops);