import { describe, expect, it } from "vitest";
import { COMPANY } from "@/shared/company";
import { CONTACT_SUBJECTS, contactSubjectLabel } from "@/web/site/contato/contact-subjects";
import { type ContactMessage, contactText, contactWhatsappUrl } from "@/web/site/contato/contact-whatsapp";

const message: ContactMessage = {
  nome: "Carlos Eduardo",
  email: "carlos@condominio.com.br",
  telefone: "(21) 97777-6666",
  assunto: "pricing",
  mensagem: "Quanto custa para 3 torres & 240 unidades?",
};

describe("contactWhatsappUrl", () => {
  it("opens a chat with the company's WhatsApp number", () => {
    const url = new URL(contactWhatsappUrl(message));
    expect(url.origin).toBe("https://wa.me");
    expect(url.pathname).toBe(`/${COMPANY.whatsappNumber}`);
  });

  it("prefills a greeting, every field and the subject's pt-BR label", () => {
    const text = new URL(contactWhatsappUrl(message)).searchParams.get("text");
    expect(text?.split("\n")).toEqual([
      "Olá! Vim pelo site da Guarita e gostaria de falar com vocês.",
      "",
      "Nome: Carlos Eduardo",
      "E-mail: carlos@condominio.com.br",
      "Telefone: (21) 97777-6666",
      "Assunto: Preços e planos",
      "Mensagem: Quanto custa para 3 torres & 240 unidades?",
    ]);
  });

  it("percent-encodes the text, so '&' in the message cannot add a parameter", () => {
    const url = contactWhatsappUrl(message);
    expect(url.split("&")).toHaveLength(1);
    expect(url).not.toMatch(/[ \n]/);
  });

  it("says 'Não informado' without a phone and trims the fields", () => {
    const text = contactText({ ...message, nome: "  Bia  ", telefone: " " });
    expect(text).toContain("Nome: Bia\n");
    expect(text).toContain("Telefone: Não informado");
  });
});

describe("contactSubjectLabel", () => {
  it("labels the seven contact subjects in pt-BR", () => {
    expect(CONTACT_SUBJECTS.map((subject) => subject.value)).toEqual([
      "demo",
      "pricing",
      "integration",
      "support",
      "partnership",
      "career",
      "other",
    ]);
    expect(contactSubjectLabel("demo")).toBe("Demonstração");
    expect(contactSubjectLabel("other")).toBe("Outro");
    expect(contactSubjectLabel("desconhecido")).toBe("desconhecido");
  });
});
