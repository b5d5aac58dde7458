/** API keys ("Configurações → Integrações", docs/decisions/019-api-keys.md). */
import { z } from "zod";
import { API_KEY_SCOPES, type ApiKeyScope } from "../domain";
import { isoDateTime, listQuery, pageOf } from "./common";

/** What each scope lets an integration do, as the settings screen explains it. */
export const API_KEY_SCOPE_LABELS: Record<ApiKeyScope, string> = {
  "solicitacoes:ler": "Consultar solicitações",
  "solicitacoes:escrever": "Registrar solicitações (atendente, inclusive IA)",
  "chamadas:escrever": "Registrar chamadas e respostas dos moradores (PABX)",
  "diretorio:ler": "Ler condomínios, unidades, ramais e moradores (plano de discagem)",
  "eventos:ler": "Ler os eventos (solicitações e chamadas) em /api/v1/eventos",
  "passes:validar": "Validar passes (PIN ou QR Code) no portão e registrar a entrada",
  "acessos:registrar": "Informar ao portão quem não entrou e registrar saídas (controlador)",
  "atendente:conversar": "Conversar com o atendente virtual (interfones, telefone, WhatsApp)",
  "portoes:foto": "Enviar fotos do portão (câmeras e interfones com câmera)",
};

export const chaveInputSchema = z
  .object({
    nome: z
      .string({ error: "Informe um nome para a chave" })
      .trim()
      .min(2, "Nome deve ter pelo menos 2 caracteres")
      .max(80, "Nome deve ter no máximo 80 caracteres"),
    escopos: z
      .array(z.enum(API_KEY_SCOPES, { error: "Permissão inválida" }), { error: "Escolha ao menos uma permissão" })
      .min(1, "Escolha ao menos uma permissão")
      .transform((scopes) => [...new Set(scopes)].sort()),
  })
  .strict();
export type ChaveInput = z.input<typeof chaveInputSchema>;

export const chaveListQuerySchema = listQuery({
  status: z.enum(["ativa", "revogada"], { error: "Situação inválida" }).optional(),
});

export const chaveSchema = z.object({
  id: z.uuid(),
  nome: z.string(),
  /** The secret's first characters, to tell keys apart ("gk_3f9a1c2b…"). */
  prefixo: z.string(),
  escopos: z.array(z.enum(API_KEY_SCOPES)),
  criado_por: z.string().nullable(),
  created_at: isoDateTime,
  ultimo_uso_em: isoDateTime.nullable(),
  revogado_em: isoDateTime.nullable(),
});
export type Chave = z.infer<typeof chaveSchema>;
export const chavePageSchema = pageOf(chaveSchema);

/** The answer to creating a key: the only time its secret is ever shown. */
export const chaveCriadaSchema = chaveSchema.extend({
  segredo: z.string().describe("Use como `Authorization: Bearer <segredo>`. Não é mostrado de novo."),
});
export type ChaveCriada = z.infer<typeof chaveCriadaSchema>;
