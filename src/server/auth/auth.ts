/**
 * better-auth: e-mail and password, cookie sessions stored in PostgreSQL, its rate limiter (also in
 * PostgreSQL, so every instance shares the counters) and the organization plugin (tenant + role).
 * Password reset and e-mail confirmation are better-auth's own flows; their e-mails go through our
 * outbox with links built from the configured public URL
 * (docs/decisions/016-password-reset-and-verification.md).
 */
import { betterAuth } from "better-auth";
import { drizzleAdapter } from "better-auth/adapters/drizzle";
import { createEmailVerificationToken } from "better-auth/api";
import { openAPI, organization } from "better-auth/plugins";
import { createAccessControl } from "better-auth/plugins/access";
import { adminAc, defaultStatements, memberAc, ownerAc } from "better-auth/plugins/organization/access";
import { and, asc, eq, like } from "drizzle-orm";
import type { Logger } from "pino";
import type { Database, Executor } from "../db/client";
import * as schema from "../db/schema";
import { CLIENT_IP_HEADER, IPV6_LIMIT_PREFIX } from "../http/client-ip";
import type { OriginPolicy } from "../http/origin-policy";
import { enqueueMail } from "../mail/outbox";
import { rateLimitStorage } from "./auth-limits";

// Tenant administration rights (members, invitations) map onto better-auth's built-in roles.
const ac = createAccessControl(defaultStatements);
const roles = {
  owner: ac.newRole(ownerAc.statements),
  sindico: ac.newRole(adminAc.statements),
  porteiro: ac.newRole(memberAc.statements),
  morador: ac.newRole(memberAc.statements),
};

/** Where the e-mailed links land: our pre-rendered pages (src/web/site). */
export const RESET_PASSWORD_PAGE = "/redefinir-senha";
/** The flag tells the page a confirmation succeeded; better-auth appends `&error=CODE` when it did not. */
export const VERIFY_EMAIL_CALLBACK = "/verificar-email?confirmado=1";
/** A reset link works once, for an hour. */
export const RESET_PASSWORD_TTL_SECONDS = 60 * 60;
/**
 * A confirmation link works for a day: it goes out when the account is created, and a day is also
 * how long an unverified Personalizado account holds its e-mail (modules/checkout/email-hold.ts).
 */
export const EMAIL_VERIFICATION_TTL_SECONDS = 24 * 60 * 60;

/**
 * The links in the e-mails, always on the configured public URL: never derived from the request's
 * Host header, which whoever asks for a reset controls (reset-link poisoning).
 */
export function authLinks(publicUrl: string) {
  const api = `${publicUrl.replace(/\/+$/, "")}/api/auth`;
  return {
    /** better-auth checks the token and redirects to our page with `?token=` (or `?error=INVALID_TOKEN`). */
    resetPassword: (token: string) =>
      `${api}/reset-password/${encodeURIComponent(token)}?callbackURL=${encodeURIComponent(RESET_PASSWORD_PAGE)}`,
    /** better-auth marks the e-mail verified and redirects to our page (with `&error=` when it could not). */
    verifyEmail: (token: string) =>
      `${api}/verify-email?token=${encodeURIComponent(token)}&callbackURL=${encodeURIComponent(VERIFY_EMAIL_CALLBACK)}`,
  };
}

/** Released accounts (email-hold.ts) carry an RFC 2606 `.invalid` address nobody can receive mail at. */
const isDeliverable = (email: string) => !email.toLowerCase().endsWith(".invalid");

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
  const links = authLinks(options.baseURL);
  const log = options.logger.child({ component: "auth-mail" });
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
      resetPasswordTokenExpiresIn: RESET_PASSWORD_TTL_SECONDS,
      // Whoever knew the old password (the reason for a reset, often) is signed out everywhere.
      revokeSessionsOnPasswordReset: true,
      /**
       * Called only for an existing account. Never throws: the answer must be the same whether or
       * not the address has an account, so a failure is logged, not shown. The token is
       * better-auth's; the link is built on the public URL (authLinks).
       */
      sendResetPassword: async ({ user, token }) => {
        if (!isDeliverable(user.email)) return;
        try {
          await enqueueMail(db, {
            to: user.email,
            template: "redefinir-senha",
            data: {
              nome: user.name,
              url: links.resetPassword(token),
              validadeMinutos: RESET_PASSWORD_TTL_SECONDS / 60,
            },
          });
        } catch (error) {
          log.error({ err: error, userId: user.id }, "password reset e-mail could not be enqueued");
        }
      },
      onPasswordReset: async ({ user }) => {
        // The links of earlier requests would set the password again: one reset ends them all.
        await db
          .delete(schema.verification)
          .where(and(like(schema.verification.identifier, "reset-password:%"), eq(schema.verification.value, user.id)));
        // The reset link reached this address's mailbox and was used: that proves the address as
        // much as the confirmation link does, and a verified account keeps its e-mail for good.
        await db
          .update(schema.user)
          .set({ emailVerified: true, updatedAt: new Date() })
          .where(and(eq(schema.user.id, user.id), eq(schema.user.email, user.email)));
      },
    },
    emailVerification: {
      expiresIn: EMAIL_VERIFICATION_TTL_SECONDS,
      // Resent by POST /send-verification-email (signed-in users only, auth.routes.ts); the first
      // one goes out with account creation (enqueueVerificationMail below).
      sendVerificationEmail: async ({ user, token }) => {
        await enqueueMail(db, {
          to: user.email,
          template: "verificar-email",
          data: {
            nome: user.name,
            url: links.verifyEmail(token),
            validadeMinutos: EMAIL_VERIFICATION_TTL_SECONDS / 60,
          },
        });
      },
    },
    session: {
      expiresIn: 60 * 60 * 24 * 7,
      updateAge: 60 * 60 * 24,
    },
    rateLimit: {
      enabled: true,
      // In PostgreSQL through our own upsert: better-auth's database storage prunes the whole
      // table, our hourly counters included (auth-limits.ts).
      customStorage: rateLimitStorage(db),
      window: 60,
      max: 300,
      customRules: {
        "/sign-in/email": { window: 60, max: options.signInPerMinute ?? 10 },
        "/sign-up/email": { window: 60, max: 10 },
        // A stolen session must not be able to guess the current password at the global rate.
        "/change-password": { window: 60, max: 10 },
        // Limited per address and per IP per hour by auth.routes.ts instead (auth-limits.ts): a
        // per-minute count here would spend the address's allowance on requests it then refuses.
        "/request-password-reset": false,
        // Reads the caller's own session, as /api/me does: at the global 300 a minute per IP it
        // locked every console behind one address (a remote-doorman central, a condominium's NAT)
        // out of the session. Still counted, so the limiter's database check answers 503 first
        // when PostgreSQL is away.
        "/get-session": { window: 60, max: 10_000 },
      },
    },
    advanced: {
      // better-auth skips its origin check under NODE_ENV=test; the API tests must see production's.
      disableOriginCheck: false,
      cookiePrefix: "guarita",
      // Only our own middleware writes this header, from the socket or a trusted proxy.
      // Its limiter counts an IPv6 client by the same /64 as ours (http/client-ip.ts ipLimitKey).
      ipAddress: { ipAddressHeaders: [CLIENT_IP_HEADER], ipv6Subnet: IPV6_LIMIT_PREFIX },
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

/**
 * The confirmation e-mail of a new account, enqueued with the caller's executor: inside account
 * creation's transaction it exists if and only if the account does. The token is better-auth's own
 * (a signed JWT bound to the user id and address), so GET /verify-email accepts it.
 */
export async function enqueueVerificationMail(
  executor: Executor,
  auth: Auth,
  user: { id: string; email: string; name: string },
): Promise<void> {
  const ctx = await auth.$context;
  const token = await createEmailVerificationToken(ctx.secret, user.email, undefined, EMAIL_VERIFICATION_TTL_SECONDS, {
    userId: user.id,
  });
  // The configured public URL (createAuth's baseURL), as for every other e-mailed link.
  const publicUrl = typeof ctx.options.baseURL === "string" ? ctx.options.baseURL : new URL(ctx.baseURL).origin;
  await enqueueMail(executor, {
    to: user.email,
    template: "verificar-email",
    data: {
      nome: user.name,
      url: authLinks(publicUrl).verifyEmail(token),
      validadeMinutos: EMAIL_VERIFICATION_TTL_SECONDS / 60,
    },
  });
}
