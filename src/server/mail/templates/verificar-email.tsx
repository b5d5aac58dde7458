/** Confirms that an e-mail address belongs to the person who gave it. */
import { ActionButton, Heading, MailLayout, Paragraph, textLayout } from "./layout";
import { defineTemplate, duration } from "./types";

export interface VerificarEmailData {
  /** The account holder's name, for the greeting; omitted = a greeting without a name. */
  nome?: string;
  /** Absolute link that confirms the address. */
  url: string;
  /** How long the link stays valid; omitted = the message does not say. */
  validadeMinutos?: number;
}

const greeting = (nome?: string) => (nome ? `Olá, ${nome}!` : "Olá!");
const validity = (minutes?: number) => (minutes ? ` O link vale por ${duration(minutes)}.` : "");

export const verificarEmail = defineTemplate<VerificarEmailData>({
  subject: () => "Confirme seu e-mail no Guarita",
  preview: () => "Falta só confirmar que este endereço é seu.",
  links: (d) => [d.url],
  Body(d) {
    return (
      <MailLayout title="Confirme seu e-mail no Guarita" preview={verificarEmail.preview(d)}>
        <Heading>Confirme seu e-mail</Heading>
        <Paragraph>{greeting(d.nome)}</Paragraph>
        <Paragraph>Para usar este endereço no Guarita, confirme que ele é seu pelo botão abaixo.</Paragraph>
        <ActionButton href={d.url}>Confirmar e-mail</ActionButton>
        <Paragraph muted>
          Se você não criou uma conta no Guarita nem alterou seu e-mail, ignore esta mensagem.
          {validity(d.validadeMinutos)}
        </Paragraph>
      </MailLayout>
    );
  },
  text(d) {
    return textLayout([
      "Confirme seu e-mail",
      "",
      greeting(d.nome),
      "",
      "Para usar este endereço no Guarita, confirme que ele é seu abrindo este endereço:",
      d.url,
      "",
      `Se você não criou uma conta no Guarita nem alterou seu e-mail, ignore esta mensagem.${validity(d.validadeMinutos)}`,
    ]);
  },
});
