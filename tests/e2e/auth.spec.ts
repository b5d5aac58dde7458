import { DEMO, expect, openUserMenu, test } from "./fixtures";
import { holdChunk, RADIX_CHUNK, watchScripts } from "./radix-chunks";

test.describe("sign-in", () => {
  test("signs in with the demo síndico and lands on the dashboard", async ({ page }) => {
    await page.goto("/login");
    await expect(page.getByRole("heading", { name: "Entrar na sua conta" })).toBeVisible();
    await expect(page.getByText("Acesse o sistema com suas credenciais")).toBeVisible();
    await expect(page.getByText("Sistema seguro e confiável para gestão de portaria")).toBeVisible();

    await page.getByLabel("E-mail").fill(DEMO.sindico.email);
    await page.getByLabel("Senha", { exact: true }).fill(DEMO.sindico.password);
    await page.getByRole("button", { name: "Entrar" }).click();

    await expect(page.getByText("Login realizado com sucesso!")).toBeVisible();
    await expect(page.getByText("Redirecionando para o dashboard...")).toBeVisible();
    await expect(page).toHaveURL(/\/app\/dashboard$/);
    await expect(page.getByRole("heading", { level: 1, name: "Dashboard" })).toBeVisible();

    await openUserMenu(page);
    await expect(page.getByText("Minha Conta")).toBeVisible();
    await expect(page.getByRole("menu").getByText(DEMO.sindico.name)).toBeVisible();
    await expect(page.getByRole("menu").getByText(DEMO.sindico.email)).toBeVisible();
  });

  test("the first console screen (sign-in and dashboard) downloads none of Radix's popup code", async ({ page }) => {
    const scripts = watchScripts(page);
    await page.goto("/login");
    await page.getByLabel("E-mail").fill(DEMO.sindico.email);
    await page.getByLabel("Senha", { exact: true }).fill(DEMO.sindico.password);
    await page.getByRole("button", { name: "Entrar" }).click();
    await expect(page.getByRole("heading", { level: 1, name: "Dashboard" })).toBeVisible();
    await expect(page.locator('[data-slot="skeleton"]')).toHaveCount(0);
    await page.waitForTimeout(1000);
    expect(await scripts.radix()).toEqual([]);
  });

  test.describe(() => {
    test.use({ allowedConsoleErrors: [/status of 401/] });

    test("shows the server's pt-BR message for a wrong password and stays on the page", async ({ page }) => {
      await page.goto("/login");
      await page.getByLabel("E-mail").fill(DEMO.porteiro.email);
      await page.getByLabel("Senha", { exact: true }).fill("senha-errada");
      await page.getByRole("button", { name: "Entrar" }).click();

      await expect(page.getByRole("alert")).toContainText("E-mail ou senha incorretos.");
      await expect(page).toHaveURL(/\/login$/);
      await expect(page.getByRole("button", { name: "Entrar" })).toBeEnabled();
    });
  });

  test("the password toggle shows and hides the password", async ({ page }) => {
    await page.goto("/login");
    const password = page.getByLabel("Senha", { exact: true });
    await password.fill("segredo");
    await expect(password).toHaveAttribute("type", "password");
    await page.getByRole("button", { name: "Mostrar senha" }).click();
    await expect(password).toHaveAttribute("type", "text");
    await page.getByRole("button", { name: "Ocultar senha" }).click();
    await expect(password).toHaveAttribute("type", "password");
  });

  test("a signed-in user who opens /login goes to their home: the síndico's dashboard, the porteiro's Portaria", async ({
    page,
    loginAs,
  }) => {
    await loginAs("sindico");
    await page.goto("/login");
    await expect(page).toHaveURL(/\/app\/dashboard$/);
    await loginAs("porteiro");
    await page.goto("/login");
    await expect(page).toHaveURL(/\/app\/portaria$/);
  });
});

test.describe("protected area", () => {
  test("sends a signed-out visitor to /login, replacing the history entry", async ({ page }) => {
    await page.goto("/");
    await page.goto("/app/pessoas");
    await expect(page).toHaveURL(/\/login$/);
    await page.goBack();
    // The protected URL was replaced, so going back returns to where the visitor came from.
    await expect(page).toHaveURL(/\/$/);
  });

  test("sign-out ends the session on the server", async ({ page, loginAs }) => {
    await loginAs("porteiro");
    await page.goto("/app/dashboard");
    await openUserMenu(page);
    await page.getByRole("menuitem", { name: "Sair" }).click();
    await expect(page).toHaveURL(/\/login$/);

    await page.goto("/app/dashboard");
    await expect(page).toHaveURL(/\/login$/);
    const me = await page.context().request.get("/api/me");
    expect(me.status()).toBe(401);
  });

  test("sign-out from the keyboard, the menu opened before its code arrived", async ({ page, loginAs }) => {
    await loginAs("porteiro");
    const chunk = await holdChunk(page, RADIX_CHUNK.menu);
    try {
      await page.goto("/app/dashboard");
      await page.getByRole("button", { name: "Menu do usuário" }).focus();
      await page.keyboard.press("Enter");
      await chunk.requested;
    } finally {
      chunk.release();
    }
    await expect(page.getByRole("menuitem", { name: "Perfil" })).toBeFocused();
    await page.keyboard.press("End");
    await expect(page.getByRole("menuitem", { name: "Sair" })).toBeFocused();
    await page.keyboard.press("Enter");
    await expect(page).toHaveURL(/\/login$/);
    expect((await page.context().request.get("/api/me")).status()).toBe(401);
  });
});
