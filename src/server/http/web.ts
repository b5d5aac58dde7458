/**
 * Serves the built web app: hashed assets, the pre-rendered public pages, the console's SPA shell,
 * robots.txt and sitemap.xml, and the not-found page with a real 404 status. Unprefixed console
 * paths redirect to /app/….
 */
import { createHash } from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import { serveStatic } from "@hono/node-server/serve-static";
import { type Context, Hono } from "hono";
import { COMPANY } from "../../shared/company";
import {
  CHECKOUT_VARIANT_PATHS,
  checkoutChoice,
  checkoutChoiceOfVariant,
  checkoutHref,
  checkoutVariantPath,
} from "../../shared/plan-params";
import {
  ACCOUNT_PATHS,
  CONSOLE_PREFIX,
  CONSOLE_SECTIONS,
  canonicalConsolePath,
  PRERENDERED_PATHS,
} from "../../shared/public-routes";
import type { AppEnv } from "./context";
import { pageCsp } from "./security";

interface Page {
  html: string;
  csp: string;
}

const INLINE_SCRIPT = /<script(?![^>]*\bsrc=)[^>]*>([\s\S]*?)<\/script>/g;

function loadPage(file: string, cspExtra: Parameters<typeof pageCsp>[1]): Page {
  const html = fs.readFileSync(file, "utf8");
  const hashes = [...html.matchAll(INLINE_SCRIPT)]
    .map((m) => m[1] ?? "")
    .filter((body) => body.length > 0)
    .map((body) => `sha256-${createHash("sha256").update(body).digest("base64")}`);
  return { html, csp: pageCsp(hashes, cspExtra) };
}

/** `/privacidade/index.html` → `/privacidade`; `/index.html` → `/`. */
function routeOf(clientDir: string, file: string): string {
  const rel = path.relative(clientDir, file).split(path.sep).join("/");
  const route = `/${rel.replace(/(^|\/)index\.html$/, "")}`.replace(/\/$/, "");
  return route === "" ? "/" : route;
}

function findHtmlFiles(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return entry.name === "assets" ? [] : findHtmlFiles(full);
    return entry.name.endsWith(".html") ? [full] : [];
  });
}

/** Pre-rendered pages that search engines should list: not the sign-in and sign-up steps. */
export const SITEMAP_PATHS = PRERENDERED_PATHS.filter((p) => !ACCOUNT_PATHS.includes(p));

/** The public pages, at their canonical URLs (the same ones publicMeta puts in each page). */
export function sitemapXml(siteUrl: string = COMPANY.siteUrl): string {
  const urls = SITEMAP_PATHS.map((p) => `  <url><loc>${new URL(p, siteUrl).toString()}</loc></url>`);
  return [
    '<?xml version="1.0" encoding="UTF-8"?>',
    '<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">',
    ...urls,
    "</urlset>",
    "",
  ].join("\n");
}

/** Crawlers may read the public site; the console and the API are nobody's search result. */
export function robotsTxt(siteUrl: string = COMPANY.siteUrl): string {
  return [
    "User-agent: *",
    "Allow: /",
    `Disallow: ${CONSOLE_PREFIX}`,
    "Disallow: /api",
    "",
    `Sitemap: ${new URL("/sitemap.xml", siteUrl).toString()}`,
    "",
  ].join("\n");
}

const SPA_FALLBACK = "__spa-fallback.html";
const CONSOLE_PATH = new RegExp(`^${CONSOLE_PREFIX}(/(${CONSOLE_SECTIONS.join("|")})(/.*)?)?/?$`);
/** The gate's kiosk and its pairing link (docs/product.md, "Totem"): client-rendered, like the console. */
const KIOSK_PATH = /^\/totem(\/parear\/[^/]+)?\/?$/;
/**
 * The kiosk hears the visitor through the microphone (speech recognition) and photographs them with
 * its front camera before the residents are asked (docs/product.md, "Totem"); pages elsewhere get the
 * default policy.
 */
export const KIOSK_PERMISSIONS_POLICY = "camera=(self), microphone=(self), geolocation=()";
/**
 * The console photographs visitors ("Tirar foto" on a request, a pass) and reads passes' QR Codes
 * with the tablet's camera (docs/product.md, "Fotos"); the microphone stays off. Every page of the
 * web client gets it, not only those under /app: the site and the console are one client-side app,
 * and a document keeps the policy it was loaded with, so a porteiro who signs in at /login and is
 * taken to Portaria without a reload would otherwise find the camera blocked.
 */
export const CONSOLE_PERMISSIONS_POLICY = "camera=(self), microphone=(), geolocation=()";

export interface WebOptions {
  clientDir: string;
  cspExtra?: Parameters<typeof pageCsp>[1];
}

export function createWebApp({ clientDir, cspExtra = {} }: WebOptions): Hono<AppEnv> {
  const web = new Hono<AppEnv>();
  const fallbackFile = path.join(clientDir, SPA_FALLBACK);

  if (!fs.existsSync(fallbackFile)) {
    web.get("*", (c) => c.text("A interface web ainda não foi compilada. Rode `npm run build`.", 503));
    return web;
  }

  const pages = new Map<string, Page>();
  // The checkout's pre-rendered choices are served for /checkout's query; their own paths redirect there.
  const checkoutVariants = new Map<string, Page>();
  for (const file of findHtmlFiles(clientDir)) {
    if (path.basename(file) === SPA_FALLBACK) continue;
    const route = routeOf(clientDir, file);
    (CHECKOUT_VARIANT_PATHS.includes(route) ? checkoutVariants : pages).set(route, loadPage(file, cspExtra));
  }
  /** /checkout?plan=avancado&billing=monthly → the page pre-rendered with that choice. */
  const checkoutPage = (query: URLSearchParams) =>
    checkoutVariants.get(checkoutVariantPath(checkoutChoice(query))) ?? pages.get("/checkout");
  const spa = loadPage(fallbackFile, cspExtra);

  const sendPage = (c: Context<AppEnv>, page: Page, status: 200 | 404) => {
    c.header("Content-Security-Policy", page.csp);
    // HTML always revalidates so a deploy is picked up at once; assets below are immutable.
    c.header("Cache-Control", "no-cache");
    return c.html(page.html, status);
  };

  const root = path.relative(process.cwd(), clientDir);
  // File names under /assets carry a content hash: cache them for good.
  web.use("/assets/*", async (c, next) => {
    await next();
    if (c.res.ok) c.res.headers.set("Cache-Control", "public, max-age=31536000, immutable");
  });
  // Each file's .br and .gz were written by the build (scripts/precompress.mjs): sent as they are,
  // and the compression middleware leaves a response that already has a Content-Encoding alone.
  web.use("/assets/*", serveStatic({ root, precompressed: true }));

  const robots = robotsTxt();
  const sitemap = sitemapXml();
  web.get("/robots.txt", (c) => {
    c.header("Cache-Control", "public, max-age=3600");
    return c.text(robots);
  });
  web.get("/sitemap.xml", (c) => {
    c.header("Cache-Control", "public, max-age=3600");
    c.header("Content-Type", "application/xml; charset=utf-8");
    return c.body(sitemap);
  });

  web.get("*", async (c, next) => {
    const pathname = c.req.path;
    const redirect = canonicalConsolePath(pathname, new URL(c.req.url).search);
    if (redirect) return c.redirect(redirect, 301);

    const normalized = pathname.length > 1 ? pathname.replace(/\/$/, "") : pathname;
    const variant = checkoutVariants.has(normalized) ? checkoutChoiceOfVariant(normalized.split("/")[2] ?? "") : null;
    if (variant) return c.redirect(checkoutHref(variant), 301);
    const page = normalized === "/checkout" ? checkoutPage(new URL(c.req.url).searchParams) : pages.get(normalized);
    if (page) {
      c.header("Permissions-Policy", CONSOLE_PERMISSIONS_POLICY);
      return sendPage(c, page, 200);
    }
    if (CONSOLE_PATH.test(pathname)) {
      c.header("Permissions-Policy", CONSOLE_PERMISSIONS_POLICY);
      return sendPage(c, spa, 200);
    }
    if (KIOSK_PATH.test(pathname)) {
      c.header("Permissions-Policy", KIOSK_PERMISSIONS_POLICY);
      return sendPage(c, spa, 200);
    }
    return next();
  });

  // Other files of the build (favicon, images).
  web.use("*", serveStatic({ root, precompressed: true }));

  web.get("*", (c) => {
    c.get("logger").warn({ path: c.req.path }, "página não encontrada");
    return sendPage(c, spa, 404);
  });

  return web;
}
