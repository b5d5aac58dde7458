import type { BrowserContext } from "@playwright/test";
import { expectNoAxeViolations, expectNoHorizontalScroll } from "./axe";
import { expect, test } from "./fixtures";
import {
  APRESENTACAO,
  CONDOMINIO,
  createTotem,
  LANDSCAPE,
  openTablet,
  PHONE,
  PORTAO,
  PORTRAIT,
  pair,
  startButton,
  startConversation,
} from "./totem";

// The kiosk's screens change with CSS transitions only on hover; no motion keeps axe's reading stable.
test.use({ reducedMotion: "reduce" });

let tablets: BrowserContext[] = [];
test.afterEach(async () => {
  await Promise.all(tablets.map((c) => c.close()));
  tablets = [];
});

test("a visitor talks to the kiosk, is told to come in, and a revoked kiosk stops at once", async ({
  page,
  browser,
  baseURL,
  loginAs,
}) => {
  test.setTimeout(120_000);
  await loginAs("sindico");
  const staff = page.context().request;
  const { totem, link } = await createTotem(staff, baseURL!);

  // The tablet opens the pairing link and lands on the welcome screen of its gate.
  // The revocation at the end makes the kiosk's last check answer 401, which the browser logs.
  const tablet = await openTablet(browser, baseURL!, { allowed: [/status of 401/] });
  tablets.push(tablet.context);
  const kiosk = tablet.page;
  await pair(kiosk, link);
  await expect(kiosk.getByRole("heading", { level: 1, name: PORTAO })).toBeVisible();
  await expect(kiosk.getByText(CONDOMINIO).first()).toBeVisible();
  await expect(startButton(kiosk)).toBeFocused();
  await expectNoAxeViolations(kiosk);

  // The same link on another tablet: single use, refused with what to do.
  const other = await openTablet(browser, baseURL!, { allowed: [/status of 400/] });
  tablets.push(other.context);
  await other.page.goto(link);
  await expect(other.page.getByRole("heading", { name: "Não foi possível parear este tablet" })).toBeVisible();
  await expect(other.page.getByRole("alert")).toContainText("não vale mais");
  await expect(other.page.getByText("Peça um novo link no console, em Totens")).toBeVisible();
  await expectNoAxeViolations(other.page);

  // The visitor starts: the greeting, and the message box ready to type.
  const { id: conversaId, conversa, mensagem } = await startConversation(kiosk);
  await expect(mensagem).toBeFocused();

  await mensagem.fill(APRESENTACAO);
  await mensagem.press("Enter");
  await expect(mensagem).toHaveValue("");
  await expect(conversa.locator("li[data-autor=visitante]")).toContainText(APRESENTACAO);
  const confirmacao = conversa.locator("li[data-autor=atendente]").filter({ hasText: "Confirmando: Carlos" });
  await expect(confirmacao).toContainText("101 da Torre A");
  await expect(confirmacao).toContainText("Está certo?");
  await expectNoAxeViolations(kiosk);
  await kiosk.setViewportSize(LANDSCAPE);
  await expectNoAxeViolations(kiosk);
  await expectNoHorizontalScroll(kiosk, LANDSCAPE.width);

  await mensagem.fill("sim");
  await kiosk.getByRole("button", { name: "Enviar" }).click();
  await expect(conversa).toContainText("avisei os moradores");
  await expect(kiosk.getByRole("status").filter({ hasText: "Aguardando a resposta do morador" })).toBeVisible();
  await kiosk.setViewportSize(PHONE);
  await expectNoHorizontalScroll(kiosk, PHONE.width);
  await expect(mensagem).toBeInViewport();
  await expectNoAxeViolations(kiosk);
  await kiosk.setViewportSize(PORTRAIT);

  // The resident authorises (here the síndico, through the API): the kiosk hears it live.
  const nossa = (await (await staff.get(`/api/atendimentos/${conversaId}`)).json()) as {
    canal: string;
    solicitacao: { id: string } | null;
  };
  expect(nossa.canal).toBe("totem");
  expect(nossa.solicitacao, "the kiosk's conversation and its request").toBeTruthy();
  const decided = await staff.post(`/api/solicitacoes/${nossa!.solicitacao!.id}/autorizar`, {
    data: {},
    headers: { origin: baseURL! },
  });
  expect(decided.status(), await decided.text()).toBe(200);
  await expect(kiosk.getByRole("heading", { level: 1, name: "Pode entrar" })).toBeVisible();
  await expect(kiosk.getByRole("heading", { level: 1, name: "Pode entrar" })).toBeFocused();
  await expectNoAxeViolations(kiosk);

  // The next visitor gets a clean screen.
  await kiosk.getByRole("button", { name: "Voltar ao início" }).click();
  await expect(startButton(kiosk)).toBeVisible();
  await expect(kiosk.getByText(APRESENTACAO)).toHaveCount(0);
  await expect(kiosk.getByText("Pode entrar")).toHaveCount(0);

  // Revoked in the console: the kiosk says so without a reload.
  const revoked = await staff.post(`/api/totens/${totem.id}/revogar`, { data: {}, headers: { origin: baseURL! } });
  expect(revoked.status(), await revoked.text()).toBe(200);
  await expect(kiosk.getByRole("heading", { level: 1, name: "Este totem não está pareado" })).toBeVisible();
  await expect(kiosk.getByText("No console do Guarita, abra a tela Totens.")).toBeVisible();
  await expectNoAxeViolations(kiosk);

  expect(tablet.problems, "erros no console do totem").toEqual([]);
  expect(other.problems, "erros no console do segundo tablet").toEqual([]);
});

test("a tablet never paired says so, and explains how to pair it", async ({ browser, baseURL }) => {
  const tablet = await openTablet(browser, baseURL!, { allowed: [/status of 401/] });
  tablets.push(tablet.context);
  await tablet.page.goto("/totem");
  await expect(tablet.page.getByRole("heading", { level: 1, name: "Este totem não está pareado" })).toBeVisible();
  await expect(tablet.page.getByText("Abra o link de pareamento neste tablet.")).toBeVisible();
  await tablet.page.setViewportSize(LANDSCAPE);
  await expectNoAxeViolations(tablet.page);
  expect(tablet.problems).toEqual([]);
});

test("after 30 s of silence the kiosk closes the conversation and forgets the visitor", async ({
  page,
  browser,
  baseURL,
  loginAs,
}) => {
  await loginAs("sindico");
  const { link } = await createTotem(page.context().request, baseURL!);
  const tablet = await openTablet(browser, baseURL!);
  tablets.push(tablet.context);
  const kiosk = tablet.page;
  // The page's clock, so the test does not wait the 30 seconds.
  await kiosk.clock.install();
  await pair(kiosk, link);

  await startButton(kiosk).click();
  const mensagem = kiosk.getByRole("textbox", { name: "Mensagem" });
  await mensagem.fill("Boa noite, sou o Carlos");
  await mensagem.press("Enter");
  const conversa = kiosk.getByRole("log", { name: "Conversa com a portaria" });
  await expect(conversa.locator("li[data-autor=atendente]")).toHaveCount(2);

  // Typing counts as activity: 20 s after a keystroke the conversation is still there.
  await kiosk.clock.fastForward(20_000);
  await mensagem.pressSequentially("1");
  await kiosk.clock.fastForward(20_000);
  await expect(conversa).toBeVisible();

  await kiosk.clock.fastForward(11_000);
  await expect(startButton(kiosk)).toBeVisible();
  await expect(kiosk.getByText("Boa noite, sou o Carlos")).toHaveCount(0);
  await expect(kiosk.getByRole("textbox", { name: "Mensagem" })).toHaveCount(0);
  expect(tablet.problems).toEqual([]);
});

test("every reply of the attendant and the porteiro is read aloud in pt-BR, and the porteiro's lines are labelled", async ({
  page,
  browser,
  baseURL,
  loginAs,
}) => {
  await loginAs("sindico");
  const staff = page.context().request;
  const { link } = await createTotem(staff, baseURL!);
  const tablet = await openTablet(browser, baseURL!);
  tablets.push(tablet.context);
  const kiosk = tablet.page;
  // What the kiosk asks the browser to say, instead of saying it.
  await kiosk.addInitScript(() => {
    const falas: { text: string; lang: string }[] = [];
    (window as unknown as { __falas: typeof falas }).__falas = falas;
    window.speechSynthesis.speak = (u: SpeechSynthesisUtterance) => {
      falas.push({ text: u.text, lang: u.lang });
    };
  });
  const falas = () =>
    kiosk.evaluate(() => (window as unknown as { __falas: { text: string; lang: string }[] }).__falas);
  await pair(kiosk, link);
  const { id: conversaId, conversa } = await startConversation(kiosk);
  await expect(kiosk.getByRole("button", { name: "Falar", pressed: false })).toBeVisible();
  await expect.poll(falas).toEqual([expect.objectContaining({ text: expect.stringContaining("Olá!"), lang: "pt-BR" })]);

  // A porteiro types to the visitor from the console: the line, labelled, read aloud; the message box stays.
  const nossa = { id: conversaId };
  const texto = "Boa noite! Aqui é o porteiro, já vou atender você.";
  const sent = await staff.post(`/api/atendimentos/${nossa!.id}/mensagens`, {
    data: { texto },
    headers: { origin: baseURL! },
  });
  expect(sent.status(), await sent.text()).toBe(200);
  const linha = conversa.locator("li[data-autor=porteiro]");
  await expect(linha).toContainText("Porteiro");
  await expect(linha).toContainText(texto);
  await expect(kiosk.getByRole("status").filter({ hasText: "Aguarde: o porteiro vai falar com você" })).toBeVisible();
  await expect(kiosk.getByRole("textbox", { name: "Mensagem" })).toBeVisible();
  await expect.poll(async () => (await falas()).map((f) => f.text)).toEqual([expect.stringContaining("Olá!"), texto]);
  await expectNoAxeViolations(kiosk);
  expect(tablet.problems).toEqual([]);
});

test("a browser without speech features runs the kiosk by text", async ({ page, browser, baseURL, loginAs }) => {
  await loginAs("sindico");
  const { link } = await createTotem(page.context().request, baseURL!);
  const tablet = await openTablet(browser, baseURL!);
  tablets.push(tablet.context);
  const kiosk = tablet.page;
  await kiosk.addInitScript(() => {
    for (const name of [
      "speechSynthesis",
      "SpeechSynthesisUtterance",
      "SpeechRecognition",
      "webkitSpeechRecognition",
    ]) {
      delete (window as unknown as Record<string, unknown>)[name];
      delete (Window.prototype as unknown as Record<string, unknown>)[name];
    }
  });
  await pair(kiosk, link);
  expect(await kiosk.evaluate(() => "speechSynthesis" in window || "webkitSpeechRecognition" in window)).toBe(false);
  await startButton(kiosk).click();
  await expect(kiosk.getByText("Este totem não reconhece voz: escreva a sua mensagem.")).toBeVisible();
  await expect(kiosk.getByRole("button", { name: "Falar" })).toHaveCount(0);
  const mensagem = kiosk.getByRole("textbox", { name: "Mensagem" });
  await mensagem.fill("Boa noite, sou o Carlos");
  await mensagem.press("Enter");
  await expect(kiosk.getByRole("log").locator("li[data-autor=atendente]")).toHaveCount(2);
  expect(tablet.problems).toEqual([]);
});

test("a network drop shows on the kiosk; a message that failed is kept for a retry and missed lines arrive", async ({
  page,
  browser,
  baseURL,
  loginAs,
}) => {
  await loginAs("sindico");
  const staff = page.context().request;
  const { link } = await createTotem(staff, baseURL!);
  const tablet = await openTablet(browser, baseURL!, { allowed: [/ERR_INTERNET_DISCONNECTED/] });
  tablets.push(tablet.context);
  const kiosk = tablet.page;
  await pair(kiosk, link);
  const { id: conversaId, conversa, mensagem } = await startConversation(kiosk);

  await tablet.context.setOffline(true);
  await mensagem.fill("Boa noite, sou o Carlos");
  await mensagem.press("Enter");
  const falhou = conversa.locator("li[data-autor=visitante]").filter({ hasText: "Boa noite, sou o Carlos" });
  await expect(falhou).toContainText("Não enviada");
  await expect(kiosk.getByText("Sem conexão — tentando reconectar…")).toBeVisible();

  // Meanwhile a porteiro writes to the visitor.
  const nossa = { id: conversaId };
  const texto = "Estou vendo você pela câmera, um instante.";
  const sent = await staff.post(`/api/atendimentos/${nossa!.id}/mensagens`, {
    data: { texto },
    headers: { origin: baseURL! },
  });
  expect(sent.status(), await sent.text()).toBe(200);

  // Back online: the status goes, the missed line arrives, and the message goes with one touch.
  await tablet.context.setOffline(false);
  await expect(kiosk.getByText("Sem conexão — tentando reconectar…")).toHaveCount(0, { timeout: 20_000 });
  await expect(conversa.locator("li[data-autor=porteiro]")).toContainText(texto);
  await falhou.getByRole("button", { name: "Tentar de novo" }).click();
  await expect(mensagem).toBeFocused();
  await expect(conversa.locator("li[data-autor=visitante]").filter({ hasText: "Boa noite, sou o Carlos" })).toHaveCount(
    1,
  );
  await expect(conversa).not.toContainText("Não enviada");
  expect(tablet.problems).toEqual([]);
});
