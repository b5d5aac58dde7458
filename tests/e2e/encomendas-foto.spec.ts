/**
 * A package's photo (docs/product.md, "Encomendas"): the porteiro photographs the label on the package's
 * detail with the console's camera (Chromium's fake camera), and the rendered image shows there.
 */
import { expectNoAxeViolations } from "./axe";
import { FAKE_CAMERA } from "./camera";
import { expect, test } from "./fixtures";

test.use({ ...FAKE_CAMERA, reducedMotion: "reduce", viewport: { width: 1024, height: 768 } });

test("the porteiro photographs the label on the package's detail; it shows once rendered", async ({
  page,
  loginAs,
  baseURL,
}) => {
  await loginAs("porteiro");
  // The demo's condominium and unit, through the API the form uses (the form has its own spec).
  const condominios = await page.request.get("/api/condominios?q=Acácias");
  const condominio = (await condominios.json()).items[0];
  const unidades = await page.request.get(`/api/unidades?condominio_id=${condominio.id}&q=101`);
  const unidade = (await unidades.json()).items[0];
  const created = await page.request.post("/api/encomendas", {
    data: { condominio_id: condominio.id, unidade_id: unidade.id, itens: [{ transportadora: "correios" }] },
    headers: { origin: baseURL! },
  });
  expect(created.status()).toBe(201);
  const id = (await created.json()).itens[0].id as string;

  await page.goto(`/app/encomendas/${id}`);
  await page.getByRole("button", { name: "Fotografar a etiqueta" }).click();
  const camera = page.getByRole("dialog", { name: "Foto da encomenda" });
  await camera.getByRole("button", { name: "Capturar" }).click();
  await camera.getByRole("button", { name: "Usar foto" }).click();
  await expect(camera).toHaveCount(0);
  await expect(page.getByText("Foto enviada", { exact: true })).toBeVisible();
  const foto = page.getByTestId("encomenda-foto");
  await expect(foto).toBeVisible();
  await expect.poll(() => foto.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBeGreaterThan(0);
  await expect(page.getByRole("button", { name: "Trocar foto" })).toBeVisible();
  await expectNoAxeViolations(page);
});
