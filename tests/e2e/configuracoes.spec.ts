/**
 * Configurações (docs/product.md, "Configurações"), as the demo síndico: the team screen (members, invite,
 * resend, revoke), the organization's data (saved and still there after a reload), axe on both
 * screens and the team at 360 px. Invitations are never accepted here (another spec does the full
 * invite → accept flow), and the organization's data are restored, since other specs share the tenant.
 */
import AxeBuilder from "@axe-core/playwright";
import type { APIRequestContext, Page } from "@playwright/test";
import { describeViolations } from "./axe";
import { DEMO, expect, test } from "./fixtures";

const rand = () => Math.random().toString(36).slice(2, 8);

interface Organizacao {
  nome: string;
  cnpj: string | null;
  telefone: string | null;
  email: string | null;
}

async function readOrganizacao(request: APIRequestContext): Promise<Organizacao> {
  const res = await request.get("/api/organizacao");
  expect(res.status()).toBe(200);
  const { nome, cnpj, telefone, email } = (await res.json()) as Organizacao;
  return { nome, cnpj, telefone, email };
}

async function writeOrganizacao(request: APIRequestContext, baseURL: string, data: Organizacao) {
  const res = await request.put("/api/organizacao", { data, headers: { origin: baseURL } });
  expect(res.status(), await res.text()).toBe(200);
}

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

async function expectNoAxeViolations(page: Page) {
  await expect(page.locator('[data-slot="skeleton"]')).toHaveCount(0);
  await transitionsDone(page);
  const results = await new AxeBuilder({ page }).analyze();
  expect(describeViolations(results.violations)).toEqual([]);
}

const membro = (page: Page, email: string) => page.locator(`tr[data-membro="${email}"]`);
const convite = (page: Page, email: string) => page.locator(`li[data-convite="${email}"]`);

// Toasts of other sessions' changes may appear at any moment; without motion they are checked at
// rest instead of mid-fade.
test.use({ reducedMotion: "reduce" });

test.beforeEach(async ({ loginAs }) => {
  await loginAs("sindico");
});

test.describe("invitations", () => {
  // The duplicate invitation below is a 409 on purpose; Chromium logs every failed response.
  test.use({ allowedConsoleErrors: [/status of 409/] });

  test("the team: open from the header, invite a porteiro, resend and revoke the invitation", async ({ page }) => {
    const email = `convite-e2e-${rand()}@exemplo.com`;

    await page.goto("/app/dashboard");
    await page.getByRole("banner").getByRole("link", { name: "Configurações" }).click();
    await expect(page).toHaveURL(/\/app\/configuracoes\/equipe$/);
    await expect(page.getByRole("heading", { level: 1, name: "Configurações" })).toBeVisible();
    const nav = page.getByRole("navigation", { name: "Seções de configurações" });
    await expect(nav.getByRole("link", { name: "Equipe" })).toHaveAttribute("aria-current", "page");
    await expect(nav.getByRole("link", { name: "Organização" })).not.toHaveAttribute("aria-current", "page");

    // The demo's síndico (the caller: "Você", no actions on their own row) and porteiro.
    const eu = membro(page, DEMO.sindico.email);
    await expect(eu).toContainText(DEMO.sindico.name);
    await expect(eu).toContainText("Você");
    await expect(eu).toContainText("Síndico");
    await expect(eu.getByRole("button", { name: /^Ações de / })).toHaveCount(0);
    const porteiro = membro(page, DEMO.porteiro.email);
    await expect(porteiro).toContainText(DEMO.porteiro.name);
    await expect(porteiro).toContainText("Porteiro");
    await expect(porteiro.getByRole("button", { name: `Ações de ${DEMO.porteiro.name}` })).toBeVisible();

    // The role filter runs on the server.
    await page.getByRole("combobox", { name: "Papel" }).click();
    await page.getByRole("option", { name: "Porteiro", exact: true }).click();
    await expect(page).toHaveURL(/papel=porteiro/);
    await expect(porteiro).toBeVisible();
    await expect(eu).toHaveCount(0);
    await page.getByRole("button", { name: "Limpar filtros" }).click();
    await expect(eu).toBeVisible();

    // Invite: the form checks the fields before sending, and a morador needs a person record.
    await page.getByRole("button", { name: "Convidar" }).click();
    const dialog = page.getByRole("dialog", { name: "Convidar para a equipe" });
    await expect(dialog).toBeVisible();
    await expect(dialog.getByLabel("E-mail")).toBeFocused();
    await dialog.getByRole("button", { name: "Enviar convite" }).click();
    await expect(dialog.getByText("Informe o e-mail")).toBeVisible();
    await expect(dialog.getByText("Escolha o papel: síndico, porteiro ou morador")).toBeVisible();

    await dialog.getByRole("combobox", { name: "Papel" }).click();
    await page.getByRole("option", { name: /^Morador/ }).click();
    await expect(dialog.getByRole("group", { name: /Pessoa cadastrada/ })).toBeVisible();
    await dialog.getByLabel("E-mail").fill(email);
    await dialog.getByRole("button", { name: "Enviar convite" }).click();
    await expect(dialog.getByText("Escolha a pessoa cadastrada deste morador")).toBeVisible();

    await dialog.getByRole("combobox", { name: "Papel" }).click();
    await page.getByRole("option", { name: /^Porteiro/ }).click();
    await expect(dialog.getByRole("group", { name: /Pessoa cadastrada/ })).toHaveCount(0);
    await expect(dialog.getByText(/Controle de acesso/)).toBeVisible();
    await dialog.getByRole("button", { name: "Enviar convite" }).click();
    await expect(page.getByText(`Convite enviado para ${email}`)).toBeVisible();
    await expect(dialog).toHaveCount(0);
    await expect(page.getByRole("button", { name: "Convidar" })).toBeFocused();

    // The pending invitation, its role, status and send count.
    const item = convite(page, email);
    await expect(item).toContainText("Porteiro");
    await expect(item).toContainText("Pendente");
    await expect(item).toContainText("1 envio");

    // Inviting the same address again is refused by the server, with its message.
    await page.getByRole("button", { name: "Convidar" }).click();
    await dialog.getByLabel("E-mail").fill(email);
    await dialog.getByRole("combobox", { name: "Papel" }).click();
    await page.getByRole("option", { name: /^Porteiro/ }).click();
    await dialog.getByRole("button", { name: "Enviar convite" }).click();
    await expect(page.getByText("Já existe um convite pendente para este e-mail.", { exact: false })).toBeVisible();
    await dialog.getByRole("button", { name: "Cancelar" }).click();
    await expect(dialog).toHaveCount(0);

    await item.getByRole("button", { name: `Reenviar convite para ${email}` }).click();
    await expect(page.getByText(`Convite reenviado para ${email}`)).toBeVisible();
    await expect(item).toContainText("2 envios");

    await item.getByRole("button", { name: `Revogar convite para ${email}` }).click();
    const confirm = page.getByRole("alertdialog", { name: "Revogar convite?" });
    await expect(confirm).toContainText(email);
    await confirm.getByRole("button", { name: "Revogar" }).click();
    await expect(page.getByText("Convite revogado")).toBeVisible();
    await expect(item).toHaveCount(0);
    // The row is gone: the focus lands on the card's heading, not on the page's body.
    await expect(page.getByRole("heading", { level: 2, name: "Convites pendentes" })).toBeFocused();
  });
});

test("a member's actions: change role warns about the sign-out, removal names the person", async ({ page }) => {
  await page.goto("/app/configuracoes/equipe");
  const actions = page.getByRole("button", { name: `Ações de ${DEMO.porteiro.name}` });
  await actions.click();
  await page.getByRole("menuitem", { name: "Alterar papel" }).click();
  const dialog = page.getByRole("dialog", { name: "Alterar papel" });
  await expect(dialog).toContainText("A pessoa será desconectada e precisará entrar novamente.");
  await expect(dialog.getByRole("combobox", { name: "Papel" })).toHaveText("Porteiro");
  // Nothing changed yet: nothing to save.
  await expect(dialog.getByRole("button", { name: "Alterar papel" })).toBeDisabled();
  await dialog.getByRole("combobox", { name: "Papel" }).click();
  await page.getByRole("option", { name: /^Morador/ }).click();
  await expect(dialog.getByRole("group", { name: /Pessoa cadastrada/ })).toBeVisible();
  await page.keyboard.press("Escape");
  await expect(dialog).toHaveCount(0);
  await expect(actions).toBeFocused();

  await actions.click();
  await page.getByRole("menuitem", { name: "Remover da equipe" }).click();
  const confirm = page.getByRole("alertdialog", { name: `Remover ${DEMO.porteiro.name} da equipe?` });
  await expect(confirm).toContainText("as sessões abertas são encerradas imediatamente");
  // Not removed: other specs sign in as this porteiro.
  await confirm.getByRole("button", { name: "Cancelar" }).click();
  await expect(confirm).toHaveCount(0);
  await expect(actions).toBeFocused();
});

test("the organization's phone and CNPJ are saved and still there after a reload", async ({ page, baseURL }) => {
  const request = page.context().request;
  const original = await readOrganizacao(request);
  try {
    await page.goto("/app/configuracoes/equipe");
    await page
      .getByRole("navigation", { name: "Seções de configurações" })
      .getByRole("link", { name: "Organização" })
      .click();
    await expect(page).toHaveURL(/\/app\/configuracoes\/organizacao$/);
    await expect(page.getByText("Estes dados aparecem nos convites e nos e-mails")).toBeVisible();
    await expect(page.getByLabel("Nome da administradora")).toHaveValue(original.nome);
    const salvar = page.getByRole("button", { name: "Salvar alterações" });
    await expect(salvar).toBeDisabled();

    // The masks apply as the digits are typed; a wrong CNPJ is refused on its field.
    await page.getByLabel("CNPJ").fill("12345678000100");
    await expect(page.getByLabel("CNPJ")).toHaveValue("12.345.678/0001-00");
    await page.getByLabel("Telefone de contato").fill("1140028922");
    await expect(page.getByLabel("Telefone de contato")).toHaveValue("(11) 4002-8922");
    await expect(salvar).toBeEnabled();
    await salvar.click();
    await expect(page.getByText("CNPJ inválido")).toBeVisible();

    await page.getByLabel("CNPJ").fill("11222333000181");
    await salvar.click();
    await expect(page.getByText("Dados da organização salvos")).toBeVisible();
    await expect(salvar).toBeDisabled();

    await page.reload();
    await expect(page.getByLabel("Telefone de contato")).toHaveValue("(11) 4002-8922");
    await expect(page.getByLabel("CNPJ")).toHaveValue("11.222.333/0001-81");
    expect(await readOrganizacao(request)).toMatchObject({ cnpj: "11222333000181", telefone: "+551140028922" });
  } finally {
    await writeOrganizacao(request, baseURL!, original);
  }
});

for (const theme of ["light", "dark"] as const) {
  test(`both screens and their dialogs have no axe violations (${theme} theme)`, async ({ page }) => {
    await page.addInitScript((value) => window.localStorage.setItem("theme", value), theme);
    await page.goto("/app/configuracoes/equipe");
    await expect(page.locator("html")).toHaveClass(new RegExp(`\\b${theme}\\b`));
    await expect(membro(page, DEMO.sindico.email)).toBeVisible();
    await expect(page.getByRole("heading", { level: 2, name: "Convites pendentes" })).toBeVisible();
    await expectNoAxeViolations(page);

    // The invite dialog with the morador's person picker open (the largest form).
    await page.getByRole("button", { name: "Convidar" }).click();
    const dialog = page.getByRole("dialog", { name: "Convidar para a equipe" });
    await dialog.getByRole("combobox", { name: "Papel" }).click();
    await page.getByRole("option", { name: /^Morador/ }).click();
    await expect(dialog.getByRole("radio").first()).toBeVisible();
    await dialog.getByRole("radio").first().check();
    await expect(dialog.getByText(/Unidades:/)).toBeVisible();
    await expect(dialog.getByText("carregando unidades...")).toHaveCount(0);
    await expectNoAxeViolations(page);
    await page.keyboard.press("Escape");
    await expect(dialog).toHaveCount(0);

    // The role dialog, opened from a row's menu, with its sign-out warning.
    await page.getByRole("button", { name: `Ações de ${DEMO.porteiro.name}` }).click();
    await page.getByRole("menuitem", { name: "Alterar papel" }).click();
    await expect(page.getByRole("dialog", { name: "Alterar papel" })).toBeVisible();
    await expectNoAxeViolations(page);
    await page.keyboard.press("Escape");

    await page.goto("/app/configuracoes/organizacao");
    await expect(page.getByLabel("Nome da administradora")).toBeVisible();
    await expectNoAxeViolations(page);
  });
}

test("a porteiro gets the no-permission state, and no team request is made", async ({ page, loginAs }) => {
  await loginAs("porteiro");
  const teamRequests: string[] = [];
  page.on("request", (req) => {
    if (/\/api\/(equipe|organizacao)/.test(req.url())) teamRequests.push(req.url());
  });
  await page.goto("/app/configuracoes/equipe");
  await expect(page.getByText("Você não tem permissão para acessar esta página.")).toBeVisible();
  await expect(page.getByRole("navigation", { name: "Seções de configurações" })).toHaveCount(0);
  expect(teamRequests).toEqual([]);
});

test.describe("at 360 px", () => {
  test.use({ viewport: { width: 360, height: 740 } });

  test("the team table fits and each row's actions are reachable", async ({ page }) => {
    await page.goto("/app/configuracoes/equipe");
    const porteiro = membro(page, DEMO.porteiro.email);
    await expect(porteiro).toBeVisible();
    // No sideways scrolling of the page, and the whole actions button is on screen.
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
    await expect(page.getByRole("link", { name: "Organização" })).toBeInViewport({ ratio: 1 });
    const actions = porteiro.getByRole("button", { name: `Ações de ${DEMO.porteiro.name}` });
    await actions.scrollIntoViewIfNeeded();
    // Wholly on screen: not cut off by the table's own horizontal scrolling either.
    await expect(actions).toBeInViewport({ ratio: 1 });
    const table = await page.locator('[data-slot="table-container"]').evaluate((el) => ({
      scrollWidth: el.scrollWidth,
      clientWidth: el.clientWidth,
    }));
    expect(table.scrollWidth).toBeLessThanOrEqual(table.clientWidth);

    await actions.click();
    await expect(page.getByRole("menuitem", { name: "Alterar papel" })).toBeInViewport({ ratio: 1 });
    await page.getByRole("menuitem", { name: "Alterar papel" }).click();
    const dialog = page.getByRole("dialog", { name: "Alterar papel" });
    await expect(dialog.getByRole("button", { name: "Cancelar" })).toBeInViewport();
    await dialog.getByRole("button", { name: "Cancelar" }).click();
    await expect(dialog).toHaveCount(0);

    await page.getByRole("button", { name: "Convidar" }).click();
    const convidar = page.getByRole("dialog", { name: "Convidar para a equipe" });
    await convidar.getByRole("combobox", { name: "Papel" }).click();
    await page.getByRole("option", { name: /^Morador/ }).click();
    // The dialog scrolls inside the screen: the send button is still reachable below the picker
    // (once the people have loaded, as the picker's height changes then).
    await expect(convidar.getByRole("radio").first()).toBeVisible();
    const enviar = convidar.getByRole("button", { name: "Enviar convite" });
    await enviar.scrollIntoViewIfNeeded();
    await expect(enviar).toBeInViewport({ ratio: 1 });
  });
});
