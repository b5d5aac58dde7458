/**
 * Importing units and residents from a spreadsheet (docs/product.md, "Importar planilha";
 * docs/decisions/032-spreadsheet-import.md): the template's columns, the limits, and what the
 * preview and the import answer. The server parses and validates; the console shows these shapes.
 */
import { z } from "zod";

/** Largest file accepted (bytes): 2 MB. */
export const IMPORTACAO_MAX_BYTES = 2 * 1024 * 1024;
/** Most data rows in one file (blank rows do not count). */
export const IMPORTACAO_MAX_LINHAS = 5_000;

/** The fields a row carries, in the template's order. */
export const IMPORTACAO_CAMPOS = [
  "torre",
  "unidade",
  "ramal",
  "nome",
  "documento",
  "telefone",
  "email",
  "responsavel",
] as const;
export type ImportacaoCampo = (typeof IMPORTACAO_CAMPOS)[number];

/**
 * The template's column titles and what each one takes (shown on the import screen and in the
 * template's "Instruções" sheet). A file may use other common titles ("Bloco", "Apto", "Celular"):
 * the server recognises them too.
 */
export const IMPORTACAO_COLUNAS: Record<ImportacaoCampo, { titulo: string; ajuda: string; exemplo: string }> = {
  torre: { titulo: "Torre", ajuda: "Opcional. Torre ou bloco da unidade.", exemplo: "Torre A" },
  unidade: { titulo: "Unidade", ajuda: "Obrigatório. Código da unidade (até 20 caracteres).", exemplo: "101" },
  ramal: { titulo: "Ramal", ajuda: "Opcional. Ramal do interfone da unidade.", exemplo: "2101" },
  nome: {
    titulo: "Nome do morador",
    ajuda: "Opcional. Deixe as colunas do morador vazias para cadastrar só a unidade.",
    exemplo: "Maria da Silva",
  },
  documento: { titulo: "CPF", ajuda: "Opcional. CPF do morador, com ou sem pontuação.", exemplo: "529.982.247-25" },
  telefone: {
    titulo: "Telefone",
    ajuda: "Opcional. Com DDD, como se digita: (11) 98765-4321.",
    exemplo: "(11) 98765-4321",
  },
  email: { titulo: "E-mail", ajuda: "Opcional.", exemplo: "maria@exemplo.com.br" },
  responsavel: {
    titulo: "Responsável (sim/não)",
    ajuda: 'Opcional. "sim" marca o responsável pela unidade (um por unidade); vazio é não.',
    exemplo: "sim",
  },
};

export const IMPORTACAO_FORMATOS = ["csv", "xlsx"] as const;
export type ImportacaoFormato = (typeof IMPORTACAO_FORMATOS)[number];

/** What the import does with a row's unit, person and link. */
export const importacaoLinhaSchema = z.object({
  /** The row's number in the spreadsheet (the title row is 1). */
  linha: z.number().int(),
  torre: z.string().nullable(),
  unidade: z.string().nullable(),
  ramal: z.string().nullable(),
  nome: z.string().nullable(),
  /** Masked, as every list shows documents (docs/product.md, "Personal data and retention"). */
  documento: z.string().nullable(),
  /** E.164 when valid; as typed otherwise. */
  telefone: z.string().nullable(),
  email: z.string().nullable(),
  responsavel: z.boolean(),
  /** Null while the row has errors. */
  unidade_acao: z.enum(["criar", "existente"]).nullable(),
  /** Null when the row has no resident, or has errors. */
  pessoa_acao: z.enum(["criar", "existente"]).nullable(),
  vinculo_acao: z.enum(["criar", "existente"]).nullable(),
  erros: z.array(z.object({ campo: z.enum(IMPORTACAO_CAMPOS).nullable(), mensagem: z.string() })),
  /** Information, not errors: "Unidade já existe: será usada sem alterações." */
  avisos: z.array(z.string()),
});
export type ImportacaoLinha = z.infer<typeof importacaoLinhaSchema>;

export const importacaoTotaisSchema = z.object({
  linhas: z.number().int(),
  linhas_com_erro: z.number().int(),
  unidades_criar: z.number().int(),
  pessoas_criar: z.number().int(),
  vinculos_criar: z.number().int(),
  unidades_existentes: z.number().int(),
  pessoas_existentes: z.number().int(),
  vinculos_existentes: z.number().int(),
});
export type ImportacaoTotais = z.infer<typeof importacaoTotaisSchema>;

/** POST /api/importacoes/previa: every row with its values, errors and notes; nothing is written. */
export const importacaoPreviaSchema = z.object({
  condominio_id: z.uuid(),
  formato: z.enum(IMPORTACAO_FORMATOS),
  /** Columns of the file the import does not know (ignored). */
  colunas_ignoradas: z.array(z.string()),
  totais: importacaoTotaisSchema,
  linhas: z.array(importacaoLinhaSchema),
});
export type ImportacaoPrevia = z.infer<typeof importacaoPreviaSchema>;

/** POST /api/importacoes: what was written. */
export const importacaoResultadoSchema = z.object({
  condominio_id: z.uuid(),
  unidades_criadas: z.number().int(),
  pessoas_criadas: z.number().int(),
  vinculos_criados: z.number().int(),
});
export type ImportacaoResultado = z.infer<typeof importacaoResultadoSchema>;
