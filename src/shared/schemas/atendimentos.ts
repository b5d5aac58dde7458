/**
 * "Atendimentos" (docs/product.md, "Atendente virtual"): staff follow the attendant's conversations
 * live, take one over, type to the visitor, register the request for them, and close it.
 */
import { z } from "zod";
import {
  ATENDENTE_CANAIS,
  ATENDENTE_ETAPAS,
  ATENDENTE_RESULTADOS,
  type AtendenteCanal,
  type AtendenteEtapa,
  type AtendenteResultado,
  SOLICITACAO_STATUSES,
  SOLICITACAO_TIPOS,
} from "../domain";
import { ATENDENTE_TEXTO_MAX, mensagemSchema } from "./atendente";
import { listQuery, pageOf, requiredId } from "./common";

export const ATENDENTE_ETAPA_LABELS: Record<AtendenteEtapa, string> = {
  identificando: "Identificando",
  confirmando: "Confirmando",
  aguardando_morador: "Aguardando morador",
  com_porteiro: "Precisa de atendimento",
  concluida: "Concluída",
  encerrada: "Encerrada",
};

export const ATENDENTE_RESULTADO_LABELS: Record<AtendenteResultado, string> = {
  autorizado: "Autorizado",
  negado: "Negado",
  sem_resposta: "Sem resposta",
  passe_liberado: "Passe liberado",
  encomenda_registrada: "Encomenda registrada",
  convidado_liberado: "Convidado liberado",
};

export const ATENDENTE_CANAL_LABELS: Record<AtendenteCanal, string> = {
  totem: "Totem",
  api: "Integração",
  telefone: "Telefone",
  whatsapp: "WhatsApp",
};

export const ATENDIMENTO_SITUACOES = ["abertas", "encerradas"] as const;

export const atendimentoListQuerySchema = listQuery({
  condominio_id: z.uuid("Condomínio inválido").optional(),
  situacao: z.enum(ATENDIMENTO_SITUACOES, { error: "Situação inválida" }).default("abertas"),
});

export const atendimentoItemSchema = z.object({
  id: z.uuid(),
  condominio_id: z.uuid(),
  condominio_nome: z.string(),
  portao_id: z.uuid().nullable(),
  portao_nome: z.string().nullable(),
  canal: z.enum(ATENDENTE_CANAIS),
  etapa: z.enum(ATENDENTE_ETAPAS),
  resultado: z.enum(ATENDENTE_RESULTADOS).nullable(),
  nome_visitante: z.string().nullable(),
  unidade: z.object({ id: z.uuid(), codigo: z.string(), torre: z.string().nullable() }).nullable(),
  tipo: z.enum(SOLICITACAO_TIPOS).nullable(),
  solicitacao: z.object({ id: z.uuid(), status: z.enum(SOLICITACAO_STATUSES) }).nullable(),
  /** The person who took it over, when one did. */
  atendido_por: z.object({ id: z.string(), nome: z.string() }).nullable(),
  ultima_mensagem: mensagemSchema.nullable(),
  ultima_atividade_em: z.string(),
  created_at: z.string(),
  encerrada_em: z.string().nullable(),
});
export type AtendimentoItem = z.infer<typeof atendimentoItemSchema>;
export const atendimentoPageSchema = pageOf(atendimentoItemSchema);

export const atendimentoSchema = atendimentoItemSchema.extend({ mensagens: z.array(mensagemSchema) });
export type Atendimento = z.infer<typeof atendimentoSchema>;

/** A person's line to the visitor. */
export const atendimentoMensagemInputSchema = z
  .object({
    texto: z
      .string({ error: "Escreva a mensagem" })
      .trim()
      .min(1, "Escreva a mensagem")
      .max(ATENDENTE_TEXTO_MAX, `A mensagem deve ter no máximo ${ATENDENTE_TEXTO_MAX} caracteres`),
  })
  .strict();

/** The porteiro registers the request for the visitor they talked to: the residents are reached as usual. */
export const atendimentoSolicitacaoInputSchema = z
  .object({
    unidade_id: requiredId("Selecione a unidade"),
    nome_visitante: z
      .string({ error: "Informe o nome do visitante" })
      .trim()
      .min(1, "Informe o nome do visitante")
      .max(120, "Nome deve ter no máximo 120 caracteres"),
    tipo: z.enum(SOLICITACAO_TIPOS, { error: "Selecione o tipo" }),
  })
  .strict();
export type AtendimentoSolicitacaoInput = z.input<typeof atendimentoSolicitacaoInputSchema>;

/** Closing: what the visitor is told, when a person decided without a request ("Entrada não autorizada"). */
export const atendimentoEncerrarInputSchema = z
  .object({ resultado: z.enum(["negado"], { error: "Resultado inválido" }).optional() })
  .strict();
