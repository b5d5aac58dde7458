/**
 * The one origin rule (docs/decisions/010-origin-rule.md), used by our middleware and by
 * better-auth alike:
 * - PUBLIC_URL set: only its origin and TRUSTED_ORIGINS may call the API with unsafe methods.
 * - PUBLIC_URL unset: the app is opened on whatever address reaches it (localhost, 127.0.0.1, a LAN
 *   address), so a request whose Origin is its own scheme and Host is same-origin; TRUSTED_ORIGINS
 *   are allowed too.
 * An unsafe request without Origin passes only with `Sec-Fetch-Site: same-origin` (a browser that
 * omits Origin on a same-origin request); anything else (another site, curl without Origin) is 403.
 */
import type { MiddlewareHandler } from "hono";
import type { AppEnv } from "./context";
import { AppError } from "./errors";

export interface OriginPolicyOptions {
  /** Effective public URL (for links and cookies). */
  publicUrl: string;
  /** Whether PUBLIC_URL was configured; when not, same-origin is judged from each request's Host. */
  publicUrlExplicit: boolean;
  trustedOrigins: readonly string[];
}

export interface OriginPolicy {
  /** The origins allowed for this request (without one: the configured ones); better-auth asks this too. */
  allowedOrigins(request?: Request): string[];
  /** Whether an unsafe-method request may proceed. */
  allows(request: Request): boolean;
}

export const UNSAFE_METHODS: ReadonlySet<string> = new Set(["POST", "PUT", "PATCH", "DELETE"]);

/**
 * Unsafe routes that need no Origin, because no browser credential works on them: inbound
 * webhooks are signed by their sender (an HMAC header), and the integration API takes only an API
 * key in `Authorization`, which a browser never attaches on its own (so there is no CSRF to stop).
 * A PBX or a gate controller sends no Origin at all.
 */
const ORIGIN_FREE_PREFIXES = ["/api/webhooks/", "/api/v1/"];

const originOf = (url: string): string | null => {
  try {
    return new URL(url).origin;
  } catch {
    return null;
  }
};

export function createOriginPolicy(options: OriginPolicyOptions): OriginPolicy {
  const trusted = options.trustedOrigins.map(originOf).filter((o): o is string => !!o);
  const fixed = options.publicUrlExplicit ? [originOf(options.publicUrl)!, ...trusted] : null;

  // The server builds request.url from its own scheme and the Host header (@hono/node-server).
  const allowedOrigins = (request?: Request) =>
    fixed ?? (request ? [new URL(request.url).origin, ...trusted] : trusted);

  return {
    allowedOrigins,
    allows(request) {
      const origin = request.headers.get("origin");
      if (origin && origin !== "null") return allowedOrigins(request).includes(origin);
      return request.headers.get("sec-fetch-site") === "same-origin";
    },
  };
}

/** 403 for an unsafe method under /api from a disallowed origin, whatever its content type. */
export function originGuard(policy: OriginPolicy): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    if (!UNSAFE_METHODS.has(c.req.method) || ORIGIN_FREE_PREFIXES.some((p) => c.req.path.startsWith(p))) return next();
    if (!policy.allows(c.req.raw)) {
      throw new AppError(403, "INVALID_ORIGIN", "Origem da requisição não permitida.");
    }
    return next();
  };
}
