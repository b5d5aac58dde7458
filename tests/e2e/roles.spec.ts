/**
 * The console per role (docs/decisions/015-roles-and-data-scope.md): a porteiro decides
 * requests but never sees the registry's create/edit/delete actions nor Configurações; a morador
 * gets a home with their unit's requests and calls, no people registry, and a clear no-permission
 * state where the role cannot go. The fixtures fail a test on any browser console error, so a hidden
 * screen that still fired a request the server refuses (403) would fail here too.
 */
import AxeBuilder from "@axe-core/playwright";
import type { APIRequestContext, Page } from "@playwright/test";
import { describeViolations } from "./axe";
import { expect, test } from "./fixtures";
import { watchScripts } from "./radix-chunks";

const MORADOR = { email: "morador@demo.guarita.app", password: "demo1234", name: "Ana Beatriz Souza" } as const;
const MINHA_UNIDADE = "Torre A - Unidade 101";
const MEU_CONDOMINIO = "Residencial Jardim das Acácias";
const NO_PERMISSION = "Você não tem permissão para acessar esta página.";

const unique = (prefix: string) => `${prefix} ${Math.random().toString(36).slice(2, 8)}`;

/** Signs the morador in through the API, sharing the cookie with the page (as `loginAs` does for staff). */
async function loginAsMorador(page: Page, baseURL: string) {
  const res = await page.context().request.post("/api/auth/sign-in/email", {
    data: { email: MORADOR.email, password: MORADOR.password },
    headers: { origin: baseURL },
  });
  expect(res.status(), await res.text()).toBe(200);
}

async function firstId(request: APIRequestContext, path: string): Promise<string> {
  const res = await request.get(path);
  expect(res.status(), path).toBe(200);
  const body = (await res.json()) as { items: { id: string }[] };
  expect(body.items.length, `${path} sem itens`).toBeGreaterThan(0);
  return body.items[0]!.id;
}

const mainMenu = (page: Page) => page.getByRole("navigation", { name: "Menu principal" });

test.describe("porteiro", () => {
  test.beforeEach(async ({ loginAs }) => {
    await loginAs("porteiro");
  });

  test("sees every section but no Configurações, and no registry actions", async ({ page }) => {
    await page.goto("/app/condominios");
    const nav = mainMenu(page);
    for (const name of ["Dashboard", "Solicitações", "Pessoas", "Unidades", "Condomínios", "Chamadas"]) {
      await expect(nav.getByRole("link", { name })).toBeVisible();
    }
    await expect(nav.getByRole("link", { name: "Configurações" })).toHaveCount(0);
    // Nor in the header (its button) or anywhere else on the page.
    await expect(page.getByRole("link", { name: "Configurações" })).toHaveCount(0);
    await expect(page.getByRole("button", { name: "Configurações" })).toHaveCount(0);

    // Condominiums: read, never register or edit.
    await expect(page.getByRole("link", { name: MEU_CONDOMINIO, exact: true })).toBeVisible();
    await expect(page.getByRole("link", { name: "Novo Condomínio" })).toHaveCount(0);
    await expect(page.getByRole("link", { name: /^Editar / })).toHaveCount(0);
    await page.getByRole("link", { name: `Ver ${MEU_CONDOMINIO}` }).click();
    await expect(page.getByRole("heading", { level: 1, name: MEU_CONDOMINIO })).toBeVisible();
    await expect(page.getByRole("link", { name: "Editar" })).toHaveCount(0);

    // People: read (to identify who is at the gate), never register, edit or delete.
    await page.goto("/app/pessoas");
    await expect(page.getByRole("link", { name: /^Ver / }).first()).toBeVisible();
    await expect(page.getByRole("link", { name: "Nova Pessoa" })).toHaveCount(0);
    await expect(page.getByRole("link", { name: /^Editar / })).toHaveCount(0);
    await page.getByRole("link", { name: /^Ver / }).first().click();
    await expect(page.getByRole("heading", { level: 2, name: "Dados da pessoa" })).toBeVisible();
    await expect(page.getByRole("link", { name: "Editar" })).toHaveCount(0);
    await expect(page.getByRole("button", { name: "Excluir" })).toHaveCount(0);

    // Units: no new unit, no edit, no resident management.
    await page.goto("/app/unidades");
    await expect(page.getByRole("link", { name: "Ver unidade 101" }).first()).toBeVisible();
    await expect(page.getByRole("link", { name: "Nova Unidade" })).toHaveCount(0);
    await expect(page.getByRole("link", { name: /^Editar / })).toHaveCount(0);
    await page.getByRole("link", { name: "Ver unidade 101" }).first().click();
    await expect(page.getByRole("heading", { level: 2, name: "Moradores" })).toBeVisible();
    await expect(page.getByRole("list", { name: "Moradores da unidade" })).toBeVisible();
    await expect(page.getByRole("form", { name: "Adicionar morador" })).toHaveCount(0);
    await expect(page.getByRole("button", { name: /^Remover / })).toHaveCount(0);
    await expect(page.getByRole("button", { name: /responsável/ })).toHaveCount(0);
    await expect(page.getByRole("link", { name: "Editar" })).toHaveCount(0);
  });

  test("typing a registry form's URL shows the no-permission state", async ({ page }) => {
    await page.goto("/app/condominios/novo");
    await expect(page.getByRole("heading", { level: 1, name: "Acesso restrito" })).toBeVisible();
    await expect(page.getByText(NO_PERMISSION)).toBeVisible();
    await expect(page.getByLabel("Nome")).toHaveCount(0);
    await page.getByRole("link", { name: "Voltar para o dashboard" }).click();
    await expect(page).toHaveURL(/\/app\/dashboard$/);
    // Staff get the dashboard, with its KPIs.
    await expect(page.getByRole("heading", { level: 1, name: "Dashboard" })).toBeVisible();
  });

  test("opens a pending request and may authorise or deny it", async ({ page, baseURL }) => {
    const request = page.context().request;
    // Any active unit: other specs add condominiums without units, so the first condominium may have none.
    const units = await request.get("/api/unidades?status=ativa&page_size=1");
    const [unidade] = ((await units.json()) as { items: { id: string; condominio_id: string }[] }).items;
    expect(unidade, "uma unidade ativa no tenant de demonstração").toBeTruthy();
    const created = await request.post("/api/solicitacoes", {
      data: {
        condominio_id: unidade!.condominio_id,
        unidade_id: unidade!.id,
        nome_visitante: unique("Visita Porteiro"),
      },
      headers: { origin: baseURL! },
    });
    expect(created.status()).toBe(201);
    const { id } = (await created.json()) as { id: string };

    await page.goto(`/app/solicitacoes/${id}`);
    await expect(page.getByRole("heading", { level: 2, name: "Ações", exact: true })).toBeVisible();
    await expect(page.getByRole("button", { name: "Autorizar" })).toBeVisible();
    await expect(page.getByRole("button", { name: "Negar" })).toBeVisible();
  });
});

test.describe("morador", () => {
  test.beforeEach(async ({ page, baseURL }) => {
    await loginAsMorador(page, baseURL!);
  });

  test("has no people registry or Configurações in the menu", async ({ page }) => {
    await page.goto("/app/dashboard");
    const nav = mainMenu(page);
    for (const name of ["Dashboard", "Solicitações", "Unidades", "Condomínios", "Chamadas"]) {
      await expect(nav.getByRole("link", { name })).toBeVisible();
    }
    await expect(nav.getByRole("link", { name: "Pessoas" })).toHaveCount(0);
    await expect(nav.getByRole("link", { name: "Configurações" })).toHaveCount(0);
    await expect(page.getByTestId("tenant-role")).toHaveText("Morador");
  });

  test("the home downloads no Radix popup code; the user menu opens from the keyboard, without Configurações", async ({
    page,
  }) => {
    const scripts = watchScripts(page);
    await page.goto("/app/dashboard");
    await expect(page.getByRole("heading", { level: 1 })).toContainText(MINHA_UNIDADE);
    await expect(page.locator("[data-solicitacao-id]").first()).toBeVisible();
    await expect(page.locator('[data-slot="skeleton"]')).toHaveCount(0);
    await page.waitForTimeout(1000);
    expect(await scripts.radix()).toEqual([]);

    const trigger = page.getByRole("button", { name: "Menu do usuário" });
    await trigger.focus();
    await page.keyboard.press("ArrowDown");
    const menu = page.getByRole("menu", { name: "Menu do usuário" });
    await expect(menu.getByRole("menuitem", { name: "Perfil" })).toBeFocused();
    await expect(menu.getByRole("menuitem", { name: "Sair" })).toBeVisible();
    await expect(menu.getByRole("menuitem", { name: "Configurações" })).toHaveCount(0);
    await page.keyboard.press("Escape");
    await expect(trigger).toBeFocused();
  });

  test("the home shows their unit, only its requests and its calls", async ({ page }) => {
    await page.goto("/app/dashboard");
    const heading = page.getByRole("heading", { level: 1 });
    await expect(heading).toContainText(MINHA_UNIDADE);
    await expect(heading).toContainText(MEU_CONDOMINIO);
    await expect(page.getByText(`Olá, ${MORADOR.name.split(" ")[0]}!`)).toBeVisible();
    await expect(page.getByRole("link", { name: "Nova Solicitação" })).toBeVisible();
    // Not the staff dashboard.
    await expect(page.locator("[data-kpi]")).toHaveCount(0);
    await expect(page.getByRole("heading", { name: "Primeiros passos" })).toHaveCount(0);

    const rows = page.locator("[data-solicitacao-id]");
    await expect(rows.first()).toBeVisible();
    const count = await rows.count();
    expect(count).toBeGreaterThan(0);
    for (let i = 0; i < count; i++) await expect(rows.nth(i)).toContainText(MINHA_UNIDADE);
    await expect(page.getByRole("link", { name: "Ver todas as solicitações" })).toHaveAttribute(
      "href",
      "/app/solicitacoes",
    );

    await expect(page.getByRole("heading", { level: 2, name: "Chamadas recentes" })).toBeVisible();
    await expect(page.getByRole("link", { name: "Ver todas as chamadas" })).toHaveAttribute("href", "/app/chamadas");

    // The full list is just as scoped.
    await page.goto("/app/solicitacoes");
    await expect(page.getByTestId("results-count")).toBeVisible();
    const listRows = page.locator("[data-solicitacao-id]");
    await expect(listRows.first()).toBeVisible();
    const listCount = await listRows.count();
    for (let i = 0; i < listCount; i++) await expect(listRows.nth(i)).toContainText(MINHA_UNIDADE);
  });

  test("typing /app/pessoas shows the no-permission state, with the way back", async ({ page }) => {
    await page.goto("/app/pessoas");
    await expect(page.getByRole("heading", { level: 1, name: "Acesso restrito" })).toBeVisible();
    await expect(page.getByText(NO_PERMISSION)).toBeVisible();
    await page.getByRole("link", { name: "Voltar para o dashboard" }).click();
    await expect(page).toHaveURL(/\/app\/dashboard$/);
    await expect(page.getByRole("heading", { level: 1 })).toContainText(MINHA_UNIDADE);

    for (const path of ["/app/pessoas/nova", "/app/unidades/nova", "/app/condominios/novo"]) {
      await page.goto(path);
      await expect(page.getByText(NO_PERMISSION)).toBeVisible();
    }
  });

  test("their unit and condominium screens are read-only and never lead to people", async ({ page }) => {
    const request = page.context().request;
    const unidade = await firstId(request, "/api/unidades");
    await page.goto(`/app/unidades/${unidade}`);
    const moradores = page.getByRole("list", { name: "Moradores da unidade" });
    await expect(moradores.getByText(MORADOR.name)).toBeVisible();
    await expect(moradores.getByRole("link")).toHaveCount(0);
    await expect(page.getByRole("form", { name: "Adicionar morador" })).toHaveCount(0);
    await expect(page.getByRole("button", { name: /^Remover / })).toHaveCount(0);
    await expect(page.getByRole("link", { name: "Editar" })).toHaveCount(0);

    await page.getByRole("link", { name: MEU_CONDOMINIO }).click();
    await expect(page.getByRole("heading", { level: 1, name: MEU_CONDOMINIO })).toBeVisible();
    // Its recent requests are theirs only; the whole condominium's counts are not shown.
    const recentes = page.locator("[data-solicitacao-id]");
    await expect(recentes.first()).toBeVisible();
    for (let i = 0; i < (await recentes.count()); i++) await expect(recentes.nth(i)).toContainText(MINHA_UNIDADE);
    await expect(page.getByTestId("count-unidades")).toHaveCount(0);
    await expect(page.getByTestId("count-pessoas")).toHaveCount(0);
    await expect(page.getByRole("link", { name: "Editar" })).toHaveCount(0);

    await page.goto("/app/condominios");
    await expect(page.getByRole("link", { name: MEU_CONDOMINIO, exact: true })).toBeVisible();
    await expect(page.getByTestId("results-count")).toHaveText("1 resultado");
    await expect(page.getByRole("link", { name: "Novo Condomínio" })).toHaveCount(0);
  });

  test("the header search finds their unit and no people", async ({ page }) => {
    await page.goto("/app/dashboard");
    const search = page.getByRole("combobox", { name: "Buscar" });
    await expect(search).toHaveAttribute("placeholder", "Buscar solicitações, unidades...");
    await search.fill("torre a");
    const results = page.getByRole("listbox", { name: "Resultados da busca" });
    // Their requests name the unit too; the unit itself is in "Unidades".
    const unidades = results.getByRole("group", { name: "Unidades" });
    await expect(unidades.getByRole("option", { name: MINHA_UNIDADE, exact: true })).toBeVisible();
    await expect(results.getByRole("group", { name: "Pessoas" })).toHaveCount(0);
  });

  test("creates a request for their unit from the home", async ({ page }) => {
    const nome = unique("Visita Morador");
    await page.goto("/app/dashboard");
    await page.getByRole("link", { name: "Nova Solicitação" }).first().click();
    await expect(page).toHaveURL(/\/app\/solicitacoes\/nova$/);
    // Their only condominium and unit are chosen for them.
    await expect(page.getByRole("combobox", { name: "Condomínio" })).toHaveText(MEU_CONDOMINIO);
    const unidade = page.getByRole("combobox", { name: "Unidade" });
    await expect(unidade).toHaveText(MINHA_UNIDADE);
    await unidade.click();
    await expect(page.getByRole("option")).toHaveText([MINHA_UNIDADE]);
    await page.keyboard.press("Escape");

    await page.getByLabel("Nome completo").fill(nome);
    await page.getByRole("button", { name: "Criar Solicitação" }).click();
    await expect(page.getByText("Solicitação criada!")).toBeVisible();
    // The new request's own screen follows the creation.
    await expect(page).toHaveURL(/\/app\/solicitacoes\/[0-9a-f-]{36}$/);
    await expect(page.getByTestId("nome-visitante")).toHaveText(nome);

    await page.goto("/app/dashboard");
    const row = page.locator("[data-solicitacao-id]").filter({ hasText: nome });
    await expect(row).toContainText(MINHA_UNIDADE);
    await expect(row).toContainText("Pendente");

    // Their unit's request: they may decide it here too, "pelo aplicativo" (morador-decide.spec.ts decides).
    await row.getByRole("link", { name: nome }).click();
    await expect(page.getByTestId("nome-visitante")).toHaveText(nome);
    const acoes = page.getByRole("region", { name: "Ações" });
    await expect(acoes.getByRole("button", { name: "Autorizar" })).toBeVisible();
    await expect(acoes.getByRole("button", { name: "Negar" })).toBeVisible();
  });

  test("the home fits a 360 px phone", async ({ page }) => {
    await page.setViewportSize({ width: 360, height: 740 });
    await page.goto("/app/dashboard");
    await expect(page.getByRole("heading", { level: 1 })).toContainText(MINHA_UNIDADE);
    await expect(page.locator("[data-solicitacao-id]").first()).toBeVisible();
    await expect(page.getByRole("link", { name: "Nova Solicitação" }).first()).toBeInViewport();
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow).toBeLessThanOrEqual(0);
  });

  test.describe("accessibility", () => {
    // Toasts of other sessions' changes may appear at any moment; checked at rest, not mid-fade.
    test.use({ reducedMotion: "reduce" });

    for (const theme of ["light", "dark"] as const) {
      test(`the home has no axe violations (${theme})`, async ({ page }) => {
        await page.addInitScript((value) => window.localStorage.setItem("theme", value), theme);
        await page.goto("/app/dashboard");
        await expect(page.locator("html")).toHaveClass(new RegExp(`\\b${theme}\\b`));
        await expect(page.getByRole("heading", { level: 1 })).toContainText(MINHA_UNIDADE);
        await expect(page.locator("[data-solicitacao-id]").first()).toBeVisible();
        await expect(page.locator('[data-slot="skeleton"]')).toHaveCount(0);
        const results = await new AxeBuilder({ page }).analyze();
        expect(describeViolations(results.violations)).toEqual([]);
      });
    }
  });
});
