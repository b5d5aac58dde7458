import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import type { Page } from "@playwright/test";
import sharp from "sharp";
import { expect, test } from "./fixtures";

const rand = () => Math.random().toString(36).slice(2, 8);
const DEMO_CONDO = "Residencial Jardim das Acácias";

test.beforeEach(async ({ loginAs }) => {
  await loginAs("sindico");
});

async function choose(page: Page, combobox: string, option: string) {
  await page.getByRole("combobox", { name: combobox, exact: true }).click();
  await page.getByRole("option", { name: option, exact: true }).click();
}

test("a condominium created in America/Manaus keeps its zone when the edit form reopens", async ({ page }) => {
  const nome = `Condomínio E2E ${rand()}`;
  await page.goto("/app/condominios/novo");
  await expect(page.getByRole("combobox", { name: "Timezone" })).toHaveText("America/Sao_Paulo");
  await choose(page, "Timezone", "America/Manaus");
  await expect(page.getByTestId("timezone-panel")).toContainText("America/Manaus");
  await expect(page.getByTestId("timezone-panel")).toContainText(
    "Este timezone será usado para todas as datas e horários do condomínio.",
  );
  await page.getByLabel("Nome do condomínio").fill(nome);
  await expect(page.getByRole("switch", { name: "Condomínio ativo" })).toBeChecked();
  await page.getByRole("button", { name: "Criar Condomínio" }).click();
  await expect(page.getByText("Condomínio criado!")).toBeVisible();
  await expect(page).toHaveURL(/\/app\/condominios$/);

  // Search by name, then by timezone.
  await page.getByLabel("Buscar condomínios").fill(nome);
  await expect(page.getByTestId("results-count")).toHaveText("1 resultado");
  const row = page.getByRole("row", { name: new RegExp(nome) });
  await expect(row).toContainText("America/Manaus");
  await expect(row).toContainText("Ativo");
  await page.getByLabel("Buscar condomínios").fill("Manaus");
  await expect(page).toHaveURL(/q=Manaus/);
  await expect(page.getByRole("row", { name: new RegExp(nome) })).toBeVisible();

  await page.getByRole("link", { name: `Editar ${nome}` }).click();
  await expect(page.getByRole("heading", { name: "Editar Condomínio" })).toBeVisible();
  await expect(page.getByRole("combobox", { name: "Timezone" })).toHaveText("America/Manaus");
  await expect(page.getByLabel("Nome do condomínio")).toHaveValue(nome);

  // The detail screen shows the saved zone and the counts.
  await page.goto("/app/condominios");
  await page.getByRole("link", { name: nome, exact: true }).click();
  await expect(page.getByRole("heading", { name: nome })).toBeVisible();
  await expect(page.getByText("America/Manaus")).toBeVisible();
  await expect(page.getByTestId("count-unidades")).toHaveText("0");
});

test("create a unit and a person, link the resident, see Moradores = 1, then edit the person", async ({ page }) => {
  test.setTimeout(120_000); // a long journey through five screens
  const id = rand();
  const codigo = `E2E${id}`;
  const torre = `Torre ${id}`;
  const nome = `Morador E2E ${id}`;

  // The unit.
  await page.goto("/app/unidades/nova");
  await expect(page.getByText("Após criar a unidade, você poderá associar moradores a ela.")).toBeVisible();
  await page.getByRole("button", { name: "Criar Unidade" }).click();
  await expect(page.locator("#condominio_id-error")).toHaveText("Selecione um condomínio");
  await expect(page.locator("#codigo-error")).toHaveText("Código é obrigatório");
  await choose(page, "Condomínio", DEMO_CONDO);
  await page.getByLabel("Código").fill(codigo);
  await page.getByLabel("Torre").fill(torre);
  await page.getByLabel("Ramal").fill("9901");
  await page.getByRole("button", { name: "Criar Unidade" }).click();
  await expect(page.getByText("Unidade criada!")).toBeVisible();
  await expect(page).toHaveURL(/\/app\/unidades$/);

  // The person.
  await page.goto("/app/pessoas/nova");
  await expect(
    page.getByText("Após criar a pessoa, você poderá associá-la a unidades e definir permissões."),
  ).toBeVisible();
  await page.getByLabel("Nome completo").fill("A");
  await page.getByLabel("E-mail").fill("nao-e-email");
  await page.getByRole("button", { name: "Criar Pessoa" }).click();
  await expect(page.getByText("Nome deve ter pelo menos 2 caracteres")).toBeVisible();
  await expect(page.getByText("E-mail inválido")).toBeVisible();
  await choose(page, "Condomínio", DEMO_CONDO);
  await page.getByLabel("Nome completo").fill(nome);
  await page.getByLabel("E-mail").fill(`morador.${id}@exemplo.com`);
  await page.getByLabel("Documento").fill(`DOC-${id}`);
  await page.getByRole("button", { name: "Criar Pessoa" }).click();
  await expect(page.getByText("Pessoa criada!")).toBeVisible();
  await expect(page).toHaveURL(/\/app\/pessoas$/);

  // Link the person as a resident from the unit's detail.
  await page.goto("/app/unidades");
  await page.getByLabel("Buscar unidades").fill(codigo);
  await expect(page.getByTestId("results-count")).toHaveText("1 resultado");
  const row = page.getByRole("row", { name: new RegExp(codigo) });
  await expect(row.getByTestId("moradores")).toHaveText("0");
  await page.getByRole("link", { name: `Ver unidade ${codigo}` }).click();
  await expect(page.getByRole("heading", { name: `${torre} - Unidade ${codigo}` })).toBeVisible();
  await expect(page.getByText("Nenhum morador nesta unidade.")).toBeVisible();
  await page.getByLabel("Buscar pessoa").fill(nome);
  await choose(page, "Pessoa", nome);
  await page.getByRole("button", { name: "Adicionar" }).click();
  await expect(page.getByText("Morador adicionado!")).toBeVisible();
  const residents = page.getByRole("list", { name: "Moradores da unidade" });
  await expect(residents).toContainText(nome);
  await residents.getByRole("button", { name: "Marcar como responsável" }).click();
  await expect(residents).toContainText("Responsável");

  await page.goto(`/app/unidades?q=${codigo}`);
  await expect(page.getByRole("row", { name: new RegExp(codigo) }).getByTestId("moradores")).toHaveText("1");

  // Edit the person.
  await page.goto(`/app/pessoas?q=${encodeURIComponent(nome)}`);
  await expect(page.getByTestId("results-count")).toHaveText("1 resultado");
  await page.getByRole("link", { name: `Editar ${nome}` }).click();
  await expect(page.getByText("As alterações serão aplicadas imediatamente no sistema.")).toBeVisible();
  await expect(page.getByLabel("Nome completo")).toHaveValue(nome);
  await page.getByLabel("Ramal").fill("7788");
  await page.getByLabel("Telefone").fill("+5511999990000");
  await page.getByRole("button", { name: "Salvar alterações" }).click();
  await expect(page.getByText("Pessoa atualizada!")).toBeVisible();
  await expect(page).toHaveURL(/\/app\/pessoas$/);

  // The person's detail shows the new data and the unit.
  await page.goto(`/app/pessoas?q=${encodeURIComponent(nome)}`);
  const card = page.locator("[data-pessoa-id]", { hasText: nome });
  await expect(card).toContainText("7788");
  // Typed as E.164, shown the Brazilian way (docs/product.md, "Telefones").
  await expect(card).toContainText("(11) 99999-0000");
  await card.getByRole("link", { name: `Ver ${nome}` }).click();
  await expect(page.getByRole("heading", { name: nome })).toBeVisible();
  await expect(page.getByRole("link", { name: `${torre} - Unidade ${codigo}` })).toBeVisible();
});

test("people: filters, search, refresh and the empty state", async ({ page }) => {
  await page.goto("/app/pessoas");
  await expect(page.getByTestId("results-count")).toBeVisible();
  await page.getByLabel("Buscar pessoas").fill("fernanda oliveira");
  await expect(page).toHaveURL(/q=fernanda/);
  await expect(page.getByRole("heading", { name: "Fernanda Oliveira" })).toBeVisible();
  await expect(page.getByTestId("results-count")).toHaveText("1 resultado");

  await choose(page, "Condomínio", DEMO_CONDO);
  await expect(page).toHaveURL(/condominio_id=/);
  await choose(page, "Status", "Inativo");
  await expect(page).toHaveURL(/status=inativo/);
  await expect(page.getByText("Nenhuma pessoa encontrada")).toBeVisible();
  await expect(page.getByRole("link", { name: "Cadastrar pessoa" })).toHaveAttribute("href", "/app/pessoas/nova");

  await page.getByRole("button", { name: "Limpar filtros" }).click();
  await expect(page).toHaveURL(/\/app\/pessoas$/);
  await page.getByRole("button", { name: "Atualizar" }).click();
  await expect(page.getByText("Lista de pessoas atualizada.")).toBeVisible();
});

test("units: status and condominium filters and search", async ({ page }) => {
  await page.goto("/app/unidades");
  await expect(page.getByRole("columnheader", { name: "Moradores" })).toBeVisible();
  await choose(page, "Status", "Ativa");
  await expect(page).toHaveURL(/status=ativa/);
  await expect(page.locator("tbody [data-active=true]").first()).toBeVisible();
  await expect(page.locator("tbody [data-active=false]")).toHaveCount(0);
  await choose(page, "Condomínio", DEMO_CONDO);
  await expect(page).toHaveURL(/condominio_id=/);
  await page.getByLabel("Buscar unidades").fill("zzz-nao-existe");
  await expect(page.getByText("Nenhuma unidade encontrada.")).toBeVisible();
  await expect(page.getByRole("link", { name: "Cadastrar unidade" })).toHaveAttribute("href", /\/app\/unidades\/nova/);
});

test("the calls list shows the demo calls with m:ss durations, and filters", async ({ page }) => {
  await page.goto("/app/chamadas");
  const durations = page.getByTestId("duracao");
  await expect(durations.first()).toBeVisible();
  const texts = await durations.allTextContents();
  for (const text of texts) expect(text).toMatch(/^(\d+:\d{2}|-)$/);
  expect(texts.some((t) => /^\d+:\d{2}$/.test(t))).toBe(true);
  expect(texts).toContain("-");

  await choose(page, "Status", "Concluída");
  await expect(page).toHaveURL(/status=concluida/);
  await expect(page.locator("[data-status]:not([data-status=concluida])")).toHaveCount(0);
  for (const text of await durations.allTextContents()) expect(text).toMatch(/^\d+:\d{2}$/);

  await page.getByRole("button", { name: "Limpar filtros" }).click();
  await page.getByLabel("Buscar chamadas").fill("whatsapp");
  await expect(page).toHaveURL(/q=whatsapp/);
  await expect(durations.first()).toBeVisible();
  await page.getByLabel("Buscar chamadas").fill("nenhuma-chamada-assim");
  await expect(page.getByText("Nenhuma chamada encontrada.")).toBeVisible();

  // The detail of one call.
  await page.goto("/app/chamadas?status=concluida");
  await page
    .getByRole("link", { name: /Ver chamada/ })
    .first()
    .click();
  await expect(page.getByRole("heading", { name: /Chamada #/ })).toBeVisible();
  await expect(page.getByRole("link", { name: "Ver solicitação" })).toHaveAttribute("href", /\/app\/solicitacoes\//);
});

test("the header search finds a person by keyboard", async ({ page }) => {
  await page.goto("/app/dashboard");
  const box = page.getByRole("combobox", { name: "Buscar", exact: true });
  await box.fill("patricia gom");
  const listbox = page.getByRole("listbox", { name: "Resultados da busca" });
  await expect(listbox.getByRole("option", { name: /Patrícia Gomes/ })).toBeVisible();
  await expect(listbox.getByRole("group", { name: "Pessoas" })).toBeVisible();
  await box.press("ArrowDown");
  await expect(listbox.getByRole("option", { name: /Patrícia Gomes/ })).toHaveAttribute("aria-selected", "true");
  await box.press("Enter");
  await expect(page).toHaveURL(/\/app\/pessoas\/[0-9a-f-]{36}$/);
  await expect(page.getByRole("heading", { name: "Patrícia Gomes" })).toBeVisible();

  // Esc closes the list.
  await box.fill("ana");
  await expect(listbox).toBeVisible();
  await box.press("Escape");
  await expect(listbox).toBeHidden();
});

test("a person's photo: initials, a file added (processed, then shown), then removed", async ({ page, baseURL }) => {
  const request = page.context().request;
  const condos = await (await request.get("/api/condominios")).json();
  const condo = condos.items.find((c: { nome: string }) => c.nome === DEMO_CONDO);
  const nome = `Foto Pessoa ${rand()}`;
  const created = await request.post("/api/pessoas", {
    data: { condominio_id: condo.id, nome },
    headers: { origin: baseURL! },
  });
  expect(created.status(), await created.text()).toBe(201);
  const { id } = await created.json();
  const file = path.join(fs.mkdtempSync(path.join(os.tmpdir(), "guarita-pessoa-")), "pessoa.jpg");
  await sharp({ create: { width: 600, height: 600, channels: 3, background: { r: 90, g: 140, b: 200 } } })
    .jpeg()
    .toFile(file);

  await page.goto(`/app/pessoas/${id}`);
  await expect(page.getByRole("img", { name: `${nome}, sem foto` })).toBeVisible();
  const chooser = page.waitForEvent("filechooser");
  await page.getByRole("button", { name: "Escolher arquivo" }).click();
  await (await chooser).setFiles(file);
  await expect(page.getByText("Foto enviada", { exact: true })).toBeVisible();
  // Re-read until the renditions are made, then the image itself loads.
  const foto = page.getByRole("img", { name: `Foto de ${nome}` });
  await expect(foto).toBeVisible();
  await expect.poll(() => foto.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0)).toBe(true);
  await expect(page.getByRole("button", { name: "Trocar foto" })).toBeVisible();

  await page.getByRole("button", { name: "Remover foto" }).click();
  await page.getByRole("alertdialog").getByRole("button", { name: "Remover" }).click();
  await expect(page.getByText("Foto removida", { exact: true })).toBeVisible();
  await expect(page.getByRole("img", { name: `${nome}, sem foto` })).toBeVisible();
  await expect(page.getByRole("button", { name: "Adicionar foto" })).toBeVisible();
});

test.describe("a duplicate unit code", () => {
  test.use({ allowedConsoleErrors: [/status of 409/] });

  test("shows the destructive toast with the server's message", async ({ page }) => {
    await page.goto("/app/unidades/nova");
    await choose(page, "Condomínio", DEMO_CONDO);
    await page.getByLabel("Código").fill("101");
    await page.getByLabel("Torre").fill("Torre A");
    await page.getByRole("button", { name: "Criar Unidade" }).click();
    await expect(page.getByText("Erro ao criar unidade")).toBeVisible();
    await expect(page).toHaveURL(/\/app\/unidades\/nova$/);
  });
});

test.describe("on a 360 px phone", () => {
  test.use({ viewport: { width: 360, height: 740 } });

  test("the header search opens from its button and finds a person", async ({ page }) => {
    await page.goto("/app/dashboard");
    await page.getByRole("button", { name: "Abrir busca" }).click();
    const box = page.getByRole("combobox", { name: "Buscar", exact: true });
    await expect(box).toBeFocused();
    await box.fill("rafael costa");
    const option = page.getByRole("option", { name: /Rafael Costa/ });
    await expect(option).toBeVisible();
    await option.click();
    await expect(page.getByRole("heading", { name: "Rafael Costa" })).toBeVisible();
  });
});
