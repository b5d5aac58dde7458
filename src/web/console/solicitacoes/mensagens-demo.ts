/**
 * The "Mensagens enviadas (demonstração)" panel (docs/product.md, "Resident link"): without provider keys,
 * the demo channel keeps each WhatsApp and SMS message's text on the notification; on the demo tenant the API
 * sends it with the resident's link, so the demo user can open it, and elsewhere with the link's token cut
 * (`…/r/abc…`, docs/decisions/022-resident-link.md), shown as text. Demo e-mails went to the .eml folder instead. Pure:
 * no React, so the unit tests read it directly.
 */
import type { Notificacao } from "@/shared/schemas/solicitacoes";

/**
 * The resident's link in a message: http(s)://<host>/…/r/<token>, with any query string. Only a
 * whole token (43 characters) makes a link; a cut one is text.
 */
const LINK = /https?:\/\/[^\s<>"'[\]]+?\/r\/[A-Za-z0-9_-]{43}(?![A-Za-z0-9_…-])(?:\?[^\s<>"'[\]]*)?/;
/** A link whose token the server cut. */
const CUT_LINK = /\/r\/[A-Za-z0-9_-]{0,42}…/;

/** Punctuation that ends a sentence after a link is not part of it. */
const TRAILING = /[).,;:!?]+$/;

function findLink(texto: string): { index: number; link: string } | null {
  const match = LINK.exec(texto);
  if (!match) return null;
  return { index: match.index, link: match[0].replace(TRAILING, "") };
}

/** The link in a message's text, or null when it has none. */
export function linkDaMensagem(texto: string | null | undefined): string | null {
  if (!texto) return null;
  return findLink(texto)?.link ?? null;
}

/** Whether a message shows its link cut (outside the demo tenant). */
export function linkCortado(texto: string): boolean {
  return CUT_LINK.test(texto);
}

/** The text around its link, so the link can be drawn as a real anchor; `link` null when none. */
export function partesDaMensagem(texto: string): { antes: string; link: string | null; depois: string } {
  const found = findLink(texto);
  if (!found) return { antes: texto, link: null, depois: "" };
  return {
    antes: texto.slice(0, found.index),
    link: found.link,
    depois: texto.slice(found.index + found.link.length),
  };
}

/**
 * The demo messages, oldest first as the API lists them: the WhatsApp and SMS ones (shown with their
 * text and link) and the calls (with what they say), then the e-mails (written to the demo mail folder).
 */
export function mensagensDemo(notificacoes: readonly Notificacao[]): {
  telefone: Notificacao[];
  emails: Notificacao[];
} {
  const demo = notificacoes.filter((n) => n.demo);
  return {
    telefone: demo.filter((n) => n.canal !== "email"),
    emails: demo.filter((n) => n.canal === "email"),
  };
}
