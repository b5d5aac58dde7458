import type { Auth } from "./auth";

/**
 * Creates a login through better-auth's own adapter and password hasher, without going through
 * the HTTP sign-up (no session, no rate limit). Used by seeding and tests.
 */
export async function createUserWithPassword(
  auth: Auth,
  input: { email: string; name: string; password: string; image?: string | null },
) {
  const ctx = await auth.$context;
  const user = await ctx.internalAdapter.createUser(
    {
      email: input.email.toLowerCase(),
      name: input.name,
      emailVerified: true,
      image: input.image ?? null,
    },
    { method: "admin" },
  );
  await ctx.internalAdapter.linkAccount({
    userId: user.id,
    providerId: "credential",
    accountId: user.id,
    password: await ctx.password.hash(input.password),
  });
  return user;
}

/** Opens a better-auth session for a login whose password was just set; returns its Set-Cookie headers. */
export async function signInWithPassword(
  auth: Auth,
  email: string,
  password: string,
  requestHeaders: Headers,
): Promise<Headers> {
  const { headers } = await auth.api.signInEmail({
    body: { email, password },
    headers: requestHeaders,
    returnHeaders: true,
  });
  return headers;
}
