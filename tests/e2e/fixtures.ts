/**
 * Shared e2e fixtures: every test fails on a browser console error or uncaught page error (unless
 * it declares the ones it expects), and `loginAs` signs in through the API, sharing the cookie with
 * the page, the way a returning user arrives.
 */
import { test as base, expect, type Page } from "@playwright/test";

export const DEMO = {
  sindico: { email: "sindico@demo.guarita.app", password: "demo1234", name: "Marina Duarte" },
  porteiro: { email: "porteiro@demo.guarita.app", password: "demo1234", name: "José Carlos Pereira" },
  morador: { email: "morador@demo.guarita.app", password: "demo1234", name: "Ana Beatriz Souza" },
} as const;

type Fixtures = {
  /** Console errors this test expects (e.g. the 401 of a wrong password); anything else fails it. */
  allowedConsoleErrors: RegExp[];
  consoleGuard: undefined;
  loginAs: (role: keyof typeof DEMO) => Promise<void>;
};

export const test = base.extend<Fixtures>({
  allowedConsoleErrors: [[], { option: true }],
  consoleGuard: [
    async ({ page, allowedConsoleErrors }, use) => {
      const problems: string[] = [];
      page.on("console", (msg) => {
        if (msg.type() !== "error") return;
        const text = msg.text();
        if (!allowedConsoleErrors.some((re) => re.test(text))) problems.push(`console.error: ${text}`);
      });
      page.on("pageerror", (error) => problems.push(`pageerror: ${error.message}`));
      await use(undefined);
      expect(problems, "erros no console do navegador").toEqual([]);
    },
    { auto: true },
  ],
  loginAs: async ({ page, baseURL }, use) => {
    await use(async (role) => {
      const res = await page.context().request.post("/api/auth/sign-in/email", {
        data: { email: DEMO[role].email, password: DEMO[role].password },
        headers: { origin: baseURL! },
      });
      expect(res.status(), await res.text()).toBe(200);
    });
  },
});

export { expect };

export async function openUserMenu(page: Page) {
  await page.getByRole("button", { name: "Menu do usuário" }).click();
}
