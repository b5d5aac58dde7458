/**
 * The visitor's photo on the resident's link, end to end (docs/product.md, "Fotos" and "Resident
 * link"; docs/decisions/039-visitor-photos.md): the porteiro registers a visitor and adds a photo in
 * the console; the resident opens the demo message's link on a 360 px phone, signed out and with
 * JavaScript off, and sees the photo large above "Autorizar entrada" (axe-clean, no sideways
 * scroll), authorises through the plain form, and the photo is no longer served by the link. The
 * photo's console address is useless without the porteiro's session. The entry the authorisation
 * made shows the visitor's thumbnail in the porteiro's access log at 360 px.
 */
import AxeBuilder from "@axe-core/playwright";
import type { APIRequestContext } from "@playwright/test";
import sharp from "sharp";
import { describeViolations } from "./axe";
import { expect, test } from "./fixtures";

const PHONE = { width: 360, height: 740 };
const PHONE_CONTEXT = { viewport: PHONE, isMobile: true, hasTouch: true, locale: "pt-BR" };
/** A resident's link in a demo message's text. */
const LINK = /https?:\/\/\S+\/r\/[A-Za-z0-9_-]{43}(?![A-Za-z0-9_-])/;

const unique = (prefix: string) => `${prefix} ${Math.random().toString(36).slice(2, 8)}`;

interface Detail {
  status: string;
  fotos: { status: string; url: string | null }[];
  notificacoes: { mensagem: string | null }[];
}

async function detailOf(request: APIRequestContext, id: string): Promise<Detail> {
  const res = await request.get(`/api/solicitacoes/${id}`);
  expect(res.status(), await res.text()).toBe(200);
  return (await res.json()) as Detail;
}

/** A pending request of the demo tenant for a unit whose residents get the demo channel's message. */
async function createRequest(request: APIRequestContext, baseURL: string, nome: string) {
  const condos = await (await request.get(`/api/condominios?q=${encodeURIComponent("Jardim das Acácias")}`)).json();
  const condo = condos.items[0] as { id: string };
  const units = (await (await request.get(`/api/unidades?condominio_id=${condo.id}&status=ativa&page_size=200`)).json())
    .items as { id: string; moradores: number }[];
  const unit = units.find((u) => u.moradores >= 2);
  expect(unit, "uma unidade da demonstração com moradores").toBeTruthy();
  const created = await request.post("/api/solicitacoes", {
    data: { condominio_id: condo.id, unidade_id: unit!.id, nome_visitante: nome, motivo: "Visita" },
    headers: { origin: baseURL },
  });
  expect(created.status(), await created.text()).toBe(201);
  return ((await created.json()) as { id: string }).id;
}

test("the resident sees the visitor's photo on the link, on a phone without JavaScript, and authorises", async ({
  page,
  browser,
  baseURL,
  loginAs,
}) => {
  test.slow();
  await loginAs("porteiro");
  const porteiro = page.context().request;
  const nome = unique("Visita Com Foto");
  const id = await createRequest(porteiro, baseURL!, nome);

  // The porteiro adds the visitor's photo through the console's route, with the session.
  const jpeg = await sharp({ create: { width: 800, height: 600, channels: 3, background: "#3366aa" } })
    .jpeg()
    .toBuffer();
  const upload = await porteiro.post(`/api/solicitacoes/${id}/fotos`, {
    data: jpeg,
    headers: { "content-type": "image/jpeg", origin: baseURL! },
  });
  expect(upload.status(), await upload.text()).toBeLessThan(300);
  // The photo may still be rendered in the background: wait until it is available.
  await expect
    .poll(async () => (await detailOf(porteiro, id)).fotos.map((f) => f.status), { timeout: 15_000 })
    .toEqual(["disponivel"]);
  const consoleUrl = (await detailOf(porteiro, id)).fotos[0]!.url!;
  expect(consoleUrl).toMatch(/^\/api\/fotos\/[0-9a-f-]{36}\/exibicao\?/);

  // The demo channel's message to the first resident, with the link.
  let link = "";
  await expect
    .poll(
      async () => {
        const found = (await detailOf(porteiro, id)).notificacoes
          .map((n) => LINK.exec(n.mensagem ?? "")?.[0])
          .find(Boolean);
        link = found ?? "";
        return link;
      },
      { timeout: 15_000 },
    )
    .toMatch(LINK);
  const path = new URL(link).pathname;

  // axe needs scripts of its own to run: it checks the page in a phone context with JavaScript on,
  // where the page itself still has none.
  const checker = await browser.newContext({ ...PHONE_CONTEXT, baseURL });
  try {
    const checked = await checker.newPage();
    await checked.goto(path);
    await expect(checked.getByRole("img", { name: `Foto de ${nome} na portaria` })).toBeVisible();
    expect(await checked.locator("script").count()).toBe(0);
    const axe = await new AxeBuilder({ page: checked }).analyze();
    expect(describeViolations(axe.violations)).toEqual([]);
  } finally {
    await checker.close();
  }

  // The resident's phone: no session, no JavaScript.
  const phone = await browser.newContext({ ...PHONE_CONTEXT, baseURL, javaScriptEnabled: false });
  try {
    const resident = await phone.newPage();
    await resident.goto(path);
    await expect(resident.getByRole("heading", { name: `${nome} está na portaria` })).toBeVisible();
    const foto = resident.getByRole("img", { name: `Foto de ${nome} na portaria` });
    await expect(foto).toBeVisible();
    await expect
      .poll(() => foto.evaluate((img: HTMLImageElement) => (img.complete ? img.naturalWidth : 0)))
      .toBeGreaterThan(0);
    const autorizar = resident.getByRole("link", { name: "Autorizar entrada" });
    const [fotoBox, botaoBox] = [await foto.boundingBox(), await autorizar.boundingBox()];
    expect(fotoBox!.y + fotoBox!.height).toBeLessThanOrEqual(botaoBox!.y);
    expect(fotoBox!.x + fotoBox!.width).toBeLessThanOrEqual(PHONE.width);
    expect(await resident.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width);

    // The photo's console address is the porteiro's: signed out, it opens nothing.
    expect([401, 403]).toContain((await phone.request.get(consoleUrl)).status());

    // Authorising is two plain page loads: the link, then the confirmation's form.
    await autorizar.tap();
    await expect(resident.getByRole("img", { name: `Foto de ${nome} na portaria` })).toBeVisible();
    await resident.getByRole("button", { name: "Confirmar autorização" }).tap();
    await expect(resident.getByRole("heading", { name: "Entrada autorizada" })).toBeVisible();
    await expect(resident.getByRole("img", { name: `Foto de ${nome} na portaria` })).toHaveCount(0);
    expect((await detailOf(porteiro, id)).status).toBe("autorizado");

    // Decided: the link serves the photo no more.
    expect((await phone.request.get(`${path}/foto`)).status()).toBe(404);
  } finally {
    await phone.close();
  }

  // The authorisation was the visitor's entry: the porteiro's access log shows their face, on a phone too.
  await page.setViewportSize(PHONE);
  await page.goto(`/app/acessos?q=${encodeURIComponent(nome)}`);
  const miniatura = page.getByRole("img", { name: `Foto de ${nome}` });
  await expect(miniatura).toBeVisible();
  await expect
    .poll(() => miniatura.evaluate((img: HTMLImageElement) => (img.complete ? img.naturalWidth : 0)))
    .toBeGreaterThan(0);
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width);
});
