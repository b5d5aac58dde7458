// A fingerprint of everything the build reads. `npm start` rebuilds only when it changed.
import { createHash } from "node:crypto";
import { existsSync, readdirSync, readFileSync, statSync } from "node:fs";
import path from "node:path";

const INPUTS = ["src", "public", "package-lock.json", "vite.config.ts", "react-router.config.ts", "tsconfig.json"];
export const STAMP_FILE = "build/.stamp";

function files(entry) {
  if (!existsSync(entry)) return [];
  if (!statSync(entry).isDirectory()) return [entry];
  return readdirSync(entry, { withFileTypes: true })
    .filter((d) => !d.name.endsWith(".test.ts"))
    .flatMap((d) => files(path.join(entry, d.name)));
}

export function sourceFingerprint() {
  const hash = createHash("sha256");
  for (const file of INPUTS.flatMap(files).sort()) {
    hash.update(file);
    hash.update(readFileSync(file));
  }
  return hash.digest("hex");
}

export function buildIsCurrent() {
  return (
    existsSync(STAMP_FILE) &&
    existsSync("build/server/main.js") &&
    existsSync("build/web/client/__spa-fallback.html") &&
    readFileSync(STAMP_FILE, "utf8") === sourceFingerprint()
  );
}
