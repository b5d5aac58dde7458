/**
 * "Importar planilha" (docs/product.md, "Importar planilha"): the síndico downloads the template,
 * uploads a CSV with a bad row and cannot confirm, uploads the fixed file, confirms, and finds the
 * new unit in Unidades. The screen with a preview passes axe in both themes, at desktop size and
 * on a 360 px phone, without horizontal scroll.
 */
import fs from "node:fs";
import AxeBuilder from "@axe-core/playwright";
import type { Page } from "@playwright/test";
import { describeViolations } from "./axe";
import { expect, test } from "./fixtures";

const DEMO_CONDO = "Residencial Jardim das Acácias";
const HEADER = "Torre;Unidade;Ramal;Nome do morador;CPF;Telefone;E-mail;Responsável (sim/não)";
const rand = () => Math.random().toString(36).slice(2, 7).toUpperCase();

/** A valid CPF no other run has used (so a retry is not "already registered"). */
function newCpf(): string {
  const d = Array.from({ length: 9 }, () => Math.floor(Math.random() * 10));
  for (const n of [9, 10]) {
    const sum = d.slice(0, n).reduce((acc, digit, i) => acc + digit * (n + 1 - i), 0);
    const rest = sum % 11;
    d.push(rest < 2 ? 0 : 11 - rest);
  }
  const s = d.join("");
  return `${s.slice(0, 3)}.${s.slice(3, 6)}.${s.slice(6, 9)}-${s.slice(9)}`;
}

/** A CSV as Brazilian Excel saves it: BOM, ";". Line 3 has an invalid CPF unless `fixed`. */
function planilha(id: string, fixed: boolean) {
  const cpf = fixed ? newCpf() : "111.111.111-11";
  const lines = [
    HEADER,
    `Torre ${id};${id}1;;Ana Importada ${id};;(11) 98765-4321;ana.${id.toLowerCase()}@exemplo.com;sim`,
    `Torre ${id};${id}1;;Bruno Importado ${id};${cpf};;;não`,
    `Torre ${id};${id}2;;;;;;`,
  ];
  return { name: `moradores-${id}.csv`, mimeType: "text/csv", buffer: Buffer.from(`\uFEFF${lines.join("\r\n")}\r\n`) };
}

async function chooseCondominio(page: Page) {
  await page.getByRole("combobox", { name: "Condomínio" }).click();
  await page.getByRole("option", { name: DEMO_CONDO, exact: true }).click();
}

test.beforeEach(async ({ loginAs }) => {
  await loginAs("sindico");
});

test("template, a bad row that blocks the import, the fixed file imported and the unit in Unidades", async ({
  page,
}) => {
  test.setTimeout(120_000);
  const id = rand();
  await page.goto("/app/unidades");
  await page.getByRole("link", { name: "Importar planilha" }).click();
  await expect(page).toHaveURL(/\/app\/importacao$/);
  await expect(page.getByRole("heading", { level: 1, name: "Importar planilha" })).toBeVisible();

  // The template, in both formats.
  const [csv] = await Promise.all([
    page.waitForEvent("download"),
    page.getByRole("link", { name: "Baixar modelo (.csv)" }).click(),
  ]);
  expect(csv.suggestedFilename()).toBe("modelo-importacao-guarita.csv");
  expect(fs.readFileSync((await csv.path())!, "utf8")).toBe(`\uFEFF${HEADER}\r\n`);
  const [xlsx] = await Promise.all([
    page.waitForEvent("download"),
    page.getByRole("link", { name: "Baixar modelo (.xlsx)" }).click(),
  ]);
  expect(xlsx.suggestedFilename()).toBe("modelo-importacao-guarita.xlsx");
  expect(
    fs
      .readFileSync((await xlsx.path())!)
      .subarray(0, 2)
      .toString(),
  ).toBe("PK");

  // A file with one bad row: the row says why, and the import cannot be confirmed.
  await chooseCondominio(page);
  await page.getByLabel("Planilha (.xlsx ou .csv)").setInputFiles(planilha(id, false));
  await expect(page.getByRole("heading", { name: "3. Confira a prévia" })).toBeFocused();
  await expect(page.getByTestId("importacao-totais")).toContainText("Linhas com erro1");
  const bad = page.locator('[data-linha="3"]');
  await expect(bad).toContainText("CPF inválido");
  await expect(bad).toContainText("Com erro");
  await expect(page.locator('[data-linha="2"]')).toContainText("Nova unidade");
  await expect(page.getByRole("button", { name: "Confirmar importação" })).toBeDisabled();
  await expect(page.getByText("Corrija as linhas com erro para poder confirmar.")).toBeVisible();
  await page.getByRole("button", { name: /Só com erro/ }).click();
  await expect(page.locator("[data-linha]")).toHaveCount(1);

  // The fixed file: no error, the counts, and the import.
  await page.getByLabel("Planilha (.xlsx ou .csv)").setInputFiles(planilha(id, true));
  await expect(page.getByText("Serão criados 2 unidades, 2 pessoas e 2 vínculos de moradores.")).toBeVisible();
  // A new preview shows every row again, the fixed one without its error.
  await expect(page.locator("[data-linha]")).toHaveCount(3);
  await expect(page.locator('[data-linha="3"]')).toContainText("Nova pessoa");
  await expect(page.locator('[data-linha="3"]')).not.toContainText("CPF inválido");
  await page.getByRole("button", { name: "Confirmar importação" }).click();
  await expect(page.getByText("Planilha importada!")).toBeVisible();
  const done = page.getByTestId("importacao-concluida");
  await expect(done.getByRole("heading", { name: "Importação concluída" })).toBeFocused();
  await expect(done).toContainText("2 unidades criadas, 2 pessoas criadas e 2 vínculos de moradores criados");

  // The new unit is in Unidades, with its two residents.
  await done.getByRole("link", { name: "Ver unidades" }).click();
  await expect(page).toHaveURL(/\/app\/unidades\?condominio_id=/);
  await page.getByLabel("Buscar unidades").fill(`${id}1`);
  const row = page.locator("[data-unidade-id]").filter({ hasText: `${id}1` });
  await expect(row).toHaveCount(1);
  await expect(row.getByTestId("moradores")).toHaveText("2");
});

for (const theme of ["light", "dark"] as const) {
  for (const viewport of [
    { width: 1280, height: 900 },
    { width: 360, height: 740 },
  ]) {
    test.describe(`${theme} theme at ${viewport.width} px`, () => {
      test.use({ viewport, reducedMotion: "reduce" });

      test("the preview with a bad row has no axe violations and no horizontal scroll", async ({ page }) => {
        await page.addInitScript((value) => window.localStorage.setItem("theme", value), theme);
        await page.goto("/app/importacao");
        await expect(page.locator("html")).toHaveClass(new RegExp(`\\b${theme}\\b`));
        await chooseCondominio(page);
        await page.getByLabel("Planilha (.xlsx ou .csv)").setInputFiles(planilha(rand(), false));
        await expect(page.locator('[data-linha="3"]')).toContainText("CPF inválido");
        await expect(page.getByRole("button", { name: "Confirmar importação" })).toBeDisabled();
        const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
        expect(overflow, `horizontal scroll at ${viewport.width} px`).toBeLessThanOrEqual(0);
        const results = await new AxeBuilder({ page }).analyze();
        expect(describeViolations(results.violations)).toEqual([]);
      });
    });
  }
}
