/**
 * The resident link end to end (docs/product.md, "Resident link"): the porteiro creates a request for a unit
 * with two residents; the first resident's demo message appears on the request's screen; its link, opened in
 * a phone-sized second browser, shows the visit; "Autorizar entrada" (and its confirmation) decides it; the
 * porteiro's screen shows "Autorizado" and the resident's name without a reload. Plus the resident's page at
 * 360 px with axe, and a link opened after the decision.
 */
import AxeBuilder from "@axe-core/playwright";
import { devices } from "@playwright/test";
import { describeViolations } from "./axe";
import { expect, test } from "./fixtures";

const PHONE = devices["Pixel 5"];

test("a resident authorises from the phone link and the porteiro sees it live", async ({
  page,
  browser,
  baseURL,
  loginAs,
}) => {
  test.setTimeout(90_000);
  await loginAs("porteiro");
  const request = page.context().request;
  const condos = await (await request.get(`/api/condominios?q=${encodeURIComponent("Jardim das Acácias")}`)).json();
  const condo = condos.items[0] as { id: string; nome: string };
  // A unit with at least two residents in the demo data.
  const units = (await (await request.get(`/api/unidades?condominio_id=${condo.id}&status=ativa&page_size=200`)).json())
    .items as { id: string; moradores: number }[];
  const unit = units.find((u) => u.moradores >= 2);
  expect(unit, "a demo unit with two residents").toBeTruthy();

  // The porteiro registers the visitor in the console.
  const visitante = `Visita Link ${Math.random().toString(36).slice(2, 8)}`;
  const created = await request.post("/api/solicitacoes", {
    data: { condominio_id: condo.id, unidade_id: unit!.id, nome_visitante: visitante, motivo: "Entrega de móveis" },
    headers: { origin: baseURL! },
  });
  expect(created.status()).toBe(201);
  const { id } = (await created.json()) as { id: string };

  await page.goto(`/app/solicitacoes/${id}`);
  await expect(page.getByTestId("nome-visitante")).toContainText(visitante);
  // The first resident's demo message, with its link, appears on the screen (live).
  const link = page.getByTestId("link-morador").first();
  await expect(link).toBeVisible({ timeout: 15_000 });
  const href = await link.getAttribute("href");
  expect(href).toMatch(/\/r\/[A-Za-z0-9_-]{43}$/);
  await page.evaluate(() => {
    (window as unknown as { __semReload: boolean }).__semReload = true;
  });

  // The resident opens it on a phone: the visit, two big buttons, nothing decided yet.
  const phone = await browser.newContext({ ...PHONE, baseURL });
  const residentPage = await phone.newPage();
  await residentPage.goto(new URL(href!).pathname);
  await expect(residentPage.getByRole("heading", { name: new RegExp(visitante) })).toBeVisible();
  await expect(residentPage.getByText("Entrega de móveis")).toBeVisible();
  const axe = await new AxeBuilder({ page: residentPage }).analyze();
  expect(describeViolations(axe.violations)).toEqual([]);
  expect(await residentPage.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
    await residentPage.evaluate(() => window.innerWidth),
  );
  await expect(page.getByTestId("decisao")).toHaveCount(0);

  await residentPage.getByRole("link", { name: "Autorizar entrada" }).click();
  await residentPage.getByRole("button", { name: "Confirmar autorização" }).click();
  await expect(residentPage.getByRole("heading", { name: "Entrada autorizada" })).toBeVisible();

  // The porteiro's screen follows, without a reload, naming the resident.
  await expect(page.getByTestId("decisao")).toContainText("Autorizad", { timeout: 5_000 });
  const decider = await (await request.get(`/api/solicitacoes/${id}`)).json();
  expect(decider.decidido_via).toBe("link");
  await expect(page.getByTestId("decisao")).toContainText(decider.decidido_por_nome);
  expect(await page.evaluate(() => (window as unknown as { __semReload?: boolean }).__semReload)).toBe(true);

  // The same link again shows the outcome and decides nothing.
  await residentPage.goto(new URL(href!).pathname);
  await expect(residentPage.getByRole("heading", { name: /Entrada autorizada|Já autorizada/ })).toBeVisible();
  await expect(residentPage.getByRole("link", { name: "Autorizar entrada" })).toHaveCount(0);
  await phone.close();
});

test.describe("an unknown link", () => {
  // The page is served with 404 on purpose; the browser logs the status.
  test.use({ allowedConsoleErrors: [/status of 404/] });

  test("shows a clear page and no visit data", async ({ page }) => {
    const res = await page.goto(`/r/${"x".repeat(43)}`);
    expect(res?.status()).toBe(404);
    await expect(page.getByRole("heading", { name: "Link inválido ou expirado" })).toBeVisible();
    const axe = await new AxeBuilder({ page }).analyze();
    expect(describeViolations(axe.violations)).toEqual([]);
  });
});
