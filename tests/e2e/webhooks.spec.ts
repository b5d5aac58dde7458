/**
 * Webhooks from the UI (docs/decisions/020-webhooks.md): the demo síndico manages outbound webhooks in
 * "Configurações → Integrações": a loopback URL is refused on the URL field, a public one is created and its
 * secret shown once, its events edited, a delivery (to a host this machine cannot reach) inspected and sent
 * again, the webhook paused and resumed, its secret replaced and the webhook deleted. Plus axe on the section
 * and its dialogs, and the section at 360 px.
 *
 * The e2e server runs without WEBHOOKS_ALLOW_PRIVATE, so deliveries go to example.com, which fails
 * here (no network): exactly the "pending, with the error and the next attempt" a screen must show.
 */
import AxeBuilder from "@axe-core/playwright";
import type { APIRequestContext, Locator, Page } from "@playwright/test";
import { describeViolations } from "./axe";
import { expect, test } from "./fixtures";

const PATH = "/app/configuracoes/integracoes";
const PRIVATE_REFUSED =
  "Endereço interno ou privado não é permitido para webhooks. Use um endereço público (http:// ou https://).";

const uniqueId = () => `${Date.now()}-${Math.floor(Math.random() * 1e6)}`;

/** Waits for the running transitions (a dialog fading in would read as low contrast); loops excluded. */
async function transitionsDone(page: Page) {
  await page.evaluate(() =>
    Promise.all(
      document
        .getAnimations()
        .filter((a) => a.effect?.getTiming().iterations !== Number.POSITIVE_INFINITY)
        .map((a) => a.finished.catch(() => undefined)),
    ),
  );
}

async function settle(page: Page) {
  await expect(page.getByRole("heading", { level: 2, name: "Webhooks" })).toBeVisible();
  await expect(page.locator('[data-slot="skeleton"]')).toHaveCount(0);
  await expect(page.locator('[aria-busy="true"]')).toHaveCount(0);
  await transitionsDone(page);
}

async function expectNoAxeViolations(page: Page) {
  const results = await new AxeBuilder({ page }).analyze();
  expect(describeViolations(results.violations)).toEqual([]);
}

async function createWebhookViaApi(
  request: APIRequestContext,
  baseURL: string,
  data: { url: string; descricao?: string; eventos: string[] },
): Promise<{ id: string; segredo: string }> {
  const res = await request.post("/api/integracoes/webhooks", { data, headers: { origin: baseURL } });
  expect(res.status(), await res.text()).toBe(201);
  return (await res.json()) as { id: string; segredo: string };
}

/** A new access request of the demo tenant: a `solicitacao.criada` event for every webhook. */
async function createSolicitacao(request: APIRequestContext, baseURL: string, nome: string): Promise<string> {
  // The demo condominium by name: other specs add condominiums (some without units) that sort first.
  const condominios = (await (
    await request.get(`/api/condominios?q=${encodeURIComponent("Jardim das Acácias")}`)
  ).json()) as { items: { id: string }[] };
  const condominio = condominios.items[0]!.id;
  const unidades = (await (await request.get(`/api/unidades?condominio_id=${condominio}&status=ativa`)).json()) as {
    items: { id: string }[];
  };
  const res = await request.post("/api/solicitacoes", {
    data: { condominio_id: condominio, unidade_id: unidades.items[0]!.id, nome_visitante: nome },
    headers: { origin: baseURL },
  });
  expect(res.status(), await res.text()).toBe(201);
  return ((await res.json()) as { id: string }).id;
}

/** The id of the delivery, to the webhook at `url`, of the event about `solicitacaoId`. */
async function entregaOf(request: APIRequestContext, url: string, solicitacaoId: string): Promise<string> {
  const list = (await (await request.get("/api/integracoes/webhooks")).json()) as {
    items: { id: string; url: string }[];
  };
  const webhook = list.items.find((w) => w.url === url);
  expect(webhook, `webhook ${url} não listado`).toBeTruthy();
  let found: string | undefined;
  await expect(async () => {
    const page = (await (
      await request.get(`/api/integracoes/webhooks/${webhook!.id}/entregas?page_size=100`)
    ).json()) as {
      items: { id: string; corpo: string }[];
    };
    found = page.items.find((e) => e.corpo.includes(solicitacaoId))?.id;
    expect(found, "entrega não registrada").toBeTruthy();
  }).toPass({ timeout: 10_000 });
  return found!;
}

/** The webhook's item in the list, found by its description. */
const webhookItem = (page: Page, descricao: string) => page.locator("li[data-webhook]").filter({ hasText: descricao });

/** Clicks "Atualizar" in the "Entregas" dialog until the delivery shows a first attempt. */
async function waitForFirstAttempt(dialog: Locator, entrega: Locator) {
  await expect(async () => {
    await dialog.getByRole("button", { name: "Atualizar" }).click();
    await expect(entrega.getByText("Último erro")).toBeVisible({ timeout: 1_000 });
  }).toPass({ timeout: 30_000 });
}

test.describe("Configurações → Integrações → Webhooks", () => {
  test.use({ reducedMotion: "reduce" });

  test.describe(() => {
    // The loopback URL's refusal is a 400 the browser logs.
    test.use({ allowedConsoleErrors: [/status of 400 \(Bad Request\)/] });

    test("a síndico creates a webhook, sees its secret once, edits it, inspects a delivery, pauses it, replaces its secret and deletes it", async ({
      page,
      context,
      loginAs,
      baseURL,
    }) => {
      test.slow();
      await context.grantPermissions(["clipboard-read", "clipboard-write"]);
      await loginAs("sindico");
      const id = uniqueId();
      const descricao = `Portão E2E ${id}`;
      const url = `https://example.com/guarita/${id}`;

      await page.goto(PATH);
      await settle(page);
      await expect(page.getByText(/O Guarita avisa os seus sistemas/)).toBeVisible();

      // The form refuses an empty submission on the fields themselves.
      await page.getByRole("button", { name: "Novo webhook" }).click();
      const form = page.getByRole("dialog", { name: "Novo webhook" });
      await expect(form).toBeVisible();
      await form.getByRole("button", { name: "Criar webhook" }).click();
      await expect(form.getByText("Informe a URL")).toBeVisible();
      await expect(form.getByText("Escolha ao menos um evento")).toBeVisible();
      const urlField = form.getByRole("textbox", { name: "URL" });
      await expect(urlField).toBeFocused();

      // A loopback address: the server's refusal lands on the URL field.
      await urlField.fill("http://127.0.0.1:9/x");
      const eventos = form.getByRole("group", { name: /Eventos/ });
      await eventos.getByRole("checkbox", { name: /Solicitação criada/ }).check();
      await form.getByRole("button", { name: "Criar webhook" }).click();
      await expect(form.locator("#url-error")).toHaveText(PRIVATE_REFUSED);
      await expect(urlField).toHaveAttribute("aria-invalid", "true");
      await expect(urlField).toBeFocused();
      await expect(page.getByText("Não foi possível criar o webhook", { exact: true })).toBeVisible();

      // A public address is accepted; the secret appears once, selected, with how to check signatures.
      await urlField.fill(url);
      await form.getByRole("textbox", { name: "Descrição" }).fill(descricao);
      await form.getByRole("button", { name: "Criar webhook" }).click();
      const criado = page.getByRole("dialog", { name: "Webhook criado" });
      await expect(criado).toBeVisible();
      await expect(criado.getByText("Copie agora: este segredo não será mostrado de novo.")).toBeVisible();
      await expect(criado.getByText(/Guarita-Signature: t=<unix>,v1=<assinatura>/)).toBeVisible();
      const segredoField = criado.getByRole("textbox", { name: "Segredo de assinatura" });
      await expect(segredoField).toBeFocused();
      await expect(segredoField).toHaveAttribute("readonly", "");
      const segredo = await segredoField.inputValue();
      expect(segredo).toMatch(/^whsec_[A-Za-z0-9_-]{20,}$/);
      await criado.getByRole("button", { name: "Copiar" }).click();
      await expect(page.getByText("Segredo copiado", { exact: true })).toBeVisible();
      expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(segredo);
      await criado.getByRole("button", { name: "Concluir" }).click();
      await expect(criado).toHaveCount(0);
      await expect(page.getByRole("button", { name: "Novo webhook" })).toBeFocused();

      // Listed with its URL, events, the secret's prefix (never the secret) and no delivery yet.
      const item = webhookItem(page, descricao);
      await expect(item).toHaveCount(1);
      await expect(item.getByText(url, { exact: true })).toBeVisible();
      await expect(item.getByText("Ativo", { exact: true })).toBeVisible();
      await expect(item.getByText("Solicitação criada", { exact: true })).toBeVisible();
      await expect(item.getByText(`${segredo.slice(0, 12)}…`)).toBeVisible();
      await expect(page.getByText(segredo)).toHaveCount(0);
      await expect(item.getByText("Nenhuma ainda")).toBeVisible();

      // Editing the events; the focus returns to "Editar".
      const editar = item.getByRole("button", { name: `Editar o webhook ${descricao}` });
      await editar.click();
      const edicao = page.getByRole("dialog", { name: "Editar webhook" });
      await expect(edicao.getByRole("textbox", { name: "URL" })).toHaveValue(url);
      await expect(edicao.getByRole("textbox", { name: "Descrição" })).toHaveValue(descricao);
      const eventosEdicao = edicao.getByRole("group", { name: /Eventos/ });
      await expect(eventosEdicao.getByRole("checkbox", { name: /Solicitação criada/ })).toBeChecked();
      await eventosEdicao.getByRole("checkbox", { name: /Solicitação autorizada/ }).check();
      await eventosEdicao.getByRole("checkbox", { name: /Abrir portão/ }).check();
      await edicao.getByRole("button", { name: "Salvar alterações" }).click();
      await expect(page.getByText("Webhook atualizado", { exact: true })).toBeVisible();
      await expect(edicao).toHaveCount(0);
      await expect(editar).toBeFocused();
      await expect(item.getByText("Solicitação autorizada", { exact: true })).toBeVisible();
      await expect(item.getByText("Abrir portão (comando para o controlador)", { exact: true })).toBeVisible();

      // An event makes a delivery; example.com cannot be reached here, so it stays pending with the error.
      const solicitacaoId = await createSolicitacao(page.request, baseURL!, `Visita webhook ${id}`);
      const abrirEntregas = item.getByRole("button", { name: `Entregas do webhook ${descricao}` });
      await abrirEntregas.click();
      const entregas = page.getByRole("dialog", { name: "Entregas" });
      await expect(entregas).toBeVisible();
      await expect(entregas.getByText(url)).toBeVisible();
      // Other tests' requests reach this webhook too: find the delivery of this one by its body.
      const entregaId = await entregaOf(page.request, url, solicitacaoId);
      const entrega = entregas.locator(`li[data-entrega="${entregaId}"]`);
      await expect(entrega).toBeVisible();
      await expect(entrega.getByText("Pendente", { exact: true })).toBeVisible();
      await waitForFirstAttempt(entregas, entrega);
      await expect(entrega.getByText("Próxima tentativa")).toBeVisible();
      await expect(entrega.locator("dd").first()).not.toHaveText("0");

      // "Detalhes": every attempt and the JSON body sent.
      const detalhes = entrega.getByRole("button", { name: "Detalhes" });
      await expect(detalhes).toHaveAttribute("aria-expanded", "false");
      await detalhes.click();
      await expect(detalhes).toHaveAttribute("aria-expanded", "true");
      await expect(entrega.getByRole("heading", { name: "Tentativas" })).toBeVisible();
      await expect(entrega.locator("ol li").first()).toContainText(" ms ·");
      const corpo = entrega.locator("pre");
      await expect(corpo).toContainText('"tipo": "solicitacao.criada"');
      await expect(corpo).toContainText(solicitacaoId);

      // "Reenviar" schedules it again now.
      await entrega.getByRole("button", { name: "Reenviar a entrega Solicitação criada" }).click();
      await expect(page.getByText("Entrega reenviada", { exact: true })).toBeVisible();
      await expect(entrega.getByText("Pendente", { exact: true })).toBeVisible();

      // The filter: nothing delivered to an unreachable host.
      const filtro = entregas.getByRole("group", { name: "Situação" });
      await filtro.getByText("Entregues", { exact: true }).click();
      await expect(filtro.getByRole("radio", { name: "Entregues" })).toBeChecked();
      await expect(entregas.getByText("Nenhuma entrega concluída.")).toBeVisible();
      await filtro.getByText("Pendentes", { exact: true }).click();
      await expect(entregas.locator("li[data-entrega]").first()).toBeVisible();

      await page.keyboard.press("Escape");
      await expect(entregas).toHaveCount(0);
      await expect(abrirEntregas).toBeFocused();
      await expect(item.getByText("Nenhuma ainda")).toHaveCount(0);
      await expect(item.getByText("Pendente", { exact: true })).toBeVisible();

      // Pausing and resuming.
      await item.getByRole("button", { name: `Pausar o webhook ${descricao}` }).click();
      await expect(page.getByText("Webhook pausado", { exact: true })).toBeVisible();
      await expect(item.getByText("Pausado", { exact: true })).toBeVisible();
      const reativar = item.getByRole("button", { name: `Reativar o webhook ${descricao}` });
      await reativar.click();
      await expect(page.getByText("Webhook reativado", { exact: true })).toBeVisible();
      await expect(item.getByText("Ativo", { exact: true })).toBeVisible();

      // A new secret, after a confirmation naming the current one; shown once, the list shows its prefix.
      const acoes = item.getByRole("button", { name: `Mais ações do webhook ${descricao}` });
      await acoes.click();
      await page.getByRole("menuitem", { name: "Gerar novo segredo" }).click();
      const confirmSegredo = page.getByRole("alertdialog", { name: "Gerar novo segredo?" });
      await expect(confirmSegredo.getByText(new RegExp(`${segredo.slice(0, 12)}…\\) deixa de valer`))).toBeVisible();
      await confirmSegredo.getByRole("button", { name: "Gerar novo segredo" }).click();
      const novo = page.getByRole("dialog", { name: "Novo segredo gerado" });
      await expect(novo).toBeVisible();
      const novoField = novo.getByRole("textbox", { name: "Segredo de assinatura" });
      await expect(novoField).toBeFocused();
      const novoSegredo = await novoField.inputValue();
      expect(novoSegredo).toMatch(/^whsec_/);
      expect(novoSegredo).not.toBe(segredo);
      await novo.getByRole("button", { name: "Concluir" }).click();
      await expect(novo).toHaveCount(0);
      await expect(acoes).toBeFocused();
      await expect(item.getByText(`${novoSegredo.slice(0, 12)}…`)).toBeVisible();

      // Deleting, after a confirmation; the focus lands on the section's heading.
      await acoes.click();
      await page.getByRole("menuitem", { name: "Excluir webhook" }).click();
      const confirmExcluir = page.getByRole("alertdialog", { name: "Excluir webhook?" });
      await expect(confirmExcluir.getByText(/deixa de receber entregas/)).toBeVisible();
      await confirmExcluir.getByRole("button", { name: "Excluir webhook" }).click();
      await expect(page.getByText("Webhook excluído", { exact: true })).toBeVisible();
      await expect(item).toHaveCount(0);
      await expect(page.getByRole("heading", { level: 2, name: "Webhooks" })).toBeFocused();
      const gone = await page.request.get("/api/integracoes/webhooks");
      expect(((await gone.json()) as { items: { url: string }[] }).items.map((w) => w.url)).not.toContain(url);
    });
  });

  for (const theme of ["light", "dark"] as const) {
    test(`the section and its dialogs have no axe violations (${theme})`, async ({ page, loginAs, baseURL }) => {
      await loginAs("sindico");
      await page.addInitScript((value) => window.localStorage.setItem("theme", value), theme);
      const id = uniqueId();
      const descricao = `Axe ${theme} ${id}`;
      await createWebhookViaApi(page.request, baseURL!, {
        url: `https://example.com/axe/${id}`,
        descricao,
        eventos: ["solicitacao.criada", "portao.abrir"],
      });
      await createSolicitacao(page.request, baseURL!, `Visita axe ${id}`);
      await page.goto(PATH);
      await expect(page.locator("html")).toHaveClass(new RegExp(`\\b${theme}\\b`));
      await settle(page);
      const item = webhookItem(page, descricao);
      await expect(item).toBeVisible();
      await expectNoAxeViolations(page);

      await page.getByRole("button", { name: "Novo webhook" }).click();
      const form = page.getByRole("dialog", { name: "Novo webhook" });
      await expect(form).toBeVisible();
      // With the field errors on screen too.
      await form.getByRole("button", { name: "Criar webhook" }).click();
      await expect(form.getByText("Escolha ao menos um evento")).toBeVisible();
      await transitionsDone(page);
      await expectNoAxeViolations(page);
      await form.getByRole("button", { name: "Cancelar" }).click();

      await item.getByRole("button", { name: /Entregas do webhook/ }).click();
      const entregas = page.getByRole("dialog", { name: "Entregas" });
      const entrega = entregas.locator("li[data-entrega]").first();
      await expect(entrega).toBeVisible();
      await entrega.getByRole("button", { name: "Detalhes" }).click();
      await expect(entrega.locator("pre")).toBeVisible();
      await expect(entregas.locator('[aria-busy="true"]')).toHaveCount(0);
      await transitionsDone(page);
      await expectNoAxeViolations(page);
      await page.keyboard.press("Escape");
      await expect(entregas).toHaveCount(0);

      await item.getByRole("button", { name: /Mais ações do webhook/ }).click();
      await page.getByRole("menuitem", { name: "Excluir webhook" }).click();
      await expect(page.getByRole("alertdialog")).toBeVisible();
      await transitionsDone(page);
      await expectNoAxeViolations(page);
      await page.getByRole("alertdialog").getByRole("button", { name: "Cancelar" }).click();
      await expect(item.getByRole("button", { name: /Mais ações do webhook/ })).toBeFocused();
    });
  }

  test("at 360 px the section, the deliveries and the form fit the screen", async ({ page, loginAs, baseURL }) => {
    await page.setViewportSize({ width: 360, height: 740 });
    await loginAs("sindico");
    const id = uniqueId();
    const descricao = `Celular ${id}`;
    // A long URL without spaces: it must wrap, not widen the page.
    const url = `https://integracoes.example.com/guarita/webhooks/recebedor-de-eventos-do-condominio/${id}?token=${"a".repeat(60)}`;
    await createWebhookViaApi(page.request, baseURL!, {
      url,
      descricao,
      eventos: ["solicitacao.criada", "solicitacao.autorizada", "chamada.status_alterado"],
    });
    await createSolicitacao(page.request, baseURL!, `Visita celular ${id}`);

    await page.goto(PATH);
    await settle(page);
    const noHorizontalScroll = () =>
      page.evaluate(() => document.documentElement.scrollWidth <= document.documentElement.clientWidth);
    expect(await noHorizontalScroll()).toBe(true);

    const item = webhookItem(page, descricao);
    await item.scrollIntoViewIfNeeded();
    await expect(item.getByText(url)).toBeVisible();
    const box = await item.boundingBox();
    expect(box!.x + box!.width).toBeLessThanOrEqual(360);
    const acoes = item.getByRole("button", { name: `Mais ações do webhook ${descricao}` });
    await acoes.scrollIntoViewIfNeeded();
    await expect(acoes).toBeInViewport();

    // The deliveries: the dialog fits, the body scrolls inside its own box.
    await item.getByRole("button", { name: `Entregas do webhook ${descricao}` }).click();
    const entregas = page.getByRole("dialog", { name: "Entregas" });
    const entrega = entregas.locator("li[data-entrega]").first();
    await expect(entrega).toBeVisible();
    await entrega.getByRole("button", { name: "Detalhes" }).click();
    await expect(entrega.locator("pre")).toBeVisible();
    const dialogBox = await entregas.boundingBox();
    expect(dialogBox!.x).toBeGreaterThanOrEqual(0);
    expect(dialogBox!.x + dialogBox!.width).toBeLessThanOrEqual(360);
    expect(await entregas.evaluate((el) => el.scrollWidth <= el.clientWidth)).toBe(true);
    const reenviar = entrega.getByRole("button", { name: /Reenviar a entrega/ });
    await reenviar.scrollIntoViewIfNeeded();
    await expect(reenviar).toBeInViewport();
    await page.keyboard.press("Escape");
    await expect(entregas).toHaveCount(0);
    expect(await noHorizontalScroll()).toBe(true);

    // The form: every event and the buttons reachable.
    await page.getByRole("button", { name: "Novo webhook" }).click();
    const form = page.getByRole("dialog", { name: "Novo webhook" });
    const formBox = await form.boundingBox();
    expect(formBox!.x).toBeGreaterThanOrEqual(0);
    expect(formBox!.x + formBox!.width).toBeLessThanOrEqual(360);
    expect(await form.evaluate((el) => el.scrollWidth <= el.clientWidth)).toBe(true);
    const last = form.getByRole("checkbox", { name: /Abrir portão/ });
    await last.scrollIntoViewIfNeeded();
    await expect(last).toBeInViewport();
    const submit = form.getByRole("button", { name: "Criar webhook" });
    await submit.scrollIntoViewIfNeeded();
    await expect(submit).toBeInViewport();
    await form.getByRole("button", { name: "Cancelar" }).click();
    await expect(form).toHaveCount(0);
  });
});
