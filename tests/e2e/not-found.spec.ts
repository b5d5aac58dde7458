import { expect, test } from "./fixtures";

test.use({ allowedConsoleErrors: [/status of 404/] });

test("an unknown path answers 404 with the not-found page and a link home", async ({ page }) => {
  const messages: string[] = [];
  page.on("console", (m) => messages.push(m.text()));
  const response = await page.goto("/pagina-que-nao-existe");
  expect(response?.status()).toBe(404);
  await expect(page.getByRole("heading", { name: "Oops! Page not found" })).toBeVisible();
  expect(messages.some((m) => m.includes("/pagina-que-nao-existe"))).toBe(true);

  await page.getByRole("link", { name: /início/i }).click();
  await expect(page).toHaveURL(/\/$/);
});
