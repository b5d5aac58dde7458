/**
 * The origin rule (docs/decisions/010-origin-rule.md): with PUBLIC_URL unset (as the e2e server runs), the
 * app works from any address it is opened on. The suite's baseURL is localhost; this spec opens 127.0.0.1, as
 * a porteiro's tablet opens the machine's address, and signs in through the form.
 */
import { DEMO, expect, openUserMenu, test } from "./fixtures";

test("signs in through the login form at http://127.0.0.1 and signs out", async ({ page, baseURL }) => {
  const address = baseURL!.replace("localhost", "127.0.0.1");
  await page.goto(`${address}/login`);
  await page.getByLabel("E-mail").fill(DEMO.porteiro.email);
  await page.getByLabel("Senha", { exact: true }).fill(DEMO.porteiro.password);
  await page.getByRole("button", { name: "Entrar" }).click();

  await expect(page.getByText("Login realizado com sucesso!")).toBeVisible();
  // A porteiro's home is the gate (docs/product.md, "Addresses").
  await expect(page).toHaveURL(`${address}/app/portaria`);
  await expect(page.getByRole("heading", { level: 1, name: "Portaria" })).toBeVisible();

  await openUserMenu(page);
  await page.getByRole("menuitem", { name: "Sair" }).click();
  await expect(page).toHaveURL(`${address}/login`);
});
