/**
 * "Contato com o morador" (docs/product.md, "Condomínios"): the condominium form's select, its
 * hint, the saved choice on the detail, on a 360 px phone without sideways scrolling.
 */
import { expectNoAxeViolations, expectNoHorizontalScroll } from "./axe";
import { expect, test } from "./fixtures";

const PHONE = { width: 360, height: 740 };

// Toasts fade in and out: without motion axe checks them at rest, not mid-fade (low contrast).
test.use({ reducedMotion: "reduce", viewport: PHONE });

test("the síndico chooses a message and then a call, and the detail says so", async ({ page, loginAs, baseURL }) => {
  await loginAs("sindico");
  // A condominium of its own: the demo condominiums keep reaching residents by message.
  const nome = `Condomínio Ligação ${Math.random().toString(36).slice(2, 8)}`;
  const created = await page.context().request.post("/api/condominios", {
    data: { nome },
    headers: { origin: baseURL! },
  });
  expect(created.status(), await created.text()).toBe(201);
  const id = ((await created.json()) as { id: string; contato_morador: string }).id;

  await page.goto(`/app/condominios/${id}/editar`);
  const contato = page.getByRole("combobox", { name: "Contato com o morador" });
  await expect(contato).toHaveText("Só mensagem (WhatsApp, SMS ou e-mail)");
  await expect(contato).toHaveAccessibleDescription(/tempo de espera por morador/);
  await expect(contato).toHaveAccessibleDescription(/Twilio/);
  await expectNoHorizontalScroll(page, PHONE.width);

  await contato.click();
  await expect(page.getByRole("option")).toHaveText([
    "Só mensagem (WhatsApp, SMS ou e-mail)",
    "Mensagem; depois ligação",
    "Ligação; depois mensagem",
    "Só ligação",
  ]);
  await page.getByRole("option", { name: "Mensagem; depois ligação", exact: true }).click();
  await expect(contato).toHaveText("Mensagem; depois ligação");
  await expect(contato).toBeFocused();
  await expectNoAxeViolations(page);
  await page.getByRole("button", { name: "Salvar alterações" }).click();
  await expect(page.getByText("Condomínio atualizado!")).toBeVisible();

  await page.goto(`/app/condominios/${id}`);
  const valor = page.locator("dt", { hasText: /^Contato com o morador$/ }).locator("xpath=following-sibling::dd[1]");
  await expect(valor).toHaveText("Mensagem; depois ligação");
  await expectNoHorizontalScroll(page, PHONE.width);
});
