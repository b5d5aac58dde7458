import type { Config } from "@react-router/dev/config";
import { CHECKOUT_VARIANT_PATHS } from "./src/shared/plan-params";
import { PRERENDERED_PATHS } from "./src/shared/public-routes";

// The console is a client-side app; the public pages are pre-rendered to static HTML at build
// time and hydrated (docs/decisions/003-prerender-with-react-router.md). Hono serves both (src/server/http/web.ts).
export default {
  appDirectory: "src/web",
  buildDirectory: "build/web",
  ssr: false,
  // Each checkout choice is pre-rendered too, so its summary is in the HTML (docs/decisions/013).
  prerender: [...PRERENDERED_PATHS, ...CHECKOUT_VARIANT_PATHS],
} satisfies Config;
