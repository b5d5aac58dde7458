/**
 * The better-auth endpoints Guarita exposes under /api/auth (docs/decisions/015). better-auth mounts
 * many more: the organization plugin's member and invitation administration, social sign-in,
 * account deletion, e-mail change. Those would let a síndico make someone an owner, a morador list
 * every member's e-mail, or anyone skip the product's rules, so they answer 404 and are left out of
 * the OpenAPI document. The team is managed through Guarita's own routes, with its rules.
 */
export const EXPOSED_AUTH_ENDPOINTS: Readonly<Record<"GET" | "POST", readonly string[]>> = {
  GET: ["/get-session", "/list-sessions"],
  POST: [
    "/sign-in/email",
    "/sign-out",
    "/change-password",
    "/update-user",
    "/revoke-session",
    "/revoke-other-sessions",
  ],
};

export function isExposedAuthEndpoint(method: string, endpoint: string): boolean {
  return (EXPOSED_AUTH_ENDPOINTS[method as "GET" | "POST"] ?? []).includes(endpoint);
}

type PathItem = Record<string, unknown>;

/** better-auth's OpenAPI document cut down to the exposed endpoints. */
export function exposedAuthPaths(paths: Record<string, PathItem> | undefined): Record<string, PathItem> {
  const out: Record<string, PathItem> = {};
  for (const [path, item] of Object.entries(paths ?? {})) {
    const kept = Object.fromEntries(
      Object.entries(item).filter(([method]) => isExposedAuthEndpoint(method.toUpperCase(), path)),
    );
    if (Object.keys(kept).length > 0) out[path] = kept;
  }
  return out;
}
