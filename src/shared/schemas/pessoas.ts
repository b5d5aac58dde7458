import { z } from "zod";
import { type CANAIS_NOTIFICACAO, CANAIS_PREFERIDOS } from "../domain";
import { optionalPhone } from "../phone";
import { listQuery, maskedDocument, optionalText, pageOf, requiredId } from "./common";
import { fotoSchema } from "./fotos";
import { solicitacaoListItemSchema } from "./solicitacoes";

/** Person form and API body (docs/product.md, "Pessoas"). */
export const pessoaInputSchema = z
  .object({
    condominio_id: requiredId("Selecione um condomínio"),
    nome: z
      .string({ error: "Nome deve ter pelo menos 2 caracteres" })
      .trim()
      .min(2, "Nome deve ter pelo menos 2 caracteres")
      .max(120, "Nome deve ter no máximo 120 caracteres"),
    documento: optionalText(40),
    /** Typed as Brazilians type it, stored in E.164 (docs/product.md, "Telefones"). */
    telefone_e164: optionalPhone(),
    email: optionalText(254).refine((v) => v === null || z.email().safeParse(v).success, {
      message: "E-mail inválido",
    }),
    pbx_ramal: optionalText(20),
    /** How this person hears of visits (docs/product.md, "Pessoas"); null: WhatsApp with a phone, else e-mail. */
    canal_preferido: z
      .enum(CANAIS_PREFERIDOS, { error: "Canal inválido" })
      .nullish()
      .transform((v) => v ?? null),
    ativo: z.boolean({ error: "Valor inválido" }).default(true),
  })
  .strict()
  .refine((p) => p.canal_preferido !== "email" || p.email !== null, {
    path: ["canal_preferido"],
    message: "Para receber por e-mail, informe o e-mail",
  })
  .refine((p) => (p.canal_preferido !== "whatsapp" && p.canal_preferido !== "sms") || p.telefone_e164 !== null, {
    path: ["canal_preferido"],
    message: "Para receber por WhatsApp ou SMS, informe o telefone",
  });
export type PessoaInput = z.input<typeof pessoaInputSchema>;

export const pessoaListQuerySchema = listQuery({
  condominio_id: z.uuid("Condomínio inválido").optional(),
  q: z.string().trim().max(100, "Busca longa demais").optional(),
  status: z.enum(["ativo", "inativo"], { error: "Status inválido" }).optional(),
});

export const pessoaSchema = z.object({
  id: z.uuid(),
  condominio_id: z.uuid(),
  nome: z.string(),
  documento: z.string().nullable(),
  telefone_e164: z.string().nullable(),
  email: z.string().nullable(),
  pbx_ramal: z.string().nullable(),
  canal_preferido: z.enum(CANAIS_PREFERIDOS).nullable(),
  ativo: z.boolean(),
});
export type Pessoa = z.infer<typeof pessoaSchema>;
/** The list shows the document masked; the detail (pessoaDetailSchema) has it in full. */
export const pessoaPageSchema = pageOf(pessoaSchema.extend({ documento: maskedDocument }));

/** How the console names each channel. */
export const CANAL_LABELS: Record<(typeof CANAIS_NOTIFICACAO)[number], string> = {
  whatsapp: "WhatsApp",
  sms: "SMS",
  email: "E-mail",
  ligacao: "Ligação",
};

/** A resident link as v_moradores_ativos shows it. */
export const moradorSchema = z.object({
  id: z.uuid(),
  condominio_id: z.uuid(),
  unidade_id: z.uuid(),
  pessoa_id: z.uuid(),
  nome: z.string(),
  is_responsavel: z.boolean(),
});
export type Morador = z.infer<typeof moradorSchema>;

/**
 * GET /api/pessoas/:id: the person, their photo (a stored image shown through a signed short-lived
 * address, docs/product.md "Fotos"; null without one), the units they live in and the requests they
 * decided.
 */
export const pessoaDetailSchema = pessoaSchema.extend({
  foto: fotoSchema.nullable(),
  unidades: z.array(
    z.object({ unidade_id: z.uuid(), codigo: z.string(), torre: z.string().nullable(), is_responsavel: z.boolean() }),
  ),
  solicitacoes_decididas: z.array(solicitacaoListItemSchema),
});
export type PessoaDetail = z.infer<typeof pessoaDetailSchema>;

export const moradorLinkSchema = z
  .object({
    pessoa_id: requiredId("Selecione uma pessoa"),
    is_responsavel: z.boolean({ error: "Valor inválido" }).default(false),
  })
  .strict();

export const moradorUpdateSchema = z.object({ is_responsavel: z.boolean({ error: "Valor inválido" }) }).strict();
