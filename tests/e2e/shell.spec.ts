import { expect, test } from "./fixtures";

test.beforeEach(async ({ loginAs }) => {
  await loginAs("sindico");
});

test.describe("routes", () => {
  test("/app opens the dashboard", async ({ page }) => {
    await page.goto("/app");
    await expect(page).toHaveURL(/\/app\/dashboard$/);
  });

  test("unprefixed console URLs reach the same screens under /app, keeping path and query", async ({ page }) => {
    await page.goto("/solicitacoes/nova?tipo=prestador");
    await expect(page).toHaveURL(/\/app\/solicitacoes\/nova\?tipo=prestador$/);
    await expect(page.getByRole("heading", { level: 1, name: "Nova Solicitação" })).toBeVisible();
  });

  for (const [path, title] of [
    ["/dashboard", "Dashboard"],
    ["/pessoas", "Pessoas"],
    ["/unidades", "Unidades"],
    ["/condominios", "Condomínios"],
    ["/chamadas", "Chamadas"],
  ] as const) {
    test(`${path} opens ${title} under /app`, async ({ page }) => {
      await page.goto(path);
      await expect(page).toHaveURL(new RegExp(`/app${path}$`));
      await expect(page.getByRole("heading", { level: 1, name: new RegExp(title) })).toBeVisible();
    });
  }

  test("the sidebar links to every section and marks only the exact current one", async ({ page }) => {
    await page.goto("/app/solicitacoes");
    const nav = page.getByRole("navigation", { name: "Menu principal" });
    for (const [name, href] of [
      ["Dashboard", "/app/dashboard"],
      ["Solicitações", "/app/solicitacoes"],
      ["Pessoas", "/app/pessoas"],
      ["Unidades", "/app/unidades"],
      ["Condomínios", "/app/condominios"],
      ["Chamadas", "/app/chamadas"],
    ] as const) {
      await expect(nav.getByRole("link", { name })).toHaveAttribute("href", href);
    }
    await expect(nav.getByRole("link", { name: "Solicitações" })).toHaveAttribute("aria-current", "page");
    await page.goto("/app/solicitacoes/nova");
    // Exact match: a sub-page does not light up its section.
    await expect(nav.getByRole("link", { name: "Solicitações" })).not.toHaveAttribute("aria-current", "page");
    await nav.getByRole("link", { name: "Pessoas" }).click();
    await expect(page).toHaveURL(/\/app\/pessoas$/);
    await expect(nav.getByRole("link", { name: "Pessoas" })).toHaveAttribute("aria-current", "page");
  });

  test("the breadcrumb starts at Dashboard and shows each screen's own title", async ({ page }) => {
    await page.goto("/app/solicitacoes/nova");
    const crumbs = page.getByRole("navigation", { name: /breadcrumb|trilha/i });
    await expect(crumbs.getByRole("listitem")).toHaveText(["Dashboard", "Solicitações", "Nova Solicitação"]);
    await expect(crumbs.getByRole("link", { name: "Solicitações" })).toHaveAttribute("href", "/app/solicitacoes");
  });

  test("the header has the search box, the bell and the settings link", async ({ page }) => {
    await page.goto("/app/dashboard");
    await expect(page.getByPlaceholder("Buscar pessoas, solicitações...")).toBeVisible();
    await expect(page.getByRole("button", { name: "Notificações" })).toBeVisible();
    const settings = page.locator("header").getByRole("link", { name: "Configurações" });
    await expect(settings).toHaveAttribute("href", "/app/configuracoes");
    await settings.click();
    await expect(page).toHaveURL(/\/app\/configuracoes\/equipe$/);
  });
});

test.describe("sidebar", () => {
  test("collapses with the trigger and ctrl+B, and remembers it in a 7-day cookie", async ({ page, context }) => {
    await page.goto("/app/dashboard");
    const sidebar = page.locator('[data-slot="sidebar"][data-state]');
    await expect(sidebar).toHaveAttribute("data-state", "expanded");

    await page.getByRole("button", { name: "Alternar barra lateral" }).click();
    await expect(sidebar).toHaveAttribute("data-state", "collapsed");
    const cookie = (await context.cookies()).find((c) => c.name === "sidebar_state");
    expect(cookie?.value).toBe("false");
    // Max-Age 604800 s: the expiry is about seven days from now.
    const days = ((cookie?.expires ?? 0) * 1000 - Date.now()) / 86_400_000;
    expect(days).toBeGreaterThan(6.9);
    expect(days).toBeLessThanOrEqual(7.01);

    await page.reload();
    await expect(sidebar).toHaveAttribute("data-state", "collapsed");

    await page.keyboard.press("Control+b");
    await expect(sidebar).toHaveAttribute("data-state", "expanded");
    expect((await context.cookies()).find((c) => c.name === "sidebar_state")?.value).toBe("true");
  });

  test("on a 360 px phone the menu opens as a sheet", async ({ page }) => {
    await page.setViewportSize({ width: 360, height: 740 });
    await page.goto("/app/dashboard");
    await page.getByRole("button", { name: "Alternar barra lateral" }).click();
    const sheet = page.getByRole("dialog");
    await expect(sheet).toBeVisible();
    await sheet.getByRole("link", { name: "Chamadas" }).click();
    await expect(page).toHaveURL(/\/app\/chamadas$/);
  });
});

test.describe("theme", () => {
  test("the chosen theme persists in localStorage under 'theme'", async ({ page }) => {
    await page.goto("/app/dashboard");
    expect(await page.evaluate(() => localStorage.getItem("theme"))).toBeNull();

    await page.getByRole("button", { name: "Alternar tema" }).click();
    await page
      .getByRole("menuitemradio", { name: "Escuro" })
      .or(page.getByRole("menuitem", { name: "Escuro" }))
      .click();
    await expect(page.locator("html")).toHaveClass(/dark/);
    expect(await page.evaluate(() => localStorage.getItem("theme"))).toBe("dark");

    await page.reload();
    await expect(page.locator("html")).toHaveClass(/dark/);
  });
});
