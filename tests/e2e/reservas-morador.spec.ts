/**
 * A resident books a common area on a 390 px phone (docs/decisions/044-common-area-bookings.md): the
 * síndico has a "Salão de festas" open 08:00–23:00 every day in 5-hour blocks (08–13, 13–18, 18–23)
 * that needs approval; the morador opens it from "Áreas comuns", picks next Saturday on the month
 * grid and the 18:00–23:00 block, adds one guest by hand and one by "Colar lista", accepts the rules
 * and lands on the booking "Aguardando aprovação" with both guests; "Minhas reservas" lists it.
 * Axe-clean, no sideways scroll.
 */
import { expectNoAxeViolations, expectNoHorizontalScroll } from "./axe";
import { DEMO, expect, test } from "./fixtures";

const PHONE = { width: 390, height: 844 };
const TZ = "America/Sao_Paulo";

const unique = (prefix: string) => `${prefix}${Math.random().toString(36).slice(2, 8).toUpperCase()}`;

/** Next Saturday after today (a week on when today is Saturday), on São Paulo's calendar. */
function nextSaturday(): { ymd: string; ddmm: string } {
  const today = new Intl.DateTimeFormat("en-CA", { timeZone: TZ }).format(new Date());
  const d = new Date(`${today}T12:00:00Z`);
  d.setUTCDate(d.getUTCDate() + ((6 - d.getUTCDay() + 7) % 7 || 7));
  const ymd = d.toISOString().slice(0, 10);
  return { ymd, ddmm: `${ymd.slice(8, 10)}/${ymd.slice(5, 7)}` };
}

test.describe("booking a common area on a 390 px phone", () => {
  test.use({ viewport: PHONE, locale: "pt-BR", timezoneId: TZ });

  test("the morador books the party room for next Saturday night with two guests", async ({
    page,
    browser,
    baseURL,
    loginAs,
  }) => {
    // The síndico creates the area in Ana's condominium.
    const sindico = await browser.newContext({ baseURL });
    const signIn = await sindico.request.post("/api/auth/sign-in/email", {
      data: { email: DEMO.sindico.email, password: DEMO.sindico.password },
      headers: { origin: baseURL! },
    });
    expect(signIn.status(), await signIn.text()).toBe(200);
    await loginAs("morador");
    const units = await (await page.context().request.get("/api/unidades")).json();
    const unidade = units.items.find((u: { codigo: string }) => u.codigo === "101") as { condominio_id: string };
    expect(unidade, "a unidade 101 da Ana").toBeDefined();
    const nome = `Salão de festas ${unique("")}`;
    const created = await sindico.request.post("/api/areas", {
      data: {
        condominio_id: unidade.condominio_id,
        nome,
        capacidade: 80,
        horarios: Array.from({ length: 7 }, () => ({ abre: "08:00", fecha: "23:00" })),
        modo: "blocos",
        bloco_horas: 5,
        requer_aprovacao: true,
        regras: "Som até as 22h.\nDeixar o salão limpo.",
      },
      headers: { origin: baseURL! },
    });
    expect(created.status(), await created.text()).toBe(201);
    const area = (await created.json()) as { id: string };
    await sindico.close();

    await page.goto("/app/areas");
    await expect(page.getByRole("heading", { level: 1, name: "Áreas comuns" })).toBeVisible();
    const card = page.getByRole("article").filter({ hasText: nome });
    await expect(card.getByText("Até 80 pessoas")).toBeVisible();
    await expectNoHorizontalScroll(page, PHONE.width);
    await expectNoAxeViolations(page);
    await card.getByRole("link", { name: `Reservar ${nome}` }).click();

    await expect(page).toHaveURL(`/app/areas/${area.id}/reservar`);
    await expect(page.getByRole("heading", { level: 1, name: `Reservar ${nome}` })).toBeVisible();
    await expect(page.getByText("O síndico aprova cada reserva", { exact: true })).toBeVisible();

    const { ymd, ddmm } = nextSaturday();
    const today = new Intl.DateTimeFormat("en-CA", { timeZone: TZ }).format(new Date());
    if (ymd.slice(0, 7) !== today.slice(0, 7)) await page.getByRole("button", { name: "Próximo mês" }).click();
    const day = page.getByRole("button", { name: new RegExp(`^sábado, ${ddmm}: `) });
    await expect(day).toHaveAccessibleName(`sábado, ${ddmm}: 3 horários livres`);
    await day.click();
    const horarios = page.getByRole("group", { name: `Horários de sábado, ${ddmm}` });
    await expect(horarios.getByRole("radio")).toHaveCount(3);
    await horarios.getByRole("radio", { name: "18:00–23:00" }).check();

    // Submitting without accepting the rules is refused by the form.
    await page.getByRole("button", { name: "Solicitar reserva" }).click();
    await expect(page.getByText("Aceite as regras da área para reservar")).toBeVisible();

    await page.getByRole("button", { name: "Adicionar convidado" }).click();
    await page.getByRole("group", { name: "Convidado 1" }).getByLabel("Nome").fill("Maria Convidada");
    await page.getByRole("button", { name: "Colar lista" }).click();
    await page.getByLabel("Lista de convidados").fill("João Convidado; 12.345.678-9; (11) 98765-4321\n");
    await page.getByRole("button", { name: "Adicionar à lista" }).click();
    const segundo = page.getByRole("group", { name: "Convidado 2" });
    await expect(segundo.getByLabel("Nome")).toHaveValue("João Convidado");
    await expect(segundo.getByLabel("Telefone (opcional)")).toHaveValue("(11) 98765-4321");
    await page.getByLabel("Li e aceito as regras").check();
    await expectNoHorizontalScroll(page, PHONE.width);
    await expectNoAxeViolations(page);

    await page.getByRole("button", { name: "Solicitar reserva" }).click();
    await expect(page).toHaveURL(/\/app\/areas\/reservas\/[0-9a-f-]{36}$/);
    await expect(page.getByRole("heading", { level: 1, name: nome })).toBeVisible();
    await expect(page.getByText("Aguardando aprovação").first()).toBeVisible();
    await expect(page.getByText(`sábado, ${ddmm}/${ymd.slice(0, 4)}, 18:00–23:00`).first()).toBeVisible();
    const convidados = page.getByRole("list", { name: /Convidados/ });
    await expect(convidados.getByRole("listitem")).toHaveCount(2);
    await expect(convidados.getByText("Maria Convidada")).toBeVisible();
    await expect(convidados.getByText("João Convidado")).toBeVisible();
    // A morador neither approves nor refuses.
    await expect(page.getByRole("button", { name: "Aprovar" })).toHaveCount(0);
    await expectNoHorizontalScroll(page, PHONE.width);
    await expectNoAxeViolations(page);

    await page.goto("/app/areas");
    const minhas = page.getByRole("list", { name: "Minhas reservas" });
    const item = minhas.getByRole("article").filter({ hasText: nome });
    await expect(item.getByText("Aguardando aprovação")).toBeVisible();
    await expect(item.getByText(`sábado, ${ddmm}, 18:00–23:00`)).toBeVisible();
  });
});
