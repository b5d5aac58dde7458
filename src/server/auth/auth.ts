/**
 * better-auth: e-mail and password, cookie sessions stored in PostgreSQL, its rate limiter (also in
 * PostgreSQL, so every instance shares the counters) and the organization plugin (tenant + role).
 */
import { betterAuth } from "better-auth";
import { drizzleAdapter } from "better-auth/adapters/drizzle";
import { openAPI, organization } from "better-auth/plugins";
import { createAccessControl } from "better-auth/plugins/access";
import { adminAc, defaultStatements, memberAc, ownerAc } from "better-auth/plugins/organization/access";
import { asc, eq } from "drizzle-orm";
import type { Logger } from "pino";
import type { Database } from "../db/client";
import * as schema from "../db/schema";
import { CLIENT_IP_HEADER } from "../http/client-ip";
import type { OriginPolicy } from "../http/origin-policy";

// Tenant administration rights (members, invitations) map onto better-auth's built-in roles.
const ac = createAccessControl(defaultStatements);
const roles = {
  owner: ac.newRole(ownerAc.statements),
  sindico: ac.newRole(adminAc.statements),
  porteiro: ac.newRole(memberAc.statements),
  morador: ac.newRole(memberAc.statements),
};

export interface AuthOptions {
  db: Database;
  logger: Logger;
  secret: string;
  baseURL: string;
  /** The app's origin rule; better-auth's own origin check asks it too, so both always agree. */
  originPolicy: OriginPolicy;
  /** Sign-in attempts allowed per IP per minute by better-auth's limiter. */
  signInPerMinute?: number;
}

export function createAuth(options: AuthOptions) {
  const { db } = options;
  return betterAuth({
    appName: "Guarita",
    // better-auth's own messages go to our structured log, at debug level for routine ones.
    logger: {
      log: (level, message, ...args) => {
        const log = options.logger.child({ component: "better-auth" });
        if (level === "error") log.error({ args }, message);
        else log.debug({ args }, message);
      },
    },
    basePath: "/api/auth",
    baseURL: options.baseURL,
    secret: options.secret,
    // Per request: with PUBLIC_URL unset, the request's own origin (any address the app is opened on).
    trustedOrigins: (request) => options.originPolicy.allowedOrigins(request),
    database: drizzleAdapter(db, { provider: "pg", schema: { ...schema, rateLimit: schema.rateLimit } }),
    emailAndPassword: {
      enabled: true,
      minPasswordLength: 6,
      maxPasswordLength: 128,
      autoSignIn: true,
      // Accounts are created by checkout → /api/cadastro only, tied to a confirmed payment.
      disableSignUp: true,
    },
    session: {
      expiresIn: 60 * 60 * 24 * 7,
      updateAge: 60 * 60 * 24,
    },
    rateLimit: {
      enabled: true,
      storage: "database",
      modelName: "rateLimit",
      window: 60,
      max: 300,
      customRules: {
        "/sign-in/email": { window: 60, max: options.signInPerMinute ?? 10 },
        "/sign-up/email": { window: 60, max: 10 },
      },
    },
    advanced: {
      // better-auth skips its origin check under NODE_ENV=test; the API tests must see production's.
      disableOriginCheck: false,
      cookiePrefix: "guarita",
      // Only our own middleware writes this header, from the socket or a trusted proxy.
      ipAddress: { ipAddressHeaders: [CLIENT_IP_HEADER] },
      defaultCookieAttributes: { sameSite: "lax", httpOnly: true },
    },
    plugins: [
      // Feeds /api/openapi.json with the auth endpoints; our own page at /api/docs renders it.
      openAPI({ disableDefaultReference: true }),
      organization({
        ac,
        roles,
        creatorRole: "owner",
        // Tenants are created by the sign-up flow, not by arbitrary API calls.
        allowUserToCreateOrganization: false,
      }),
    ],
    databaseHooks: {
      session: {
        create: {
          // Every session starts inside the user's (first) tenant, so API calls are scoped at once.
          before: async (session) => {
            const [membership] = await db
              .select({ organizationId: schema.member.organizationId })
              .from(schema.member)
              .where(eq(schema.member.userId, session.userId))
              .orderBy(asc(schema.member.createdAt))
              .limit(1);
            return { data: { ...session, activeOrganizationId: membership?.organizationId ?? null } };
          },
        },
      },
    },
  });
}

export type Auth = ReturnType<typeof createAuth>;
