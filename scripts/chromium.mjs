// Finds a Chromium for the e2e tests: CHROMIUM_PATH, the system package, or Playwright's cache.
// When none exists, installs one (apt-get as root, else Playwright's installer) and says so.
import { execFileSync } from "node:child_process";
import { existsSync, readdirSync } from "node:fs";
import os from "node:os";
import path from "node:path";

function fromPlaywrightCache() {
  const cache = process.env.PLAYWRIGHT_BROWSERS_PATH ?? path.join(os.homedir(), ".cache", "ms-playwright");
  if (!existsSync(cache)) return null;
  for (const dir of readdirSync(cache)
    .filter((d) => d.startsWith("chromium"))
    .sort()
    .reverse()) {
    for (const rel of [
      "chrome-linux/chrome",
      "chrome-linux64/chrome",
      "chrome-headless-shell-linux64/chrome-headless-shell",
    ]) {
      const candidate = path.join(cache, dir, rel);
      if (existsSync(candidate)) return candidate;
    }
  }
  return null;
}

export function findChromium() {
  const candidates = [
    process.env.CHROMIUM_PATH,
    "/usr/bin/chromium",
    "/usr/bin/chromium-browser",
    "/usr/bin/google-chrome",
  ];
  return candidates.find((c) => c && existsSync(c)) ?? fromPlaywrightCache();
}

export function ensureChromium() {
  const found = findChromium();
  if (found) return found;
  const isRoot = typeof process.getuid === "function" && process.getuid() === 0;
  try {
    if (isRoot) {
      console.info("Chromium não encontrado: instalando com `apt-get install -y chromium`...");
      execFileSync("apt-get", ["update"], { stdio: "inherit" });
      execFileSync("apt-get", ["install", "-y", "chromium"], { stdio: "inherit" });
    } else {
      console.info("Chromium não encontrado: instalando com `npx playwright install chromium`...");
      execFileSync("npx", ["playwright", "install", "chromium"], { stdio: "inherit" });
    }
  } catch {
    // Reported below with the manual instructions.
  }
  const installed = findChromium();
  if (!installed) {
    throw new Error(
      "Chromium não encontrado e a instalação automática falhou. Instale com `sudo apt-get install -y chromium` " +
        "(ou `npx playwright install chromium`) ou aponte CHROMIUM_PATH para o executável.",
    );
  }
  console.info(`Chromium instalado em ${installed}`);
  return installed;
}
