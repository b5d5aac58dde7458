// `npm run lighthouse`: Lighthouse 12 (mobile preset, simulated slow 4G and 4x CPU) on the
// production build of the public site, served by the real server on a fresh embedded database.
// Prints the four category scores, CLS and the landing page's critical-path JavaScript, writes
// bench/results/lighthouse.json and exits non-zero when a target is missed
// (docs/decisions/008-public-site-performance.md).
//
// Options: PORT (default: a free port), CHROMIUM_PATH, LIGHTHOUSE_PATHS (comma separated, default
// "/,/checkout,/privacidade"), LIGHTHOUSE_RUNS (runs per page, default 1; the median run by
// performance score is kept, as Lighthouse's docs recommend for variance), LIGHTHOUSE_REPORT_DIR
// (also write each page's full Lighthouse JSON report there).
import fs from "node:fs";
import path from "node:path";
import * as chromeLauncher from "chrome-launcher";
import lighthouse from "lighthouse";
import { findChromium } from "./chromium.mjs";
import { ensureBuild, freePort, startProductionServer } from "./production-server.mjs";

const PORT = process.env.PORT ? Number(process.env.PORT) : await freePort();
const ORIGIN = `http://127.0.0.1:${PORT}`;
const PATHS = (process.env.LIGHTHOUSE_PATHS ?? "/,/checkout,/privacidade").split(",").map((p) => p.trim());
const RUNS = Math.max(1, Number(process.env.LIGHTHOUSE_RUNS ?? 1));
const RESULT_FILE = "bench/results/lighthouse.json";
const REPORT_DIR = process.env.LIGHTHOUSE_REPORT_DIR;

/** The targets of docs/decisions/008-public-site-performance.md. Scores are Lighthouse's 0–100. */
const TARGETS = {
  performance: 95,
  accessibility: 100,
  "best-practices": 95,
  seo: 100,
  maxCls: 0.05,
  /** Gzipped JavaScript on the landing page's critical path, in KB (1 KB = 1024 bytes). */
  maxLandingCriticalJsKb: 80,
};

const isScript = (url, resourceType) => resourceType === "Script" || /\.m?js(\?|$)/.test(url);

/**
 * Critical-path JavaScript, two ways, both in transferred (gzipped) bytes:
 * - `beforeLoad`: every script whose request started before the page's load event (the JS that
 *   competes with the first render and delays `load`);
 * - `chains`: the scripts in Lighthouse's critical request chains (high-priority requests that
 *   hang off the document).
 * The budget applies to the larger of the two.
 */
function criticalJs(lhr) {
  const observedLoad = lhr.audits.metrics?.details?.items?.[0]?.observedLoad ?? Number.POSITIVE_INFINITY;
  const requests = lhr.audits["network-requests"]?.details?.items ?? [];
  const scripts = requests.filter((r) => isScript(r.url, r.resourceType));
  const beforeLoad = scripts.filter((r) => (r.rendererStartTime ?? r.networkRequestTime ?? 0) < observedLoad);
  const beforeLoadBytes = beforeLoad.reduce((sum, r) => sum + (r.transferSize ?? 0), 0);

  const chainUrls = new Set();
  let chainBytes = 0;
  const walk = (nodes) => {
    for (const node of Object.values(nodes ?? {})) {
      const { url, transferSize = 0 } = node.request ?? {};
      if (url && isScript(url) && !chainUrls.has(url)) {
        chainUrls.add(url);
        chainBytes += transferSize;
      }
      walk(node.children);
    }
  };
  walk(lhr.audits["critical-request-chains"]?.details?.chains);

  const allScriptBytes = scripts.reduce((sum, r) => sum + (r.transferSize ?? 0), 0);
  return {
    beforeLoadKb: beforeLoadBytes / 1024,
    beforeLoadScripts: beforeLoad.map((r) => r.url.replace(ORIGIN, "")),
    chainsKb: chainBytes / 1024,
    chainScripts: [...chainUrls].map((u) => u.replace(ORIGIN, "")),
    allScriptsKb: allScriptBytes / 1024,
    allScripts: scripts.length,
    criticalKb: Math.max(beforeLoadBytes, chainBytes) / 1024,
  };
}

function summarize(pagePath, lhr) {
  const score = (id) => Math.round((lhr.categories[id]?.score ?? 0) * 100);
  const numeric = (id) => lhr.audits[id]?.numericValue;
  const failing = (categoryId) =>
    (lhr.categories[categoryId]?.auditRefs ?? [])
      .filter((ref) => ref.weight > 0)
      .map((ref) => lhr.audits[ref.id])
      .filter((audit) => audit && audit.score !== null && audit.score < 1)
      .map((audit) => `${audit.id} (${audit.displayValue ?? audit.score})`);
  return {
    path: pagePath,
    scores: {
      performance: score("performance"),
      accessibility: score("accessibility"),
      "best-practices": score("best-practices"),
      seo: score("seo"),
    },
    metrics: {
      fcpMs: Math.round(numeric("first-contentful-paint") ?? 0),
      lcpMs: Math.round(numeric("largest-contentful-paint") ?? 0),
      tbtMs: Math.round(numeric("total-blocking-time") ?? 0),
      speedIndexMs: Math.round(numeric("speed-index") ?? 0),
      cls: Number((numeric("cumulative-layout-shift") ?? 0).toFixed(4)),
    },
    js: criticalJs(lhr),
    belowPerfect: {
      performance: failing("performance"),
      accessibility: failing("accessibility"),
      "best-practices": failing("best-practices"),
      seo: failing("seo"),
    },
    consoleErrors: (lhr.audits["errors-in-console"]?.details?.items ?? []).map((i) => i.description),
  };
}

function misses(page) {
  const out = [];
  for (const category of ["performance", "accessibility", "best-practices", "seo"]) {
    if (page.scores[category] < TARGETS[category]) {
      out.push(`${page.path}: ${category} ${page.scores[category]} < ${TARGETS[category]}`);
    }
  }
  if (page.metrics.cls >= TARGETS.maxCls) out.push(`${page.path}: CLS ${page.metrics.cls} ≥ ${TARGETS.maxCls}`);
  if (page.path === "/" && page.js.criticalKb > TARGETS.maxLandingCriticalJsKb) {
    out.push(`/: JS no caminho crítico ${page.js.criticalKb.toFixed(1)} KB > ${TARGETS.maxLandingCriticalJsKb} KB`);
  }
  if (page.path === "/" && page.js.allScripts > 0) {
    const consoleCode = [...page.js.beforeLoadScripts, ...page.js.chainScripts].filter((u) =>
      /\/(layout|dashboard|auth-client|api|query-client)-[\w-]+\.js$/.test(u),
    );
    if (consoleCode.length) out.push(`/: código do console carregado: ${consoleCode.join(", ")}`);
  }
  return out;
}

async function audit(port, url) {
  const runner = await lighthouse(url, {
    port,
    output: "json",
    logLevel: "error",
    onlyCategories: ["performance", "accessibility", "best-practices", "seo"],
  });
  if (!runner?.lhr) throw new Error(`Lighthouse não devolveu resultado para ${url}`);
  if (runner.lhr.runtimeError) throw new Error(`${url}: ${runner.lhr.runtimeError.message}`);
  if (REPORT_DIR) {
    fs.mkdirSync(REPORT_DIR, { recursive: true });
    const name = new URL(url).pathname.replace(/\W+/g, "_").replace(/^_|_$/g, "") || "index";
    fs.writeFileSync(path.join(REPORT_DIR, `${name}.json`), JSON.stringify(runner.lhr));
  }
  return runner.lhr;
}

ensureBuild();
const chromePath = process.env.CHROMIUM_PATH ?? findChromium();
if (!chromePath) {
  console.error("Chromium não encontrado: instale-o (`apt-get install -y chromium`) ou defina CHROMIUM_PATH.");
  process.exit(1);
}

const server = await startProductionServer({
  port: PORT,
  name: "lighthouse",
  env: { PUBLIC_URL: ORIGIN, SEED_DEMO: "false" },
  stdout: "inherit",
});
let chrome;
const pages = [];
try {
  chrome = await chromeLauncher.launch({
    chromePath,
    chromeFlags: [
      "--headless=new",
      "--no-sandbox",
      // No internet here, and Chromium's own background traffic would pollute the measurements.
      "--disable-background-networking",
      "--disable-component-update",
      "--disable-sync",
      "--no-first-run",
    ],
  });
  for (const pagePath of PATHS) {
    const runs = [];
    for (let i = 0; i < RUNS; i++) runs.push(summarize(pagePath, await audit(chrome.port, `${ORIGIN}${pagePath}`)));
    runs.sort((a, b) => a.scores.performance - b.scores.performance);
    const page = runs[Math.floor(runs.length / 2)];
    if (RUNS > 1) page.performanceRuns = runs.map((r) => r.scores.performance);
    pages.push(page);
  }
} finally {
  await chrome?.kill();
  await server.stop();
}

console.info("");
console.info("página        perf  a11y  boas-práticas  SEO   CLS     LCP ms  TBT ms  JS crítico gz");
for (const p of pages) {
  console.info(
    [
      p.path.padEnd(13),
      String(p.scores.performance).padStart(4),
      String(p.scores.accessibility).padStart(5),
      String(p.scores["best-practices"]).padStart(14),
      String(p.scores.seo).padStart(4),
      p.metrics.cls.toFixed(3).padStart(6),
      String(p.metrics.lcpMs).padStart(9),
      String(p.metrics.tbtMs).padStart(7),
      `${p.js.criticalKb.toFixed(1)} KB`.padStart(15),
    ].join(" "),
  );
}
const landing = pages.find((p) => p.path === "/");
if (landing) {
  console.info(
    `\nJS da landing: ${landing.js.beforeLoadKb.toFixed(1)} KB gz pedidos antes do evento load ` +
      `(${landing.js.beforeLoadScripts.length} arquivos), ${landing.js.chainsKb.toFixed(1)} KB gz nas cadeias ` +
      `de requisições críticas, ${landing.js.allScriptsKb.toFixed(1)} KB gz no total (hidratação incluída).`,
  );
}
for (const p of pages) {
  for (const [category, audits] of Object.entries(p.belowPerfect)) {
    if (audits.length) console.info(`  ${p.path} ${category}: ${audits.join("; ")}`);
  }
  if (p.consoleErrors.length) console.info(`  ${p.path} erros no console: ${p.consoleErrors.join("; ")}`);
}

const missed = pages.flatMap(misses);
fs.mkdirSync(path.dirname(RESULT_FILE), { recursive: true });
fs.writeFileSync(
  RESULT_FILE,
  `${JSON.stringify({ date: new Date().toISOString(), lighthouse: "12", preset: "mobile", targets: TARGETS, pages, missed }, null, 2)}\n`,
);
console.info(`\nResultado em ${RESULT_FILE}`);
if (missed.length) {
  console.error(`\nMetas não atingidas:\n  ${missed.join("\n  ")}`);
  process.exit(1);
}
console.info("Todas as metas atingidas.");
