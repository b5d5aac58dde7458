/**
 * The team's whole path (docs/decisions/017-team-and-invitations.md), from the UI: the demo síndico invites a
 * porteiro and a morador from "Configurações → Equipe"; each opens the link of the `.eml` the server wrote,
 * chooses a name and a password and lands signed in; the porteiro decides a request; the morador sees only
 * their unit's requests, creates one for it, and another unit's request is "não encontrada" for them.
 */
import AxeBuilder from "@axe-core/playwright";
import type { APIRequestContext, Browser, Page } from "@playwright/test";
import { describeViolations } from "./axe";
import { expect, test } from "./fixtures";
import { linkIn, waitForEmail } from "./mailbox";

const PASSWORD = "portaria-noturna-2026";
const MORADOR_PESSOA = "Carlos Eduardo Lima";

const unique = (who: string) => `${who}-${Date.now()}-${Math.floor(Math.random() * 1e6)}@equipe.guarita.app`;

async function invite(page: Page, email: string, papel: "Porteiro" | "Morador", pessoa?: string) {
  await page.getByRole("button", { name: "Convidar" }).click();
  const dialog = page.getByRole("dialog", { name: "Convidar para a equipe" });
  await dialog.getByLabel("E-mail").fill(email);
  await dialog.getByRole("combobox", { name: "Papel" }).click();
  await page.getByRole("option", { name: new RegExp(`^${papel}`) }).click();
  if (pessoa) {
    const group = dialog.getByRole("group", { name: /Pessoa cadastrada/ });
    await group.getByRole("searchbox", { name: "Buscar pessoa" }).fill(pessoa);
    await group.getByRole("radio", { name: new RegExp(pessoa) }).check();
  }
  await dialog.getByRole("button", { name: "Enviar convite" }).click();
  await expect(page.getByText(`Convite enviado para ${email}`)).toBeVisible();
  await expect(dialog).toHaveCount(0);
}

/** A fresh browser (no cookies) follows the e-mailed link, creates the login and lands in the console. */
/** Accepts the invitation as a new member, who lands on their role's home (`home`: a porteiro's is Portaria). */
async function accept(
  browser: Browser,
  baseURL: string,
  email: string,
  nome: string,
  home: "dashboard" | "portaria" = "dashboard",
): Promise<Page> {
  const mail = await waitForEmail(email);
  expect(mail.subject).toContain("Convite para a equipe de");
  // Links point where the síndico was (PUBLIC_URL unset): the same server the test drives.
  const link = new URL(linkIn(mail, "/convite?token="));
  expect(link.origin).toBe(new URL(baseURL).origin);

  const context = await browser.newContext({ baseURL, locale: "pt-BR", timezoneId: "America/Sao_Paulo" });
  const page = await context.newPage();
  await page.goto(`${link.pathname}${link.search}`);
  await expect(page.getByRole("heading", { level: 1, name: "Convite para a equipe" })).toBeVisible();
  await expect(page.getByText(email)).toBeVisible();
  // The invitation form, as a new member meets it: accessible, and usable on a 360 px phone.
  const axe = await new AxeBuilder({ page }).withTags(["wcag2a", "wcag2aa", "wcag21a", "wcag21aa"]).analyze();
  expect(describeViolations(axe.violations)).toEqual([]);
  await page.setViewportSize({ width: 360, height: 740 });
  expect(await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)).toBeLessThanOrEqual(0);
  await page.getByRole("textbox", { name: "Seu nome" }).fill(nome);
  await page.getByRole("textbox", { name: "Senha", exact: true }).fill(PASSWORD);
  await page.getByRole("textbox", { name: "Confirmar senha" }).fill(PASSWORD);
  await page.getByRole("button", { name: "Aceitar convite e entrar" }).click();
  await expect(page).toHaveURL(new RegExp(`/app/${home}$`));

  // The link works once.
  const again = await context.newPage();
  await again.goto(`${link.pathname}${link.search}`);
  await expect(again.getByText("Convite indisponível")).toBeVisible();
  await again.close();
  return page;
}

async function json<T>(request: APIRequestContext, path: string): Promise<T> {
  const res = await request.get(path);
  expect(res.status(), path).toBe(200);
  return (await res.json()) as T;
}

type Page_<T> = { items: T[] };
type Solicitacao = { id: string; unidade_id: string; nome_visitante: string; status: string };

test("a síndico invites a porteiro and a morador; each works within their role", async ({
  page,
  browser,
  baseURL,
  loginAs,
}) => {
  test.setTimeout(120_000);
  const porteiroEmail = unique("porteiro");
  const moradorEmail = unique("morador");

  await loginAs("sindico");
  await page.goto("/app/configuracoes/equipe");
  await invite(page, porteiroEmail, "Porteiro");
  await invite(page, moradorEmail, "Morador", MORADOR_PESSOA);
  const pendentes = page.getByRole("list", { name: "Convites pendentes" });
  await expect(pendentes.getByText(porteiroEmail)).toBeVisible();
  await expect(pendentes.getByText(moradorEmail)).toBeVisible();

  // The porteiro accepts and decides a pending request: one of this test's own, so no other test (or the
  // expiry of the demo's old ones) decides it first.
  const porteiro = await accept(browser, baseURL!, porteiroEmail, "Paulo Noturno", "portaria");
  const condos = await json<Page_<{ id: string; nome: string }>>(page.context().request, "/api/condominios");
  const condo = condos.items.find((c) => c.nome === "Residencial Jardim das Acácias")!;
  const unidades = await json<Page_<{ id: string }>>(
    page.context().request,
    `/api/unidades?condominio_id=${condo.id}&status=ativa&page_size=1`,
  );
  const criada = await page.context().request.post("/api/solicitacoes", {
    data: { condominio_id: condo.id, unidade_id: unidades.items[0]!.id, nome_visitante: `Equipe ${Date.now()}` },
    headers: { origin: baseURL! },
  });
  expect(criada.status()).toBe(201);
  const pendente = (await criada.json()) as { id: string };
  await porteiro.goto(`/app/solicitacoes/${pendente.id}`);
  await porteiro.getByRole("button", { name: "Autorizar" }).click();
  await porteiro.getByRole("alertdialog").getByRole("button", { name: "Autorizar" }).click();
  await expect(porteiro.getByTestId("decisao")).toContainText("por Paulo Noturno");

  // The morador accepts: their home and lists show only their unit.
  const morador = await accept(browser, baseURL!, moradorEmail, "Carlos");

  // The síndico sees both as members now (the morador with their person record), and no invitation.
  await page.reload();
  const membros = page.getByRole("table");
  await expect(membros.getByText(porteiroEmail)).toBeVisible();
  await expect(membros.getByRole("row").filter({ hasText: moradorEmail })).toContainText(MORADOR_PESSOA);
  // Neither invitation is pending any more (others' may be: tests run side by side in the demo tenant).
  await expect(page.getByRole("list", { name: "Convites pendentes" }).getByText(porteiroEmail)).toHaveCount(0);
  await expect(page.getByRole("list", { name: "Convites pendentes" }).getByText(moradorEmail)).toHaveCount(0);
  const minhas = await json<Page_<{ id: string; codigo: string }>>(morador.context().request, "/api/unidades");
  expect(minhas.items).toHaveLength(1);
  const minha = minhas.items[0]!;
  await morador.goto("/app/solicitacoes");
  await expect(morador.getByTestId("results-count")).toBeVisible();
  const rows = morador.locator("[data-solicitacao-id]");
  const ids = await rows.evaluateAll((els) => els.map((el) => el.getAttribute("data-solicitacao-id")));
  const todas = await json<Page_<Solicitacao>>(page.context().request, "/api/solicitacoes?page_size=200");
  for (const id of ids) expect(todas.items.find((s) => s.id === id)?.unidade_id).toBe(minha.id);

  // They create a request for their unit.
  const visitante = `Visita do Carlos ${Date.now()}`;
  await morador.goto("/app/solicitacoes/nova");
  // Their only unit is chosen for them once the lists arrive.
  await expect(morador.getByRole("combobox", { name: /Unidade/ })).toContainText(minha.codigo);
  await morador.getByLabel("Nome completo").fill(visitante);
  await morador.getByRole("button", { name: "Criar Solicitação" }).click();
  await expect(morador.getByText("Solicitação criada!")).toBeVisible();
  await expect(morador.getByRole("heading", { name: /Solicitação #/ })).toBeVisible();
  await expect(morador.getByText(visitante).first()).toBeVisible();

  // Another unit's request is not found for them, as another customer's would be.
  const outra = todas.items.find((s) => s.unidade_id !== minha.id);
  expect(outra, "o tenant de demonstração tem solicitações de outras unidades").toBeTruthy();
  await morador.goto(`/app/solicitacoes/${outra!.id}`);
  await expect(morador.getByText("Solicitação não encontrada")).toBeVisible();
  expect((await morador.context().request.get(`/api/solicitacoes/${outra!.id}`)).status()).toBe(404);

  await porteiro.context().close();
  await morador.context().close();
});
