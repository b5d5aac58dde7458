/**
 * The resident decides inside the console (docs/product.md, "Dashboard" and "Request detail"): a
 * morador on a 360 px phone sees their unit's pending request on their home and authorises or denies
 * it there; the porteiro's screen, in another browser, shows the decision live, "pelo aplicativo",
 * with the reason of a denial. The home stays within 360 px and axe-clean in both themes.
 */
import AxeBuilder from "@axe-core/playwright";
import type { Browser, BrowserContext, Page } from "@playwright/test";
import { describeViolations } from "./axe";
import { DEMO, expect, test } from "./fixtures";

const PHONE = { width: 360, height: 740 };
const TABLET = { width: 1024, height: 768 };
const MINHA_UNIDADE = "Torre A - Unidade 101";

const unique = (prefix: string) => `${prefix} ${Math.random().toString(36).slice(2, 8)}`;

async function signedInContext(browser: Browser, baseURL: string, who: keyof typeof DEMO): Promise<BrowserContext> {
  const context = await browser.newContext({ baseURL, locale: "pt-BR", timezoneId: "America/Sao_Paulo" });
  const res = await context.request.post("/api/auth/sign-in/email", {
    data: { email: DEMO[who].email, password: DEMO[who].password },
    headers: { origin: baseURL },
  });
  expect(res.status(), await res.text()).toBe(200);
  return context;
}

/** The síndico registers a visit for the morador's unit (Ana's, Torre A - 101), as the gate would. */
async function pendingForAna(browser: Browser, baseURL: string, nome: string, motivo?: string) {
  const morador = await signedInContext(browser, baseURL, "morador");
  const units = await (await morador.request.get("/api/unidades")).json();
  await morador.close();
  const unidade = units.items.find((u: { codigo: string; torre: string | null }) => u.codigo === "101");
  expect(unidade, "a unidade 101 da Ana").toBeDefined();
  const sindico = await signedInContext(browser, baseURL, "sindico");
  const created = await sindico.request.post("/api/solicitacoes", {
    data: { condominio_id: unidade.condominio_id, unidade_id: unidade.id, nome_visitante: nome, motivo },
    headers: { origin: baseURL },
  });
  expect(created.status(), await created.text()).toBe(201);
  const body = (await created.json()) as { id: string };
  await sindico.close();
  return body;
}

/** The porteiro, on a tablet, with the request's detail open and its event stream connected. */
async function porteiroOnDetail(browser: Browser, baseURL: string, id: string) {
  const context = await signedInContext(browser, baseURL, "porteiro");
  const page = await context.newPage();
  await page.setViewportSize(TABLET);
  await page.goto(`/app/solicitacoes/${id}`);
  await expect(page.getByRole("heading", { level: 1, name: `Solicitação #${id.slice(0, 8)}` })).toBeVisible();
  await expect(page.getByRole("region", { name: "Ações" })).toBeVisible();
  // Let the event stream connect before the resident acts.
  await page.waitForTimeout(500);
  return { context, page };
}

async function noHorizontalScroll(page: Page) {
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  expect(overflow, "rolagem horizontal").toBeLessThanOrEqual(0);
}

const aguardando = (page: Page) => page.getByRole("region", { name: "Aguardando sua decisão" });

test.describe("a morador on a 360 px phone", () => {
  test.use({ viewport: PHONE });

  test("authorises their unit's pending request from the home; the porteiro sees it live, pelo aplicativo", async ({
    page,
    browser,
    baseURL,
    loginAs,
  }) => {
    const nome = unique("Visita do Aplicativo");
    const { id } = await pendingForAna(browser, baseURL!, nome, "Jantar de família");
    const porteiro = await porteiroOnDetail(browser, baseURL!, id);

    await loginAs("morador");
    await page.goto("/app/dashboard");
    await expect(page.getByRole("heading", { level: 1 })).toContainText(MINHA_UNIDADE);
    const item = aguardando(page).getByRole("listitem").filter({ hasText: nome });
    await expect(item).toBeVisible();
    await expect(item).toContainText(MINHA_UNIDADE);
    await expect(item).toContainText("Motivo: Jantar de família");
    await noHorizontalScroll(page);

    await item.getByRole("button", { name: `Autorizar a entrada de ${nome}` }).click();
    const dialog = page.getByRole("alertdialog");
    await expect(dialog).toContainText(
      "Tem certeza que deseja autorizar esta solicitação? O visitante será liberado para entrar no condomínio.",
    );
    await noHorizontalScroll(page);
    await dialog.getByRole("button", { name: "Autorizar" }).click();
    await expect(page.getByText(`Entrada de ${nome} autorizada`)).toBeVisible();
    await expect(item).toHaveCount(0);
    // The section takes the focus from the removed buttons.
    await expect(aguardando(page)).toBeFocused();

    // The porteiro's screen, no reload: authorised by Ana, "pelo aplicativo", and a toast that names her.
    const p = porteiro.page;
    await expect(p.getByTestId("decisao")).toContainText(`Autorizado`, { timeout: 5000 });
    await expect(p.getByTestId("decisao")).toContainText(`por ${DEMO.morador.name} pelo aplicativo`);
    await expect(p.getByRole("region", { name: "Ações" })).toHaveCount(0);
    await expect(p.getByTestId("linha-do-tempo")).toContainText(`Por ${DEMO.morador.name}, pelo aplicativo`);
    await expect(p.getByText(`Morador autorizou a entrada de ${nome}`)).toBeVisible();
    await porteiro.context.close();
  });

  test("denies with a reason: a reason too long is refused in pt-BR, and the porteiro reads the one sent", async ({
    page,
    browser,
    baseURL,
    loginAs,
  }) => {
    const nome = unique("Entregador Negado");
    const { id } = await pendingForAna(browser, baseURL!, nome);
    const porteiro = await porteiroOnDetail(browser, baseURL!, id);

    await loginAs("morador");
    await page.goto("/app/dashboard");
    const item = aguardando(page).getByRole("listitem").filter({ hasText: nome });
    await item.getByRole("button", { name: `Negar a entrada de ${nome}` }).click();
    const dialog = page.getByRole("alertdialog", { name: "Negar solicitação" });
    const motivo = dialog.getByRole("textbox", { name: "Motivo (opcional)" });
    await motivo.fill("x".repeat(281));
    await dialog.getByRole("button", { name: "Negar" }).click();
    await expect(motivo).toHaveAccessibleDescription(/O motivo deve ter no máximo 280 caracteres/);
    await expect(dialog).toBeVisible();
    await noHorizontalScroll(page);
    // Nothing was decided.
    await expect(porteiro.page.getByRole("region", { name: "Ações" })).toBeVisible();

    await motivo.fill("Não pedi nenhuma entrega.");
    await dialog.getByRole("button", { name: "Negar" }).click();
    await expect(page.getByText(`Entrada de ${nome} negada`)).toBeVisible();
    await expect(item).toHaveCount(0);

    const p = porteiro.page;
    await expect(p.getByTestId("decisao")).toContainText(`Negado`, { timeout: 5000 });
    await expect(p.getByTestId("decisao")).toContainText("pelo aplicativo");
    await expect(p.getByTestId("motivo-negacao")).toHaveText("Não pedi nenhuma entrega.");
    await expect(p.getByTestId("motivo-negacao-linha")).toHaveText("Motivo: Não pedi nenhuma entrega.");
    await porteiro.context.close();
  });

  test.describe("accessibility", () => {
    // Toasts of other sessions' changes may appear at any moment; checked at rest, not mid-fade.
    test.use({ reducedMotion: "reduce" });

    for (const theme of ["light", "dark"] as const) {
      test(`the home with a pending request has no axe violations and no horizontal scroll (${theme})`, async ({
        page,
        browser,
        baseURL,
        loginAs,
      }) => {
        const nome = unique(`Visita Axe ${theme}`);
        await pendingForAna(browser, baseURL!, nome);
        await loginAs("morador");
        await page.addInitScript((value) => window.localStorage.setItem("theme", value), theme);
        await page.goto("/app/dashboard");
        await expect(page.locator("html")).toHaveClass(new RegExp(`\\b${theme}\\b`));
        await expect(aguardando(page).getByRole("listitem").filter({ hasText: nome })).toBeVisible();
        await expect(page.locator('[data-slot="skeleton"]')).toHaveCount(0);
        await noHorizontalScroll(page);
        const results = await new AxeBuilder({ page }).analyze();
        expect(describeViolations(results.violations)).toEqual([]);

        // The deny dialog, with its reason field, too.
        await aguardando(page)
          .getByRole("listitem")
          .filter({ hasText: nome })
          .getByRole("button", { name: `Negar a entrada de ${nome}` })
          .click();
        await expect(page.getByRole("alertdialog", { name: "Negar solicitação" })).toBeVisible();
        const dialogResults = await new AxeBuilder({ page }).include('[role="alertdialog"]').analyze();
        expect(describeViolations(dialogResults.violations)).toEqual([]);
        await page.keyboard.press("Escape");
        await expect(page.getByRole("alertdialog")).toHaveCount(0);
      });
    }
  });
});

test.describe("another unit", () => {
  // The console's own read of the request answers 404, as the test expects.
  test.use({ allowedConsoleErrors: [/status of 404/] });

  test("another unit's request offers the morador nothing to decide", async ({ page, baseURL, loginAs }) => {
    // A request of a unit that is not Ana's: 404 on her detail, as another tenant's.
    await loginAs("porteiro");
    const request = page.context().request;
    const condos = await (await request.get("/api/condominios")).json();
    const condo = condos.items.find((c: { nome: string }) => c.nome === "Residencial Jardim das Acácias");
    const units = await (await request.get(`/api/unidades?condominio_id=${condo.id}&status=ativa&page_size=50`)).json();
    const other = units.items.find((u: { codigo: string }) => u.codigo !== "101");
    const created = await request.post("/api/solicitacoes", {
      data: { condominio_id: condo.id, unidade_id: other.id, nome_visitante: unique("Visita do Vizinho") },
      headers: { origin: baseURL! },
    });
    expect(created.status()).toBe(201);
    const { id } = (await created.json()) as { id: string };
    await page.context().clearCookies();

    await loginAs("morador");
    const decided = await page.context().request.post(`/api/solicitacoes/${id}/autorizar`, {
      data: {},
      headers: { origin: baseURL! },
    });
    expect(decided.status()).toBe(404);
    await page.goto(`/app/solicitacoes/${id}`);
    await expect(page.getByText("Solicitação não encontrada").first()).toBeVisible();
    await expect(page.getByRole("button", { name: "Autorizar" })).toHaveCount(0);
  });
});
