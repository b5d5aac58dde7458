/**
 * The phone line and WhatsApp in the demonstration (docs/decisions/037-phone-line-and-whatsapp.md):
 * in Atendimentos the porteiro plays a visitor calling a gate's line ("Simular ligação"); the
 * attendant answers, confirms and calls the resident, whose demo call waits on the request's
 * "Mensagens enviadas (demonstração)" panel; "Tecla 1" authorises, the call is a row of the request's
 * calls, and the simulated call hears the outcome live and hangs up. Then a WhatsApp delivery, and
 * the dialog's accessibility at 360 px (dark) and 1280 px.
 *
 * Each test works on a condominium of its own, created by the síndico through the API, that reaches
 * residents by phone call ("Só ligação"), so the demo condominiums keep their messages.
 */
import type { Browser, Locator, Page } from "@playwright/test";
import { expectNoAxeViolations, expectNoHorizontalScroll } from "./axe";
import { DEMO, expect, test } from "./fixtures";

const PHONE = { width: 360, height: 740 };
const DESKTOP = { width: 1280, height: 900 };
const PORTAO = "Portão da linha";
const MORADORA = "Ana Luíza Prado";
const APRESENTACAO = "Boa noite, sou o Carlos, vim ver a Ana do 101 da Torre A";

// Dialogs and toasts fade: without motion the checks see them at rest.
test.use({ reducedMotion: "reduce" });

/** The síndico, through the API: a condominium with "101" in Torre A (Ana, with a phone) and one gate. */
async function condominioComLigacao(browser: Browser, baseURL: string) {
  const context = await browser.newContext({ baseURL });
  const api = context.request;
  const headers = { origin: baseURL };
  const signIn = await api.post("/api/auth/sign-in/email", {
    data: { email: DEMO.sindico.email, password: DEMO.sindico.password },
    headers,
  });
  expect(signIn.status()).toBe(200);
  async function create(path: string, data: Record<string, unknown>) {
    const res = await api.post(path, { data, headers });
    expect(res.status(), await res.text()).toBe(201);
    return (await res.json()) as { id: string };
  }

  const nome = `Residencial Linha ${Math.random().toString(36).slice(2, 8)}`;
  const condominio = await create("/api/condominios", { nome });
  // "Só ligação": Guarita calls the residents (docs/product.md, "Condomínios").
  const updated = await api.put(`/api/condominios/${condominio.id}`, {
    data: { nome, contato_morador: "ligacao" },
    headers,
  });
  expect(updated.status(), await updated.text()).toBe(200);
  expect(((await updated.json()) as { contato_morador: string }).contato_morador).toBe("ligacao");
  const unidade = await create("/api/unidades", { condominio_id: condominio.id, codigo: "101", torre: "Torre A" });
  const ana = await create("/api/pessoas", {
    condominio_id: condominio.id,
    nome: MORADORA,
    telefone_e164: "(11) 98765-4321",
  });
  const link = await api.post(`/api/unidades/${unidade.id}/moradores`, { data: { pessoa_id: ana.id }, headers });
  expect(link.status(), await link.text()).toBe(201);
  await create("/api/portoes", { condominio_id: condominio.id, nome: PORTAO });
  await context.close();
  return { nome, id: condominio.id };
}

/** "Simular ligação" / "Simular WhatsApp": the dialog, on the gate's choice. */
async function abrirSimulacao(page: Page, botao: "Simular ligação" | "Simular WhatsApp", condominio: string) {
  await page.getByRole("button", { name: botao }).click();
  const dialog = page.getByRole("dialog", { name: botao });
  await expect(dialog.getByTestId("simulacao-demo")).toHaveText("Demonstração: nenhuma ligação ou mensagem real");
  await dialog.getByRole("combobox", { name: "Condomínio" }).click();
  await page.getByRole("option", { name: condominio }).click();
  // Its only gate is chosen by itself.
  await expect(dialog.getByRole("combobox", { name: "Portão" })).toHaveText(PORTAO);
  return dialog;
}

/** Types the visitor's line and sends it with Enter; the box empties once the attendant answered. */
async function dizer(box: Locator, texto: string) {
  await box.fill(texto);
  await box.press("Enter");
  await expect(box).toHaveValue("");
}

test("the porteiro plays a call to the gate's line; the resident's demo call authorises it with Tecla 1, live on the call", async ({
  page,
  browser,
  baseURL,
  loginAs,
}) => {
  test.setTimeout(120_000);
  const condominio = await condominioComLigacao(browser, baseURL!);
  await loginAs("porteiro");
  await page.setViewportSize(DESKTOP);
  await page.goto("/app/atendimentos");
  await expect(page.getByRole("heading", { name: "Atendimentos", level: 1 })).toBeVisible();

  const dialog = await abrirSimulacao(page, "Simular ligação", condominio.nome);
  await expectNoAxeViolations(page);
  await dialog.getByRole("button", { name: "Ligar" }).click();

  // The attendant answers the call; the box to speak in has the focus.
  const conversa = dialog.getByRole("log", { name: "Conversa simulada" });
  await expect(conversa.locator('[data-autor="atendente"]').first()).toContainText("atendente virtual");
  await expect(conversa.locator('[data-autor="atendente"]').first()).toContainText("Atendente");
  const fala = dialog.getByLabel("O que o visitante diz");
  await expect(fala).toBeFocused();
  await expect(page).toHaveURL(/[?&]simulacao=[0-9a-f-]{36}/);

  await dizer(fala, APRESENTACAO);
  await expect(conversa.locator('[data-autor="visitante"]').last()).toContainText("Você (visitante)");
  await expect(conversa.locator('[data-autor="visitante"]').last()).toContainText(APRESENTACAO);
  const confirmacao = conversa.locator('[data-autor="atendente"]').last();
  await expect(confirmacao).toContainText("Confirmando: Carlos para");
  await expect(confirmacao).toContainText("101 da Torre A, visita. Está certo?");
  // The exact TwiML Twilio would have received for that turn.
  await dialog.getByText("TwiML enviada à Twilio").click();
  const twiml = dialog.getByTestId("simulacao-twiml");
  await expect(twiml).toContainText('<Gather input="speech dtmf" language="pt-BR"');
  await expect(twiml).toContainText("Está certo?");
  await expectNoAxeViolations(page);

  await dizer(fala, "sim");
  await expect(conversa.locator('[data-autor="atendente"]').last()).toContainText(
    "Pronto, avisei os moradores do 101 da Torre A. Aguarde um momento, por favor.",
  );
  await expect(twiml).toContainText("<Redirect");
  const solicitacao = dialog.getByTestId("simulacao-solicitacao");
  await expect(solicitacao).toContainText("Pendente");
  const verSolicitacao = solicitacao.getByRole("link", { name: "Ver solicitação" });
  const href = await verSolicitacao.getAttribute("href");
  expect(href).toMatch(/^\/app\/solicitacoes\/[0-9a-f-]{36}$/);

  // The request in a second tab, while the call goes on in the first: Ana's call waits on the demo panel.
  const tab = await page.context().newPage();
  await tab.goto(href!);
  await expect(tab.getByRole("heading", { level: 2, name: "Mensagens enviadas (demonstração)" })).toBeVisible();
  const ligacao = tab.locator('[data-testid="mensagem-demo"][data-canal="ligacao"]');
  await expect(ligacao).toContainText(`Ligação para ${MORADORA}`);
  await expect(ligacao).toContainText(
    `Olá, Ana. Carlos está na portaria do ${condominio.nome} para a unidade 101, Torre A. Tecle 1 para autorizar a entrada ou 2 para negar.`,
  );
  await expect(ligacao.getByRole("button", { name: "Tecla 2 (negar)" })).toBeVisible();
  await expectNoAxeViolations(tab);
  await ligacao.getByRole("button", { name: "Tecla 1 (autorizar)" }).click();

  // What the call said; the request is authorised by Ana, on the phone; the call is on the timeline, ended.
  const resposta = ligacao.getByTestId("resposta-ligacao");
  await expect(resposta).toHaveText("A ligação respondeu: Entrada autorizada. Obrigado.");
  await expect(resposta).toBeFocused();
  await expect(ligacao.getByRole("button", { name: /Tecla/ })).toHaveCount(0);
  await expect(tab.getByTestId("decisao")).toContainText(`Autorizado em`);
  await expect(tab.getByTestId("decisao")).toContainText(`por ${MORADORA} pelo telefone`);
  const linha = tab.getByTestId("linha-do-tempo");
  const chamada = linha.locator('[data-kind="chamada"]');
  await expect(chamada).toContainText(`Chamada para ${MORADORA}`);
  await expect(chamada).toContainText("Concluída");
  await expect(chamada).toContainText("Demonstração");
  await expect(chamada.getByTestId("resposta-chamada")).toContainText(`${MORADORA} autorizou pelo telefone`);
  await expect(linha.locator('[data-kind="notificacao"]')).toContainText(`Ligação para ${MORADORA}`);
  await expect(linha.locator('[data-kind="notificacao"]')).toContainText("Respondeu na ligação");
  await expectNoAxeViolations(tab);

  // The Chamadas screen has the call too: ended, of the demonstration, with the key Ana pressed.
  await tab.goto(`/app/chamadas?solicitacao_id=${href!.split("/").at(-1)}`);
  const rows = tab.getByRole("row").filter({ hasText: MORADORA });
  await expect(rows).toHaveCount(1);
  await expect(rows).toContainText("Concluída");
  await expect(rows).toContainText("Demonstração");
  await rows.getByRole("link", { name: /^Ver chamada de / }).click();
  await expect(tab.getByText("Tecla pressionada")).toBeVisible();
  await expect(tab.getByText("1 (autorizar)")).toBeVisible();
  await tab.close();

  // Back on the call, without a reload: the attendant tells the visitor, and the call hangs up.
  await expect(conversa.locator('[data-autor="atendente"]').last()).toContainText("autorizada");
  await expect(dialog.getByTestId("simulacao-encerrada")).toContainText("Ligação encerrada");
  await expect(dialog.getByLabel("O que o visitante diz")).toHaveCount(0);
  await expect(solicitacao).toContainText("Autorizado");
  await expectNoAxeViolations(page);

  // The conversation's own link to the request; Back reopens the simulation where it was.
  await verSolicitacao.click();
  await expect(page).toHaveURL(href!);
  await expect(page.getByRole("heading", { level: 1, name: /^Solicitação #/ })).toBeVisible();
  await page.goBack();
  await expect(page.getByRole("dialog", { name: "Simular ligação" }).getByTestId("simulacao-encerrada")).toBeVisible();

  // Closing gives the focus back to the button, and the call stays in Atendimentos like any other.
  await page.keyboard.press("Escape");
  await expect(page.getByRole("dialog")).toHaveCount(0);
  await expect(page.getByRole("button", { name: "Simular ligação" })).toBeFocused();
  await expect(page).not.toHaveURL(/simulacao=/);
});

test("the porteiro plays a WhatsApp delivery: the attendant confirms and registers a delivery request", async ({
  page,
  browser,
  baseURL,
  loginAs,
}) => {
  test.setTimeout(90_000);
  const condominio = await condominioComLigacao(browser, baseURL!);
  await loginAs("porteiro");
  await page.goto("/app/atendimentos");

  const dialog = await abrirSimulacao(page, "Simular WhatsApp", condominio.nome);
  // The first message is required.
  await dialog.getByRole("button", { name: "Enviar mensagem" }).click();
  await expect(dialog.getByText("Escreva a primeira mensagem do visitante")).toBeVisible();
  await dialog.getByLabel("Primeira mensagem do visitante").fill("Entrega do iFood para o 101 da Torre A");
  await dialog.getByRole("button", { name: "Enviar mensagem" }).click();

  const conversa = dialog.getByRole("log", { name: "Conversa simulada" });
  await expect(conversa.locator('[data-autor="visitante"]').first()).toContainText(
    "Entrega do iFood para o 101 da Torre A",
  );
  await expect(conversa.locator('[data-autor="atendente"]').last()).toContainText(
    "101 da Torre A, entrega. Está certo?",
  );
  // No TwiML on WhatsApp.
  await expect(dialog.getByTestId("simulacao-twiml")).toHaveCount(0);
  const mensagem = dialog.getByLabel("Mensagem do visitante");
  await expect(mensagem).toBeFocused();
  await dizer(mensagem, "sim");
  await expect(conversa.locator('[data-autor="atendente"]').last()).toContainText(
    "avisei os moradores do 101 da Torre A",
  );
  await expectNoAxeViolations(page);

  const solicitacao = dialog.getByTestId("simulacao-solicitacao");
  await expect(solicitacao).toContainText("Pendente");
  await solicitacao.getByRole("link", { name: "Ver solicitação" }).click();
  await expect(page.getByRole("heading", { level: 1, name: /^Solicitação #/ })).toBeVisible();
  await expect(page.getByText("Entregador", { exact: true })).toBeVisible();
  await expect(page.getByTestId("nome-visitante")).not.toBeEmpty();
  // Ana is called about it too (the condominium calls its residents).
  await expect(page.locator('[data-testid="mensagem-demo"][data-canal="ligacao"]')).toContainText(
    `Ligação para ${MORADORA}`,
  );
});

test("the simulation dialog is accessible on a 360 px phone (dark) and at 1280 px", async ({
  page,
  browser,
  baseURL,
  loginAs,
}) => {
  test.setTimeout(90_000);
  const condominio = await condominioComLigacao(browser, baseURL!);
  await loginAs("sindico");
  await page.setViewportSize(PHONE);
  await page.addInitScript(() => window.localStorage.setItem("theme", "dark"));
  await page.goto("/app/atendimentos");
  await expect(page.locator("html")).toHaveClass(/\bdark\b/);
  await expect(page.getByRole("button", { name: "Simular WhatsApp" })).toBeVisible();
  await expectNoHorizontalScroll(page, PHONE.width);

  const dialog = await abrirSimulacao(page, "Simular ligação", condominio.nome);
  await expectNoHorizontalScroll(page, PHONE.width);
  await expectNoAxeViolations(page);
  await dialog.getByRole("button", { name: "Ligar" }).click();
  const fala = dialog.getByLabel("O que o visitante diz");
  await expect(fala).toBeFocused();
  await dizer(fala, APRESENTACAO);
  await expect(dialog.getByRole("log", { name: "Conversa simulada" })).toContainText("Está certo?");
  await dialog.getByText("TwiML enviada à Twilio").click();
  await expect(dialog.getByTestId("simulacao-twiml")).toContainText("<Response>");
  await expectNoHorizontalScroll(page, PHONE.width);
  await expectNoAxeViolations(page);

  await page.setViewportSize(DESKTOP);
  await expectNoAxeViolations(page);
  await page.reload();
  // The simulation is in the URL: a reload reopens it (the TwiML only after the next line).
  const reaberto = page.getByRole("dialog", { name: "Simular ligação" });
  await expect(reaberto.getByRole("log", { name: "Conversa simulada" })).toContainText("Está certo?");
  await expect(reaberto.getByLabel("O que o visitante diz")).toBeFocused();
  await expectNoAxeViolations(page);
});
