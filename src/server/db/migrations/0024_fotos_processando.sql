ALTER TABLE "fotos" DROP CONSTRAINT "fotos_status_ck";--> statement-breakpoint
ALTER TABLE "fotos" ADD COLUMN "chave_original" text;--> statement-breakpoint
ALTER TABLE "fotos" ADD COLUMN "render_em" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "fotos" ADD COLUMN "render_tentativas" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
CREATE INDEX "fotos_processando_idx" ON "fotos" USING btree ("created_at") WHERE "fotos"."status" = 'processando';--> statement-breakpoint
ALTER TABLE "fotos" ADD CONSTRAINT "fotos_original_ck" CHECK (("fotos"."status" = 'processando') = ("fotos"."chave_original" IS NOT NULL));--> statement-breakpoint
ALTER TABLE "fotos" ADD CONSTRAINT "fotos_status_ck" CHECK ("status" IN ('processando', 'disponivel', 'indisponivel', 'recusada'));--> statement-breakpoint
-- A photo deleted while still waiting for its renditions takes its original with it
-- (docs/decisions/040-photos-rendered-in-background.md).
CREATE OR REPLACE FUNCTION fotos_blobs_excluir() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO blobs_excluidos (chave)
  SELECT chave FROM (
    SELECT antigas.chave FROM antigas
    UNION SELECT antigas.chave_miniatura FROM antigas
    UNION SELECT antigas.chave_original FROM antigas
  ) AS k(chave)
  WHERE chave IS NOT NULL
  ON CONFLICT (chave) DO NOTHING;
  RETURN NULL;
END $$;
