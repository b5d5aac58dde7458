/**
 * Radix on first use (docs/decisions/026): the console's menus, popovers, tooltips and phone sheet
 * download Radix when first hovered, focused or pressed. These helpers find that code among the
 * scripts a page loaded and hold its chunks back, to press a trigger before its code has arrived.
 */
import type { Page, Request } from "@playwright/test";

/**
 * Strings only Radix's popup code carries, whatever the bundler names its chunks: the focus scope,
 * the dismissable layer, the popper and the menu's roving focus.
 */
const RADIX_POPUP_MARKERS = [
  "focusScope.autoFocusOnMount",
  "dismissableLayer.pointerDownOutside",
  "data-radix-popper-content-wrapper",
  "RovingFocusGroup",
];

/** Records the scripts the page downloads; `radix()` lists those that hold Radix's popup code. */
export function watchScripts(page: Page) {
  const scripts: Promise<{ url: string; body: string }>[] = [];
  page.on("response", (response) => {
    if (response.request().resourceType() !== "script") return;
    scripts.push(
      response
        .text()
        .then((body) => ({ url: new URL(response.url()).pathname, body }))
        .catch(() => ({ url: response.url(), body: "" })),
    );
  });
  return {
    async radix(): Promise<string[]> {
      const all = await Promise.all(scripts);
      return all.filter(({ body }) => RADIX_POPUP_MARKERS.some((m) => body.includes(m))).map(({ url }) => url);
    },
  };
}

/** The lazy chunks of ui/radix/*.ts (Rollup names a chunk after its module). */
export const RADIX_CHUNK = {
  menu: /\/assets\/dropdown-menu-[\w-]+\.js$/,
  popover: /\/assets\/popover-[\w-]+\.js$/,
  tooltip: /\/assets\/tooltip-[\w-]+\.js$/,
  dialog: /\/assets\/dialog-[\w-]+\.js$/,
} as const;

/**
 * Holds back the responses of the scripts matching `chunk` until `release()`: their code "arrives
 * late", after whatever the test does meanwhile. `requested` resolves when the browser asks for it.
 * Routing disables the HTTP cache, so every navigation asks again.
 */
export async function holdChunk(page: Page, chunk: RegExp) {
  let release!: () => void;
  const released = new Promise<void>((resolve) => {
    release = resolve;
  });
  const requested: Promise<Request> = page.waitForRequest((request) => chunk.test(new URL(request.url()).pathname));
  requested.catch(() => undefined); // a test that does not wait for it must not fail when the page closes
  await page.route(
    (url) => chunk.test(url.pathname),
    async (route) => {
      await released;
      await route.continue();
    },
  );
  return { requested, release };
}
