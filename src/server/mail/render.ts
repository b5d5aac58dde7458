/**
 * Renders a template to what goes into the outbox: subject, HTML (React on the server, static
 * markup) and text from the same data, and the action links.
 */
import { createElement } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { MAIL_TEMPLATES, type MailData, type MailTemplateName } from "./templates";
import type { MailTemplate } from "./templates/types";

export interface RenderedMail {
  subject: string;
  html: string;
  text: string;
  links: string[];
}

export function renderMail<T extends MailTemplateName>(template: T, data: MailData<T>): RenderedMail {
  const t = MAIL_TEMPLATES[template] as unknown as MailTemplate<MailData<T>>;
  if (!t) throw new Error(`renderMail: modelo de e-mail desconhecido: ${String(template)}`);
  const links = t.links(data);
  // Links come from our own code, but a `javascript:` or relative one would be a bug worth stopping.
  for (const link of links) {
    if (!/^https?:\/\/[^\s]+$/.test(link)) throw new Error(`renderMail(${template}): link inválido: ${link}`);
  }
  return {
    // A tenant's name ends up in the subject; a line break there would end the header.
    subject: t.subject(data).replace(/\s+/g, " ").trim(),
    html: `<!DOCTYPE html>${renderToStaticMarkup(createElement(t.Body, data))}`,
    text: t.text(data),
    links,
  };
}
