// The console's JavaScript, as a browser downloads it (docs/decisions/026-console-bundle-split.md).
//
// Starts the production build (`node build/server/main.js`, built first when missing or stale) on a
// free port with a fresh embedded database and the demo tenant, then, in the system Chromium:
// 1. opens /login in a fresh browser context and records every script requested until the form is
//    there and the network has settled;
// 2. signs in as the demo síndico and records what the first console screen (/app/dashboard) adds;
// 3. opens /app/dashboard again in a new context that only carries the session cookie (a signed-in
//    visitor coming back), and records what that cold load downloads.
// Sizes are transfer sizes of the response bodies as Chromium downloads them (brotli: Chromium asks
// for it from 127.0.0.1 as it does over HTTPS; the build precompresses every file, scripts/
// precompress.mjs), and beside them what a client that only takes gzip downloads (each file asked
// for again with `Accept-Encoding: gzip`). It prints each step's files and totals and exits
// non-zero when /login or the first console screen (steps 1 + 2, and step 3), as downloaded, is
// over the target.
//
// Options: PORT (default: a free port), CHROMIUM_PATH, BUNDLE_MAX_KB (default 170), BUNDLE_JSON=path
// (also write the figures there as JSON).
import fs from "node:fs";
import http from "node:http";
import { chromium } from "@playwright/test";
import { findChromium } from "./chromium.mjs";
import { ensureBuild, freePort, startProductionServer } from "./production-server.mjs";

/**
 * The target of docs/decisions/026-console-bundle-split.md, gzipped KB (1 KB = 1024 bytes), for /login and for
 * the first console screen.
 */
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
const total = (files, key = "bytes") => files.reduce((sum, f) => sum + f[key], 0);

/**
 * What the same file weighs for a client that only takes gzip (Chromium over plain HTTP to another
 * host, older tools): the body's bytes as the server sends them, not decoded.
 */
function gzipBytes(pathname) {
  return new Promise((resolve, reject) => {
    const request = http.get(`${ORIGIN}${pathname}`, { headers: { "accept-encoding": "gzip" } }, (response) => {
      let bytes = 0;
      response.on("data", (chunk) => {
        bytes += chunk.length;
      });
      response.on("end", () => resolve(bytes));
      response.on("error", reject);
    });
    request.on("error", reject);
  });
}

async function withGzip(files) {
  return Promise.all(files.map(async (f) => ({ ...f, gzipBytes: await gzipBytes(f.file) })));
}

function report(title, files) {
  const sorted = [...files].sort((a, b) => b.bytes - a.bytes);
  console.info(
    `\n${title}: ${kb(total(sorted)).toFixed(1)} KB como baixados (${kb(total(sorted, "gzipBytes")).toFixed(1)} KB só com gzip), ${sorted.length} scripts`,
  );
  for (const f of sorted) {
    const gz = kb(f.gzipBytes).toFixed(1).padStart(6);
    console.info(`  ${kb(f.bytes).toFixed(1).padStart(7)} KB ${f.encoding.padEnd(8)} ${gz} KB gzip  ${f.file}`);
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

  const [loginGz, afterSignInGz, coldGz] = await Promise.all([withGzip(login), withGzip(afterSignIn), withGzip(cold)]);
  return { login: loginGz, afterSignIn: afterSignInGz, firstScreen: [...loginGz, ...afterSignInGz], cold: coldGz };
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

  const encodings = [...new Set(result.firstScreen.concat(result.cold).map((f) => f.encoding))].join(", ");
  const figures = {
    maxKb: MAX_KB,
    encodings,
    loginKb: kb(total(result.login)),
    firstScreenKb: kb(total(result.firstScreen)),
    afterSignInKb: kb(total(result.afterSignIn)),
    coldDashboardKb: kb(total(result.cold)),
    gzipOnly: {
      loginKb: kb(total(result.login, "gzipBytes")),
      firstScreenKb: kb(total(result.firstScreen, "gzipBytes")),
      afterSignInKb: kb(total(result.afterSignIn, "gzipBytes")),
      coldDashboardKb: kb(total(result.cold, "gzipBytes")),
    },
  };
  console.info(`\nJavaScript como o Chromium baixou (${encodings}), meta ${MAX_KB} KB; ao lado, só com gzip:`);
  const line = (label, key) =>
    console.info(
      `  ${label.padEnd(46)} ${figures[key].toFixed(1).padStart(6)} KB   ${figures.gzipOnly[key].toFixed(1).padStart(6)} KB`,
    );
  line("/login", "loginKb");
  line("primeira tela do console (/login + dashboard)", "firstScreenKb");
  line("  dos quais após entrar", "afterSignInKb");
  line("/app/dashboard aberto direto, com sessão", "coldDashboardKb");
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
