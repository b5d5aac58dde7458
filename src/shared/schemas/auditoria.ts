/**
 * The audit trail (docs/product.md, "Auditoria"): what the "Auditoria" screen lists and filters, and what a person's
 * "Acessos a estes dados" shows. Actions and entities are closed sets so the screen can offer them.
 */
import { z } from "zod";
import { AUDITORIA_ATORES } from "../domain";
import { isoDateTime, listQuery, pageOf } from "./common";

export const AUDITORIA_ACOES = [
  "criar",
  "alterar",
  "excluir",
  "decidir",
  "papel",
  "convidar",
  "revogar",
  "visualizar",
  "exportar",
  "importar",
  "anonimizar",
  "entrar",
  "sair",
  "falha_login",
] as const;
export type AuditoriaAcao = (typeof AUDITORIA_ACOES)[number];

export const AUDITORIA_ACAO_LABELS: Record<AuditoriaAcao, string> = {
  criar: "Criação",
  alterar: "Alteração",
  excluir: "Exclusão",
  decidir: "Decisão",
  papel: "Mudança de papel",
  convidar: "Convite",
  revogar: "Revogação",
  visualizar: "Visualização de dados pessoais",
  exportar: "Exportação",
  importar: "Importação de planilha",
  anonimizar: "Anonimização",
  entrar: "Entrada no sistema",
  sair: "Saída do sistema",
  falha_login: "Falha de login",
};

export const AUDITORIA_ENTIDADES = [
  "solicitacao",
  "chamada",
  "pessoa",
  "unidade",
  "condominio",
  "portao",
  "morador",
  "membro",
  "convite",
  "chave_api",
  "webhook",
  "organizacao",
  "passe",
  "acesso",
  "sessao",
  "titular",
  "totem",
  "atendimento",
  "foto",
  "central_item",
  "encomenda",
  "encomenda_autorizado",
  "area_comum",
  "reserva",
  "calendario_feed",
] as const;
export type AuditoriaEntidade = (typeof AUDITORIA_ENTIDADES)[number];

export const AUDITORIA_ENTIDADE_LABELS: Record<AuditoriaEntidade, string> = {
  solicitacao: "Solicitação",
  chamada: "Chamada",
  pessoa: "Pessoa",
  unidade: "Unidade",
  condominio: "Condomínio",
  portao: "Portão",
  morador: "Morador de unidade",
  membro: "Membro da equipe",
  convite: "Convite",
  chave_api: "Chave de API",
  webhook: "Webhook",
  organizacao: "Organização",
  passe: "Passe",
  acesso: "Entrada e saída",
  sessao: "Sessão",
  titular: "Pedido de titular (LGPD)",
  totem: "Totem",
  atendimento: "Atendimento",
  foto: "Foto",
  central_item: "Item da central",
  encomenda: "Encomenda",
  encomenda_autorizado: "Autorizado a retirar encomendas",
  area_comum: "Área comum",
  reserva: "Reserva de área comum",
  calendario_feed: "Calendário (iCal)",
};

/**
 * A record never holds personal data (docs/decisions/030-personal-data-out-of-the-audit-trail.md).
 * In a stored `resumo`, this stands where the name of the person the record is about goes; the API
 * answers with the live record's name (anonymised when the person was) in its place.
 */
export const AUDITORIA_NOME_DO_REGISTRO = "{nome}";
/** What a field of personal data shows before and after: the field changed, its value is not kept. */
export const AUDITORIA_DADO_PESSOAL = "[dado pessoal]";

const auditoriaFilters = {
  /** Period: inclusive start, exclusive end. */
  de: z.iso.datetime({ offset: true, error: "Data inicial inválida" }).optional(),
  ate: z.iso.datetime({ offset: true, error: "Data final inválida" }).optional(),
  /** The actor: a user's id (the person filter of the screen). */
  ator_id: z.string().trim().min(1).max(100, "Identificador inválido").optional(),
  acao: z.enum(AUDITORIA_ACOES, { error: "Ação inválida" }).optional(),
  entidade: z.enum(AUDITORIA_ENTIDADES, { error: "Entidade inválida" }).optional(),
  entidade_id: z.string().trim().min(1).max(100, "Identificador inválido").optional(),
};

export const auditoriaListQuerySchema = listQuery(auditoriaFilters);
export type AuditoriaListQuery = z.input<typeof auditoriaListQuerySchema>;
export const auditoriaExportQuerySchema = z.object(auditoriaFilters);

export const auditoriaSchema = z.object({
  id: z.uuid(),
  ocorrido_em: isoDateTime,
  ator_tipo: z.enum(AUDITORIA_ATORES),
  ator_id: z.string().nullable(),
  ator_nome: z.string().nullable(),
  ip: z.string().nullable(),
  acao: z.enum(AUDITORIA_ACOES),
  entidade: z.enum(AUDITORIA_ENTIDADES),
  entidade_id: z.string().nullable(),
  /** One line, with the name of the person it is about read from the live record (anonymised when they were). */
  resumo: z.string(),
  /**
   * The live name of the record the entry is about (a visitor's request, pass or entry, a person):
   * null when the entry is about no such record, or when it no longer exists.
   */
  entidade_nome: z.string().nullable(),
  /** The changed fields before and after; personal data named, never kept (AUDITORIA_DADO_PESSOAL). */
  antes: z.record(z.string(), z.unknown()).nullable(),
  depois: z.record(z.string(), z.unknown()).nullable(),
});
export type Auditoria = z.infer<typeof auditoriaSchema>;
export const auditoriaPageSchema = pageOf(auditoriaSchema);
export type AuditoriaPage = z.infer<typeof auditoriaPageSchema>;
