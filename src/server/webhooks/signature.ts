/**
 * Webhook signatures, as Stripe does them: `Guarita-Signature: t=<unix seconds>,v1=<hex>`, where
 * the hex is HMAC-SHA256 with the subscription's secret over `"<t>.<raw body>"`. The timestamp is
 * signed too, so a captured delivery cannot be replayed later: receivers refuse a `t` older than
 * a few minutes.
 */
import { createHmac, randomBytes, timingSafeEqual } from "node:crypto";

export const WEBHOOK_SECRET_PREFIX = "whsec_";
/** How old a signature a receiver should accept, by default. */
export const SIGNATURE_TOLERANCE_S = 300;

export function newWebhookSecret(): string {
  return `${WEBHOOK_SECRET_PREFIX}${randomBytes(32).toString("base64url")}`;
}

/** The secret's first characters, shown in lists. */
export function secretPrefix(secret: string): string {
  return secret.slice(0, WEBHOOK_SECRET_PREFIX.length + 6);
}

function hmac(secret: string, timestamp: number, body: string): string {
  return createHmac("sha256", secret).update(`${timestamp}.${body}`).digest("hex");
}

export function signWebhook(secret: string, body: string, timestamp = Math.floor(Date.now() / 1000)): string {
  return `t=${timestamp},v1=${hmac(secret, timestamp, body)}`;
}

/**
 * What a receiver runs: true when one `v1` of the header matches and `t` is recent. During a
 * secret rotation a receiver may try both secrets.
 */
export function verifyWebhookSignature(
  secret: string,
  body: string,
  header: string | null | undefined,
  options: { toleranceS?: number; now?: number } = {},
): boolean {
  if (!header) return false;
  let timestamp: number | null = null;
  const signatures: string[] = [];
  for (const part of header.split(",")) {
    const [key, value] = part.trim().split("=", 2);
    if (key === "t" && value && /^\d+$/.test(value)) timestamp = Number(value);
    if (key === "v1" && value) signatures.push(value);
  }
  if (timestamp === null || signatures.length === 0) return false;
  const now = options.now ?? Math.floor(Date.now() / 1000);
  if (Math.abs(now - timestamp) > (options.toleranceS ?? SIGNATURE_TOLERANCE_S)) return false;
  const expected = Buffer.from(hmac(secret, timestamp, body), "hex");
  return signatures.some((s) => {
    const given = Buffer.from(s, "hex");
    return given.length === expected.length && timingSafeEqual(given, expected);
  });
}
