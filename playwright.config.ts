import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { defineConfig, devices } from "@playwright/test";
// @ts-expect-error plain ESM helper shared with scripts/test.mjs
import { findChromium } from "./scripts/chromium.mjs";

/**
 * The e2e suite drives the production build (npm run build) on a fresh embedded database with the
 * demo tenant, in the system Chromium. scripts/test.mjs builds first and finds/installs Chromium.
 */
const PORT = Number(process.env.E2E_PORT ?? 3100);
const BASE_URL = `http://localhost:${PORT}`;
const dataDir = process.env.E2E_DATA_DIR ?? fs.mkdtempSync(path.join(os.tmpdir(), "guarita-e2e-"));
// Workers load this file again and inherit the runner's environment: set here, every worker reads
// the same folder, where specs find the server's e-mails (DATA_DIR/mail, tests/e2e/mailbox.ts).
process.env.E2E_DATA_DIR = dataDir;
const executablePath: string | undefined = process.env.CHROMIUM_PATH ?? findChromium() ?? undefined;

export default defineConfig({
  testDir: "tests/e2e",
  fullyParallel: true,
  workers: 2,
  retries: process.env.CI ? 1 : 0,
  forbidOnly: !!process.env.CI,
  reporter: process.env.CI ? [["list"]] : [["list"], ["html", { open: "never" }]],
  // CI runs on a shared machine about twice as slow as a developer's: the longest journeys (checkout
  // to a signed-in console, the team's invitations) take ~20 s here and went past a minute there.
  timeout: process.env.CI ? 120_000 : 60_000,
  expect: { timeout: 15_000 },
  use: {
    baseURL: BASE_URL,
    locale: "pt-BR",
    timezoneId: "America/Sao_Paulo",
    trace: "retain-on-failure",
    launchOptions: {
      executablePath,
      // Chromium's background services try to reach Google; this machine has no internet.
      args: ["--disable-background-networking", "--disable-component-update", "--disable-sync", "--no-first-run"],
    },
  },
  projects: [{ name: "chromium", use: { ...devices["Desktop Chrome"], channel: undefined } }],
  webServer: {
    command: "node build/server/main.js",
    url: `${BASE_URL}/api/health`,
    timeout: 120_000,
    reuseExistingServer: false,
    stdout: "pipe",
    stderr: "pipe",
    env: {
      PORT: String(PORT),
      HOST: "127.0.0.1",
      DATA_DIR: dataDir,
      // Unset, as `npm start` runs: the app must work from localhost and 127.0.0.1 alike (any-address.spec.ts).
      PUBLIC_URL: "",
      NODE_ENV: "production",
      LOG_LEVEL: "warn",
      SEED_DEMO: "true",
      // Every e2e sign-in comes from 127.0.0.1; the per-IP limit is tested in the API suite.
      AUTH_SIGNIN_PER_MINUTE: "1000",
      DATABASE_URL: "",
    },
  },
});
