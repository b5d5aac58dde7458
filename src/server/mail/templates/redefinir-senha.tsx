/** A password reset link. */
import { ActionButton, Heading, MailLayout, Paragraph, textLayout } from "./layout";
import { defineTemplate, duration } from "./types";

export interface RedefinirSenhaData {
  /** The account holder's name, for the greeting; omitted = a greeting without a name. */
  nome?: string;
  /** Absolute link to the page that sets the new password. */
  url: string;
  /** How long the link stays valid; 1 hour unless the caller says otherwise. */
  validadeMinutos?: number;
}

const DEFAULT_MINUTES = 60;
const greeting = (nome?: string) => (nome ? `Olá, ${nome}!` : "Olá!");

export const redefinirSenha = defineTemplate<RedefinirSenhaData>({
  subject: () => "Redefina sua senha do Guarita",
  preview: () => "Use o link deste e-mail para escolher uma nova senha.",
  links: (d) => [d.url],
  Body(d) {
    return (
      <MailLayout title="Redefina sua senha do Guarita" preview={redefinirSenha.preview(d)}>
        <Heading>Redefinição de senha</Heading>
        <Paragraph>{greeting(d.nome)}</Paragraph>
        <Paragraph>
          Recebemos um pedido para redefinir a senha da sua conta no Guarita. Para escolher uma nova senha, use o botão
          abaixo.
        </Paragraph>
        <ActionButton href={d.url}>Redefinir senha</ActionButton>
        <Paragraph muted>
          O link vale por {duration(d.validadeMinutos ?? DEFAULT_MINUTES)}. Se você não pediu a redefinição, ignore este
          e-mail: sua senha continua a mesma.
        </Paragraph>
      </MailLayout>
    );
  },
  text(d) {
    return textLayout([
      "Redefinição de senha",
      "",
      greeting(d.nome),
      "",
      "Recebemos um pedido para redefinir a senha da sua conta no Guarita. Para escolher uma nova senha, abra este endereço:",
      d.url,
      "",
      `O link vale por ${duration(d.validadeMinutos ?? DEFAULT_MINUTES)}. Se você não pediu a redefinição, ignore este e-mail: sua senha continua a mesma.`,
    ]);
  },
});
