/**
 * Opening the Portaria screen as a porteiro does on a device: the first time at an administradora
 * with several condominiums it asks which gate this is; afterwards it remembers.
 */
import { type APIRequestContext, expect, type Page } from "@playwright/test";

export const CHOOSER_HEADING = "Em qual condomínio fica esta portaria?";

/** Goes to Portaria and makes `condominio` (or, without one, the first offered) this device's gate. */
export async function openPortaria(page: Page, condominio?: string) {
  await page.goto("/app/portaria");
  await expect(page.getByRole("heading", { name: "Portaria", level: 1 })).toBeVisible();
  const chooser = page.getByRole("heading", { name: CHOOSER_HEADING });
  const ready = page.getByTestId("validar-passe");
  await expect(chooser.or(ready)).toBeVisible();
  if (await chooser.isVisible()) {
    const options = page.getByRole("list", { name: "Condomínios" }).getByRole("button");
    await (condominio ? options.filter({ hasText: condominio }) : options.first()).click();
  } else if (condominio) {
    const select = page.getByRole("combobox", { name: "Condomínio da portaria" });
    if (!((await select.textContent()) ?? "").includes(condominio)) {
      await select.click();
      await page.getByRole("option", { name: condominio }).click();
    }
  }
  await expect(ready).toBeVisible();
  if (condominio)
    await expect(page.getByRole("combobox", { name: "Condomínio da portaria" })).toContainText(condominio);
}

/**
 * A pass valid all day, every day from yesterday on, for an active unit of the named condominium (the
 * first whose code contains `unidade`, when given): its PIN.
 */
export async function passForToday(
  request: APIRequestContext,
  baseURL: string,
  condominio: string,
  nome: string,
  unidade = "",
): Promise<string> {
  const condos = await (await request.get(`/api/condominios?q=${encodeURIComponent(condominio)}`)).json();
  const condo = condos.items.find((c: { nome: string }) => c.nome === condominio);
  const units = await (
    await request.get(`/api/unidades?condominio_id=${condo.id}&status=ativa&q=${encodeURIComponent(unidade)}`)
  ).json();
  const day = (offset: number) => new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10);
  const res = await request.post("/api/passes", {
    data: {
      condominio_id: condo.id,
      unidade_id: units.items[0].id,
      tipo: "prestador",
      nome,
      modalidade: "recorrente",
      data_inicio: day(-1),
      data_fim: day(30),
      dias_semana: [0, 1, 2, 3, 4, 5, 6],
      hora_inicio: "00:00",
      hora_fim: "23:59",
    },
    headers: { origin: baseURL },
  });
  expect(res.status(), await res.text()).toBe(201);
  return ((await res.json()) as { pin: string }).pin;
}
