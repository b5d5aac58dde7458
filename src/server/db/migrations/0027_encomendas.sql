CREATE TABLE "encomenda_autorizados" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"organization_id" text NOT NULL,
	"condominio_id" uuid NOT NULL,
	"unidade_id" uuid NOT NULL,
	"nome" text NOT NULL,
	"documento" text,
	"valido_ate" date,
	"criado_por_user_id" text,
	"removido_em" timestamp with time zone,
	"anonimizado_em" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "encomenda_autorizados_id_org_uq" UNIQUE("id","organization_id")
);
--> statement-breakpoint
CREATE TABLE "encomenda_avisos" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"organization_id" text NOT NULL,
	"lote_id" uuid NOT NULL,
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
	CONSTRAINT "encomenda_avisos_motivo_ck" CHECK ("motivo" IN ('chegada', 'perecivel', 'lembrete')),
	CONSTRAINT "encomenda_avisos_canal_ck" CHECK ("canal" IN ('whatsapp', 'sms', 'email', 'ligacao')),
	CONSTRAINT "encomenda_avisos_status_ck" CHECK ("status" IN ('pendente', 'enviada', 'entregue', 'falhou'))
);
--> statement-breakpoint
CREATE TABLE "encomenda_lotes" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"organization_id" text NOT NULL,
	"condominio_id" uuid NOT NULL,
	"unidade_id" uuid NOT NULL,
	"destinatario_pessoa_id" uuid,
	"codigo_retirada" text NOT NULL,
	"origem" text DEFAULT 'portaria' NOT NULL,
	"recebido_por_user_id" text,
	"conversa_id" uuid,
	"ciente_em" timestamp with time zone,
	"ciente_user_id" text,
	"proximo_aviso_em" timestamp with time zone,
	"avisos_perecivel" integer DEFAULT 0 NOT NULL,
	"lembrete_em" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "encomenda_lotes_id_org_uq" UNIQUE("id","organization_id"),
	CONSTRAINT "encomenda_lotes_codigo_ck" CHECK ("encomenda_lotes"."codigo_retirada" ~ '^[0-9]{6}$'),
	CONSTRAINT "encomenda_lotes_origem_ck" CHECK ("origem" IN ('portaria', 'atendente'))
);
--> statement-breakpoint
CREATE TABLE "encomendas" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"organization_id" text NOT NULL,
	"lote_id" uuid NOT NULL,
	"condominio_id" uuid NOT NULL,
	"unidade_id" uuid NOT NULL,
	"transportadora" text NOT NULL,
	"transportadora_outra" text,
	"rastreio" text,
	"local" text,
	"perecivel" boolean DEFAULT false NOT NULL,
	"observacoes" text,
	"status" text DEFAULT 'aguardando' NOT NULL,
	"recebida_em" timestamp with time zone DEFAULT now() NOT NULL,
	"retirada_em" timestamp with time zone,
	"entregue_por_user_id" text,
	"retirada_metodo" text,
	"retirada_pessoa_id" uuid,
	"retirada_autorizado_id" uuid,
	"retirada_nome" text,
	"retirada_documento" text,
	"retirada_motivo" text,
	"devolucao_motivo" text,
	"devolvida_em" timestamp with time zone,
	"anonimizado_em" timestamp with time zone,
	"busca" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "encomendas_id_org_uq" UNIQUE("id","organization_id"),
	CONSTRAINT "encomendas_status_ck" CHECK ("status" IN ('a_confirmar', 'aguardando', 'retirada', 'devolvida')),
	CONSTRAINT "encomendas_transportadora_ck" CHECK ("transportadora" IN ('correios', 'mercado_livre', 'amazon', 'shopee', 'magalu', 'americanas', 'shein', 'aliexpress', 'jadlog', 'loggi', 'total_express', 'ifood', 'rappi', 'outra')),
	CONSTRAINT "encomendas_retirada_metodo_ck" CHECK ("encomendas"."retirada_metodo" IS NULL OR "retirada_metodo" IN ('codigo', 'qr', 'sem_codigo')),
	CONSTRAINT "encomendas_retirada_ck" CHECK (("encomendas"."status" = 'retirada') = ("encomendas"."retirada_em" IS NOT NULL AND "encomendas"."retirada_metodo" IS NOT NULL)),
	CONSTRAINT "encomendas_devolvida_ck" CHECK (("encomendas"."status" = 'devolvida') = ("encomendas"."devolvida_em" IS NOT NULL)),
	CONSTRAINT "encomendas_sem_codigo_ck" CHECK ("encomendas"."retirada_metodo" IS DISTINCT FROM 'sem_codigo' OR "encomendas"."retirada_motivo" IS NOT NULL)
);
--> statement-breakpoint
ALTER TABLE "atendente_conversas" DROP CONSTRAINT "atendente_conversas_resultado_ck";--> statement-breakpoint
ALTER TABLE "central_itens" DROP CONSTRAINT "central_itens_tipo_ck";--> statement-breakpoint
ALTER TABLE "webhook_assinaturas" DROP CONSTRAINT "webhook_assinaturas_eventos_check";--> statement-breakpoint
ALTER TABLE "webhook_entregas" DROP CONSTRAINT "webhook_entregas_tipo_check";--> statement-breakpoint
ALTER TABLE "condominios" ADD COLUMN "encomenda_lembrete_dias" integer DEFAULT 3 NOT NULL;--> statement-breakpoint
ALTER TABLE "condominios" ADD COLUMN "encomenda_local_entrega" text;--> statement-breakpoint
ALTER TABLE "fotos" ADD COLUMN "encomenda_id" uuid;--> statement-breakpoint
ALTER TABLE "encomenda_autorizados" ADD CONSTRAINT "encomenda_autorizados_organization_id_organization_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organization"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "encomenda_autorizados" ADD CONSTRAINT "encomenda_autorizados_criado_por_user_id_user_id_fk" FOREIGN KEY ("criado_por_user_id") REFERENCES "public"."user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "encomenda_autorizados" ADD CONSTRAINT "encomenda_autorizados_unidade_fk" FOREIGN KEY ("unidade_id","condominio_id") REFERENCES "public"."unidades"("id","condominio_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "encomenda_avisos" ADD CONSTRAINT "encomenda_avisos_organization_id_organization_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organization"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "encomenda_avisos" ADD CONSTRAINT "encomenda_avisos_lote_fk" FOREIGN KEY ("lote_id","organization_id") REFERENCES "public"."encomenda_lotes"("id","organization_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "encomenda_avisos" ADD CONSTRAINT "encomenda_avisos_pessoa_fk" FOREIGN KEY ("pessoa_id","organization_id") REFERENCES "public"."pessoas"("id","organization_id") ON DELETE set null ("pessoa_id") ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "encomenda_lotes" ADD CONSTRAINT "encomenda_lotes_organization_id_organization_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organization"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "encomenda_lotes" ADD CONSTRAINT "encomenda_lotes_recebido_por_user_id_user_id_fk" FOREIGN KEY ("recebido_por_user_id") REFERENCES "public"."user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "encomenda_lotes" ADD CONSTRAINT "encomenda_lotes_ciente_user_id_user_id_fk" FOREIGN KEY ("ciente_user_id") REFERENCES "public"."user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "encomenda_lotes" ADD CONSTRAINT "encomenda_lotes_condominio_fk" FOREIGN KEY ("condominio_id","organization_id") REFERENCES "public"."condominios"("id","organization_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "encomenda_lotes" ADD CONSTRAINT "encomenda_lotes_unidade_fk" FOREIGN KEY ("unidade_id","condominio_id") REFERENCES "public"."unidades"("id","condominio_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "encomenda_lotes" ADD CONSTRAINT "encomenda_lotes_destinatario_fk" FOREIGN KEY ("destinatario_pessoa_id","organization_id") REFERENCES "public"."pessoas"("id","organization_id") ON DELETE set null ("destinatario_pessoa_id") ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "encomendas" ADD CONSTRAINT "encomendas_organization_id_organization_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organization"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "encomendas" ADD CONSTRAINT "encomendas_entregue_por_user_id_user_id_fk" FOREIGN KEY ("entregue_por_user_id") REFERENCES "public"."user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "encomendas" ADD CONSTRAINT "encomendas_lote_fk" FOREIGN KEY ("lote_id","organization_id") REFERENCES "public"."encomenda_lotes"("id","organization_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "encomendas" ADD CONSTRAINT "encomendas_unidade_fk" FOREIGN KEY ("unidade_id","condominio_id") REFERENCES "public"."unidades"("id","condominio_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "encomendas" ADD CONSTRAINT "encomendas_retirada_pessoa_fk" FOREIGN KEY ("retirada_pessoa_id","organization_id") REFERENCES "public"."pessoas"("id","organization_id") ON DELETE set null ("retirada_pessoa_id") ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "encomendas" ADD CONSTRAINT "encomendas_retirada_autorizado_fk" FOREIGN KEY ("retirada_autorizado_id","organization_id") REFERENCES "public"."encomenda_autorizados"("id","organization_id") ON DELETE set null ("retirada_autorizado_id") ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "encomenda_autorizados_unidade_idx" ON "encomenda_autorizados" USING btree ("unidade_id","created_at") WHERE "encomenda_autorizados"."removido_em" IS NULL;--> statement-breakpoint
CREATE INDEX "encomenda_avisos_lote_idx" ON "encomenda_avisos" USING btree ("lote_id","created_at");--> statement-breakpoint
CREATE INDEX "encomenda_avisos_due_idx" ON "encomenda_avisos" USING btree ("proxima_tentativa_em") WHERE "encomenda_avisos"."status" = 'pendente';--> statement-breakpoint
CREATE INDEX "encomenda_avisos_pessoa_idx" ON "encomenda_avisos" USING btree ("pessoa_id");--> statement-breakpoint
CREATE INDEX "encomenda_avisos_provedor_idx" ON "encomenda_avisos" USING btree ("provedor_mensagem_id") WHERE "encomenda_avisos"."provedor_mensagem_id" IS NOT NULL;--> statement-breakpoint
CREATE INDEX "encomenda_avisos_retencao_idx" ON "encomenda_avisos" USING btree ("created_at") WHERE "encomenda_avisos"."destino" <> '';--> statement-breakpoint
CREATE INDEX "encomenda_lotes_codigo_idx" ON "encomenda_lotes" USING btree ("condominio_id","codigo_retirada","created_at");--> statement-breakpoint
CREATE INDEX "encomenda_lotes_aviso_idx" ON "encomenda_lotes" USING btree ("proximo_aviso_em") WHERE "encomenda_lotes"."proximo_aviso_em" IS NOT NULL;--> statement-breakpoint
CREATE INDEX "encomenda_lotes_lembrete_idx" ON "encomenda_lotes" USING btree ("created_at") WHERE "encomenda_lotes"."lembrete_em" IS NULL;--> statement-breakpoint
CREATE INDEX "encomendas_org_recebida_idx" ON "encomendas" USING btree ("organization_id","recebida_em" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "encomendas_org_status_recebida_idx" ON "encomendas" USING btree ("organization_id","status","recebida_em" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "encomendas_condominio_recebida_idx" ON "encomendas" USING btree ("condominio_id","recebida_em" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "encomendas_condominio_status_recebida_idx" ON "encomendas" USING btree ("condominio_id","status","recebida_em" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "encomendas_org_condominio_recebida_idx" ON "encomendas" USING btree ("organization_id","condominio_id","recebida_em" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "encomendas_org_perecivel_recebida_idx" ON "encomendas" USING btree ("organization_id","recebida_em" DESC NULLS FIRST,"id" DESC NULLS FIRST) WHERE "encomendas"."perecivel";--> statement-breakpoint
CREATE INDEX "encomendas_unidade_recebida_idx" ON "encomendas" USING btree ("unidade_id","recebida_em" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "encomendas_condominio_retirada_idx" ON "encomendas" USING btree ("condominio_id","retirada_em") WHERE "encomendas"."retirada_em" IS NOT NULL;--> statement-breakpoint
CREATE INDEX "encomendas_lote_idx" ON "encomendas" USING btree ("lote_id");--> statement-breakpoint
CREATE INDEX "encomendas_central_idx" ON "encomendas" USING btree ("recebida_em") WHERE "encomendas"."status" = 'a_confirmar' OR ("encomendas"."status" = 'aguardando' AND "encomendas"."perecivel");--> statement-breakpoint
CREATE INDEX "encomendas_busca_trgm_idx" ON "encomendas" USING gin ("busca" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "encomendas_retirada_pessoa_idx" ON "encomendas" USING btree ("retirada_pessoa_id") WHERE "encomendas"."retirada_pessoa_id" IS NOT NULL;--> statement-breakpoint
CREATE INDEX "encomendas_retencao_idx" ON "encomendas" USING btree ("condominio_id","retirada_em") WHERE "encomendas"."anonimizado_em" IS NULL AND "encomendas"."retirada_nome" IS NOT NULL;--> statement-breakpoint
ALTER TABLE "fotos" ADD CONSTRAINT "fotos_encomenda_fk" FOREIGN KEY ("encomenda_id","organization_id") REFERENCES "public"."encomendas"("id","organization_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "fotos_encomenda_uq" ON "fotos" USING btree ("encomenda_id") WHERE "fotos"."encomenda_id" IS NOT NULL;--> statement-breakpoint
ALTER TABLE "atendente_conversas" ADD CONSTRAINT "atendente_conversas_resultado_ck" CHECK ("resultado" IN ('autorizado', 'negado', 'sem_resposta', 'passe_liberado', 'encomenda_registrada'));--> statement-breakpoint
ALTER TABLE "central_itens" ADD CONSTRAINT "central_itens_tipo_ck" CHECK ("tipo" IN ('atendimento', 'solicitacao_atrasada', 'morador_sem_resposta', 'pin_bloqueado', 'comando_falhou', 'dispositivo_silencioso', 'encomenda_a_confirmar', 'encomenda_perecivel'));--> statement-breakpoint
ALTER TABLE "condominios" ADD CONSTRAINT "condominios_encomenda_lembrete_ck" CHECK ("condominios"."encomenda_lembrete_dias" BETWEEN 0 AND 60);--> statement-breakpoint
ALTER TABLE "webhook_assinaturas" ADD CONSTRAINT "webhook_assinaturas_eventos_check" CHECK (cardinality("eventos") > 0 AND "eventos" <@ ARRAY['solicitacao.criada', 'solicitacao.autorizada', 'solicitacao.negada', 'solicitacao.expirada', 'chamada.status_alterado', 'portao.abrir', 'encomenda.recebida', 'encomenda.retirada']::text[]);--> statement-breakpoint
ALTER TABLE "webhook_entregas" ADD CONSTRAINT "webhook_entregas_tipo_check" CHECK ("tipo" IN ('solicitacao.criada', 'solicitacao.autorizada', 'solicitacao.negada', 'solicitacao.expirada', 'chamada.status_alterado', 'portao.abrir', 'encomenda.recebida', 'encomenda.retirada'));