/**
 * The resident page (docs/product.md, "Resident link") as HTML strings: no DOM here (neither jsdom nor happy-dom is
 * installed), so axe runs in Chromium in the e2e test; this file checks the markup, the texts, the
 * escaping, the size and the palette's contrast ratios.
 */
import { describe, expect, it } from "vitest";
import { type ResidentPageState, type ResidentVisita, renderResidentPage } from "./page";
import { RESIDENT_PAGE_CSS } from "./page-styles";

const BUDGET_BYTES = 12 * 1024;

const visita: ResidentVisita = {
  condominio: "Residencial Jardim das Acácias",
  unidade: "Torre A - 101",
  visitanteNome: "Carlos Souza",
  tipoLabel: "Prestador de serviço",
  motivo: "Conserto do aquecedor",
  chegouEm: "2025-11-23T21:04:00.000-03:00",
  chegouHa: "há 3 minutos",
  chegouAs: "21:04",
  moradorNome: "Maria",
  fotoUrl: null,
};

const decidir: ResidentPageState = {
  kind: "decidir",
  visita,
  confirmarAutorizarUrl: "/r/tok123?decisao=autorizado",
  confirmarNegarUrl: "/r/tok123?decisao=negado",
};
const confirmar = (decisao: "autorizado" | "negado", csrf?: string): ResidentPageState => ({
  kind: "confirmar",
  visita,
  decisao,
  postUrl: "/r/tok123",
  voltarUrl: "/r/tok123",
  ...(csrf === undefined ? {} : { csrf }),
});

const ALL_STATES: ResidentPageState[] = [
  decidir,
  confirmar("autorizado", "csrf-1"),
  confirmar("negado"),
  { kind: "decidida", visita, decisao: "autorizado", porNome: "Maria", as: "21:05", porVoce: true },
  { kind: "decidida", visita, decisao: "negado", porNome: "Ana", as: "21:04", porVoce: false },
  { kind: "expirada", visita },
  { kind: "invalido" },
  { kind: "limite", retryAfterSeconds: 30, tentarUrl: "/r/tok123" },
  { kind: "limite" },
];

/** The visible text, tags dropped and the few entities React writes decoded. */
function text(html: string): string {
  const body = html.replace(/^[\s\S]*<body>/, "").replace(/<\/body>[\s\S]*$/, "");
  return body
    .replace(/<[^>]+>/g, " ")
    .replace(/&lt;/g, "<")
    .replace(/&gt;/g, ">")
    .replace(/&quot;/g, '"')
    .replace(/&#x27;/g, "'")
    .replace(/&amp;/g, "&")
    .replace(/\s+/g, " ")
    .trim();
}

const count = (html: string, re: RegExp) => (html.match(re) ?? []).length;

describe("renderResidentPage: every state", () => {
  it.each(ALL_STATES.map((s) => [`${s.kind}`, s] as const))("%s is a small, complete, script-free document", (_, s) => {
    const { html } = renderResidentPage(s);
    expect(html.startsWith('<!DOCTYPE html><html lang="pt-BR">')).toBe(true);
    expect(html).toContain('<meta name="viewport" content="width=device-width, initial-scale=1"/>');
    expect(html).toContain('<meta name="robots" content="noindex"/>');
    expect(html).toContain('<meta name="referrer" content="no-referrer"/>');
    expect(html).toMatch(/<title>[^<]+ · Guarita<\/title>/);
    expect(count(html, /<style>/g)).toBe(1);
    expect(count(html, /<h1>/g)).toBe(1);
    expect(count(html, /<main /g)).toBe(1);
    expect(html).toContain("<header");
    expect(html).toContain("<footer");
    // Zero client JavaScript, nothing fetched: no script, handler, external file, font or image.
    expect(html).not.toMatch(/<script|\son[a-z]+=|<link|<img|<iframe|javascript:/i);
    expect(Buffer.byteLength(html, "utf8")).toBeLessThan(BUDGET_BYTES);
  });

  it("gives 200 to the visit states, 404 to an invalid link, 429 to too many attempts", () => {
    const statuses = Object.fromEntries(ALL_STATES.map((s) => [s.kind, renderResidentPage(s).status]));
    expect(statuses).toEqual({
      decidir: 200,
      confirmar: 200,
      decidida: 200,
      expirada: 200,
      invalido: 404,
      limite: 429,
    });
  });
});

describe("decidir", () => {
  const { html } = renderResidentPage(decidir);

  it("shows the visit as a definition list and greets the resident", () => {
    const t = text(html);
    expect(t).toContain("Olá, Maria.");
    expect(html).toContain("<h1>Carlos Souza está na portaria</h1>");
    expect(html).toContain("<dl>");
    for (const [dt, dd] of [
      ["Condomínio", "Residencial Jardim das Acácias"],
      ["Unidade", "Torre A - 101"],
      ["Tipo", "Prestador de serviço"],
      ["Motivo", "Conserto do aquecedor"],
    ]) {
      expect(html).toContain(`<dt>${dt}</dt><dd>${dd}</dd>`);
    }
    expect(html).toContain('<time dateTime="2025-11-23T21:04:00.000-03:00">há 3 minutos, às 21:04</time>');
  });

  it("leaves out the reason when there is none", () => {
    const semMotivo = renderResidentPage({ ...decidir, visita: { ...visita, motivo: null } }).html;
    expect(semMotivo).not.toContain("Motivo");
  });

  it("decides nothing: no form, no POST, the two buttons are links to the confirmation", () => {
    expect(html).not.toMatch(/<form|method="post"|<button/i);
    expect(html).toContain('<a class="b ok" href="/r/tok123?decisao=autorizado">Autorizar entrada</a>');
    expect(html).toContain('<a class="b no" href="/r/tok123?decisao=negado">Negar</a>');
  });
});

describe("confirmar", () => {
  it("has exactly one POST form to postUrl with the hidden decision, the note and the confirm button", () => {
    const { html } = renderResidentPage(confirmar("autorizado"));
    expect(html).toContain("<h1>Confirmar: autorizar a entrada de Carlos Souza?</h1>");
    expect(count(html, /<form/g)).toBe(1);
    expect(html).toContain('<form action="/r/tok123" method="post">');
    const form = html.slice(html.indexOf("<form"), html.indexOf("</form>"));
    expect(form).toContain('<input type="hidden" name="decisao" value="autorizado"/>');
    expect(form).toContain('<label for="observacoes">Observação (opcional)</label>');
    expect(form).toMatch(/<textarea id="observacoes" name="observacoes" maxLength="500"[^>]*><\/textarea>/);
    expect(form).toContain('<button type="submit" class="b ok">Confirmar autorização</button>');
    expect(count(form, /type="submit"/g)).toBe(1);
    expect(form).not.toContain('name="csrf"');
    expect(html).toContain('<a class="b sec" href="/r/tok123">Voltar</a>');
  });

  it("denies in red, and carries the CSRF token when given", () => {
    const { html } = renderResidentPage(confirmar("negado", "tok&<csrf>"));
    expect(html).toContain("<h1>Confirmar: negar a entrada de Carlos Souza?</h1>");
    expect(html).toContain('<input type="hidden" name="decisao" value="negado"/>');
    expect(html).toContain('<input type="hidden" name="csrf" value="tok&amp;&lt;csrf&gt;"/>');
    expect(html).toContain('<button type="submit" class="b no">Confirmar negativa</button>');
  });

  it("asks a refusal's reason, as the console's Negar does, and no note", () => {
    const { html } = renderResidentPage(confirmar("negado"));
    const form = html.slice(html.indexOf("<form"), html.indexOf("</form>"));
    expect(form).toContain('<label for="motivo_negacao">Motivo (opcional)</label>');
    expect(form).toMatch(/<textarea id="motivo_negacao" name="motivo_negacao" maxLength="280"[^>]*><\/textarea>/);
    expect(text(form)).toContain("Até 280 caracteres. A portaria vê o motivo.");
    expect(form).not.toContain('name="observacoes"');
  });
});

describe("decidida", () => {
  const page = (decisao: "autorizado" | "negado", porVoce: boolean) =>
    text(renderResidentPage({ kind: "decidida", visita, decisao, porNome: "Ana", as: "21:04", porVoce }).html);

  it("confirms the resident's own decision", () => {
    expect(page("autorizado", true)).toContain("Entrada autorizada A portaria já foi avisada.");
    expect(page("negado", true)).toContain("Entrada negada A portaria já foi avisada.");
  });

  it("says who decided first and when, in one heading", () => {
    const html = renderResidentPage({
      kind: "decidida",
      visita,
      decisao: "autorizado",
      porNome: "Ana",
      as: "21:04",
      porVoce: false,
    }).html;
    expect(html).toContain("<h1>Já autorizada por Ana às 21:04</h1>");
    expect(page("negado", false)).toContain("Já negada por Ana às 21:04");
    expect(page("negado", false)).not.toContain("A portaria já foi avisada");
  });

  it("has no form and no decision links left", () => {
    const { html } = renderResidentPage({
      kind: "decidida",
      visita,
      decisao: "autorizado",
      porNome: "Ana",
      as: "21:04",
      porVoce: true,
    });
    expect(html).not.toMatch(/<form|<button|<a /);
  });
});

describe("expirada, invalido, limite", () => {
  it("expirada says so and offers nothing to decide", () => {
    const { html } = renderResidentPage({ kind: "expirada", visita });
    expect(text(html)).toContain("Esta solicitação expirou");
    expect(text(html)).toContain("fale com a portaria");
    expect(html).not.toMatch(/<form|<button|<a /);
  });

  it("invalido explains the link and never shows a visit, even if one is passed by mistake", () => {
    const { status, html } = renderResidentPage({ kind: "invalido", visita } as unknown as ResidentPageState);
    expect(status).toBe(404);
    const t = text(html);
    expect(t).toContain("Link inválido ou expirado");
    expect(t).toContain("Cada link é pessoal e vale para uma única visita");
    expect(t).toContain("fale com a portaria");
    expect(html).not.toContain("<dl");
    for (const value of [visita.condominio, visita.unidade, visita.visitanteNome, visita.motivo!, visita.moradorNome]) {
      expect(html).not.toContain(value);
    }
  });

  it("limite asks to wait, with the time when known", () => {
    const a = renderResidentPage({ kind: "limite", retryAfterSeconds: 30, tentarUrl: "/r/tok123" });
    expect(a.status).toBe(429);
    expect(text(a.html)).toContain("Muitas tentativas Aguarde um instante e tente de novo.");
    expect(text(a.html)).toContain("em cerca de 30 segundos");
    expect(a.html).toContain('<a class="b sec" href="/r/tok123">Tentar de novo</a>');
    expect(text(renderResidentPage({ kind: "limite", retryAfterSeconds: 90 }).html)).toContain("cerca de 2 minutos");
    const b = renderResidentPage({ kind: "limite" }).html;
    expect(b).not.toContain("cerca de");
    expect(b).not.toContain("<a ");
    expect(b).not.toContain("<dl");
  });
});

describe("safety", () => {
  it("escapes whatever the visit carries, in the body and in the title", () => {
    const hostile: ResidentVisita = {
      ...visita,
      visitanteNome: '<script>alert("x")</script>',
      motivo: "<img src=x onerror=alert(1)>",
      condominio: "A & B",
      moradorNome: "<b>Maria</b>",
    };
    for (const s of [
      { ...decidir, visita: hostile },
      { ...(confirmar("autorizado") as Extract<ResidentPageState, { kind: "confirmar" }>), visita: hostile },
    ] satisfies ResidentPageState[]) {
      const { html } = renderResidentPage(s);
      expect(html).not.toMatch(/<script|<img|<b>/);
      expect(html).toContain("&lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt;");
      expect(html).toContain("A &amp; B");
    }
    // The reason is on the decidir view (the confirmation shows a summary without it).
    expect(renderResidentPage({ ...decidir, visita: hostile }).html).toContain("&lt;img src=x onerror=alert(1)&gt;");
  });

  it("refuses URLs that are not the route's own (javascript:, protocol-relative)", () => {
    for (const bad of ["javascript:alert(1)", "//evil.example/r", "data:text/html,x", "/r/a b"]) {
      expect(() => renderResidentPage({ ...decidir, confirmarAutorizarUrl: bad })).toThrow(/URL inválida/);
    }
    expect(() =>
      renderResidentPage({ ...decidir, confirmarAutorizarUrl: "https://guarita.app/r/t?decisao=autorizado" }),
    ).not.toThrow();
  });
});

describe("stylesheet", () => {
  it("fetches nothing and has a dark scheme, visible focus and 56 px buttons", () => {
    expect(RESIDENT_PAGE_CSS).not.toMatch(/url\(|@import|@font-face/);
    expect(RESIDENT_PAGE_CSS).toContain("@media (prefers-color-scheme:dark)");
    expect(RESIDENT_PAGE_CSS).toContain("outline:3px solid");
    expect(RESIDENT_PAGE_CSS).toMatch(/\.b\{[^}]*min-height:3\.5rem/);
  });

  /** WCAG 2 relative luminance and contrast ratio of two #rrggbb / #rgb colours. */
  const luminance = (hex: string) => {
    const h = hex.length === 4 ? hex.replace(/^#(.)(.)(.)$/, "#$1$1$2$2$3$3") : hex;
    const [r, g, b] = [1, 3, 5].map((i) => {
      const c = Number.parseInt(h.slice(i, i + 2), 16) / 255;
      return c <= 0.04045 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
    }) as [number, number, number];
    return 0.2126 * r + 0.7152 * g + 0.0722 * b;
  };
  const contrast = (a: string, b: string) => {
    const [hi, lo] = [luminance(a), luminance(b)].sort((x, y) => y - x) as [number, number];
    return (hi + 0.05) / (lo + 0.05);
  };
  const vars = (block: string) =>
    Object.fromEntries([...block.matchAll(/--([a-z0-9]+):(#[0-9a-f]{3,6})/g)].map((m) => [m[1]!, m[2]!]));
  const light = vars(RESIDENT_PAGE_CSS.slice(0, RESIDENT_PAGE_CSS.indexOf("@media")));
  const dark = { ...light, ...vars(RESIDENT_PAGE_CSS.slice(RESIDENT_PAGE_CSS.indexOf("@media"))) };

  it.each([
    ["light", light],
    ["dark", dark],
  ])("meets WCAG AA in the %s scheme", (_, c) => {
    for (const [fg, bg] of [
      ["#fff", c.ok],
      ["#fff", c.ok2],
      ["#fff", c.no],
      ["#fff", c.no2],
      ["#fff", c.neutral],
      [c.ink, c.card],
      [c.ink, c.bg],
      [c.muted, c.card],
      [c.muted, c.bg],
      [c.brand, c.card],
      [c.brand, c.bg],
    ]) {
      expect(contrast(fg!, bg!), `${fg} on ${bg}`).toBeGreaterThanOrEqual(4.5);
    }
    // Non-text: field borders, the secondary button's border and the focus ring at 3:1.
    for (const [fg, bg] of [
      [c.field, c.card],
      [c.brand, c.card],
    ]) {
      expect(contrast(fg!, bg!), `${fg} on ${bg}`).toBeGreaterThanOrEqual(3);
    }
  });
});

describe("the visitor's photo", () => {
  it("shows large above the buttons when the request has one, with alt text; nothing when it has none", () => {
    const withPhoto = renderResidentPage({
      ...decidir,
      visita: { ...visita, fotoUrl: "/r/tok123/foto?f=1" },
    } as ResidentPageState);
    expect(withPhoto.html).toContain(
      '<img class="foto" src="/r/tok123/foto?f=1" alt="Foto de Carlos Souza na portaria"/>',
    );
    expect(withPhoto.html.indexOf('class="foto"')).toBeLessThan(withPhoto.html.indexOf("Autorizar entrada"));
    expect(renderResidentPage(decidir).html).not.toContain("<img");
  });

  it("says so when the visitor declined the kiosk's photo", () => {
    const declined = renderResidentPage({
      ...decidir,
      visita: { ...visita, semFoto: "O visitante preferiu não tirar foto." },
    } as ResidentPageState);
    expect(declined.html).toContain("O visitante preferiu não tirar foto.");
    expect(declined.html).not.toContain("<img");
  });
});
