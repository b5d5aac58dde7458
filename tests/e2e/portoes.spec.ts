import type { APIRequestContext, Page } from "@playwright/test";
import { expectNoAxeViolations, expectNoHorizontalScroll } from "./axe";
import { DEMO, expect, test } from "./fixtures";
import { openPortaria, passForToday } from "./portaria";

const PHONE = { width: 360, height: 740 };
const TABLET = { width: 1024, height: 768 };
const unique = (prefix: string) => `${prefix} ${Math.random().toString(36).slice(2, 8)}`;

// Toasts fade in and out: without motion axe checks them at rest, not mid-fade (low contrast).
test.use({ reducedMotion: "reduce" });

async function condominioId(request: APIRequestContext, nome: string): Promise<string> {
  const res = await request.get(`/api/condominios?q=${encodeURIComponent(nome)}`);
  expect(res.status()).toBe(200);
  const body = (await res.json()) as { items: { id: string; nome: string }[] };
  const found = body.items.find((c) => c.nome === nome);
  expect(found, nome).toBeTruthy();
  return found!.id;
}

/** The dd under a detail screen's dt. */
const detailValue = (page: Page, term: string) =>
  page.locator("dt", { hasText: new RegExp(`^${term}$`) }).locator("xpath=following-sibling::dd[1]");

test.describe("the condominium's gates", () => {
  // The taken name is the server's 409, which the browser logs.
  test.use({ allowedConsoleErrors: [/status of 409/] });

  test("the síndico adds, renames and deactivates a gate; a taken name is refused on the field", async ({
    page,
    loginAs,
  }) => {
    test.slow();
    await loginAs("sindico");
    const id = await condominioId(page.context().request, "Condomínio Parque Amazonas");
    await page.goto(`/app/condominios/${id}`);
    await expect(page.getByRole("heading", { name: "Condomínio Parque Amazonas", level: 1 })).toBeVisible();

    const gates = page.getByRole("list", { name: "Portões", exact: true });
    const gate = (nome: string) => gates.getByRole("listitem").filter({ hasText: nome });
    await expect(gate("Portaria principal")).toContainText("Pedestres");
    await expect(gate("Garagem")).toContainText("Veículos");

    for (const theme of ["light", "dark"] as const) {
      await page.evaluate((value) => window.localStorage.setItem("theme", value), theme);
      await page.reload();
      await expect(page.locator("html")).toHaveClass(new RegExp(`\\b${theme}\\b`));
      await expect(gate("Garagem")).toBeVisible();
      await expectNoAxeViolations(page);
    }

    // "Novo portão" from the keyboard: the dialog, its fields by their labels.
    const nome = unique("Portão lateral");
    const novo = page.getByRole("button", { name: "Novo portão" });
    await novo.focus();
    await page.keyboard.press("Enter");
    const dialog = page.getByRole("dialog", { name: "Novo portão" });
    await expect(dialog.getByLabel("Nome")).toBeFocused();
    await expect(dialog.getByRole("combobox", { name: "Tipo" })).toContainText("Pedestres");
    await expect(dialog.getByRole("switch", { name: "Ativo" })).toBeChecked();
    await expectNoAxeViolations(page);
    await dialog.getByLabel("Nome").fill(nome);
    await dialog.getByRole("button", { name: "Criar portão" }).click();
    await expect(dialog).toHaveCount(0);
    await expect(page.getByText("Portão criado")).toBeVisible();
    await expect(gate(nome)).toContainText("Pedestres");
    await expect(novo).toBeFocused();

    // A name the condominium already has, in another case: refused under "Nome", nothing added.
    await novo.click();
    await dialog.getByLabel("Nome").fill("garagem");
    await dialog.getByRole("button", { name: "Criar portão" }).click();
    await expect(dialog.getByText("Já existe um portão com este nome neste condomínio")).toBeVisible();
    await expect(dialog.getByLabel("Nome")).toHaveAttribute("aria-invalid", "true");
    await expect(dialog.getByLabel("Nome")).toBeFocused();
    await dialog.getByRole("button", { name: "Cancelar" }).click();
    await expect(dialog).toHaveCount(0);
    await expect(gate("Garagem")).toHaveCount(1);

    // Renamed, and a vehicles' gate now.
    const renomeado = `${nome} (obras)`;
    await page.getByRole("button", { name: `Editar o portão ${nome}` }).click();
    const editar = page.getByRole("dialog", { name: "Editar portão" });
    await expect(editar.getByLabel("Nome")).toHaveValue(nome);
    await editar.getByLabel("Nome").fill(renomeado);
    await editar.getByRole("combobox", { name: "Tipo" }).click();
    await page.getByRole("option", { name: "Veículos" }).click();
    await editar.getByRole("button", { name: "Salvar alterações" }).click();
    await expect(editar).toHaveCount(0);
    await expect(page.getByText("Portão atualizado")).toBeVisible();
    await expect(gate(renomeado)).toContainText("Veículos");
    await expect(page.getByRole("button", { name: `Editar o portão ${renomeado}` })).toBeFocused();

    // Out of use: inactive, listed after the active gates, and still there.
    await page.getByRole("button", { name: `Editar o portão ${renomeado}` }).click();
    await editar.getByRole("switch", { name: "Ativo" }).click();
    await expect(editar.getByRole("switch", { name: "Ativo" })).not.toBeChecked();
    await editar.getByRole("button", { name: "Salvar alterações" }).click();
    await expect(editar).toHaveCount(0);
    await expect(gate(renomeado)).toContainText("Inativo");
    await expect(gates.getByRole("listitem").last()).toContainText(renomeado);
    await expect(gate("Garagem")).not.toContainText("Inativo");

    // A 360 px phone: the card and its dialog fit.
    await page.setViewportSize(PHONE);
    await expect(gate(renomeado)).toBeVisible();
    await expectNoHorizontalScroll(page, PHONE.width);
    await page.getByRole("button", { name: `Editar o portão ${renomeado}` }).click();
    await expect(editar.getByRole("button", { name: "Salvar alterações" })).toBeVisible();
    await expectNoHorizontalScroll(page, PHONE.width);
    await editar.getByRole("button", { name: "Cancelar" }).click();
  });
});

test.describe("a gate's phone line and WhatsApp number", () => {
  // A number already linked to another gate is the server's 409, which the browser logs.
  test.use({ allowedConsoleErrors: [/status of 409/] });

  test("the síndico copies the phone line's URL and links the gate to a WhatsApp number, on a 360 px phone too", async ({
    page,
    loginAs,
    baseURL,
  }) => {
    test.slow();
    await page.context().grantPermissions(["clipboard-read", "clipboard-write"]);
    await loginAs("sindico");
    const request = page.context().request;
    const id = await condominioId(request, "Condomínio Parque Amazonas");
    // A gate of another condominium holds a number already: no other gate can take it.
    const taken = String(Date.now()).padEnd(15, "7");
    const holder = await request.post("/api/portoes", {
      data: {
        condominio_id: await condominioId(request, "Residencial Jardim das Acácias"),
        nome: unique("Portão do WhatsApp"),
        // Inactive: the Portaria of that condominium keeps its gates as they were.
        ativo: false,
        whatsapp_numero_id: taken,
      },
      headers: { origin: baseURL! },
    });
    expect(holder.status(), await holder.text()).toBe(201);

    await page.goto(`/app/condominios/${id}`);
    const gates = page.getByRole("list", { name: "Portões", exact: true });
    const garagem = gates.getByRole("listitem").filter({ hasText: "Garagem" });
    await expect(garagem).toContainText("Linha telefônica (Twilio)");
    const url = garagem.getByTestId("voz-url");
    await expect(url).toHaveText(/\/api\/webhooks\/twilio\/voz\?portao=[0-9a-f-]{36}$/);
    const copiar = garagem.getByRole("button", { name: "Copiar URL da linha telefônica do portão Garagem" });
    await expect(copiar).toHaveText("Copiar URL");
    await copiar.click();
    await expect(page.getByText("URL copiada")).toBeVisible();
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(await url.textContent());

    // The dialog's field, by its label: bad digits and a taken number are refused on it.
    await page.getByRole("button", { name: "Editar o portão Garagem" }).click();
    const editar = page.getByRole("dialog", { name: "Editar portão" });
    const numero = editar.getByLabel("Número do WhatsApp (ID do número na Cloud API)");
    await numero.fill("12ab");
    await editar.getByRole("button", { name: "Salvar alterações" }).click();
    await expect(
      editar.getByText("Informe o ID do número só com dígitos (de 5 a 30), ou deixe em branco"),
    ).toBeVisible();
    await expect(numero).toHaveAttribute("aria-invalid", "true");
    await expect(numero).toBeFocused();
    await numero.fill(taken);
    await editar.getByRole("button", { name: "Salvar alterações" }).click();
    await expect(editar.getByText("Este número de WhatsApp já está ligado a outro portão")).toBeVisible();
    await expect(numero).toBeFocused();
    await expectNoAxeViolations(page);

    const mine = String(Date.now() + 1).padEnd(15, "3");
    await numero.fill(mine);
    await editar.getByRole("button", { name: "Salvar alterações" }).click();
    await expect(editar).toHaveCount(0);
    await expect(garagem.getByTestId("whatsapp-numero-id")).toHaveText(mine);
    await expectNoAxeViolations(page);

    // A 360 px phone: the URL wraps, the card and the dialog fit.
    await page.setViewportSize(PHONE);
    await expect(copiar).toBeVisible();
    await expectNoHorizontalScroll(page, PHONE.width);
    await page.getByRole("button", { name: "Editar o portão Garagem" }).click();
    await expect(numero).toHaveValue(mine);
    await expectNoHorizontalScroll(page, PHONE.width);
    // Emptied: the gate has no number any more.
    await numero.fill("");
    await editar.getByRole("button", { name: "Salvar alterações" }).click();
    await expect(editar).toHaveCount(0);
    await expect(garagem.getByTestId("whatsapp-numero-id")).toHaveCount(0);
  });
});

test("a porteiro reads the gates without editing them", async ({ page, loginAs }) => {
  await loginAs("porteiro");
  const id = await condominioId(page.context().request, "Residencial Jardim das Acácias");
  await page.goto(`/app/condominios/${id}`);
  const gates = page.getByRole("list", { name: "Portões", exact: true });
  await expect(gates.getByRole("listitem").filter({ hasText: "Portaria principal" })).toBeVisible();
  await expect(page.getByRole("button", { name: "Novo portão" })).toHaveCount(0);
  await expect(gates.getByRole("button")).toHaveCount(0);
  // The phone line and the WhatsApp number are for those who manage gates.
  await expect(gates).not.toContainText("Linha telefônica");
});

test.describe("the porteiro's tablet", () => {
  test.use({ viewport: TABLET });

  const CONDOMINIO = "Residencial Jardim das Acácias";

  test("remembers its gate, and the pass and the visitor let in there name it", async ({ page, loginAs, baseURL }) => {
    test.slow();
    await loginAs("porteiro");
    await openPortaria(page, CONDOMINIO);

    // Two active gates: the device asks which one it is.
    const portao = page.getByRole("combobox", { name: "Portão", exact: true });
    await expect(portao).toContainText("Escolha o portão");
    await expectNoAxeViolations(page);
    await portao.click();
    await expect(page.getByRole("option", { name: "Portaria principal" })).toBeVisible();
    await page.getByRole("option", { name: "Garagem" }).click();
    await expect(portao).toContainText("Garagem");

    await page.reload();
    await expect(page.getByTestId("validar-passe")).toBeVisible();
    await expect(portao).toContainText("Garagem");
    await expectNoHorizontalScroll(page, TABLET.width);
    await expectNoAxeViolations(page);

    // What an integration hears of the validation: the gate command's event names the gate.
    await page.evaluate(
      () =>
        new Promise<void>((resolve) => {
          const seen: unknown[] = [];
          Object.assign(window, { __validados: seen });
          const source = new EventSource("/api/events");
          source.addEventListener("passe.validado", (event) => seen.push(JSON.parse((event as MessageEvent).data)));
          source.addEventListener("open", () => resolve(), { once: true });
        }),
    );
    const diarista = unique("Diarista Garagem");
    const pin = await passForToday(page.context().request, baseURL!, CONDOMINIO, diarista);
    await page.getByLabel("PIN do passe").fill(pin);
    await page.getByRole("button", { name: "Validar", exact: true }).click();
    await expect(page.getByTestId("resultado-validacao")).toContainText("Liberado");
    await expect
      .poll(() =>
        page.evaluate(() =>
          (
            window as unknown as { __validados: { solicitacao_id?: string; passe: Record<string, unknown> }[] }
          ).__validados.map((e) => ({
            solicitacao: e.solicitacao_id ?? null,
            resultado: e.passe.resultado,
            portao: e.passe.portao,
          })),
        ),
      )
      .toContainEqual({ solicitacao: null, resultado: "liberado", portao: "Garagem" });
    await page.getByTestId("resultado-validacao").getByRole("button", { name: "Concluir" }).click();

    // A visitor registered at this gate: the request's detail says where they are.
    const visitante = unique("Visitante Garagem");
    await page.getByRole("button", { name: "Novo visitante" }).click();
    const dialog = page.getByRole("dialog", { name: "Novo visitante" });
    await expect(dialog).toContainText("Portão: Garagem.");
    await dialog.getByRole("combobox", { name: "Unidade" }).click();
    await page.getByRole("option").first().click();
    await dialog.getByLabel("Nome do visitante").fill(visitante);
    await dialog.getByRole("button", { name: "Avisar moradores" }).click();
    await expect(dialog).toHaveCount(0);
    const listed = await page.context().request.get(`/api/solicitacoes?q=${encodeURIComponent(visitante)}`);
    const [created] = ((await listed.json()) as { items: { id: string; portao: string | null }[] }).items;
    expect(created?.portao).toBe("Garagem");
    await page.goto(`/app/solicitacoes/${created!.id}`);
    await expect(detailValue(page, "Portão")).toHaveText("Garagem");

    // On a phone the same screen fits, the gate still chosen.
    await page.setViewportSize(PHONE);
    await page.goto("/app/portaria");
    await expect(portao).toContainText("Garagem");
    await expectNoHorizontalScroll(page, PHONE.width);
  });

  test("forgets a remembered gate once it is made inactive", async ({ page, loginAs, request, baseURL }) => {
    // The síndico, elsewhere, adds a gate and later takes it out of use.
    const signIn = await request.post("/api/auth/sign-in/email", {
      data: { email: DEMO.sindico.email, password: DEMO.sindico.password },
      headers: { origin: baseURL! },
    });
    expect(signIn.status()).toBe(200);
    const condominio = await condominioId(request, CONDOMINIO);
    const nome = unique("Portão de serviço");
    const created = await request.post("/api/portoes", {
      data: { condominio_id: condominio, nome, tipo: "pedestres", ativo: true },
      headers: { origin: baseURL! },
    });
    expect(created.status(), await created.text()).toBe(201);
    const { id } = (await created.json()) as { id: string };

    await loginAs("porteiro");
    await openPortaria(page, CONDOMINIO);
    const portao = page.getByRole("combobox", { name: "Portão", exact: true });
    await portao.click();
    await page.getByRole("option", { name: nome }).click();
    await page.reload();
    await expect(portao).toContainText(nome);

    const off = await request.put(`/api/portoes/${id}`, {
      data: { nome, tipo: "pedestres", ativo: false },
      headers: { origin: baseURL! },
    });
    expect(off.status()).toBe(200);
    await page.reload();
    await expect(page.getByTestId("validar-passe")).toBeVisible();
    await expect(portao).toContainText("Escolha o portão");
    await portao.click();
    await expect(page.getByRole("option", { name: "Garagem" })).toBeVisible();
    await expect(page.getByRole("option", { name: nome })).toHaveCount(0);
    await page.keyboard.press("Escape");

    // Forgotten, not merely hidden: back in use, the gate is not chosen again by itself.
    const on = await request.put(`/api/portoes/${id}`, {
      data: { nome, tipo: "pedestres", ativo: true },
      headers: { origin: baseURL! },
    });
    expect(on.status()).toBe(200);
    await page.reload();
    await expect(page.getByTestId("validar-passe")).toBeVisible();
    await portao.click();
    await expect(page.getByRole("option", { name: nome })).toBeVisible();
    await page.keyboard.press("Escape");
    await expect(portao).toContainText("Escolha o portão");
    // Out of use again, so the demo condominium keeps its two gates for the other tests.
    const again = await request.put(`/api/portoes/${id}`, {
      data: { nome, tipo: "pedestres", ativo: false },
      headers: { origin: baseURL! },
    });
    expect(again.status()).toBe(200);
  });
});
