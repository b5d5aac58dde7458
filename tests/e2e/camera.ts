/**
 * Chromium's fake camera (a moving test pattern) for the specs that take photos
 * (docs/decisions/039-visitor-photos.md), and taking one through the console's camera dialog.
 */
import type { Page } from "@playwright/test";
// @ts-expect-error plain ESM helper shared with playwright.config.ts
import { findChromium } from "../../scripts/chromium.mjs";
import { expect } from "./fixtures";

/**
 * `test.use(...)` options: the config's own launch options (a file's launchOptions replace them, so
 * they are repeated) and the fake camera; `permissions` grants it without a prompt.
 */
export const FAKE_CAMERA = {
  launchOptions: {
    executablePath: process.env.CHROMIUM_PATH ?? findChromium() ?? undefined,
    args: [
      "--disable-background-networking",
      "--disable-component-update",
      "--disable-sync",
      "--no-first-run",
      "--use-fake-device-for-media-stream",
      "--use-fake-ui-for-media-stream",
    ],
  },
  permissions: ["camera"],
};

/** "Tirar foto" (or another label) through the camera's dialog: capture, then use it. */
export async function takePhoto(page: Page, button: ReturnType<Page["getByRole"]>) {
  await button.click();
  const camera = page.getByRole("dialog", { name: "Foto do visitante" });
  await camera.getByRole("button", { name: "Capturar" }).click();
  await camera.getByRole("button", { name: "Usar foto" }).click();
  await expect(camera).toHaveCount(0);
}
