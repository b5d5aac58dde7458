/**
 * The console's demonstration of the phone line and WhatsApp ("Simular ligação", "Simular
 * WhatsApp" in Atendimentos; docs/decisions/037-phone-line-and-whatsapp.md): staff play the visitor
 * and their lines go through the same handlers as Twilio's and Meta's webhooks.
 */
import { z } from "zod";
import { requiredId } from "./common";

export const SIMULACAO_CANAIS = ["telefone", "whatsapp"] as const;

export const simulacaoCreateSchema = z
  .object({
    canal: z.enum(SIMULACAO_CANAIS, { error: "Escolha ligação ou WhatsApp" }),
    portao_id: requiredId("Selecione um portão"),
  })
  .strict();
export type SimulacaoCreate = z.infer<typeof simulacaoCreateSchema>;

export const simulacaoMensagemSchema = z
  .object({
    texto: z
      .string({ error: "Escreva o que o visitante diz" })
      .trim()
      .min(1, "Escreva o que o visitante diz")
      .max(500, "A mensagem deve ter no máximo 500 caracteres"),
  })
  .strict();

/** What the visitor heard or read after a line: the attendant's lines and, for a call, the TwiML itself. */
export const simulacaoTurnoSchema = z.object({
  conversa_id: z.uuid(),
  canal: z.enum(SIMULACAO_CANAIS),
  falas: z.array(z.string()),
  /** The TwiML Twilio would have received (a call only). */
  twiml: z.string().nullable(),
  /** The call hung up, or the conversation ended. */
  encerrada: z.boolean(),
});
export type SimulacaoTurno = z.infer<typeof simulacaoTurnoSchema>;

export const simulacaoDisponivelSchema = z.object({
  /** Only on the demonstration (the demo tenant, or a server with GUARITA_DEMO=true). */
  disponivel: z.boolean(),
});

/** The demo panel's "Tecla 1" / "Tecla 2" on a demonstration call to a resident. */
export const ligacaoDemoTeclaSchema = z
  .object({ tecla: z.string({ error: "Tecla inválida" }).regex(/^[0-9*#]$/, "Tecla inválida") })
  .strict();
export const ligacaoDemoTeclaResultSchema = z.object({
  /** What the call said after the key. */
  texto: z.string(),
});
