/** The résumé field accepts PDF files only (docs/product.md, "Company pages"). */

export const RESUME_ACCEPT = "application/pdf,.pdf";
export const NO_RESUME_CHOSEN = "Nenhum arquivo selecionado";
export const RESUME_HINT = "Apenas arquivos PDF são aceitos";
export const RESUME_NOT_PDF_ERROR = "O arquivo selecionado não é um PDF. Escolha o currículo em formato PDF.";

/**
 * True for a PDF: the name must end in .pdf and the browser-reported type, when it gives one, must be
 * application/pdf. The `accept` attribute only filters the picker; drag-and-drop and "all files" bypass it.
 */
export function isPdfFile(file: { name: string; type: string }): boolean {
  const hasPdfName = /\.pdf$/i.test(file.name.trim());
  const hasPdfType = file.type === "" || file.type === "application/pdf";
  return hasPdfName && hasPdfType;
}
