/**
 * The landing page's plan cards print the limits the server enforces (docs/decisions/045-plans-and-billing.md):
 * both read PLANS[plan].limites, and each card's first lines are limitLines() of it. The server's side
 * of the comparison is src/server/modules/faturamento/limites.api.test.ts.
 */
import { createElement } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { limitLines, PLAN_LIST } from "@/shared/plans";
import { PlansSection } from "./plans";

const text = (html: string) =>
  html
    .replace(/<[^>]+>/g, "")
    .replace(/&amp;/g, "&")
    .replace(/&#x27;/g, "'")
    .replace(/&quot;/g, '"')
    .trim();

/** Each rendered card: its heading and the text of its feature list's items, in order. */
function cards(html: string) {
  const headings = [...html.matchAll(/<h3[^>]*>([^<]*)<\/h3>/g)];
  return headings.map((h, i) => {
    const segment = html.slice(h.index, headings[i + 1]?.index ?? html.length);
    const list = /<ul[^>]*>([\s\S]*?)<\/ul>/.exec(segment)?.[1] ?? "";
    const itens = [...list.matchAll(/<li[^>]*>([\s\S]*?)<\/li>/g)].map((m) => text(m[1]!));
    return { nome: text(h[1]!), itens };
  });
}

describe("landing page plan cards", () => {
  const rendered = cards(renderToStaticMarkup(createElement(PlansSection)));

  it("renders one card per plan of the catalogue", () => {
    expect(rendered.map((c) => c.nome)).toEqual(PLAN_LIST.map((p) => p.nome));
  });

  for (const plan of PLAN_LIST) {
    it(`${plan.nome}: the card begins with the limits the server enforces`, () => {
      const card = rendered.find((c) => c.nome === plan.nome);
      const lines = limitLines(plan.limites);
      expect(lines.length).toBeGreaterThan(0);
      expect(card?.itens.slice(0, lines.length)).toEqual(lines);
    });
  }

  it("says each plan's numbers: Essencial 1000 attendances, 1 condominium and 200 units; Avançado 1 condominium", () => {
    const card = (nome: string) => rendered.find((c) => c.nome === nome)?.itens.join(" | ");
    expect(card("Essencial")).toContain("Até 1000 atendimentos por mês");
    expect(card("Essencial")).toContain("1 condomínio, até 200 unidades");
    expect(card("Avançado")).toContain("Atendimentos ilimitados");
    expect(card("Avançado")).toContain("1 condomínio, unidades ilimitadas");
    expect(card("Personalizado")).toContain("Vários condomínios em uma conta");
  });
});
