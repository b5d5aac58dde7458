/**
 * The resident's side of deliveries on a 390 px phone (docs/product.md, "Encomendas"): a package the
 * porteiro registers for the demo morador's unit shows on /app/encomendas as a card with the pickup
 * code in large digits and as a QR Code; "Ciente" acknowledges it; "Quem pode retirar" adds and
 * removes an authorised person; the home's "Encomendas" card lists it with its code; once handed over
 * at the gate both screens show it as "Retirada" without a reload. Axe-clean, no sideways scroll.
 */
import type { APIRequestContext, Browser, Locator, Page } from "@playwright/test";
import { expectNoAxeViolations, expectNoHorizontalScroll } from "./axe";
import { DEMO, expect, test } from "./fixtures";

const PHONE = { width: 390, height: 844 };

const unique = (prefix: string) => `${prefix}${Math.random().toString(36).slice(2, 8).toUpperCase()}`;

async function signedIn(browser: Browser, baseURL: string, who: keyof typeof DEMO) {
  const context = await browser.newContext({ baseURL, locale: "pt-BR", timezoneId: "America/Sao_Paulo" });
  const res = await context.request.post("/api/auth/sign-in/email", {
    data: { email: DEMO[who].email, password: DEMO[who].password },
    headers: { origin: baseURL },
  });
  expect(res.status(), await res.text()).toBe(200);
  return context;
}

/** The demo morador's unit (Ana's, Torre A - 101), as her own session lists it. */
async function anasUnit(request: APIRequestContext) {
  const units = await (await request.get("/api/unidades")).json();
  const unidade = units.items.find((u: { codigo: string }) => u.codigo === "101");
  expect(unidade, "a unidade 101 da Ana").toBeDefined();
  return unidade as { id: string; condominio_id: string };
}

/** The porteiro registers one perishable package for the unit: its id. */
async function receive(
  porteiro: APIRequestContext,
  baseURL: string,
  unidade: { id: string; condominio_id: string },
  rastreio: string,
) {
  const res = await porteiro.post("/api/encomendas", {
    data: {
      condominio_id: unidade.condominio_id,
      unidade_id: unidade.id,
      itens: [{ transportadora: "mercado_livre", rastreio, local: "Armário 3", perecivel: true }],
    },
    headers: { origin: baseURL },
  });
  expect(res.status(), await res.text()).toBe(201);
  const body = (await res.json()) as { itens: { id: string }[] };
  return body.itens[0]!.id;
}

const card = (scope: Page | Locator, text: string) => scope.getByRole("article").filter({ hasText: text });

test.describe("the morador's deliveries on a 390 px phone", () => {
  test.use({ viewport: PHONE });

  test("sees the package with its code and QR Code, acknowledges it, authorises someone, and sees it collected live", async ({
    page,
    browser,
    baseURL,
    loginAs,
  }) => {
    const porteiro = await signedIn(browser, baseURL!, "porteiro");
    await loginAs("morador");
    const unidade = await anasUnit(page.context().request);
    const rastreio = unique("BR");
    const id = await receive(porteiro.request, baseURL!, unidade, rastreio);

    await page.goto("/app/encomendas");
    await expect(page.getByRole("heading", { level: 1, name: "Encomendas" })).toBeVisible();
    const waiting = page.getByRole("region", { name: "Aguardando retirada" });
    const item = card(waiting, rastreio);
    await expect(item).toBeVisible();
    await expect(item.getByRole("heading", { name: "Mercado Livre" })).toBeVisible();
    await expect(item.getByText("Aguardando retirada", { exact: true })).toBeVisible();
    await expect(item.getByText("Perecível", { exact: true })).toBeVisible();
    await expect(item.getByText("Armário 3")).toBeVisible();
    const code = item.getByLabel("Código de retirada");
    await expect(code).toHaveText(/^\d{6}$/);
    const codigo = (await code.textContent())!.trim();
    await expect(item.getByRole("img", { name: `QR Code do código de retirada ${codigo}` })).toBeVisible();
    await expectNoHorizontalScroll(page, PHONE.width);
    await expectNoAxeViolations(page);

    // "Ciente": the button gives way to when it was acknowledged.
    await item.getByRole("button", { name: "Ciente" }).click();
    await expect(item.getByText(/Ciente em \d{2}\/\d{2}\/\d{4}/)).toBeVisible();
    await expect(item.getByRole("button", { name: "Ciente" })).toHaveCount(0);

    // "Quem pode retirar": add, then remove after the confirmation.
    const autorizados = page.getByRole("region", { name: "Quem pode retirar" });
    const form = autorizados.getByRole("form", { name: /Autorizar uma pessoa a retirar/ });
    await form.getByRole("button", { name: "Autorizar" }).click();
    await expect(form.getByText("Nome deve ter pelo menos 2 caracteres")).toBeVisible();
    const nome = `Diarista ${unique("")}`;
    await form.getByLabel("Nome").fill(nome);
    await form.getByLabel("Documento").fill("12.345.678-9");
    await form.getByRole("button", { name: "Autorizar" }).click();
    const person = autorizados.getByRole("listitem").filter({ hasText: nome });
    await expect(person).toBeVisible();
    await expect(person.getByText("Sem data final")).toBeVisible();
    await expect(form.getByLabel("Nome")).toHaveValue("");
    await expectNoAxeViolations(page);
    await person.getByRole("button", { name: `Remover ${nome}` }).click();
    const confirm = page.getByRole("alertdialog", { name: `Remover ${nome}?` });
    await expect(confirm).toBeVisible();
    await expectNoAxeViolations(page);
    await confirm.getByRole("button", { name: "Remover" }).click();
    await expect(autorizados.getByRole("listitem").filter({ hasText: nome })).toHaveCount(0);

    // The home's card lists it with its code.
    await page.goto("/app/dashboard");
    const home = page.getByRole("region", { name: "Encomendas", exact: true });
    const homeItem = card(home, "Mercado Livre").filter({ hasText: codigo }).first();
    await expect(home.getByText(/encomendas? aguardando retirada/)).toBeVisible();
    await expect(homeItem.getByLabel("Código de retirada")).toHaveText(codigo);
    await expect(home.getByRole("link", { name: "Ver encomendas" })).toHaveAttribute("href", "/app/encomendas");
    await expectNoHorizontalScroll(page, PHONE.width);
    await expectNoAxeViolations(page);

    // Handed over at the gate: the home shows it "Retirada" without a reload, then so does the screen.
    const retirada = await porteiro.request.post("/api/encomendas/retiradas", {
      data: {
        condominio_id: unidade.condominio_id,
        encomenda_ids: [id],
        metodo: "codigo",
        codigo,
        retirada_por: { nome: "Carlos Entregue" },
      },
      headers: { origin: baseURL! },
    });
    expect(retirada.status(), await retirada.text()).toBe(200);
    const recentes = home.getByRole("list", { name: "Encomendas retiradas nas últimas 24 horas" });
    await expect(recentes.getByRole("article").filter({ hasText: "Carlos Entregue" }).first()).toContainText(
      "Retirada",
    );
    await expect(home.getByRole("list", { name: "Encomendas aguardando retirada" }).getByText(codigo)).toHaveCount(0);

    await page.getByRole("link", { name: "Ver encomendas" }).click();
    await expect(page.getByRole("heading", { level: 1, name: "Encomendas" })).toBeVisible();
    await expect(card(page.getByRole("region", { name: "Aguardando retirada" }), rastreio)).toHaveCount(0);
    const collected = card(page.getByRole("region", { name: "Retiradas" }), rastreio);
    await expect(collected.getByText("Retirada", { exact: true })).toBeVisible();
    await expect(collected.getByText("Carlos Entregue")).toBeVisible();
    await expect(collected.getByLabel("Código de retirada")).toHaveCount(0);
    await expectNoAxeViolations(page);
    await porteiro.close();
  });

  test("the screen with a waiting package is axe-clean in the dark theme", async ({
    page,
    browser,
    baseURL,
    loginAs,
  }) => {
    const porteiro = await signedIn(browser, baseURL!, "porteiro");
    await loginAs("morador");
    const rastreio = unique("DK");
    await receive(porteiro.request, baseURL!, await anasUnit(page.context().request), rastreio);
    await porteiro.close();

    await page.addInitScript(() => window.localStorage.setItem("theme", "dark"));
    await page.goto("/app/encomendas");
    await expect(page.locator("html")).toHaveClass(/\bdark\b/);
    const item = card(page.getByRole("region", { name: "Aguardando retirada" }), rastreio);
    await expect(item.getByRole("img", { name: /QR Code do código de retirada \d{6}/ })).toBeVisible();
    await expect(page.getByRole("region", { name: "Quem pode retirar" }).getByRole("form")).toBeVisible();
    await expectNoHorizontalScroll(page, PHONE.width);
    await expectNoAxeViolations(page);
  });
});
