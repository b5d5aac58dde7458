/**
 * API keys from the UI (docs/decisions/019-api-keys.md): the demo síndico creates an API key in
 * "Configurações → Integrações", reads its secret once, calls /api/v1 with it (200), revokes it in the UI and
 * the same call is a 401; the key stays listed as "Revogada". Plus axe on the screen and its dialogs, and the
 * screen at 360 px.
 */
import AxeBuilder from "@axe-core/playwright";
import type { APIRequestContext, Page } from "@playwright/test";
import { describeViolations } from "./axe";
import { expect, test } from "./fixtures";

const PATH = "/app/configuracoes/integracoes";

const unique = (what: string) => `${what} ${Date.now()}-${Math.floor(Math.random() * 1e6)}`;

async function firstSolicitacaoId(request: APIRequestContext): Promise<string> {
  const res = await request.get("/api/solicitacoes?page_size=1");
  expect(res.status()).toBe(200);
  const body = (await res.json()) as { items: { id: string }[] };
  expect(body.items.length, "a demo não tem solicitações").toBeGreaterThan(0);
  return body.items[0]!.id;
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

async function settle(page: Page) {
  await expect(page.getByRole("heading", { level: 2, name: "Chaves de API" })).toBeVisible();
  await expect(page.locator('[data-slot="skeleton"]')).toHaveCount(0);
  await expect(page.locator('[aria-busy="true"]')).toHaveCount(0);
  await transitionsDone(page);
}

async function expectNoAxeViolations(page: Page) {
  const results = await new AxeBuilder({ page }).analyze();
  expect(describeViolations(results.violations)).toEqual([]);
}

/** Fills "Nova chave" and creates it; returns the secret read from the "Chave criada" field. */
async function createKey(page: Page, nome: string, scopes: RegExp[], { opened = false } = {}): Promise<string> {
  if (!opened) await page.getByRole("button", { name: "Nova chave" }).click();
  const dialog = page.getByRole("dialog", { name: "Nova chave de API" });
  await expect(dialog).toBeVisible();
  await dialog.getByRole("textbox", { name: "Nome" }).fill(nome);
  const group = dialog.getByRole("group", { name: /Permissões/ });
  for (const scope of scopes) await group.getByRole("checkbox", { name: scope }).check();
  await dialog.getByRole("button", { name: "Criar chave" }).click();

  const criada = page.getByRole("dialog", { name: "Chave criada" });
  await expect(criada).toBeVisible();
  await expect(criada.getByText("Copie agora: esta chave não será mostrada de novo.")).toBeVisible();
  const field = criada.getByRole("textbox", { name: "Chave secreta" });
  await expect(field).toBeFocused();
  await expect(field).toHaveAttribute("readonly", "");
  const secret = await field.inputValue();
  expect(secret).toMatch(/^gk_[A-Za-z0-9_-]{20,}$/);
  return secret;
}

test.describe("Configurações → Integrações", () => {
  test.use({ reducedMotion: "reduce" });

  test("a síndico creates a key, uses it on /api/v1, revokes it and the key stops working", async ({
    page,
    context,
    loginAs,
  }) => {
    await context.grantPermissions(["clipboard-read", "clipboard-write"]);
    await loginAs("sindico");
    const solicitacaoId = await firstSolicitacaoId(page.request);
    const nome = unique("PABX da portaria");

    await page.goto("/app/configuracoes/equipe");
    await page
      .getByRole("navigation", { name: "Seções de configurações" })
      .getByRole("link", { name: "Integrações" })
      .click();
    await expect(page).toHaveURL(/\/app\/configuracoes\/integracoes$/);
    await expect(page.getByRole("link", { name: "Integrações" })).toHaveAttribute("aria-current", "page");
    await expect(page.getByText("Authorization: Bearer <chave>").first()).toBeVisible();
    await expect(page.getByRole("link", { name: /Referência da API/ })).toHaveAttribute("href", "/api/docs");
    await settle(page);

    // The form refuses an empty submission on the fields themselves.
    await page.getByRole("button", { name: "Nova chave" }).click();
    const form = page.getByRole("dialog", { name: "Nova chave de API" });
    await form.getByRole("button", { name: "Criar chave" }).click();
    await expect(form.getByText("Nome deve ter pelo menos 2 caracteres")).toBeVisible();
    await expect(form.getByText("Escolha ao menos uma permissão")).toBeVisible();
    await expect(form.getByRole("textbox", { name: "Nome" })).toBeFocused();
    await form.getByRole("button", { name: "Cancelar" }).click();
    await expect(form).toHaveCount(0);
    await expect(page.getByRole("button", { name: "Nova chave" })).toBeFocused();

    const secret = await createKey(page, nome, [/solicitacoes:ler/, /chamadas:escrever/]);
    const criada = page.getByRole("dialog", { name: "Chave criada" });
    await criada.getByRole("button", { name: "Copiar" }).click();
    await expect(page.getByText("Chave copiada", { exact: true })).toBeVisible();
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(secret);
    await criada.getByRole("button", { name: "Concluir" }).click();
    await expect(criada).toHaveCount(0);

    // Listed with its prefix (never the secret), its scopes, its creator and no use yet.
    const row = page.getByRole("row").filter({ hasText: nome });
    await expect(row).toHaveCount(1);
    await expect(row.getByText(`${secret.slice(0, 11)}…`)).toBeVisible();
    await expect(row.getByText(secret)).toHaveCount(0);
    await expect(row.getByText("solicitacoes:ler", { exact: true })).toBeVisible();
    await expect(row.getByText("chamadas:escrever", { exact: true })).toBeVisible();
    await expect(row.getByText(/Marina Duarte em/)).toBeVisible();
    await expect(row.getByText("Nunca usada")).toBeVisible();
    await expect(row.getByText("Ativa", { exact: true })).toBeVisible();

    // The key works on /api/v1.
    const v1 = `/api/v1/solicitacoes/${solicitacaoId}`;
    const auth = { Authorization: `Bearer ${secret}` };
    const ok = await page.request.get(v1, { headers: auth });
    expect(ok.status(), await ok.text()).toBe(200);
    expect(((await ok.json()) as { id: string }).id).toBe(solicitacaoId);

    // Its use shows up in the list.
    await page.reload();
    await settle(page);
    await expect(row.getByText("Nunca usada")).toHaveCount(0);
    await expect(row.locator("time").last()).toBeVisible();

    // Revoked in the UI, after a confirmation that names it.
    await row.getByRole("button", { name: `Revogar a chave ${nome}` }).click();
    const confirm = page.getByRole("alertdialog", { name: `Revogar a chave “${nome}”?` });
    await expect(confirm).toBeVisible();
    await expect(confirm.getByText(/Os sistemas que usam esta chave param de funcionar na hora/)).toBeVisible();
    await confirm.getByRole("button", { name: "Revogar" }).click();
    await expect(page.getByText("Chave revogada", { exact: true })).toBeVisible();
    await expect(confirm).toHaveCount(0);
    await expect(row.getByText("Revogada", { exact: true })).toBeVisible();
    await expect(row.getByRole("button", { name: /Revogar/ })).toHaveCount(0);

    // The next call with it is a 401.
    const refused = await page.request.get(v1, { headers: auth });
    expect(refused.status()).toBe(401);

    // "Revogadas" lists it; "Ativas" does not.
    const filtro = page.getByRole("group", { name: "Situação" });
    await filtro.getByText("Revogadas", { exact: true }).click();
    await expect(filtro.getByRole("radio", { name: "Revogadas" })).toBeChecked();
    await expect(page).toHaveURL(/status=revogada/);
    await expect(page.getByRole("row").filter({ hasText: nome }).getByText("Revogada", { exact: true })).toBeVisible();
    await filtro.getByText("Ativas", { exact: true }).click();
    await expect(filtro.getByRole("radio", { name: "Ativas" })).toBeChecked();
    await expect(page).toHaveURL(/status=ativa/);
    await settle(page);
    await expect(page.getByRole("row").filter({ hasText: nome })).toHaveCount(0);
  });

  for (const theme of ["light", "dark"] as const) {
    test(`the screen and its dialogs have no axe violations (${theme})`, async ({ page, loginAs, baseURL }) => {
      await loginAs("sindico");
      await page.addInitScript((value) => window.localStorage.setItem("theme", value), theme);
      // At least one key, so the table (not only the empty state) is checked.
      const created = await page.request.post("/api/integracoes/chaves", {
        data: { nome: unique("Portão axe"), escopos: ["eventos:ler"] },
        headers: { origin: baseURL! },
      });
      expect(created.status(), await created.text()).toBe(201);
      await page.goto(PATH);
      await expect(page.locator("html")).toHaveClass(new RegExp(`\\b${theme}\\b`));
      await settle(page);
      await expectNoAxeViolations(page);

      await page.getByRole("button", { name: "Nova chave" }).click();
      await expect(page.getByRole("dialog", { name: "Nova chave de API" })).toBeVisible();
      await transitionsDone(page);
      await expectNoAxeViolations(page);

      const nome = unique("Atendente axe");
      await createKey(page, nome, [/diretorio:ler/], { opened: true });
      await transitionsDone(page);
      await expectNoAxeViolations(page);
      await page.getByRole("button", { name: "Concluir" }).click();

      const row = page.getByRole("row").filter({ hasText: nome });
      await row.getByRole("button", { name: /Revogar a chave/ }).click();
      await expect(page.getByRole("alertdialog")).toBeVisible();
      await transitionsDone(page);
      await expectNoAxeViolations(page);
      await page.getByRole("alertdialog").getByRole("button", { name: "Cancelar" }).click();
      await expect(row.getByRole("button", { name: /Revogar a chave/ })).toBeFocused();
    });
  }

  test("at 360 px the keys are stacked and the dialog fits", async ({ page, loginAs, baseURL }) => {
    await page.setViewportSize({ width: 360, height: 740 });
    await loginAs("sindico");
    const nome = unique("Controlador de portão");
    const created = await page.request.post("/api/integracoes/chaves", {
      data: { nome, escopos: ["solicitacoes:ler", "eventos:ler"] },
      headers: { origin: baseURL! },
    });
    expect(created.status(), await created.text()).toBe(201);

    await page.goto(PATH);
    await settle(page);
    const noHorizontalScroll = () =>
      page.evaluate(() => document.documentElement.scrollWidth <= document.documentElement.clientWidth);
    expect(await noHorizontalScroll()).toBe(true);

    // Phones get the stacked list, not the table.
    await expect(page.getByRole("table")).toBeHidden();
    const item = page.locator(`li[data-chave="${nome}"]`);
    await expect(item).toBeVisible();
    await expect(item.getByText("Nunca usada")).toBeVisible();
    await expect(item.getByText("eventos:ler", { exact: true })).toBeVisible();
    const revogar = item.getByRole("button", { name: `Revogar a chave ${nome}` });
    await revogar.scrollIntoViewIfNeeded();
    await expect(revogar).toBeInViewport();

    // The dialog: every permission and the buttons reachable, the secret and "Copiar" on screen.
    await page.getByRole("button", { name: "Nova chave" }).click();
    const dialog = page.getByRole("dialog", { name: "Nova chave de API" });
    const box = await dialog.boundingBox();
    expect(box!.x).toBeGreaterThanOrEqual(0);
    expect(box!.x + box!.width).toBeLessThanOrEqual(360);
    await dialog.getByRole("textbox", { name: "Nome" }).fill(unique("Celular"));
    const last = dialog.getByRole("checkbox", { name: /eventos:ler/ });
    await last.scrollIntoViewIfNeeded();
    await last.check();
    const submit = dialog.getByRole("button", { name: "Criar chave" });
    await submit.scrollIntoViewIfNeeded();
    await expect(submit).toBeInViewport();
    await submit.click();
    const criada = page.getByRole("dialog", { name: "Chave criada" });
    await expect(criada.getByRole("textbox", { name: "Chave secreta" })).toBeInViewport();
    await expect(criada.getByRole("button", { name: "Copiar" })).toBeInViewport();
    await criada.getByRole("button", { name: "Concluir" }).click();
    await expect(criada).toHaveCount(0);
    expect(await noHorizontalScroll()).toBe(true);

    // Revoking from the stacked item.
    await revogar.click();
    await page.getByRole("alertdialog").getByRole("button", { name: "Revogar" }).click();
    await expect(item.getByText("Revogada", { exact: true })).toBeVisible();
  });
});
