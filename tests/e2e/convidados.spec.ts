/**
 * The gate's "Lista de convidados" (docs/decisions/044-common-area-bookings.md) on the porteiro's
 * tablet: a booking for today, made by the síndico (so it is confirmed) with two guests, shows its
 * guests at the condominium's Portaria; one tap lets a guest in, the row says "Dentro", and the access
 * log shows the entry as "Convidado de reserva". The area opens a few minutes from now, every day, so
 * the booking starts soon and its list is already open (it opens 30 minutes before the start).
 */
import type { APIRequestContext } from "@playwright/test";
import { expectNoAxeViolations } from "./axe";
import { expect, test } from "./fixtures";
import { openPortaria } from "./portaria";

const CONDOMINIO = "Residencial Jardim das Acácias";
const suffix = () => Math.random().toString(36).slice(2, 8);

test.use({ viewport: { width: 1024, height: 768 } });

/** The local date and a time `minutes` from now in `timeZone`, as the booking's API takes them. */
function localSoon(timeZone: string, minutes: number): { data: string; hora: string } {
  const at = new Date(Date.now() + minutes * 60_000);
  const parts = Object.fromEntries(
    new Intl.DateTimeFormat("en-CA", {
      timeZone,
      year: "numeric",
      month: "2-digit",
      day: "2-digit",
      hour: "2-digit",
      minute: "2-digit",
      hourCycle: "h23",
    })
      .formatToParts(at)
      .map((p) => [p.type, p.value]),
  );
  return { data: `${parts.year}-${parts.month}-${parts.day}`, hora: `${parts.hour}:${parts.minute}` };
}

async function seedBooking(request: APIRequestContext, baseURL: string, guests: string[]) {
  const headers = { origin: baseURL };
  const condos = await (await request.get(`/api/condominios?q=${encodeURIComponent(CONDOMINIO)}`)).json();
  const condo = condos.items.find((c: { nome: string }) => c.nome === CONDOMINIO);
  const units = await (await request.get(`/api/unidades?condominio_id=${condo.id}&status=ativa`)).json();
  const unidade = units.items[0];
  const { data, hora } = localSoon(condo.timezone, 3);
  const dia = { abre: hora, fecha: "24:00" };
  const area = await request.post("/api/areas", {
    headers,
    data: {
      condominio_id: condo.id,
      nome: `Salão ${suffix()}`,
      horarios: [dia, dia, dia, dia, dia, dia, dia],
      modo: "dia",
      antecedencia_minima_horas: 0,
      requer_aprovacao: false,
    },
  });
  expect(area.status(), await area.text()).toBe(201);
  const areaBody = (await area.json()) as { id: string; nome: string };
  const reserva = await request.post("/api/reservas", {
    headers,
    data: {
      area_id: areaBody.id,
      unidade_id: unidade.id,
      data,
      aceite_regras: true,
      convidados: guests.map((nome) => ({ nome })),
    },
  });
  expect(reserva.status(), await reserva.text()).toBe(201);
  expect(((await reserva.json()) as { status: string }).status).toBe("confirmada");
  return { area: areaBody.nome };
}

test("the porteiro finds a booking's guest in today's list and lets them in; the log says 'Convidado de reserva'", async ({
  page,
  baseURL,
  loginAs,
}) => {
  test.slow();
  const id = suffix();
  const first = `Convidada Festa ${id}`;
  const second = `Convidado Festa ${id}`;
  await loginAs("sindico");
  const { area } = await seedBooking(page.context().request, baseURL!, [first, second]);
  await page.context().clearCookies();

  await loginAs("porteiro");
  await openPortaria(page, CONDOMINIO);
  const section = page.getByRole("region", { name: "Lista de convidados" });
  await expect(section).toBeVisible();
  // The search goes out after a pause in typing: wait for its answer, not for a count the unfiltered
  // list may already have (then the list dims for the search while axe reads it).
  const searched = page.waitForResponse(
    (r) => r.url().includes("/api/portaria/convidados") && new URL(r.url()).searchParams.get("q") === id,
  );
  await section.getByLabel("Buscar convidado").fill(id);
  await searched;
  const rows = section.getByRole("listitem");
  await expect(rows).toHaveCount(2);
  const row = rows.filter({ hasText: first });
  await expect(row).toContainText(area);
  // The list dims while a search reloads it (aria-busy): axe reads the settled list.
  await expect(section.locator('[aria-busy="true"]')).toHaveCount(0);
  await expectNoAxeViolations(page);

  await row.getByRole("button", { name: `Registrar entrada de ${first}` }).click();
  await expect(page.getByText(`Entrada de ${first} registrada`)).toBeVisible();
  await expect(row.getByText("Dentro", { exact: true })).toBeVisible();
  await expect(row.getByRole("button", { name: /Registrar entrada/ })).toHaveCount(0);
  // The other guest is still waiting to come in.
  await expect(rows.filter({ hasText: second }).getByRole("button", { name: /Registrar entrada/ })).toBeEnabled();
  // And the guest is among who is inside now.
  await expect(page.getByTestId("presentes")).toContainText(first);

  // On a phone the list still fits the screen: no sideways scrolling.
  await page.setViewportSize({ width: 360, height: 740 });
  await section.scrollIntoViewIfNeeded();
  await expect(rows.filter({ hasText: second }).getByRole("button", { name: /Registrar entrada/ })).toBeVisible();
  expect(await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth)).toBe(
    0,
  );

  await page.goto(`/app/acessos?q=${encodeURIComponent(first)}`);
  const entry = page.getByRole("main").getByText(first).first();
  await expect(entry).toBeVisible();
  await expect(page.getByRole("main")).toContainText("Convidado de reserva");
});
