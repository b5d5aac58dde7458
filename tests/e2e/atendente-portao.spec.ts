/**
 * The virtual attendant at the gate, end to end (docs/product.md, "Atendente virtual", "Totem"), on a
 * tablet's viewport: the síndico creates the kiosk of the gate in "Totens"; its pairing link opens the
 * kiosk in a second browser; the visitor introduces himself with the demo's real names and confirms;
 * the porteiro's dashboard shows the request live, by "Atendente virtual"; the resident's demo link
 * authorises; the kiosk says "Pode entrar" within 2 seconds, and the gate command names that gate.
 * Then a pass PIN typed at the kiosk opens the gate (a wrong one is refused), and a visitor who asks for
 * the porteiro reaches "Atendimentos" live, where the porteiro's reply appears on the kiosk.
 */
import type { Browser, Page } from "@playwright/test";
import { expect, test } from "./fixtures";
import { passForToday } from "./portaria";
import { APRESENTACAO, CONDOMINIO, openTablet, PORTAO, pair, startConversation } from "./totem";

// Toasts and dialogs fade: without motion the checks see them at rest.
test.use({ reducedMotion: "reduce" });

/** The tablet: a browser of its own, at a tablet's size, that opens the pairing link. */
async function openKiosk(browser: Browser, baseURL: string, link: string) {
  const tablet = await openTablet(browser, baseURL);
  await pair(tablet.page, link);
  await expect(tablet.page.getByRole("heading", { level: 1, name: PORTAO })).toBeVisible();
  return tablet;
}

/** The síndico creates the gate's kiosk in "Totens" and reads its pairing link off the dialog. */
async function createKioskInConsole(page: Page, nome: string) {
  await page.goto("/app/totens");
  await page.getByRole("button", { name: "Novo totem" }).click();
  const dialog = page.getByRole("dialog", { name: "Novo totem" });
  await dialog.getByLabel("Nome").fill(nome);
  await dialog.getByRole("combobox", { name: "Condomínio" }).click();
  await page.getByRole("option", { name: CONDOMINIO }).click();
  await dialog.getByRole("combobox", { name: "Portão" }).click();
  await page.getByRole("option", { name: PORTAO }).click();
  await dialog.getByRole("button", { name: "Criar totem" }).click();
  const criado = page.getByRole("dialog", { name: "Totem criado" });
  const link = await criado.getByLabel("Link de pareamento").inputValue();
  await criado.getByRole("button", { name: "Concluir" }).click();
  return link;
}

test("a visitor at the kiosk is let in by the resident's link, live on every screen, and the gate opens", async ({
  page,
  browser,
  baseURL,
  loginAs,
}) => {
  test.setTimeout(120_000);
  await loginAs("sindico");
  const staff = page.context().request;
  // The gate controller's webhook: its deliveries show the command each authorisation sends.
  const gateUrl = `https://portao.example.com/abrir/${Math.random().toString(36).slice(2, 10)}`;
  const hook = await staff.post("/api/integracoes/webhooks", {
    data: { url: gateUrl, eventos: ["portao.abrir"], descricao: "Controlador do portão (teste do totem)" },
    headers: { origin: baseURL! },
  });
  expect(hook.status(), await hook.text()).toBe(201);
  const webhookId = ((await hook.json()) as { id: string }).id;

  const link = await createKioskInConsole(page, `Totem ${Math.random().toString(36).slice(2, 8)}`);
  const tablet = await openKiosk(browser, baseURL!, link);
  const kiosk = tablet.page;

  // The porteiro watches the dashboard in a browser of their own.
  const porteiroContext = await browser.newContext({ baseURL });
  const signIn = await porteiroContext.request.post("/api/auth/sign-in/email", {
    data: { email: "porteiro@demo.guarita.app", password: "demo1234" },
    headers: { origin: baseURL! },
  });
  expect(signIn.status()).toBe(200);
  const porteiro = await porteiroContext.newPage();
  await porteiro.goto("/app/dashboard");
  await expect(porteiro.getByRole("heading", { name: "Dashboard", level: 1 })).toBeVisible();

  const { conversa, mensagem } = await startConversation(kiosk);
  await mensagem.fill(APRESENTACAO);
  await kiosk.getByRole("button", { name: "Enviar" }).click();
  const confirmacao = conversa.locator("li[data-autor=atendente]").filter({ hasText: "Confirmando: Carlos" });
  await expect(confirmacao).toContainText("101 da Torre A");
  // Nothing is created before the visitor confirms: the turn's answer has no request yet.
  const confirmed = kiosk.waitForResponse((r) => /\/api\/totem\/conversas\/[^/]+\/mensagens$/.test(r.url()));
  await mensagem.fill("sim");
  await mensagem.press("Enter");
  const turn = (await (await confirmed).json()) as { estado: { solicitacao_id: string | null } };
  const solicitacaoId = turn.estado.solicitacao_id!;
  expect(solicitacaoId).toMatch(/^[0-9a-f-]{36}$/);
  await expect(conversa).toContainText("avisei os moradores");

  // The porteiro's dashboard shows it without a reload, by the attendant.
  const row = porteiro.locator(`[data-solicitacao-id="${solicitacaoId}"]`);
  await expect(row).toContainText("Carlos");
  await expect(row.getByTestId("pelo-atendente")).toHaveText("Atendente virtual");

  // The resident's demo message carries their link; the resident authorises from it.
  await porteiro.goto(`/app/solicitacoes/${solicitacaoId}`);
  const residentLink = porteiro.getByTestId("link-morador").first();
  await expect(residentLink).toBeVisible({ timeout: 15_000 });
  const href = await residentLink.getAttribute("href");
  const phone = await browser.newContext({ baseURL, viewport: { width: 390, height: 844 } });
  const resident = await phone.newPage();
  await resident.goto(new URL(href!).pathname);
  await resident.getByRole("link", { name: "Autorizar entrada" }).click();
  await resident.getByRole("button", { name: "Confirmar autorização" }).click();
  await expect(resident.getByRole("heading", { name: "Entrada autorizada" })).toBeVisible();

  // Within 2 seconds the kiosk says so, on the whole screen.
  await expect(kiosk.getByRole("heading", { level: 1, name: "Pode entrar" })).toBeVisible({ timeout: 2_000 });

  // The gate command went out for this request, naming the kiosk's gate.
  await expect
    .poll(
      async () => {
        const res = await staff.get(`/api/integracoes/webhooks/${webhookId}/entregas?page_size=50`);
        const entregas = ((await res.json()) as { items: { tipo: string; corpo: string }[] }).items;
        const command = entregas
          .filter((e) => e.tipo === "portao.abrir")
          .map((e) => JSON.parse(e.corpo) as { dados: { solicitacao?: { id: string }; portao?: { nome: string } } })
          .find((body) => body.dados.solicitacao?.id === solicitacaoId);
        return command?.dados.portao?.nome ?? null;
      },
      { timeout: 15_000 },
    )
    .toBe(PORTAO);

  await staff.delete(`/api/integracoes/webhooks/${webhookId}`, { headers: { origin: baseURL! } });
  await Promise.all([tablet.context.close(), porteiroContext.close(), phone.close()]);
});

test("a pass PIN typed at the kiosk opens the gate; a wrong one is refused", async ({
  page,
  browser,
  baseURL,
  loginAs,
}) => {
  test.setTimeout(90_000);
  await loginAs("sindico");
  const staff = page.context().request;
  const pin = await passForToday(staff, baseURL!, CONDOMINIO, "Paula Jardineira");
  const link = await createKioskInConsole(page, `Totem PIN ${Math.random().toString(36).slice(2, 8)}`);
  const tablet = await openKiosk(browser, baseURL!, link);
  const kiosk = tablet.page;

  const { conversa, mensagem } = await startConversation(kiosk);
  // A PIN no pass has: the kiosk's own last digit changed, so it cannot be the real one.
  const wrong = `${pin.slice(0, 5)}${(Number(pin[5]) + 1) % 10}`;
  await mensagem.fill(`tenho um código: ${wrong}`);
  await mensagem.press("Enter");
  await expect(conversa.locator("li[data-autor=atendente]").last()).toContainText(/código|PIN/i);
  await expect(kiosk.getByRole("heading", { level: 1, name: "Pode entrar" })).toHaveCount(0);

  await mensagem.fill(`meu código é ${pin}`);
  await mensagem.press("Enter");
  await expect(kiosk.getByRole("heading", { level: 1, name: "Pode entrar" })).toBeVisible();
  await tablet.context.close();
});

test("a visitor who asks for the porteiro reaches Atendimentos live, and the porteiro's reply shows on the kiosk", async ({
  page,
  browser,
  baseURL,
  loginAs,
}) => {
  test.setTimeout(90_000);
  await loginAs("sindico");
  const link = await createKioskInConsole(page, `Totem porteiro ${Math.random().toString(36).slice(2, 8)}`);
  const tablet = await openKiosk(browser, baseURL!, link);
  const kiosk = tablet.page;

  await page.goto("/app/atendimentos");
  await expect(page.getByRole("heading", { name: "Atendimentos", level: 1 })).toBeVisible();
  await expect(
    page.getByRole("list", { name: "Conversas" }).or(page.getByText("Nenhum atendimento em andamento.")),
  ).toBeVisible();

  const { conversa, mensagem } = await startConversation(kiosk);
  const handed = kiosk.waitForResponse((r) => /\/api\/totem\/conversas\/[^/]+\/mensagens$/.test(r.url()));
  await mensagem.fill("Quero falar com o porteiro");
  await mensagem.press("Enter");
  const turn = (await (await handed).json()) as { id: string; estado: { etapa: string } };
  expect(turn.estado.etapa).toBe("com_porteiro");
  await expect(kiosk.getByRole("status").filter({ hasText: "Aguarde: o porteiro vai falar com você" })).toBeVisible();

  const item = page.locator(`[data-atendimento="${turn.id}"]`);
  await expect(item).toContainText("Precisa de atendimento");
  await item.getByRole("link").click();
  const detalhe = page.locator(`[data-atendimento-detalhe="${turn.id}"]`);
  await detalhe.getByRole("button", { name: "Assumir" }).click();
  const resposta = detalhe.getByLabel("Mensagem para o visitante");
  await resposta.fill("Boa noite! Já estou vendo você pela câmera, um instante.");
  await resposta.press("Enter");

  await expect(conversa.locator("li[data-autor=porteiro]")).toContainText("Já estou vendo você pela câmera");
  await tablet.context.close();
});
