import { randomBytes } from "node:crypto";
import fs from "node:fs";
import path from "node:path";

/**
 * BETTER_AUTH_SECRET when set; otherwise a random secret created once and kept in DATA_DIR, so a
 * fresh clone works and sessions survive restarts. Several instances must share BETTER_AUTH_SECRET.
 */
export function resolveAuthSecret(
  configured: string | undefined,
  dataDir: string,
): { secret: string; generated: boolean } {
  if (configured) return { secret: configured, generated: false };
  const file = path.join(dataDir, "auth-secret");
  if (fs.existsSync(file)) return { secret: fs.readFileSync(file, "utf8").trim(), generated: true };
  fs.mkdirSync(dataDir, { recursive: true });
  const secret = randomBytes(32).toString("base64url");
  try {
    // "wx": of two processes starting at once, one writes the file and both use what it wrote.
    fs.writeFileSync(file, secret, { mode: 0o600, flag: "wx" });
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== "EEXIST") throw error;
    return { secret: fs.readFileSync(file, "utf8").trim(), generated: true };
  }
  return { secret, generated: true };
}
