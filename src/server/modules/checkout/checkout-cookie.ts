/**
 * The browser's link to its checkout: a signed, HttpOnly cookie holding the checkout session id.
 * Account creation reads it on the server, so the new account is tied to a payment the server
 * confirmed — never to a reference the page could forge in the query string.
 */
import type { Context } from "hono";
import { deleteCookie, getSignedCookie, setSignedCookie } from "hono/cookie";
import type { AppEnv } from "../../http/context";

const COOKIE = "guarita_checkout";
const MAX_AGE_SECONDS = 24 * 60 * 60;

export async function rememberCheckout(c: Context<AppEnv>, secret: string, checkoutId: string, secure: boolean) {
  await setSignedCookie(c, COOKIE, checkoutId, secret, {
    httpOnly: true,
    sameSite: "Lax",
    secure,
    path: "/api",
    maxAge: MAX_AGE_SECONDS,
  });
}

export async function currentCheckoutId(c: Context<AppEnv>, secret: string): Promise<string | null> {
  const value = await getSignedCookie(c, secret, COOKIE);
  return typeof value === "string" && value.length > 0 ? value : null;
}

export function forgetCheckout(c: Context<AppEnv>, secure: boolean) {
  deleteCookie(c, COOKIE, { path: "/api", secure });
}
