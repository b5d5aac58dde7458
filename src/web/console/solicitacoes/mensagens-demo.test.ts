import { describe, expect, it } from "vitest";
import type { Notificacao } from "@/shared/schemas/solicitacoes";
import { linkCortado, linkDaMensagem, mensagensDemo, partesDaMensagem } from "./mensagens-demo";

const TOKEN = "Q2hhdmUtZGUtdGVzdGUtY29tLTQzLWNhcmFjdGVyZXM";

const WHATSAPP = `Olá, Ana!
Carlos Entregador (visitante) está na portaria e pediu para entrar na unidade Torre A - 101.
Condomínio: Residencial Jardim das Acácias

Toque em Responder para autorizar ou negar a entrada. O link é pessoal: não o encaminhe.

Guarita · portaria remota

[Responder] http://127.0.0.1:3121/r/${TOKEN}`;

const SMS = `Guarita: Carlos Entregador (visitante) na portaria para Torre A - 101. Autorize ou negue: https://guarita.example/r/${TOKEN}`;

describe("linkDaMensagem", () => {
  it("finds the resident's link in the WhatsApp and SMS texts", () => {
    expect(linkDaMensagem(WHATSAPP)).toBe(`http://127.0.0.1:3121/r/${TOKEN}`);
    expect(linkDaMensagem(SMS)).toBe(`https://guarita.example/r/${TOKEN}`);
  });

  it("keeps a query string and stops at the text around it", () => {
    expect(linkDaMensagem(`(abra https://g.example/app/r/${TOKEN}?v=1).`)).toBe(`https://g.example/app/r/${TOKEN}?v=1`);
    expect(linkDaMensagem(`Abra https://g.example/r/${TOKEN}.`)).toBe(`https://g.example/r/${TOKEN}`);
    expect(linkDaMensagem(`"https://g.example/r/${TOKEN}"`)).toBe(`https://g.example/r/${TOKEN}`);
  });

  it("is null without a link", () => {
    expect(linkDaMensagem(null)).toBeNull();
    expect(linkDaMensagem("")).toBeNull();
    expect(linkDaMensagem("Sem link: https://g.example/outra/coisa")).toBeNull();
  });

  it("makes no link of a token the server cut (outside the demo tenant), and says it is cut", () => {
    const cut = `Autorize ou negue: https://guarita.example/r/${TOKEN.slice(0, 3)}…`;
    expect(linkDaMensagem(cut)).toBeNull();
    expect(partesDaMensagem(cut)).toEqual({ antes: cut, link: null, depois: "" });
    expect(linkCortado(cut)).toBe(true);
    expect(linkCortado(SMS)).toBe(false);
  });
});

describe("partesDaMensagem", () => {
  it("splits the text around the link", () => {
    const partes = partesDaMensagem(SMS);
    expect(partes.link).toBe(`https://guarita.example/r/${TOKEN}`);
    expect(partes.antes + partes.link + partes.depois).toBe(SMS);
    expect(partes.antes.endsWith("Autorize ou negue: ")).toBe(true);
    expect(partes.depois).toBe("");
  });

  it("keeps the whole text when there is no link", () => {
    expect(partesDaMensagem("Olá")).toEqual({ antes: "Olá", link: null, depois: "" });
  });
});

describe("mensagensDemo", () => {
  const base: Notificacao = {
    id: "00000000-0000-4000-8000-0000000000d1",
    pessoa_id: null,
    pessoa_nome: "Ana Souza",
    ordem: 0,
    canal: "whatsapp",
    destino: "+5511999998888",
    status: "enviada",
    demo: true,
    nao_configurado: false,
    mensagem: WHATSAPP,
    ultimo_erro: null,
    created_at: "2025-03-12T17:32:05.000Z",
    enviada_em: "2025-03-12T17:32:06.000Z",
    entregue_em: null,
    aberta_em: null,
    decidida_em: null,
  };

  it("keeps only the demo messages, the phone ones apart from the e-mails, in order", () => {
    const sms = { ...base, id: "00000000-0000-4000-8000-0000000000d2", canal: "sms" as const, mensagem: SMS };
    const email = { ...base, id: "00000000-0000-4000-8000-0000000000d3", canal: "email" as const, mensagem: null };
    const real = { ...base, id: "00000000-0000-4000-8000-0000000000d4", demo: false, mensagem: null };
    const { telefone, emails } = mensagensDemo([base, real, email, sms]);
    expect(telefone.map((n) => n.id)).toEqual([base.id, sms.id]);
    expect(emails.map((n) => n.id)).toEqual([email.id]);
  });
});
