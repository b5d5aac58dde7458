/**
 * The virtual attendant's text API (docs/product.md, "Atendente virtual"): any channel (a third-party
 * intercom, the phone line, WhatsApp) opens a conversation at a gate and sends the visitor's words.
 */
import { z } from "zod";
import {
  ATENDENTE_AUTORES,
  ATENDENTE_CANAIS,
  ATENDENTE_ETAPAS,
  ATENDENTE_RESULTADOS,
  SOLICITACAO_TIPOS,
} from "../domain";
import { requiredId } from "./common";

/** Longest visitor message taken: a speech transcript of a long sentence fits; a paste of a page does not. */
export const ATENDENTE_TEXTO_MAX = 1000;

export const conversaCreateSchema = z
  .object({
    condominio_id: requiredId("Selecione um condomínio"),
    portao_id: z.uuid("Portão inválido").optional(),
    canal: z.enum(ATENDENTE_CANAIS, { error: "Canal inválido" }).default("api"),
  })
  .strict();
export type ConversaCreate = z.output<typeof conversaCreateSchema>;

/** A visitor's turn; an empty text is a silence (the attendant asks again). */
export const mensagemInputSchema = z
  .object({
    texto: z
      .string({ error: "Informe o texto da mensagem" })
      .max(ATENDENTE_TEXTO_MAX, `A mensagem deve ter no máximo ${ATENDENTE_TEXTO_MAX} caracteres`),
  })
  .strict();

export const mensagemSchema = z.object({
  autor: z.enum(ATENDENTE_AUTORES),
  texto: z.string(),
  created_at: z.string(),
});
export type Mensagem = z.infer<typeof mensagemSchema>;

/** Where the conversation is and what it found out. */
export const estadoConversaSchema = z.object({
  etapa: z.enum(ATENDENTE_ETAPAS),
  unidade_id: z.uuid().nullable(),
  nome_visitante: z.string().nullable(),
  tipo: z.enum(SOLICITACAO_TIPOS).nullable(),
  solicitacao_id: z.uuid().nullable(),
  resultado: z.enum(ATENDENTE_RESULTADOS).nullable(),
});
export type EstadoConversa = z.infer<typeof estadoConversaSchema>;

/** The answer to a turn: only the new replies. */
export const turnoRespostaSchema = z.object({
  id: z.uuid(),
  mensagens: z.array(mensagemSchema),
  estado: estadoConversaSchema,
});
export type TurnoResposta = z.infer<typeof turnoRespostaSchema>;

/** A whole conversation: the transcript from the greeting on. */
export const conversaSchema = turnoRespostaSchema.extend({
  condominio_id: z.uuid(),
  portao_id: z.uuid().nullable(),
  canal: z.enum(ATENDENTE_CANAIS),
  created_at: z.string(),
  encerrada_em: z.string().nullable(),
});
export type Conversa = z.infer<typeof conversaSchema>;
