CREATE TABLE "areas_comuns" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"organization_id" text NOT NULL,
	"condominio_id" uuid NOT NULL,
	"nome" text NOT NULL,
	"descricao" text,
	"capacidade" integer,
	"horarios" jsonb NOT NULL,
	"modo" text DEFAULT 'dia' NOT NULL,
	"bloco_horas" integer,
	"antecedencia_minima_horas" integer DEFAULT 24 NOT NULL,
	"antecedencia_maxima_dias" integer DEFAULT 90 NOT NULL,
	"max_reservas_mes" integer,
	"limpeza_minutos" integer DEFAULT 0 NOT NULL,
	"cancelamento_horas" integer DEFAULT 48 NOT NULL,
	"requer_aprovacao" boolean DEFAULT true NOT NULL,
	"taxa_centavos" integer,
	"regras" text DEFAULT '' NOT NULL,
	"ativa" boolean DEFAULT true NOT NULL,
	"removida_em" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "areas_comuns_id_org_uq" UNIQUE("id","organization_id"),
	CONSTRAINT "areas_comuns_id_condominio_uq" UNIQUE("id","condominio_id"),
	CONSTRAINT "areas_comuns_modo_ck" CHECK ("modo" IN ('dia', 'blocos')),
	CONSTRAINT "areas_comuns_bloco_ck" CHECK (("areas_comuns"."modo" = 'blocos') = ("areas_comuns"."bloco_horas" IS NOT NULL) AND ("areas_comuns"."bloco_horas" IS NULL OR "areas_comuns"."bloco_horas" BETWEEN 1 AND 24)),
	CONSTRAINT "areas_comuns_limites_ck" CHECK ("areas_comuns"."antecedencia_minima_horas" >= 0 AND "areas_comuns"."antecedencia_maxima_dias" >= 1 AND "areas_comuns"."limpeza_minutos" >= 0 AND "areas_comuns"."cancelamento_horas" >= 0 AND ("areas_comuns"."max_reservas_mes" IS NULL OR "areas_comuns"."max_reservas_mes" >= 1) AND ("areas_comuns"."capacidade" IS NULL OR "areas_comuns"."capacidade" >= 1) AND ("areas_comuns"."taxa_centavos" IS NULL OR "areas_comuns"."taxa_centavos" >= 0))
);
--> statement-breakpoint
CREATE TABLE "calendario_feeds" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"organization_id" text NOT NULL,
	"condominio_id" uuid NOT NULL,
	"unidade_id" uuid,
	"token_hash" text NOT NULL,
	"criado_por_user_id" text,
	"ultimo_acesso_em" timestamp with time zone,
	"revogado_em" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "reserva_avisos" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"organization_id" text NOT NULL,
	"reserva_id" uuid NOT NULL,
	"pessoa_id" uuid,
	"pessoa_nome" text NOT NULL,
	"motivo" text NOT NULL,
	"canal" text NOT NULL,
	"destino" text NOT NULL,
	"status" text DEFAULT 'pendente' NOT NULL,
	"tentativas" integer DEFAULT 0 NOT NULL,
	"proxima_tentativa_em" timestamp with time zone DEFAULT now() NOT NULL,
	"ultimo_erro" text,
	"provedor_mensagem_id" text,
	"demo" boolean DEFAULT false NOT NULL,
	"mensagem" text,
	"enviada_em" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "reserva_avisos_motivo_ck" CHECK ("motivo" IN ('confirmada', 'recusada', 'cancelada', 'lembrete')),
	CONSTRAINT "reserva_avisos_canal_ck" CHECK ("canal" IN ('whatsapp', 'sms', 'email', 'ligacao')),
	CONSTRAINT "reserva_avisos_status_ck" CHECK ("status" IN ('pendente', 'enviada', 'entregue', 'falhou'))
);
--> statement-breakpoint
CREATE TABLE "reserva_convidados" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"organization_id" text NOT NULL,
	"condominio_id" uuid NOT NULL,
	"reserva_id" uuid NOT NULL,
	"nome" text NOT NULL,
	"documento" text,
	"telefone" text,
	"removido_em" timestamp with time zone,
	"anonimizado_em" timestamp with time zone,
	"busca" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "reserva_convidados_id_org_uq" UNIQUE("id","organization_id"),
	CONSTRAINT "reserva_convidados_id_condominio_uq" UNIQUE("id","condominio_id")
);
--> statement-breakpoint
CREATE TABLE "reservas" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"organization_id" text NOT NULL,
	"condominio_id" uuid NOT NULL,
	"area_id" uuid NOT NULL,
	"unidade_id" uuid NOT NULL,
	"inicio" timestamp with time zone NOT NULL,
	"fim" timestamp with time zone NOT NULL,
	"data" date NOT NULL,
	"bloqueio_fim" timestamp with time zone NOT NULL,
	"status" text NOT NULL,
	"solicitada_por_user_id" text,
	"solicitada_por_pessoa_id" uuid,
	"regras_aceitas_em" timestamp with time zone NOT NULL,
	"observacoes" text,
	"decidida_por_user_id" text,
	"decidida_em" timestamp with time zone,
	"motivo_recusa" text,
	"cancelada_por_user_id" text,
	"cancelada_em" timestamp with time zone,
	"motivo_cancelamento" text,
	"lembrete_em" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "reservas_id_org_uq" UNIQUE("id","organization_id"),
	CONSTRAINT "reservas_id_condominio_uq" UNIQUE("id","condominio_id"),
	CONSTRAINT "reservas_status_ck" CHECK ("status" IN ('pendente', 'confirmada', 'recusada', 'cancelada')),
	CONSTRAINT "reservas_periodo_ck" CHECK ("reservas"."fim" > "reservas"."inicio" AND "reservas"."bloqueio_fim" >= "reservas"."fim"),
	CONSTRAINT "reservas_recusa_ck" CHECK ("reservas"."status" <> 'recusada' OR "reservas"."motivo_recusa" IS NOT NULL),
	CONSTRAINT "reservas_cancelada_ck" CHECK (("reservas"."status" = 'cancelada') = ("reservas"."cancelada_em" IS NOT NULL))
);
--> statement-breakpoint
ALTER TABLE "acessos" DROP CONSTRAINT "acessos_origem_ck";--> statement-breakpoint
ALTER TABLE "acessos" DROP CONSTRAINT "acessos_origem_ref_ck";--> statement-breakpoint
ALTER TABLE "atendente_conversas" DROP CONSTRAINT "atendente_conversas_resultado_ck";--> statement-breakpoint
ALTER TABLE "webhook_assinaturas" DROP CONSTRAINT "webhook_assinaturas_eventos_check";--> statement-breakpoint
ALTER TABLE "webhook_entregas" DROP CONSTRAINT "webhook_entregas_tipo_check";--> statement-breakpoint
ALTER TABLE "acessos" ADD COLUMN "reserva_convidado_id" uuid;--> statement-breakpoint
ALTER TABLE "fotos" ADD COLUMN "area_id" uuid;--> statement-breakpoint
ALTER TABLE "areas_comuns" ADD CONSTRAINT "areas_comuns_organization_id_organization_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organization"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "areas_comuns" ADD CONSTRAINT "areas_comuns_condominio_fk" FOREIGN KEY ("condominio_id","organization_id") REFERENCES "public"."condominios"("id","organization_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "calendario_feeds" ADD CONSTRAINT "calendario_feeds_organization_id_organization_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organization"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "calendario_feeds" ADD CONSTRAINT "calendario_feeds_criado_por_user_id_user_id_fk" FOREIGN KEY ("criado_por_user_id") REFERENCES "public"."user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "calendario_feeds" ADD CONSTRAINT "calendario_feeds_condominio_fk" FOREIGN KEY ("condominio_id","organization_id") REFERENCES "public"."condominios"("id","organization_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "calendario_feeds" ADD CONSTRAINT "calendario_feeds_unidade_fk" FOREIGN KEY ("unidade_id","condominio_id") REFERENCES "public"."unidades"("id","condominio_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reserva_avisos" ADD CONSTRAINT "reserva_avisos_organization_id_organization_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organization"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reserva_avisos" ADD CONSTRAINT "reserva_avisos_reserva_fk" FOREIGN KEY ("reserva_id","organization_id") REFERENCES "public"."reservas"("id","organization_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reserva_avisos" ADD CONSTRAINT "reserva_avisos_pessoa_fk" FOREIGN KEY ("pessoa_id","organization_id") REFERENCES "public"."pessoas"("id","organization_id") ON DELETE set null ("pessoa_id") ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reserva_convidados" ADD CONSTRAINT "reserva_convidados_organization_id_organization_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organization"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reserva_convidados" ADD CONSTRAINT "reserva_convidados_reserva_fk" FOREIGN KEY ("reserva_id","condominio_id") REFERENCES "public"."reservas"("id","condominio_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reserva_convidados" ADD CONSTRAINT "reserva_convidados_condominio_fk" FOREIGN KEY ("condominio_id","organization_id") REFERENCES "public"."condominios"("id","organization_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reservas" ADD CONSTRAINT "reservas_organization_id_organization_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organization"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reservas" ADD CONSTRAINT "reservas_solicitada_por_user_id_user_id_fk" FOREIGN KEY ("solicitada_por_user_id") REFERENCES "public"."user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reservas" ADD CONSTRAINT "reservas_decidida_por_user_id_user_id_fk" FOREIGN KEY ("decidida_por_user_id") REFERENCES "public"."user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reservas" ADD CONSTRAINT "reservas_cancelada_por_user_id_user_id_fk" FOREIGN KEY ("cancelada_por_user_id") REFERENCES "public"."user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reservas" ADD CONSTRAINT "reservas_area_fk" FOREIGN KEY ("area_id","condominio_id") REFERENCES "public"."areas_comuns"("id","condominio_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reservas" ADD CONSTRAINT "reservas_condominio_fk" FOREIGN KEY ("condominio_id","organization_id") REFERENCES "public"."condominios"("id","organization_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reservas" ADD CONSTRAINT "reservas_unidade_fk" FOREIGN KEY ("unidade_id","condominio_id") REFERENCES "public"."unidades"("id","condominio_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reservas" ADD CONSTRAINT "reservas_pessoa_fk" FOREIGN KEY ("solicitada_por_pessoa_id","organization_id") REFERENCES "public"."pessoas"("id","organization_id") ON DELETE set null ("solicitada_por_pessoa_id") ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "areas_comuns_nome_uq" ON "areas_comuns" USING btree ("condominio_id",lower("nome")) WHERE "areas_comuns"."removida_em" IS NULL;--> statement-breakpoint
CREATE INDEX "areas_comuns_org_idx" ON "areas_comuns" USING btree ("organization_id","condominio_id");--> statement-breakpoint
CREATE UNIQUE INDEX "calendario_feeds_token_uq" ON "calendario_feeds" USING btree ("token_hash");--> statement-breakpoint
CREATE INDEX "calendario_feeds_org_idx" ON "calendario_feeds" USING btree ("organization_id","condominio_id");--> statement-breakpoint
CREATE INDEX "reserva_avisos_reserva_idx" ON "reserva_avisos" USING btree ("reserva_id","created_at");--> statement-breakpoint
CREATE INDEX "reserva_avisos_due_idx" ON "reserva_avisos" USING btree ("proxima_tentativa_em") WHERE "reserva_avisos"."status" = 'pendente';--> statement-breakpoint
CREATE INDEX "reserva_avisos_pessoa_idx" ON "reserva_avisos" USING btree ("pessoa_id");--> statement-breakpoint
CREATE INDEX "reserva_avisos_provedor_idx" ON "reserva_avisos" USING btree ("provedor_mensagem_id") WHERE "reserva_avisos"."provedor_mensagem_id" IS NOT NULL;--> statement-breakpoint
CREATE INDEX "reserva_avisos_retencao_idx" ON "reserva_avisos" USING btree ("created_at") WHERE "reserva_avisos"."destino" <> '';--> statement-breakpoint
CREATE INDEX "reserva_convidados_reserva_idx" ON "reserva_convidados" USING btree ("reserva_id","created_at");--> statement-breakpoint
CREATE INDEX "reserva_convidados_busca_trgm_idx" ON "reserva_convidados" USING gin ("busca" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "reservas_area_inicio_idx" ON "reservas" USING btree ("area_id","inicio");--> statement-breakpoint
CREATE INDEX "reservas_org_inicio_idx" ON "reservas" USING btree ("organization_id","inicio" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "reservas_condominio_inicio_idx" ON "reservas" USING btree ("condominio_id","inicio" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "reservas_unidade_inicio_idx" ON "reservas" USING btree ("unidade_id","inicio" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "reservas_pendentes_idx" ON "reservas" USING btree ("condominio_id","inicio") WHERE "reservas"."status" = 'pendente';--> statement-breakpoint
CREATE INDEX "reservas_unidade_area_data_idx" ON "reservas" USING btree ("unidade_id","area_id","data");--> statement-breakpoint
CREATE INDEX "reservas_lembrete_idx" ON "reservas" USING btree ("inicio") WHERE "reservas"."status" = 'confirmada' AND "reservas"."lembrete_em" IS NULL;--> statement-breakpoint
ALTER TABLE "acessos" ADD CONSTRAINT "acessos_reserva_convidado_fk" FOREIGN KEY ("reserva_convidado_id","condominio_id") REFERENCES "public"."reserva_convidados"("id","condominio_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "fotos" ADD CONSTRAINT "fotos_area_fk" FOREIGN KEY ("area_id","condominio_id") REFERENCES "public"."areas_comuns"("id","condominio_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "acessos_convidado_presente_uq" ON "acessos" USING btree ("reserva_convidado_id") WHERE "acessos"."reserva_convidado_id" IS NOT NULL AND "acessos"."saida_em" IS NULL AND "acessos"."nao_entrou_em" IS NULL;--> statement-breakpoint
CREATE INDEX "acessos_reserva_convidado_idx" ON "acessos" USING btree ("reserva_convidado_id") WHERE "acessos"."reserva_convidado_id" IS NOT NULL;--> statement-breakpoint
CREATE UNIQUE INDEX "fotos_area_uq" ON "fotos" USING btree ("area_id") WHERE "fotos"."area_id" IS NOT NULL;--> statement-breakpoint
ALTER TABLE "acessos" ADD CONSTRAINT "acessos_origem_ck" CHECK ("origem" IN ('solicitacao', 'passe', 'morador', 'reserva'));--> statement-breakpoint
ALTER TABLE "acessos" ADD CONSTRAINT "acessos_origem_ref_ck" CHECK (("acessos"."origem" <> 'solicitacao' OR "acessos"."solicitacao_id" IS NOT NULL) AND ("acessos"."origem" <> 'passe' OR "acessos"."passe_id" IS NOT NULL) AND ("acessos"."origem" <> 'reserva' OR "acessos"."reserva_convidado_id" IS NOT NULL));--> statement-breakpoint
ALTER TABLE "atendente_conversas" ADD CONSTRAINT "atendente_conversas_resultado_ck" CHECK ("resultado" IN ('autorizado', 'negado', 'sem_resposta', 'passe_liberado', 'encomenda_registrada', 'convidado_liberado'));--> statement-breakpoint
ALTER TABLE "webhook_assinaturas" ADD CONSTRAINT "webhook_assinaturas_eventos_check" CHECK (cardinality("eventos") > 0 AND "eventos" <@ ARRAY['solicitacao.criada', 'solicitacao.autorizada', 'solicitacao.negada', 'solicitacao.expirada', 'chamada.status_alterado', 'portao.abrir', 'encomenda.recebida', 'encomenda.retirada', 'reserva.criada', 'reserva.confirmada', 'reserva.recusada', 'reserva.cancelada']::text[]);--> statement-breakpoint
ALTER TABLE "webhook_entregas" ADD CONSTRAINT "webhook_entregas_tipo_check" CHECK ("tipo" IN ('solicitacao.criada', 'solicitacao.autorizada', 'solicitacao.negada', 'solicitacao.expirada', 'chamada.status_alterado', 'portao.abrir', 'encomenda.recebida', 'encomenda.retirada', 'reserva.criada', 'reserva.confirmada', 'reserva.recusada', 'reserva.cancelada'));

--> statement-breakpoint
-- Hand-written (Drizzle declares no EXCLUDE constraints; docs/decisions/044-common-area-bookings.md):
-- two bookings of one area that hold its time (pendente, confirmada) never overlap, cleaning gap
-- included, whatever code path writes them. btree_gist lets the area's uuid join the range in a GiST index.
CREATE EXTENSION IF NOT EXISTS btree_gist;--> statement-breakpoint
ALTER TABLE "reservas" ADD CONSTRAINT "reservas_sem_conflito_ex" EXCLUDE USING gist ("area_id" WITH =, tstzrange("inicio", "bloqueio_fim", '[)') WITH &&) WHERE ("status" IN ('pendente', 'confirmada'));
