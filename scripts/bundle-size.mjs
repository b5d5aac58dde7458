// The console's JavaScript, as a browser downloads it (issue 16, docs/decisions/026).
//
// Starts the production build (`node build/server/main.js`, built first when missing or stale) on a
// free port with a fresh embedded database and the demo tenant, then, in the system Chromium:
// 1. opens /login in a fresh browser context and records every script requested until the form is
//    there and the network has settled;
// 2. signs in as the demo síndico and records what the first console screen (/app/dashboard) adds;
// 3. opens /app/dashboard again in a new context that only carries the session cookie (a signed-in
//    visitor coming back), and records what that cold load downloads.
// Sizes are transfer sizes of the response bodies (gzip, as the server sends them). It prints each
// step's files and totals and exits non-zero when /login or the first console screen (steps 1 + 2,
// and step 3) is over the target.
//
// Options: PORT (default: a free port), CHROMIUM_PATH, BUNDLE_MAX_KB (default 170), BUNDLE_JSON=path
// (also write the figures there as JSON).
import fs from "node:fs";
import { chromium } from "@playwright/test";
import { findChromium } from "./chromium.mjs";
import { ensureBuild, freePort, startProductionServer } from "./production-server.mjs";

/** Issue 16's target, gzipped KB (1 KB = 1024 bytes), for /login and for the first console screen. */
const MAX_KB = Number(process.env.BUNDLE_MAX_KB ?? 170);
const DEMO_SINDICO = { email: "sindico@demo.guarita.app", password: "demo1234" };
/** How long the network must stay quiet (the event stream aside) before a step counts as done. */
const QUIET_MS = 1500;

const PORT = process.env.PORT ? Number(process.env.PORT) : await freePort();
const ORIGIN = `http://127.0.0.1:${PORT}`;

/**
 * Records a page's scripts (URL, transferred body bytes, encoding) and its requests in flight, so
 * a step can wait for the network to settle. The event stream (/api/events) never ends, so it is
 * not counted as in flight.
 */
function track(page) {
  const scripts = new Map();
  const pending = new Set();
  let lastActivity = Date.now();
  page.on("request", (request) => {
    if (request.resourceType() === "eventsource") return;
    pending.add(request);
    lastActivity = Date.now();
  });
  const done = async (request) => {
    pending.delete(request);
    lastActivity = Date.now();
    if (request.resourceType() !== "script" || request.failure()) return;
    const url = new URL(request.url());
    const response = await request.response();
    const sizes = await request.sizes().catch(() => null);
    scripts.set(url.pathname, {
      file: url.pathname,
      bytes: sizes?.responseBodySize ?? 0,
      encoding: (await response?.headerValue("content-encoding")) ?? "identity",
    });
  };
  page.on("requestfinished", done);
  page.on("requestfailed", done);
  return {
    scripts,
    /** Resolves once nothing but the event stream has been in flight for QUIET_MS. */
    async settle() {
      const deadline = Date.now() + 60_000;
      while (Date.now() < deadline) {
        if (pending.size === 0 && Date.now() - lastActivity >= QUIET_MS) return;
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
      throw new Error(`a rede não se acalmou: ${[...pending].map((r) => r.url()).join(", ")}`);
    },
  };
}

const kb = (bytes) => bytes / 1024;
const total = (files) => files.reduce((sum, f) => sum + f.bytes, 0);

function report(title, files) {
  const sorted = [...files].sort((a, b) => b.bytes - a.bytes);
  console.info(`\n${title}: ${kb(total(sorted)).toFixed(1)} KB gzip, ${sorted.length} scripts`);
  for (const f of sorted) {
    const note = f.encoding === "gzip" ? "" : ` (${f.encoding})`;
    console.info(`  ${kb(f.bytes).toFixed(1).padStart(7)} KB  ${f.file}${note}`);
  }
}

async function measure(browser) {
  // 1. /login, as a first-time visitor: an empty cache.
  const context = await browser.newContext({ locale: "pt-BR", timezoneId: "America/Sao_Paulo" });
  const page = await context.newPage();
  const tracker = track(page);
  await page.goto(`${ORIGIN}/login`);
  await page.getByLabel("E-mail").waitFor();
  await tracker.settle();
  const login = [...tracker.scripts.values()];

  // 2. Sign in; the dashboard is the first console screen.
  await page.getByLabel("E-mail").fill(DEMO_SINDICO.email);
  await page.getByLabel("Senha", { exact: true }).fill(DEMO_SINDICO.password);
  await page.getByRole("button", { name: "Entrar" }).click();
  await page.waitForURL(/\/app\/dashboard$/);
  await page.getByRole("heading", { level: 1, name: "Dashboard" }).waitFor();
  await page.getByText("Últimas Solicitações").first().waitFor();
  await tracker.settle();
  const loginFiles = new Set(login.map((f) => f.file));
  const afterSignIn = [...tracker.scripts.values()].filter((f) => !loginFiles.has(f.file));
  const state = await context.storageState();
  await context.close();

  // 3. /app/dashboard opened directly by a signed-in visitor, with an empty cache.
  const returning = await browser.newContext({ locale: "pt-BR", timezoneId: "America/Sao_Paulo", storageState: state });
  const again = await returning.newPage();
  const coldTracker = track(again);
  await again.goto(`${ORIGIN}/app/dashboard`);
  await again.getByRole("heading", { level: 1, name: "Dashboard" }).waitFor();
  await again.getByText("Últimas Solicitações").first().waitFor();
  await coldTracker.settle();
  const cold = [...coldTracker.scripts.values()];
  await returning.close();

  return { login, afterSignIn, firstScreen: [...login, ...afterSignIn], cold };
}

ensureBuild();
const executablePath = process.env.CHROMIUM_PATH ?? findChromium();
if (!executablePath) {
  console.error("Chromium não encontrado: defina CHROMIUM_PATH (ou rode `apt-get install -y chromium`).");
  process.exit(1);
}
const server = await startProductionServer({ port: PORT, name: "bundle", env: { SEED_DEMO: "true" } });
let browser;
let exitCode = 0;
try {
  browser = await chromium.launch({
    executablePath,
    args: ["--disable-background-networking", "--disable-component-update", "--disable-sync", "--no-first-run"],
  });
  const result = await measure(browser);
  report("/login", result.login);
  report("Após entrar (síndico), o que /app/dashboard acrescenta", result.afterSignIn);
  report("/app/dashboard aberto direto, já com sessão", result.cold);

  const figures = {
    maxKb: MAX_KB,
    loginKb: kb(total(result.login)),
    firstScreenKb: kb(total(result.firstScreen)),
    afterSignInKb: kb(total(result.afterSignIn)),
    coldDashboardKb: kb(total(result.cold)),
  };
  console.info(`\nJavaScript (gzip), meta ${MAX_KB} KB:`);
  const line = (label, value) => console.info(`  ${label.padEnd(46)} ${value.toFixed(1).padStart(6)} KB`);
  line("/login", figures.loginKb);
  line("primeira tela do console (/login + dashboard)", figures.firstScreenKb);
  line("  dos quais após entrar", figures.afterSignInKb);
  line("/app/dashboard aberto direto, com sessão", figures.coldDashboardKb);
  if (process.env.BUNDLE_JSON) {
    fs.writeFileSync(process.env.BUNDLE_JSON, `${JSON.stringify({ ...figures, ...result }, null, 2)}\n`);
  }
  const over = [
    ["/login", figures.loginKb],
    ["primeira tela do console", figures.firstScreenKb],
    ["/app/dashboard aberto direto", figures.coldDashboardKb],
  ].filter(([, value]) => value > MAX_KB);
  for (const [name, value] of over) console.error(`Acima da meta: ${name} ${value.toFixed(1)} KB > ${MAX_KB} KB`);
  if (over.length) exitCode = 1;
} catch (error) {
  console.error(error);
  exitCode = 1;
} finally {
  await browser?.close();
  await server.stop();
}
process.exit(exitCode);
