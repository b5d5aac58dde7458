/**
 * Checkout and account creation in demo mode (docs/decisions/009-checkout-and-account-creation.md):
 * plan/cycle in the query, the billing form's rules, a declined card, the test card, the password rules, the
 * new tenant's empty console, and signing back in.
 */
import { randomUUID } from "node:crypto";
import type { Page } from "@playwright/test";
import { expect, openUserMenu, test } from "./fixtures";

// The browser logs every non-2xx fetch; these are the refusals this spec provokes on purpose.
// (404: /api/checkout/atual in a browser without a checkout.)
test.use({ allowedConsoleErrors: [/status of (401|402|404|409)/] });

const PAYMENT_CONFIRMED = /Pagamento confirmado/;
const COMPLETE_CHECKOUT =
  "Não encontramos um pagamento confirmado neste navegador. Conclua o checkout para criar a sua conta.";

/** The create-account page of a browser without a paid checkout: only "Conclua o checkout" and its link. */
async function expectOnlyCompleteCheckout(page: Page) {
  await expect(page.getByText(COMPLETE_CHECKOUT)).toBeVisible();
  await expect(page.getByRole("link", { name: "Ir para o checkout" })).toBeVisible();
  await expect(page.getByText(PAYMENT_CONFIRMED)).toHaveCount(0);
  await expect(page.getByRole("textbox", { name: "Senha", exact: true })).toHaveCount(0);
  await expect(page.getByRole("button", { name: "Criar conta" })).toHaveCount(0);
}

async function openCheckout(page: Page, query = "") {
  await page.goto(`/checkout${query}`);
  // Public pages hydrate after load; the form answers once React has taken over.
  await expect(page.locator("html[data-hydrated]")).toBeAttached();
}

const total = (page: Page) => page.getByTestId("checkout-total");
const planLink = (page: Page, name: RegExp) =>
  page.getByRole("navigation", { name: "Plano" }).getByRole("link", { name });
const billingLink = (page: Page, name: RegExp) =>
  page.getByRole("navigation", { name: "Cobrança" }).getByRole("link", { name });

interface Buyer {
  nome: string;
  email: string;
  empresa: string;
}

function newBuyer(): Buyer {
  const id = randomUUID().slice(0, 8);
  return { nome: "Helena Prado", email: `helena-${id}@cliente.guarita.app`, empresa: `Residencial Aurora ${id}` };
}

async function fillBilling(page: Page, buyer: Buyer) {
  await page.getByLabel("Nome Completo").fill(buyer.nome);
  await page.getByLabel("Email").fill(buyer.email);
  await page.getByLabel("Telefone").pressSequentially("11987654321");
  await page.getByLabel("Nome da Empresa/Condomínio").fill(buyer.empresa);
  await page.getByLabel("CNPJ (opcional)").pressSequentially("11222333000181");
  await page.getByLabel("CEP").pressSequentially("01310100");
  await page.getByLabel("Rua").fill("Avenida Paulista");
  await page.locator("#cliente-numero").fill("1000");
  await page.getByLabel("Bairro").fill("Bela Vista");
  await page.getByLabel("Cidade").fill("São Paulo");
  await page.getByLabel("Estado").fill("sp");
}

async function fillCard(page: Page, numero: string) {
  await page.getByLabel("Número do cartão").pressSequentially(numero);
  await page.getByLabel("Validade (MM/AA)").pressSequentially("1239");
  await page.getByLabel("CVC").fill("123");
}

async function payWithTestCard(page: Page, buyer: Buyer, query = "") {
  await openCheckout(page, query);
  await fillBilling(page, buyer);
  await fillCard(page, "4242424242424242");
  await page.getByRole("button", { name: "Confirmar pagamento" }).click();
  await expect(page).toHaveURL(/\/create-account\?/);
}

test.describe("checkout", () => {
  test("defaults to Essencial yearly and keeps the query in sync with every choice", async ({ page }) => {
    await openCheckout(page);
    await expect(page).toHaveURL(/\/checkout\?plan=essencial&billing=yearly$/);
    await expect(planLink(page, /Essencial/)).toHaveAttribute("aria-current", "true");
    await expect(billingLink(page, /Anual/)).toHaveAttribute("aria-current", "true");
    await expect(total(page)).toHaveText("R$ 359,00");
    await expect(page.getByText("Modo de demonstração: nenhum valor será cobrado")).toBeVisible();

    // Each choice is a link to the checkout's URL for it; once hydrated React Router follows it in place.
    await expect(planLink(page, /Avançado/)).toHaveAttribute("href", "/checkout?plan=avancado&billing=yearly");
    await planLink(page, /Avançado/).click();
    await expect(planLink(page, /Avançado/)).toHaveAttribute("aria-current", "true");
    await expect(planLink(page, /Essencial/)).not.toHaveAttribute("aria-current");
    await expect(page).toHaveURL(/plan=avancado&billing=yearly/);
    await expect(total(page)).toHaveText("R$ 1.149,00");

    await billingLink(page, /Mensal/).click();
    await expect(billingLink(page, /Mensal/)).toHaveAttribute("aria-current", "true");
    await expect(page).toHaveURL(/plan=avancado&billing=monthly/);
    await expect(total(page)).toHaveText("R$ 1.290,00");

    await planLink(page, /Personalizado/).click();
    await expect(planLink(page, /Personalizado/)).toHaveAttribute("aria-current", "true");
    await expect(page).toHaveURL(/plan=personalizado&billing=monthly/);
    await expect(total(page)).toHaveText("Sob consulta");
    await expect(page.getByRole("button", { name: "Continuar e criar conta" })).toBeVisible();

    await openCheckout(page, "?plan=ouro&billing=semanal");
    await expect(page).toHaveURL(/plan=essencial&billing=yearly$/);
    await expect(total(page)).toHaveText("R$ 359,00");

    await page.getByRole("link", { name: "Voltar" }).click();
    await expect(page).toHaveURL(/\/$/);
  });

  test("required fields block submission with their messages, and the masks format input", async ({ page }) => {
    const posts: string[] = [];
    page.on("request", (r) => r.method() === "POST" && r.url().includes("/api/checkout") && posts.push(r.url()));
    await openCheckout(page);
    await page.getByRole("button", { name: "Confirmar pagamento" }).click();
    for (const message of [
      "Informe o nome completo",
      "E-mail inválido",
      "Informe o telefone",
      "Informe o nome da empresa ou do condomínio",
      "Informe o CEP",
      "Informe a rua",
      "Informe o número",
      "Informe o bairro",
      "Informe a cidade",
      "Informe o estado",
      "Informe o número do cartão",
      "Informe a validade",
      "Informe o CVC",
    ]) {
      await expect(page.getByText(message, { exact: true })).toBeVisible();
    }
    await expect(page.getByLabel("Nome Completo")).toHaveAttribute("aria-invalid", "true");

    await page.getByLabel("Telefone").pressSequentially("11987654321");
    await expect(page.getByLabel("Telefone")).toHaveValue("(11) 98765-4321");
    await page.getByLabel("CEP").pressSequentially("01310100");
    await expect(page.getByLabel("CEP")).toHaveValue("01310-100");
    await page.getByLabel("CNPJ (opcional)").pressSequentially("11222333000182");
    await expect(page.getByLabel("CNPJ (opcional)")).toHaveValue("11.222.333/0001-82");
    await expect(page.getByLabel("Estado")).toHaveAttribute("maxlength", "2");
    await page.getByRole("button", { name: "Confirmar pagamento" }).click();
    await expect(page.getByText("CNPJ inválido", { exact: true })).toBeVisible();
    expect(posts).toEqual([]);
  });

  test("a declined card shows the payment error and opens no account", async ({ page }) => {
    const buyer = newBuyer();
    await openCheckout(page);
    await fillBilling(page, buyer);
    await fillCard(page, "4000000000000002");
    await page.getByRole("button", { name: "Confirmar pagamento" }).click();
    const alert = page.getByRole("alert").filter({ hasText: "Erro no processamento do pagamento. Tente novamente." });
    await expect(alert).toBeVisible();
    await expect(alert).toContainText("Cartão recusado pela operadora.");
    await expect(page).toHaveURL(/\/checkout/);

    // Forging the next step's URL does not help: this browser's checkout was declined, so the page
    // offers only the way back to the checkout, and the server would refuse an account anyway.
    const query = new URLSearchParams({ plan: "essencial", billing: "yearly", email: buyer.email, nome: buyer.nome });
    await page.goto(`/create-account?${query}`);
    await expect(page.locator("html[data-hydrated]")).toBeAttached();
    await expectOnlyCompleteCheckout(page);
    const origin = new URL(page.url()).origin;
    const cadastro = await page.request.post("/api/cadastro", {
      data: { senha: "senha-nova-1", confirmacao: "senha-nova-1" },
      headers: { origin },
    });
    expect(cadastro.status()).toBe(402);
    const signIn = await page.request.post("/api/auth/sign-in/email", {
      data: { email: buyer.email, password: "senha-nova-1" },
      headers: { origin },
    });
    expect(signIn.status()).toBe(401);
  });

  test("create-account in a browser that never checked out says only 'Conclua o checkout', with its link", async ({
    page,
  }) => {
    const query = new URLSearchParams({
      plan: "avancado",
      billing: "monthly",
      email: "sem.checkout@cliente.guarita.app",
      nome: "Sem Checkout",
    });
    await page.goto(`/create-account?${query}`);
    await expect(page.locator("html[data-hydrated]")).toBeAttached();
    await expectOnlyCompleteCheckout(page);
    await page.getByRole("link", { name: "Ir para o checkout" }).click();
    await expect(page).toHaveURL(/\/checkout\?plan=avancado&billing=monthly$/);
  });

  test("Personalizado opens the account form without claiming a payment", async ({ page }) => {
    const buyer = newBuyer();
    await openCheckout(page, "?plan=personalizado&billing=monthly");
    await fillBilling(page, buyer);
    await page.getByRole("button", { name: "Continuar e criar conta" }).click();
    await expect(page).toHaveURL(/\/create-account\?/);
    await expect(page.getByText(/Plano Personalizado, sem cobrança agora/)).toBeVisible();
    await expect(page.getByText("Personalizado · Mensal")).toBeVisible();
    await expect(page.getByText(PAYMENT_CONFIRMED)).toHaveCount(0);
    await expect(page.getByText(COMPLETE_CHECKOUT)).toHaveCount(0);
    await expect(page.getByRole("textbox", { name: "Senha", exact: true })).toBeVisible();
  });

  test("create-account without email or nome goes back home", async ({ page }) => {
    await page.goto("/create-account?plan=essencial&billing=yearly");
    await expect(page).toHaveURL(/\/$/);
  });
});

test.describe("account creation", () => {
  test("from the test card to an empty console, then out and back in", async ({ page }) => {
    const buyer = newBuyer();
    await payWithTestCard(page, buyer, "?plan=avancado&billing=monthly");
    const url = new URL(page.url());
    expect(Object.fromEntries(url.searchParams)).toEqual({
      plan: "avancado",
      billing: "monthly",
      email: buyer.email,
      nome: buyer.nome,
    });
    await expect(page.locator("html[data-hydrated]")).toBeAttached();
    await expect(page.getByRole("heading", { name: "Crie sua conta" })).toBeVisible();
    await expect(page.getByText("Avançado · Mensal")).toBeVisible();
    await expect(page.getByText(PAYMENT_CONFIRMED)).toBeVisible();
    await expect(page.getByText(COMPLETE_CHECKOUT)).toHaveCount(0);

    const senha = page.getByRole("textbox", { name: "Senha", exact: true });
    const confirmacao = page.getByRole("textbox", { name: "Confirmar senha" });
    await senha.fill("12345");
    await confirmacao.fill("12345");
    await page.getByRole("button", { name: "Criar conta" }).click();
    await expect(page.getByText("A senha deve ter pelo menos 6 caracteres").first()).toBeVisible();
    await senha.fill("123456789");
    await confirmacao.fill("123456789");
    await page.getByRole("button", { name: "Criar conta" }).click();
    await expect(
      page.getByText("Esta senha está entre as mais usadas e é fácil de adivinhar. Escolha uma senha menos comum."),
    ).toBeVisible();
    await senha.fill("senha-da-helena");
    await confirmacao.fill("senha-diferente");
    await page.getByRole("button", { name: "Criar conta" }).click();
    await expect(page.getByText("As senhas não coincidem")).toBeVisible();

    await confirmacao.fill("senha-da-helena");
    await page.getByRole("button", { name: "Criar conta" }).click();
    await expect(page.getByRole("heading", { name: "Conta criada com sucesso!" })).toBeVisible();
    const shownAt = Date.now();
    await page.waitForURL(/\/app\/dashboard$/);
    const waited = Date.now() - shownAt;
    expect(waited).toBeGreaterThan(1_400);
    expect(waited).toBeLessThan(6_000);

    // A new, empty tenant: the checklist, none of the demo tenant's data.
    await expect(page.getByRole("heading", { name: "Primeiros passos" })).toBeVisible();
    await expect(page.getByRole("link", { name: "Cadastrar condomínio" })).toBeVisible();
    await page.goto("/app/condominios");
    await expect(page.getByText("Nenhum condomínio encontrado.")).toBeVisible();
    await expect(page.getByText("Comece por aqui: o condomínio é o primeiro cadastro.")).toBeVisible();
    await page.goto("/app/pessoas");
    await expect(page.getByText("Antes, cadastre o condomínio: unidades e pessoas pertencem a ele.")).toBeVisible();
    await page.getByRole("link", { name: "Cadastrar condomínio" }).first().click();
    await expect(page).toHaveURL(/\/app\/condominios\/novo$/);
    await expect(page.getByText("Residencial Jardim das Acácias")).toHaveCount(0);
    await expect(page.getByText(buyer.empresa).first()).toBeVisible();

    await openUserMenu(page);
    await page.getByRole("menuitem", { name: "Sair" }).click();
    await expect(page).toHaveURL(/\/login/);
    await page.getByLabel("E-mail").fill(buyer.email);
    await page.getByRole("textbox", { name: "Senha", exact: true }).fill("senha-da-helena");
    await page.getByRole("button", { name: "Entrar" }).click();
    await expect(page).toHaveURL(/\/app\/dashboard$/);
    await expect(page.getByRole("heading", { name: "Primeiros passos" })).toBeVisible();

    // A second sign-up with the same e-mail is refused before any charge.
    await openUserMenu(page);
    await page.getByRole("menuitem", { name: "Sair" }).click();
    await expect(page).toHaveURL(/\/login/);
    await openCheckout(page);
    await fillBilling(page, buyer);
    await fillCard(page, "4242424242424242");
    await page.getByRole("button", { name: "Confirmar pagamento" }).click();
    await expect(
      page.getByText("Este e-mail já está cadastrado. Entre com a sua senha ou use outro e-mail."),
    ).toBeVisible();
    await expect(page).toHaveURL(/\/checkout/);
  });
});
