import type { Locator, Page } from "@playwright/test";
import { expect, openUserMenu, test } from "./fixtures";
import { holdChunk, RADIX_CHUNK, watchScripts } from "./radix-chunks";

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

/**
 * Radix on first use (docs/decisions/026): the first screen downloads none of Radix's popup code;
 * each trigger downloads it on hover, focus or press, and a press made before it arrives is replayed
 * (here the chunk is held back until the press has been made).
 */
test.describe("popups load Radix on first use", () => {
  const userMenu = (page: Page) => page.getByRole("button", { name: "Menu do usuário" });
  const themeMenu = (page: Page) => page.getByRole("button", { name: "Alternar tema" });
  const bell = (page: Page) => page.getByRole("button", { name: "Notificações" });
  const bellPanel = (page: Page) => page.getByRole("dialog", { name: "Solicitações pendentes" });
  const hasFocusInside = (locator: Locator) => locator.evaluate((node) => node.contains(document.activeElement));

  async function dashboard(page: Page) {
    await page.goto("/app/dashboard");
    await expect(page.getByRole("heading", { level: 1, name: "Dashboard" })).toBeVisible();
  }

  test("the dashboard downloads none of it; hovering the user menu does", async ({ page }) => {
    const scripts = watchScripts(page);
    await dashboard(page);
    await expect(page.locator('[data-slot="skeleton"]')).toHaveCount(0);
    // Closed triggers carry what Radix's closed triggers carry.
    await expect(userMenu(page)).toHaveAttribute("aria-haspopup", "menu");
    await expect(userMenu(page)).toHaveAttribute("aria-expanded", "false");
    await expect(userMenu(page)).toHaveAttribute("data-state", "closed");
    await expect(userMenu(page)).toHaveAttribute("id", /.+/);
    await expect(bell(page)).toHaveAttribute("aria-haspopup", "dialog");
    await expect(bell(page)).toHaveAttribute("aria-expanded", "false");
    await page.waitForTimeout(1000);
    expect(await scripts.radix()).toEqual([]);

    const id = await userMenu(page).getAttribute("id");
    await userMenu(page).hover();
    await expect.poll(async () => (await scripts.radix()).length).toBeGreaterThan(0);
    // The Radix trigger that replaced the stand-in keeps its id, which labels the menu.
    await expect(userMenu(page)).toHaveAttribute("id", id!);
    await userMenu(page).click();
    await expect(page.getByRole("menu", { name: "Menu do usuário" })).toBeVisible();
  });

  test("the user menu opens by mouse and keyboard; Esc returns focus to it", async ({ page }) => {
    await dashboard(page);
    await openUserMenu(page);
    const menu = page.getByRole("menu");
    await expect(menu.getByRole("menuitem", { name: "Perfil" })).toBeVisible();
    await page.keyboard.press("Escape");
    await expect(menu).toBeHidden();
    await expect(userMenu(page)).toBeFocused();

    // From the keyboard the first item takes focus; Enter, Space and ArrowDown all open it.
    for (const key of ["Enter", "Space", "ArrowDown"]) {
      await page.keyboard.press(key);
      await expect(menu.getByRole("menuitem", { name: "Perfil" })).toBeFocused();
      await expect(userMenu(page)).toHaveAttribute("aria-expanded", "true");
      await page.keyboard.press("Escape");
      await expect(userMenu(page)).toBeFocused();
      await expect(userMenu(page)).toHaveAttribute("aria-expanded", "false");
    }
  });

  test("a click on the user menu before its code arrives opens it once it does", async ({ page }) => {
    const chunk = await holdChunk(page, RADIX_CHUNK.menu);
    try {
      await dashboard(page);
      await userMenu(page).click();
      await chunk.requested;
      await expect(page.getByRole("menu")).toHaveCount(0);
      await expect(userMenu(page)).toHaveAttribute("aria-expanded", "false");
    } finally {
      chunk.release();
    }
    await expect(page.getByRole("menu").getByRole("menuitem", { name: "Perfil" })).toBeVisible();
    await expect(userMenu(page)).toHaveAttribute("aria-expanded", "true");
    await page.getByRole("menuitem", { name: "Perfil" }).click();
    await expect(page).toHaveURL(/\/app\/perfil$/);
  });

  test("Enter on the user menu before its code arrives opens it with the first item focused", async ({ page }) => {
    const chunk = await holdChunk(page, RADIX_CHUNK.menu);
    try {
      await dashboard(page);
      await userMenu(page).focus();
      await page.keyboard.press("Enter");
      await chunk.requested;
      await expect(page.getByRole("menu")).toHaveCount(0);
      await expect(userMenu(page)).toBeFocused();
    } finally {
      chunk.release();
    }
    await expect(page.getByRole("menuitem", { name: "Perfil" })).toBeFocused();
    await page.keyboard.press("Escape");
    await expect(page.getByRole("menu")).toBeHidden();
    await expect(userMenu(page)).toBeFocused();
  });

  test("focus on the user menu's trigger stays on it when its code arrives", async ({ page }) => {
    const chunk = await holdChunk(page, RADIX_CHUNK.menu);
    let arrived: Promise<unknown> = Promise.resolve();
    try {
      await dashboard(page);
      await userMenu(page).focus();
      await chunk.requested;
      arrived = page.waitForResponse((response) => RADIX_CHUNK.menu.test(new URL(response.url()).pathname));
    } finally {
      chunk.release();
    }
    // Radix's trigger replaced the stand-in, and has the focus.
    await arrived;
    await page.waitForTimeout(300);
    await expect(userMenu(page)).toBeFocused();
    await page.keyboard.press("ArrowDown");
    await expect(page.getByRole("menuitem", { name: "Perfil" })).toBeFocused();
  });

  test("a press before the code arrives is dropped by a click elsewhere", async ({ page }) => {
    const chunk = await holdChunk(page, RADIX_CHUNK.menu);
    try {
      await dashboard(page);
      await userMenu(page).click();
      await chunk.requested;
      await page.getByRole("heading", { level: 1, name: "Dashboard" }).click();
    } finally {
      chunk.release();
    }
    // The code arrived (hovering now opens nothing by itself), and the menu stayed closed.
    await expect(userMenu(page)).toHaveAttribute("aria-expanded", "false");
    await page.waitForTimeout(500);
    await expect(page.getByRole("menu")).toHaveCount(0);
    await userMenu(page).click();
    await expect(page.getByRole("menu")).toBeVisible();
  });

  test("the theme menu opens from the keyboard, first choice focused, and back", async ({ page }) => {
    await dashboard(page);
    await themeMenu(page).focus();
    await page.keyboard.press("ArrowDown");
    await expect(page.getByRole("menuitemradio", { name: "Claro" })).toBeFocused();
    await page.keyboard.press("ArrowDown");
    await expect(page.getByRole("menuitemradio", { name: "Escuro" })).toBeFocused();
    await page.keyboard.press("Enter");
    await expect(page.locator("html")).toHaveClass(/\bdark\b/);
    await expect(themeMenu(page)).toBeFocused();
  });

  test("a click on the theme menu before its code arrives opens it once it does", async ({ page }) => {
    const chunk = await holdChunk(page, RADIX_CHUNK.menu);
    try {
      await dashboard(page);
      await themeMenu(page).click();
      await chunk.requested;
    } finally {
      chunk.release();
    }
    await page.getByRole("menuitemradio", { name: "Escuro" }).click();
    await expect(page.locator("html")).toHaveClass(/\bdark\b/);
  });

  test("the bell's panel opens by mouse and keyboard; Esc returns focus to the bell", async ({ page }) => {
    await dashboard(page);
    await bell(page).click();
    await expect(bellPanel(page)).toBeVisible();
    await expect(bellPanel(page).getByRole("link", { name: "Ver todas as pendentes" })).toBeVisible();
    await page.keyboard.press("Escape");
    await expect(bellPanel(page)).toBeHidden();
    await expect(bell(page)).toBeFocused();

    for (const key of ["Enter", "Space"]) {
      await page.keyboard.press(key);
      await expect(bellPanel(page)).toBeVisible();
      await expect(bell(page)).toHaveAttribute("aria-expanded", "true");
      expect(await hasFocusInside(bellPanel(page))).toBe(true);
      await page.keyboard.press("Escape");
      await expect(bellPanel(page)).toBeHidden();
      await expect(bell(page)).toBeFocused();
    }
  });

  test("a click on the bell before its code arrives opens the panel once it does", async ({ page }) => {
    const chunk = await holdChunk(page, RADIX_CHUNK.popover);
    try {
      await dashboard(page);
      await bell(page).click();
      await chunk.requested;
      await expect(bellPanel(page)).toHaveCount(0);
    } finally {
      chunk.release();
    }
    await expect(bellPanel(page)).toBeVisible();
    await page.keyboard.press("Escape");
    await expect(bell(page)).toBeFocused();
  });

  test("code arriving in the middle of a press on the bell: the press's click still opens it", async ({ page }) => {
    const chunk = await holdChunk(page, RADIX_CHUNK.popover);
    let arrived: Promise<unknown> = Promise.resolve();
    try {
      await dashboard(page);
      await bell(page).hover();
      await chunk.requested;
      await page.mouse.down();
      arrived = page.waitForResponse((response) => RADIX_CHUNK.popover.test(new URL(response.url()).pathname));
    } finally {
      chunk.release();
    }
    await arrived;
    await page.waitForTimeout(300);
    await page.mouse.up();
    await expect(bellPanel(page)).toBeVisible();
  });

  test("Space on the bell before its code arrives opens the panel once it does", async ({ page }) => {
    const chunk = await holdChunk(page, RADIX_CHUNK.popover);
    try {
      await dashboard(page);
      await bell(page).focus();
      await page.keyboard.press("Space");
      await chunk.requested;
    } finally {
      chunk.release();
    }
    await expect(bellPanel(page)).toBeVisible();
    expect(await hasFocusInside(bellPanel(page))).toBe(true);
  });

  test.describe("collapsed sidebar", () => {
    const pessoas = (page: Page) =>
      page.getByRole("navigation", { name: "Menu principal" }).getByRole("link", { name: "Pessoas" });
    const tooltip = (page: Page) => page.getByRole("tooltip", { name: "Pessoas" });

    test("expanded, its labels need no tooltip code; collapsed, hover and focus show them", async ({ page }) => {
      const tooltipRequests: string[] = [];
      page.on("request", (request) => {
        if (RADIX_CHUNK.tooltip.test(new URL(request.url()).pathname)) tooltipRequests.push(request.url());
      });
      await dashboard(page);
      await pessoas(page).hover();
      await pessoas(page).focus();
      await page.waitForTimeout(500);
      expect(tooltipRequests).toEqual([]);
      await expect(tooltip(page)).toHaveCount(0);

      await page.getByRole("button", { name: "Alternar barra lateral" }).click();
      await expect(page.locator('[data-slot="sidebar"][data-state]')).toHaveAttribute("data-state", "collapsed");
      await pessoas(page).hover();
      await expect(tooltip(page)).toBeVisible();
      await expect(pessoas(page)).toHaveAttribute("aria-describedby", /.+/);
      await page.mouse.move(600, 400, { steps: 5 });
      await expect(tooltip(page)).toHaveCount(0);

      // From the keyboard: focus shows it, Esc hides it.
      await page.getByRole("navigation", { name: "Menu principal" }).getByRole("link", { name: "Unidades" }).focus();
      await expect(page.getByRole("tooltip", { name: "Unidades" })).toBeVisible();
      await page.keyboard.press("Escape");
      await expect(page.getByRole("tooltip", { name: "Unidades" })).toHaveCount(0);
    });

    test("a pointer resting on a label before the code arrives shows its tooltip once it does", async ({ page }) => {
      await dashboard(page);
      await page.getByRole("button", { name: "Alternar barra lateral" }).click();
      await expect(page.locator('[data-slot="sidebar"][data-state]')).toHaveAttribute("data-state", "collapsed");
      const chunk = await holdChunk(page, RADIX_CHUNK.tooltip);
      try {
        await pessoas(page).hover();
        await chunk.requested;
        await expect(tooltip(page)).toHaveCount(0);
      } finally {
        chunk.release();
      }
      await expect(tooltip(page)).toBeVisible();
      // Leaving the label hides it, though the label appeared under a still pointer.
      await page.mouse.move(600, 400, { steps: 5 });
      await expect(tooltip(page)).toHaveCount(0);
      // The link still works after the swap.
      await pessoas(page).click();
      await expect(page).toHaveURL(/\/app\/pessoas$/);
    });

    test("a label focused from the keyboard before the code arrives shows its tooltip once it does", async ({
      page,
    }) => {
      await dashboard(page);
      await page.getByRole("button", { name: "Alternar barra lateral" }).click();
      const chunk = await holdChunk(page, RADIX_CHUNK.tooltip);
      try {
        await pessoas(page).focus();
        await chunk.requested;
        await expect(tooltip(page)).toHaveCount(0);
      } finally {
        chunk.release();
      }
      await expect(tooltip(page)).toBeVisible();
      // The link that replaced the stand-in has the focus, and Enter follows it.
      await expect(pessoas(page)).toBeFocused();
      await page.keyboard.press("Enter");
      await expect(page).toHaveURL(/\/app\/pessoas$/);
    });

    test("a click on a label before the code arrives still follows the link", async ({ page }) => {
      await dashboard(page);
      await page.getByRole("button", { name: "Alternar barra lateral" }).click();
      const chunk = await holdChunk(page, RADIX_CHUNK.tooltip);
      try {
        await pessoas(page).click();
        await chunk.requested;
        await expect(page).toHaveURL(/\/app\/pessoas$/);
      } finally {
        chunk.release();
      }
      await expect(pessoas(page)).toHaveAttribute("aria-current", "page");
    });

    test("code arriving in the middle of a press on a label: its click still follows the link", async ({ page }) => {
      await dashboard(page);
      await page.getByRole("button", { name: "Alternar barra lateral" }).click();
      const chunk = await holdChunk(page, RADIX_CHUNK.tooltip);
      let arrived: Promise<unknown> = Promise.resolve();
      try {
        await pessoas(page).hover();
        await chunk.requested;
        await page.mouse.down();
        arrived = page.waitForResponse((response) => RADIX_CHUNK.tooltip.test(new URL(response.url()).pathname));
      } finally {
        chunk.release();
      }
      await arrived;
      await page.waitForTimeout(300);
      await page.mouse.up();
      await expect(page).toHaveURL(/\/app\/pessoas$/);
    });
  });

  test.describe("on a 360 px phone", () => {
    test.use({ viewport: { width: 360, height: 740 } });
    // By its slot: while the modal sheet is open the rest of the page is hidden from the tree.
    const toggle = (page: Page) => page.locator('[data-slot="sidebar-trigger"]');

    test("the menu sheet opens from the keyboard, takes focus, and gives it back on Esc", async ({ page }) => {
      await dashboard(page);
      await toggle(page).focus();
      await page.keyboard.press("Enter");
      const sheet = page.getByRole("dialog", { name: "Menu de navegação" });
      await expect(sheet).toBeVisible();
      await expect(toggle(page)).toHaveAttribute("aria-expanded", "true");
      expect(await hasFocusInside(sheet)).toBe(true);
      await page.keyboard.press("Escape");
      await expect(sheet).toBeHidden();
      await expect(toggle(page)).toBeFocused();
      await expect(toggle(page)).toHaveAttribute("aria-expanded", "false");
    });

    test("a tap on the menu before the sheet's code arrives opens it once it does", async ({ page }) => {
      const chunk = await holdChunk(page, RADIX_CHUNK.dialog);
      try {
        await dashboard(page);
        await toggle(page).click();
        await chunk.requested;
        await expect(page.getByRole("dialog")).toHaveCount(0);
      } finally {
        chunk.release();
      }
      const sheet = page.getByRole("dialog", { name: "Menu de navegação" });
      await expect(sheet).toBeVisible();
      await sheet.getByRole("link", { name: "Pessoas" }).click();
      await expect(page).toHaveURL(/\/app\/pessoas$/);
      await expect(sheet).toBeHidden();
    });

    test("the search opens from its button by mouse and keyboard, focused in its box", async ({ page }) => {
      await dashboard(page);
      const open = page.getByRole("button", { name: "Abrir busca" });
      const box = page.getByRole("combobox", { name: "Buscar", exact: true });
      await open.click();
      await expect(box).toBeFocused();
      await page.keyboard.press("Escape");
      await expect(box).toBeHidden();
      await expect(open).toBeFocused();
      await page.keyboard.press("Enter");
      await expect(box).toBeFocused();
    });

    test("a tap on the search before its code arrives opens it once it does", async ({ page }) => {
      const chunk = await holdChunk(page, RADIX_CHUNK.popover);
      try {
        await dashboard(page);
        await page.getByRole("button", { name: "Abrir busca" }).click();
        await chunk.requested;
      } finally {
        chunk.release();
      }
      const box = page.getByRole("combobox", { name: "Buscar", exact: true });
      await expect(box).toBeFocused();
      await box.fill("rafael costa");
      await expect(page.getByRole("option", { name: /Rafael Costa/ })).toBeVisible();
    });
  });
});
