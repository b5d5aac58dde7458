/**
 * A spreadsheet file → its rows as text, by column (docs/product.md, "Importar planilha").
 * CSV through papaparse, XLSX through exceljs (docs/decisions/032-spreadsheet-import.md): the
 * separator (";" as Brazilian Excel saves, "," or tab) is read from the title row, and the text is
 * UTF-8 (with or without BOM), UTF-16 with BOM, or else Windows-1252 (an old Excel "CSV"). Titles
 * are matched without case, accents or punctuation, with the common alternatives ("Bloco", "Apto",
 * "Celular"). Every problem with the file as a whole is a 400 with a pt-BR message; problems of a
 * single row are the validation's (importacao-rows.ts).
 */
import ExcelJS from "exceljs";
import { unzipSync } from "fflate";
import Papa from "papaparse";
import {
  IMPORTACAO_COLUNAS,
  IMPORTACAO_MAX_LINHAS,
  type ImportacaoCampo,
  type ImportacaoFormato,
} from "../../../shared/schemas/importacao";
import { badRequest } from "../../http/errors";

export interface RawRow {
  /** The row's number in the spreadsheet (the title row is 1 when it is the first). */
  linha: number;
  valores: Partial<Record<ImportacaoCampo, string>>;
}

export interface ParsedSheet {
  formato: ImportacaoFormato;
  linhas: RawRow[];
  /** Titles of columns the import does not know; they are ignored. */
  colunasIgnoradas: string[];
}

/**
 * An .xlsx is a zip; what it unpacks to is checked before exceljs reads it, so a small file that
 * unpacks to gigabytes (a "zip bomb") is refused instead of filling the memory.
 */
const MAX_UNZIPPED_BYTES = 60 * 1024 * 1024;

const COLUMN_ALIASES: Record<ImportacaoCampo, string[]> = {
  torre: ["torre", "bloco", "predio", "edificio"],
  unidade: ["unidade", "codigo", "codigodaunidade", "apto", "apartamento", "ap", "casa", "sala", "lote"],
  ramal: ["ramal", "ramaldaunidade", "interfone"],
  nome: ["nomedomorador", "nome", "morador", "moradornome", "nomecompleto"],
  documento: ["cpf", "documento", "documentocpf", "cpfdomorador"],
  telefone: ["telefone", "celular", "whatsapp", "fone", "telefonedomorador", "telefonecelular"],
  email: ["email", "emaildomorador"],
  responsavel: ["responsavelsimnao", "responsavel", "eresponsavel"],
};

/** "Responsável (sim/não)" → "responsavelsimnao". */
export function normalizeTitle(title: string): string {
  return title
    .normalize("NFD")
    .replace(/\p{M}/gu, "")
    .toLowerCase()
    .replace(/[^a-z0-9]/g, "");
}

const CAMPO_BY_TITLE = new Map<string, ImportacaoCampo>(
  (Object.entries(COLUMN_ALIASES) as [ImportacaoCampo, string[]][]).flatMap(([campo, aliases]) =>
    [...aliases, normalizeTitle(IMPORTACAO_COLUNAS[campo].titulo)].map((a) => [a, campo] as const),
  ),
);

const UNREADABLE = "Não foi possível ler o arquivo. Envie a planilha em .xlsx ou .csv (use o modelo).";
const NO_ROWS = "A planilha não tem linhas para importar.";
const TOO_MANY_ROWS = `A planilha tem mais de ${IMPORTACAO_MAX_LINHAS.toLocaleString("pt-BR")} linhas. Divida-a em arquivos menores.`;

/**
 * Text of a cell, cleaned: control characters become spaces (PostgreSQL cannot store NUL; a line
 * break inside a cell is a space), a lone UTF-16 surrogate becomes U+FFFD, runs of spaces one, trimmed.
 */
function clean(text: string): string {
  let out = "";
  for (const ch of text) {
    const code = ch.codePointAt(0)!;
    if (code >= 0xd800 && code <= 0xdfff) out += "\uFFFD";
    else if (code < 0x20 || code === 0x7f) out += " ";
    else out += ch;
  }
  return out.replace(/\s+/g, " ").trim();
}

/** Which field each column holds, from the title row; unknown titles are listed, repeated ones refused. */
function mapHeader(titles: string[]): { campos: (ImportacaoCampo | null)[]; ignoradas: string[] } {
  const campos: (ImportacaoCampo | null)[] = [];
  const ignoradas: string[] = [];
  const seen = new Map<ImportacaoCampo, string>();
  for (const raw of titles) {
    const title = clean(raw);
    const campo = CAMPO_BY_TITLE.get(normalizeTitle(title)) ?? null;
    if (campo && seen.has(campo)) {
      throw badRequest(`A coluna "${title}" aparece mais de uma vez (já há "${seen.get(campo)}").`);
    }
    if (campo) seen.set(campo, title);
    else if (title) ignoradas.push(title);
    campos.push(campo);
  }
  if (!seen.has("unidade")) {
    throw badRequest(
      `A planilha não tem a coluna "${IMPORTACAO_COLUNAS.unidade.titulo}". Use o modelo: a primeira linha traz os títulos das colunas.`,
    );
  }
  return { campos, ignoradas };
}

/** Title row first (the first row with any text), then the data rows; blank rows are skipped. */
function toRows(cells: { linha: number; values: string[] }[], formato: ImportacaoFormato): ParsedSheet {
  const headerIndex = cells.findIndex((r) => r.values.some((v) => clean(v) !== ""));
  if (headerIndex < 0) throw badRequest(NO_ROWS);
  const { campos, ignoradas } = mapHeader(cells[headerIndex]!.values);
  const linhas: RawRow[] = [];
  for (const row of cells.slice(headerIndex + 1)) {
    const valores: RawRow["valores"] = {};
    let filled = false;
    campos.forEach((campo, i) => {
      if (!campo) return;
      const value = clean(row.values[i] ?? "");
      if (value) {
        valores[campo] = value;
        filled = true;
      }
    });
    if (!filled) continue;
    if (linhas.length >= IMPORTACAO_MAX_LINHAS) throw badRequest(TOO_MANY_ROWS);
    linhas.push({ linha: row.linha, valores });
  }
  if (linhas.length === 0) throw badRequest(NO_ROWS);
  return { formato, linhas, colunasIgnoradas: ignoradas };
}

/** UTF-8 (BOM or not), UTF-16 with BOM, else Windows-1252: what spreadsheets save "CSV" as. */
export function decodeText(bytes: Uint8Array): string {
  if (bytes[0] === 0xef && bytes[1] === 0xbb && bytes[2] === 0xbf)
    return new TextDecoder("utf-8").decode(bytes.subarray(3));
  if (bytes[0] === 0xff && bytes[1] === 0xfe) return new TextDecoder("utf-16le").decode(bytes.subarray(2));
  if (bytes[0] === 0xfe && bytes[1] === 0xff) return new TextDecoder("utf-16be").decode(bytes.subarray(2));
  try {
    return new TextDecoder("utf-8", { fatal: true }).decode(bytes);
  } catch {
    return new TextDecoder("windows-1252").decode(bytes);
  }
}

/** The separator of the title row: ";" (Brazilian Excel), tab, or ",". */
function separatorOf(text: string): string {
  const firstLine = text.split(/\r\n|\n|\r/, 1)[0] ?? "";
  const count = (ch: string) => firstLine.split(ch).length - 1;
  const [best] = [";", "\t", ","].map((ch) => [ch, count(ch)] as const).sort((a, b) => b[1] - a[1]);
  return best && best[1] > 0 ? best[0] : ";";
}

export function parseCsv(bytes: Uint8Array): ParsedSheet {
  const text = decodeText(bytes);
  if (text.includes("\u0000")) throw badRequest(UNREADABLE);
  const result = Papa.parse<string[]>(text, { delimiter: separatorOf(text), skipEmptyLines: false });
  const quote = result.errors.find((e) => e.type === "Quotes");
  if (quote) {
    const at = quote.row === undefined ? "" : ` na linha ${quote.row + 1}`;
    throw badRequest(`Não foi possível ler o CSV: aspas sem fechamento${at}.`);
  }
  return toRows(
    result.data.map((values, i) => ({ linha: i + 1, values })),
    "csv",
  );
}

/** A cell as the user sees it: a formula's result, a link's text, a number without exponent. */
function cellText(cell: ExcelJS.Cell): string {
  const value = cell.value;
  if (value === null || value === undefined) return "";
  if (typeof value === "number") return Number.isInteger(value) ? value.toFixed(0) : String(value);
  if (typeof value === "string") return value;
  if (typeof value === "object" && "error" in value) return "";
  if (typeof value === "object" && "result" in value) {
    const result = (value as { result?: unknown }).result;
    if (typeof result === "number" && Number.isInteger(result)) return result.toFixed(0);
    return result === undefined || result === null || typeof result === "object" ? "" : String(result);
  }
  return cell.text ?? "";
}

function assertSmallWhenUnzipped(bytes: Uint8Array) {
  let total = 0;
  try {
    unzipSync(bytes, {
      filter: (file) => {
        total += file.originalSize;
        return false;
      },
    });
  } catch {
    throw badRequest(UNREADABLE);
  }
  if (total > MAX_UNZIPPED_BYTES) throw badRequest("A planilha é grande demais depois de descompactada.");
}

export async function parseXlsx(bytes: Uint8Array): Promise<ParsedSheet> {
  assertSmallWhenUnzipped(bytes);
  const workbook = new ExcelJS.Workbook();
  try {
    await workbook.xlsx.load(bytes as unknown as ArrayBuffer);
  } catch {
    throw badRequest(UNREADABLE);
  }
  const sheet = workbook.worksheets[0];
  if (!sheet) throw badRequest(NO_ROWS);
  const cells: { linha: number; values: string[] }[] = [];
  let dataRows = 0;
  sheet.eachRow({ includeEmpty: false }, (row, linha) => {
    // The title row and blank rows are sorted out in toRows; this only stops a runaway sheet early.
    if (++dataRows > IMPORTACAO_MAX_LINHAS + 50) throw badRequest(TOO_MANY_ROWS);
    const values: string[] = [];
    for (let col = 1; col <= row.cellCount; col++) values.push(cellText(row.getCell(col)));
    cells.push({ linha, values });
  });
  return toRows(cells, "xlsx");
}

const ZIP_MAGIC = [0x50, 0x4b, 0x03, 0x04];
const OLE_MAGIC = [0xd0, 0xcf, 0x11, 0xe0];
const startsWith = (bytes: Uint8Array, magic: number[]) => magic.every((b, i) => bytes[i] === b);

/** By content first (an .xlsx is a zip), then by name; the old binary .xls is refused with a way out. */
export async function parseSpreadsheet(bytes: Uint8Array, fileName: string): Promise<ParsedSheet> {
  if (bytes.length === 0) throw badRequest("O arquivo está vazio.");
  const name = fileName.toLowerCase();
  if (startsWith(bytes, OLE_MAGIC) || name.endsWith(".xls")) {
    throw badRequest('Arquivos .xls (Excel 97-2003) não são aceitos. No Excel, use "Salvar como" .xlsx ou .csv.');
  }
  if (startsWith(bytes, ZIP_MAGIC)) return parseXlsx(bytes);
  if (name.endsWith(".xlsx")) throw badRequest(UNREADABLE);
  return parseCsv(bytes);
}
