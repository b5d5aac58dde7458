/** Every message the server can send, by the name stored in `mail_outbox.tipo`. */
import { convite } from "./convite";
import { encomendaMorador } from "./encomenda-morador";
import { pagamentoFalhou } from "./pagamento-falhou";
import { reciboPagamento } from "./recibo-pagamento";
import { redefinirSenha } from "./redefinir-senha";
import { reservaMorador } from "./reserva-morador";
import { verificarEmail } from "./verificar-email";
import { visitaMorador } from "./visita-morador";

export const MAIL_TEMPLATES = {
  convite,
  "encomenda-morador": encomendaMorador,
  "pagamento-falhou": pagamentoFalhou,
  "recibo-pagamento": reciboPagamento,
  "redefinir-senha": redefinirSenha,
  "reserva-morador": reservaMorador,
  "verificar-email": verificarEmail,
  "visita-morador": visitaMorador,
};

export type MailTemplateName = keyof typeof MAIL_TEMPLATES;
/** The data a template renders from. */
export type MailData<T extends MailTemplateName> = Parameters<(typeof MAIL_TEMPLATES)[T]["text"]>[0];

export type { ConviteData } from "./convite";
export type { EncomendaMoradorData } from "./encomenda-morador";
export type { PagamentoFalhouData } from "./pagamento-falhou";
export type { ReciboPagamentoData } from "./recibo-pagamento";
export type { RedefinirSenhaData } from "./redefinir-senha";
export type { ReservaMoradorData } from "./reserva-morador";
export type { VerificarEmailData } from "./verificar-email";
export type { VisitaMoradorData } from "./visita-morador";
