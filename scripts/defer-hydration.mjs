// Takes React Router's hydration scripts off the critical path of the pre-rendered public pages
// (docs/decisions/008-public-site-performance.md). The pre-rendered HTML is complete without
// JavaScript; React, React Router and the page's modules are fetched once the page has loaded
// (on the first idle moment after the `load` event) or at the visitor's first interaction,
// whichever comes first. The critical path then holds the HTML, the CSS and this small loader.
//
// The transform, per page:
// - removes the `<link rel="modulepreload">` tags (they would download every module at high
//   priority, competing with the CSS for a slow link);
// - turns React Router's inline `<script type="module">` (which imports the route modules and then
//   `entry.client`) into an inert `<script type="text/x-deferred-module">`, byte for byte;
// - adds the loader, which re-adds the preloads and runs a copy of that module script when it is
//   time. The copy has the same text, so the CSP hash the server computes for it still applies.
import fs from "node:fs";
import { prerenderedPages } from "./prerendered-pages.mjs";

const INERT_TYPE = "text/x-deferred-module";
const DEFERRED_ID = "hydration-module";
/** Fired by root.tsx once the hydrated tree has committed (and `data-hydrated` set on <html>). */
export const HYDRATED_EVENT = "guarita:hydrated";

const MODULEPRELOAD = /<link rel="modulepreload" href="([^"]+)"\/>/g;
const MODULE_SCRIPT = /<script type="module" async="">([\s\S]*?)<\/script>/;

/**
 * Runs in the browser, inline (serialised with Function#toString, so it must be self-contained).
 * A press on a control before hydration would be lost (React is not listening yet), so it is held
 * back and replayed once the page is hydrated: the pointer press (Radix menus, selects and tabs
 * open on pointerdown/mousedown) and the click (everything else; the click is cancelled meanwhile,
 * so a submit button cannot send its form natively). Links, text fields and the rest keep their
 * native behaviour.
 */
function hydrationLoader(preloads, scriptId, hydratedEvent) {
  var doc = document;
  var started = false;
  var control = 'button,[role="button"],[role="tab"],[role="switch"],[role="combobox"],[role="menuitem"]';
  var gesture = null;
  var triggers = ["keydown", "touchstart", "focusin"];
  function hydrated() {
    return doc.documentElement.hasAttribute("data-hydrated");
  }
  function start() {
    if (started) return;
    started = true;
    triggers.forEach((type) => {
      removeEventListener(type, start, true);
    });
    preloads.forEach((href) => {
      var link = doc.createElement("link");
      link.rel = "modulepreload";
      link.href = href;
      doc.head.appendChild(link);
    });
    var script = doc.createElement("script");
    script.type = "module";
    script.textContent = doc.getElementById(scriptId).textContent;
    doc.head.appendChild(script);
  }
  function early(event) {
    if (hydrated()) return;
    start();
    var target = event.target instanceof Element ? event.target.closest(control) : null;
    if (!target || target.closest("a[href]")) return;
    if (event.type === "pointerdown") {
      gesture = {
        target: target,
        click: false,
        pointer: {
          bubbles: true,
          cancelable: true,
          composed: true,
          button: event.button,
          buttons: event.buttons,
          pointerId: event.pointerId,
          pointerType: event.pointerType,
          isPrimary: event.isPrimary,
          clientX: event.clientX,
          clientY: event.clientY,
        },
      };
      return;
    }
    event.preventDefault();
    event.stopImmediatePropagation();
    if (gesture?.target === target) gesture.click = true;
    else gesture = { target: target, click: true, pointer: null };
  }
  triggers.forEach((type) => {
    addEventListener(type, start, { capture: true, passive: true });
  });
  addEventListener("pointerdown", early, true);
  addEventListener("click", early, true);
  addEventListener(hydratedEvent, () => {
    var held = gesture;
    gesture = null;
    if (!held?.target.isConnected) return;
    if (held.pointer) {
      held.target.dispatchEvent(new PointerEvent("pointerdown", held.pointer));
      held.target.dispatchEvent(new MouseEvent("mousedown", held.pointer));
    }
    if (held.click) held.target.click();
  });
  function whenIdle() {
    if (window.requestIdleCallback) requestIdleCallback(start, { timeout: 1500 });
    else setTimeout(start, 1);
  }
  if (doc.readyState === "complete") whenIdle();
  else addEventListener("load", whenIdle, { once: true });
}

/** Rewrites one pre-rendered page; returns null when the page has no hydration script to defer. */
export function deferHydration(html) {
  const script = html.match(MODULE_SCRIPT);
  if (!script) return null;
  const preloads = [...html.matchAll(MODULEPRELOAD)].map((m) => m[1]);
  // Indentation only costs bytes on every page; newlines stay, so the code means the same.
  const source = hydrationLoader.toString().replace(/\n\s+/g, "\n");
  const loader = `(${source})(${JSON.stringify(preloads)},${JSON.stringify(DEFERRED_ID)},${JSON.stringify(HYDRATED_EVENT)})`;
  const inert = `<script type="${INERT_TYPE}" id="${DEFERRED_ID}">${script[1]}</script><script>${loader}</script>`;
  return html.replace(MODULEPRELOAD, "").replace(script[0], () => inert);
}

/**
 * Applies deferHydration to every pre-rendered page under `clientDir` except `skip` (paths such
 * as "/login", whose content needs JavaScript at once). The SPA shell is left alone.
 */
export function deferHydrationInBuild(clientDir, { skip = [] } = {}) {
  const changed = [];
  for (const { file, route } of prerenderedPages(clientDir)) {
    if (skip.includes(route)) continue;
    const out = deferHydration(fs.readFileSync(file, "utf8"));
    if (out === null) throw new Error(`${file}: o script de hidratação do React Router não foi encontrado`);
    fs.writeFileSync(file, out);
    changed.push(route);
  }
  return changed;
}
