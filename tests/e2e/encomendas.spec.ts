/**
 * Deliveries end to end (docs/product.md, "Encomendas"): the porteiro, on a tablet, registers a package for
 * the demo morador's unit; the demo message to the residents ("Mensagens enviadas (demonstração)") carries the
 * pickup code; the morador, on a phone in another browser, sees the package waiting with the same code; the
 * porteiro types the code and records who collected it; both screens show "Retirada" without a reload; the
 * same code a second time is refused saying when and by whom. axe checks each new screen.
 */
import { type Browser, chromium, type Page } from "@playwright/test";
import { expectNoAxeViolations, expectNoHorizontalScroll } from "./axe";
import { barcodeVideo, fakeVideoCamera, qrVideo } from "./fake-video";
import { DEMO, expect, test } from "./fixtures";

const CONDOMINIO = "Residencial Jardim das Acácias";
/** The demo morador's unit (src/server/db/seed/demo.ts). */
const UNIDADE = "Torre A - Unidade 101";
const TABLET = { width: 1024, height: 768 };
const PHONE = { width: 390, height: 844 };

// Dialogs and toasts fade: without motion axe checks them at rest. The second hand-over is a 409 by design.
test.use({ reducedMotion: "reduce", viewport: TABLET, allowedConsoleErrors: [/status of 409/] });

async function signedInPage(browser: Browser, baseURL: string, role: keyof typeof DEMO, viewport = PHONE) {
  const context = await browser.newContext({
    baseURL,
    locale: "pt-BR",
    timezoneId: "America/Sao_Paulo",
    reducedMotion: "reduce",
    viewport,
    hasTouch: true,
    isMobile: true,
  });
  const res = await context.request.post("/api/auth/sign-in/email", {
    data: { email: DEMO[role].email, password: DEMO[role].password },
    headers: { origin: baseURL },
  });
  expect(res.status()).toBe(200);
  const page = await context.newPage();
  const problems: string[] = [];
  page.on("console", (msg) => {
    if (msg.type() === "error") problems.push(msg.text());
  });
  page.on("pageerror", (error) => problems.push(error.message));
  return { context, page, problems };
}

/** A Radix select of a form or filter: open it by its label, pick the option. */
async function choose(page: Page, label: string, option: string) {
  await page.getByRole("combobox", { name: label }).click();
  await page.getByRole("option", { name: option, exact: true }).click();
}

/** "Receber encomendas": one package for the demo morador's unit, with a tracking code to find it by. */
async function receber(page: Page, rastreio: string) {
  await page.goto("/app/encomendas/nova");
  await expect(page.getByRole("heading", { name: "Receber encomendas", level: 1 })).toBeVisible();
  await choose(page, "Condomínio", CONDOMINIO);
  await page.getByRole("searchbox", { name: "Unidade" }).fill("A 101");
  await page.getByRole("list", { name: "Unidades encontradas" }).getByRole("button", { name: UNIDADE }).click();
  await expect(page.getByTestId("unidade-escolhida")).toHaveText(UNIDADE);
  await choose(page, "Transportadora", "Mercado Livre");
  await page.getByRole("textbox", { name: "Código de rastreio" }).fill(rastreio);
  await page.getByRole("textbox", { name: "Onde está guardada" }).fill("Armário 3");
  await expectNoAxeViolations(page);
  await page.getByRole("button", { name: "Registrar encomenda" }).click();
  await expect(page.getByText("Encomenda registrada", { exact: true })).toBeVisible();
  await expect(page).toHaveURL(/\/app\/encomendas\/[0-9a-f-]{36}$/);
  return page.url().split("/").at(-1)!;
}

test("the porteiro registers a package, the morador sees it waiting, and the code hands it over once", async ({
  page,
  browser,
  baseURL,
  loginAs,
}) => {
  test.setTimeout(120_000);
  const rastreio = `ML${Date.now()}`;

  // The porteiro's tablet: the package for the demo morador's unit.
  await loginAs("porteiro");
  const id = await receber(page, rastreio);
  await expect(page.getByRole("heading", { name: `Mercado Livre · ${rastreio}`, level: 1 })).toBeVisible();
  await expect(page.getByTestId("encomenda-historico")).toContainText("Recebida na portaria");
  await expect(page.getByText("Aguardando retirada").first()).toBeVisible();

  // The residents' notice, sent by the job in a moment: the demo panel shows its text with the pickup code.
  const mensagem = page.getByTestId("mensagem-demo").first();
  await expect(mensagem).toContainText(/C[óo]digo de retirada: \d{6}/, { timeout: 30_000 });
  await expect(page.getByRole("heading", { name: "Mensagens enviadas (demonstração)" })).toBeVisible();
  const codigo = /C[óo]digo de retirada: (\d{6})/.exec((await mensagem.textContent()) ?? "")![1]!;
  await expectNoAxeViolations(page);

  // The morador's phone: the package waits, with the same code.
  const morador = await signedInPage(browser, baseURL!, "morador");
  await morador.page.goto("/app/encomendas");
  const card = morador.page.locator(`[data-encomenda-id="${id}"]`);
  await expect(card.locator("[data-status]")).toHaveText("Aguardando retirada");
  await expect(card.getByTestId("codigo-retirada")).toHaveText(codigo);

  // The porteiro's list of everything matching the tracking code (all statuses, so the row stays after the hand-over).
  await page.goto(`/app/encomendas?status=todos&q=${rastreio}`);
  await expect(page.getByRole("heading", { name: "Encomendas", level: 1 })).toBeVisible();
  const row = page.locator(`[data-encomenda-id="${id}"]`);
  await expect(row.locator("[data-status]")).toHaveText("Aguardando retirada");
  // The table fits the tablet beside the sidebar: nothing to scroll sideways to reach "Entregar".
  const table = page.getByRole("table");
  expect(await table.evaluate((t) => t.scrollWidth - (t.parentElement?.clientWidth ?? 0))).toBeLessThanOrEqual(0);
  await expectNoAxeViolations(page);

  // "Registrar retirada": the code, the unit's waiting package, who collects.
  await page.getByRole("button", { name: "Registrar retirada" }).click();
  let dialog = page.getByRole("dialog", { name: "Registrar retirada" });
  await expect(dialog.getByRole("combobox", { name: "Condomínio" })).toHaveText(CONDOMINIO);
  await dialog.getByRole("textbox", { name: "Código de retirada" }).fill(codigo);
  await expectNoAxeViolations(page);
  await dialog.getByRole("button", { name: "Consultar código" }).click();
  dialog = page.getByRole("dialog", { name: "Entregar encomendas" });
  await expect(dialog.getByTestId("retirada-unidade")).toHaveText(UNIDADE);
  await expect(dialog.getByRole("checkbox", { name: new RegExp(rastreio) })).toBeChecked();
  await dialog.getByRole("radio", { name: new RegExp(DEMO.morador.name) }).check();
  await expectNoAxeViolations(page);
  await dialog.getByRole("button", { name: "Entregar" }).click();
  await expect(page.getByText("Encomenda entregue", { exact: true })).toBeVisible();
  await expect(dialog).toHaveCount(0);

  // Both screens say "Retirada" by themselves: the porteiro's row and the morador's card (realtime, no reload).
  await expect(row.locator("[data-status]")).toHaveText("Retirada");
  await expect(card.locator("[data-status]")).toHaveText("Retirada");
  await expect(card).toContainText(DEMO.morador.name);

  // The same code again: refused, saying when and by whom.
  await page.getByRole("button", { name: "Registrar retirada" }).click();
  dialog = page.getByRole("dialog", { name: "Registrar retirada" });
  await dialog.getByRole("textbox", { name: "Código de retirada" }).fill(codigo);
  await dialog.getByRole("button", { name: "Consultar código" }).click();
  await expect(dialog.getByRole("alert")).toContainText(
    new RegExp(`já retirada em \\d{2}/\\d{2}/\\d{4} às \\d{2}:\\d{2} por ${DEMO.morador.name}`),
  );

  // The detail's timeline tells who collected and who handed it over.
  await page.keyboard.press("Escape");
  await page.goto(`/app/encomendas/${id}`);
  await expect(page.getByTestId("encomenda-historico")).toContainText(`por ${DEMO.morador.name}`);
  await expect(page.getByTestId("encomenda-historico")).toContainText(`entregue por ${DEMO.porteiro.name}`);

  expect(morador.problems.filter((p) => !/status of 409/.test(p))).toEqual([]);
  await morador.context.close();
});

test("without the code, the hand-over needs a reason", async ({ page, loginAs }) => {
  await loginAs("porteiro");
  const rastreio = `SC${Date.now()}`;
  const id = await receber(page, rastreio);

  await page.goto(`/app/encomendas?q=${rastreio}`);
  const row = page.locator(`[data-encomenda-id="${id}"]`);
  await row.getByRole("button", { name: /^Entregar/ }).click();
  let dialog = page.getByRole("dialog", { name: "Registrar retirada" });
  await dialog.getByRole("button", { name: "Entregar sem código" }).click();
  dialog = page.getByRole("dialog", { name: "Entregar sem código" });
  await dialog.getByRole("button", { name: "Continuar" }).click();
  await expect(dialog.getByRole("checkbox", { name: new RegExp(rastreio) })).toBeChecked();
  await dialog.getByRole("radio", { name: "Outra pessoa" }).check();
  await dialog.getByRole("textbox", { name: "Nome de quem retira" }).fill("Carlos Vizinho");
  await dialog.getByRole("button", { name: "Entregar" }).click();
  await expect(dialog.getByRole("alert")).toHaveText(
    "Para entregar sem o código, informe o motivo (pelo menos 5 caracteres)",
  );
  await dialog.getByRole("textbox", { name: "Motivo da entrega sem código" }).fill("Morador ligou e autorizou");
  await expectNoAxeViolations(page);
  await dialog.getByRole("button", { name: "Entregar" }).click();
  await expect(page.getByText("Encomenda entregue", { exact: true })).toBeVisible();
  // The default list shows what waits: the package left it.
  await expect(row).toHaveCount(0);

  await page.goto(`/app/encomendas/${id}`);
  await expect(page.getByTestId("encomenda-historico")).toContainText("Carlos Vizinho");
  await expect(page.getByTestId("encomenda-historico")).toContainText("motivo: Morador ligou e autorizou");
});

test.describe("on a 360 px phone", () => {
  test.use({ viewport: { width: 360, height: 740 } });

  test("the staff screens fit without scrolling sideways", async ({ page, loginAs }) => {
    await loginAs("porteiro");
    await page.goto("/app/encomendas");
    await expect(page.getByRole("heading", { name: "Encomendas", level: 1 })).toBeVisible();
    await expect(page.getByTestId("results-count")).toBeVisible();
    await expectNoHorizontalScroll(page, 360);
    await expectNoAxeViolations(page);
    await page.goto("/app/encomendas/nova");
    await expect(page.getByRole("heading", { name: "Receber encomendas", level: 1 })).toBeVisible();
    await expectNoHorizontalScroll(page, 360);
  });
});

/**
 * A porteiro's tablet whose camera sees `video` (a browser of its own: the camera is a launch option, one per
 * browser), failing on any console error but those `allowed`.
 */
async function tabletWithCamera(baseURL: string, video: string, allowed: RegExp[] = []) {
  const options = fakeVideoCamera(video);
  const browser = await chromium.launch(options.launchOptions);
  const context = await browser.newContext({
    baseURL,
    locale: "pt-BR",
    timezoneId: "America/Sao_Paulo",
    reducedMotion: "reduce",
    viewport: TABLET,
    permissions: options.permissions,
  });
  const res = await context.request.post("/api/auth/sign-in/email", {
    data: { email: DEMO.porteiro.email, password: DEMO.porteiro.password },
    headers: { origin: baseURL },
  });
  expect(res.status()).toBe(200);
  const page = await context.newPage();
  const problems: string[] = [];
  page.on("console", (msg) => {
    if (msg.type() === "error" && !allowed.some((re) => re.test(msg.text()))) problems.push(msg.text());
  });
  page.on("pageerror", (error) => problems.push(error.message));
  return { browser, page, problems };
}

test("the camera reads a package label's barcode into the tracking code", async ({ baseURL }) => {
  // An EAN-13 held in front of the tablet; Chromium on Linux has no BarcodeDetector, so the reader loaded on
  // demand decodes it.
  const etiqueta = barcodeVideo("789123456789");
  const { browser, page, problems } = await tabletWithCamera(baseURL!, etiqueta.file);
  try {
    await page.goto("/app/encomendas/nova");
    await page.getByRole("button", { name: "Ler código de barras" }).click();
    const camera = page.getByRole("dialog", { name: "Ler código de barras" });
    await expect(camera).toBeVisible();
    await expect(camera).toHaveCount(0, { timeout: 20_000 });
    await expect(page.getByRole("textbox", { name: "Código de rastreio" })).toHaveValue(etiqueta.code);
    expect(problems).toEqual([]);
  } finally {
    await browser.close();
  }
});

test("the camera reads the morador's QR Code into the pickup code", async ({ baseURL }) => {
  // A QR Code whose text is a pickup code no package has: it reaches the API, which says so in the dialog.
  const { browser, page, problems } = await tabletWithCamera(baseURL!, qrVideo("999999"), [/status of 404/]);
  try {
    await page.goto("/app/encomendas");
    await page.getByRole("button", { name: "Registrar retirada" }).click();
    const dialog = page.getByRole("dialog", { name: "Registrar retirada" });
    await choose(page, "Condomínio", CONDOMINIO);
    await dialog.getByRole("button", { name: "Ler QR Code do morador" }).click();
    const camera = page.getByRole("dialog", { name: "Ler QR Code do morador" });
    await expect(camera).toBeVisible();
    await expect(camera).toHaveCount(0, { timeout: 20_000 });
    await expect(dialog.getByRole("textbox", { name: "Código de retirada" })).toHaveValue("999999");
    await expect(dialog.getByRole("alert")).toHaveText(
      "Código de retirada não encontrado neste condomínio. Confira os 6 dígitos.",
    );
    expect(problems).toEqual([]);
  } finally {
    await browser.close();
  }
});
