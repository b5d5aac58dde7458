// Turns the content-only public pages into plain HTML + CSS (docs/decisions/013). React Router
// pre-renders every public page with its hydration scripts; the pages marked by root.tsx with
// `<html data-static-page>` (landing, legal and company pages) keep their HTML, CSS, structured
// data, next-themes' theme script and React's own inline reveal scripts, and lose:
// - the `<link rel="modulepreload">` tags and React Router's `<script type="module">`;
// - React Router's inline context scripts (`window.__reactRouterContext…`) and its
//   scroll-restoration script, which only serve hydration.
// In their place goes one small module script, the site's enhancements (src/web/site/enhance),
// bundled here with a content hash. The build fails if a page still references other JavaScript.
import { createHash } from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import { build } from "esbuild";
import { prerenderedPages } from "./prerendered-pages.mjs";

const STATIC_MARKER = /<html[^>]*\bdata-static-page=""/;
const MODULEPRELOAD = /<link rel="modulepreload" href="[^"]+"\/>/g;
const INLINE_SCRIPT = /<script(?![^>]*\bsrc=)([^>]*)>([\s\S]*?)<\/script>/g;
const HYDRATION_ONLY = ["__reactRouter", "react-router-scroll-positions"];

/** Bundles the enhancement script into `assets/`; returns its public URL. */
export async function buildEnhancements(clientDir, entry = "src/web/site/enhance/main.ts") {
  const result = await build({
    entryPoints: [entry],
    bundle: true,
    minify: true,
    format: "esm",
    target: "es2020",
    write: false,
    logLevel: "warning",
    tsconfig: "tsconfig.json",
  });
  const code = result.outputFiles[0].contents;
  const hash = createHash("sha256").update(code).digest("base64url").slice(0, 10);
  const name = `assets/site-${hash}.js`;
  fs.writeFileSync(path.join(clientDir, name), code);
  return `/${name}`;
}

/** Rewrites one pre-rendered page; returns null when the page is not marked static. */
export function toStaticPage(html, enhancementsUrl) {
  if (!STATIC_MARKER.test(html)) return null;
  const out = html
    .replace(MODULEPRELOAD, "")
    .replace(INLINE_SCRIPT, (tag, attrs, body) => {
      if (/\btype="module"/.test(attrs)) return "";
      return HYDRATION_ONLY.some((marker) => body.includes(marker)) ? "" : tag;
    })
    .replace("</head>", `<script type="module" src="${enhancementsUrl}"></script></head>`);
  const leftover = [...out.matchAll(/["'(](\/assets\/[^"')]+\.js)/g)]
    .map((m) => m[1])
    .filter((u) => u !== enhancementsUrl);
  if (leftover.length > 0) throw new Error(`scripts de hidratação restantes: ${leftover.join(", ")}`);
  return out;
}

/** Applies toStaticPage to every pre-rendered page under `clientDir`; returns the routes changed. */
export async function staticPagesInBuild(clientDir) {
  const enhancementsUrl = await buildEnhancements(clientDir);
  const changed = [];
  for (const { file, route } of prerenderedPages(clientDir)) {
    const out = toStaticPage(fs.readFileSync(file, "utf8"), enhancementsUrl);
    if (out === null) continue;
    fs.writeFileSync(file, out);
    changed.push(route);
  }
  return changed;
}
