/**
 * Secrets Guarita must use later but never show again (a gate camera's password: docs/decisions/
 * 039-visitor-photos.md, "Gate cameras"), kept encrypted at rest: AES-256-GCM under a key derived
 * with HKDF-SHA256 from the server's secret (BETTER_AUTH_SECRET) and a purpose, so each purpose has
 * its own key and the auth secret itself never encrypts anything. The associated data binds a
 * ciphertext to its row (the gate's id): copied onto another row, it does not open.
 *
 * Sealed text: `v1.<iv>.<ciphertext>.<tag>`, each part base64url; a fresh 96-bit IV per seal.
 * Changing the server's secret makes what was sealed unreadable (`openSecret` returns null): the
 * secret has to be typed again, which the callers say in pt-BR.
 */
import { createCipheriv, createDecipheriv, hkdfSync, randomBytes } from "node:crypto";

const VERSION = "v1";
const IV_BYTES = 12;
const TAG_BYTES = 16;
const keys = new Map<string, Buffer>();

function keyFor(serverSecret: string, purpose: string): Buffer {
  const cacheKey = `${purpose}\u0000${serverSecret}`;
  let key = keys.get(cacheKey);
  if (!key) {
    key = Buffer.from(hkdfSync("sha256", serverSecret, "guarita:secret-box", `guarita:${purpose}:${VERSION}`, 32));
    keys.set(cacheKey, key);
  }
  return key;
}

/** Encrypts `plaintext` for `purpose`, bound to `boundTo` (the row's id). */
export function sealSecret(serverSecret: string, purpose: string, plaintext: string, boundTo: string): string {
  const iv = randomBytes(IV_BYTES);
  const cipher = createCipheriv("aes-256-gcm", keyFor(serverSecret, purpose), iv);
  cipher.setAAD(Buffer.from(boundTo, "utf8"));
  const ciphertext = Buffer.concat([cipher.update(plaintext, "utf8"), cipher.final()]);
  const tag = cipher.getAuthTag();
  return [VERSION, iv, ciphertext, tag].map((p) => (typeof p === "string" ? p : p.toString("base64url"))).join(".");
}

/**
 * The plaintext, or null when it cannot be opened: another server secret, another purpose or row,
 * or a tampered or malformed value. Never throws: the caller explains in its own words.
 */
export function openSecret(serverSecret: string, purpose: string, sealed: string, boundTo: string): string | null {
  const parts = sealed.split(".");
  if (parts.length !== 4 || parts[0] !== VERSION) return null;
  const [iv, ciphertext, tag] = parts.slice(1).map((p) => Buffer.from(p, "base64url")) as [Buffer, Buffer, Buffer];
  if (iv.length !== IV_BYTES || tag.length !== TAG_BYTES) return null;
  try {
    const decipher = createDecipheriv("aes-256-gcm", keyFor(serverSecret, purpose), iv, { authTagLength: TAG_BYTES });
    decipher.setAAD(Buffer.from(boundTo, "utf8"));
    decipher.setAuthTag(tag);
    return Buffer.concat([decipher.update(ciphertext), decipher.final()]).toString("utf8");
  } catch {
    return null;
  }
}
