/**
 * The "Mensagens enviadas (demonstração)" panel (issue 13): without provider keys, the demo channel
 * keeps each WhatsApp and SMS message's text, with the resident's link, on the notification; the
 * panel shows it so the demo user can open the link. Demo e-mails went to the .eml folder instead.
 * Pure: no React, so the unit tests read it directly.
 */
import type { Notificacao } from "@/shared/schemas/solicitacoes";

/** The resident's link in a message: http(s)://<host>/…/r/<token>, with any query string. */
const LINK = /https?:\/\/[^\s<>"'[\]]+?\/r\/[A-Za-z0-9_-]+(?:\?[^\s<>"'[\]]*)?/;

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
 * text and link) and the e-mails (written to the demo mail folder).
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
