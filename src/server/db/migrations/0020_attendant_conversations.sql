CREATE TABLE "atendente_conversas" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"organization_id" text NOT NULL,
	"condominio_id" uuid NOT NULL,
	"portao_id" uuid,
	"canal" text NOT NULL,
	"etapa" text DEFAULT 'identificando' NOT NULL,
	"resultado" text,
	"estado" jsonb NOT NULL,
	"solicitacao_id" uuid,
	"criado_por_api_key_id" uuid,
	"atendido_por_user_id" text,
	"processando_desde" timestamp with time zone,
	"ultima_atividade_em" timestamp with time zone DEFAULT now() NOT NULL,
	"encerrada_em" timestamp with time zone,
	"anonimizada_em" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "atendente_conversas_canal_ck" CHECK ("canal" IN ('totem', 'api', 'telefone', 'whatsapp')),
	CONSTRAINT "atendente_conversas_etapa_ck" CHECK ("etapa" IN ('identificando', 'confirmando', 'aguardando_morador', 'com_porteiro', 'concluida', 'encerrada')),
	CONSTRAINT "atendente_conversas_resultado_ck" CHECK ("resultado" IN ('autorizado', 'negado', 'sem_resposta', 'passe_liberado'))
);
--> statement-breakpoint
CREATE TABLE "atendente_mensagens" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"organization_id" text NOT NULL,
	"conversa_id" uuid NOT NULL,
	"autor" text NOT NULL,
	"autor_user_id" text,
	"texto" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "atendente_mensagens_autor_ck" CHECK ("autor" IN ('visitante', 'atendente', 'porteiro'))
);
--> statement-breakpoint
ALTER TABLE "api_keys" DROP CONSTRAINT "api_keys_escopos_check";--> statement-breakpoint
ALTER TABLE "solicitacoes_acesso" ADD COLUMN "criado_pelo_atendente" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "atendente_conversas" ADD CONSTRAINT "atendente_conversas_organization_id_organization_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organization"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "atendente_conversas" ADD CONSTRAINT "atendente_conversas_atendido_por_user_id_user_id_fk" FOREIGN KEY ("atendido_por_user_id") REFERENCES "public"."user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "atendente_conversas" ADD CONSTRAINT "atendente_conversas_condominio_fk" FOREIGN KEY ("condominio_id","organization_id") REFERENCES "public"."condominios"("id","organization_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "atendente_conversas" ADD CONSTRAINT "atendente_conversas_portao_fk" FOREIGN KEY ("portao_id","condominio_id") REFERENCES "public"."portoes"("id","condominio_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "atendente_conversas" ADD CONSTRAINT "atendente_conversas_solicitacao_fk" FOREIGN KEY ("solicitacao_id","organization_id") REFERENCES "public"."solicitacoes_acesso"("id","organization_id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "atendente_conversas" ADD CONSTRAINT "atendente_conversas_api_key_fk" FOREIGN KEY ("criado_por_api_key_id","organization_id") REFERENCES "public"."api_keys"("id","organization_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "atendente_mensagens" ADD CONSTRAINT "atendente_mensagens_organization_id_organization_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organization"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "atendente_mensagens" ADD CONSTRAINT "atendente_mensagens_conversa_id_atendente_conversas_id_fk" FOREIGN KEY ("conversa_id") REFERENCES "public"."atendente_conversas"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "atendente_mensagens" ADD CONSTRAINT "atendente_mensagens_autor_user_id_user_id_fk" FOREIGN KEY ("autor_user_id") REFERENCES "public"."user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "atendente_conversas_abertas_idx" ON "atendente_conversas" USING btree ("organization_id","ultima_atividade_em" DESC NULLS LAST) WHERE "atendente_conversas"."encerrada_em" IS NULL;--> statement-breakpoint
CREATE INDEX "atendente_conversas_solicitacao_idx" ON "atendente_conversas" USING btree ("solicitacao_id") WHERE "atendente_conversas"."solicitacao_id" IS NOT NULL;--> statement-breakpoint
CREATE INDEX "atendente_mensagens_conversa_idx" ON "atendente_mensagens" USING btree ("conversa_id","created_at","id");--> statement-breakpoint
ALTER TABLE "api_keys" ADD CONSTRAINT "api_keys_escopos_check" CHECK (cardinality("escopos") > 0 AND "escopos" <@ ARRAY['solicitacoes:ler', 'solicitacoes:escrever', 'chamadas:escrever', 'diretorio:ler', 'eventos:ler', 'passes:validar', 'acessos:registrar', 'atendente:conversar']::text[]);