/**
 * The short-lived addresses photos are shown through (docs/decisions/039-visitor-photos.md):
 * `/api/fotos/<id>/<variante>?exp=<unix seconds>&sig=<HMAC>`. The signature binds the photo, the
 * rendition, the expiry and the reader (the signed-in user it was handed to), so an address copied
 * out of one console is refused in another session and after it expires; the route still checks the
 * session, the tenant and the reader's data scope. The expiry is rounded up to a window, so the
 * screens that re-read a detail within the window get the same address and the browser's cache.
 */
import { createHmac, timingSafeEqual } from "node:crypto";
import type { FotoVariante } from "../../../shared/schemas/fotos";

/** An address is valid for at least this long after it is handed out… */
export const FOTO_URL_MIN_TTL_S = 5 * 60;
/** …and is the same for every read within a window of this length. */
const WINDOW_S = 5 * 60;

function signature(secret: string, id: string, variante: FotoVariante, exp: number, reader: string): Buffer {
  return createHmac("sha256", secret).update(`guarita:foto:v1:${id}:${variante}:${exp}:${reader}`).digest();
}

export function fotoExpiry(now = Date.now()): number {
  const seconds = Math.floor(now / 1000);
  return (Math.floor(seconds / WINDOW_S) + 1) * WINDOW_S + FOTO_URL_MIN_TTL_S;
}

export function signFotoUrl(
  secret: string,
  id: string,
  variante: FotoVariante,
  reader: string,
  now = Date.now(),
): string {
  const exp = fotoExpiry(now);
  const sig = signature(secret, id, variante, exp, reader).toString("base64url");
  return `/api/fotos/${id}/${variante}?exp=${exp}&sig=${sig}`;
}

export type FotoUrlCheck = "ok" | "expirada" | "invalida";

export function checkFotoUrl(
  secret: string,
  id: string,
  variante: FotoVariante,
  reader: string,
  exp: number,
  sig: string,
  now = Date.now(),
): FotoUrlCheck {
  const given = Buffer.from(sig, "base64url");
  const expected = signature(secret, id, variante, exp, reader);
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return "invalida";
  return exp * 1000 < now ? "expirada" : "ok";
}
