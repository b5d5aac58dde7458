/**
 * The kiosk's photo step (docs/product.md, "Totem"; docs/decisions/039-visitor-photos.md), with
 * Chromium's fake camera: when the attendant asks the visitor to confirm who and where, the tablet's
 * front camera counts 3 seconds and takes the picture; a retake replaces it; the request the visitor's
 * "sim" creates carries it and the console's detail shows it. A visitor who declines is not
 * photographed and the request records the refusal. The camera is off once the step is over.
 */
import type { APIRequestContext, BrowserContext, Page, Response } from "@playwright/test";
import { expectNoAxeViolations, expectNoHorizontalScroll } from "./axe";
import { FAKE_CAMERA } from "./camera";
import { expect, test } from "./fixtures";
import {
  APRESENTACAO,
  cameraTracks,
  createTotem,
  LANDSCAPE,
  openTablet,
  PHONE,
  PORTRAIT,
  pair,
  startConversation,
} from "./totem";

test.use({ launchOptions: FAKE_CAMERA.launchOptions, reducedMotion: "reduce" });

const PRIVACIDADE = "A foto é enviada ao morador para ele decidir e apagada após o prazo do condomínio.";

const fotoPost = (kind: "foto" | "recusa") => (r: Response) =>
  r.request().method() === "POST" &&
  (kind === "foto"
    ? /\/api\/totem\/conversas\/[^/]+\/foto$/.test(new URL(r.url()).pathname)
    : /\/api\/totem\/conversas\/[^/]+\/foto\/recusa$/.test(new URL(r.url()).pathname));

/** Pairs the tablet, starts a conversation and introduces the visitor: returns the conversation's id. */
async function visitorIntroduces(kiosk: Page, link: string): Promise<string> {
  await pair(kiosk, link);
  const { id, mensagem } = await startConversation(kiosk);
  await mensagem.fill(APRESENTACAO);
  await mensagem.press("Enter");
  return id;
}

/** Back at the conversation: the attendant's confirmation is there; "sim" creates the request. */
async function confirmAndGetRequest(kiosk: Page, staff: APIRequestContext, conversaId: string): Promise<string> {
  const conversa = kiosk.getByRole("log", { name: "Conversa com a portaria" });
  await expect(conversa.locator("li[data-autor=atendente]").filter({ hasText: "Confirmando: Carlos" })).toContainText(
    "Está certo?",
  );
  const mensagem = kiosk.getByRole("textbox", { name: "Mensagem" });
  await expect(mensagem).toBeFocused();
  await mensagem.fill("sim");
  await mensagem.press("Enter");
  await expect(conversa).toContainText("avisei os moradores");
  const atendimento = (await (await staff.get(`/api/atendimentos/${conversaId}`)).json()) as {
    solicitacao: { id: string } | null;
  };
  expect(atendimento.solicitacao, "the conversation's request").toBeTruthy();
  return atendimento.solicitacao!.id;
}

let tablets: BrowserContext[] = [];
test.afterEach(async () => {
  await Promise.all(tablets.map((c) => c.close()));
  tablets = [];
});

test("the kiosk photographs the visitor before the residents are asked; a retake replaces it and the console's detail shows it", async ({
  page,
  browser,
  baseURL,
  loginAs,
}) => {
  test.setTimeout(120_000);
  await loginAs("sindico");
  const staff = page.context().request;
  const { link } = await createTotem(staff, baseURL!, "Totem foto");
  const tablet = await openTablet(browser, baseURL!, { camera: true });
  tablets.push(tablet.context);
  const kiosk = tablet.page;

  const firstUpload = kiosk.waitForResponse(fotoPost("foto"));
  const conversaId = await visitorIntroduces(kiosk, link);

  // The attendant asks to confirm: the photo step takes the screen, the front camera live, counting.
  const titulo = kiosk.getByRole("heading", { level: 1, name: "Olhe para a câmera" });
  await expect(titulo).toBeVisible();
  await expect(kiosk.getByText(PRIVACIDADE)).toBeVisible();
  await expect(kiosk.getByRole("button", { name: "Não quero foto" })).toBeVisible();
  await expect(kiosk.getByRole("status").filter({ hasText: /A foto será tirada em [1-3]/ })).toBeVisible();
  await expect
    .poll(() => kiosk.getByTestId("totem-camera").evaluate((v: HTMLVideoElement) => v.videoWidth))
    .toBeGreaterThan(0);

  // Three seconds later the picture is taken and sent at once.
  const first = await firstUpload;
  expect(first.status(), await first.text()).toBe(201);
  const firstId = ((await first.json()) as { id: string }).id;
  await expect(kiosk.getByRole("img", { name: "A sua foto" })).toBeVisible();
  await expect(kiosk.getByRole("button", { name: "Continuar" })).toBeFocused();
  await expect(kiosk.getByRole("button", { name: "Tirar de novo" })).toBeVisible();
  await expectNoAxeViolations(kiosk);
  await kiosk.setViewportSize(PHONE);
  await expectNoHorizontalScroll(kiosk, PHONE.width);
  await expect(kiosk.getByRole("button", { name: "Não quero foto" })).toBeVisible();
  await expectNoAxeViolations(kiosk);
  await kiosk.setViewportSize(LANDSCAPE);
  await expectNoHorizontalScroll(kiosk, LANDSCAPE.width);
  await kiosk.setViewportSize(PORTRAIT);

  // "Tirar de novo": another count, another picture, which replaces the first on the server.
  const secondUpload = kiosk.waitForResponse(fotoPost("foto"));
  await kiosk.getByRole("button", { name: "Tirar de novo" }).click();
  await expect(kiosk.getByRole("status").filter({ hasText: /A foto será tirada em/ })).toBeVisible();
  const second = await secondUpload;
  expect(second.status(), await second.text()).toBe(201);
  const secondId = ((await second.json()) as { id: string }).id;
  expect(secondId).not.toBe(firstId);

  // "Continuar": back to the conversation, the camera off.
  await kiosk.getByRole("button", { name: "Continuar" }).click();
  await expect(titulo).toHaveCount(0);
  await expect.poll(() => cameraTracks(kiosk)).toEqual({ opened: 1, live: 0 });
  const solicitacaoId = await confirmAndGetRequest(kiosk, staff, conversaId);

  const detail = (await (await staff.get(`/api/solicitacoes/${solicitacaoId}`)).json()) as {
    fotos: { id: string; origem: string; status: string }[];
  };
  expect(detail.fotos).toEqual([expect.objectContaining({ id: secondId, origem: "totem", status: "disponivel" })]);

  // The console's detail shows the kiosk's photo.
  await page.goto(`/app/solicitacoes/${solicitacaoId}`);
  const foto = page.getByRole("img", { name: "Foto do visitante Carlos" });
  await expect(foto).toBeVisible();
  await expect.poll(() => foto.evaluate((el: HTMLImageElement) => el.complete && el.naturalWidth)).toBeGreaterThan(0);
  await expect(page.getByText("Totem do portão").first()).toBeVisible();

  expect(tablet.problems, "erros no console do totem").toEqual([]);
});

test("a visitor who declines before the camera opens is not photographed, the camera that opens late goes off, and the request records the refusal", async ({
  page,
  browser,
  baseURL,
  loginAs,
}) => {
  await loginAs("sindico");
  const staff = page.context().request;
  const { link } = await createTotem(staff, baseURL!, "Totem foto");
  const tablet = await openTablet(browser, baseURL!, { camera: true });
  tablets.push(tablet.context);
  const kiosk = tablet.page;
  const uploads: string[] = [];
  kiosk.on("request", (r) => {
    if (r.method() === "POST" && /\/foto$/.test(new URL(r.url()).pathname)) uploads.push(r.url());
  });
  // The camera answers only when the test says (as if the tablet's permission prompt were still open).
  await tablet.context.addInitScript(() => {
    const w = window as unknown as { __cameraAsked: number; __answerCamera: () => void };
    let release = () => {};
    const answered = new Promise<void>((resolve) => {
      release = resolve;
    });
    w.__cameraAsked = 0;
    w.__answerCamera = () => release();
    const ask = navigator.mediaDevices.getUserMedia.bind(navigator.mediaDevices);
    navigator.mediaDevices.getUserMedia = async (constraints) => {
      if (!constraints?.video) return ask(constraints);
      w.__cameraAsked++;
      const stream = ask(constraints);
      await answered;
      return stream;
    };
  });

  const conversaId = await visitorIntroduces(kiosk, link);
  await expect(kiosk.getByRole("heading", { level: 1, name: "Olhe para a câmera" })).toBeVisible();
  await expect.poll(() => kiosk.evaluate(() => (window as unknown as { __cameraAsked: number }).__cameraAsked)).toBe(1);
  const refused = kiosk.waitForResponse(fotoPost("recusa"));
  await kiosk.getByRole("button", { name: "Não quero foto" }).click();
  const res = await refused;
  expect(res.status(), await res.text()).toBe(201);
  expect(await res.json()).toMatchObject({ status: "recusada" });
  await expect(kiosk.getByRole("heading", { level: 1, name: "Olhe para a câmera" })).toHaveCount(0);
  // The camera opens after the step is gone: it is switched off at once, not left running.
  await kiosk.evaluate(() => (window as unknown as { __answerCamera: () => void }).__answerCamera());
  await expect.poll(() => cameraTracks(kiosk)).toEqual({ opened: 1, live: 0 });

  const solicitacaoId = await confirmAndGetRequest(kiosk, staff, conversaId);
  expect(uploads, "nenhuma foto enviada").toEqual([]);
  const detail = (await (await staff.get(`/api/solicitacoes/${solicitacaoId}`)).json()) as {
    fotos: { status: string; motivo: string | null; url: string | null }[];
  };
  expect(detail.fotos).toEqual([
    expect.objectContaining({ status: "recusada", motivo: "O visitante preferiu não tirar foto.", url: null }),
  ]);
  expect(tablet.problems, "erros no console do totem").toEqual([]);
});

test("a photo that cannot be sent is tried once more, then the conversation carries on without it", async ({
  page,
  browser,
  baseURL,
  loginAs,
}) => {
  await loginAs("sindico");
  const staff = page.context().request;
  const { link } = await createTotem(staff, baseURL!, "Totem foto");
  const tablet = await openTablet(browser, baseURL!, { camera: true });
  tablets.push(tablet.context);
  const kiosk = tablet.page;
  // The gate's network drops every upload of the picture (the rest of the conversation goes through).
  let attempts = 0;
  await kiosk.route(/\/api\/totem\/conversas\/[^/]+\/foto$/, async (route) => {
    attempts++;
    await route.abort("internetdisconnected");
  });

  const conversaId = await visitorIntroduces(kiosk, link);
  await expect(kiosk.getByRole("img", { name: "A sua foto" })).toBeVisible();
  await kiosk.getByRole("button", { name: "Continuar" }).click();
  const solicitacaoId = await confirmAndGetRequest(kiosk, staff, conversaId);
  await expect.poll(() => attempts, { timeout: 10_000 }).toBe(2);
  // Nothing on the screen about it: the residents see no photo, the visitor is not held up.
  await expect(kiosk.getByText("Sem conexão — tentando reconectar…")).toHaveCount(0);
  const detail = (await (await staff.get(`/api/solicitacoes/${solicitacaoId}`)).json()) as { fotos: unknown[] };
  expect(detail.fotos).toEqual([]);
  // Only the two failed uploads reached the browser's console.
  expect(tablet.problems.filter((p) => !/ERR_INTERNET_DISCONNECTED/.test(p))).toEqual([]);
});
