/**
 * Common areas for the síndico (docs/decisions/044-common-area-bookings.md): the síndico registers
 * "Salão de festas" (blocks of 5 hours, 08:00–23:00 every day, approval on) and sees it listed; a
 * morador's booking (made through the API) waits in "Aprovações" and is approved with one tap; the
 * month calendar shows it. axe checks each screen.
 */
import type { Page } from "@playwright/test";
import { expectNoAxeViolations } from "./axe";
import { DEMO, expect, test } from "./fixtures";

const CONDOMINIO = "Residencial Jardim das Acácias";

test.use({ reducedMotion: "reduce", viewport: { width: 1024, height: 768 } });

async function choose(page: Page, label: string, option: string) {
  await page.getByRole("combobox", { name: label }).click();
  await page.getByRole("option", { name: option, exact: true }).click();
}

/** A day `days` ahead on the condominium's calendar (São Paulo). */
function diaDaqui(days: number): string {
  const hoje = new Intl.DateTimeFormat("en-CA", { timeZone: "America/Sao_Paulo" }).format(new Date());
  const d = new Date(`${hoje}T12:00:00Z`);
  d.setUTCDate(d.getUTCDate() + days);
  return d.toISOString().slice(0, 10);
}

test("the síndico registers a party room, approves a morador's booking and sees it on the calendar", async ({
  page,
  browser,
  baseURL,
  loginAs,
}) => {
  test.setTimeout(120_000);
  const nome = `Salão de festas ${Date.now().toString(36)}`;
  await loginAs("sindico");

  await page.goto("/app/areas");
  await expect(page.getByRole("heading", { name: "Áreas comuns", level: 1 })).toBeVisible();
  await page.getByRole("link", { name: "Nova área" }).first().click();
  await expect(page.getByRole("heading", { name: "Nova área comum", level: 1 })).toBeVisible();
  await choose(page, "Condomínio", CONDOMINIO);
  await page.getByRole("textbox", { name: "Nome" }).fill(nome);
  await page.getByRole("spinbutton", { name: "Capacidade (pessoas)" }).fill("80");
  await page.getByLabel("Abre domingo").fill("08:00");
  await page.getByLabel("Fecha domingo").fill("23:00");
  await page.getByRole("button", { name: "Copiar o horário de domingo para todos os dias" }).click();
  await expect(page.getByLabel("Fecha sábado")).toHaveValue("23:00");
  await choose(page, "Modo de reserva", "Horários (blocos de horas)");
  await page.getByRole("spinbutton", { name: "Duração do bloco (horas)" }).fill("5");
  await page.getByRole("textbox", { name: "Taxa de uso (R$)" }).fill("15000");
  await expect(page.getByRole("textbox", { name: "Taxa de uso (R$)" })).toHaveValue("150,00");
  await page
    .getByRole("textbox", { name: "Regulamento" })
    .fill("Som até as 22h. Devolver limpo, com as chaves na portaria.");
  await expect(page.getByRole("switch", { name: "Exige aprovação do síndico" })).toBeChecked();
  await expectNoAxeViolations(page);
  await page.getByRole("button", { name: "Cadastrar área" }).click();
  await expect(page.getByText("Área cadastrada", { exact: true })).toBeVisible();

  const card = page.getByTestId("area-card").filter({ hasText: nome });
  await expect(card).toBeVisible();
  await expect(card).toContainText("Blocos de 5 h");
  await expect(card).toContainText("Todos os dias, 08:00–23:00");
  await expect(card).toContainText("Com aprovação");
  await expectNoAxeViolations(page);
  const areaId = await card.getAttribute("data-area-id");

  // The morador books the first block three days ahead (past the 24 h notice), through the API.
  const data = diaDaqui(3);
  const morador = await browser.newContext({ baseURL });
  const signIn = await morador.request.post("/api/auth/sign-in/email", {
    data: { email: DEMO.morador.email, password: DEMO.morador.password },
    headers: { origin: baseURL! },
  });
  expect(signIn.status()).toBe(200);
  const unidades = (await (await morador.request.get("/api/unidades")).json()) as { items: { id: string }[] };
  const reserva = await morador.request.post("/api/reservas", {
    data: {
      area_id: areaId,
      unidade_id: unidades.items[0]!.id,
      data,
      hora_inicio: "08:00",
      hora_fim: "13:00",
      aceite_regras: true,
    },
    headers: { origin: baseURL! },
  });
  expect(reserva.status(), await reserva.text()).toBe(201);
  const { id, status } = (await reserva.json()) as { id: string; status: string };
  expect(status).toBe("pendente");
  await morador.close();

  // Aprovações: the booking waits; one tap approves it.
  await page.goto("/app/areas");
  await page.getByTestId("link-aprovacoes").click();
  await expect(page.getByRole("heading", { name: "Aprovações", level: 1 })).toBeVisible();
  const pendente = page.locator(`[data-reserva-id="${id}"]`);
  await expect(pendente).toContainText(nome);
  await expect(pendente).toContainText("08:00–13:00");
  await expectNoAxeViolations(page);
  await pendente.getByRole("button", { name: /^Aprovar/ }).click();
  await expect(page.getByText("Reserva aprovada", { exact: true })).toBeVisible();
  await expect(pendente).toHaveCount(0);

  // The month calendar shows it, confirmed, on its day.
  await page.goto(`/app/areas/calendario?data=${data}`);
  await expect(page.getByRole("heading", { name: "Calendário", level: 1 })).toBeVisible();
  // The demo síndico manages two condominiums: the calendar shows one at a time.
  await page.getByRole("combobox", { name: "Condomínio" }).selectOption({ label: CONDOMINIO });
  const dia = page.locator(`td[data-dia="${data}"]`);
  await expect(dia.getByRole("link", { name: /08:00–13:00/ })).toBeVisible();
  await expect(dia).not.toContainText("aguardando");
  await expectNoAxeViolations(page);
  await dia.getByRole("link", { name: /08:00–13:00/ }).click();
  await expect(page).toHaveURL(new RegExp(`/app/areas/reservas/${id}$`));
});
