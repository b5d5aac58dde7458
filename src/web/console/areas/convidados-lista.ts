/**
 * The booking's guest list as the form holds it (docs/decisions/044-common-area-bookings.md): rows a
 * resident types, or "Colar lista" — one guest per line, "Nome; documento; telefone" with the last
 * two optional — pasted from a chat or a spreadsheet.
 */
import { maskPhone } from "@/shared/phone";
import type { Convidado, ConvidadoInput } from "@/shared/schemas/reservas";

export interface ConvidadoRow {
  /** React's key for the row (not sent). */
  key: string;
  nome: string;
  documento: string;
  telefone: string;
  /** Already came in: the server keeps them on the list, so the row cannot be removed. */
  entrou?: boolean;
}

let sequence = 0;
export function novaLinha(partial: Partial<Omit<ConvidadoRow, "key">> = {}): ConvidadoRow {
  sequence += 1;
  return { key: `convidado-${sequence}`, nome: "", documento: "", telefone: "", ...partial };
}

/**
 * One guest per non-blank line; the parts are split by ";" or a tab (a spreadsheet's copy), so a
 * name may hold commas. Leading list marks ("1.", "-", "•") are dropped.
 */
export function parseListaConvidados(text: string): Omit<ConvidadoRow, "key">[] {
  return text
    .split(/\r?\n/)
    .map((line) => line.replace(/^\s*(?:\d+[.)-]|[-*•])\s+/, "").trim())
    .filter((line) => line.length > 0)
    .map((line) => {
      const [nome = "", documento = "", telefone = ""] = line.split(/[;\t]/).map((part) => part.trim());
      return { nome, documento, telefone: telefone ? maskPhone(telefone) : "" };
    })
    .filter((row) => row.nome || row.documento || row.telefone);
}

const blank = (row: ConvidadoRow) => !row.nome.trim() && !row.documento.trim() && !row.telefone.trim();

/** The pasted guests after the typed ones; an untouched empty row gives way to them. */
export function juntarLista(rows: ConvidadoRow[], pasted: Omit<ConvidadoRow, "key">[]): ConvidadoRow[] {
  return [...rows.filter((row) => !blank(row)), ...pasted.map((row) => novaLinha(row))];
}

/** What the API takes: rows left blank are not guests. */
export function convidadosParaEnviar(rows: ConvidadoRow[]): { rows: ConvidadoRow[]; input: ConvidadoInput[] } {
  const filled = rows.filter((row) => !blank(row));
  return {
    rows: filled,
    input: filled.map((row) => ({
      nome: row.nome.trim(),
      documento: row.documento.trim() || null,
      telefone: row.telefone.trim() || null,
    })),
  };
}

/** A booking's guests as editable rows (their stored phone shown masked). */
export function linhasDe(convidados: Convidado[]): ConvidadoRow[] {
  return convidados.map((c) =>
    novaLinha({
      nome: c.nome,
      documento: c.documento ?? "",
      telefone: c.telefone ? maskPhone(c.telefone) : "",
      entrou: !!c.entrada_em,
    }),
  );
}
