import AxeBuilder from "@axe-core/playwright";
import type { Locator, Page } from "@playwright/test";
import { COMPANY, DEMO_REQUEST_MESSAGE, whatsappUrl } from "../../src/shared/company";
import { formatBRLShort, limitLines, PLAN_LIST } from "../../src/shared/plans";
import { expect, test } from "./fixtures";

/** The nav anchors (docs/product.md, "Landing page") and the heading of the section each one reaches. */
const SECTIONS = [
  { id: "demo", link: "Demonstração", heading: "Veja a Guarita em ação" },
  { id: "recursos", link: "Recursos", heading: "Tudo o que a portaria do seu condomínio precisa" },
  { id: "como-funciona", link: "Como funciona", heading: "Do interfone ao portão em três passos" },
  { id: "planos", link: "Planos", heading: "Um plano para cada condomínio" },
  { id: "faq", link: "FAQ", heading: "Perguntas frequentes" },
] as const;

const VIDEO_HOST = new URL(COMPANY.demoVideoEmbedUrl).host;
const WHATSAPP_BUTTONS = ["Falar com especialista", "Agendar demonstração", "Falar com vendas"] as const;

/**
 * The landing page has no React (docs/decisions/013): its widgets are native (radios, disclosures,
 * links) and its one module script, which runs before DOMContentLoaded, adds the rest. It marks
 * `<html data-enhanced>` once its handlers are in place.
 */
async function waitForEnhancements(page: Page) {
  await expect(page.locator("html[data-enhanced]")).toBeAttached();
}

/** The heading is on screen and below the sticky header, not hidden under it. */
async function expectSectionInView(page: Page, heading: Locator) {
  await expect(heading).toBeInViewport();
  await expect
    .poll(async () => {
      const header = await page.locator("header").first().boundingBox();
      const title = await heading.boundingBox();
      return header && title ? title.y - (header.y + header.height) : -1;
    })
    .toBeGreaterThanOrEqual(0);
}

test.describe("navigation", () => {
  test("every nav anchor scrolls its section into view, below the sticky header", async ({ page }) => {
    await page.goto("/");
    const nav = page.getByRole("navigation", { name: "Seções da página" });
    await expect(page.getByRole("link", { name: "Entrar", exact: true })).toHaveAttribute("href", "/app");
    for (const section of SECTIONS) {
      const link = nav.getByRole("link", { name: section.link, exact: true });
      await expect(link).toHaveAttribute("href", `#${section.id}`);
      await link.click();
      await expect(page).toHaveURL(new RegExp(`#${section.id}$`));
      const region = page.getByRole("region", { name: section.heading });
      await expect(region).toHaveAttribute("id", section.id);
      await expectSectionInView(page, region.getByRole("heading", { level: 2, name: section.heading }));
    }
  });

  test("'Ver em Ação' scrolls to the demo", async ({ page }) => {
    await page.goto("/");
    await expect(page.getByRole("heading", { level: 1, name: "Sistema de Portaria Inteligente" })).toBeVisible();
    const heading = page.getByRole("heading", { level: 2, name: "Veja a Guarita em ação" });
    await expect(heading).not.toBeInViewport();
    await page.getByRole("link", { name: "Ver em Ação" }).click();
    await expect(page).toHaveURL(/#demo$/);
    await expectSectionInView(page, heading);
  });

  test.describe("without JavaScript", () => {
    test.use({ javaScriptEnabled: false });

    test("the pre-rendered page holds every section and its anchors still scroll", async ({ page }) => {
      await page.goto("/");
      await expect(page.getByRole("heading", { level: 1, name: "Sistema de Portaria Inteligente" })).toBeVisible();
      for (const step of ["Recebe", "Identifica", "Libera"]) {
        await expect(page.getByRole("heading", { level: 3, name: step, exact: true })).toBeVisible();
      }
      await page.getByRole("navigation", { name: "Seções da página" }).getByRole("link", { name: "Planos" }).click();
      await expectSectionInView(page, page.getByRole("heading", { level: 2, name: "Um plano para cada condomínio" }));
      // Default billing is yearly, so the plan links already carry it before hydration.
      await expect(page.getByRole("link", { name: "Escolher Avançado" })).toHaveAttribute(
        "href",
        "/checkout?plan=avancado&billing=yearly",
      );
    });
  });
});

test.describe("plans", () => {
  test("yearly by default; plan buttons reach checkout with the plan and the billing cycle", async ({ page }) => {
    await page.goto("/#planos");
    await waitForEnhancements(page);
    const billing = page.getByRole("radiogroup", { name: "Ciclo de cobrança" });
    const yearly = billing.getByRole("radio", { name: /Anual/ });
    const monthly = billing.getByRole("radio", { name: /Mensal/ });
    await expect(yearly).toBeChecked();
    await expect(billing.locator("label", { hasText: "Anual" })).toContainText("-10%");
    await expect(page.getByText("Economize 2 meses")).toBeVisible();
    await expect(page.getByText("Mais popular")).toBeVisible();
    await expect(page.getByText("Sob consulta")).toBeVisible();
    await expect(page.getByText("Até 1000 atendimentos por mês")).toBeVisible();

    const plans = page.getByRole("region", { name: "Um plano para cada condomínio" });
    for (const plan of PLAN_LIST) {
      const button = plans.getByRole("link", { name: `Escolher ${plan.nome}` });
      await expect(button).toHaveAttribute("href", `/checkout?plan=${plan.id}&billing=yearly`);
      if (plan.precoCentavos) await expect(plans).toContainText(formatBRLShort(plan.precoCentavos.yearly));
    }
    await expect(plans).toContainText("R$ 359");
    await expect(plans).toContainText("R$ 1.149");
    // Each card's first lines are the limits the server enforces, from the same table
    // (src/server/modules/faturamento/limites.api.test.ts refuses exactly past these numbers).
    for (const plan of PLAN_LIST) {
      const card = plans
        .getByRole("listitem")
        .filter({ has: page.getByRole("heading", { name: plan.nome, exact: true }) });
      const lines = limitLines(plan.limites);
      await expect(card.getByRole("listitem")).toHaveText(plan.recursos);
      expect(plan.recursos.slice(0, lines.length)).toEqual(lines);
    }

    await plans.getByRole("link", { name: "Escolher Avançado" }).click();
    await expect(page).toHaveURL(/\/checkout\?plan=avancado&billing=yearly$/);

    await page.goto("/#planos");
    await waitForEnhancements(page);
    await monthly.click();
    await expect(monthly).toBeChecked();
    await expect(yearly).not.toBeChecked();
    for (const plan of PLAN_LIST) {
      await expect(plans.getByRole("link", { name: `Escolher ${plan.nome}` })).toHaveAttribute(
        "href",
        `/checkout?plan=${plan.id}&billing=monthly`,
      );
    }
    await expect(plans).toContainText("R$ 399");
    await expect(plans).toContainText("R$ 1.290");
    // Clicking the chosen option again keeps it chosen: one cycle is always selected.
    await monthly.click();
    await expect(monthly).toBeChecked();

    await plans.getByRole("link", { name: "Escolher Essencial" }).click();
    await expect(page).toHaveURL(/\/checkout\?plan=essencial&billing=monthly$/);
  });
});

test.describe("FAQ", () => {
  test("the four questions open and close with the keyboard", async ({ page }) => {
    await page.goto("/#faq");
    await waitForEnhancements(page);
    const faq = page.getByRole("region", { name: "Perguntas frequentes" });
    // Native disclosures: each question is a <summary>, its answer the rest of the <details>.
    const items = faq.locator("details");
    const triggers = faq.locator("summary");
    await expect(triggers).toHaveCount(4);
    for (const topic of [/instalação/, /porteiro humano/, /LGPD/, /sotaques/]) {
      await expect(faq.getByRole("heading", { level: 3, name: topic })).toBeVisible();
    }

    // Tab from the last link before the FAQ lands on the first question.
    await page.getByRole("link", { name: "Ver planos" }).focus();
    await page.keyboard.press("Tab");
    const first = triggers.nth(0);
    await expect(first).toBeFocused();
    await expect(items.nth(0)).not.toHaveAttribute("open");
    await expect(faq.getByText(/visita técnica/)).toBeHidden();

    await page.keyboard.press("Enter");
    await expect(items.nth(0)).toHaveAttribute("open", "");
    const firstAnswer = items.nth(0).locator("p");
    await expect(firstAnswer).toBeVisible();
    await expect(firstAnswer).toContainText("2 a 4 semanas");
    await page.keyboard.press("Enter");
    await expect(items.nth(0)).not.toHaveAttribute("open");
    await expect(firstAnswer).toBeHidden();

    await page.keyboard.press("Tab");
    const second = triggers.nth(1);
    await expect(second).toBeFocused();
    await page.keyboard.press("Space");
    await expect(items.nth(1)).toHaveAttribute("open", "");
    await expect(faq.getByText(/só libera o acesso com a autorização do morador/)).toBeVisible();
    // One answer open at a time (<details name="faq">).
    await first.click();
    await expect(items.nth(1)).not.toHaveAttribute("open");
    await expect(items.nth(0)).toHaveAttribute("open", "");
    await first.click();
    await expect(items.nth(0)).not.toHaveAttribute("open");
  });

  test("the pre-rendered HTML holds the answers and the Organization and FAQPage structured data", async ({
    request,
  }) => {
    const html = await (await request.get("/")).text();
    const blocks = [...html.matchAll(/<script type="application\/ld\+json">([\s\S]*?)<\/script>/g)].map(
      (m) => JSON.parse(m[1] ?? "null") as Record<string, unknown>,
    );
    const organization = blocks.find((b) => b["@type"] === "Organization");
    expect(organization).toMatchObject({ name: COMPANY.name, url: COMPANY.siteUrl, email: COMPANY.email });
    expect(organization?.contactPoint).toBeTruthy();
    const faqPage = blocks.find((b) => b["@type"] === "FAQPage") as
      | { mainEntity: { name: string; acceptedAnswer: { text: string } }[] }
      | undefined;
    expect(faqPage?.mainEntity).toHaveLength(4);
    for (const question of faqPage?.mainEntity ?? []) {
      // The FAQ renders the same text the structured data declares.
      expect(html).toContain(`>${question.name}<`);
      expect(html).toContain(`>${question.acceptedAnswer.text}</p>`);
    }
    expect(html).toContain("<title>Guarita — Sistema de Portaria Inteligente</title>");
  });
});

test.describe("demo video", () => {
  test("the iframe and every request to the video host wait for the click", async ({ page }) => {
    const videoRequests: string[] = [];
    page.on("request", (request) => {
      if (new URL(request.url()).host === VIDEO_HOST) videoRequests.push(request.url());
    });
    // No internet here: answer the video host with an empty page.
    await page.route(`https://${VIDEO_HOST}/**`, (route) =>
      route.fulfill({ status: 200, contentType: "text/html", body: "<!doctype html><title>vídeo</title>" }),
    );

    await page.goto("/");
    await waitForEnhancements(page);
    await page.getByRole("link", { name: "Ver em Ação" }).click();
    const demo = page.getByRole("region", { name: "Veja a Guarita em ação" });
    // A link to the video (it opens in a new tab without a script); the page swaps in the player.
    const play = demo.getByRole("link", { name: /Assistir à demonstração/ });
    await expect(play).toBeVisible();
    await page.waitForLoadState("networkidle");
    await expect(demo.locator("iframe")).toHaveCount(0);
    expect(videoRequests).toEqual([]);

    await play.click();
    const frame = demo.locator("iframe");
    await expect(frame).toHaveAttribute("src", COMPANY.demoVideoEmbedUrl);
    await expect(frame).toHaveAttribute("title", "Vídeo de demonstração da Guarita");
    await expect.poll(() => videoRequests.length).toBeGreaterThan(0);
  });
});

test.describe("WhatsApp buttons", () => {
  test("open the demo request chat in a new tab", async ({ page }) => {
    await page.goto("/");
    const expected = whatsappUrl(DEMO_REQUEST_MESSAGE);
    for (const name of WHATSAPP_BUTTONS) {
      const link = page.getByRole("link", { name: new RegExp(`^${name}`) });
      await expect(link).toHaveCount(1);
      await expect(link).toHaveAttribute("href", expected);
      await expect(link).toHaveAttribute("target", "_blank");
      await expect(link).toHaveAttribute("rel", "noopener noreferrer");
    }
    const url = new URL(expected);
    expect(url.host).toBe("wa.me");
    expect(url.searchParams.get("text")).toBe(DEMO_REQUEST_MESSAGE);
  });
});

test.describe("footer", () => {
  test("links the seven company and legal pages", async ({ page }) => {
    await page.goto("/");
    const footer = page.getByRole("contentinfo");
    for (const href of ["/seguranca", "/sobre", "/carreiras", "/contato", "/privacidade", "/termos", "/lgpd"]) {
      await expect(footer.locator(`a[href="${href}"]`)).toHaveCount(1);
    }
  });
});

test.describe("on a 360 px phone", () => {
  test.use({ viewport: { width: 360, height: 740 } });

  test("the menu opens with 'Entrar' and 'Começar' and closes with Esc", async ({ page }) => {
    await page.goto("/");
    await waitForEnhancements(page);
    const trigger = page.getByLabel("Abrir menu");
    await trigger.click();
    const menu = page.getByRole("region", { name: "Menu" });
    await expect(menu).toBeVisible();
    await expect(menu.getByRole("link", { name: "Entrar" })).toHaveAttribute("href", "/login");
    await expect(menu.getByRole("link", { name: "Começar" })).toHaveAttribute("href", "/app");
    await page.keyboard.press("Escape");
    await expect(menu).toBeHidden();
    await expect(trigger).toBeFocused();
  });

  test("a section link in the menu closes it and scrolls to the section", async ({ page }) => {
    await page.goto("/");
    await waitForEnhancements(page);
    await page.getByLabel("Abrir menu").click();
    const menu = page.getByRole("region", { name: "Menu" });
    await menu.getByRole("link", { name: "Planos" }).click();
    await expect(menu).toBeHidden();
    await expect(page).toHaveURL(/#planos$/);
    await expectSectionInView(page, page.getByRole("heading", { level: 2, name: "Um plano para cada condomínio" }));
  });

  test("nothing scrolls sideways", async ({ page }) => {
    await page.goto("/");
    await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
    const overflow = await page.evaluate(() => {
      const root = document.documentElement;
      const wide = [...document.querySelectorAll("body *")]
        .filter((el) => el.getBoundingClientRect().right > root.clientWidth + 1)
        .map((el) => `${el.tagName.toLowerCase()}.${el.className}`.slice(0, 80));
      return { scroll: root.scrollWidth - root.clientWidth, wide: wide.slice(0, 5) };
    });
    expect(overflow).toEqual({ scroll: 0, wide: [] });
  });
});

test.describe("accessibility", () => {
  for (const colorScheme of ["light", "dark"] as const) {
    test(`no axe violations in the ${colorScheme} theme, with a question open`, async ({ page }) => {
      await page.emulateMedia({ colorScheme });
      await page.goto("/");
      await waitForEnhancements(page);
      await expect(page.locator("html")).toHaveClass(colorScheme === "dark" ? /dark/ : /light/);
      await page
        .locator("#faq summary")
        .filter({ hasText: /instalação/ })
        .click();
      const results = await new AxeBuilder({ page }).withTags(["wcag2a", "wcag2aa", "wcag21a", "wcag21aa"]).analyze();
      expect(results.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(" ")).join(", ")}`)).toEqual(
        [],
      );
    });
  }
});
