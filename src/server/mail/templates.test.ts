/** Templates: pt-BR subjects, the same content in HTML and text, links, and escaping of what users typed. */
import { describe, expect, it } from "vitest";
import { renderMail } from "./render";
import { duration } from "./templates/types";

const convite = {
  convidadoPor: "Marina Souza",
  organizacao: "Condomínio Jardim das Flores",
  papel: "Porteiro",
  url: "https://guarita.app/convite/abc123?email=ana%40x.br&origem=email",
};

describe("renderMail", () => {
  it("convite: subject, inviter, organization, role, accept link and 7-day validity in both parts", () => {
    const mail = renderMail("convite", convite);
    expect(mail.subject).toBe("Convite para a equipe de Condomínio Jardim das Flores no Guarita");
    expect(mail.links).toEqual([convite.url]);
    for (const part of [mail.text, mail.html]) {
      expect(part).toContain("Marina Souza");
      expect(part).toContain("Condomínio Jardim das Flores");
      expect(part).toContain("Porteiro");
      expect(part).toContain("7 dias");
    }
    expect(mail.text).toContain(convite.url);
    // In HTML the & of the query string is an entity, as it must be inside an attribute.
    expect(mail.html).toContain(`href="${convite.url.replaceAll("&", "&amp;")}"`);
    expect(mail.html).toContain("Aceitar convite");
    expect(mail.html.startsWith('<!DOCTYPE html><html lang="pt-BR">')).toBe(true);
  });

  it("convite: another validity when the caller says so", () => {
    expect(renderMail("convite", { ...convite, validadeDias: 1 }).text).toContain("O convite vale por 1 dia.");
  });

  it("redefinir-senha: subject, link valid for 1 hour, greeting with or without a name", () => {
    const url = "https://guarita.app/redefinir-senha?token=t0k3n";
    const mail = renderMail("redefinir-senha", { nome: "Ana", url });
    expect(mail.subject).toBe("Redefina sua senha do Guarita");
    expect(mail.links).toEqual([url]);
    expect(mail.text).toContain(url);
    expect(mail.html).toContain(`href="${url}"`);
    expect(mail.text).toContain("Olá, Ana!");
    expect(mail.text).toContain("O link vale por 1 hora.");
    expect(mail.html).toContain("1 hora");
    expect(renderMail("redefinir-senha", { url }).text).toContain("Olá!");
  });

  it("verificar-email: subject and confirmation link", () => {
    const url = "https://guarita.app/api/auth/verify-email?token=v3r1fy";
    const mail = renderMail("verificar-email", { nome: "Ana", url });
    expect(mail.subject).toBe("Confirme seu e-mail no Guarita");
    expect(mail.links).toEqual([url]);
    expect(mail.text).toContain(url);
    expect(mail.html).toContain("Confirmar e-mail");
  });

  it("escapes user-provided text in HTML and keeps the subject on one line", () => {
    const mail = renderMail("convite", {
      ...convite,
      convidadoPor: 'Eva "<img src=x onerror=alert(1)>"',
      organizacao: "Cond <script>alert(1)</script>\r\nBcc: vitima@x.br",
    });
    expect(mail.html).not.toContain("<script>");
    expect(mail.html).not.toContain("<img");
    expect(mail.html).toContain("Cond &lt;script&gt;alert(1)&lt;/script&gt;");
    expect(mail.subject).toBe("Convite para a equipe de Cond <script>alert(1)</script> Bcc: vitima@x.br no Guarita");
    expect(mail.subject).not.toMatch(/[\r\n]/);
    // The text part is plain text: shown as typed, nothing to escape.
    expect(mail.text).toContain("Cond <script>alert(1)</script>");
  });

  it("has no link but the action link, so tests and logs can take links[0]", () => {
    const mail = renderMail("convite", convite);
    const hrefs = [...mail.html.matchAll(/href="([^"]*)"/g)].map((m) => m[1]!.replaceAll("&amp;", "&"));
    expect(new Set(hrefs)).toEqual(new Set(mail.links));
  });

  it("refuses links that are not absolute http(s) URLs", () => {
    expect(() => renderMail("verificar-email", { url: "javascript:alert(1)" })).toThrow(/link inválido/);
    expect(() => renderMail("verificar-email", { url: "/relativo" })).toThrow(/link inválido/);
  });
});

describe("duration", () => {
  it("says validity periods in pt-BR with singular and plural", () => {
    expect(duration(60)).toBe("1 hora");
    expect(duration(120)).toBe("2 horas");
    expect(duration(30)).toBe("30 minutos");
    expect(duration(1)).toBe("1 minuto");
    expect(duration(1440)).toBe("1 dia");
    expect(duration(7 * 1440)).toBe("7 dias");
  });
});
