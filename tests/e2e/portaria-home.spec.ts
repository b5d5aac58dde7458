/**
 * Portaria as the porteiro's home (docs/product.md, "Portaria"), on the 1024×768 tablet at the gate:
 * sign-in lands on it, the device remembers its condominium across reloads and sign-ins, a visitor
 * is registered without leaving it, with their photo (docs/decisions/039-visitor-photos.md), a gate
 * opened (an authorisation, a pass) is an entry at once (docs/decisions/033-gate-opening-is-entry.md)
 * that "Entradas e saídas" shows, and a pass holder's face is taken on the pass's detail.
 */
import type { Page } from "@playwright/test";
import { expectNoAxeViolations } from "./axe";
import { FAKE_CAMERA, takePhoto } from "./camera";
import { DEMO, expect, openUserMenu, test } from "./fixtures";
import { CHOOSER_HEADING, passForToday } from "./portaria";

const CONDOMINIO = "Residencial Jardim das Acácias";
const unique = (prefix: string) => `${prefix} ${Math.random().toString(36).slice(2, 8)}`;

// The tablet, with Chromium's fake camera and its permission granted.
test.use({ ...FAKE_CAMERA, viewport: { width: 1024, height: 768 } });

/** An image once the browser decoded it. */
async function expectDecoded(image: ReturnType<Page["getByRole"]>) {
  await expect(image).toBeVisible();
  await expect.poll(() => image.evaluate((el: HTMLImageElement) => el.complete && el.naturalWidth)).toBeGreaterThan(0);
}

async function signIn(page: import("@playwright/test").Page) {
  await page.goto("/login");
  await page.getByLabel("E-mail").fill(DEMO.porteiro.email);
  await page.getByLabel("Senha", { exact: true }).fill(DEMO.porteiro.password);
  await page.getByRole("button", { name: "Entrar" }).click();
}

test("the porteiro's tablet: lands on Portaria, keeps its condominium, receives a visitor and lets a pass in", async ({
  page,
  baseURL,
}) => {
  test.slow();
  await signIn(page);
  await expect(page).toHaveURL(/\/app\/portaria$/);
  // A new device at an administradora with several condominiums asks which gate it is.
  await expect(page.getByRole("heading", { name: CHOOSER_HEADING })).toBeVisible();
  await page.getByRole("button", { name: CONDOMINIO }).click();
  const select = page.getByRole("combobox", { name: "Condomínio da portaria" });
  await expect(select).toContainText(CONDOMINIO);

  await page.reload();
  await expect(select).toContainText(CONDOMINIO);
  await expect(page.getByRole("heading", { name: CHOOSER_HEADING })).toHaveCount(0);

  // Out and back in on the same device: the same gate, no question.
  await openUserMenu(page);
  await page.getByRole("menuitem", { name: "Sair" }).click();
  await expect(page).toHaveURL(/\/login/);
  await signIn(page);
  await expect(page).toHaveURL(/\/app\/portaria$/);
  await expect(select).toContainText(CONDOMINIO);

  // A visitor at the gate, registered without leaving the screen; the camera works in this document,
  // loaded at /login (every page of the web client may use the camera: CONSOLE_PERMISSIONS_POLICY).
  const visitante = unique("Visitante Portaria");
  await page.getByRole("button", { name: "Novo visitante" }).click();
  const dialog = page.getByRole("dialog", { name: "Novo visitante" });
  await dialog.getByRole("combobox", { name: "Unidade" }).click();
  await page.getByRole("option", { name: /101/ }).first().click();
  await dialog.getByLabel("Nome do visitante").fill(visitante);
  const foto = dialog.getByRole("group", { name: "Foto do visitante" });
  await takePhoto(page, foto.getByRole("button", { name: "Tirar foto" }));
  await expect(foto.getByRole("img", { name: "Foto do visitante, ainda não enviada" })).toBeVisible();
  await expectNoAxeViolations(page);
  await dialog.getByRole("button", { name: "Avisar moradores" }).click();
  await expect(dialog).toHaveCount(0);
  await expect(page).toHaveURL(/\/app\/portaria$/);
  const aguardando = page.getByTestId("aguardando");
  const row = aguardando.getByRole("listitem").filter({ hasText: visitante });
  await expect(row).toBeVisible();
  const detalhe = await row.getByRole("link", { name: visitante }).getAttribute("href");

  // The resident said yes on the intercom: the porteiro authorises, and the visitor is inside at once.
  await row.getByRole("button", { name: `Autorizar ${visitante}` }).click();
  await expect(row).toHaveCount(0);
  const presentes = page.getByTestId("presentes");
  const inside = presentes.getByRole("listitem").filter({ hasText: visitante });
  await expect(inside).toBeVisible();
  // They turned back at the gate: "Não entrou" takes them out, and the log keeps the visit marked.
  await inside.getByRole("button", { name: `Não entrou (${visitante})` }).click();
  await expect(inside).toHaveCount(0);

  // A pass at the gate: "Liberado" is the entry, with nothing else to tap.
  const diarista = unique("Diarista Passe");
  const pin = await passForToday(page.context().request, baseURL!, CONDOMINIO, diarista, "101");
  await page.getByLabel("PIN do passe").fill(pin);
  await page.getByRole("button", { name: "Validar", exact: true }).click();
  const resultado = page.getByTestId("resultado-validacao");
  await expect(resultado).toContainText("Liberado");
  await expect(resultado).toContainText("Entrada registrada.");
  await expect(presentes.getByRole("listitem").filter({ hasText: diarista })).toBeVisible();
  await resultado.getByRole("button", { name: "Concluir" }).click();
  await expect(page.getByLabel("PIN do passe")).toBeFocused();

  // "Entradas e saídas" tells the same story.
  await page.goto(`/app/acessos?q=${encodeURIComponent(diarista)}`);
  await expect(page.getByRole("heading", { name: "Entradas e saídas", level: 1 })).toBeVisible();
  const passRow = page.getByRole("row").filter({ hasText: diarista });
  await expect(passRow).toContainText("No condomínio");
  await page.goto(`/app/acessos?q=${encodeURIComponent(visitante)}`);
  await expect(page.getByRole("row").filter({ hasText: visitante })).toContainText("Não entrou");

  // The photo taken in "Novo visitante" went with the request.
  await page.goto(detalhe!);
  await expectDecoded(page.getByTestId("foto-grande").getByRole("img", { name: `Foto do visitante ${visitante}` }));
});

test("the pass holder's face, taken on the pass's detail, shows there; a revoked pass takes no other", async ({
  page,
  loginAs,
  baseURL,
}) => {
  await loginAs("porteiro");
  const request = page.context().request;
  const nome = unique("Titular Foto");
  await passForToday(request, baseURL!, CONDOMINIO, nome, "101");
  const passes = await (await request.get(`/api/passes?q=${encodeURIComponent(nome)}`)).json();
  const id = passes.items[0].id as string;

  await page.goto(`/app/passes/${id}`);
  await expect(
    page.getByText("A foto aparece na portaria quando o passe for usado, para conferir o rosto."),
  ).toBeVisible();
  await takePhoto(page, page.getByRole("button", { name: "Adicionar foto do titular" }));
  // "processando" first; the pass's event brings the face a moment later.
  await expectDecoded(page.getByRole("img", { name: `Foto de ${nome}` }));
  await expect(page.getByRole("button", { name: "Trocar foto" })).toBeVisible();
  await expectNoAxeViolations(page);
  // The same on a 360 px phone: nothing runs off the side.
  await page.setViewportSize({ width: 360, height: 740 });
  await expect(page.getByRole("button", { name: "Trocar foto" })).toBeVisible();
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);

  const revoked = await request.post(`/api/passes/${id}/revogar`, { data: {}, headers: { origin: baseURL! } });
  expect(revoked.status(), await revoked.text()).toBe(200);
  await page.reload();
  await expectDecoded(page.getByRole("img", { name: `Foto de ${nome}` }));
  await expect(page.getByRole("button", { name: "Trocar foto" })).toHaveCount(0);
});
