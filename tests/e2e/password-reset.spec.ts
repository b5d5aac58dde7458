/**
 * Password reset and e-mail confirmation from the `.eml` files the e2e server writes to
 * DATA_DIR/mail (docs/decisions/016-password-reset-and-verification.md). Each test opens an account of its own
 * through checkout (Personalizado, no card): the demo logins are shared by the other specs, and a
 * reset signs every session of the account out.
 */
import { randomUUID } from "node:crypto";
import path from "node:path";
import type { APIRequestContext } from "@playwright/test";
import { mailsTo, type ReceivedMail } from "../support/mailbox";
import { expect, test } from "./fixtures";

const FIRST_PASSWORD = "senha-da-primeira-vez";
const NEW_PASSWORD = "nova-senha-do-condominio";

/** A new account, created as the checkout and create-account pages do (cookies stay in `request`). */
async function openAccount(request: APIRequestContext, baseURL: string) {
  const email = `redefinir-${randomUUID().slice(0, 8)}@cliente.guarita.app`;
  const headers = { origin: baseURL };
  const checkout = await request.post("/api/checkout", {
    headers,
    data: {
      plan: "personalizado",
      billing: "monthly",
      cliente: {
        nome: "Helena Prado",
        email,
        telefone: "(11) 98765-4321",
        empresa: "Residencial Aurora",
        cnpj: "",
        cep: "01310-100",
        rua: "Avenida Paulista",
        numero: "1000",
        complemento: "",
        bairro: "Bela Vista",
        cidade: "São Paulo",
        estado: "SP",
      },
    },
  });
  expect(checkout.status(), await checkout.text()).toBe(201);
  const cadastro = await request.post("/api/cadastro", {
    headers,
    data: { senha: FIRST_PASSWORD, confirmacao: FIRST_PASSWORD },
  });
  expect(cadastro.status(), await cadastro.text()).toBe(201);
  return email;
}

/** The latest message to `to` with `subject`, once the server's mail job has written it. */
async function waitForMessage(to: string, subject: string): Promise<ReceivedMail> {
  const dataDir = process.env.E2E_DATA_DIR;
  if (!dataDir) throw new Error("E2E_DATA_DIR não definido: rode os testes pelo playwright.config.ts");
  let found: ReceivedMail | undefined;
  await expect
    .poll(
      async () => {
        found = (await mailsTo(path.join(dataDir, "mail"), to)).filter((m) => m.subject === subject).at(-1);
        return found !== undefined;
      },
      { timeout: 20_000, message: `e-mail "${subject}" para ${to}` },
    )
    .toBe(true);
  return found!;
}

test("forgot password: from /login to a new password, by the e-mailed link, which then works no more", async ({
  page,
  request,
  baseURL,
}) => {
  const email = await openAccount(request, baseURL!);

  await page.goto("/login");
  await page.getByRole("link", { name: "Esqueceu a senha?" }).click();
  await expect(page).toHaveURL(/\/esqueci-a-senha$/);
  await expect(page.getByRole("heading", { level: 1, name: "Esqueceu a senha?" })).toBeVisible();
  await page.getByLabel("E-mail").fill(email);
  await page.getByRole("button", { name: "Enviar link" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Verifique seu e-mail" })).toBeVisible();
  await expect(
    page.getByText(
      "Se houver uma conta com este e-mail, você receberá um link para redefinir a senha em alguns minutos.",
    ),
  ).toBeVisible();

  const mail = await waitForMessage(email, "Redefina sua senha do Guarita");
  expect(mail.text).toContain("O link vale por 1 hora.");
  const link = mail.links[0]!;
  expect(new URL(link).origin).toBe(new URL(baseURL!).origin);

  await page.goto(link);
  await expect(page).toHaveURL(/\/redefinir-senha\?token=/);
  const password = page.getByLabel("Nova senha", { exact: true });
  await password.fill(NEW_PASSWORD);
  await page.getByRole("button", { name: "Mostrar nova senha" }).click();
  await expect(password).toHaveAttribute("type", "text");
  await page.getByLabel("Confirmar nova senha", { exact: true }).fill(NEW_PASSWORD);
  await page.getByRole("button", { name: "Salvar nova senha" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Senha redefinida" })).toBeVisible();
  // The used token leaves the address bar.
  await expect(page).toHaveURL(/\/redefinir-senha$/);

  await page.getByRole("link", { name: "Ir para o login" }).click();
  await expect(page).toHaveURL(/\/login$/);
  await page.getByLabel("E-mail").fill(email);
  await page.getByLabel("Senha", { exact: true }).fill(NEW_PASSWORD);
  await page.getByRole("button", { name: "Entrar" }).click();
  await expect(page).toHaveURL(/\/app\/dashboard$/);

  // The same link a second time: the page says so and offers a new one.
  await page.goto(link);
  await expect(page).toHaveURL(/\/redefinir-senha\?error=INVALID_TOKEN$/);
  await expect(page.getByText("Este link não vale mais")).toBeVisible();
  await page.getByRole("link", { name: "Pedir um novo link" }).click();
  await expect(page).toHaveURL(/\/esqueci-a-senha$/);
});

test("e-mail confirmation: the link sent at account creation confirms the address", async ({
  page,
  request,
  baseURL,
}) => {
  const email = await openAccount(request, baseURL!);
  const mail = await waitForMessage(email, "Confirme seu e-mail no Guarita");

  await page.goto(mail.links[0]!);
  await expect(page).toHaveURL(/\/verificar-email\?confirmado=1$/);
  await expect(page.getByRole("heading", { level: 1, name: "E-mail confirmado" })).toBeVisible();
  await expect(page.getByRole("link", { name: "Ir para o painel" })).toBeVisible();

  // A damaged link lands on the same page with the reason, and a way to get a new one.
  const damaged = new URL(mail.links[0]!);
  damaged.searchParams.set("token", `${damaged.searchParams.get("token")!.slice(0, -4)}AAAA`);
  await page.goto(damaged.toString());
  await expect(page.getByText("E-mail não confirmado")).toBeVisible();
  await expect(page.getByRole("link", { name: "Entrar" })).toBeVisible();
});

test("the account pages work on 127.0.0.1 too, fit 360 px, and ask search engines not to index them", async ({
  page,
  request,
  baseURL,
}) => {
  for (const path of ["/esqueci-a-senha", "/redefinir-senha", "/verificar-email"]) {
    const html = await (await request.get(path)).text();
    expect(html, path).toContain('<meta name="robots" content="noindex"/>');
  }

  await page.setViewportSize({ width: 360, height: 740 });
  const other = new URL(baseURL!);
  other.hostname = "127.0.0.1";
  await page.goto(new URL("/esqueci-a-senha", other).toString());
  await page.getByLabel("E-mail").fill(`ninguem-${randomUUID().slice(0, 8)}@cliente.guarita.app`);
  await page.getByRole("button", { name: "Enviar link" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Verifique seu e-mail" })).toBeVisible();
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
});
