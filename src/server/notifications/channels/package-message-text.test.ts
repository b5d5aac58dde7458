/**
 * The residents' package notices as they read them (docs/decisions/043-deliveries.md): the pickup
 * code always there, "Perecível: retire o quanto antes" for perishables, an SMS in one GSM segment
 * when it can be and two at most, the WhatsApp template's parameters, the e-mail.
 */
import { describe, expect, it } from "vitest";
import { renderMail } from "../../mail/render";
import type { PackageNotice } from "./channel";
import {
  demoPackageWhatsAppText,
  gsmLength,
  PACKAGE_WHATSAPP_TEMPLATE,
  packageNoticeText,
  packageSmsText,
  packageWhatsAppParameters,
  SMS_SEGMENT_LENGTH,
  SMS_TWO_SEGMENTS_LENGTH,
} from "./message-text";

const notice: PackageNotice = {
  kind: "encomenda",
  to: "+5511987654321",
  residentName: "Ana Beatriz Souza",
  unitLabel: "Torre A - 101",
  condominiumName: "Residencial X",
  motivo: "chegada",
  count: 1,
  carriers: ["Correios"],
  perishable: false,
  pickupCode: "123456",
  place: null,
  consoleUrl: "https://guarita.exemplo.com.br/app/encomendas",
};

describe("package notice texts", () => {
  it("says what arrived, for which unit, and the pickup code", () => {
    expect(packageNoticeText(notice)).toBe(
      "Olá, Ana! Chegou 1 encomenda (Correios) para a unidade Torre A - 101 no Residencial X. Código de retirada: 123456. Retire na portaria.",
    );
    expect(
      packageNoticeText({
        ...notice,
        count: 2,
        carriers: ["Correios", "Amazon"],
        place: "Armário 3",
        perishable: true,
      }),
    ).toBe(
      "Olá, Ana! Chegaram 2 encomendas (Correios, Amazon) para a unidade Torre A - 101 no Residencial X. Código de retirada: 123456. Local: Armário 3. Perecível: retire o quanto antes.",
    );
  });

  it("reminders say the packages still wait; a perishable's says so", () => {
    expect(packageNoticeText({ ...notice, motivo: "lembrete", count: 3 })).toContain(
      "Ainda aguardam retirada 3 encomendas (Correios)",
    );
    expect(packageNoticeText({ ...notice, motivo: "perecivel", perishable: true, carriers: ["iFood"] })).toContain(
      "Ainda aguarda retirada 1 encomenda perecível (iFood) para a unidade",
    );
  });

  it("SMS: GSM 7-bit in one segment with the code, the place and the link when they fit", () => {
    const short = packageSmsText({ ...notice, consoleUrl: "https://g.app/app/encomendas" });
    expect(short).toBe(
      "Guarita: Ola, Ana! Chegou 1 encomenda (Correios) para Torre A - 101 (Residencial X). Codigo de retirada: 123456. https://g.app/app/encomendas",
    );
    // The greeting and the condominium give way first.
    const text = packageSmsText({ ...notice, place: "Armário 3" });
    expect(text).toBe(
      "Guarita: Chegou 1 encomenda (Correios) para Torre A - 101. Codigo de retirada: 123456. Local: Armario 3. https://guarita.exemplo.com.br/app/encomendas",
    );
    expect(gsmLength(text)).toBe([...text].length);
    expect(text.length).toBeLessThanOrEqual(SMS_SEGMENT_LENGTH);
  });

  it("SMS: leaves out the optional parts to stay in one segment, never the code, the unit or the perishable warning", () => {
    const busy: PackageNotice = {
      ...notice,
      residentName: "Maria Aparecida",
      condominiumName: "Condomínio Residencial Parque das Árvores Floridas",
      unitLabel: "Bloco Jatobá - Apartamento 1204",
      count: 5,
      carriers: ["Mercado Livre", "Amazon", "Shopee", "AliExpress", "Total Express"],
      perishable: true,
      place: "Sala de encomendas, prateleira de cima",
    };
    const text = packageSmsText(busy);
    expect(gsmLength(text)).not.toBeNull();
    expect(gsmLength(text)!).toBeLessThanOrEqual(SMS_SEGMENT_LENGTH);
    expect(text).toContain("Codigo de retirada: 123456.");
    expect(text).toContain("para Bloco Jatoba - Apartamento 1204.");
    expect(text).toContain("Perecivel: retire o quanto antes.");
  });

  it("SMS: two segments at most when even the shortest text needs more than one", () => {
    const long: PackageNotice = {
      ...notice,
      unitLabel: "Torre Residencial Norte Bloco de Apartamentos Garden - Cobertura Duplex 1204",
      perishable: true,
      motivo: "perecivel",
      count: 12,
    };
    const text = packageSmsText(long);
    expect(gsmLength(text)!).toBeGreaterThan(SMS_SEGMENT_LENGTH);
    expect(gsmLength(text)!).toBeLessThanOrEqual(SMS_TWO_SEGMENTS_LENGTH);
    expect(text).toContain("123456");
  });

  it("WhatsApp: six one-line parameters, the code as the fifth, the template filled in for the demo panel", () => {
    const params = packageWhatsAppParameters({ ...notice, place: "Armário\n3", perishable: true });
    expect(params).toEqual([
      "Ana",
      "Chegou 1 encomenda (Correios)",
      "Torre A - 101",
      "Residencial X",
      "123456",
      "Local: Armário 3. Perecível: retire o quanto antes.",
    ]);
    const text = demoPackageWhatsAppText(notice);
    expect(text).toContain("Olá, Ana!\nChegou 1 encomenda (Correios) para a unidade Torre A - 101 no Residencial X.");
    expect(text).toContain("Código de retirada: 123456");
    expect(text).toContain(`[${PACKAGE_WHATSAPP_TEMPLATE.buttonText}] ${notice.consoleUrl}`);
    expect(text).not.toMatch(/\{\{\d\}\}/);
  });

  it("e-mail: the code in the subject of an arrival, in both parts, and the console's link", () => {
    const mail = renderMail("encomenda-morador", {
      nome: "Ana Souza",
      motivo: "chegada",
      resumo: "Chegou 1 encomenda (Correios)",
      unidade: "Torre A - 101",
      condominio: "Residencial X",
      codigo: "123456",
      local: "Armário 3",
      perecivel: true,
      url: notice.consoleUrl,
    });
    expect(mail.subject).toBe("Encomenda na portaria para Torre A - 101: código 123456");
    expect(mail.links).toEqual([notice.consoleUrl]);
    for (const part of [mail.text, mail.html]) {
      expect(part).toContain("123456");
      expect(part).toContain("Perecível: retire o quanto antes.");
      expect(part).toContain("Armário 3");
    }
  });
});
