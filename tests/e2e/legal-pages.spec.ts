import AxeBuilder from "@axe-core/playwright";
import type { Page } from "@playwright/test";
import { COMPANY } from "../../src/shared/company";
import { expect, test } from "./fixtures";

/** The three legal pages (docs/product.md, "Legal pages"): their sections in order and their figures. */
const LEGAL_PAGES = [
  {
    path: "/privacidade",
    title: "Política de Privacidade",
    sections: [
      "Introdução",
      "Dados coletados",
      "Finalidades do tratamento",
      "Base legal",
      "Compartilhamento de dados",
      "Segurança",
      "Direitos dos titulares",
      "Cookies",
      "Retenção de dados",
      "Menores de idade",
      "Alterações desta política",
      "Contato",
    ],
    figures: [
      "até 15 dias contados do pedido",
      "90 dias se ele não escolher outro",
      "18 anos ou mais",
      "72 horas",
      "trimestrais",
      "anuais",
    ],
  },
  {
    path: "/termos",
    title: "Termos de Uso",
    sections: [
      "Aceitação dos termos",
      "Descrição dos serviços",
      "Elegibilidade",
      "Uso permitido",
      "Uso proibido",
      "Conta e segurança",
      "Propriedade intelectual",
      "Privacidade e proteção de dados",
      "Disponibilidade do serviço",
      "Limitação de responsabilidade",
      "Indenização",
      "Rescisão",
      "Alterações dos termos",
      "Lei aplicável e foro",
      "Disposições gerais",
    ],
    figures: [
      "18 anos ou mais",
      "representante legal",
      "99,9%",
      "8,76 horas",
      "2 horas",
      "leis da República Federativa do Brasil",
    ],
  },
  {
    path: "/lgpd",
    title: "LGPD",
    sections: [
      "Princípios",
      "Bases legais",
      "Direitos dos titulares",
      "Medidas de segurança",
      "Encarregado de dados (DPO)",
      "Transferência internacional",
      "Retenção",
      "Incidentes de segurança",
      "Auditorias",
    ],
    figures: [
      "art. 6º",
      "até 15 dias contados do pedido",
      "de 30 dias a 5 anos",
      "72 horas",
      "Auditorias internas trimestrais",
      "Auditorias externas anuais",
      COMPANY.dpoEmail,
    ],
  },
] as const;

const UPDATED_LINE = "Última atualização: 10 de janeiro de 2025";

function numbered(sections: readonly string[]) {
  return sections.map((title, index) => `${index + 1}. ${title}`);
}

async function expectSiteFrame(page: Page) {
  await expect(page.getByRole("banner").getByRole("link", { name: /página inicial/ })).toHaveAttribute("href", "/");
  const footer = page.getByRole("contentinfo");
  await expect(footer.getByRole("link", { name: "Política de Privacidade" })).toHaveAttribute("href", "/privacidade");
  await expect(footer.getByRole("link", { name: "Termos de Uso" })).toHaveAttribute("href", "/termos");
  await expect(footer.getByRole("link", { name: "LGPD" })).toHaveAttribute("href", "/lgpd");
}

for (const legal of LEGAL_PAGES) {
  test(`${legal.path} shows its title, numbered sections in order, figures and the site frame`, async ({ page }) => {
    await page.goto(legal.path);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(legal.title);
    await expect(page.getByText(UPDATED_LINE, { exact: true })).toBeVisible();

    const headings = numbered(legal.sections);
    await expect(page.getByRole("main").getByRole("heading", { level: 2 })).toHaveText(headings);
    // Each section is a region named by its heading, and the table of contents lists them in the same order.
    for (const heading of headings) {
      await expect(page.getByRole("region", { name: heading, exact: true })).toBeVisible();
    }
    await expect(page.getByRole("navigation", { name: "Nesta página" }).getByRole("link")).toHaveText(headings);

    const main = page.getByRole("main");
    for (const figure of legal.figures) await expect(main).toContainText(figure);

    await expectSiteFrame(page);
  });

  test(`${legal.path} is pre-rendered with its sections in the HTML`, async ({ request }) => {
    const response = await request.get(legal.path);
    expect(response.status()).toBe(200);
    // The page's text without its markup, as a crawler without JavaScript reads it.
    const text = (await response.text()).replace(/<[^>]+>/g, "");
    expect(text).toContain(UPDATED_LINE);
    for (const heading of numbered(legal.sections)) expect(text).toContain(heading);
  });
}

test("a table-of-contents link jumps to its section", async ({ page }) => {
  await page.goto("/privacidade");
  const target = page.getByRole("heading", { level: 2, name: "7. Direitos dos titulares" });
  await expect(target).not.toBeInViewport();

  await page
    .getByRole("navigation", { name: "Nesta página" })
    .getByRole("link", { name: "7. Direitos dos titulares" })
    .click();
  await expect(page).toHaveURL(/\/privacidade#direitos$/);
  await expect(target).toBeInViewport();
});

test("the legal pages read on a 360 px phone in the dark theme without horizontal scrolling", async ({ page }) => {
  await page.setViewportSize({ width: 360, height: 740 });
  await page.emulateMedia({ colorScheme: "dark" });
  for (const { path } of LEGAL_PAGES) {
    await page.goto(path);
    await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
    await expect(page.locator("html")).toHaveClass(/\bdark\b/);
    const overflow = await page.evaluate(
      () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
    );
    expect(overflow, `${path} rola na horizontal`).toBeLessThanOrEqual(0);
  }
});

for (const colorScheme of ["light", "dark"] as const) {
  test(`the legal pages have no axe violations in the ${colorScheme} theme`, async ({ page }) => {
    await page.emulateMedia({ colorScheme });
    for (const { path } of LEGAL_PAGES) {
      await page.goto(path);
      await expect(page.locator("html")).toHaveClass(colorScheme === "dark" ? /\bdark\b/ : /\blight\b/);
      const { violations } = await new AxeBuilder({ page }).analyze();
      expect(violations.map((v) => `${path}: ${v.id} (${v.nodes.map((n) => n.target.join(" ")).join(", ")})`)).toEqual(
        [],
      );
    }
  });
}
