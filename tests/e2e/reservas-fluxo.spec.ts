/**
 * The whole booking flow across three roles (docs/decisions/044-common-area-bookings.md): the síndico
 * has a "Salão de festas" (08:00–23:00 every day, 5-hour blocks, approval on); the morador of unit 101
 * books next Saturday's 18:00–23:00 block on a 390 px phone with two guests and sees "Aguardando
 * aprovação"; the síndico approves it in "Aprovações" and the booking reads "Confirmada". The gate's
 * part needs a booking for today (the server's clock cannot be moved in e2e): a second area opens a
 * few minutes from now, the morador books it with a guest, the síndico approves it, and the porteiro,
 * on a tablet, finds the guest in "Lista de convidados", lets her in, and the access log shows her
 * entry as "Convidado de reserva". axe checks each main screen.
 *
 * Tenant: a fresh one (the demo tenant's seed has its own "Salão de festas"), created through the API
 * with a síndico, a porteiro and the morador of unit 101, each through an e-mailed invitation.
 *
 * Midnight: the "today" area opens 5 minutes from now and closes at 24:00, so a run started in the last
 * minutes before midnight (São Paulo) would book a start past the day's end and fail at setup; the rest
 * uses dates computed once at the start (next Saturday is at least a day away).
 */
import type { APIRequestContext, Browser, BrowserContext, Page } from "@playwright/test";
import { expectNoAxeViolations, expectNoHorizontalScroll } from "./axe";
import { expect, test } from "./fixtures";
import { linkIn, waitForEmail } from "./mailbox";
import { openPortaria } from "./portaria";

const TZ = "America/Sao_Paulo";
const PASSWORD = "festa-no-salao-2026";
const PHONE = { width: 390, height: 844 };
const DESKTOP = { width: 1280, height: 800 };
const TABLET = { width: 1024, height: 768 };
const CONVIDADA = "Beatriz Convidada Lima";

const suffix = () => Math.random().toString(36).slice(2, 7).toUpperCase();

/** Next Saturday after today (a week on when today is Saturday), on São Paulo's calendar. */
function nextSaturday(): { ymd: string; ddmm: string } {
  const today = new Intl.DateTimeFormat("en-CA", { timeZone: TZ }).format(new Date());
  const d = new Date(`${today}T12:00:00Z`);
  d.setUTCDate(d.getUTCDate() + ((6 - d.getUTCDay() + 7) % 7 || 7));
  const ymd = d.toISOString().slice(0, 10);
  return { ymd, ddmm: `${ymd.slice(8, 10)}/${ymd.slice(5, 7)}` };
}

/** The local date and a time `minutes` from now in São Paulo, as the booking API takes them. */
function localSoon(minutes: number): { data: string; hora: string } {
  const parts = Object.fromEntries(
    new Intl.DateTimeFormat("en-CA", {
      timeZone: TZ,
      year: "numeric",
      month: "2-digit",
      day: "2-digit",
      hour: "2-digit",
      minute: "2-digit",
      hourCycle: "h23",
    })
      .formatToParts(new Date(Date.now() + minutes * 60_000))
      .map((p) => [p.type, p.value]),
  );
  return { data: `${parts.year}-${parts.month}-${parts.day}`, hora: `${parts.hour}:${parts.minute}` };
}

async function signIn(request: APIRequestContext, baseURL: string, email: string) {
  const res = await request.post("/api/auth/sign-in/email", {
    data: { email, password: PASSWORD },
    headers: { origin: baseURL },
  });
  expect(res.status(), await res.text()).toBe(200);
}

async function postJson<T>(request: APIRequestContext, baseURL: string, path: string, data: unknown): Promise<T> {
  const res = await request.post(path, { data, headers: { origin: baseURL } });
  expect(res.status(), `${path}: ${await res.text()}`).toBeLessThan(300);
  return (await res.json()) as T;
}

/**
 * A fresh tenant, bought and created the way a customer does (checkout with the demo test card, then
 * the account), with one condominium, unit 101 and its resident, and a síndico, a porteiro and that
 * resident's login, each invited by e-mail and accepted through the invitation's link token.
 */
async function freshTenant(browser: Browser, baseURL: string, id: string) {
  const owner = await browser.newContext({ baseURL });
  const req = owner.request;
  const mail = (who: string) => `${who}-${id.toLowerCase()}-${Date.now()}@reservas.guarita.app`;
  const checkout = await postJson<{ id: string }>(req, baseURL, "/api/checkout", {
    plan: "essencial",
    billing: "yearly",
    cliente: {
      nome: "Helena Prado",
      email: mail("dona"),
      telefone: "(11) 98765-4321",
      empresa: `Residencial Ipês ${id}`,
      cep: "01310-100",
      rua: "Avenida Paulista",
      numero: "1000",
      bairro: "Bela Vista",
      cidade: "São Paulo",
      estado: "SP",
    },
  });
  await postJson(req, baseURL, `/api/checkout/${checkout.id}/confirmar`, {
    cartao: { numero: "4242424242424242", validade: "12/39", cvc: "123" },
  });
  await postJson(req, baseURL, "/api/cadastro", { senha: PASSWORD, confirmacao: PASSWORD });

  const condominio = await postJson<{ id: string; nome: string }>(req, baseURL, "/api/condominios", {
    nome: `Residencial Ipês ${id}`,
  });
  const unidade = await postJson<{ id: string }>(req, baseURL, "/api/unidades", {
    condominio_id: condominio.id,
    codigo: "101",
  });
  const pessoa = await postJson<{ id: string }>(req, baseURL, "/api/pessoas", {
    condominio_id: condominio.id,
    nome: "Ana Moradora Ribeiro",
  });
  await postJson(req, baseURL, `/api/unidades/${unidade.id}/moradores`, { pessoa_id: pessoa.id, is_responsavel: true });

  const emails = { sindico: mail("sindico"), porteiro: mail("porteiro"), morador: mail("morador") };
  const nomes = { sindico: "Marcos Síndico Alves", porteiro: "Paulo Porteiro Dias", morador: "Ana Moradora Ribeiro" };
  for (const papel of ["sindico", "porteiro", "morador"] as const) {
    await postJson(req, baseURL, "/api/equipe/convites", {
      email: emails[papel],
      papel,
      pessoa_id: papel === "morador" ? pessoa.id : null,
    });
    const token = new URL(linkIn(await waitForEmail(emails[papel]), "/convite?token=")).searchParams.get("token");
    const fresh = await browser.newContext({ baseURL });
    await postJson(fresh.request, baseURL, `/api/convites/${token}/aceitar`, { nome: nomes[papel], senha: PASSWORD });
    await fresh.close();
  }
  await owner.close();
  return { condominio, unidade, emails };
}

/** A new browser context for `role` at `viewport`, signed in through the API; its page fails the test on console errors. */
async function signedIn(
  browser: Browser,
  baseURL: string,
  role: string,
  email: string,
  viewport: { width: number; height: number },
  problems: string[],
): Promise<{ context: BrowserContext; page: Page }> {
  const context = await browser.newContext({ baseURL, viewport, locale: "pt-BR", timezoneId: TZ });
  await signIn(context.request, baseURL, email);
  const page = await context.newPage();
  page.on("console", (msg) => {
    if (msg.type() === "error") problems.push(`${role} console.error: ${msg.text()}`);
  });
  page.on("pageerror", (error) => problems.push(`${role} pageerror: ${error.message}`));
  return { context, page };
}

async function createArea(request: APIRequestContext, baseURL: string, data: Record<string, unknown>) {
  const res = await request.post("/api/areas", { data, headers: { origin: baseURL } });
  expect(res.status(), await res.text()).toBe(201);
  return (await res.json()) as { id: string; nome: string };
}

/** Aprovações: the booking waits there; one tap approves it. */
async function approve(page: Page, reservaId: string, areaNome: string) {
  await page.goto("/app/areas/aprovacoes");
  await expect(page.getByRole("heading", { name: "Aprovações", level: 1 })).toBeVisible();
  const pendente = page.locator(`[data-reserva-id="${reservaId}"]`);
  await expect(pendente).toContainText(areaNome);
  await expectNoAxeViolations(page);
  await pendente.getByRole("button", { name: /^Aprovar/ }).click();
  await expect(page.getByText("Reserva aprovada", { exact: true })).toBeVisible();
  await expect(pendente).toHaveCount(0);
}

test("a morador books the party room on a phone, the síndico approves, the porteiro lets a guest in", async ({
  page,
  browser,
  baseURL,
}) => {
  test.setTimeout(180_000);
  const problems: string[] = [];
  const id = suffix();
  const { ymd, ddmm } = nextSaturday();
  const hoje = localSoon(5);

  // 1. Setup: a fresh tenant; the morador (this test's page, a phone) and the síndico (desktop) signed in.
  const tenant = await freshTenant(browser, baseURL!, id);
  await page.setViewportSize(PHONE);
  await signIn(page.context().request, baseURL!, tenant.emails.morador);
  const sindico = await signedIn(browser, baseURL!, "sindico", tenant.emails.sindico, DESKTOP, problems);
  const unidade = { id: tenant.unidade.id, condominio_id: tenant.condominio.id };

  const todosOsDias = (abre: string, fecha: string) => Array.from({ length: 7 }, () => ({ abre, fecha }));
  const salao = await createArea(sindico.context.request, baseURL!, {
    condominio_id: unidade.condominio_id,
    nome: "Salão de festas",
    capacidade: 80,
    horarios: todosOsDias("08:00", "23:00"),
    modo: "blocos",
    bloco_horas: 5,
    requer_aprovacao: true,
    antecedencia_minima_horas: 0,
    regras: "Som até as 22h.\nDeixar o salão limpo.",
  });

  // 2. The morador books next Saturday, 18:00–23:00, with two guests, on the phone.
  await page.goto("/app/areas");
  await expect(page.getByRole("heading", { level: 1, name: "Áreas comuns" })).toBeVisible();
  const card = page.getByRole("article").filter({ hasText: salao.nome });
  await expect(card).toBeVisible();
  await expectNoHorizontalScroll(page, PHONE.width);
  await expectNoAxeViolations(page);
  await card.getByRole("link", { name: `Reservar ${salao.nome}` }).click();
  await expect(page).toHaveURL(`/app/areas/${salao.id}/reservar`);
  await expect(page.getByRole("heading", { level: 1, name: `Reservar ${salao.nome}` })).toBeVisible();

  const today = new Intl.DateTimeFormat("en-CA", { timeZone: TZ }).format(new Date());
  if (ymd.slice(0, 7) !== today.slice(0, 7)) await page.getByRole("button", { name: "Próximo mês" }).click();
  await page.getByRole("button", { name: new RegExp(`^sábado, ${ddmm}: `) }).click();
  const horarios = page.getByRole("group", { name: `Horários de sábado, ${ddmm}` });
  await expect(horarios.getByRole("radio")).toHaveCount(3);
  await horarios.getByRole("radio", { name: "18:00–23:00" }).check();
  await page.getByRole("button", { name: "Adicionar convidado" }).click();
  await page.getByRole("group", { name: "Convidado 1" }).getByLabel("Nome").fill("Maria Convidada Souza");
  await page.getByRole("button", { name: "Adicionar convidado" }).click();
  await page.getByRole("group", { name: "Convidado 2" }).getByLabel("Nome").fill("João Convidado Prado");
  await page.getByLabel("Li e aceito as regras").check();
  await expectNoHorizontalScroll(page, PHONE.width);
  await expectNoAxeViolations(page);
  await page.getByRole("button", { name: "Solicitar reserva" }).click();

  await expect(page).toHaveURL(/\/app\/areas\/reservas\/[0-9a-f-]{36}$/);
  const sabadoId = page.url().split("/").pop()!;
  await expect(page.getByRole("heading", { level: 1, name: salao.nome })).toBeVisible();
  await expect(page.getByText("Aguardando aprovação").first()).toBeVisible();
  await expect(page.getByText(`sábado, ${ddmm}/${ymd.slice(0, 4)}, 18:00–23:00`).first()).toBeVisible();
  const convidados = page.getByRole("list", { name: /Convidados/ });
  await expect(convidados.getByRole("listitem")).toHaveCount(2);
  await expectNoAxeViolations(page);

  // 3. The síndico approves it; the booking is confirmed, for the síndico and for the morador.
  await approve(sindico.page, sabadoId, salao.nome);
  await sindico.page.goto(`/app/areas/reservas/${sabadoId}`);
  await expect(sindico.page.getByRole("heading", { level: 1, name: salao.nome })).toBeVisible();
  await expect(sindico.page.getByText("Confirmada").first()).toBeVisible();
  await expectNoAxeViolations(sindico.page);
  await page.reload();
  await expect(page.getByText("Confirmada").first()).toBeVisible();

  // 4. On the day: an area open from a few minutes from now, booked for today by the morador.
  const salaoHoje = await createArea(sindico.context.request, baseURL!, {
    condominio_id: unidade.condominio_id,
    nome: "Salão de festas — hoje",
    capacidade: 40,
    horarios: todosOsDias(hoje.hora, "24:00"),
    modo: "dia",
    requer_aprovacao: true,
    antecedencia_minima_horas: 0,
  });
  const criada = await page.context().request.post("/api/reservas", {
    data: {
      area_id: salaoHoje.id,
      unidade_id: unidade.id,
      data: hoje.data,
      aceite_regras: true,
      convidados: [{ nome: CONVIDADA }],
    },
    headers: { origin: baseURL! },
  });
  expect(criada.status(), await criada.text()).toBe(201);
  const reservaHoje = (await criada.json()) as { id: string; status: string };
  expect(reservaHoje.status).toBe("pendente");
  await approve(sindico.page, reservaHoje.id, salaoHoje.nome);
  await sindico.context.close();

  // The porteiro, on the gate's tablet, finds the guest and lets her in.
  const porteiro = await signedIn(browser, baseURL!, "porteiro", tenant.emails.porteiro, TABLET, problems);
  const gate = porteiro.page;
  // The tenant has one condominium: Portaria opens on it, with no chooser.
  await openPortaria(gate);
  const lista = gate.getByRole("region", { name: "Lista de convidados" });
  await expect(lista).toBeVisible();
  await lista.getByLabel("Buscar convidado").fill("Beatriz Conv");
  const row = lista.getByRole("listitem").filter({ hasText: CONVIDADA });
  await expect(row).toHaveCount(1);
  await expect(row).toContainText(salaoHoje.nome);
  // The search's answer has arrived: the list no longer shows the previous one, dimmed, while it loads.
  await expect(lista.locator('[aria-busy="true"]')).toHaveCount(0);
  await expectNoAxeViolations(gate);
  await row.getByRole("button", { name: `Registrar entrada de ${CONVIDADA}` }).click();
  await expect(gate.getByText(`Entrada de ${CONVIDADA} registrada`)).toBeVisible();
  await expect(row.getByText("Dentro", { exact: true })).toBeVisible();

  await gate.goto(`/app/acessos?q=${encodeURIComponent(CONVIDADA)}`);
  const main = gate.getByRole("main");
  await expect(main.getByText(CONVIDADA).first()).toBeVisible();
  await expect(main).toContainText("Convidado de reserva");
  await expectNoAxeViolations(gate);
  await porteiro.context.close();

  expect(problems, "erros no console do navegador (síndico, porteiro)").toEqual([]);
});
