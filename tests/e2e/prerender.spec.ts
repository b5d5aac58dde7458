/**
 * The public pages are pre-rendered (docs/decisions/003-prerender-with-react-router.md): a plain HTTP GET,
 * with no JavaScript at all, already returns each page's text and its search metadata. Then, in
 * the browser, the content-only pages run without React (scripts/static-pages.mjs), the React
 * pages hydrate after they have loaded (scripts/defer-hydration.mjs), without errors, and the
 * console is reached from the landing page.
 */
import type { APIRequestContext } from "@playwright/test";
import { COMPANY } from "../../src/shared/company";
import { ACCOUNT_PATHS, PRERENDERED_PATHS, STATIC_PUBLIC_PATHS } from "../../src/shared/public-routes";
import { expect, test } from "./fixtures";

const isStatic = (path: string) => (STATIC_PUBLIC_PATHS as readonly string[]).includes(path);
/** React pages whose hydration waits for the load event; the sign-in form needs JavaScript at once. */
const DEFERRED = PRERENDERED_PATHS.filter((p) => p !== "/login" && !isStatic(p));
/** The static pages and the landing page carry the site footer (docs/product.md, "Public site"). */
const WITH_FOOTER = ["/", "/privacidade", "/termos", "/lgpd", "/seguranca", "/sobre", "/carreiras", "/contato"];
const LEGAL_LINKS = ["/privacidade", "/termos", "/lgpd"];
const COMPANY_LINKS = ["/seguranca", "/sobre", "/carreiras", "/contato"];
/** Chunks that belong to the console only (its layout, query cache, realtime, screens); never on a public page. */
const CONSOLE_CHUNK = /\/assets\/(console|layout|query-client|realtime|dashboard)-[\w-]+\.js$/;

const decode = (text: string) =>
  text
    .replace(/&amp;/g, "&")
    .replace(/&quot;/g, '"')
    .replace(/&#x27;/g, "'")
    .replace(/&lt;/g, "<")
    .replace(/&gt;/g, ">");
const textOf = (html: string) =>
  decode(
    html
      .replace(/<[^>]+>/g, " ")
      .replace(/\s+/g, " ")
      .trim(),
  );

/** The few things the tests read out of the raw HTML, found with plain patterns (no DOM here). */
function parse(html: string) {
  const head = html.slice(0, html.indexOf("</head>"));
  const metaContent = (attr: "name" | "property", key: string) =>
    [...head.matchAll(new RegExp(`<meta ${attr}="${key}" content="([^"]*)"`, "g"))].map((m) => decode(m[1] ?? ""));
  return {
    lang: html.match(/<html[^>]*\blang="([^"]+)"/)?.[1],
    titles: [...head.matchAll(/<title>([\s\S]*?)<\/title>/g)].map((m) => decode(m[1] ?? "")),
    descriptions: metaContent("name", "description"),
    canonicals: [...head.matchAll(/<link rel="canonical" href="([^"]+)"/g)].map((m) => m[1]),
    og: (key: string) => metaContent("property", `og:${key}`),
    h1s: [...html.matchAll(/<h1\b[^>]*>([\s\S]*?)<\/h1>/g)].map((m) => textOf(m[1] ?? "")),
    hrefs: new Set([...html.matchAll(/<a\b[^>]*\bhref="([^"]+)"/g)].map((m) => m[1])),
    text: textOf(html.slice(html.indexOf("<body")).replace(/<script\b[\s\S]*?<\/script>/g, " ")),
  };
}

async function getPage(request: APIRequestContext, path: string) {
  const res = await request.get(path);
  expect(res.status(), path).toBe(200);
  expect(res.headers()["content-type"], path).toContain("text/html");
  return res.text();
}

const canonicalOf = (path: string) => new URL(path, COMPANY.siteUrl).toString();

test.describe("plain HTTP, no JavaScript", () => {
  for (const path of PRERENDERED_PATHS) {
    test(`${path} arrives as complete HTML with its own metadata`, async ({ request }) => {
      const page = parse(await getPage(request, path));
      expect(page.lang).toBe("pt-BR");

      expect(page.titles, "exactly one <title>").toHaveLength(1);
      const [title] = page.titles;
      expect(title?.trim()).not.toBe("");
      expect(page.descriptions, "exactly one meta description").toHaveLength(1);
      expect(page.descriptions[0]?.trim()).not.toBe("");

      expect(page.canonicals).toEqual([canonicalOf(path)]);
      expect(page.og("title")).toEqual([title]);
      expect(page.og("description")).toEqual(page.descriptions);
      expect(page.og("url")).toEqual([canonicalOf(path)]);
      expect(page.og("type")).toEqual(["website"]);
      expect(page.og("locale")).toEqual(["pt_BR"]);
      expect(page.og("site_name")).toEqual([COMPANY.name]);

      expect(page.h1s, "exactly one <h1>").toHaveLength(1);
      expect(page.h1s[0]).not.toBe("");
      expect(page.text).toContain(page.h1s[0]);
    });
  }

  test("titles and descriptions are unique across the public pages", async ({ request }) => {
    const pages = await Promise.all(PRERENDERED_PATHS.map(async (path) => parse(await getPage(request, path))));
    const titles = pages.map((p) => p.titles[0]);
    const descriptions = pages.map((p) => p.descriptions[0]);
    expect(new Set(titles).size, titles.join(" / ")).toBe(PRERENDERED_PATHS.length);
    expect(new Set(descriptions).size).toBe(PRERENDERED_PATHS.length);
  });

  test("the landing page holds the tagline in its <h1> and links to all seven pages", async ({ request }) => {
    const page = parse(await getPage(request, "/"));
    expect(page.h1s[0]).toContain(COMPANY.tagline);
    expect(page.titles[0]).toContain(COMPANY.tagline);
    for (const href of [...COMPANY_LINKS, ...LEGAL_LINKS]) expect(page.hrefs, href).toContain(href);
  });

  for (const path of WITH_FOOTER) {
    test(`${path} links home and to the privacy, terms and LGPD pages`, async ({ request }) => {
      const page = parse(await getPage(request, path));
      expect(page.hrefs).toContain("/");
      for (const href of LEGAL_LINKS) expect(page.hrefs, href).toContain(href);
    });
  }

  test("no JavaScript on the critical path: hydration scripts wait for the page to load", async ({ request }) => {
    for (const path of DEFERRED) {
      const html = await getPage(request, path);
      expect(html, path).not.toContain('rel="modulepreload"');
      expect(html, path).not.toMatch(/<script[^>]*type="module"/);
      expect(html, path).not.toMatch(/<script[^>]*\bsrc=/);
      expect(html, path).toContain('type="text/x-deferred-module"');
    }
  });

  test("content-only pages carry no React: one small enhancement module and no hydration scripts", async ({
    request,
  }) => {
    for (const path of STATIC_PUBLIC_PATHS) {
      const html = await getPage(request, path);
      expect(html, path).toMatch(/<html[^>]*data-static-page=""/);
      expect(html, path).not.toContain('rel="modulepreload"');
      expect(html, path).not.toContain("__reactRouter");
      expect(html, path).not.toContain("x-deferred-module");
      const modules = [...html.matchAll(/<script[^>]*type="module"[^>]*>/g)].map((m) => m[0]);
      expect(modules, path).toEqual([expect.stringMatching(/src="\/assets\/site-[\w-]+\.js"/)]);
    }
  });

  test("the checkout's HTML already shows the plan and cycle of its query", async ({ request }) => {
    const cases = [
      { query: "", plan: "Essencial", total: "R$ 359,00" },
      { query: "?plan=avancado&billing=yearly", plan: "Avançado", total: "R$ 1.149,00" },
      { query: "?plan=avancado&billing=monthly", plan: "Avançado", total: "R$ 1.290,00" },
      { query: "?plan=personalizado&billing=yearly", plan: "Personalizado", total: "Sob consulta" },
      { query: "?plan=ouro&billing=semanal", plan: "Essencial", total: "R$ 359,00" },
    ];
    for (const { query, plan, total } of cases) {
      const page = parse(await getPage(request, `/checkout${query}`));
      expect(page.text, query).toContain(`Plano ${plan}`);
      expect(page.text, query).toContain(total);
      expect(page.canonicals, query).toEqual([canonicalOf("/checkout")]);
    }
    // The pre-rendered choices are reached through the query: their own paths redirect there.
    const variant = await request.get("/checkout/avancado-monthly", { maxRedirects: 0 });
    expect(variant.status()).toBe(301);
    expect(variant.headers().location).toBe("/checkout?plan=avancado&billing=monthly");
  });

  test("robots.txt lets crawlers in, keeps them out of the console and the API, and names the sitemap", async ({
    request,
  }) => {
    const res = await request.get("/robots.txt");
    expect(res.status()).toBe(200);
    const body = await res.text();
    expect(body).toMatch(/^User-agent: \*$/m);
    expect(body).toMatch(/^Disallow: \/app$/m);
    expect(body).toMatch(/^Disallow: \/api$/m);
    expect(body).toContain(`Sitemap: ${canonicalOf("/sitemap.xml")}`);
  });

  test("sitemap.xml lists the public pages at their canonical URLs, not sign-in or sign-up", async ({ request }) => {
    const res = await request.get("/sitemap.xml");
    expect(res.status()).toBe(200);
    expect(res.headers()["content-type"]).toContain("xml");
    const locs = [...(await res.text()).matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => m[1]);
    const expected = PRERENDERED_PATHS.filter((p) => !ACCOUNT_PATHS.includes(p)).map(canonicalOf);
    expect(locs).toEqual(expected);
    for (const loc of locs) {
      const path = new URL(loc ?? "").pathname;
      expect(parse(await getPage(request, path)).canonicals).toEqual([loc]);
    }
  });

  test("an unknown path answers 404, still in Portuguese", async ({ request }) => {
    const res = await request.get("/pagina-que-nao-existe");
    expect(res.status()).toBe(404);
    expect(parse(await res.text()).lang).toBe("pt-BR");
  });
});

test.describe("in the browser", () => {
  for (const path of PRERENDERED_PATHS) {
    const ready = isStatic(path) ? "html[data-enhanced]" : "html[data-hydrated]";
    test(`${path} ${isStatic(path) ? "runs its enhancements" : "hydrates"} without errors`, async ({ page }) => {
      await page.goto(path);
      await expect(page.locator(ready)).toBeAttached();
      await expect(page.locator("h1")).toHaveCount(1);
    });
  }

  test("the React pages load no JavaScript before the load event, and never the console's code", async ({ page }) => {
    await page.goto("/checkout");
    await expect(page.locator("html[data-hydrated]")).toBeAttached();
    const scripts = await page.evaluate(() => {
      const nav = performance.getEntriesByType("navigation")[0] as PerformanceNavigationTiming;
      return performance
        .getEntriesByType("resource")
        .filter((entry) => entry.name.endsWith(".js"))
        .map((entry) => ({ url: new URL(entry.name).pathname, beforeLoad: entry.startTime < nav.loadEventStart }));
    });
    expect(scripts.length, "the page hydrated with its scripts").toBeGreaterThan(0);
    expect(scripts.filter((s) => s.beforeLoad)).toEqual([]);
    expect(scripts.filter((s) => CONSOLE_CHUNK.test(s.url))).toEqual([]);
  });

  test("the landing page never loads React or the console's code", async ({ page }) => {
    await page.goto("/");
    await page.waitForLoadState("networkidle");
    const scripts = await page.evaluate(() =>
      performance
        .getEntriesByType("resource")
        .filter((entry) => entry.name.endsWith(".js"))
        .map((entry) => new URL(entry.name).pathname),
    );
    expect(scripts).toEqual([expect.stringMatching(/^\/assets\/site-[\w-]+\.js$/)]);
  });

  test("a press on the React checkout before hydration is not lost: it is replayed once React is ready", async ({
    page,
  }) => {
    // The loader is an inline script at the end of the body: once the document is parsed it is
    // listening, and hydration itself waits for `load` and idle time, so this press comes before it.
    await page.goto("/checkout", { waitUntil: "domcontentloaded" });
    await page.getByLabel("Alternar tema").click();
    await page.getByRole("button", { name: "Escuro" }).click();
    await expect(page.locator("html")).toHaveClass(/\bdark\b/);
  });

  test("the landing page's 'Entrar' reaches the console", async ({ page, loginAs }) => {
    await loginAs("sindico");
    await page.goto("/");
    await page.getByRole("link", { name: "Entrar", exact: true }).first().click();
    await expect(page).toHaveURL(/\/app\/dashboard$/);
    await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
  });
});
