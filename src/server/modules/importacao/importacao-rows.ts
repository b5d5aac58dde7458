/**
 * One spreadsheet row → its values as Guarita stores them, and what is wrong with it, in pt-BR
 * (docs/product.md, "Importar planilha"). Pure: the checks against the file's other rows and the
 * condominium's records are importacao-plano.ts's.
 */
import { formatCPF, isValidCPF } from "@brazilian-utils/brazilian-utils";
import { z } from "zod";
import { PHONE_INVALID, parsePhone } from "../../../shared/phone";
import type { ImportacaoCampo } from "../../../shared/schemas/importacao";
import type { RawRow } from "./importacao-parse";

export interface RowError {
  campo: ImportacaoCampo | null;
  mensagem: string;
}

export interface NormalRow {
  linha: number;
  /** As typed (cleaned), for the preview. */
  typed: RawRow["valores"];
  torre: string | null;
  codigo: string | null;
  ramal: string | null;
  nome: string | null;
  /** "529.982.247-25". */
  cpf: string | null;
  /** "+5511987654321". */
  telefone: string | null;
  /** Lower-cased. */
  email: string | null;
  responsavel: boolean;
  /** Whether the row names a resident (any of name, CPF, phone, e-mail, or "responsável"). */
  temPessoa: boolean;
  erros: RowError[];
}

const YES = new Set(["sim", "s", "x", "yes", "y", "true", "verdadeiro", "1"]);
const NO = new Set(["nao", "n", "no", "false", "falso", "0", "-"]);
const emailSchema = z.email();

const fold = (text: string) => text.normalize("NFD").replace(/\p{M}/gu, "").toLowerCase();

/**
 * A CPF typed into a spreadsheet: Excel drops the leading zeros of a number ("012.345.678-90"
 * typed in a number cell becomes 1234567890), so 9 or 10 bare digits are padded back to 11.
 */
function cpfDigits(typed: string): string {
  const digits = typed.replace(/\D/g, "");
  return /^\d{9,10}$/.test(typed.trim()) ? digits.padStart(11, "0") : digits;
}

export function normalizeRow(raw: RawRow): NormalRow {
  const v = raw.valores;
  const erros: RowError[] = [];
  const tooLong = (campo: ImportacaoCampo, label: string, max: number) => {
    const text = v[campo] ?? null;
    if (text && text.length > max) erros.push({ campo, mensagem: `${label} deve ter no máximo ${max} caracteres` });
    return text;
  };

  const codigo = tooLong("unidade", "Unidade", 20);
  if (!codigo) erros.push({ campo: "unidade", mensagem: "Unidade é obrigatória" });
  const torre = tooLong("torre", "Torre", 60);
  const ramal = tooLong("ramal", "Ramal", 20);

  let responsavel = false;
  if (v.responsavel) {
    const answer = fold(v.responsavel);
    if (YES.has(answer)) responsavel = true;
    else if (!NO.has(answer)) erros.push({ campo: "responsavel", mensagem: 'Responsável deve ser "sim" ou "não"' });
  }

  let cpf: string | null = null;
  if (v.documento) {
    const digits = cpfDigits(v.documento);
    if (digits.length === 11 && isValidCPF(digits)) cpf = formatCPF(digits);
    else erros.push({ campo: "documento", mensagem: "CPF inválido" });
  }

  let telefone: string | null = null;
  if (v.telefone) {
    telefone = parsePhone(v.telefone);
    if (!telefone) erros.push({ campo: "telefone", mensagem: PHONE_INVALID });
  }

  let email: string | null = null;
  if (v.email) {
    const lower = v.email.toLowerCase();
    if (lower.length <= 254 && emailSchema.safeParse(lower).success) email = lower;
    else erros.push({ campo: "email", mensagem: "E-mail inválido" });
  }

  const nome = v.nome ?? null;
  const temPessoa = !!(nome || v.documento || v.telefone || v.email || responsavel);
  if (temPessoa) {
    if (!nome)
      erros.push({
        campo: "nome",
        mensagem: "Nome do morador é obrigatório quando há CPF, telefone, e-mail ou responsável",
      });
    else if (nome.length < 2) erros.push({ campo: "nome", mensagem: "Nome deve ter pelo menos 2 caracteres" });
    else if (nome.length > 120) erros.push({ campo: "nome", mensagem: "Nome deve ter no máximo 120 caracteres" });
  }

  return {
    linha: raw.linha,
    typed: v,
    torre,
    codigo,
    ramal,
    nome,
    cpf,
    telefone,
    email,
    responsavel,
    temPessoa,
    erros,
  };
}

/** A name compared without case, accents or repeated spaces ("José  Silva" = "jose silva"). */
export const sameName = (a: string, b: string) => fold(a).replace(/\s+/g, " ") === fold(b).replace(/\s+/g, " ");
export const nameKey = (name: string) => fold(name).replace(/\s+/g, " ");
/** A unit's key in its condominium: tower and code, without case (a unit without tower has tower ""). */
export const unitKey = (torre: string | null, codigo: string) =>
  `${(torre ?? "").toLowerCase()}\u0000${codigo.toLowerCase()}`;
export const cpfKey = (cpf: string) => cpf.replace(/\D/g, "");
