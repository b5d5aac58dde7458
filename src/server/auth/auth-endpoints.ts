/**
 * The better-auth endpoints Guarita exposes under /api/auth (docs/decisions/015 and 016). better-auth
 * mounts many more: the organization plugin's member and invitation administration, social sign-in,
 * account deletion, e-mail change. Those would let a síndico make someone an owner, a morador list
 * every member's e-mail, or anyone skip the product's rules, so they answer 404 and are left out of
 * the OpenAPI document. The team is managed through Guarita's own routes, with its rules.
 *
 * Not exposed on purpose: list-sessions (it hands every session's token to page JavaScript, which
 * the HttpOnly cookie exists to prevent) and revoke-session (it takes such a token); the profile's
 * own /api/perfil/sessoes lists and ends sessions by id instead.
 *
 * A segment written `:name` matches one non-empty path segment (the reset link's token).
 */
export const EXPOSED_AUTH_ENDPOINTS: Readonly<Record<"GET" | "POST", readonly string[]>> = {
  GET: [
    "/get-session",
    // The e-mailed links: the reset link checks its token and redirects to /redefinir-senha; the
    // confirmation link marks the address verified and redirects to /verificar-email.
    "/reset-password/:token",
    "/verify-email",
  ],
  POST: [
    "/sign-in/email",
    "/sign-out",
    "/change-password",
    "/update-user",
    "/revoke-other-sessions",
    "/request-password-reset",
    "/reset-password",
    "/send-verification-email",
  ],
};

const segments = (path: string) => path.split("/");

/** `{name}` (OpenAPI) and `:name` (better-auth) both mark a path parameter. */
const isParameter = (segment: string) => segment.startsWith(":") || /^\{[^/{}]+\}$/.test(segment);

function matches(template: string, path: string): boolean {
  const want = segments(template);
  const got = segments(path);
  if (want.length !== got.length) return false;
  return want.every((segment, i) => (isParameter(segment) ? got[i] !== "" : segment === got[i]));
}

export function isExposedAuthEndpoint(method: string, endpoint: string): boolean {
  return (EXPOSED_AUTH_ENDPOINTS[method as "GET" | "POST"] ?? []).some((template) => matches(template, endpoint));
}

/** Whether an OpenAPI path template ("/reset-password/{token}") is one of the exposed endpoints. */
function isExposedTemplate(method: string, path: string): boolean {
  const normalized = segments(path)
    .map((s) => (isParameter(s) ? ":" : s))
    .join("/");
  return (EXPOSED_AUTH_ENDPOINTS[method as "GET" | "POST"] ?? []).some(
    (template) =>
      segments(template)
        .map((s) => (isParameter(s) ? ":" : s))
        .join("/") === normalized,
  );
}

type PathItem = Record<string, unknown>;

/** better-auth's OpenAPI document cut down to the exposed endpoints. */
export function exposedAuthPaths(paths: Record<string, PathItem> | undefined): Record<string, PathItem> {
  const out: Record<string, PathItem> = {};
  for (const [path, item] of Object.entries(paths ?? {})) {
    const kept = Object.fromEntries(
      Object.entries(item).filter(([method]) => isExposedTemplate(method.toUpperCase(), path)),
    );
    if (Object.keys(kept).length > 0) out[path] = kept;
  }
  return out;
}
