/**
 * Opening the Portaria screen as a porteiro does on a device: the first time at an administradora
 * with several condominiums it asks which gate this is; afterwards it remembers.
 */
import { expect, type Page } from "@playwright/test";

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
