/**
 * The visitor's photo in the console (docs/decisions/039-visitor-photos.md), with Chromium's fake
 * camera: the porteiro takes it on the new-request form, the detail shows it through a signed address
 * that nobody else can open, a chosen file works as well, the resident sees the photo of a visit to
 * their unit, and the camera's dialog and the card pass axe and fit a 360 px phone.
 */
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import type { APIRequestContext, Locator, Page } from "@playwright/test";
import sharp from "sharp";
import { expectNoAxeViolations, expectNoHorizontalScroll } from "./axe";
import { FAKE_CAMERA } from "./camera";
import { DEMO, expect, test } from "./fixtures";

test.use(FAKE_CAMERA);

const CONDOMINIO = "Residencial Jardim das Acácias";
const PHONE = { width: 360, height: 740 };
const unique = (prefix: string) => `${prefix} ${Math.random().toString(36).slice(2, 8)}`;

/** A small JPEG of a plain colour, written where the file picker can take it. */
async function jpegFile(name: string): Promise<string> {
  const file = path.join(fs.mkdtempSync(path.join(os.tmpdir(), "guarita-foto-")), name);
  await sharp({ create: { width: 800, height: 600, channels: 3, background: { r: 200, g: 120, b: 80 } } })
    .jpeg()
    .toFile(file);
  return file;
}

/** A pending request of the demo tenant for a unit, created through the API. */
async function createViaApi(request: APIRequestContext, baseURL: string, nome: string, unidade: string) {
  const condos = await (await request.get("/api/condominios")).json();
  const condo = condos.items.find((c: { nome: string }) => c.nome === CONDOMINIO);
  const units = await (await request.get(`/api/unidades?condominio_id=${condo.id}&status=ativa`)).json();
  const unit = units.items.find((u: { codigo: string; torre: string | null }) => `${u.torre} ${u.codigo}` === unidade);
  expect(unit, `unidade ${unidade}`).toBeTruthy();
  const res = await request.post("/api/solicitacoes", {
    data: { condominio_id: condo.id, unidade_id: unit.id, tipo: "visitante", nome_visitante: nome },
    headers: { origin: baseURL },
  });
  expect(res.status(), await res.text()).toBe(201);
  return (await res.json()) as { id: string };
}

/** The large photo of the detail, once the browser decoded it. */
async function expectPhotoLoaded(page: Page, nome: string): Promise<Locator> {
  const img = page.getByTestId("foto-grande").getByRole("img", { name: `Foto do visitante ${nome}` });
  await expect(img).toBeVisible();
  await expect.poll(() => img.evaluate((el: HTMLImageElement) => el.complete && el.naturalWidth)).toBeGreaterThan(0);
  return img;
}

/** A list's thumbnail of the visitor (`within` a row), once the browser decoded it. */
async function expectThumbnailLoaded(within: Locator, nome: string) {
  const img = within.getByRole("img", { name: `Foto de ${nome}` });
  await expect(img).toBeVisible();
  await expect.poll(() => img.evaluate((el: HTMLImageElement) => el.complete && el.naturalWidth)).toBeGreaterThan(0);
}

/** Records every camera stream the page opens, so a test can tell they were all stopped. */
async function watchCameraStreams(page: Page) {
  await page.addInitScript(() => {
    const streams: MediaStream[] = [];
    (window as unknown as { __streams: MediaStream[] }).__streams = streams;
    const original = navigator.mediaDevices.getUserMedia.bind(navigator.mediaDevices);
    navigator.mediaDevices.getUserMedia = async (constraints) => {
      const stream = await original(constraints);
      streams.push(stream);
      return stream;
    };
  });
}

/** How many camera tracks are still live (not stopped), of how many opened. */
function liveTracks(page: Page) {
  return page.evaluate(() => {
    const tracks = (window as unknown as { __streams: MediaStream[] }).__streams.flatMap((s) => s.getTracks());
    return { opened: tracks.length, live: tracks.filter((t) => t.readyState === "live").length };
  });
}

async function signIn(request: APIRequestContext, baseURL: string, role: keyof typeof DEMO) {
  const res = await request.post("/api/auth/sign-in/email", {
    data: { email: DEMO[role].email, password: DEMO[role].password },
    headers: { origin: baseURL },
  });
  expect(res.status()).toBe(200);
}

test("the camera dialog: Esc releases the camera, capture and retake, remove, all by keyboard too", async ({
  page,
  loginAs,
}) => {
  // Several camera sessions and two axe runs beside a live video: slow on a busy machine.
  test.slow();
  await loginAs("porteiro");
  await watchCameraStreams(page);
  await page.goto("/app/solicitacoes/nova");
  const secao = page.getByRole("group", { name: "Foto do visitante" });
  await expect(secao).toContainText("A foto aparece para o morador decidir e é apagada após");
  const tirar = secao.getByRole("button", { name: "Tirar foto" });
  const dialog = page.getByRole("dialog", { name: "Foto do visitante" });
  const capturar = dialog.getByRole("button", { name: "Capturar" });

  // Closed with Esc: the camera stops and the focus is back on the button.
  await tirar.click();
  await expect(capturar).toBeEnabled();
  await page.keyboard.press("Escape");
  await expect(dialog).toBeHidden();
  await expect(tirar).toBeFocused();
  await expect.poll(() => liveTracks(page)).toEqual({ opened: 1, live: 0 });

  await tirar.click();
  // The live image is on screen and the next step has the focus.
  await expect(capturar).toBeFocused();
  await expect
    .poll(() => dialog.getByTestId("camera-video").evaluate((v: HTMLVideoElement) => v.videoWidth))
    .toBeGreaterThan(0);
  await expectNoAxeViolations(page);

  await capturar.click();
  await expect(dialog.getByRole("img", { name: "Foto capturada, ainda não enviada" })).toBeVisible();
  await expect(dialog.getByRole("button", { name: "Usar foto" })).toBeFocused();
  await expectNoAxeViolations(page);
  // Retake once: the live image comes back at once.
  await dialog.getByRole("button", { name: "Tirar outra" }).click();
  await expect(capturar).toBeFocused();
  await capturar.click();
  await dialog.getByRole("button", { name: "Usar foto" }).click();
  await expect(dialog).toBeHidden();
  // The camera is released with the dialog.
  await expect.poll(() => page.locator("video").count()).toBe(0);
  await expect.poll(() => liveTracks(page)).toEqual({ opened: 2, live: 0 });

  const preview = secao.getByRole("img", { name: "Foto do visitante, ainda não enviada" });
  await expect(preview).toBeVisible();
  await expect(secao.getByRole("button", { name: "Tirar outra" })).toBeFocused();
  // Removed, then taken again: the focus goes to the camera button, which takes it anew.
  await secao.getByRole("button", { name: "Remover" }).click();
  await expect(preview).toHaveCount(0);
  await expect(tirar).toBeFocused();
  await tirar.press("Enter");
  await expect(capturar).toBeFocused();
  await capturar.press("Enter");
  await dialog.getByRole("button", { name: "Usar foto" }).press("Enter");
  await expect(preview).toBeVisible();
  await expect.poll(() => liveTracks(page)).toEqual({ opened: 3, live: 0 });
});

test("the porteiro takes the visitor's photo on the new request; only they can open its address", async ({
  page,
  loginAs,
  browser,
  baseURL,
}) => {
  // The form, the camera, the detail's axe run and three other sessions.
  test.slow();
  await loginAs("porteiro");
  const nome = unique("Visitante Foto");
  await page.goto("/app/solicitacoes/nova");
  await page.getByRole("combobox", { name: "Condomínio" }).click();
  await page.getByRole("option", { name: CONDOMINIO }).click();
  const unidade = page.getByRole("combobox", { name: "Unidade" });
  await expect(unidade).toBeEnabled();
  await unidade.click();
  // Not the demo morador's unit (Torre A 101): she must not open this photo.
  await page.getByRole("option", { name: "Torre A - Unidade 102" }).click();
  await page.getByLabel("Nome completo").fill(nome);

  const secao = page.getByRole("group", { name: "Foto do visitante" });
  await secao.getByRole("button", { name: "Tirar foto" }).click();
  const dialog = page.getByRole("dialog", { name: "Foto do visitante" });
  await dialog.getByRole("button", { name: "Capturar" }).click();
  await dialog.getByRole("button", { name: "Usar foto" }).click();
  await expect(secao.getByRole("img", { name: "Foto do visitante, ainda não enviada" })).toBeVisible();
  await page.getByRole("button", { name: "Criar Solicitação" }).click();

  await expect(page).toHaveURL(/\/app\/solicitacoes\/[0-9a-f-]{36}$/);
  const img = await expectPhotoLoaded(page, nome);
  const fotos = page.getByTestId("fotos");
  await expect(fotos.getByTestId("foto-origem")).toHaveText("Tirada na portaria");
  await expect(fotos).toContainText(DEMO.porteiro.name);
  await expect(page.getByTestId("linha-do-tempo").getByText("Foto tirada na portaria")).toBeVisible();
  await expectNoAxeViolations(page);

  // The address works for this session…
  const src = (await img.getAttribute("src"))!;
  expect(src).toMatch(/^\/api\/fotos\/[0-9a-f-]{36}\/exibicao\?exp=\d+&sig=[\w-]{43}$/);
  const own = await page.context().request.get(src);
  expect(own.status()).toBe(200);
  expect(own.headers()["content-type"]).toBe("image/jpeg");
  expect(own.headers()["cache-control"]).toContain("private");

  // …not signed out…
  const anonymous = await browser.newContext({ baseURL });
  expect((await anonymous.request.get(src)).status()).toBe(401);
  await anonymous.close();

  // …not for a resident of another unit…
  const morador = await browser.newContext({ baseURL });
  await signIn(morador.request, baseURL!, "morador");
  expect([403, 404]).toContain((await morador.request.get(src)).status());
  await morador.close();

  // …and not with a signature changed (its first character: the last one's low bits are padding).
  const tampered = src.replace(/sig=(.)/, (_, c: string) => `sig=${c === "A" ? "B" : "A"}`);
  expect((await page.context().request.get(tampered)).status()).toBe(403);

  // The requests' list and the dashboard's latest show it as a thumbnail beside the name.
  const id = new URL(page.url()).pathname.split("/").at(-1)!;
  await page.goto("/app/solicitacoes");
  await expectThumbnailLoaded(page.locator(`[data-solicitacao-id="${id}"]:visible`), nome);
  await expectNoAxeViolations(page);
  await page.goto("/app/dashboard");
  await expectThumbnailLoaded(page.getByRole("list", { name: "Solicitações de hoje" }), nome);
});

test("a chosen file is the photo too; thumbnails select among several", async ({ page, loginAs, baseURL }) => {
  await loginAs("porteiro");
  const nome = unique("Arquivo Foto");
  const { id } = await createViaApi(page.context().request, baseURL!, nome, "Torre A 102");
  await page.goto(`/app/solicitacoes/${id}`);
  const fotos = page.getByTestId("fotos");
  await expect(fotos.getByText("Nenhuma foto.")).toBeVisible();

  const file = await jpegFile("visitante.jpg");
  const chooser = page.waitForEvent("filechooser");
  await fotos.getByRole("button", { name: "Escolher arquivo" }).click();
  await (await chooser).setFiles(file);
  await expect(page.getByText("Foto adicionada", { exact: true })).toBeVisible();
  const first = await expectPhotoLoaded(page, nome);
  const firstSrc = await first.getAttribute("src");
  await expect(fotos.getByText("Nenhuma foto.")).toHaveCount(0);

  // A second one, from the camera: it is shown large, the first becomes a thumbnail.
  await fotos.getByRole("button", { name: "Adicionar foto" }).click();
  const dialog = page.getByRole("dialog", { name: "Foto do visitante" });
  await dialog.getByRole("button", { name: "Capturar" }).click();
  await dialog.getByRole("button", { name: "Usar foto" }).click();
  await expect(fotos.getByRole("list", { name: "Fotos do visitante" }).getByRole("button")).toHaveCount(2);
  await expectPhotoLoaded(page, nome);
  await expect(page.getByTestId("foto-grande").getByRole("img")).not.toHaveAttribute("src", firstSrc!);
  await expect(page.getByTestId("linha-do-tempo").getByText("Foto tirada na portaria")).toHaveCount(2);

  const primeira = fotos.getByRole("button", { name: /^Foto 1 de 2/ });
  await primeira.click();
  await expect(primeira).toHaveAttribute("aria-pressed", "true");
  await expect(page.getByTestId("foto-grande").getByRole("img")).toHaveAttribute("src", firstSrc!);
  await expectPhotoLoaded(page, nome);

  // A file that is not an image is refused before anything is sent.
  const chooser2 = page.waitForEvent("filechooser");
  await fotos.getByRole("button", { name: "Escolher arquivo" }).click();
  await (await chooser2).setFiles({ name: "documento.pdf", mimeType: "application/pdf", buffer: Buffer.from("%PDF") });
  await expect(fotos.getByRole("alert")).toHaveText("Escolha uma imagem JPEG, PNG ou WebP.");
});

test("the camera refused: the reason, the way out, and the file picker from the dialog", async ({
  page,
  loginAs,
  baseURL,
}) => {
  await loginAs("porteiro");
  await page.addInitScript(() => {
    navigator.mediaDevices.getUserMedia = () => Promise.reject(new DOMException("negado", "NotAllowedError"));
  });
  const { id } = await createViaApi(page.context().request, baseURL!, unique("Sem Camera"), "Torre A 102");
  await page.goto(`/app/solicitacoes/${id}`);
  await page.getByTestId("fotos").getByRole("button", { name: "Adicionar foto" }).click();
  const dialog = page.getByRole("dialog", { name: "Foto do visitante" });
  await expect(dialog.getByRole("alert")).toContainText(
    "Permita o acesso à câmera nas configurações do navegador, ou escolha um arquivo.",
  );
  await expect(dialog.getByRole("button", { name: "Tentar novamente" })).toBeFocused();
  await expectNoAxeViolations(page);

  const chooser = page.waitForEvent("filechooser");
  await dialog.getByRole("button", { name: "Escolher arquivo" }).click();
  await (await chooser).setFiles(await jpegFile("porta.jpg"));
  await expect(dialog).toBeHidden();
  await expect(page.getByText("Foto adicionada", { exact: true })).toBeVisible();
});

test("the resident sees the photo of a visit to their unit, and adds one only to their own", async ({
  page,
  browser,
  loginAs,
  baseURL,
}) => {
  const porteiro = await browser.newContext({ baseURL });
  await signIn(porteiro.request, baseURL!, "porteiro");
  const nome = unique("Para Morador");
  const { id } = await createViaApi(porteiro.request, baseURL!, nome, "Torre A 101");
  const jpeg = await sharp({ create: { width: 640, height: 480, channels: 3, background: "#3366aa" } })
    .jpeg()
    .toBuffer();
  const upload = await porteiro.request.post(`/api/solicitacoes/${id}/fotos`, {
    data: jpeg,
    headers: { "content-type": "image/jpeg", origin: baseURL! },
  });
  expect(upload.status(), await upload.text()).toBe(201);
  await porteiro.close();

  await loginAs("morador");
  await page.goto(`/app/solicitacoes/${id}`);
  await expectPhotoLoaded(page, nome);
  // The porteiro registered this visit: the resident looks, and does not add.
  await expect(page.getByTestId("fotos").getByRole("button", { name: "Adicionar foto" })).toHaveCount(0);

  const propria = await createViaApi(page.context().request, baseURL!, unique("Minha Visita"), "Torre A 101");
  await page.goto(`/app/solicitacoes/${propria.id}`);
  await expect(page.getByTestId("fotos").getByRole("button", { name: "Adicionar foto" })).toBeVisible();
});

test.describe("an upload that fails", () => {
  test.use({ allowedConsoleErrors: [/status of 422/] });

  test("leaves the request created, and its detail sends the same photo again", async ({ page, loginAs }) => {
    await loginAs("porteiro");
    const nome = unique("Falha Foto");
    await page.goto("/app/solicitacoes/nova");
    await page.getByRole("combobox", { name: "Condomínio" }).click();
    await page.getByRole("option", { name: CONDOMINIO }).click();
    const unidade = page.getByRole("combobox", { name: "Unidade" });
    await expect(unidade).toBeEnabled();
    await unidade.click();
    await page.getByRole("option", { name: "Torre A - Unidade 102" }).click();
    await page.getByLabel("Nome completo").fill(nome);

    const secao = page.getByRole("group", { name: "Foto do visitante" });
    const chooser = page.waitForEvent("filechooser");
    await secao.getByRole("button", { name: "Escolher arquivo" }).click();
    await (await chooser).setFiles(await jpegFile("falha.jpg"));
    await expect(secao.getByRole("img", { name: "Foto do visitante, ainda não enviada" })).toBeVisible();

    // The server refuses the first upload, as it would an unreadable image.
    let refused = 0;
    await page.route(/\/api\/solicitacoes\/[^/]+\/fotos$/, async (route) => {
      if (refused++ > 0) return route.fallback();
      await route.fulfill({
        status: 422,
        json: { error: { code: "IMAGE_UNREADABLE", message: "A imagem está corrompida ou incompleta." } },
      });
    });
    await page.getByRole("button", { name: "Criar Solicitação" }).click();

    await expect(page).toHaveURL(/\/app\/solicitacoes\/[0-9a-f-]{36}$/);
    await expect(page.getByText("A solicitação foi criada, mas a foto não foi enviada")).toBeVisible();
    const fotos = page.getByTestId("fotos");
    const aviso = fotos.getByTestId("foto-nao-enviada");
    await expect(aviso).toContainText("A imagem está corrompida ou incompleta.");
    await expect(fotos.getByText("Nenhuma foto.")).toBeVisible();

    await aviso.getByRole("button", { name: "Enviar a foto de novo" }).click();
    await expect(page.getByText("Foto adicionada", { exact: true })).toBeVisible();
    await expect(aviso).toHaveCount(0);
    await expectPhotoLoaded(page, nome);
    expect(refused).toBe(2);
  });
});

test.describe("on a 360 px phone", () => {
  test.use({ viewport: PHONE });

  test("the photo card and the camera fit", async ({ page, loginAs, baseURL }) => {
    await loginAs("porteiro");
    const nome = unique("Celular Foto");
    const { id } = await createViaApi(page.context().request, baseURL!, nome, "Torre A 102");
    await page.goto(`/app/solicitacoes/${id}`);
    const fotos = page.getByTestId("fotos");
    await fotos.getByRole("button", { name: "Adicionar foto" }).click();
    const dialog = page.getByRole("dialog", { name: "Foto do visitante" });
    await dialog.getByRole("button", { name: "Capturar" }).click();
    const usar = dialog.getByRole("button", { name: "Usar foto" });
    await expect(usar).toBeInViewport();
    const box = await dialog.boundingBox();
    expect(box!.x).toBeGreaterThanOrEqual(0);
    expect(box!.x + box!.width).toBeLessThanOrEqual(PHONE.width);
    await usar.click();

    await expectPhotoLoaded(page, nome);
    await expectNoHorizontalScroll(page, PHONE.width);
    const card = await fotos.boundingBox();
    expect(card!.x + card!.width).toBeLessThanOrEqual(PHONE.width);
    const img = await page.getByTestId("foto-grande").boundingBox();
    expect(img!.x + img!.width).toBeLessThanOrEqual(PHONE.width);
    await expectNoAxeViolations(page);

    // The list's card shows the thumbnail beside the name, within the screen.
    await page.goto("/app/solicitacoes");
    await expectThumbnailLoaded(page.locator(`[data-solicitacao-id="${id}"]:visible`), nome);
    await expectNoHorizontalScroll(page, PHONE.width);
  });
});
