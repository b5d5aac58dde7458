/**
 * What an administradora with several condominiums reads (docs/product.md, "Dashboard" and
 * "Horários"): the dashboard filtered by the condominium chosen on this device, the bell agreeing
 * with "Pendentes agora", and a request's time the same in the list and in its detail for a browser
 * whose zone is not the condominium's.
 */
import type { APIRequestContext } from "@playwright/test";
import { expect, test } from "./fixtures";

const ACACIAS = "Residencial Jardim das Acácias";
const AMAZONAS = "Condomínio Parque Amazonas";

async function condominioId(request: APIRequestContext, nome: string): Promise<string> {
  const res = await request.get(`/api/condominios?q=${encodeURIComponent(nome)}`);
  const body = (await res.json()) as { items: { id: string; nome: string }[] };
  const found = body.items.find((c) => c.nome === nome);
  expect(found, nome).toBeTruthy();
  return found!.id;
}

async function kpis(request: APIRequestContext, condominio?: string) {
  const res = await request.get(`/api/dashboard/kpis${condominio ? `?condominio_id=${condominio}` : ""}`);
  expect(res.status()).toBe(200);
  return (await res.json()) as { pendentes_agora: number; counts: { total: number } };
}

test.describe("the dashboard's condominium", () => {
  test("filters the figures, is remembered on reload, and the bell agrees with Pendentes agora", async ({
    page,
    loginAs,
  }) => {
    await loginAs("sindico");
    const request = page.context().request;
    const amazonas = await condominioId(request, AMAZONAS);
    await page.goto("/app/dashboard");
    const selector = page.getByRole("combobox", { name: "Condomínio" });
    await expect(selector).toHaveValue("");
    await expect(selector.locator("option:checked")).toHaveText("Todos os condomínios");
    await expect(page.getByTestId("kpi-pendente-legenda")).toHaveText(
      "Aguardando decisão, de qualquer dia · todos os condomínios",
    );
    await expect(page.getByRole("heading", { name: "Pendentes agora" })).toBeVisible();

    // The bell counts what "Pendentes agora" counts: every pending request of every condominium.
    const badge = page.getByTestId("notification-badge");
    await expect
      .poll(async () => {
        const api = String((await kpis(request)).pendentes_agora);
        const shown = [await badge.textContent(), await page.getByTestId("kpi-pendente").textContent()];
        return shown.every((text) => text === api) ? "iguais" : `${shown.join(" / ")} (API: ${api})`;
      })
      .toBe("iguais");

    const totalTodos = (await kpis(request)).counts.total;
    await selector.selectOption({ label: AMAZONAS });
    await expect(page.getByTestId("kpi-pendente-legenda")).toHaveText(
      "Aguardando decisão, de qualquer dia · neste condomínio",
    );
    // The server filters: the cards show Amazonas' figures, fewer than all condominiums'.
    await expect
      .poll(async () => page.getByTestId("kpi-total").textContent())
      .toBe(String((await kpis(request, amazonas)).counts.total));
    await expect
      .poll(async () => page.getByTestId("kpi-pendente").textContent())
      .toBe(String((await kpis(request, amazonas)).pendentes_agora));
    expect((await kpis(request, amazonas)).counts.total).toBeLessThan(totalTodos);
    // The latest requests are Amazonas' only: no row names another condominium.
    await expect(page.getByTestId("ultimas-condominio")).toHaveCount(0);

    // This device remembers the choice.
    await page.reload();
    await expect(page.getByRole("combobox", { name: "Condomínio" })).toHaveValue(amazonas);
    await expect(page.getByTestId("kpi-pendente-legenda")).toHaveText(
      "Aguardando decisão, de qualquer dia · neste condomínio",
    );
    await expect
      .poll(async () => page.getByTestId("kpi-total").textContent())
      .toBe(String((await kpis(request, amazonas)).counts.total));

    // Back to all of them.
    await page.getByRole("combobox", { name: "Condomínio" }).selectOption({ label: "Todos os condomínios" });
    await page.reload();
    await expect(page.getByRole("combobox", { name: "Condomínio" })).toHaveValue("");
  });
});

test.describe("a browser in UTC", () => {
  test.use({ timezoneId: "UTC" });

  test("reads a request's time on the condominium's clock in the list and in the detail, zone named", async ({
    page,
    loginAs,
    baseURL,
  }) => {
    await loginAs("porteiro");
    const request = page.context().request;
    const condominio = await condominioId(request, ACACIAS);
    const unidades = await (await request.get(`/api/unidades?condominio_id=${condominio}&status=ativa`)).json();
    const created = await request.post("/api/solicitacoes", {
      data: { condominio_id: condominio, unidade_id: unidades.items[0].id, nome_visitante: "Visita em UTC" },
      headers: { origin: baseURL! },
    });
    expect(created.status()).toBe(201);
    const s = (await created.json()) as { id: string; created_at: string };
    // What São Paulo's clock read when it was created: three hours behind this browser's.
    const expected = new Intl.DateTimeFormat("pt-BR", {
      timeZone: "America/Sao_Paulo",
      day: "2-digit",
      month: "2-digit",
      year: "numeric",
      hour: "2-digit",
      minute: "2-digit",
      hourCycle: "h23",
    })
      .format(new Date(s.created_at))
      .replace(",", "");

    await page.goto("/app/solicitacoes");
    const row = page.locator(`[data-solicitacao-id="${s.id}"]`);
    await expect(row).toBeVisible();
    const listTime = row.locator("time").first();
    await expect(listTime).toHaveText(expected);
    await expect(row).toContainText("(horário de Brasília)");

    await page.goto(`/app/solicitacoes/${s.id}`);
    const item = (term: string) =>
      page.locator("dt", { hasText: new RegExp(`^${term}$`) }).locator("xpath=following-sibling::dd[1]");
    await expect(item("Criada em").locator("time").first()).toHaveText(expected);
    await expect(item("Criada em")).toContainText("(horário de Brasília)");
    // Its expiry is the condominium's default, on the same clock.
    await expect(item("Expira em")).toContainText("(horário de Brasília)");
  });
});

test.describe("a condominium's wait before a request expires", () => {
  test("is set in the form, refused out of range, shown in the detail and in the new request form", async ({
    page,
    loginAs,
  }) => {
    await loginAs("sindico");
    const nome = `Condomínio Prazo ${Math.random().toString(36).slice(2, 8)}`;
    await page.goto("/app/condominios/novo");
    const group = page.getByRole("group", { name: "Expiração das solicitações" });
    const espera = group.getByLabel("Expirar solicitações sem resposta após (minutos)");
    await expect(espera).toHaveValue("30");
    await expect(espera).toHaveAccessibleDescription(/De 5 a 1\.440 minutos \(24 horas\); padrão 30\./);

    await page.getByLabel("Nome do condomínio").fill(nome);
    await espera.fill("4");
    await page.getByRole("button", { name: "Criar Condomínio" }).click();
    await expect(page.locator("#expiracao_solicitacao_minutos-error")).toHaveText(
      "A expiração vai de 5 a 1.440 minutos (24 horas)",
    );
    await expect(espera).toHaveAttribute("aria-invalid", "true");
    await espera.fill("45");
    await page.getByRole("button", { name: "Criar Condomínio" }).click();
    await expect(page.getByText("Condomínio criado!")).toBeVisible();

    await page.getByLabel("Buscar condomínios").fill(nome);
    await expect(page.getByTestId("results-count")).toHaveText("1 resultado");
    await page.getByRole("link", { name: nome, exact: true }).click();
    await expect(page.getByRole("heading", { name: nome })).toBeVisible();
    await expect(page.getByTestId("expiracao-solicitacao")).toHaveText("45 minutos");

    // A new request says how long it will wait when left without its own expiry.
    await page.goto("/app/solicitacoes/nova");
    await page.getByRole("combobox", { name: "Condomínio" }).click();
    await page.getByRole("option", { name: ACACIAS }).click();
    await expect(page.getByLabel("Expira em")).toHaveAccessibleDescription(
      "Em branco, a solicitação expira 2 horas após a criação se ninguém responder (padrão do condomínio). Para outro prazo, escolha a data e a hora.",
    );
  });
});
