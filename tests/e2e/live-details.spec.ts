/**
 * Live updates (docs/product.md, "Live updates"): a decision made in one browser shows on the other screens
 * that embed the request, without a reload. The unit's detail screen lists its recent requests under its own
 * query key; the realtime event must refresh it within 2 seconds (not after its cache expires).
 */
import { DEMO, expect, test } from "./fixtures";

test("a request decided by the síndico shows its new status on the porteiro's unit screen within 2 s", async ({
  page,
  browser,
  baseURL,
  loginAs,
}) => {
  await loginAs("porteiro");
  const request = page.context().request;
  const condos = await (await request.get("/api/condominios")).json();
  const condo = condos.items.find((c: { nome: string }) => c.nome === "Residencial Jardim das Acácias");
  const units = await (await request.get(`/api/unidades?condominio_id=${condo.id}&status=ativa`)).json();
  const unidadeId: string = units.items[0].id;
  const nome = `Ao Vivo Unidade ${Math.random().toString(36).slice(2, 8)}`;
  const created = await request.post("/api/solicitacoes", {
    data: { condominio_id: condo.id, unidade_id: unidadeId, nome_visitante: nome },
    headers: { origin: baseURL! },
  });
  expect(created.status()).toBe(201);
  const { id } = (await created.json()) as { id: string };

  // The porteiro has the unit's screen open, showing the request as pending.
  await page.goto(`/app/unidades/${unidadeId}`);
  const row = page.getByRole("row", { name: new RegExp(nome) });
  await expect(row).toContainText("Pendente");
  // Let the event stream connect before the síndico acts.
  await page.waitForTimeout(500);

  // The síndico, in another browser context, authorises it from the request's screen.
  const sindico = await browser.newContext({ baseURL });
  const signIn = await sindico.request.post("/api/auth/sign-in/email", {
    data: { email: DEMO.sindico.email, password: DEMO.sindico.password },
    headers: { origin: baseURL! },
  });
  expect(signIn.status()).toBe(200);
  const sindicoPage = await sindico.newPage();
  await sindicoPage.goto(`/app/solicitacoes/${id}`);
  await sindicoPage.getByRole("button", { name: "Autorizar" }).click();
  await sindicoPage.getByRole("alertdialog").getByRole("button", { name: "Autorizar" }).click();
  await expect(sindicoPage.getByRole("button", { name: "Autorizar" })).toHaveCount(0);
  await sindico.close();

  // Same tab, no reload: the unit's recent requests show the decision.
  await expect(row).toContainText("Autorizado", { timeout: 2000 });
  await expect(row).not.toContainText("Pendente");
});
