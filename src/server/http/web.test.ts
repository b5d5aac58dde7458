import { createHash } from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import zlib from "node:zlib";
import { Hono } from "hono";
import { pino } from "pino";
import { beforeAll, describe, expect, it } from "vitest";
import { precompressBuild } from "../../../scripts/precompress.mjs";
import type { AppEnv } from "./context";
import { createWebApp, SITEMAP_PATHS } from "./web";

const INLINE = 'window.__ctx = {"route":"x"};';
let app: Hono<AppEnv>;

/** A script the size of a small chunk (about 900 bytes): under the runtime compression's 1 KB. */
const BIG_SCRIPT = Array.from({ length: 30 }, (_, i) => `export const rota${i} = "/app/tela-${i}";`).join("\n");

beforeAll(async () => {
  // A miniature build: two pre-rendered pages, the SPA shell and one hashed asset.
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "guarita-web-"));
  fs.mkdirSync(path.join(dir, "privacidade"));
  fs.mkdirSync(path.join(dir, "assets"));
  fs.writeFileSync(path.join(dir, "index.html"), `<html><body>Início<script>${INLINE}</script></body></html>`);
  fs.writeFileSync(path.join(dir, "privacidade", "index.html"), "<html><body>Política de Privacidade</body></html>");
  fs.writeFileSync(path.join(dir, "__spa-fallback.html"), "<html><body>shell</body></html>");
  // The checkout, pre-rendered once per choice (docs/decisions/013).
  fs.mkdirSync(path.join(dir, "checkout"));
  fs.writeFileSync(path.join(dir, "checkout", "index.html"), "<html><body>checkout padrão</body></html>");
  for (const variant of ["essencial-yearly", "avancado-monthly"]) {
    fs.mkdirSync(path.join(dir, "checkout", variant));
    fs.writeFileSync(
      path.join(dir, "checkout", variant, "index.html"),
      `<html><body>checkout ${variant}</body></html>`,
    );
  }
  fs.writeFileSync(path.join(dir, "assets", "app-123.js"), "console.info(1)");
  fs.writeFileSync(path.join(dir, "assets", "chunk-456.js"), BIG_SCRIPT);
  await precompressBuild(dir);
  app = new Hono<AppEnv>();
  app.use(async (c, next) => {
    c.set("logger", pino({ level: "silent" }));
    await next();
  });
  app.route("/", createWebApp({ clientDir: dir }));
});

describe("web app serving", () => {
  it("serves pre-rendered pages with a CSP that allows exactly their inline scripts", async () => {
    const res = await app.request("/");
    expect(res.status).toBe(200);
    expect(await res.text()).toContain("Início");
    const hash = createHash("sha256").update(INLINE).digest("base64");
    const csp = res.headers.get("content-security-policy") ?? "";
    expect(csp).toContain(`'sha256-${hash}'`);
    expect(csp).toContain("frame-ancestors 'none'");
    expect(csp).not.toContain("'unsafe-inline' 'self'");
  });

  it("lets the public forms reach WhatsApp and an e-mail draft without a script, and nothing else", async () => {
    const csp = (await app.request("/")).headers.get("content-security-policy") ?? "";
    expect(csp).toContain("form-action 'self' https://wa.me mailto:;");
  });

  it("answers /checkout with the page pre-rendered for the plan and cycle of its query", async () => {
    const cases = [
      ["/checkout?plan=avancado&billing=monthly", "checkout avancado-monthly"],
      ["/checkout?billing=monthly&plan=avancado&utm_source=x", "checkout avancado-monthly"],
      ["/checkout?plan=essencial&billing=yearly", "checkout essencial-yearly"],
      // Unknown values fall back to the defaults, as the page itself does.
      ["/checkout?plan=ouro&billing=semanal", "checkout essencial-yearly"],
      ["/checkout", "checkout essencial-yearly"],
    ] as const;
    for (const [url, body] of cases) {
      const res = await app.request(url);
      expect(res.status, url).toBe(200);
      expect(await res.text(), url).toContain(body);
    }
  });

  it("redirects a pre-rendered checkout choice's own path to its query URL", async () => {
    const res = await app.request("/checkout/avancado-monthly");
    expect(res.status).toBe(301);
    expect(res.headers.get("location")).toBe("/checkout?plan=avancado&billing=monthly");
  });

  it("serves nested pre-rendered pages with or without a trailing slash", async () => {
    for (const url of ["/privacidade", "/privacidade/"]) {
      const res = await app.request(url);
      expect(res.status).toBe(200);
      expect(await res.text()).toContain("Política de Privacidade");
    }
  });

  it("serves the console shell for console routes", async () => {
    for (const url of ["/app", "/app/dashboard", "/app/solicitacoes/123", "/app/pessoas/nova"]) {
      const res = await app.request(url);
      expect(res.status, url).toBe(200);
      expect(await res.text()).toContain("shell");
    }
  });

  it("serves the gate's kiosk and its pairing link as the client app, with the microphone and camera allowed there only", async () => {
    for (const url of ["/totem", "/totem/", "/totem/parear/abc_DEF-123"]) {
      const res = await app.request(url);
      expect(res.status, url).toBe(200);
      expect(await res.text()).toContain("shell");
      expect(res.headers.get("permissions-policy"), url).toContain("microphone=(self)");
      expect(res.headers.get("permissions-policy"), url).toContain("camera=(self)");
    }
    expect((await app.request("/totem/parear")).status).toBe(404);
    expect((await app.request("/totem/outra/coisa")).status).toBe(404);
    // The console may use the camera (photos, QR Codes), never the microphone.
    const console_ = (await app.request("/app/dashboard")).headers.get("permissions-policy");
    expect(console_).toContain("camera=(self)");
    expect(console_).toContain("microphone=()");
    // The site's pages too: a sign-in at /login continues into the console in the same document.
    const site = (await app.request("/")).headers.get("permissions-policy");
    expect(site).toContain("camera=(self)");
    expect(site).toContain("microphone=()");
  });

  it("redirects unprefixed console paths to /app, keeping path and query", async () => {
    const res = await app.request("/solicitacoes/nova?tipo=prestador");
    expect(res.status).toBe(301);
    expect(res.headers.get("location")).toBe("/app/solicitacoes/nova?tipo=prestador");
    expect((await app.request("/dashboard")).headers.get("location")).toBe("/app/dashboard");
  });

  it("answers unknown paths with status 404 and the app shell (which renders the not-found page)", async () => {
    for (const url of ["/nao-existe", "/app/xyz", "/privacidade/extra"]) {
      const res = await app.request(url);
      expect(res.status, url).toBe(404);
      expect(await res.text()).toContain("shell");
    }
  });

  it("serves hashed assets as immutable", async () => {
    const res = await app.request("/assets/app-123.js");
    expect(res.status).toBe(200);
    expect(res.headers.get("cache-control")).toContain("immutable");
  });

  it("sends the build's precompressed copy of an asset: brotli when the browser takes it, else gzip, else as is", async () => {
    const cases = [
      ["gzip, deflate, br, zstd", "br", zlib.brotliDecompressSync],
      ["gzip, deflate", "gzip", zlib.gunzipSync],
      ["", null, (body: Buffer) => body],
    ] as const;
    for (const [accept, encoding, decode] of cases) {
      const res = await app.request("/assets/chunk-456.js", { headers: accept ? { "Accept-Encoding": accept } : {} });
      expect(res.status, accept).toBe(200);
      expect(res.headers.get("content-encoding"), accept).toBe(encoding);
      expect(res.headers.get("content-type"), accept).toContain("javascript");
      expect(res.headers.get("cache-control"), accept).toContain("immutable");
      const body = Buffer.from(await res.arrayBuffer());
      expect(decode(body).toString(), accept).toBe(BIG_SCRIPT);
      if (encoding) {
        expect(res.headers.get("vary"), accept).toMatch(/accept-encoding/i);
        expect(body.length, accept).toBeLessThan(BIG_SCRIPT.length / 2);
      }
    }
  });

  it("sends a file as is when compressing it would not make it smaller", async () => {
    const res = await app.request("/assets/app-123.js", { headers: { "Accept-Encoding": "gzip, br" } });
    expect(res.headers.get("content-encoding")).toBeNull();
    expect(await res.text()).toBe("console.info(1)");
  });

  it("serves robots.txt: the site is crawlable, the console and the API are not, and it names the sitemap", async () => {
    const res = await app.request("/robots.txt");
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toContain("text/plain");
    const body = await res.text();
    expect(body).toMatch(/^User-agent: \*$/m);
    expect(body).toMatch(/^Disallow: \/app$/m);
    expect(body).toMatch(/^Disallow: \/api$/m);
    expect(body).toMatch(/^Sitemap: https:\/\/guarita\.app\/sitemap\.xml$/m);
  });

  it("serves sitemap.xml with the public pages at their canonical URLs, without sign-in and sign-up", async () => {
    const res = await app.request("/sitemap.xml");
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toContain("application/xml");
    const body = await res.text();
    const locs = [...body.matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => m[1]);
    expect(locs).toEqual(SITEMAP_PATHS.map((p) => `https://guarita.app${p === "/" ? "/" : p}`));
    expect(locs).toContain("https://guarita.app/");
    expect(locs).toContain("https://guarita.app/privacidade");
    for (const hidden of ["/login", "/create-account", "/index", "/app"]) {
      expect(locs).not.toContain(`https://guarita.app${hidden}`);
    }
  });
});
