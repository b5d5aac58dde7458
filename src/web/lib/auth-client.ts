import { organizationClient } from "better-auth/client/plugins";
import { createAuthClient } from "better-auth/react";

/** better-auth's browser client: the session lives in an HttpOnly cookie, never in localStorage. */
export const authClient = createAuthClient({
  basePath: "/api/auth",
  plugins: [organizationClient()],
});
