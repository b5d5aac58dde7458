import { describe, expect, it } from "vitest";
import type { ResidentMessage } from "./channel";
import {
  demoWhatsAppText,
  gsmLength,
  linkTokenSuffix,
  SMS_SEGMENT_LENGTH,
  smsText,
  toGsm,
  WHATSAPP_TEMPLATE,
  whatsAppBodyParameters,
} from "./message-text";

const TOKEN = "q9Xv3Rk2LmN8pT5wYz1aBc";
const LINK = `https://guarita.exemplo.com.br/r/${TOKEN}`;

const message = (overrides: Partial<ResidentMessage> = {}): ResidentMessage => ({
  to: "+5511987654321",
  residentName: "Ana Beatriz Souza",
  visitorName: "Carlos Entregador",
  visitorType: "visitante",
  unitLabel: "Torre A - 101",
  condominiumName: "Residencial Jardim",
  link: LINK,
  ...overrides,
});

describe("smsText", () => {
  /** A 256-bit token in base64url: the longest link the tests assume. */
  const LONG_LINK = `https://guarita.exemplo.com.br/r/${"k".repeat(43)}`;

  it("fits one GSM segment with the whole link", () => {
    const text = smsText(message());
    expect(text).toBe(
      `Guarita: Carlos Entregador (visitante) na portaria para Torre A - 101. Autorize ou negue: ${LINK}`,
    );
    expect(gsmLength(text)).toBeLessThanOrEqual(SMS_SEGMENT_LENGTH);
  });

  it("names a service provider as prestador", () => {
    expect(smsText(message({ visitorType: "prestador" }))).toContain("Carlos Entregador (prestador) na portaria");
  });

  it("folds accents so the text stays in GSM 7-bit (160 characters a segment, not 70)", () => {
    const text = smsText(message({ visitorName: "João Conceição", unitLabel: "Bloco B – 202" }));
    expect(text).toBe(`Guarita: Joao Conceicao (visitante) na portaria para Bloco B - 202. Autorize ou negue: ${LINK}`);
    expect(gsmLength(text)).not.toBeNull();
  });

  it("shortens a long visitor name between words, never the link", () => {
    const text = smsText(message({ visitorName: "Maria Aparecida dos Santos Oliveira Ferreira" }));
    expect(text).toBe(
      `Guarita: Maria Aparecida dos Santos (visitante) na portaria para Torre A - 101. Autorize ou negue: ${LINK}`,
    );
    expect(gsmLength(text)).toBeLessThanOrEqual(SMS_SEGMENT_LENGTH);
  });

  it("leaves the visitor type out before cutting the name short, and does not end on 'dos'", () => {
    const text = smsText(message({ visitorName: "Maria Aparecida dos Santos", link: LONG_LINK }));
    expect(text).toBe(`Guarita: Maria Aparecida na portaria para Torre A - 101. Autorize ou negue: ${LONG_LINK}`);
    expect(gsmLength(text)).toBeLessThanOrEqual(SMS_SEGMENT_LENGTH);
  });

  it("cuts a single very long word with a period, to exactly one segment", () => {
    const text = smsText(message({ visitorName: "Wolfeschlegelsteinhausenbergerdorff", link: LONG_LINK }));
    expect(text).toBe(
      `Guarita: Wolfeschlegelsteinhaus. na portaria para Torre A - 101. Autorize ou negue: ${LONG_LINK}`,
    );
    expect(gsmLength(text)).toBe(SMS_SEGMENT_LENGTH);
  });

  it("goes over one segment rather than cut the link when nothing else can give", () => {
    const hugeLink = `https://portaria.condominio-exemplo.com.br/r/${"z".repeat(100)}`;
    const text = smsText(message({ visitorName: "Carlos Entregador da Silva", link: hugeLink }));
    expect(text).toBe(`Guarita: Carlos na portaria para Torre A - 101. Autorize ou negue: ${hugeLink}`);
    expect(gsmLength(text)).toBeGreaterThan(SMS_SEGMENT_LENGTH);
  });

  it("keeps the text on one line whatever the visitor name holds", () => {
    const text = smsText(message({ visitorName: "  Carlos\n\tEntregador  " }));
    expect(text).toContain("Guarita: Carlos Entregador (visitante)");
    expect(text).not.toMatch(/[\n\t]/);
  });
});

describe("gsmLength and toGsm", () => {
  it("counts the extension table as two septets and refuses UCS-2 characters", () => {
    expect(gsmLength("abc")).toBe(3);
    expect(gsmLength("[x]€")).toBe(7);
    expect(gsmLength("ã")).toBeNull();
    expect(gsmLength("é")).toBe(1);
  });

  it("folds pt-BR accents and typographic punctuation", () => {
    expect(toGsm("Ação — “Ótimo” São Paulo…")).toBe('Acao - "Otimo" Sao Paulo...');
  });
});

describe("WhatsApp text", () => {
  it("fills the template parameters in order", () => {
    expect(whatsAppBodyParameters(message())).toEqual([
      "Ana",
      "Carlos Entregador",
      "visitante",
      "Torre A - 101",
      "Residencial Jardim",
    ]);
    expect(whatsAppBodyParameters(message({ visitorType: "prestador" }))[2]).toBe("prestador de serviço");
  });

  it("never sends a parameter with line breaks, tabs or empty (Meta refuses them)", () => {
    const parameters = whatsAppBodyParameters(
      message({ residentName: "  ", visitorName: "Carlos\n\n  Entregador\t", unitLabel: "" }),
    );
    expect(parameters).toEqual(["morador(a)", "Carlos Entregador", "visitante", "-", "Residencial Jardim"]);
  });

  it("shows the demo panel the template's text filled in, with the button's link", () => {
    expect(demoWhatsAppText(message())).toBe(
      "Olá, Ana!\n" +
        "Carlos Entregador (visitante) está na portaria e pediu para entrar na unidade Torre A - 101.\n" +
        "Condomínio: Residencial Jardim\n" +
        "\n" +
        "Toque em Responder para autorizar ou negar a entrada. O link é pessoal: não o encaminhe.\n" +
        "\n" +
        "Guarita · portaria remota\n" +
        "\n" +
        `[Responder] ${LINK}`,
    );
  });

  it("the template follows Meta's rules: no variable at the body's start or end, 5 body parameters", () => {
    const body = WHATSAPP_TEMPLATE.body;
    expect(body).not.toMatch(/^\{\{/);
    expect(body).not.toMatch(/\}\}\s*$/);
    expect(body.match(/\{\{\d+\}\}/g)).toEqual(["{{1}}", "{{2}}", "{{3}}", "{{4}}", "{{5}}"]);
    expect(WHATSAPP_TEMPLATE.footer.length).toBeLessThanOrEqual(60);
    expect(WHATSAPP_TEMPLATE.buttonText.length).toBeLessThanOrEqual(25);
  });

  it("takes the button's token from the link", () => {
    expect(linkTokenSuffix(LINK)).toBe(TOKEN);
    expect(linkTokenSuffix(`${LINK}/`)).toBe(TOKEN);
    expect(linkTokenSuffix("http://localhost:5173/r/abc?c=w")).toBe("abc?c=w");
    expect(linkTokenSuffix("https://guarita.exemplo.com.br/painel")).toBeNull();
    expect(linkTokenSuffix("não é um link")).toBeNull();
  });
});
