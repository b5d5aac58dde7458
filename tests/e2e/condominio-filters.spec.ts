/**
 * An administradora with several condominiums (docs/product.md, "Lists and search"): the síndico of
 * the demo tenant (two condominiums, and whatever other specs add) filters Solicitações by one
 * condominium, sees each row's condominium, and keeps the filter on reload; the header search tells
 * two visits of the same provider apart by unit, condominium and date.
 */
import AxeBuilder from "@axe-core/playwright";
import type { APIRequestContext, Page } from "@playwright/test";
import { describeViolations } from "./axe";
import { expect, test } from "./fixtures";

const ACACIAS = "Residencial Jardim das Acácias";
const AMAZONAS = "Condomínio Parque Amazonas";

const unique = (prefix: string) => `${prefix} ${Math.random().toString(36).slice(2, 8)}`;

/** A demo condominium's id and its first active unit, by name (other specs add condominiums). */
async function demoPlace(request: APIRequestContext, nome: string) {
  const condos = await (await request.get(`/api/condominios?q=${encodeURIComponent(nome)}`)).json();
  const condo = condos.items.find((c: { nome: string }) => c.nome === nome);
  expect(condo, nome).toBeTruthy();
  const units = await (await request.get(`/api/unidades?condominio_id=${condo.id}&status=ativa`)).json();
  const unidade = units.items[0] as { id: string; codigo: string; torre: string | null };
  return { condominioId: condo.id as string, unidade };
}

/** The same provider's visit, once in each demo condominium, created as the porteiro's tablet would. */
async function sameVisitorInBoth(request: APIRequestContext, baseURL: string, nome: string) {
  const places = { acacias: await demoPlace(request, ACACIAS), amazonas: await demoPlace(request, AMAZONAS) };
  for (const place of [places.acacias, places.amazonas]) {
    const res = await request.post("/api/solicitacoes", {
      data: {
        condominio_id: place.condominioId,
        unidade_id: place.unidade.id,
        tipo: "prestador",
        nome_visitante: nome,
      },
      headers: { origin: baseURL },
    });
    expect(res.status(), await res.text()).toBe(201);
  }
  return places;
}

/** The request rows on screen (table rows, or cards on a phone). */
const rows = (page: Page) => page.locator("[data-solicitacao-id]");

test.beforeEach(async ({ loginAs }) => {
  await loginAs("sindico");
});

test("Solicitações filters by condominium, names each row's, and keeps the filter on reload", async ({
  page,
  baseURL,
}) => {
  const nome = unique("Eletricista Filtro");
  const places = await sameVisitorInBoth(page.context().request, baseURL!, nome);

  await page.goto(`/app/solicitacoes?q=${encodeURIComponent(nome)}`);
  await expect(page.getByTestId("results-count")).toHaveText("2 resultados");
  // Unfiltered, the two rows read apart by their condominium.
  await expect(rows(page).getByTestId("condominio")).toHaveText([AMAZONAS, ACACIAS]);

  const select = page.getByRole("combobox", { name: "Condomínio" });
  await expect(select).toHaveText("Todos os condomínios");
  await select.click();
  await page.getByRole("option", { name: AMAZONAS, exact: true }).click();
  await expect(page).toHaveURL(new RegExp(`condominio_id=${places.amazonas.condominioId}`));
  await expect(page.getByTestId("results-count")).toHaveText("1 resultado");
  await expect(rows(page).getByTestId("condominio")).toHaveText([AMAZONAS]);

  // Without the search, every row of the filtered list is of that condominium.
  await page.getByLabel("Buscar solicitações").fill("");
  await expect(page).not.toHaveURL(/[?&]q=/);
  await expect(rows(page).first()).toBeVisible();
  const names = await rows(page).getByTestId("condominio").allTextContents();
  expect(names.length).toBeGreaterThan(0);
  expect(new Set(names)).toEqual(new Set([AMAZONAS]));

  await page.reload();
  await expect(page).toHaveURL(new RegExp(`condominio_id=${places.amazonas.condominioId}`));
  await expect(page.getByRole("combobox", { name: "Condomínio" })).toHaveText(AMAZONAS);
  await expect(rows(page).first()).toBeVisible();
  expect(new Set(await rows(page).getByTestId("condominio").allTextContents())).toEqual(new Set([AMAZONAS]));

  // "Limpar filtros" brings every condominium back.
  await page.getByRole("button", { name: "Limpar filtros" }).click();
  await expect(page).not.toHaveURL(/condominio_id=/);
  await expect(page.getByRole("combobox", { name: "Condomínio" })).toHaveText("Todos os condomínios");
});

test("the header search tells the same visitor's requests apart by unit, condominium and date", async ({
  page,
  baseURL,
}) => {
  const nome = unique("Eletricista Busca");
  const places = await sameVisitorInBoth(page.context().request, baseURL!, nome);

  await page.goto("/app/dashboard");
  const box = page.getByRole("combobox", { name: "Buscar", exact: true });
  await box.fill(nome);
  const options = page.getByRole("option", { name: new RegExp(nome) });
  await expect(options).toHaveCount(2);

  const unitOf = (u: { codigo: string; torre: string | null }) =>
    u.torre ? `${u.torre} - Unidade ${u.codigo}` : `Unidade ${u.codigo}`;
  const date = /\d\d\/\d\d\/\d{4} \d\d:\d\d/;
  // Newest first: the Parque Amazonas request was created last. Its time reads on Manaus's clock,
  // named because this browser is on São Paulo's.
  const amazonas = options.nth(0);
  await expect(amazonas).toContainText(`${unitOf(places.amazonas.unidade)} · ${AMAZONAS}`);
  await expect(amazonas).toContainText(date);
  await expect(amazonas).toContainText("(horário de Manaus)");
  await expect(amazonas).toContainText("Pendente");
  const acacias = options.nth(1);
  await expect(acacias).toContainText(`${unitOf(places.acacias.unidade)} · ${ACACIAS}`);
  await expect(acacias).toContainText(date);
  await expect(acacias).not.toContainText("horário de");
  // The two read apart as a whole, not only by their condominium.
  expect(await amazonas.textContent()).not.toEqual(await acacias.textContent());
});

test("a morador, whose units are all in one condominium, sees no condominium filter nor column", async ({
  page,
  loginAs,
  baseURL,
}) => {
  await loginAs("morador");
  // A request of their own unit, so the list has a row to look at.
  const request = page.context().request;
  const unidade = (await (await request.get("/api/unidades")).json()).items[0];
  const created = await request.post("/api/solicitacoes", {
    data: { condominio_id: unidade.condominio_id, unidade_id: unidade.id, nome_visitante: unique("Visita da Ana") },
    headers: { origin: baseURL! },
  });
  expect(created.status(), await created.text()).toBe(201);
  await page.goto("/app/solicitacoes");
  await expect(page.getByRole("heading", { name: "Solicitações de Acesso" })).toBeVisible();
  await expect(page.getByTestId("results-count")).toBeVisible();
  await expect(rows(page).first()).toBeVisible();
  await expect(page.getByRole("combobox", { name: "Status" })).toBeVisible();
  await expect(page.getByRole("combobox", { name: "Condomínio" })).toHaveCount(0);
  await expect(rows(page).getByTestId("condominio")).toHaveCount(0);
});

test.describe("accessibility", () => {
  // Toasts of other sessions' changes may appear at any moment; without motion they are checked at rest.
  test.use({ reducedMotion: "reduce" });

  for (const theme of ["light", "dark"] as const) {
    test(`the filtered Solicitações list has no axe violations (${theme})`, async ({ page, baseURL }) => {
      const { amazonas } = await sameVisitorInBoth(page.context().request, baseURL!, unique("Visita Acessível"));
      await page.addInitScript((value) => window.localStorage.setItem("theme", value), theme);
      await page.goto(`/app/solicitacoes?condominio_id=${amazonas.condominioId}`);
      await expect(page.locator("html")).toHaveClass(new RegExp(`\\b${theme}\\b`));
      await expect(page.getByRole("combobox", { name: "Condomínio" })).toHaveText(AMAZONAS);
      await expect(rows(page).getByTestId("condominio").first()).toHaveText(AMAZONAS);
      await expect(page.locator('[data-slot="skeleton"]')).toHaveCount(0);
      const results = await new AxeBuilder({ page }).analyze();
      expect(describeViolations(results.violations)).toEqual([]);
    });
  }
});
