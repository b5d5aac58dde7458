/**
 * The public site never loses a click (docs/decisions/013-public-site-progressive-enhancement.md). Every control of a
 * public page works from the moment its HTML is parsed (a press right after DOMContentLoaded, with the
 * CPU 4× slower) and without JavaScript at all; the content-only pages ship at most 50 KB of
 * JavaScript, gzipped as transferred.
 */
import { gzipSync } from "node:zlib";
import type { Browser, Page } from "@playwright/test";
import { COMPANY } from "../../src/shared/company";
import { STATIC_PUBLIC_PATHS } from "../../src/shared/public-routes";
import { expect, test } from "./fixtures";

const JS_BUDGET_BYTES = 50 * 1024;
const VIDEO_HOST = new URL(COMPANY.demoVideoEmbedUrl).host;
const WHATSAPP_CHAT = `https://wa.me/${COMPANY.whatsappNumber}`;

const total = (page: Page) => page.getByTestId("checkout-total");
const planLink = (page: Page, name: RegExp) =>
  page.getByRole("navigation", { name: "Plano" }).getByRole("link", { name });
const billingLink = (page: Page, name: RegExp) =>
  page.getByRole("navigation", { name: "Cobrança" }).getByRole("link", { name });
const faqQuestion = (page: Page, name: RegExp) => page.locator("#faq summary").filter({ hasText: name });

async function throttleCpu(page: Page) {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send("Emulation.setCPUThrottlingRate", { rate: 4 });
}

const early = { waitUntil: "domcontentloaded" } as const;

/** Replaces window.open before any page script runs, recording what the page asked to open. */
async function captureWindowOpen(page: Page) {
  await page.addInitScript(() => {
    const opened: string[] = [];
    Object.assign(window, { __opened: opened });
    window.open = ((url?: string | URL) => {
      opened.push(String(url));
      return null;
    }) as typeof window.open;
  });
}
const openedUrls = (page: Page) => page.evaluate(() => (window as unknown as { __opened: string[] }).__opened);

test.describe("a press right after DOMContentLoaded, CPU throttled 4×", () => {
  test.beforeEach(async ({ page }) => throttleCpu(page));

  test("checkout: the plan and billing links change the URL and the summary, every time", async ({ page }) => {
    // The press the issue saw lost 2 times out of 3: repeat it.
    for (let attempt = 0; attempt < 3; attempt++) {
      await page.goto("/checkout?plan=essencial&billing=yearly", early);
      await planLink(page, /Avançado/).click();
      await expect(page).toHaveURL(/\/checkout\?plan=avancado&billing=yearly$/);
      await expect(total(page)).toHaveText("R$ 1.149,00");
      await expect(page.getByText("Plano Avançado")).toBeVisible();
    }
    await page.waitForLoadState("domcontentloaded");
    await billingLink(page, /Mensal/).click();
    await expect(page).toHaveURL(/\/checkout\?plan=avancado&billing=monthly$/);
    await expect(total(page)).toHaveText("R$ 1.290,00");
    await expect(billingLink(page, /Mensal/)).toHaveAttribute("aria-current", "true");
  });

  test("landing: FAQ answers, billing cycle, video and theme", async ({ page }) => {
    await page.route(`https://${VIDEO_HOST}/**`, (route) =>
      route.fulfill({ status: 200, contentType: "text/html", body: "<!doctype html><title>vídeo</title>" }),
    );
    await page.goto("/", early);
    const question = faqQuestion(page, /instalação/);
    await question.click();
    await expect(page.locator("#faq details").first()).toHaveAttribute("open", "");
    await expect(page.getByText(/visita técnica/)).toBeVisible();

    await page.getByRole("radio", { name: /Mensal/ }).check();
    await expect(page.getByRole("link", { name: "Escolher Essencial" })).toHaveAttribute(
      "href",
      "/checkout?plan=essencial&billing=monthly",
    );
    await expect(page.locator("#planos")).toContainText("R$ 399");

    await page.getByRole("link", { name: /Assistir à demonstração/ }).click();
    await expect(page.locator("#demo iframe")).toHaveAttribute("src", COMPANY.demoVideoEmbedUrl);
    expect(page.context().pages()).toHaveLength(1);

    await page.getByLabel("Alternar tema").click();
    await page.getByRole("button", { name: "Escuro" }).click();
    await expect(page.locator("html")).toHaveClass(/\bdark\b/);
    expect(await page.evaluate(() => localStorage.getItem("theme"))).toBe("dark");
  });

  test("theme on a legal page, kept on the next page", async ({ page }) => {
    await page.goto("/privacidade", early);
    await page.getByLabel("Alternar tema").click();
    await page.getByRole("button", { name: "Escuro" }).click();
    await expect(page.locator("html")).toHaveClass(/\bdark\b/);
    await expect(page.getByRole("button", { name: "Escuro" })).toBeHidden();
    await page.goto("/termos", early);
    await expect(page.locator("html")).toHaveClass(/\bdark\b/);
  });

  test("the mobile menu at 360 px opens and its links work", async ({ page }) => {
    await page.setViewportSize({ width: 360, height: 740 });
    await page.goto("/", early);
    await page.getByLabel("Abrir menu").click();
    const menu = page.getByRole("region", { name: "Menu" });
    await expect(menu).toBeVisible();
    await menu.getByRole("link", { name: "Planos" }).click();
    await expect(page).toHaveURL(/#planos$/);
    await expect(menu).toBeHidden();
  });

  test("contact form: opens WhatsApp with every field", async ({ page }) => {
    await captureWindowOpen(page);
    await page.goto("/contato", early);
    const form = page.getByRole("form", { name: "Envie uma mensagem" });
    await form.getByLabel("Nome").fill("Carlos");
    await form.getByLabel("E-mail").fill("carlos@condominio.com.br");
    await form.getByLabel("Assunto").selectOption({ label: "Suporte" });
    await form.getByLabel("Mensagem").fill("Preciso de ajuda");
    await form.getByRole("button", { name: "Enviar pelo WhatsApp" }).click();
    await expect.poll(() => openedUrls(page)).toHaveLength(1);
    const url = new URL((await openedUrls(page))[0] ?? "");
    expect(`${url.origin}${url.pathname}`).toBe(WHATSAPP_CHAT);
    expect(url.searchParams.get("text")).toContain("Nome: Carlos");
    expect(url.searchParams.get("text")).toContain("Mensagem: Preciso de ajuda");
  });

  test("careers: 'Candidatar-se' opens the form, which opens the e-mail draft", async ({ page }) => {
    await captureWindowOpen(page);
    await page.goto("/carreiras", early);
    await page.getByText("Candidatar-se", { exact: true }).click();
    const form = page.getByRole("form", { name: "Formulário de candidatura" });
    await expect(form).toBeVisible();
    await form.getByLabel("Nome completo").fill("Ana");
    await form.getByLabel("E-mail").fill("ana@example.com");
    await form.getByLabel("Setor de interesse").selectOption("seguranca");
    await form.getByLabel("Nível de experiência").selectOption("pleno");
    await form.getByLabel("Mensagem").fill("Olá");
    await form.getByRole("button", { name: "Enviar candidatura" }).click();
    await expect.poll(() => openedUrls(page)).toHaveLength(1);
    expect((await openedUrls(page))[0]).toMatch(new RegExp(`^mailto:${COMPANY.email}\\?subject=Candidatura`));
    await expect(form).toBeHidden();
  });
});

test.describe("content-only pages ship at most 50 KB of JavaScript", () => {
  for (const path of STATIC_PUBLIC_PATHS) {
    test(`${path}: JavaScript transferred, gzipped, within the budget and no React`, async ({ page }) => {
      const scripts: { url: string; bytes: number }[] = [];
      page.on("requestfinished", async (request) => {
        if (request.resourceType() !== "script") return;
        const sizes = await request.sizes();
        scripts.push({
          url: new URL(request.url()).pathname,
          bytes: sizes.responseBodySize + sizes.responseHeadersSize,
        });
      });
      await page.goto(path, { waitUntil: "load" });
      await page.waitForLoadState("networkidle");
      // Inline scripts travel inside the HTML: count them as if each were its own gzipped file.
      const inline = await page.evaluate(() =>
        [...document.querySelectorAll("script:not([src])")]
          .filter((s) => !s.getAttribute("type") || s.getAttribute("type") === "module")
          .map((s) => s.textContent ?? ""),
      );
      const inlineBytes = inline.reduce((sum, body) => sum + gzipSync(body).length, 0);
      const external = scripts.reduce((sum, s) => sum + s.bytes, 0);
      test.info().annotations.push({ type: "js-bytes", description: `${path}: ${external} + ${inlineBytes} inline` });
      expect(external + inlineBytes, JSON.stringify(scripts)).toBeLessThanOrEqual(JS_BUDGET_BYTES);
      expect(scripts.map((s) => s.url)).toEqual([expect.stringMatching(/^\/assets\/site-[\w-]+\.js$/)]);
      expect(await page.evaluate(() => "__reactRouterContext" in window)).toBe(false);
    });
  }
});

test.describe("without JavaScript", () => {
  async function noScriptPage(browser: Browser, viewport = { width: 1280, height: 800 }) {
    const context = await browser.newContext({ javaScriptEnabled: false, viewport, locale: "pt-BR" });
    return { context, page: await context.newPage() };
  }

  test("checkout: the links change the plan, the cycle and the summary", async ({ browser }) => {
    const { context, page } = await noScriptPage(browser);
    await page.goto("/checkout?plan=essencial&billing=yearly");
    await expect(total(page)).toHaveText("R$ 359,00");
    await planLink(page, /Avançado/).click();
    await expect(page).toHaveURL(/plan=avancado&billing=yearly$/);
    await expect(total(page)).toHaveText("R$ 1.149,00");
    await expect(planLink(page, /Avançado/)).toHaveAttribute("aria-current", "true");
    await billingLink(page, /Mensal/).click();
    await expect(page).toHaveURL(/plan=avancado&billing=monthly$/);
    await expect(total(page)).toHaveText("R$ 1.290,00");
    await planLink(page, /Personalizado/).click();
    await expect(total(page)).toHaveText("Sob consulta");
    await context.close();
  });

  test("landing: FAQ, billing radios, video link and the 360 px menu", async ({ browser }) => {
    const { context, page } = await noScriptPage(browser, { width: 360, height: 740 });
    await page.goto("/");
    await faqQuestion(page, /porteiro humano/).click();
    await expect(page.getByText(/só libera o acesso com a autorização do morador/)).toBeVisible();

    await page.getByRole("radio", { name: /Mensal/ }).check();
    await expect(page.getByRole("link", { name: "Escolher Avançado" })).toHaveAttribute(
      "href",
      "/checkout?plan=avancado&billing=monthly",
    );
    await expect(page.getByRole("link", { name: /Assistir à demonstração/ })).toHaveAttribute(
      "href",
      COMPANY.demoVideoEmbedUrl,
    );
    // A theme cannot be stored without a script, so its menu is not offered.
    await expect(page.getByLabel("Alternar tema")).toBeHidden();

    await page.getByLabel("Abrir menu").click();
    const menu = page.getByRole("region", { name: "Menu" });
    await expect(menu.getByRole("link", { name: "Entrar" })).toHaveAttribute("href", "/login");
    await menu.getByRole("link", { name: "Planos" }).click();
    await expect(page).toHaveURL(/#planos$/);
    await context.close();
  });

  test("contact form goes to WhatsApp with the message", async ({ browser }) => {
    const { context, page } = await noScriptPage(browser);
    await context.route(/^https:\/\/wa\.me\//, (route) =>
      route.fulfill({ status: 200, contentType: "text/html", body: "<!doctype html><title>WhatsApp</title>" }),
    );
    await page.goto("/contato");
    const form = page.getByRole("form", { name: "Envie uma mensagem" });
    await form.getByLabel("Nome").fill("Carlos");
    await form.getByLabel("E-mail").fill("carlos@condominio.com.br");
    await form.getByLabel("Assunto").selectOption({ label: "Suporte" });
    await form.getByLabel("Mensagem").fill("Preciso de ajuda");
    // The form's target is a new tab, as with the script.
    const [chat] = await Promise.all([
      context.waitForEvent("page"),
      form.getByRole("button", { name: "Enviar pelo WhatsApp" }).click(),
    ]);
    await chat.waitForURL(/^https:\/\/wa\.me\//);
    const chats = [chat.url()];
    expect(`${new URL(chats[0] ?? "").origin}${new URL(chats[0] ?? "").pathname}`).toBe(WHATSAPP_CHAT);
    expect(new URL(chats[0] ?? "").searchParams.get("text")).toBe("Preciso de ajuda");
    await context.close();
  });

  test("careers: 'Candidatar-se' opens a form addressed to the company's e-mail", async ({ browser }) => {
    const { context, page } = await noScriptPage(browser);
    await page.goto("/carreiras");
    await page.getByText("Candidatar-se", { exact: true }).click();
    const form = page.getByRole("form", { name: "Formulário de candidatura" });
    await expect(form).toBeVisible();
    await expect(form).toHaveAttribute("action", `mailto:${COMPANY.email}`);
    await expect(form).toHaveAttribute("method", "post");
    await expect(form).toHaveAttribute("enctype", "text/plain");
    await expect(form.getByLabel("Currículo (PDF)")).toBeVisible();
    await context.close();
  });
});
