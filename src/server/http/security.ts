import type { MiddlewareHandler } from "hono";
import { secureHeaders } from "hono/secure-headers";

/** Responses that set no policy of their own (the API's JSON) get the strictest one. */
const DEFAULT_CSP = "default-src 'none'; frame-ancestors 'none'; base-uri 'none'; form-action 'none'";

/** Third-party origins Stripe.js needs in Stripe mode (https://docs.stripe.com/security/guide#content-security-policy). */
export const STRIPE_CSP: CspExtra = {
  scriptSrc: ["https://js.stripe.com"],
  frameSrc: ["https://js.stripe.com", "https://hooks.stripe.com"],
  connectSrc: ["https://api.stripe.com"],
};

/**
 * Where the public forms go as plain HTML, without a script (docs/decisions/013): the contact form
 * to a WhatsApp chat, the career application to an e-mail draft.
 */
const PUBLIC_FORM_TARGETS = ["https://wa.me", "mailto:"];

/** Policy for HTML pages; `scriptHashes` allow exactly the inline scripts the build emitted. */
export interface CspExtra {
  scriptSrc?: string[];
  frameSrc?: string[];
  connectSrc?: string[];
}

export function pageCsp(scriptHashes: readonly string[], extra: CspExtra = {}) {
  const scripts = ["'self'", ...scriptHashes.map((h) => `'${h}'`), ...(extra.scriptSrc ?? [])];
  return [
    "default-src 'self'",
    `script-src ${scripts.join(" ")}`,
    // Radix and sonner position elements with inline style attributes.
    "style-src 'self' 'unsafe-inline'",
    "img-src 'self' data: blob: https:",
    "font-src 'self' data:",
    `connect-src ${["'self'", ...(extra.connectSrc ?? [])].join(" ")}`,
    `frame-src ${["'self'", ...(extra.frameSrc ?? [])].join(" ")}`,
    "object-src 'none'",
    "base-uri 'self'",
    `form-action 'self' ${PUBLIC_FORM_TARGETS.join(" ")}`,
    "frame-ancestors 'none'",
  ].join("; ");
}

export function securityHeaders(opts: { https: boolean }): MiddlewareHandler {
  const headers = secureHeaders({
    contentSecurityPolicy: undefined,
    crossOriginEmbedderPolicy: false,
    crossOriginResourcePolicy: "same-origin",
    xFrameOptions: "DENY",
    referrerPolicy: "strict-origin-when-cross-origin",
    strictTransportSecurity: opts.https ? "max-age=31536000; includeSubDomains" : false,
    permissionsPolicy: { camera: [], microphone: [], geolocation: [] },
  });
  return async (c, next) => {
    // A route may ask for a stricter Referrer-Policy (the residents' links: no-referrer, so the
    // token never leaves in a Referer); secureHeaders would overwrite it.
    // Likewise a page may need a feature the default Permissions-Policy denies (the gate's kiosk:
    // the microphone for speech recognition, the camera for the photo step).
    let routeReferrer: string | null = null;
    let routePermissions: string | null = null;
    await headers(c, async () => {
      await next();
      routeReferrer = c.res.headers.get("Referrer-Policy");
      routePermissions = c.res.headers.get("Permissions-Policy");
    });
    if (routeReferrer) c.res.headers.set("Referrer-Policy", routeReferrer);
    if (routePermissions) c.res.headers.set("Permissions-Policy", routePermissions);
    if (!c.res.headers.has("Content-Security-Policy")) c.res.headers.set("Content-Security-Policy", DEFAULT_CSP);
  };
}
