/**
 * Documents shown masked (docs/product.md, "Personal data and retention"): lists, search, realtime events,
 * exports and the audit trail show only enough to tell two people apart at the gate; the full document
 * appears on a detail screen, to roles allowed to see it, and that view is recorded.
 *
 * CPF (11 digits): the middle six, `***.920.573-**`. Anything else (RG, passport, CNH): the last
 * three characters, `***678` (just `***` when that would be all of it).
 */
export function maskDocument(documento: string | null | undefined): string | null {
  if (!documento) return documento ?? null;
  const digits = documento.replace(/\D/g, "");
  if (digits.length === 11 && /^[\d.\-\s/]+$/.test(documento)) {
    return `***.${digits.slice(3, 6)}.${digits.slice(6, 9)}-**`;
  }
  const chars = documento.replace(/[^0-9A-Za-z]/g, "");
  return chars.length > 3 ? `***${chars.slice(-3)}` : "***";
}

/**
 * A message's destination as a resident sees it on their unit's request (docs/product.md, "Request
 * detail"): enough to recognise their own phone or e-mail, not a neighbour's. A phone keeps its
 * last four digits (`*********8888`), an e-mail its first letter and domain (`a***@gmail.com`).
 */
export function maskDestino(destino: string): string {
  const at = destino.lastIndexOf("@");
  if (at > 0) return `${destino.slice(0, 1)}***${destino.slice(at)}`;
  const digits = destino.replace(/\D/g, "");
  if (digits.length <= 4) return "****";
  return `${"*".repeat(digits.length - 4)}${digits.slice(-4)}`;
}
