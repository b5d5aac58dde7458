DROP INDEX "chamadas_org_iniciado_idx";--> statement-breakpoint
DROP INDEX "chamadas_org_status_iniciado_idx";--> statement-breakpoint
DROP INDEX "chamadas_solicitacao_iniciado_idx";--> statement-breakpoint
DROP INDEX "chamadas_pessoa_iniciado_idx";--> statement-breakpoint
DROP INDEX "solicitacoes_org_created_idx";--> statement-breakpoint
DROP INDEX "solicitacoes_org_status_created_idx";--> statement-breakpoint
DROP INDEX "solicitacoes_org_tipo_created_idx";--> statement-breakpoint
DROP INDEX "solicitacoes_condominio_created_idx";--> statement-breakpoint
DROP INDEX "solicitacoes_unidade_created_idx";--> statement-breakpoint
CREATE INDEX "chamadas_org_iniciado_idx" ON "chamadas" USING btree ("organization_id","iniciado_em" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "chamadas_org_status_iniciado_idx" ON "chamadas" USING btree ("organization_id","status","iniciado_em" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "chamadas_solicitacao_iniciado_idx" ON "chamadas" USING btree ("solicitacao_id","iniciado_em" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "chamadas_pessoa_iniciado_idx" ON "chamadas" USING btree ("pessoa_id","iniciado_em" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "solicitacoes_org_created_idx" ON "solicitacoes_acesso" USING btree ("organization_id","created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "solicitacoes_org_status_created_idx" ON "solicitacoes_acesso" USING btree ("organization_id","status","created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "solicitacoes_org_tipo_created_idx" ON "solicitacoes_acesso" USING btree ("organization_id","tipo","created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "solicitacoes_condominio_created_idx" ON "solicitacoes_acesso" USING btree ("condominio_id","created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "solicitacoes_unidade_created_idx" ON "solicitacoes_acesso" USING btree ("unidade_id","created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST);