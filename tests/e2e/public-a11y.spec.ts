/**
 * Zero axe-core violations (WCAG 2.0/2.1, levels A and AA) on every public page, in the light and
 * the dark theme (docs/decisions/008-public-site-performance.md). The theme is stored before the page loads, the way
 * next-themes finds it on a returning visitor's device; the page is checked once hydrated (or, without React, enhanced).
 */

import AxeBuilder from "@axe-core/playwright";
import type { Page } from "@playwright/test";
import { describeViolations } from "./axe";
import { expect, test } from "./fixtures";

const PAGES = [
  "/",
  "/checkout",
  "/create-account?email=a@b.co&nome=Ana",
  "/login",
  "/privacidade",
  "/termos",
  "/lgpd",
  "/seguranca",
  "/sobre",
  "/carreiras",
  "/contato",
  "/pagina-que-nao-existe",
];
const THEMES = ["light", "dark"] as const;

async function openInTheme(page: Page, url: string, theme: (typeof THEMES)[number]) {
  await page.addInitScript((value) => window.localStorage.setItem("theme", value), theme);
  await page.goto(url);
  // Content-only pages have no React: their enhancement script marks <html data-enhanced> instead.
  await expect(page.locator("html[data-hydrated], html[data-enhanced]")).toBeAttached();
  await expect(page.locator("html")).toHaveClass(new RegExp(`\\b${theme}\\b`));
  // The sign-in card shows its form once the (absent) session has been checked.
  if (url === "/login") await expect(page.getByLabel("E-mail")).toBeVisible();
  // Without a checkout in this browser, the page settles on "Conclua o checkout" and its link.
  if (url.startsWith("/create-account"))
    await expect(page.getByRole("link", { name: "Ir para o checkout" })).toBeVisible();
}

const NOT_FOUND = "/pagina-que-nao-existe";

for (const theme of THEMES) {
  test.describe(`${theme} theme`, () => {
    for (const url of PAGES) {
      test.describe(url, () => {
        // The not-found document itself answers 404, which Chromium reports as a console error.
        if (url === NOT_FOUND) test.use({ allowedConsoleErrors: [/status of 404/] });
        // So does /api/checkout/atual in a browser without a checkout.
        if (url.startsWith("/create-account")) test.use({ allowedConsoleErrors: [/status of 404/] });

        test("has no axe violations", async ({ page }) => {
          await openInTheme(page, url, theme);
          const results = await new AxeBuilder({ page })
            .withTags(["wcag2a", "wcag2aa", "wcag21a", "wcag21aa"])
            .analyze();
          expect(describeViolations(results.violations)).toEqual([]);
        });
      });
    }
  });
}
