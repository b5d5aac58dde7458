import { createAuthClient } from "better-auth/react";

/**
 * better-auth's browser client: the session lives in an HttpOnly cookie, never in localStorage.
 * The browser only signs in, reads the session and signs out; tenants and roles come from our own
 * API (/api/me), so the organization plugin's client (about 2 KB gzipped) is not loaded here.
 */
export const authClient = createAuthClient({ basePath: "/api/auth" });
