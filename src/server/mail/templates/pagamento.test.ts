/** The billing e-mails (docs/decisions/045-plans-and-billing.md): receipt and failed payment, HTML and text alike. */
import { describe, expect, it } from "vitest";
import { renderMail } from "../render";

const link = "https://guarita.app/app/configuracoes/plano";

describe("billing e-mails", () => {
  it("recibo-pagamento: thanks, plan, amount, date, period, invoice number and the link in both parts", () => {
    const mail = renderMail("recibo-pagamento", {
      nome: "Marina Souza",
      plano: "Avançado",
      numero: "42",
      valor: "R$ 1.149,00",
      pagaEm: "28/11/2026",
      periodo: "28/11/2026 a 27/12/2026",
      link,
    });
    expect(mail.subject).toBe("Recibo do pagamento — Guarita");
    expect(mail.links).toEqual([link]);
    for (const part of [mail.text, mail.html]) {
      expect(part).toContain("Olá, Marina!");
      expect(part).toContain("Obrigado");
      expect(part).toContain("Avançado");
      expect(part).toContain("R$ 1.149,00");
      expect(part).toContain("28/11/2026 a 27/12/2026");
      expect(part).toContain("Fatura nº 42");
      expect(part).toContain("Baixe o recibo em PDF em Plano e faturamento");
    }
    expect(mail.text).toContain(link);
    expect(mail.html).toContain(`href="${link}"`);
  });

  it("pagamento-falhou: what failed, why, the grace period, the read-only console and the card link", () => {
    const mail = renderMail("pagamento-falhou", {
      nome: "Marina Souza",
      plano: "Essencial",
      valor: "R$ 449,00",
      motivo: "Cartão recusado pelo banco emissor.",
      carenciaAte: "05/12/2026",
      link,
    });
    expect(mail.subject).toBe("Não conseguimos cobrar sua assinatura do Guarita");
    expect(mail.links).toEqual([link]);
    for (const part of [mail.text, mail.html]) {
      expect(part).toContain("Não conseguimos cobrar R$ 449,00");
      expect(part).toContain("Essencial");
      expect(part).toContain("Motivo: Cartão recusado pelo banco emissor.");
      expect(part).toContain("até 05/12/2026");
      expect(part).toContain("somente para leitura");
      expect(part).toContain("a portaria");
      expect(part).toContain("Atualize o cartão");
    }
    expect(mail.text).toContain(link);
    expect(mail.html).toContain("Atualizar cartão");
  });

  it("escapes what the provider or the customer typed", () => {
    const mail = renderMail("pagamento-falhou", {
      nome: "<b>Eva</b>",
      plano: "Essencial",
      valor: "R$ 449,00",
      motivo: "<script>alert(1)</script>",
      carenciaAte: "05/12/2026",
      link,
    });
    expect(mail.html).not.toContain("<script>");
    expect(mail.html).toContain("&lt;script&gt;");
  });
});
