DROP INDEX "pessoas_org_nome_idx";--> statement-breakpoint
DROP INDEX "pessoas_condominio_nome_idx";--> statement-breakpoint
DROP INDEX "unidades_org_torre_codigo_idx";--> statement-breakpoint
DROP INDEX "unidades_condominio_torre_codigo_idx";--> statement-breakpoint
ALTER TABLE "chamadas" ADD COLUMN "busca" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "condominios" ADD COLUMN "busca" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "pessoas" ADD COLUMN "busca" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "unidades" ADD COLUMN "busca" text DEFAULT '' NOT NULL;--> statement-breakpoint
CREATE INDEX "chamadas_busca_trgm_idx" ON "chamadas" USING gin ("busca" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "pessoas_busca_trgm_idx" ON "pessoas" USING gin ("busca" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "unidades_busca_trgm_idx" ON "unidades" USING gin ("busca" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "pessoas_org_nome_idx" ON "pessoas" USING btree ("organization_id","nome","id");--> statement-breakpoint
CREATE INDEX "pessoas_condominio_nome_idx" ON "pessoas" USING btree ("condominio_id","nome","id");--> statement-breakpoint
CREATE INDEX "unidades_org_torre_codigo_idx" ON "unidades" USING btree ("organization_id","torre","codigo","id");--> statement-breakpoint
CREATE INDEX "unidades_condominio_torre_codigo_idx" ON "unidades" USING btree ("condominio_id","torre","codigo","id");