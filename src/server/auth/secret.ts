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
  fs.writeFileSync(file, secret, { mode: 0o600 });
  return { secret, generated: true };
}
