ALTER TABLE "fotos" ADD COLUMN "pessoa_id" uuid;--> statement-breakpoint
ALTER TABLE "fotos" ADD CONSTRAINT "fotos_pessoa_fk" FOREIGN KEY ("pessoa_id","condominio_id") REFERENCES "public"."pessoas"("id","condominio_id") ON DELETE cascade ON UPDATE cascade;--> statement-breakpoint
CREATE UNIQUE INDEX "fotos_pessoa_uq" ON "fotos" USING btree ("pessoa_id") WHERE "fotos"."pessoa_id" IS NOT NULL;--> statement-breakpoint
ALTER TABLE "pessoas" DROP COLUMN "foto_url";--> statement-breakpoint
ALTER TABLE "fotos" ADD CONSTRAINT "fotos_pessoa_ck" CHECK ("fotos"."pessoa_id" IS NULL OR ("fotos"."solicitacao_id" IS NULL AND "fotos"."passe_id" IS NULL AND "fotos"."conversa_id" IS NULL));