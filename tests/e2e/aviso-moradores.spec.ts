/**
 * How residents are reached (docs/product.md, "Resident link"), set in the registry forms: a condominium's
 * wait for each resident's answer and "avisar todos de uma vez", and a person's preferred channel, with its
 * validation, saved and shown on the detail screens; both forms fit a 360 px phone and pass axe.
 */
import AxeBuilder from "@axe-core/playwright";
import type { Page } from "@playwright/test";
import { describeViolations } from "./axe";
import { expect, test } from "./fixtures";

const rand = () => Math.random().toString(36).slice(2, 8);
const DEMO_CONDO = "Residencial Jardim das Acácias";
const AUTOMATICO = "Automático (WhatsApp ou e-mail)";

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

test("a condominium waits 30 s per resident and reaches all at once; the detail and the edit form show it", async ({
  page,
}) => {
  const nome = `Condomínio Aviso ${rand()}`;
  await page.goto("/app/condominios/novo");
  const group = page.getByRole("group", { name: "Aviso aos moradores" });
  const espera = group.getByLabel("Tempo de espera por morador (segundos)");
  const todos = group.getByRole("switch", { name: "Avisar todos os moradores de uma vez" });
  await expect(espera).toHaveValue("60");
  await expect(espera).toHaveAccessibleDescription(
    "Quanto tempo esperar a resposta de um morador antes do próximo passo: avisar o próximo morador ou, com mensagem e ligação, o outro contato.",
  );
  await expect(todos).not.toBeChecked();
  await expect(todos).toHaveAccessibleDescription("Em vez de um por vez, na ordem de chamada (responsável primeiro).");

  // Out of range: the message is on the field and the field is marked invalid.
  await page.getByLabel("Nome do condomínio").fill(nome);
  await espera.fill("5");
  await page.getByRole("button", { name: "Criar Condomínio" }).click();
  await expect(page.locator("#espera_morador_segundos-error")).toHaveText("Espere ao menos 15 segundos");
  await expect(espera).toHaveAttribute("aria-invalid", "true");
  await espera.fill("4000");
  await page.getByRole("button", { name: "Criar Condomínio" }).click();
  await expect(page.locator("#espera_morador_segundos-error")).toHaveText("Espere no máximo 3600 segundos (1 hora)");

  await espera.fill("30");
  await todos.click();
  await expect(todos).toBeChecked();
  await page.getByRole("button", { name: "Criar Condomínio" }).click();
  await expect(page.getByText("Condomínio criado!")).toBeVisible();
  await expect(page).toHaveURL(/\/app\/condominios$/);

  await page.getByLabel("Buscar condomínios").fill(nome);
  await expect(page.getByTestId("results-count")).toHaveText("1 resultado");
  await page.getByRole("link", { name: nome, exact: true }).click();
  await expect(page.getByRole("heading", { name: nome })).toBeVisible();
  await expect(page.getByRole("heading", { name: "Aviso aos moradores" })).toBeVisible();
  await expect(shown(page, "Tempo de espera por morador")).toHaveText("30 segundos");
  await expect(shown(page, "Ordem do aviso")).toHaveText("Todos os moradores de uma vez");

  // The edit form reopens with the saved values; back to one at a time.
  await page.getByRole("link", { name: "Editar", exact: true }).click();
  await expect(page.getByRole("heading", { name: "Editar Condomínio" })).toBeVisible();
  await expect(espera).toHaveValue("30");
  await expect(todos).toBeChecked();
  await todos.click();
  await page.getByRole("button", { name: "Salvar alterações" }).click();
  await expect(page.getByText("Condomínio atualizado!")).toBeVisible();
  await page.getByLabel("Buscar condomínios").fill(nome);
  await page.getByRole("link", { name: nome, exact: true }).click();
  await expect(shown(page, "Tempo de espera por morador")).toHaveText("30 segundos");
  await expect(shown(page, "Ordem do aviso")).toHaveText("Um por vez, na ordem de chamada (responsável primeiro)");
});

test("a person's preferred channel: E-mail needs an e-mail, SMS a phone; SMS is saved and shown", async ({ page }) => {
  const id = rand();
  const nome = `Pessoa Canal ${id}`;
  await page.goto("/app/pessoas/nova");
  const canal = page.getByRole("combobox", { name: "Canal preferido", exact: true });
  await expect(canal).toHaveText(AUTOMATICO);
  await expect(canal).toHaveAccessibleDescription(
    "Por onde a pessoa recebe o link para autorizar ou negar uma visita. No automático: WhatsApp se houver telefone, senão e-mail.",
  );

  await choose(page, "Condomínio", DEMO_CONDO);
  await page.getByLabel("Nome completo").fill(nome);
  await choose(page, "Canal preferido", "E-mail");
  await page.getByRole("button", { name: "Criar Pessoa" }).click();
  await expect(page.locator("#canal_preferido-error")).toHaveText("Para receber por e-mail, informe o e-mail");
  await expect(canal).toHaveAttribute("aria-invalid", "true");
  await expect(canal).toHaveAccessibleDescription(/Para receber por e-mail, informe o e-mail/);
  await expect(page).toHaveURL(/\/app\/pessoas\/nova$/);

  await choose(page, "Canal preferido", "SMS");
  await page.getByRole("button", { name: "Criar Pessoa" }).click();
  await expect(page.locator("#canal_preferido-error")).toHaveText(
    "Para receber por WhatsApp ou SMS, informe o telefone",
  );

  await page.getByLabel("Telefone").fill("+5511988887777");
  await page.getByRole("button", { name: "Criar Pessoa" }).click();
  await expect(page.getByText("Pessoa criada!")).toBeVisible();
  await expect(page).toHaveURL(/\/app\/pessoas$/);

  await page.goto(`/app/pessoas?q=${encodeURIComponent(nome)}`);
  const card = page.locator("[data-pessoa-id]", { hasText: nome });
  await card.getByRole("link", { name: `Ver ${nome}` }).click();
  await expect(page.getByRole("heading", { name: nome })).toBeVisible();
  await expect(shown(page, "Canal preferido")).toHaveText("SMS");

  // The edit form reopens on SMS; back to "Automático", which the detail explains for this record.
  await page.getByRole("link", { name: "Editar", exact: true }).click();
  await expect(canal).toHaveText("SMS");
  await choose(page, "Canal preferido", AUTOMATICO);
  await page.getByRole("button", { name: "Salvar alterações" }).click();
  await expect(page.getByText("Pessoa atualizada!")).toBeVisible();
  await page.goto(`/app/pessoas?q=${encodeURIComponent(nome)}`);
  await page
    .locator("[data-pessoa-id]", { hasText: nome })
    .getByRole("link", { name: `Ver ${nome}` })
    .click();
  await expect(shown(page, "Canal preferido")).toHaveText("Automático (WhatsApp)");
});

test.describe("on a 360 px phone", () => {
  test.use({ viewport: { width: 360, height: 740 } });

  for (const path of ["/app/condominios/novo", "/app/pessoas/nova"]) {
    test(`${path} fits without horizontal scroll and has no axe violations`, async ({ page }) => {
      await page.goto(path);
      await expect(page.getByRole("button", { name: /^Criar / })).toBeVisible();
      if (path.includes("pessoas")) await expect(page.getByRole("combobox", { name: "Canal preferido" })).toBeVisible();
      else await expect(page.getByRole("group", { name: "Aviso aos moradores" })).toBeVisible();
      const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
      expect(overflow, "horizontal scroll at 360 px").toBeLessThanOrEqual(0);
      const results = await new AxeBuilder({ page }).analyze();
      expect(describeViolations(results.violations)).toEqual([]);
    });
  }
});
