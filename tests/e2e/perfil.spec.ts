/**
 * The user's profile (docs/product.md, "Perfil"): name and photo reach the header at once, the session list shows
 * this browser's session, and ending another device's session sends that device to /login on its
 * next navigation. Runs as the demo porteiro, in parallel with specs that use the same account, so
 * it never changes the password, never ends the other sessions, keeps the demo name as a prefix of
 * the new one (other specs look for it) and puts name and photo back at the end.
 */
import AxeBuilder from "@axe-core/playwright";
import type { APIRequestContext, Page } from "@playwright/test";
import { describeViolations } from "./axe";
import { DEMO, expect, openUserMenu, test } from "./fixtures";

/** The "other device": its sessions are the only ones of this account described as "Safari no iPhone". */
const IPHONE_UA =
  "Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1";
const PHONE = "Safari no iPhone";

/** A real 1×1 PNG: the browser decodes it and re-encodes a 128×128 avatar. */
const PNG = Buffer.from(
  "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==",
  "base64",
);

// Toasts and dialogs are checked at rest, not mid-fade.
test.use({ reducedMotion: "reduce" });

type Sessao = { id: string; dispositivo: string; atual: boolean };

/** Ends, through the API, the iPhone sessions a failed earlier attempt may have left behind. */
async function endPhoneSessions(request: APIRequestContext, baseURL: string) {
  const res = await request.get("/api/perfil/sessoes");
  if (!res.ok()) return;
  for (const s of ((await res.json()) as { items: Sessao[] }).items) {
    if (!s.atual && s.dispositivo === PHONE) {
      await request.delete(`/api/perfil/sessoes/${s.id}`, { headers: { origin: baseURL } });
    }
  }
}

async function openPerfil(page: Page) {
  await page.goto("/app/perfil");
  await expect(page.getByRole("heading", { level: 1, name: "Perfil" })).toBeVisible();
  await expect(page.getByRole("list", { name: "Sessões abertas" })).toBeVisible();
  await expect(page.getByLabel("Nome completo")).toBeVisible();
}

test("the porteiro changes name and photo, sees this session and ends another device's", async ({
  page,
  browser,
  baseURL,
  loginAs,
}) => {
  await loginAs("porteiro");
  const request = page.context().request;
  await endPhoneSessions(request, baseURL!);
  const original = ((await (await request.get("/api/me")).json()) as { user: { name: string; image: string | null } })
    .user;

  const phoneContext = await browser.newContext({ baseURL, userAgent: IPHONE_UA, locale: "pt-BR" });
  try {
    const signIn = await phoneContext.request.post("/api/auth/sign-in/email", {
      data: { email: DEMO.porteiro.email, password: DEMO.porteiro.password },
      headers: { origin: baseURL! },
    });
    expect(signIn.status(), await signIn.text()).toBe(200);
    const phone = await phoneContext.newPage();
    await phone.goto("/app/dashboard");
    await expect(phone.getByRole("heading", { level: 1, name: "Dashboard" })).toBeVisible();

    await openPerfil(page);

    // Name and photo: the header's user menu follows as soon as they are saved.
    const newName = `${DEMO.porteiro.name} Filho`;
    await page.getByLabel("Nome completo").fill(newName);
    await page.getByLabel("Alterar foto").setInputFiles({ name: "foto.png", mimeType: "image/png", buffer: PNG });
    await expect(page.getByRole("img", { name: "Sua foto" })).toHaveAttribute("src", /^data:image\/(webp|png);base64,/);
    await page.getByRole("button", { name: "Salvar alterações" }).click();
    await expect(page.getByText("Perfil atualizado!")).toBeVisible();
    const menuButton = page.getByRole("button", { name: "Menu do usuário" });
    await expect(menuButton.locator("img")).toHaveAttribute("src", /^data:image\/(webp|png);base64,/);
    await openUserMenu(page);
    await expect(page.getByRole("menu")).toContainText(newName);
    await page.keyboard.press("Escape");

    // This browser's session is listed and marked; the phone's is listed too.
    const list = page.getByRole("list", { name: "Sessões abertas" });
    const current = list.getByRole("listitem").filter({ hasText: "Esta sessão" });
    await expect(current).toHaveCount(1);
    // Playwright's "Desktop Chrome" announces Chrome on Windows.
    await expect(current).toContainText("Chrome no Windows");
    await expect(current).toContainText("Último acesso: agora");
    const phoneRow = list.getByRole("listitem").filter({ hasText: PHONE });
    await expect(phoneRow).toHaveCount(1);
    await expect(phoneRow).toContainText(/Último acesso: há/);

    await phoneRow.getByRole("button", { name: `Encerrar a sessão ${PHONE}` }).click();
    const dialog = page.getByRole("alertdialog", { name: "Encerrar sessão?" });
    await expect(dialog).toContainText(PHONE);
    await dialog.getByRole("button", { name: "Encerrar" }).click();
    await expect(page.getByText("Sessão encerrada", { exact: true })).toBeVisible();
    await expect(phoneRow).toHaveCount(0);
    await expect(current).toHaveCount(1);

    // The phone learns it on its next navigation.
    await phone.goto("/app/solicitacoes");
    await expect(phone).toHaveURL(/\/login$/);
    expect((await phoneContext.request.get("/api/me")).status()).toBe(401);
    // And this browser is still signed in.
    expect((await request.get("/api/me")).status()).toBe(200);
  } finally {
    await endPhoneSessions(request, baseURL!);
    await phoneContext.close();
    const restored = await request.put("/api/perfil", {
      data: { name: original.name, image: original.image },
      headers: { origin: baseURL! },
    });
    expect(restored.status()).toBe(200);
  }
});

test("the password form checks the fields before sending anything", async ({ page, loginAs }) => {
  await loginAs("porteiro");
  await openPerfil(page);
  const senha = page.getByRole("form", { name: "Senha" });
  await senha.getByRole("textbox", { name: "Senha atual", exact: true }).fill("demo1234");
  await senha.getByRole("textbox", { name: "Nova senha", exact: true }).fill("123456");
  await senha.getByRole("textbox", { name: "Confirme a nova senha", exact: true }).fill("outra-coisa");
  await senha.getByRole("button", { name: "Mostrar nova senha" }).click();
  await expect(senha.getByRole("textbox", { name: "Nova senha", exact: true })).toHaveAttribute("type", "text");
  await senha.getByRole("button", { name: "Alterar senha" }).click();
  await expect(senha.getByRole("textbox", { name: "Nova senha", exact: true })).toHaveAccessibleDescription(
    /entre as mais usadas/,
  );
  await expect(senha.getByRole("textbox", { name: "Confirme a nova senha", exact: true })).toHaveAccessibleDescription(
    /As senhas não coincidem/,
  );
});

test("the profile fits a 360 px screen", async ({ page, loginAs }) => {
  await page.setViewportSize({ width: 360, height: 740 });
  await loginAs("porteiro");
  await openPerfil(page);
  const overflow = await page.evaluate(
    () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
  );
  expect(overflow, "horizontal scroll at 360 px").toBeLessThanOrEqual(0);
});

for (const theme of ["light", "dark"] as const) {
  test(`the profile has no axe violations (${theme} theme), its confirmation dialog included`, async ({
    page,
    loginAs,
  }) => {
    await loginAs("porteiro");
    await page.addInitScript((value) => window.localStorage.setItem("theme", value), theme);
    await openPerfil(page);
    await expect(page.locator("html")).toHaveClass(new RegExp(`\\b${theme}\\b`));
    expect(describeViolations((await new AxeBuilder({ page }).analyze()).violations)).toEqual([]);

    await page.getByRole("button", { name: "Encerrar esta sessão" }).click();
    const dialog = page.getByRole("alertdialog", { name: "Encerrar esta sessão?" });
    await expect(dialog).toBeVisible();
    expect(describeViolations((await new AxeBuilder({ page }).analyze()).violations)).toEqual([]);
    await dialog.getByRole("button", { name: "Cancelar" }).click();
    await expect(dialog).toHaveCount(0);
    await expect(page.getByRole("button", { name: "Encerrar esta sessão" })).toBeFocused();
  });
}
