/**
 * The import's template (docs/product.md, "Importar planilha"): the titles the import reads, in
 * XLSX (text cells, so Excel keeps a CPF's or a code's leading zeros; a sim/não list for
 * "Responsável"; an "Instruções" sheet with an example) or in CSV as Brazilian Excel opens it
 * (UTF-8 with BOM, ";"). The data sheet has no example row: a forgotten one would be imported.
 */
import ExcelJS from "exceljs";
import { IMPORTACAO_CAMPOS, IMPORTACAO_COLUNAS } from "../../../shared/schemas/importacao";

export const XLSX_TYPE = "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet";
export const MODELO_NOME = "modelo-importacao-guarita";

const TITLES = IMPORTACAO_CAMPOS.map((c) => IMPORTACAO_COLUNAS[c].titulo);

export function modeloCsv(): string {
  return `\uFEFF${TITLES.join(";")}\r\n`;
}

export async function modeloXlsx(): Promise<ArrayBuffer> {
  const workbook = new ExcelJS.Workbook();
  workbook.creator = "Guarita";
  const sheet = workbook.addWorksheet("Unidades e moradores", { views: [{ state: "frozen", ySplit: 1 }] });
  sheet.columns = IMPORTACAO_CAMPOS.map((campo) => ({
    header: IMPORTACAO_COLUNAS[campo].titulo,
    key: campo,
    width: Math.max(14, IMPORTACAO_COLUNAS[campo].titulo.length + 4, campo === "nome" || campo === "email" ? 30 : 0),
    // Text cells: "0101" stays "0101", a CPF keeps its leading zero.
    style: { numFmt: "@" },
  }));
  const header = sheet.getRow(1);
  header.font = { bold: true };
  header.fill = { type: "pattern", pattern: "solid", fgColor: { argb: "FFE2E8F0" } };
  const responsavel = IMPORTACAO_CAMPOS.indexOf("responsavel") + 1;
  for (let row = 2; row <= 1001; row++) {
    sheet.getCell(row, responsavel).dataValidation = {
      type: "list",
      allowBlank: true,
      formulae: ['"sim,não"'],
      showErrorMessage: true,
      errorTitle: "Responsável",
      error: 'Use "sim" ou "não".',
    };
  }

  const help = workbook.addWorksheet("Instruções");
  help.columns = [
    { header: "Coluna", key: "coluna", width: 24 },
    { header: "O que preencher", key: "ajuda", width: 70 },
    { header: "Exemplo", key: "exemplo", width: 24 },
  ];
  help.getRow(1).font = { bold: true };
  for (const campo of IMPORTACAO_CAMPOS) {
    const c = IMPORTACAO_COLUNAS[campo];
    help.addRow({ coluna: c.titulo, ajuda: c.ajuda, exemplo: c.exemplo });
  }
  help.addRow({});
  help.addRow({
    coluna: "Observações",
    ajuda:
      "Uma linha por morador de cada unidade; repita a unidade para cada morador. Unidades e pessoas já cadastradas " +
      "são usadas sem alterações. Nada é gravado até você confirmar a importação.",
  });
  return workbook.xlsx.writeBuffer();
}
