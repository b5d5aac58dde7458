/**
 * The contact form is sent as a prefilled WhatsApp chat with the company (docs/product.md, "Company pages"):
 * nothing is posted to Guarita's server.
 */
import { COMPANY, whatsappUrl } from "@/shared/company";
import { contactSubjectLabel } from "@/web/site/contato/contact-subjects";

export interface ContactMessage {
  nome: string;
  email: string;
  telefone: string;
  /** A value of CONTACT_SUBJECTS. */
  assunto: string;
  mensagem: string;
}

/** The chat's address without a text: the plain-HTML form's action (its fields become the query). */
export const WHATSAPP_CHAT_URL = `https://wa.me/${COMPANY.whatsappNumber}`;
/** The message field is named like wa.me's prefill parameter, so without a script it still reaches the chat. */
export const CONTACT_MESSAGE_FIELD = "text";

export const CONTACT_GREETING = "Olá! Vim pelo site da Guarita e gostaria de falar com vocês.";
export const NO_PHONE = "Não informado";

/** The chat's prefilled text: a greeting, one line per field, the message last. */
export function contactText(message: ContactMessage): string {
  return [
    CONTACT_GREETING,
    "",
    `Nome: ${message.nome.trim()}`,
    `E-mail: ${message.email.trim()}`,
    `Telefone: ${message.telefone.trim() || NO_PHONE}`,
    `Assunto: ${contactSubjectLabel(message.assunto)}`,
    `Mensagem: ${message.mensagem.trim()}`,
  ].join("\n");
}

/** The wa.me link of the contact form, with the text percent-encoded by whatsappUrl. */
export function contactWhatsappUrl(message: ContactMessage): string {
  return whatsappUrl(contactText(message));
}
