/**
 * The kiosk's photo step (docs/product.md, "Totem"; docs/decisions/039-visitor-photos.md), with
 * Chromium's fake camera: when the attendant asks the visitor to confirm who and where, the tablet's
 * front camera counts 3 seconds and takes the picture; a retake replaces it; the request the visitor's
 * "sim" creates carries it and the console's detail shows it. A visitor who declines is not
 * photographed and the request records the refusal. The camera is off once the step is over.
 */
import type { APIRequestContext, Browser, BrowserContext, Page, Response } from "@playwright/test";
// @ts-expect-error plain ESM helper shared with playwright.config.ts
import { findChromium } from "../../scripts/chromium.mjs";
import { expectNoAxeViolations, expectNoHorizontalScroll } from "./axe";
import { expect, test } from "./fixtures";

// The fake camera (a moving test pattern) and its permission granted, for this file only. The
// config's own launch options are repeated: a file's launchOptions replace them.
test.use({
  launchOptions: {
    executablePath: process.env.CHROMIUM_PATH ?? findChromium() ?? undefined,
    args: [
      "--disable-background-networking",
      "--disable-component-update",
      "--disable-sync",
      "--no-first-run",
      "--use-fake-device-for-media-stream",
      "--use-fake-ui-for-media-stream",
    ],
  },
  reducedMotion: "reduce",
});

const PORTRAIT = { width: 768, height: 1024 };
const LANDSCAPE = { width: 1280, height: 800 };
const PHONE = { width: 360, height: 740 };
const CONDOMINIO = "Residencial Jardim das Acácias";
const PORTAO = "Portaria principal";
/** The demo's Torre A 101 is Ana Beatriz Souza's unit (src/server/db/seed/demo.ts). */
const APRESENTACAO = "Boa noite, sou o Carlos, vim ver a Ana do 101 da Torre A";
const PRIVACIDADE = "A foto é enviada ao morador para ele decidir e apagada após o prazo do condomínio.";

async function createTotem(request: APIRequestContext, origin: string): Promise<string> {
  const condos = (await (await request.get(`/api/condominios?q=${encodeURIComponent(CONDOMINIO)}`)).json()) as {
    items: { id: string; nome: string }[];
  };
  const condo = condos.items.find((c) => c.nome === CONDOMINIO);
  expect(condo, CONDOMINIO).toBeTruthy();
  const portoes = (await (await request.get(`/api/portoes?condominio_id=${condo!.id}`)).json()) as {
    items: { id: string; nome: string }[];
  };
  const portao = portoes.items.find((p) => p.nome === PORTAO);
  expect(portao, PORTAO).toBeTruthy();
  const res = await request.post("/api/totens", {
    data: {
      nome: `Totem foto ${Math.random().toString(36).slice(2, 8)}`,
      condominio_id: condo!.id,
      portao_id: portao!.id,
    },
    headers: { origin },
  });
  expect(res.status(), await res.text()).toBe(201);
  return ((await res.json()) as { link: string }).link;
}

/**
 * A tablet with a front camera: its own browser, the camera allowed, no staff session; every camera
 * stream it opens is recorded, so the test can tell they were all stopped. Its console must stay clean.
 */
async function openTablet(browser: Browser, baseURL: string) {
  const context = await browser.newContext({
    baseURL,
    viewport: PORTRAIT,
    locale: "pt-BR",
    timezoneId: "America/Sao_Paulo",
    reducedMotion: "reduce",
    permissions: ["camera"],
  });
  await context.addInitScript(() => {
    const streams: MediaStream[] = [];
    (window as unknown as { __streams: MediaStream[] }).__streams = streams;
    const original = navigator.mediaDevices.getUserMedia.bind(navigator.mediaDevices);
    navigator.mediaDevices.getUserMedia = async (constraints) => {
      const stream = await original(constraints);
      streams.push(stream);
      return stream;
    };
  });
  const page = await context.newPage();
  const problems: string[] = [];
  page.on("console", (msg) => {
    if (msg.type() === "error") problems.push(msg.text());
  });
  page.on("pageerror", (error) => problems.push(error.message));
  return { context, page, problems };
}

/** How many camera tracks the page opened, and how many are still live. */
function cameraTracks(page: Page) {
  return page.evaluate(() => {
    const tracks = (window as unknown as { __streams: MediaStream[] }).__streams.flatMap((s) => s.getVideoTracks());
    return { opened: tracks.length, live: tracks.filter((t) => t.readyState === "live").length };
  });
}

const fotoPost = (kind: "foto" | "recusa") => (r: Response) =>
  r.request().method() === "POST" &&
  (kind === "foto"
    ? /\/api\/totem\/conversas\/[^/]+\/foto$/.test(new URL(r.url()).pathname)
    : /\/api\/totem\/conversas\/[^/]+\/foto\/recusa$/.test(new URL(r.url()).pathname));

/** Pairs the tablet, starts a conversation and introduces the visitor: returns the conversation's id. */
async function visitorIntroduces(kiosk: Page, link: string): Promise<string> {
  await kiosk.goto(link);
  await expect(kiosk).toHaveURL(/\/totem$/);
  const started = kiosk.waitForResponse(
    (r) => r.request().method() === "POST" && new URL(r.url()).pathname === "/api/totem/conversas",
  );
  await kiosk.getByRole("button", { name: "Toque para falar com a portaria" }).click();
  const { id } = (await (await started).json()) as { id: string };
  const mensagem = kiosk.getByRole("textbox", { name: "Mensagem" });
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
  const link = await createTotem(staff, baseURL!);
  const tablet = await openTablet(browser, baseURL!);
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

test("a visitor who declines is not photographed, and the request records the refusal", async ({
  page,
  browser,
  baseURL,
  loginAs,
}) => {
  await loginAs("sindico");
  const staff = page.context().request;
  const link = await createTotem(staff, baseURL!);
  const tablet = await openTablet(browser, baseURL!);
  tablets.push(tablet.context);
  const kiosk = tablet.page;
  const uploads: string[] = [];
  kiosk.on("request", (r) => {
    if (r.method() === "POST" && /\/foto$/.test(new URL(r.url()).pathname)) uploads.push(r.url());
  });

  const conversaId = await visitorIntroduces(kiosk, link);
  await expect(kiosk.getByRole("heading", { level: 1, name: "Olhe para a câmera" })).toBeVisible();
  const refused = kiosk.waitForResponse(fotoPost("recusa"));
  await kiosk.getByRole("button", { name: "Não quero foto" }).click();
  const res = await refused;
  expect(res.status(), await res.text()).toBe(201);
  expect(await res.json()).toMatchObject({ status: "recusada" });
  await expect(kiosk.getByRole("heading", { level: 1, name: "Olhe para a câmera" })).toHaveCount(0);
  await expect.poll(() => cameraTracks(kiosk)).toMatchObject({ live: 0 });

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
  const link = await createTotem(staff, baseURL!);
  const tablet = await openTablet(browser, baseURL!);
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
