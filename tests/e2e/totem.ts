/**
 * The gate's kiosk as its specs set it up (docs/product.md, "Totem"): a kiosk of the demo's main gate
 * created through the API, a tablet (a browser of its own, no staff session) that opens the pairing
 * link, and the visitor starting a conversation.
 */
import type { APIRequestContext, Browser, Page } from "@playwright/test";
import { expect } from "./fixtures";

export const CONDOMINIO = "Residencial Jardim das Acácias";
export const PORTAO = "Portaria principal";
/** The demo's Torre A 101 is Ana Beatriz Souza's unit (src/server/db/seed/demo.ts). */
export const APRESENTACAO = "Boa noite, sou o Carlos, vim ver a Ana do 101 da Torre A";

/** The tablet at the gate, upright as it is mounted; turned; and a phone, the narrowest screen. */
export const PORTRAIT = { width: 768, height: 1024 };
export const LANDSCAPE = { width: 1280, height: 800 };
export const PHONE = { width: 360, height: 740 };

export interface Pareamento {
  totem: { id: string };
  link: string;
}

/** A kiosk at the demo's main gate, created through the API by the signed-in staff: its id and pairing link. */
export async function createTotem(request: APIRequestContext, origin: string, nome = "Totem e2e"): Promise<Pareamento> {
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
      nome: `${nome} ${Math.random().toString(36).slice(2, 8)}`,
      condominio_id: condo!.id,
      portao_id: portao!.id,
    },
    headers: { origin },
  });
  expect(res.status(), await res.text()).toBe(201);
  const body = (await res.json()) as Pareamento;
  expect(body.link).toMatch(/\/totem\/parear\/[^/]+$/);
  return body;
}

/**
 * A tablet: its own browser, upright, no staff session. Its console errors (but the `allowed` ones)
 * are collected in `problems`, for the test to check. With `camera`, the camera is allowed and every
 * stream the page opens is recorded, so cameraTracks can tell they were all stopped.
 */
export async function openTablet(
  browser: Browser,
  baseURL: string,
  { allowed = [], camera = false }: { allowed?: RegExp[]; camera?: boolean } = {},
) {
  const context = await browser.newContext({
    baseURL,
    viewport: PORTRAIT,
    locale: "pt-BR",
    timezoneId: "America/Sao_Paulo",
    reducedMotion: "reduce",
    permissions: camera ? ["camera"] : [],
  });
  if (camera) {
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
  }
  const page = await context.newPage();
  const problems: string[] = [];
  page.on("console", (msg) => {
    if (msg.type() === "error" && !allowed.some((re) => re.test(msg.text()))) problems.push(msg.text());
  });
  page.on("pageerror", (error) => problems.push(error.message));
  return { context, page, problems };
}

/** How many camera tracks a tablet opened with `camera` opened, and how many are still live. */
export function cameraTracks(page: Page) {
  return page.evaluate(() => {
    const tracks = (window as unknown as { __streams: MediaStream[] }).__streams.flatMap((s) => s.getVideoTracks());
    return { opened: tracks.length, live: tracks.filter((t) => t.readyState === "live").length };
  });
}

/** The tablet opens the pairing link and lands on the kiosk. */
export async function pair(page: Page, link: string) {
  const res = await page.goto(new URL(link).pathname);
  // Served as the client app (not a 404), with the microphone allowed for speech recognition.
  expect(res?.status()).toBe(200);
  expect(res?.headers()["permissions-policy"]).toContain("microphone=(self)");
  await expect(page).toHaveURL(/\/totem$/);
}

export const startButton = (page: Page) => page.getByRole("button", { name: "Toque para falar com a portaria" });

/**
 * The visitor starts a conversation and is greeted. Its id is the one the kiosk received: other
 * tests' kiosks at the same demo gate start theirs at the same time, so the list of open ones cannot
 * tell them apart.
 */
export async function startConversation(kiosk: Page) {
  const started = kiosk.waitForResponse(
    (r) => r.request().method() === "POST" && new URL(r.url()).pathname === "/api/totem/conversas",
  );
  await startButton(kiosk).click();
  const { id } = (await (await started).json()) as { id: string };
  const conversa = kiosk.getByRole("log", { name: "Conversa com a portaria" });
  await expect(conversa).toContainText("atendente virtual");
  return { id, conversa, mensagem: kiosk.getByRole("textbox", { name: "Mensagem" }) };
}
