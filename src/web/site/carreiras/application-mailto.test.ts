import { describe, expect, it } from "vitest";
import { COMPANY } from "@/shared/company";
import {
  applicationBody,
  applicationMailtoUrl,
  applicationSubject,
  type CareerApplication,
} from "@/web/site/carreiras/application-mailto";

const application: CareerApplication = {
  nome: "Ana Luíza Conceição",
  email: "ana@example.com",
  telefone: "(11) 98888-7777",
  setor: "seguranca",
  experiencia: "pleno",
  mensagem: "Tenho 4 anos de experiência em segurança & redes.\nAdoraria conversar!",
  curriculo: "curriculo ana.pdf",
};

function parseMailto(url: string) {
  const mailto = new URL(url);
  // URLSearchParams would read "+" as a space; mailto bodies are percent-encoded only.
  const param = (name: string) => {
    const raw = mailto.search
      .slice(1)
      .split("&")
      .find((pair) => pair.startsWith(`${name}=`));
    return raw === undefined ? undefined : decodeURIComponent(raw.slice(name.length + 1));
  };
  return { address: mailto.pathname, subject: param("subject"), body: param("body") ?? "" };
}

describe("applicationMailtoUrl", () => {
  it("addresses the company's contact e-mail with the subject 'Candidatura - {nome}'", () => {
    const { address, subject } = parseMailto(applicationMailtoUrl(application));
    expect(address).toBe(COMPANY.email);
    expect(subject).toBe("Candidatura - Ana Luíza Conceição");
  });

  it("lists every field with pt-BR labels and the résumé's file name", () => {
    const { body } = parseMailto(applicationMailtoUrl(application));
    expect(body.split("\r\n")).toEqual([
      "Nome: Ana Luíza Conceição",
      "E-mail: ana@example.com",
      "Telefone: (11) 98888-7777",
      "Setor: Segurança",
      "Experiência: Pleno (2-5 anos)",
      "Mensagem: Tenho 4 anos de experiência em segurança & redes.",
      "Adoraria conversar!",
      "Currículo: curriculo ana.pdf",
    ]);
  });

  it("says 'Não anexado' without a résumé and 'Não informado' without a phone", () => {
    const body = applicationBody({ ...application, telefone: "  ", curriculo: null });
    expect(body).toContain("Telefone: Não informado");
    expect(body.endsWith("Currículo: Não anexado")).toBe(true);
  });

  it("percent-encodes every reserved character, so '&', '?', '#' and line breaks cannot split the URL", () => {
    const url = applicationMailtoUrl({ ...application, nome: "Zé & Cia?#", mensagem: "a=b&c" });
    const query = url.split("?").slice(1).join("?");
    expect(query.split("&")).toHaveLength(2);
    expect(url).not.toMatch(/[ #\n\r]/);
    expect(url).toContain("%0D%0A");
    expect(parseMailto(url).subject).toBe("Candidatura - Zé & Cia?#");
  });

  it("trims the name in the subject", () => {
    expect(applicationSubject({ nome: "  João  " })).toBe("Candidatura - João");
  });

  it("falls back to the raw value for an unknown option", () => {
    expect(applicationBody({ ...application, setor: "outro" })).toContain("Setor: outro");
  });
});
