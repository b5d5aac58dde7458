/**
 * "Relatórios" as the síndico reads it (docs/product.md, "Relatórios"): the demo condominium's
 * figures over the last 30 days (packages included), each chart's numbers behind "Ver dados em
 * tabela", the PDF and CSV downloads; accessible in the light and dark themes and usable at 360 px.
 */
import { expectNoAxeViolations, expectNoHorizontalScroll } from "./axe";
import { expect, test } from "./fixtures";

const day = (offset: number) => new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10);

for (const theme of ["light", "dark"] as const) {
  test(`the síndico reads the last 30 days and downloads the PDF (${theme})`, async ({ page, loginAs }) => {
    await loginAs("sindico");
    await page.addInitScript((value) => window.localStorage.setItem("theme", value), theme);
    await page.goto(`/app/relatorios?de=${day(-30)}&ate=${day(0)}`);
    await expect(page.getByRole("heading", { level: 1, name: "Relatórios" })).toBeVisible();
    const condominio = page.getByRole("combobox", { name: "Condomínio" });
    await expect(condominio).not.toHaveValue("");
    const visitas = page.getByRole("heading", { name: "Visitas por dia" });
    const vazio = page.getByText("Nada no período");
    await expect(visitas.or(vazio)).toBeVisible();
    if (await visitas.isVisible()) {
      // The chart's numbers in a table, one row per day of the period.
      const card = page.locator("[data-slot=card]").filter({ has: visitas });
      await card.getByText("Ver dados em tabela").click();
      await expect(card.getByRole("table", { name: "Visitas por dia" }).getByRole("row")).toHaveCount(32);
      // Packages: the cards, and received/collected per day behind the same fold.
      const encomendas = page
        .locator("[data-slot=card]")
        .filter({ has: page.getByRole("heading", { name: "Encomendas", exact: true }) });
      await expect(encomendas.getByText("Aguardando no fim do período")).toBeVisible();
      await encomendas.getByText("Ver dados em tabela").click();
      await expect(encomendas.getByRole("table", { name: "Encomendas por dia" }).getByRole("row")).toHaveCount(32);
    }
    await expectNoAxeViolations(page);

    const pdf = await page.context().request.get((await page.getByTestId("baixar-pdf").getAttribute("href"))!);
    expect(pdf.status()).toBe(200);
    expect(pdf.headers()["content-type"]).toBe("application/pdf");
    expect((await pdf.body()).subarray(0, 5).toString()).toBe("%PDF-");
    const csvHref = await page.getByRole("link", { name: "Visitas por dia" }).getAttribute("href");
    const csv = await page.context().request.get(csvHref!);
    expect(await csv.text()).toContain("Data;Solicitações;Autorizadas;Negadas;Entradas;Passes usados");
    const pacotes = await page
      .context()
      .request.get((await page.getByRole("link", { name: "Encomendas por dia" }).getAttribute("href"))!);
    expect(await pacotes.text()).toContain("Data;Recebidas;Retiradas;Perecíveis recebidas;Retiradas sem código");
  });
}

test("fits a 360 px phone", async ({ page, loginAs }) => {
  await page.setViewportSize({ width: 360, height: 780 });
  await loginAs("sindico");
  await page.goto(`/app/relatorios?de=${day(-30)}&ate=${day(0)}`);
  await expect(page.getByRole("heading", { level: 1, name: "Relatórios" })).toBeVisible();
  await expect(page.getByRole("heading", { name: "Baixar tabelas (CSV)" })).toBeVisible();
  await expectNoHorizontalScroll(page, 360);
});
