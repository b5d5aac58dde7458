/**
 * What a pass's QR Code carries (docs/decisions/023-passes-and-access-log.md): `GP1.<pass id>.<signature>`,
 * where the signature is an HMAC-SHA256 of the tenant and the pass under the server's secret. It can't be
 * forged without the secret, and it names its tenant: a token shown at another customer's gate fails the
 * signature there, before any row is read. Revoking the pass (not the token) is what stops it.
 */
import { createHmac, timingSafeEqual } from "node:crypto";

const PREFIX = "GP1";
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

function signature(secret: string, organizationId: string, passeId: string): Buffer {
  return createHmac("sha256", secret).update(`guarita:passe:v1:${organizationId}:${passeId}`).digest();
}

export function signPassToken(secret: string, organizationId: string, passeId: string): string {
  return `${PREFIX}.${passeId}.${signature(secret, organizationId, passeId).toString("base64url")}`;
}

/** The pass id a token names, without checking whose it is (the public page looks the tenant up). */
export function passIdOf(token: string): string | null {
  const [prefix, id, sig] = token.split(".");
  if (prefix !== PREFIX || !id || !sig || !UUID.test(id)) return null;
  return id;
}

/** The pass id when the token was signed for this tenant; null for anything else. */
export function verifyPassToken(secret: string, organizationId: string, token: string): string | null {
  const id = passIdOf(token);
  if (!id) return null;
  const given = Buffer.from(token.split(".")[2] ?? "", "base64url");
  const expected = signature(secret, organizationId, id);
  return given.length === expected.length && timingSafeEqual(given, expected) ? id : null;
}
