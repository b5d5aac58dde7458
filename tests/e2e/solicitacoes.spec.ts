import type { APIRequestContext } from "@playwright/test";
import { DEMO, expect, test } from "./fixtures";

const unique = (prefix: string) => `${prefix} ${Math.random().toString(36).slice(2, 8)}`;

/** A pending request of the demo tenant, created through the API as another porteiro's tab would. */
async function createViaApi(request: APIRequestContext, baseURL: string, nome: string) {
  const condos = await (await request.get("/api/condominios")).json();
  const condo = condos.items.find((c: { nome: string }) => c.nome === "Residencial Jardim das Acácias");
  const units = await (await request.get(`/api/unidades?condominio_id=${condo.id}&status=ativa`)).json();
  const res = await request.post("/api/solicitacoes", {
    data: { condominio_id: condo.id, unidade_id: units.items[0].id, tipo: "prestador", nome_visitante: nome },
    headers: { origin: baseURL },
  });
  expect(res.status()).toBe(201);
  return (await res.json()) as { id: string };
}

test.beforeEach(async ({ loginAs }) => {
  await loginAs("porteiro");
});

test("create a request, find it by search, open it and authorise it", async ({ page }) => {
  const nome = unique("Visitante E2E");
  await page.goto("/app/solicitacoes/nova");
  const unidade = page.getByRole("combobox", { name: "Unidade" });
  await expect(unidade).toBeDisabled();

  await page.getByRole("combobox", { name: "Condomínio" }).click();
  await page.getByRole("option", { name: "Residencial Jardim das Acácias" }).click();
  await expect(unidade).toBeEnabled();
  await unidade.click();
  await page.getByRole("option", { name: "Torre A - Unidade 101" }).click();
  await page.getByLabel("Nome completo").fill(nome);
  await page.getByLabel("Documento").fill("12.345.678-9");
  await page.getByRole("button", { name: "Criar Solicitação" }).click();

  await expect(page.getByText("Solicitação criada!")).toBeVisible();
  // The porteiro stays on the new request, to follow the residents' answer.
  await expect(page).toHaveURL(/\/app\/solicitacoes\/[0-9a-f-]{36}$/);
  await expect(page.getByRole("heading", { name: /Solicitação #/ })).toBeVisible();
  await expect(page.getByText(nome).first()).toBeVisible();

  await page.goto("/app/solicitacoes");
  await page.getByLabel("Buscar solicitações").fill(
    nome
      .toUpperCase()
      .normalize("NFD")
      .replace(/[\u0300-\u036f]/g, ""),
  );
  await expect(page).toHaveURL(/q=/);
  const row = page.getByRole("link", { name: new RegExp(nome) }).first();
  await expect(row).toBeVisible();
  await expect(page.getByTestId("results-count")).toHaveText("1 resultado");
  await row.click();

  await expect(page.getByRole("heading", { name: /Solicitação #/ })).toBeVisible();
  await expect(page.getByText(nome).first()).toBeVisible();
  await page.getByRole("button", { name: "Autorizar" }).click();
  const dialog = page.getByRole("alertdialog");
  await expect(dialog).toContainText(
    "Tem certeza que deseja autorizar esta solicitação? O visitante será liberado para entrar no condomínio.",
  );
  await dialog.getByRole("button", { name: "Autorizar" }).click();

  await expect(page.getByText("Autorizado").first()).toBeVisible();
  await expect(page.getByText(DEMO.porteiro.name).first()).toBeVisible();
  await expect(page.getByRole("button", { name: "Autorizar" })).toHaveCount(0);
});

test("deny a pending request through its dialog", async ({ page, baseURL }) => {
  const { id } = await createViaApi(page.context().request, baseURL!, unique("Prestador Negado"));
  await page.goto(`/app/solicitacoes/${id}`);
  await page.getByRole("button", { name: "Negar" }).click();
  const dialog = page.getByRole("alertdialog");
  await expect(dialog).toContainText(
    "Tem certeza que deseja negar esta solicitação? O visitante não será autorizado a entrar no condomínio.",
  );
  await dialog.getByRole("button", { name: "Negar" }).click();
  await expect(page.getByText("Negado").first()).toBeVisible();
  await expect(page.getByRole("button", { name: "Negar" })).toHaveCount(0);
});

test("the new-request form shows the validation messages", async ({ page }) => {
  await page.goto("/app/solicitacoes/nova");
  await page.getByRole("button", { name: "Criar Solicitação" }).click();
  // Each message is shown under its field and announced as the field's description.
  await expect(page.getByRole("combobox", { name: "Condomínio" })).toHaveAccessibleDescription(
    /Selecione um condomínio/,
  );
  await expect(page.getByRole("combobox", { name: "Unidade" })).toHaveAccessibleDescription(/Selecione uma unidade/);
  await expect(page.getByLabel("Nome completo")).toHaveAccessibleDescription(/Nome deve ter pelo menos 2 caracteres/);
  await expect(page).toHaveURL(/\/app\/solicitacoes\/nova$/);
});

test("another browser's dashboard shows the new request live, without a reload", async ({ page, browser, baseURL }) => {
  await page.goto("/app/dashboard");
  await expect(page.getByRole("heading", { level: 1, name: "Dashboard" })).toBeVisible();
  // Let the event stream connect before the other porteiro acts.
  await page.waitForTimeout(500);

  const other = await browser.newContext({ baseURL });
  const signIn = await other.request.post("/api/auth/sign-in/email", {
    data: { email: DEMO.sindico.email, password: DEMO.sindico.password },
    headers: { origin: baseURL! },
  });
  expect(signIn.status()).toBe(200);
  const nome = unique("Ao Vivo");
  await createViaApi(other.request, baseURL!, nome);
  await other.close();

  // Other tests may create requests in the same tenant meanwhile: find this request's toast.
  const toast = page.locator("[data-sonner-toast]").filter({ hasText: `Solicitação para ${nome} foi criada.` });
  await expect(toast).toBeVisible({ timeout: 2000 });
  await expect(toast.getByText("Nova solicitação", { exact: true })).toBeVisible();
  await expect(page.getByRole("list", { name: "Solicitações de hoje" }).getByText(nome)).toBeVisible({ timeout: 2000 });
});

test.describe(() => {
  test.use({ allowedConsoleErrors: [/status of 404/] });

  test("an unknown request shows the not-found view", async ({ page }) => {
    await page.goto("/app/solicitacoes/00000000-0000-4000-8000-000000000000");
    await expect(page.getByText("Solicitação não encontrada")).toBeVisible();
    await expect(page.getByText("A solicitação que você está procurando não existe ou foi removida.")).toBeVisible();
    await page
      .getByRole("link", { name: /solicitações/i })
      .last()
      .click();
    await expect(page).toHaveURL(/\/app\/solicitacoes$/);
  });
});
