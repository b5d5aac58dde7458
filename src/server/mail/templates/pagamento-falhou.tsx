/**
 * A subscription charge that failed (docs/decisions/045-plans-and-billing.md): what failed and why,
 * the grace period during which everything keeps working, what happens after it (the staff console
 * becomes read-only, the gate keeps working), and the link to update the card.
 */
import { ActionButton, Heading, MailLayout, Paragraph, textLayout } from "./layout";
import { defineTemplate } from "./types";

export interface PagamentoFalhouData {
  /** The billing contact's name, for the greeting. */
  nome: string;
  /** The plan's name as the site shows it ("Avançado"). */
  plano: string;
  /** "R$ 1.149,00" */
  valor: string;
  /** The reason the card issuer or provider gave ("Cartão recusado pelo banco emissor."). */
  motivo: string;
  /** The last day of the grace period ("05/12/2026"). */
  carenciaAte: string;
  /** "Plano e faturamento" in the console, where the card is updated. */
  link: string;
}

const firstName = (nome: string) => nome.trim().split(/\s+/)[0] ?? "";
const greeting = (nome: string) => (firstName(nome) ? `Olá, ${firstName(nome)}!` : "Olá!");

const falhou = (d: PagamentoFalhouData) =>
  `Não conseguimos cobrar ${d.valor} da sua assinatura do plano ${d.plano} do Guarita.`;
const motivo = (d: PagamentoFalhouData) => `Motivo: ${d.motivo}`;
const carencia = (d: PagamentoFalhouData) =>
  `Tudo continua funcionando normalmente até ${d.carenciaAte}. Se o pagamento não for regularizado até lá, o console da equipe fica somente para leitura: nada é apagado, e a portaria (links dos moradores, passes e o atendente) continua funcionando.`;
const acao = "Atualize o cartão em Plano e faturamento para tentarmos de novo.";

export const pagamentoFalhou = defineTemplate<PagamentoFalhouData>({
  subject: () => "Não conseguimos cobrar sua assinatura do Guarita",
  preview: (d) => `O pagamento de ${d.valor} não foi aprovado. Tudo continua funcionando até ${d.carenciaAte}.`,
  links: (d) => [d.link],
  Body(d) {
    return (
      <MailLayout title="Pagamento não aprovado" preview={pagamentoFalhou.preview(d)}>
        <Heading>Pagamento não aprovado</Heading>
        <Paragraph>{greeting(d.nome)}</Paragraph>
        <Paragraph>{falhou(d)}</Paragraph>
        <Paragraph>{motivo(d)}</Paragraph>
        <Paragraph>{carencia(d)}</Paragraph>
        <Paragraph>{acao}</Paragraph>
        <ActionButton href={d.link}>Atualizar cartão</ActionButton>
      </MailLayout>
    );
  },
  text(d) {
    return textLayout([
      "Pagamento não aprovado",
      "",
      greeting(d.nome),
      "",
      falhou(d),
      motivo(d),
      "",
      carencia(d),
      "",
      `${acao} Abra:`,
      d.link,
    ]);
  },
});
