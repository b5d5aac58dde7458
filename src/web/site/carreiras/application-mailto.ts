/**
 * The career application is sent as an e-mail draft (docs/product.md, "Company pages"): no
 * request reaches Guarita's server, and the résumé itself is not transmitted, only its file name.
 */
import { COMPANY } from "@/shared/company";
import { EXPERIENCE_OPTIONS, optionLabel, SECTOR_OPTIONS } from "@/web/site/carreiras/application-options";

export interface CareerApplication {
  nome: string;
  email: string;
  telefone: string;
  /** A value of SECTOR_OPTIONS. */
  setor: string;
  /** A value of EXPERIENCE_OPTIONS. */
  experiencia: string;
  mensagem: string;
  /** The chosen PDF's file name, or null when none was attached. */
  curriculo: string | null;
}

export const NO_RESUME = "Não anexado";
export const NO_PHONE = "Não informado";
const CRLF = "\r\n";

export function applicationSubject(application: Pick<CareerApplication, "nome">): string {
  return `Candidatura - ${application.nome.trim()}`;
}

/** The e-mail body: one line per field (the message may span several), then the résumé's file name. */
export function applicationBody(application: CareerApplication): string {
  return [
    `Nome: ${application.nome.trim()}`,
    `E-mail: ${application.email.trim()}`,
    `Telefone: ${application.telefone.trim() || NO_PHONE}`,
    `Setor: ${optionLabel(SECTOR_OPTIONS, application.setor)}`,
    `Experiência: ${optionLabel(EXPERIENCE_OPTIONS, application.experiencia)}`,
    `Mensagem: ${application.mensagem.trim().replace(/\r?\n/g, CRLF)}`,
    `Currículo: ${application.curriculo ?? NO_RESUME}`,
  ].join(CRLF);
}

/**
 * The mailto: URL of the application draft to the company's contact address. Line breaks are CRLF,
 * as RFC 6068 asks of mailto bodies; every component is percent-encoded.
 */
export function applicationMailtoUrl(application: CareerApplication, to: string = COMPANY.email): string {
  const subject = encodeURIComponent(applicationSubject(application));
  const body = encodeURIComponent(applicationBody(application));
  return `mailto:${to}?subject=${subject}&body=${body}`;
}
