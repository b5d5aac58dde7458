import type { APIRequestContext, Browser, BrowserContext, Locator } from "@playwright/test";
import { expectNoAxeViolations, expectNoHorizontalScroll } from "./axe";
import { DEMO, expect, test } from "./fixtures";

const PHONE = { width: 360, height: 740 };
const ACACIAS = "Residencial Jardim das Acácias";
const AMAZONAS = "Condomínio Parque Amazonas";
const unique = (prefix: string) => `${prefix} ${Math.random().toString(36).slice(2, 8)}`;

// Toasts fade in and out: without motion axe checks them at rest, not mid-fade (low contrast).
test.use({ reducedMotion: "reduce" });

interface Pareamento {
  totem: { id: string; nome: string };
  codigo: string;
  link: string;
}

/** Nothing inside the element sticks out on the right (a badge beside a long name, say). */
async function expectNothingCutOff(container: Locator) {
  const overflow = await container.evaluate((el) => {
    const right = el.getBoundingClientRect().right;
    return [...el.querySelectorAll("*")]
      .filter((child) => child.getBoundingClientRect().right > right + 1)
      .map((child) => child.textContent);
  });
  expect(overflow).toEqual([]);
}

/** The condominium's id and the id of one of its gates, by name. */
async function portaoDe(request: APIRequestContext, condominio: string, portao = "Portaria principal") {
  const condos = (await (await request.get(`/api/condominios?q=${encodeURIComponent(condominio)}`)).json()) as {
    items: { id: string; nome: string }[];
  };
  const condo = condos.items.find((c) => c.nome === condominio);
  expect(condo, condominio).toBeTruthy();
  const gates = (await (await request.get(`/api/portoes?condominio_id=${condo!.id}`)).json()) as {
    items: { id: string; nome: string }[];
  };
  const gate = gates.items.find((g) => g.nome === portao);
  expect(gate, portao).toBeTruthy();
  return { condominio_id: condo!.id, portao_id: gate!.id };
}

async function criarTotem(request: APIRequestContext, baseURL: string, nome: string, condominio: string) {
  const res = await request.post("/api/totens", {
    data: { nome, ...(await portaoDe(request, condominio)) },
    headers: { origin: baseURL },
  });
  expect(res.status(), await res.text()).toBe(201);
  return (await res.json()) as Pareamento;
}

/** A browser context signed in as a demo user (its own cookies). */
async function signedIn(browser: Browser, baseURL: string, role: keyof typeof DEMO): Promise<BrowserContext> {
  const context = await browser.newContext({ baseURL });
  const res = await context.request.post("/api/auth/sign-in/email", {
    data: { email: DEMO[role].email, password: DEMO[role].password },
    headers: { origin: baseURL },
  });
  expect(res.status()).toBe(200);
  return context;
}

/** The tablet: its own context, paired with the link's code (the device cookie, as the pairing page sets it). */
async function kiosk(browser: Browser, baseURL: string, codigo: string) {
  const context = await browser.newContext({ baseURL });
  const res = await context.request.post("/api/totem/parear", {
    data: { codigo },
    headers: { origin: baseURL },
  });
  expect(res.status(), await res.text()).toBe(200);
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
      return (await said.json()) as { estado: { etapa: string } };
    },
    async conversa(id: string) {
      const read = await api.get(`/api/totem/conversas/${id}`);
      expect(read.status()).toBe(200);
      return (await read.json()) as {
        mensagens: { autor: string; texto: string }[];
        estado: { etapa: string; resultado: string | null };
        encerrada_em: string | null;
      };
    },
  };
}

test.describe("Totens", () => {
  test("the síndico creates a kiosk and gets its link and QR Code, renews a link and revokes another kiosk", async ({
    page,
    browser,
    baseURL,
    loginAs,
  }) => {
    test.slow();
    await loginAs("sindico");
    const request = page.context().request;
    const aRevogar = await criarTotem(request, baseURL!, unique("Totem antigo"), AMAZONAS);

    await page.goto("/app/totens");
    await expect(page.getByRole("heading", { name: "Totens", level: 1 })).toBeVisible();
    const nav = page.getByRole("navigation", { name: "Menu principal" });
    await expect(nav.getByRole("link", { name: "Totens" })).toHaveAttribute("aria-current", "page");
    const row = (nome: string) => page.locator(`[data-totem="${nome}"]`);
    await expect(row(aRevogar.totem.nome)).toContainText("Aguardando pareamento");
    await expect(row(aRevogar.totem.nome)).toContainText("Portaria principal");
    await expect(row(aRevogar.totem.nome)).toContainText("Nunca");
    await expectNoAxeViolations(page);

    // "Novo totem": name, condominium, then one of its active gates.
    const nome = unique("Totem da portaria");
    const novo = page.getByRole("button", { name: "Novo totem" });
    await novo.click();
    const dialog = page.getByRole("dialog", { name: "Novo totem" });
    await expect(dialog.getByRole("combobox", { name: "Portão" })).toBeDisabled();
    await dialog.getByLabel("Nome").fill(nome);
    await dialog.getByRole("combobox", { name: "Condomínio" }).click();
    await page.getByRole("option", { name: AMAZONAS }).click();
    await dialog.getByRole("combobox", { name: "Portão" }).click();
    await page.getByRole("option", { name: "Garagem" }).click();
    await expectNoAxeViolations(page);
    await dialog.getByRole("button", { name: "Criar totem" }).click();

    // Shown once: the link (selected, to copy), its QR Code, and how long it works.
    const criado = page.getByRole("dialog", { name: "Totem criado" });
    const link = criado.getByLabel("Link de pareamento");
    await expect(link).toHaveValue(/\/totem\/parear\/[^/]+$/);
    await expect(link).toBeFocused();
    await expect(criado.getByText(/Válido por 10 minutos, uso único/)).toBeVisible();
    await expect(criado.getByRole("img", { name: `QR Code do link de pareamento do totem ${nome}` })).toBeVisible();
    await expect(criado.getByRole("button", { name: "Copiar" })).toBeVisible();
    await expectNoAxeViolations(page);
    const codigo = (await link.inputValue()).split("/").at(-1)!;
    await criado.getByRole("button", { name: "Concluir" }).click();
    await expect(criado).toHaveCount(0);
    await expect(novo).toBeFocused();
    await expect(row(nome)).toContainText("Aguardando pareamento");
    await expect(row(nome)).toContainText("Garagem");

    // The tablet opens the link: the list says "Pareado" without a reload.
    const tablet = await kiosk(browser, baseURL!, codigo);
    await expect(row(nome)).toContainText("Pareado");
    await tablet.context.close();

    // A replaced tablet: a new link, shown the same way.
    await page.getByRole("button", { name: `Gerar novo link de pareamento para o totem ${nome}` }).click();
    const novoLink = page.getByRole("dialog", { name: "Novo link de pareamento" });
    await expect(novoLink.getByLabel("Link de pareamento")).toHaveValue(/\/totem\/parear\/[^/]+$/);
    await expect(novoLink.getByLabel("Link de pareamento")).not.toHaveValue(new RegExp(`${codigo}$`));
    await expect(novoLink.getByRole("img", { name: /QR Code do link de pareamento/ })).toBeVisible();
    await novoLink.getByRole("button", { name: "Concluir" }).click();
    await expect(novoLink).toHaveCount(0);

    // "Revogar", behind its confirmation: the kiosk's link no longer pairs.
    await page.getByRole("button", { name: `Revogar o totem ${aRevogar.totem.nome}` }).click();
    const confirm = page.getByRole("alertdialog", { name: `Revogar o totem “${aRevogar.totem.nome}”?` });
    await expect(confirm).toContainText("Não é possível desfazer");
    await confirm.getByRole("button", { name: "Revogar" }).click();
    await expect(page.getByText("Totem revogado")).toBeVisible();
    await expect(row(aRevogar.totem.nome)).toContainText("Revogado");
    await expect(page.getByRole("button", { name: `Revogar o totem ${aRevogar.totem.nome}` })).toHaveCount(0);
    const pair = await page.context().request.post("/api/totem/parear", {
      data: { codigo: aRevogar.codigo },
      headers: { origin: baseURL! },
    });
    expect(pair.status()).toBe(400);

    // A 360 px phone: cards, nothing cut on the right.
    await page.setViewportSize(PHONE);
    await expect(row(nome)).toBeVisible();
    await expect(row(nome).getByRole("button", { name: /Gerar novo link/ })).toBeVisible();
    await expectNothingCutOff(row(nome));
    await expectNoHorizontalScroll(page, PHONE.width);
  });

  test("a porteiro has no Totens: no menu entry, and the screen says so", async ({ page, loginAs }) => {
    await loginAs("porteiro");
    await page.goto("/app/atendimentos");
    const nav = page.getByRole("navigation", { name: "Menu principal" });
    await expect(nav.getByRole("link", { name: "Atendimentos" })).toHaveAttribute("aria-current", "page");
    await expect(nav.getByRole("link", { name: "Totens" })).toHaveCount(0);
    await page.goto("/app/totens");
    await expect(page.getByRole("heading", { level: 1, name: "Acesso restrito" })).toBeVisible();
  });
});

test.describe("Atendimentos", () => {
  test("a visitor asks for the porteiro at the kiosk: the porteiro sees it live, takes it over, talks and closes it", async ({
    page,
    browser,
    baseURL,
    loginAs,
  }) => {
    test.slow();
    const sindico = await signedIn(browser, baseURL!, "sindico");
    const { codigo } = await criarTotem(sindico.request, baseURL!, unique("Totem"), ACACIAS);
    const tablet = await kiosk(browser, baseURL!, codigo);
    await sindico.close();

    await loginAs("porteiro");
    await page.goto("/app/atendimentos");
    await expect(page.getByRole("heading", { name: "Atendimentos", level: 1 })).toBeVisible();
    await expect(page.getByRole("radio", { name: "Em andamento" })).toBeChecked();
    // The list (or its empty state) is on screen, and the event stream connected, before the visitor speaks.
    await expect(
      page.getByRole("list", { name: "Conversas" }).or(page.getByText("Nenhum atendimento em andamento.")),
    ).toBeVisible();
    await page.waitForTimeout(500);

    const id = await tablet.iniciar();
    const turno = await tablet.dizer(id, "Quero falar com o porteiro");
    expect(turno.estado.etapa).toBe("com_porteiro");

    // Live, no reload: first in the list, standing out.
    const item = page.locator(`[data-atendimento="${id}"]`);
    await expect(item).toContainText("Precisa de atendimento");
    await expect(item).toContainText("Portaria principal");
    await expect(item).toContainText("Totem");
    await expect(page.getByTestId("atendimentos-precisam")).toContainText("precisa");
    await expectNoAxeViolations(page);

    await item.getByRole("link").click();
    await expect(page).toHaveURL(new RegExp(`[?&]id=${id}`));
    const detalhe = page.locator(`[data-atendimento-detalhe="${id}"]`);
    const conversa = detalhe.getByRole("log", { name: "Conversa" });
    await expect(conversa).toContainText("Quero falar com o porteiro");
    await expect(detalhe.getByTestId("atendido-por")).toHaveText("Atendente virtual");

    await detalhe.getByRole("button", { name: "Assumir" }).click();
    await expect(detalhe.getByTestId("atendido-por")).toHaveText(`com ${DEMO.porteiro.name}`);
    await expect(item).toContainText(`com ${DEMO.porteiro.name}`);
    await expect(item).toContainText("Em atendimento");
    const mensagem = detalhe.getByLabel("Mensagem para o visitante");
    await expect(mensagem).toBeFocused();

    // Enter sends; the box empties and the line is on both transcripts.
    await mensagem.fill("Já vou abrir para você");
    await mensagem.press("Enter");
    await expect(conversa.locator('[data-autor="porteiro"]')).toContainText("Já vou abrir para você");
    await expect(mensagem).toHaveValue("");
    expect((await tablet.conversa(id)).mensagens).toContainEqual(
      expect.objectContaining({ autor: "porteiro", texto: "Já vou abrir para você" }),
    );

    // The visitor answers on the kiosk: the line arrives on the porteiro's screen by itself.
    await tablet.dizer(id, "Obrigado, estou no portão");
    await expect(conversa.locator('[data-autor="visitante"]').last()).toContainText("Obrigado, estou no portão");
    await expectNoAxeViolations(page);

    // "Encerrar" as "Entrada não autorizada": the kiosk's conversation ends refused.
    await detalhe.getByRole("button", { name: "Encerrar" }).click();
    const encerrar = page.getByRole("dialog", { name: "Encerrar atendimento" });
    await encerrar.getByRole("radio", { name: /Entrada não autorizada/ }).check();
    await expectNoAxeViolations(page);
    await encerrar.getByRole("button", { name: "Encerrar atendimento" }).click();
    await expect(encerrar).toHaveCount(0);
    await expect(detalhe.getByTestId("atendimento-encerrado")).toBeVisible();
    await expect(detalhe.getByLabel("Mensagem para o visitante")).toHaveCount(0);
    const fim = await tablet.conversa(id);
    expect(fim.estado.resultado).toBe("negado");
    expect(fim.encerrada_em).not.toBeNull();
    await expect(item).toHaveCount(0);
    await page.getByText("Encerradas", { exact: true }).click();
    await expect(page.locator(`[data-atendimento="${id}"]`)).toContainText("Negado");

    await tablet.context.close();
  });

  test("the porteiro registers the visitor's request from the conversation and authorises it there", async ({
    page,
    browser,
    baseURL,
    loginAs,
  }) => {
    test.slow();
    const sindico = await signedIn(browser, baseURL!, "sindico");
    const { codigo } = await criarTotem(sindico.request, baseURL!, unique("Totem"), ACACIAS);
    await sindico.close();
    const tablet = await kiosk(browser, baseURL!, codigo);
    const id = await tablet.iniciar();
    await tablet.dizer(id, "Quero falar com o porteiro");

    await loginAs("porteiro");
    await page.goto(`/app/atendimentos?id=${id}`);
    const detalhe = page.locator(`[data-atendimento-detalhe="${id}"]`);
    await detalhe.getByRole("button", { name: "Registrar solicitação" }).click();
    const dialog = page.getByRole("dialog", { name: "Registrar solicitação" });
    await expect(dialog.getByRole("combobox", { name: "Tipo" })).toContainText("Visitante");
    await dialog.getByRole("combobox", { name: "Unidade" }).click();
    await page.getByRole("option").first().click();
    const visitante = unique("Carla");
    await dialog.getByLabel("Nome do visitante").fill(visitante);
    await expectNoAxeViolations(page);
    await dialog.getByRole("button", { name: "Registrar solicitação" }).click();
    await expect(dialog).toHaveCount(0);

    // The request, pending, decided from here like on its own screen.
    const solicitacao = detalhe.getByTestId("atendimento-solicitacao");
    await expect(solicitacao).toContainText("Pendente");
    await expect(detalhe.getByRole("button", { name: "Registrar solicitação" })).toHaveCount(0);
    await solicitacao.getByRole("button", { name: `Autorizar a entrada de ${visitante}` }).click();
    await page.getByRole("alertdialog").getByRole("button", { name: "Autorizar" }).click();
    await expect(solicitacao).toContainText("Autorizado");
    await expect(solicitacao.getByRole("heading", { level: 3 })).toBeFocused();
    await expect(solicitacao.getByRole("button", { name: /Autorizar/ })).toHaveCount(0);
    const link = solicitacao.getByRole("link", { name: "Ver solicitação" });
    await expect(link).toHaveAttribute("href", /\/app\/solicitacoes\/[0-9a-f-]{36}$/);

    // The visitor is told at the kiosk.
    await expect.poll(async () => (await tablet.conversa(id)).estado.resultado).toBe("autorizado");
    await tablet.context.close();
  });

  test("on a 360 px phone (dark theme) the list and then the conversation alone are usable", async ({
    page,
    browser,
    baseURL,
    loginAs,
  }) => {
    test.slow();
    const sindico = await signedIn(browser, baseURL!, "sindico");
    const { codigo } = await criarTotem(sindico.request, baseURL!, unique("Totem"), ACACIAS);
    const tablet = await kiosk(browser, baseURL!, codigo);
    await sindico.close();
    const id = await tablet.iniciar();
    await tablet.dizer(id, "Quero falar com o porteiro");

    await loginAs("sindico");
    await page.setViewportSize(PHONE);
    await page.addInitScript(() => window.localStorage.setItem("theme", "dark"));
    await page.goto("/app/atendimentos");
    await expect(page.locator("html")).toHaveClass(/\bdark\b/);
    const item = page.locator(`[data-atendimento="${id}"]`);
    await expect(item).toContainText("Precisa de atendimento");
    await expectNoHorizontalScroll(page, PHONE.width);
    await expectNothingCutOff(item);
    await expectNoAxeViolations(page);

    await item.getByRole("link").click();
    const detalhe = page.locator(`[data-atendimento-detalhe="${id}"]`);
    await expect(detalhe.getByRole("heading", { level: 2 })).toBeFocused();
    // The conversation alone: the list gives way.
    await expect(page.getByRole("list", { name: "Conversas" })).toBeHidden();
    const mensagem = detalhe.getByLabel("Mensagem para o visitante");
    await mensagem.fill("Um momento, por favor");
    await detalhe.getByRole("button", { name: "Enviar" }).click();
    await expect(detalhe.getByRole("log", { name: "Conversa" }).locator('[data-autor="porteiro"]')).toContainText(
      "Um momento, por favor",
    );
    // The first line took it over.
    await expect(detalhe.getByTestId("atendido-por")).toHaveText(`com ${DEMO.sindico.name}`);
    await expect(detalhe.getByRole("button", { name: "Encerrar" })).toBeVisible();
    await expectNoHorizontalScroll(page, PHONE.width);
    await expectNoAxeViolations(page);

    await page.getByRole("link", { name: "Voltar para a lista" }).click();
    await expect(item).toBeVisible();
    await expect(item.getByRole("link")).toBeFocused();
    await expectNoHorizontalScroll(page, PHONE.width);
    await tablet.context.close();
  });
});
