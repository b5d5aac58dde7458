/**
 * Phones (docs/product.md, "Telefones"): a síndico types a phone the way Brazilians do in "Nova Pessoa",
 * sees the mask as they type, saves, and sees it masked in the list, the detail and the edit form while
 * the API holds E.164. Junk is refused on the field. The other console phone fields mask the same way,
 * and the form has no axe violations in either theme.
 */
import AxeBuilder from "@axe-core/playwright";
import type { Locator, Page } from "@playwright/test";
import { describeViolations } from "./axe";
import { expect, test } from "./fixtures";

const rand = () => Math.random().toString(36).slice(2, 8);
const DEMO_CONDO = "Residencial Jardim das Acácias";
const INVALID = "Telefone inválido. Ex.: (11) 98765-4321";

test.beforeEach(async ({ loginAs }) => {
  await loginAs("sindico");
});

async function choose(page: Page, combobox: string, option: string) {
  await page.getByRole("combobox", { name: combobox, exact: true }).click();
  await page.getByRole("option", { name: option, exact: true }).click();
}

/** The value a detail screen's data list shows for `label`. */
const shown = (page: Page, label: string) =>
  page
    .getByRole("term")
    .filter({ hasText: new RegExp(`^${label}$`) })
    .locator("xpath=following-sibling::dd");

async function expectPhoneInput(input: Locator) {
  await expect(input).toHaveAttribute("type", "tel");
  await expect(input).toHaveAttribute("inputmode", "tel");
  await expect(input).toHaveAttribute("autocomplete", "tel");
}

async function expectNoAxeViolations(page: Page) {
  const results = await new AxeBuilder({ page }).analyze();
  expect(describeViolations(results.violations)).toEqual([]);
}

test("Nova Pessoa takes '(11) 98765-4321' masked as typed, stores E.164 and shows it masked", async ({ page }) => {
  const nome = `Pessoa Telefone ${rand()}`;
  await page.goto("/app/pessoas/nova");
  await choose(page, "Condomínio", DEMO_CONDO);
  await page.getByLabel("Nome completo").fill(nome);
  const telefone = page.getByLabel("Telefone");
  await expectPhoneInput(telefone);
  await expect(telefone).toHaveAttribute("placeholder", "(11) 98765-4321");

  // Junk is refused on the field, and nothing is saved.
  await telefone.pressSequentially("(11) 123");
  await expect(telefone).toHaveValue("(11) 123");
  await page.getByRole("button", { name: "Criar Pessoa" }).click();
  await expect(page.locator("#telefone_e164-error")).toHaveText(INVALID);
  await expect(telefone).toHaveAttribute("aria-invalid", "true");
  await expect(telefone).toHaveAccessibleDescription(new RegExp(INVALID.replace(/[().]/g, "\\$&")));
  await expect(page).toHaveURL(/\/app\/pessoas\/nova$/);

  // Typed the way Brazilians type it: the mask follows every keystroke.
  await telefone.clear();
  await telefone.pressSequentially("(11) 9");
  await expect(telefone).toHaveValue("(11) 9");
  await telefone.pressSequentially("8765");
  await expect(telefone).toHaveValue("(11) 9876-5");
  await telefone.pressSequentially("-4321");
  await expect(telefone).toHaveValue("(11) 98765-4321");

  await page.getByRole("button", { name: "Criar Pessoa" }).click();
  await expect(page.getByText("Pessoa criada!")).toBeVisible();
  await expect(page).toHaveURL(/\/app\/pessoas$/);

  // The list and the detail show it masked; the API holds E.164.
  await page.goto(`/app/pessoas?q=${encodeURIComponent(nome)}`);
  const card = page.locator("[data-pessoa-id]", { hasText: nome });
  await expect(card.getByText("(11) 98765-4321")).toBeVisible();
  const id = await card.getAttribute("data-pessoa-id");
  const api = await (await page.context().request.get(`/api/pessoas/${id}`)).json();
  expect(api.telefone_e164).toBe("+5511987654321");

  await card.getByRole("link", { name: `Ver ${nome}` }).click();
  await expect(page.getByRole("heading", { name: nome })).toBeVisible();
  await expect(shown(page, "Telefone")).toHaveText("(11) 98765-4321");
  await expect(shown(page, "Telefone").getByRole("link")).toHaveAttribute("href", "tel:+5511987654321");

  // The edit form shows the stored number masked, and keeps it when saved untouched.
  await page.getByRole("link", { name: "Editar", exact: true }).click();
  await expect(page.getByLabel("Telefone")).toHaveValue("(11) 98765-4321");
  await page.getByRole("button", { name: "Salvar alterações" }).click();
  await expect(page.getByText("Pessoa atualizada!")).toBeVisible();
  expect((await (await page.context().request.get(`/api/pessoas/${id}`)).json()).telefone_e164).toBe("+5511987654321");
});

test("the visitor phone of a new request and of a new pass is masked the same way", async ({ page }) => {
  await page.goto("/app/solicitacoes/nova");
  const solicitacao = page.getByLabel("Telefone");
  await expectPhoneInput(solicitacao);
  await solicitacao.pressSequentially("11987654321");
  await expect(solicitacao).toHaveValue("(11) 98765-4321");
  await solicitacao.clear();
  await solicitacao.pressSequentially("+5521922223333");
  await expect(solicitacao).toHaveValue("+55 (21) 92222-3333");

  await page.goto("/app/passes/novo");
  const passe = page.getByLabel("Telefone");
  await expectPhoneInput(passe);
  await passe.pressSequentially("1140028922");
  await expect(passe).toHaveValue("(11) 4002-8922");
});

test("the public contact form masks its phone as typed", async ({ page }) => {
  await page.goto("/contato");
  await expect(page.locator("html")).toHaveAttribute("data-enhanced", "");
  const telefone = page.getByRole("form", { name: "Envie uma mensagem" }).getByLabel("Telefone");
  await telefone.pressSequentially("21977776666");
  await expect(telefone).toHaveValue("(21) 97777-6666");
});

for (const theme of ["light", "dark"] as const) {
  test(`Nova Pessoa with a phone typed and a phone refused has no axe violations (${theme} theme)`, async ({
    page,
  }) => {
    await page.addInitScript((value) => window.localStorage.setItem("theme", value), theme);
    await page.goto("/app/pessoas/nova");
    await expect(page.locator("html")).toHaveClass(new RegExp(`\\b${theme}\\b`));
    const telefone = page.getByLabel("Telefone");
    await telefone.pressSequentially("11987654321");
    await expect(telefone).toHaveValue("(11) 98765-4321");
    await expectNoAxeViolations(page);

    await telefone.clear();
    await telefone.pressSequentially("abc 123");
    await page.getByRole("button", { name: "Criar Pessoa" }).click();
    await expect(page.locator("#telefone_e164-error")).toHaveText(INVALID);
    await expectNoAxeViolations(page);
  });
}
