// Bundles the server into build/server/main.js (dependencies stay in node_modules) and copies the
// SQL migrations next to it, where src/server/db/migrate.ts looks for them.
import { cpSync, rmSync } from "node:fs";
import { build } from "esbuild";

rmSync("build/server", { recursive: true, force: true });
await build({
  entryPoints: ["src/server/main.ts"],
  outfile: "build/server/main.js",
  bundle: true,
  platform: "node",
  target: "node20",
  format: "esm",
  packages: "external",
  sourcemap: true,
  logLevel: "warning",
});
cpSync("src/server/db/migrations", "build/server/migrations", { recursive: true });
console.info("build/server pronto");
