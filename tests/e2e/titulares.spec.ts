/**
 * Issue 15, item 5: a síndico exports a visitor's data by document and anonymises them; afterwards
 * no list or search returns their name or document.
 */
import { expect, test } from "./fixtures";

const suffix = () => Math.random().toString(36).slice(2, 8);

test("export a visitor's data by document, anonymise them, and nothing finds them afterwards", async ({
  page,
  loginAs,
  baseURL,
}) => {
  await loginAs("sindico");
  const request = page.context().request;
  const nome = `Titular E2E ${suffix()}`;
  const digits = String(Math.floor(1e10 + Math.random() * 9e10)).padStart(11, "0");
  const documento = `${digits.slice(0, 3)}.${digits.slice(3, 6)}.${digits.slice(6, 9)}-${digits.slice(9)}`;

  const condos = await (await request.get("/api/condominios")).json();
  const condo = condos.items.find((c: { nome: string }) => c.nome === "Residencial Jardim das Acácias");
  const units = await (await request.get(`/api/unidades?condominio_id=${condo.id}&status=ativa`)).json();
  const created = await request.post("/api/solicitacoes", {
    data: {
      condominio_id: condo.id,
      unidade_id: units.items[0].id,
      tipo: "visitante",
      nome_visitante: nome,
      doc_visitante: documento,
      telefone_visitante: "(11) 96666-5555",
    },
    headers: { origin: baseURL! },
  });
  expect(created.status()).toBe(201);

  await page.goto("/app/titulares");
  await expect(page.getByRole("heading", { level: 1, name: "Direitos dos titulares" })).toBeVisible();
  // Typed without punctuation: the document still matches.
  await page.getByLabel("Documento").fill(digits);
  await page.getByRole("button", { name: "Buscar" }).click();
  const visitantes = page.getByRole("heading", { name: "Visitantes" });
  await expect(visitantes).toBeVisible();
  await expect(page.getByText(nome).first()).toBeVisible();
  await expect(page.getByText("1 solicitação", { exact: false }).first()).toBeVisible();

  const download = page.waitForEvent("download");
  await page.getByRole("button", { name: "Exportar dados (ZIP)" }).click();
  expect((await download).suggestedFilename()).toMatch(/^dados-titular-.*\.zip$/);
  await expect(page.getByRole("cell", { name: /Exportação dos dados/ }).first()).toBeVisible();
  await expect(page.getByText(/^Prazo: \d{2}\/\d{2}\/\d{4}/).first()).toBeVisible();

  await page.getByRole("button", { name: "Anonimizar" }).click();
  const dialog = page.getByRole("alertdialog");
  await expect(dialog).toContainText(
    `1 solicitação, 0 passes e 0 registros de entrada e saída de ${nome} serão anonimizados: nome, documento e telefone deixam de existir. Contagens e estatísticas continuam.`,
  );
  await dialog.getByRole("button", { name: "Anonimizar" }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByRole("cell", { name: /Anonimização/ }).first()).toBeVisible();

  for (const q of [nome, documento, digits]) {
    const list = await (await request.get(`/api/solicitacoes?q=${encodeURIComponent(q)}`)).json();
    expect(list.total, q).toBe(0);
    const busca = await (await request.get(`/api/busca?q=${encodeURIComponent(q)}`)).json();
    expect(busca.solicitacoes, q).toEqual([]);
  }
});
