/**
 * The operators' central (docs/decisions/042-operators-central.md): two operators watching one queue, a
 * kiosk's hand-over reaching both at once, one claiming it while the other sees who has it, the request
 * decided from the queue, an item escalating past its SLA, and the whole work done from the keyboard.
 */
import type { APIRequestContext, Browser, BrowserContext, Locator, Page } from "@playwright/test";
import { expectNoAxeViolations, expectNoHorizontalScroll } from "./axe";
import { DEMO, expect, test } from "./fixtures";
import { APRESENTACAO, CONDOMINIO, createTotem } from "./totem";

// Dialogs and toasts fade: without motion axe checks them at rest.
test.use({ reducedMotion: "reduce", allowedConsoleErrors: [/status of 409/] });

/** A browser context signed in as a demo user (its own cookies). */
async function signedIn(browser: Browser, baseURL: string, role: keyof typeof DEMO): Promise<BrowserContext> {
  const context = await browser.newContext({
    baseURL,
    locale: "pt-BR",
    timezoneId: "America/Sao_Paulo",
    reducedMotion: "reduce",
  });
  const res = await context.request.post("/api/auth/sign-in/email", {
    data: { email: DEMO[role].email, password: DEMO[role].password },
    headers: { origin: baseURL },
  });
  expect(res.status()).toBe(200);
  return context;
}

/** The demo tablet at the main gate of Acácias, paired, talking through the kiosk's API. */
async function kiosk(browser: Browser, baseURL: string, staff: APIRequestContext) {
  const { link } = await createTotem(staff, baseURL, "Totem da central");
  const context = await browser.newContext({ baseURL });
  const paired = await context.request.post("/api/totem/parear", {
    data: { codigo: link.split("/").at(-1) },
    headers: { origin: baseURL },
  });
  expect(paired.status(), await paired.text()).toBe(200);
  const api = context.request;
  return {
    context,
    async iniciar(): Promise<string> {
      const started = await api.post("/api/totem/conversas", { data: {}, headers: { origin: baseURL } });
      expect(started.status(), await started.text()).toBe(201);
      return ((await started.json()) as { id: string }).id;
    },
    async dizer(id: string, texto: string) {
      const said = await api.post(`/api/totem/conversas/${id}/mensagens`, {
        data: { texto },
        headers: { origin: baseURL },
      });
      expect(said.status(), await said.text()).toBe(200);
      return (await said.json()) as { estado: { etapa: string; solicitacao_id: string | null } };
    },
  };
}

async function condominioId(request: APIRequestContext): Promise<string> {
  const res = await request.get(`/api/condominios?q=${encodeURIComponent(CONDOMINIO)}`);
  const { items } = (await res.json()) as { items: { id: string; nome: string }[] };
  const condo = items.find((c) => c.nome === CONDOMINIO);
  expect(condo).toBeTruthy();
  return condo!.id;
}

async function setSla(request: APIRequestContext, baseURL: string, id: string, assumir: number, resolver: number) {
  const res = await request.put(`/api/central/sla/${id}`, {
    data: { sla_assumir_segundos: assumir, sla_resolver_segundos: resolver },
    headers: { origin: baseURL },
  });
  expect(res.status(), await res.text()).toBe(200);
}

async function openCentral(page: Page) {
  await page.goto("/app/central");
  await expect(page.getByRole("heading", { name: "Central", level: 1 })).toBeVisible();
  await expect(
    page.getByRole("list", { name: "Itens da fila" }).or(page.getByText("Nenhum item na fila. Tudo em ordem.")),
  ).toBeVisible();
}

const itemDaConversa = (page: Page, conversaId: string): Locator => page.locator(`[data-conversa="${conversaId}"]`);

/** Presses J until the card of the conversation's item has the focus: the queue walked from the keyboard. */
async function walkTo(page: Page, conversaId: string) {
  for (let i = 0; i < 60; i++) {
    const on = await page.evaluate(() => (document.activeElement as HTMLElement | null)?.dataset.conversa ?? null);
    if (on === conversaId) return;
    await page.keyboard.press("j");
  }
  throw new Error(`item da conversa ${conversaId} não alcançado com J`);
}

test.describe("Central", () => {
  test("two operators: a hand-over reaches both, one claims it, the other sees who, the request is authorised, an item past its SLA escalates", async ({
    browser,
    baseURL,
  }) => {
    test.slow();
    const a = await signedIn(browser, baseURL!, "porteiro");
    const b = await signedIn(browser, baseURL!, "sindico");
    const tablet = await kiosk(browser, baseURL!, b.request);
    const condo = await condominioId(b.request);
    const pageA = await a.newPage();
    const pageB = await b.newPage();
    try {
      await openCentral(pageA);
      await openCentral(pageB);
      // Both screens are on duty (the heartbeat) and listening before the visitor speaks.
      await expect(pageB.locator(`[data-operador]`).filter({ hasText: DEMO.porteiro.name })).toBeVisible();
      await pageA.waitForTimeout(500);

      // The visitor asks for a resident, then says it is an emergency: the attendant hands over, with the request.
      const conversa = await tablet.iniciar();
      await tablet.dizer(conversa, APRESENTACAO);
      const pedido = await tablet.dizer(conversa, "sim");
      expect(pedido.estado.etapa).toBe("aguardando_morador");
      const socorro = await tablet.dizer(conversa, "socorro");
      expect(socorro.estado.etapa).toBe("com_porteiro");

      const itemA = itemDaConversa(pageA, conversa);
      const itemB = itemDaConversa(pageB, conversa);
      await expect(itemA).toBeVisible({ timeout: 1_000 });
      await expect(itemB).toBeVisible({ timeout: 1_000 });
      await expect(itemA).toContainText("Visitante transferido pelo atendente");
      await expect(itemA).toContainText("Portaria principal");
      await expect(itemA.getByTestId("central-espera")).toContainText(/Aguardando há 0:0\d/);
      // The clock ticks on the screen.
      const before = await itemB.getByTestId("central-espera").textContent();
      await expect(itemB.getByTestId("central-espera")).not.toHaveText(before!);
      await expectNoAxeViolations(pageB);

      // A claims; B sees who has it and cannot claim it.
      await itemA.getByRole("button", { name: "Assumir" }).click();
      await expect(itemA.getByTestId("central-com")).toHaveText("com você");
      await expect(itemB.getByTestId("central-com")).toHaveText(`com ${DEMO.porteiro.name}`);
      await expect(itemB.getByRole("button", { name: "Assumir" })).toHaveCount(0);
      // A supervisor may still hand it to someone else.
      await expect(itemB.getByRole("button", { name: "Reatribuir" })).toBeVisible();
      // A screen that missed the claim (its one answer shows the item still open): "Assumir" is refused
      // with who has it, and the queue is read again.
      await pageB.route(
        /\/api\/central(\?|$)/,
        async (route) => {
          const response = await route.fetch();
          const body = (await response.json()) as { itens: { conversa_id: string | null }[] };
          const itens = body.itens.map((i) =>
            i.conversa_id === conversa ? { ...i, status: "aberto", assumido_por: null, assumido_em: null } : i,
          );
          await route.fulfill({ response, json: { ...body, itens } });
        },
        { times: 1 },
      );
      await pageB.reload();
      await itemB.getByRole("button", { name: "Assumir" }).click();
      await expect(pageB.getByText(`Este item já está com ${DEMO.porteiro.name}.`).first()).toBeVisible();
      await expect(itemB.getByTestId("central-com")).toHaveText(`com ${DEMO.porteiro.name}`);
      await expect(itemB.getByRole("button", { name: "Assumir" })).toHaveCount(0);
      await expect(
        pageB.locator("[data-operador]").filter({ hasText: DEMO.porteiro.name }).getByTestId("operador-status"),
      ).toHaveText("Em atendimento");

      // A authorises the request from the queue: the item leaves both screens.
      await itemA.getByRole("button", { name: "Autorizar" }).click();
      await pageA.getByRole("alertdialog").getByRole("button", { name: "Autorizar" }).click();
      await expect(itemA).toHaveCount(0);
      await expect(itemB).toHaveCount(0);

      // A third item, unclaimed past a 5 s SLA, escalates: a highlight with words, not colour alone.
      // The supervisor sets the condominium's SLA in "Prazos (SLA)": checked before it is saved.
      await pageB.getByRole("button", { name: "Prazos (SLA)" }).click();
      const prazos = pageB.getByRole("dialog", { name: "Prazos da central" });
      await prazos.getByRole("combobox", { name: "Condomínio" }).click();
      await pageB.getByRole("option", { name: CONDOMINIO }).click();
      const assumir = prazos.getByLabel("Para assumir (segundos)");
      await assumir.fill("2");
      await prazos.getByRole("button", { name: "Salvar prazos" }).click();
      await expect(prazos.getByText("O tempo para assumir deve ser de pelo menos 5 segundos")).toBeVisible();
      await expect(assumir).toHaveAttribute("aria-invalid", "true");
      await expectNoAxeViolations(pageB);
      await assumir.fill("5");
      await prazos.getByRole("button", { name: "Salvar prazos" }).click();
      await expect(prazos).toHaveCount(0);
      await expect(pageB.getByText("Prazos salvos")).toBeVisible();
      const outra = await tablet.iniciar();
      await tablet.dizer(outra, "Quero falar com o porteiro");
      const escalado = itemDaConversa(pageB, outra);
      await expect(escalado).toBeVisible();
      await expect(escalado).not.toHaveAttribute("data-escalado");
      await expect(escalado).toHaveAttribute("data-escalado", "true", { timeout: 15_000 });
      await expect(escalado.getByTestId("central-escalado")).toHaveText("Escalado");
      await expect(escalado.getByTestId("central-sla")).toContainText("vencido há");
      await expectNoAxeViolations(pageB);

      // The supervisor hands it to A, who sees it as theirs.
      await escalado.getByRole("button", { name: "Reatribuir" }).click();
      const reatribuir = pageB.getByRole("dialog", { name: "Reatribuir item" });
      await reatribuir.getByRole("combobox", { name: "Operador" }).click();
      await pageB.getByRole("option", { name: new RegExp(DEMO.porteiro.name) }).click();
      await expectNoAxeViolations(pageB);
      await reatribuir.getByRole("button", { name: "Reatribuir" }).click();
      await expect(reatribuir).toHaveCount(0);
      await expect(escalado.getByTestId("central-com")).toHaveText(`com ${DEMO.porteiro.name}`);
      await expect(itemDaConversa(pageA, outra).getByTestId("central-com")).toHaveText("com você");
      await expect(itemDaConversa(pageA, outra).getByRole("button", { name: "Resolver" })).toBeVisible();

      // The laptop's 1366 × 768, and half of it beside another window.
      for (const width of [1366, 683]) {
        await pageA.setViewportSize({ width, height: 768 });
        await expectNoHorizontalScroll(pageA, width);
      }
      await expectNoAxeViolations(pageA);
    } finally {
      await setSla(b.request, baseURL!, condo, 30, 300);
      await tablet.context.close();
      await a.close();
      await b.close();
    }
  });

  test("keyboard only: walk the queue, claim, open, come back and resolve; the shortcuts' help", async ({
    page,
    browser,
    baseURL,
    loginAs,
  }) => {
    test.slow();
    const sindico = await signedIn(browser, baseURL!, "sindico");
    const tablet = await kiosk(browser, baseURL!, sindico.request);
    await sindico.close();
    const conversa = await tablet.iniciar();
    await tablet.dizer(conversa, "Quero falar com o porteiro");

    await loginAs("porteiro");
    await openCentral(page);
    const item = itemDaConversa(page, conversa);
    await expect(item).toBeVisible();

    // "?" lists every shortcut; Esc closes it.
    await page.keyboard.press("?");
    const ajuda = page.getByRole("dialog", { name: "Atalhos do teclado" });
    await expect(ajuda).toContainText("Próximo item");
    await expect(ajuda).toContainText("Assumir o item");
    await expectNoAxeViolations(page);
    await page.keyboard.press("Escape");
    await expect(ajuda).toHaveCount(0);

    // Letters typed in a field are text, not shortcuts: nothing is claimed, nothing opens.
    const minhas = page.getByTestId("central-com").filter({ hasText: "com você" });
    const antes = await minhas.count();
    const busca = page.getByRole("combobox", { name: "Buscar" });
    await busca.fill("");
    await busca.pressSequentially("oar");
    await expect(busca).toHaveValue("oar");
    await expect(page).toHaveURL(/\/app\/central$/);
    await expect(minhas).toHaveCount(antes);
    await expect(page.getByRole("dialog", { name: "Resolver item" })).toHaveCount(0);
    await busca.fill("");
    await busca.blur();

    await walkTo(page, conversa);
    await expect(item).toBeFocused();
    await page.keyboard.press("a");
    await expect(item.getByTestId("central-com")).toHaveText("com você");
    await expect(item).toBeFocused();

    // O opens the conversation; back, the queue is there again.
    await page.keyboard.press("o");
    await expect(page).toHaveURL(new RegExp(`/app/atendimentos\\?id=${conversa}`));
    await page.goBack();
    await expect(item).toBeVisible();
    await walkTo(page, conversa);

    // R: the outcome from the keyboard, then Enter.
    const itemId = await item.getAttribute("data-central-item");
    await page.keyboard.press("r");
    const resolver = page.getByRole("dialog", { name: "Resolver item" });
    await expect(resolver).toBeVisible();
    await resolver.getByRole("radio", { name: /Resolvido/ }).focus();
    await page.keyboard.press("Space");
    await expect(resolver.getByRole("radio", { name: /Resolvido/ })).toBeChecked();
    await page.keyboard.press("Tab");
    await expect(resolver.getByLabel("Nota (opcional)")).toBeFocused();
    await page.keyboard.type("Visitante atendido pelo interfone");
    await expect(resolver.getByLabel("Nota (opcional)")).toHaveValue("Visitante atendido pelo interfone");
    await page.keyboard.press("Tab");
    await page.keyboard.press("Tab");
    await expect(resolver.getByRole("button", { name: "Resolver" })).toBeFocused();
    await page.keyboard.press("Enter");
    await expect(resolver).toHaveCount(0);
    await expect(page.locator(`[data-central-item="${itemId}"]`)).toHaveCount(0);
    await expect(page.getByText("Item resolvido")).toBeVisible();
    await tablet.context.close();
  });

  test("dark theme, half a screen and a phone: axe clean, nothing scrolls sideways; the empty queue's words", async ({
    page,
    loginAs,
  }) => {
    await loginAs("porteiro");
    await page.addInitScript(() => window.localStorage.setItem("theme", "dark"));
    await page.setViewportSize({ width: 683, height: 768 });
    await openCentral(page);
    await expect(page.locator("html")).toHaveClass(/\bdark\b/);
    await expect(page.getByRole("button", { name: "Ativar notificações" })).toBeVisible();
    await expectNoHorizontalScroll(page, 683);
    await expectNoAxeViolations(page);
    await page.setViewportSize({ width: 360, height: 740 });
    await expectNoHorizontalScroll(page, 360);
    await expectNoAxeViolations(page);

    // The sound toggle is remembered on this device.
    await page.getByRole("button", { name: "Silenciar som" }).click();
    await page.reload();
    await expect(page.getByRole("button", { name: "Ativar som" })).toBeVisible();

    // A condominium with nothing waiting: the empty state.
    await page.route(/\/api\/central(\?|$)/, async (route) => {
      const response = await route.fetch();
      const body = await response.json();
      await route.fulfill({ response, json: { ...body, itens: [] } });
    });
    await page.reload();
    await expect(page.getByText("Nenhum item na fila. Tudo em ordem.")).toBeVisible();
    await expectNoAxeViolations(page);
  });
});
