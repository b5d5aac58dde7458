/**
 * Passes end to end (docs/product.md, "Passes"): a morador creates a recurring pass; the porteiro's Portaria
 * screen validates its PIN inside the schedule (the entry is registered and the visitor listed as inside),
 * refuses it outside the schedule with the reason, and registers the exit. The morador's schedule change is
 * what moves "now" outside it: the server's clock is real.
 */
import type { Page } from "@playwright/test";
import { DEMO, expect, test } from "./fixtures";
import { openPortaria } from "./portaria";

const CONDOMINIO = "Jardim das Acácias";
const TZ = "America/Sao_Paulo";

/** Local date and HH:MM in São Paulo (the demo condominium's timezone), `minutes` from now. */
function local(minutes: number): { date: string; time: string } {
  const parts = new Intl.DateTimeFormat("en-CA", {
    timeZone: TZ,
    year: "numeric",
    month: "2-digit",
    day: "2-digit",
    hour: "2-digit",
    minute: "2-digit",
    hourCycle: "h23",
  }).formatToParts(new Date(Date.now() + minutes * 60_000));
  const get = (type: string) => parts.find((p) => p.type === type)!.value;
  return { date: `${get("year")}-${get("month")}-${get("day")}`, time: `${get("hour")}:${get("minute")}` };
}

function addDays(date: string, days: number): string {
  const d = new Date(`${date}T12:00:00Z`);
  d.setUTCDate(d.getUTCDate() + days);
  return d.toISOString().slice(0, 10);
}

const WEEKDAYS = ["Segunda", "Terça", "Quarta", "Quinta", "Sexta", "Sábado", "Domingo"];

async function setSchedule(page: Page, from: string, to: string) {
  await page.getByRole("textbox", { name: "Hora início" }).fill(from);
  await page.getByRole("textbox", { name: "Hora fim" }).fill(to);
}

test("a morador's recurring pass opens the gate inside its schedule, not outside, and the exit is registered", async ({
  page,
  browser,
  baseURL,
  loginAs,
}) => {
  test.setTimeout(120_000);
  const visitante = `Maria Diarista ${Math.random().toString(36).slice(2, 7)}`;

  // The morador, in their own browser, creates a pass valid every day around now.
  const moradorContext = await browser.newContext({ baseURL });
  const morador = await moradorContext.newPage();
  const signIn = await moradorContext.request.post("/api/auth/sign-in/email", {
    data: { email: DEMO.morador.email, password: DEMO.morador.password },
    headers: { origin: baseURL! },
  });
  expect(signIn.status()).toBe(200);
  await morador.goto("/app/passes/novo");
  await expect(morador.getByRole("heading", { name: "Novo Passe", level: 1 })).toBeVisible();
  await morador.getByRole("textbox", { name: "Nome", exact: true }).fill(visitante);
  await morador.getByRole("textbox", { name: "Descrição" }).fill("diarista");
  await morador.getByRole("radio", { name: /Recorrente/ }).check();
  for (const dia of WEEKDAYS) await morador.getByRole("checkbox", { name: dia }).check();
  const today = local(0).date;
  await morador.getByRole("textbox", { name: "Data início" }).fill(addDays(today, -1));
  await morador.getByRole("textbox", { name: "Data fim" }).fill(addDays(today, 30));
  await setSchedule(morador, local(-60).time, local(60).time);
  await morador.getByRole("button", { name: "Criar passe" }).click();
  await expect(morador.getByRole("heading", { name: visitante, level: 1 })).toBeVisible();
  const pin = ((await morador.getByTestId("passe-pin").textContent()) ?? "").replace(/\D/g, "").slice(0, 6);
  expect(pin).toMatch(/^\d{6}$/);
  await expect(morador.getByTestId("passe-qr-code")).toBeVisible();
  await expect(morador.getByRole("link", { name: /Compartilhar no WhatsApp/ })).toHaveAttribute(
    "href",
    /^https:\/\/wa\.me\//,
  );

  // The porteiro at the gate.
  await loginAs("porteiro");
  await openPortaria(page, CONDOMINIO);

  const pinInput = page.getByLabel("PIN do passe");
  await pinInput.fill(pin);
  await page.getByRole("button", { name: "Validar", exact: true }).click();
  const resultado = page.getByTestId("resultado-validacao");
  await expect(resultado).toContainText("Liberado");
  // "…, diarista do apto 101": the unit is the demo morador's, whatever the seed names it.
  await expect(page.getByTestId("resultado-mensagem")).toContainText(`Liberado: ${visitante}, diarista do `);
  // The gate opened: the visitor is inside at once, and the answer says so.
  await expect(resultado).toContainText("Entrada registrada.");
  await resultado.getByRole("button", { name: "Concluir" }).click();
  await expect(pinInput).toBeFocused();

  const inside = page.getByTestId("presentes");
  const row = inside.getByRole("listitem").filter({ hasText: visitante });
  await expect(row).toBeVisible();
  await expect(row).toContainText("Passe");

  // The morador moves the schedule away from now; the same PIN is refused, with the reason.
  await morador.getByRole("link", { name: "Editar" }).click();
  await expect(morador.getByRole("heading", { name: "Editar Passe", level: 1 })).toBeVisible();
  const fora = { from: local(120).time, to: local(180).time };
  await setSchedule(morador, fora.from, fora.to);
  await morador.getByRole("button", { name: "Salvar alterações" }).click();
  await expect(morador.getByTestId("passe-horario")).toContainText(`${fora.from}–${fora.to}`);

  await pinInput.fill(pin);
  await page.getByRole("button", { name: "Validar", exact: true }).click();
  await expect(resultado).toContainText("Não liberado");
  await expect(page.getByTestId("resultado-mensagem")).toContainText(
    `Fora do horário: ${visitante} pode entrar Todos os dias, ${fora.from}–${fora.to}`,
  );
  await expect(resultado.getByRole("button", { name: "Não entrou" })).toHaveCount(0);

  // The exit: the visitor leaves the list of who is inside.
  await row.getByRole("button", { name: /Registrar saída/ }).click();
  await expect(page.getByText(`Saída de ${visitante} registrada`)).toBeVisible();
  await expect(inside.getByRole("listitem").filter({ hasText: visitante })).toHaveCount(0);

  // The access log keeps the visit with both times, and the morador sees it for their unit.
  await morador.goto(`/app/acessos?q=${encodeURIComponent(visitante)}`);
  await expect(morador.getByRole("heading", { name: "Entradas e saídas", level: 1 })).toBeVisible();
  await expect(morador.getByText(visitante).first()).toBeVisible();
  await moradorContext.close();
});

test.describe("on a 360 px phone", () => {
  test.use({ viewport: { width: 360, height: 740 } });

  for (const path of ["/app/portaria", "/app/passes", "/app/passes/novo", "/app/acessos"]) {
    test(`${path} fits the screen`, async ({ page, loginAs }) => {
      await loginAs("porteiro");
      await page.goto(path);
      await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
      await expect(page.locator('[data-slot="skeleton"]')).toHaveCount(0);
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
    });
  }
});
