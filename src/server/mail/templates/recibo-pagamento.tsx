/**
 * The receipt of a paid subscription invoice (docs/decisions/045-plans-and-billing.md): what was paid,
 * for which plan and period, and where to download the PDF receipt. One per payment.
 */
import { ActionButton, Heading, MailLayout, Paragraph, textLayout } from "./layout";
import { defineTemplate } from "./types";

export interface ReciboPagamentoData {
  /** The billing contact's name, for the greeting. */
  nome: string;
  /** The plan's name as the site shows it ("Avançado"). */
  plano: string;
  /** The invoice number ("42"). */
  numero: string;
  /** "R$ 1.149,00" */
  valor: string;
  /** "28/11/2026" */
  pagaEm: string;
  /** "28/11/2026 a 27/12/2026" */
  periodo: string;
  /** "Plano e faturamento" in the console, where the PDF receipt is. */
  link: string;
}

const firstName = (nome: string) => nome.trim().split(/\s+/)[0] ?? "";
const greeting = (nome: string) => (firstName(nome) ? `Olá, ${firstName(nome)}!` : "Olá!");

export const reciboPagamento = defineTemplate<ReciboPagamentoData>({
  subject: () => "Recibo do pagamento — Guarita",
  preview: (d) => `Recebemos ${d.valor} do plano ${d.plano} em ${d.pagaEm}. Obrigado!`,
  links: (d) => [d.link],
  Body(d) {
    return (
      <MailLayout title="Recibo do pagamento" preview={reciboPagamento.preview(d)}>
        <Heading>Pagamento recebido</Heading>
        <Paragraph>{greeting(d.nome)}</Paragraph>
        <Paragraph>Obrigado! Recebemos o pagamento da sua assinatura do Guarita.</Paragraph>
        <Paragraph>
          Plano: <strong>{d.plano}</strong>
          <br />
          Valor: <strong>{d.valor}</strong>
          <br />
          Pago em: {d.pagaEm}
          <br />
          Período: {d.periodo}
          <br />
          Fatura nº {d.numero}
        </Paragraph>
        <Paragraph>Baixe o recibo em PDF em Plano e faturamento.</Paragraph>
        <ActionButton href={d.link}>Abrir Plano e faturamento</ActionButton>
      </MailLayout>
    );
  },
  text(d) {
    return textLayout([
      "Pagamento recebido",
      "",
      greeting(d.nome),
      "",
      "Obrigado! Recebemos o pagamento da sua assinatura do Guarita.",
      "",
      `Plano: ${d.plano}`,
      `Valor: ${d.valor}`,
      `Pago em: ${d.pagaEm}`,
      `Período: ${d.periodo}`,
      `Fatura nº ${d.numero}`,
      "",
      "Baixe o recibo em PDF em Plano e faturamento:",
      d.link,
    ]);
  },
});
