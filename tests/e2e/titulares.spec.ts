/**
 * A data subject is one person, not a name (docs/decisions/024-audit-and-lgpd.md). Two visitors with
 * the same name and different documents are two candidates; nothing can be exported or anonymised
 * until the síndico chooses one. The export, confirmed with the document the person presented,
 * holds none of the other's data; the anonymisation of the other leaves the first intact. At 360 px,
 * with no axe violation on the candidates or the confirmation.
 */
import fs from "node:fs";
import AxeBuilder from "@axe-core/playwright";
import type { Page } from "@playwright/test";
import { strFromU8, unzipSync } from "fflate";
import { describeViolations } from "./axe";
import { expect, test } from "./fixtures";

const suffix = () => Math.random().toString(36).slice(2, 8);
const cpfDigits = () => String(Math.floor(1e10 + Math.random() * 9e10)).padStart(11, "0");
const formatted = (d: string) => `${d.slice(0, 3)}.${d.slice(3, 6)}.${d.slice(6, 9)}-${d.slice(9)}`;
const masked = (d: string) => `***.${d.slice(3, 6)}.${d.slice(6, 9)}-**`;

/** Waits for running transitions (a dialog zooming in would read as low contrast to axe). */
async function transitionsDone(page: Page) {
  await page.evaluate(() => Promise.all(document.getAnimations().map((a) => a.finished.catch(() => undefined))));
}

async function expectNoAxeViolations(page: Page) {
  await transitionsDone(page);
  const results = await new AxeBuilder({ page }).analyze();
  expect(describeViolations(results.violations)).toEqual([]);
}

// The refused confirmation below is a 400 the browser logs.
test.use({ reducedMotion: "reduce", viewport: { width: 360, height: 780 }, allowedConsoleErrors: [/status of 400/] });

test("same name, two people: choose one, confirm, export only theirs, anonymise the other", async ({
  page,
  loginAs,
  baseURL,
}) => {
  await loginAs("sindico");
  const request = page.context().request;
  const nome = `Daniela Freitas ${suffix()}`;
  // Phones are stored in E.164 (docs/product.md, "Telefones"): what the export holds.
  const a = { digits: cpfDigits(), telefone: "+5511966661111" };
  const b = { digits: cpfDigits(), telefone: "+5521977772222" };

  const condos = await (await request.get("/api/condominios")).json();
  const condo = condos.items.find((c: { nome: string }) => c.nome === "Residencial Jardim das Acácias");
  const units = await (await request.get(`/api/unidades?condominio_id=${condo.id}&status=ativa`)).json();
  const visit = async (who: typeof a, unit: { id: string }) => {
    const created = await request.post("/api/solicitacoes", {
      data: {
        condominio_id: condo.id,
        unidade_id: unit.id,
        tipo: "visitante",
        nome_visitante: nome,
        doc_visitante: formatted(who.digits),
        telefone_visitante: who.telefone,
      },
      headers: { origin: baseURL! },
    });
    expect(created.status()).toBe(201);
    return ((await created.json()) as { id: string }).id;
  };
  const idA = await visit(a, units.items[0]);
  const idB = await visit(b, units.items[1] ?? units.items[0]);

  await page.goto("/app/titulares");
  await expect(page.getByRole("heading", { level: 1, name: "Direitos dos titulares" })).toBeVisible();
  // By name, in lower case: both people come back, each with their masked document.
  await page.getByLabel("Nome do titular").fill(nome.toLowerCase());
  await page.getByRole("button", { name: "Buscar" }).click();
  await expect(page.getByRole("heading", { name: "Candidatos" })).toBeVisible();
  await expect(page.getByText("2 pessoas encontradas com este nome")).toBeVisible();
  const personA = page.getByRole("group", { name: masked(a.digits) });
  const personB = page.getByRole("group", { name: masked(b.digits) });
  await expect(personA).toContainText("Solicitação de acesso");
  await expect(personA).toContainText("Residencial Jardim das Acácias");
  await expect(personB).toBeVisible();
  await expect(page.locator("body")).not.toContainText(formatted(a.digits));

  // Nothing chosen yet: nothing can be exported or anonymised.
  const exportar = page.getByRole("button", { name: "Exportar dados (ZIP)" });
  const anonimizar = page.getByRole("button", { name: "Anonimizar" });
  await expect(exportar).toBeDisabled();
  await expect(anonimizar).toBeDisabled();
  await expect(page.getByText("Nenhum registro escolhido")).toBeVisible();
  // 360 px: nothing runs off the side.
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
  await expectNoAxeViolations(page);

  // Ticking both people is refused on the spot: two documents.
  await personA.getByLabel(/Todos os registros desta pessoa/).check();
  await personB.getByLabel(/Todos os registros desta pessoa/).check();
  await expect(page.getByText(/têm documentos diferentes/)).toBeVisible();
  await expect(exportar).toBeDisabled();
  // With the keyboard: B's box off again.
  await personB.getByLabel(/Todos os registros desta pessoa/).focus();
  await page.keyboard.press("Space");
  await expect(page.getByText("1 registro escolhido: 1 solicitação de acesso.")).toBeVisible();

  await exportar.click();
  const dialog = page.getByRole("dialog");
  await expect(dialog).toContainText(`Exportar os dados de ${nome}?`);
  await expect(dialog).toContainText("Entram no pedido: 1 solicitação de acesso.");
  await expect(dialog).toContainText(`Documento nos registros: ${masked(a.digits)}`);
  await expect(dialog.getByLabel("Nome do titular")).toHaveValue(nome);
  await expectNoAxeViolations(page);
  // The document as the person presents it (without punctuation here).
  await dialog.getByLabel(/Documento apresentado pelo titular/).fill(a.digits);
  const download = page.waitForEvent("download");
  await dialog.getByRole("button", { name: "Exportar e baixar" }).click();
  const file = await download;
  expect(file.suggestedFilename()).toMatch(/^dados-titular-.*\.zip$/);
  await expect(dialog).toBeHidden();
  await expect(exportar).toBeFocused();
  const files = unzipSync(new Uint8Array(fs.readFileSync((await file.path())!)));
  const everything = Object.values(files)
    .map((f) => strFromU8(f))
    .join("\n");
  expect(everything).toContain(formatted(a.digits));
  expect(everything).toContain(a.telefone);
  for (const other of [formatted(b.digits), b.telefone, idB]) expect(everything).not.toContain(other);
  await expect(page.getByRole("cell", { name: /Exportação dos dados/ }).first()).toBeVisible();

  // Anonymise B: a wrong document keeps the dialog open with the server's message.
  await personA.getByLabel(/Todos os registros desta pessoa/).uncheck();
  await personB.getByLabel(/Todos os registros desta pessoa/).check();
  await anonimizar.click();
  await expect(dialog).toContainText(`Anonimizar os dados de ${nome}?`);
  await expect(dialog).toContainText("Entram no pedido: 1 solicitação de acesso.");
  const documento = dialog.getByLabel(/Documento apresentado pelo titular/);
  await documento.fill(formatted(a.digits));
  await dialog.getByRole("button", { name: "Anonimizar" }).click();
  await expect(dialog).toContainText("O documento informado não confere com o dos registros escolhidos");
  await expect(documento).toBeFocused();
  await documento.fill(formatted(b.digits));
  await dialog.getByRole("button", { name: "Anonimizar" }).click();
  await expect(dialog).toBeHidden();
  // The choice is empty now and the button disabled: the focus lands on the candidates' heading.
  await expect(page.getByRole("heading", { name: "Candidatos" })).toBeFocused();
  await expect(page.getByRole("cell", { name: /Anonimização/ }).first()).toBeVisible();
  // B is gone from the candidates; A is still there, untouched.
  await expect(personB).toHaveCount(0);
  await expect(personA).toBeVisible();
  const kept = await (await request.get(`/api/solicitacoes/${idA}`)).json();
  expect(kept).toMatchObject({
    nome_visitante: nome,
    doc_visitante: formatted(a.digits),
    telefone_visitante: a.telefone,
  });
  const gone = await (await request.get(`/api/solicitacoes/${idB}`)).json();
  expect(gone).toMatchObject({
    nome_visitante: "Visitante anonimizado",
    doc_visitante: null,
    telefone_visitante: null,
  });
});
