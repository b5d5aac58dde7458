/** An invitation to join a tenant's team with a role. */

import { formatPhone } from "../../../shared/phone";
import { ActionButton, Heading, MailLayout, Paragraph, textLayout } from "./layout";
import { defineTemplate, duration } from "./types";

export interface ConviteData {
  /** Name of the person who sent the invitation. */
  convidadoPor: string;
  /** The tenant's name. */
  organizacao: string;
  /** The role's label as the console shows it ("Porteiro"). */
  papel: string;
  /** Absolute link that accepts the invitation. */
  url: string;
  /** How long the invitation stays valid; 7 days unless the caller says otherwise. */
  validadeDias?: number;
  /** The tenant's contacts ("Configurações → Organização"), for questions about the invitation. */
  contato?: { email: string | null; telefone: string | null };
}

/** "Dúvidas? Fale com Alfa Administradora: (11) 4002-8922 · contato@alfa.com.br", or nothing. */
function contactLine(d: ConviteData): string | null {
  const parts = [formatPhone(d.contato?.telefone), d.contato?.email ?? null].filter(Boolean);
  return parts.length ? `Dúvidas? Fale com ${d.organizacao}: ${parts.join(" · ")}.` : null;
}

const DEFAULT_DAYS = 7;

export const convite = defineTemplate<ConviteData>({
  subject: (d) => `Convite para a equipe de ${d.organizacao} no Guarita`,
  preview: (d) => `${d.convidadoPor} convidou você para entrar como ${d.papel}.`,
  links: (d) => [d.url],
  Body(d) {
    const validity = duration((d.validadeDias ?? DEFAULT_DAYS) * 1440);
    return (
      <MailLayout title={`Convite para a equipe de ${d.organizacao}`} preview={convite.preview(d)}>
        <Heading>Você recebeu um convite</Heading>
        <Paragraph>
          <strong>{d.convidadoPor}</strong> convidou você para a equipe de <strong>{d.organizacao}</strong> no Guarita,
          com o papel de <strong>{d.papel}</strong>.
        </Paragraph>
        <ActionButton href={d.url}>Aceitar convite</ActionButton>
        <Paragraph muted>
          O convite vale por {validity}. Se você não esperava este e-mail, pode ignorá-lo: nada muda sem que você
          aceite.
        </Paragraph>
        {contactLine(d) && <Paragraph muted>{contactLine(d)}</Paragraph>}
      </MailLayout>
    );
  },
  text(d) {
    const validity = duration((d.validadeDias ?? DEFAULT_DAYS) * 1440);
    return textLayout([
      "Você recebeu um convite",
      "",
      `${d.convidadoPor} convidou você para a equipe de ${d.organizacao} no Guarita, com o papel de ${d.papel}.`,
      "",
      "Para aceitar o convite, abra este endereço:",
      d.url,
      "",
      `O convite vale por ${validity}. Se você não esperava este e-mail, pode ignorá-lo: nada muda sem que você aceite.`,
      ...(contactLine(d) ? ["", contactLine(d)!] : []),
    ]);
  },
});
