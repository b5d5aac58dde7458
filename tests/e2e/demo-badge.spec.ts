/** The console labels the seeded demo tenant's data as demonstration. */
import { expect, test } from "./fixtures";

test("the demo síndico sees the 'Dados de demonstração' badge in the console header", async ({ page, loginAs }) => {
  await loginAs("sindico");
  await page.goto("/app/dashboard");
  await expect(page.getByRole("banner").getByText("Dados de demonstração")).toBeVisible();
});

test("on a 360 px phone the badge fits the header's one row", async ({ page, loginAs }) => {
  await page.setViewportSize({ width: 360, height: 740 });
  await loginAs("sindico");
  await page.goto("/app/dashboard");
  const badge = page.getByRole("banner").getByText("Demo", { exact: true });
  await expect(badge).toBeVisible();
  const trigger = page.getByRole("banner").getByRole("button").first();
  // Same row as the sidebar trigger: the badge did not push the buttons onto a second line.
  expect(Math.abs((await badge.boundingBox())!.y - (await trigger.boundingBox())!.y)).toBeLessThan(16);
  const overflow = await page.evaluate(
    () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
  );
  expect(overflow).toBeLessThanOrEqual(0);
});
