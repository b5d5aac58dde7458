/**
 * Where a porteiro works (docs/product.md, "Equipe"): the demo síndico invites a new porteiro (the
 * demo porteiro is left alone: other specs sign in as them), assigns them to one condominium in
 * "Configurações → Equipe", and the porteiro's Portaria is that condominium's gate, named, with
 * nothing to choose. The dialog is axe-clean in both themes.
 */
import AxeBuilder from "@axe-core/playwright";
import type { Browser, Page } from "@playwright/test";
import { describeViolations } from "./axe";
import { expect, test } from "./fixtures";
import { linkIn, waitForEmail } from "./mailbox";
import { CHOOSER_HEADING } from "./portaria";

const CONDOMINIO = "Residencial Jardim das Acácias";
const NOME = "Rita Portaria Norte";
const PASSWORD = "portaria-norte-2026";
const TITULO = "Condomínios em que trabalha";

// Toasts of other sessions' changes may appear at any moment: checked at rest, not mid-fade.
test.use({ reducedMotion: "reduce" });

async function invitePorteiro(page: Page, email: string) {
  await page.getByRole("button", { name: "Convidar" }).click();
  const dialog = page.getByRole("dialog", { name: "Convidar para a equipe" });
  await dialog.getByLabel("E-mail").fill(email);
  await dialog.getByRole("combobox", { name: "Papel" }).click();
  await page.getByRole("option", { name: /^Porteiro/ }).click();
  await dialog.getByRole("button", { name: "Enviar convite" }).click();
  await expect(page.getByText(`Convite enviado para ${email}`)).toBeVisible();
  await expect(dialog).toHaveCount(0);
}

/** The new porteiro follows the e-mailed link in a browser of their own and lands signed in. */
async function acceptInvitation(browser: Browser, baseURL: string, email: string): Promise<Page> {
  const link = new URL(linkIn(await waitForEmail(email), "/convite?token="));
  const context = await browser.newContext({ baseURL, locale: "pt-BR", timezoneId: "America/Sao_Paulo" });
  const page = await context.newPage();
  await page.goto(`${link.pathname}${link.search}`);
  await page.getByRole("textbox", { name: "Seu nome" }).fill(NOME);
  await page.getByRole("textbox", { name: "Senha", exact: true }).fill(PASSWORD);
  await page.getByRole("textbox", { name: "Confirmar senha" }).fill(PASSWORD);
  await page.getByRole("button", { name: "Aceitar convite e entrar" }).click();
  await expect(page).toHaveURL(/\/app\/portaria$/);
  return page;
}

async function openCondominiosDialog(page: Page) {
  await page.getByRole("button", { name: `Ações de ${NOME}` }).click();
  await page.getByRole("menuitem", { name: TITULO }).click();
  const dialog = page.getByRole("dialog", { name: TITULO });
  await expect(dialog.getByRole("checkbox", { name: CONDOMINIO })).toBeVisible();
  return dialog;
}

test("a síndico assigns a new porteiro to one condominium: their Portaria is that gate, with nothing to choose", async ({
  page,
  browser,
  baseURL,
  loginAs,
}) => {
  test.slow();
  const email = `porteiro-norte-${Date.now()}-${Math.floor(Math.random() * 1e6)}@equipe.guarita.app`;
  await loginAs("sindico");
  await page.goto("/app/configuracoes/equipe");
  await invitePorteiro(page, email);
  const porteiro = await acceptInvitation(browser, baseURL!, email);
  // Unassigned, they work at every condominium: this new device asks which gate it is.
  await expect(porteiro.getByRole("heading", { name: CHOOSER_HEADING })).toBeVisible();

  // The dialog, in both themes: accessible as it opens.
  for (const theme of ["light", "dark"] as const) {
    await page.addInitScript((value) => window.localStorage.setItem("theme", value), theme);
    await page.goto(`/app/configuracoes/equipe?q=${encodeURIComponent(email)}`);
    await expect(page.locator("html")).toHaveClass(new RegExp(`\\b${theme}\\b`));
    const row = page.getByRole("row").filter({ hasText: email });
    await expect(row).toContainText("Condomínios: Todos");
    const dialog = await openCondominiosDialog(page);
    await expect(dialog.getByRole("radio", { name: "Todos os condomínios" })).toBeChecked();
    await expect(dialog.getByRole("checkbox", { name: CONDOMINIO })).toBeDisabled();
    const axe = await new AxeBuilder({ page }).include('[role="dialog"]').analyze();
    expect(describeViolations(axe.violations), theme).toEqual([]);
    await page.keyboard.press("Escape");
    await expect(dialog).toHaveCount(0);
  }

  const dialog = await openCondominiosDialog(page);
  await dialog.getByRole("radio", { name: "Só os condomínios marcados abaixo" }).check();
  // Nothing ticked is not "Todos": the form says so and saves nothing.
  await dialog.getByRole("button", { name: "Salvar condomínios" }).click();
  await expect(dialog.getByRole("alert")).toHaveText(
    "Marque pelo menos um condomínio ou escolha “Todos os condomínios”.",
  );
  await dialog.getByRole("checkbox", { name: CONDOMINIO }).check();
  await dialog.getByRole("button", { name: "Salvar condomínios" }).click();
  await expect(page.getByText("Condomínios atualizados")).toBeVisible();
  await expect(dialog).toHaveCount(0);
  await expect(page.getByRole("row").filter({ hasText: email })).toContainText(`Condomínios: ${CONDOMINIO}`);

  // The porteiro's next visit: that condominium, named, and no choice to make.
  await porteiro.goto("/app/portaria");
  await expect(porteiro.getByTestId("portaria-condominio")).toContainText(CONDOMINIO);
  await expect(porteiro.getByTestId("validar-passe")).toBeVisible();
  await expect(porteiro.getByRole("heading", { name: CHOOSER_HEADING })).toHaveCount(0);
  await expect(porteiro.getByRole("combobox", { name: "Condomínio da portaria" })).toHaveCount(0);
  const condominios = await (await porteiro.context().request.get("/api/condominios")).json();
  expect(condominios.items.map((c: { nome: string }) => c.nome)).toEqual([CONDOMINIO]);
  await porteiro.context().close();
});
