/**
 * Mounts better-auth under /api/auth. Around it: sign-in throttling per (e-mail, IP) and per IP,
 * the limits of the endpoints that send e-mail (auth-limits.ts), and pt-BR error messages in both
 * better-auth's shape ({code, message}) and ours ({error: {...}}).
 * The client IP reaches better-auth's limiter through the header client-ip.ts sets on every request.
 */
import { type Context, Hono } from "hono";
import { PASSWORD_RESET_REQUESTED_MESSAGE } from "../../shared/schemas/auth";
import { auditFailedSignIn, auditSignIn, auditSignOut } from "../audit/auth-audit";
import type { Executor } from "../db/client";
import type { AppEnv } from "../http/context";
import { validationError } from "../http/errors";
import type { Auth } from "./auth";
import { isExposedAuthEndpoint } from "./auth-endpoints";
import { AUTH_BODY_GUARDS, REDIRECT_URL_GUARD } from "./auth-guards";
import {
  hitMailLimit,
  limitKeys,
  RESET_MAILS_PER_ADDRESS,
  RESET_REQUESTS_PER_IP,
  VERIFICATION_MAILS_PER_USER,
} from "./auth-limits";
import {
  SIGN_IN_TO_RESEND_VERIFICATION,
  tooManyLoginFailures,
  tooManyResetRequests,
  tooManyVerificationMails,
  translateAuthError,
} from "./auth-messages";
import type { LoginAttempt, LoginThrottle } from "./login-throttle";
import type { SessionResolver } from "./session-resolver";

export interface AuthRoutesOptions {
  auth: Auth;
  throttle: LoginThrottle;
  /** Where the e-mail limits count (the app's database). */
  db: Executor;
  /** Told when a signed-in POST succeeded (sign-out, password change…), so this instance forgets it at once. */
  sessions: Pick<SessionResolver, "forget">;
}

/**
 * Every answer to a reset request takes at least this long, whatever happened behind it (an account
 * found, a token stored and an e-mail rendered, or nothing at all), so its timing does not tell
 * whether the address has an account either.
 */
export const RESET_REQUEST_MIN_MS = 300;

type ParsedBody = { ok: true; value: unknown } | { ok: false };

async function readJsonBody(request: Request): Promise<ParsedBody> {
  const text = await request.clone().text();
  if (text.trim() === "") return { ok: true, value: undefined };
  try {
    return { ok: true, value: JSON.parse(text) };
  } catch {
    return { ok: false };
  }
}

type FieldError = { path: string; message: string };

/** better-call reports zod issues as "[body.email] message; [body.password] message". */
export function parseValidationFields(message: string | undefined): FieldError[] {
  return [...(message ?? "").matchAll(/\[(?:body|query)\.?([^\]]*)\] ([^;]+)/g)].map((m) => ({
    path: m[1] || "(corpo)",
    message: m[2]!.trim(),
  }));
}

function errorResponse(
  status: number,
  code: string,
  message: string,
  requestId: string,
  extra: { headers?: Headers; fields?: FieldError[] } = {},
) {
  const out = new Headers(extra.headers);
  out.set("Content-Type", "application/json; charset=utf-8");
  out.delete("Content-Length");
  const fields = extra.fields?.length ? { fields: extra.fields } : {};
  // better-auth's client reads the top-level {code, message}; our API clients read `error`.
  return new Response(JSON.stringify({ code, message, error: { code, message, requestId, ...fields } }), {
    status,
    headers: out,
  });
}

/** On the password form, better-auth's INVALID_PASSWORD is about the current password, not a sign-in. */
export const CURRENT_PASSWORD_WRONG = "Senha atual incorreta.";

/**
 * Sign-in and password change answer with the session token in the JSON body (top level), and
 * get-session inside `session`, as well as in the HttpOnly cookie. The console never needs it there,
 * and page JavaScript that can read it is what HttpOnly exists to prevent, so it is removed (the
 * cookie is untouched).
 */
async function withoutSessionToken(response: Response): Promise<Response> {
  if (!response.headers.get("content-type")?.includes("application/json")) return response;
  const body = (await response
    .clone()
    .json()
    .catch(() => null)) as Record<string, unknown> | null;
  if (!body || typeof body !== "object") return response;
  const nested = body.session && typeof body.session === "object" ? (body.session as Record<string, unknown>) : null;
  if (!("token" in body) && !(nested && "token" in nested)) return response;
  const { token: _token, ...rest } = body;
  if (nested) {
    const { token: _nestedToken, ...session } = nested;
    rest.session = session;
  }
  const headers = new Headers(response.headers);
  headers.delete("Content-Length");
  return new Response(JSON.stringify(rest), { status: response.status, headers });
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

export function createAuthRoutes({ auth, throttle, db, sessions }: AuthRoutesOptions) {
  const routes = new Hono<AppEnv>();

  /** Sign-in, failed sign-in and sign-out in the tenant's audit trail (docs/product.md, "Auditoria"). */
  async function auditAuthOutcome(
    c: Context<AppEnv>,
    o: {
      response: Response;
      email: string | null;
      ending: { user: { id: string }; session: { activeOrganizationId?: string | null } } | null;
    },
  ) {
    const ip = c.get("clientIp") ?? null;
    if (o.email && o.response.ok) {
      const body = (await o.response
        .clone()
        .json()
        .catch(() => null)) as { user?: { id?: string } } | null;
      if (body?.user?.id) await auditSignIn(db, body.user.id, ip);
    } else if (o.email && o.response.status === 401) {
      await auditFailedSignIn(db, o.email, ip);
    } else if (o.ending && o.response.ok) {
      await auditSignOut(db, o.ending.user.id, o.ending.session.activeOrganizationId ?? null, ip);
    }
  }

  /** better-auth's answer when it succeeded (without session tokens); otherwise its error in pt-BR, in both shapes. */
  async function relay(c: Context<AppEnv>, response: Response): Promise<Response> {
    if (response.status < 400) return withoutSessionToken(response);
    const answer = (await response
      .clone()
      .json()
      .catch(() => null)) as { code?: string; message?: string } | null;
    const code = answer?.code ?? (response.status === 429 ? "TOO_MANY_REQUESTS" : "AUTH_ERROR");
    if (response.status >= 500) c.get("logger").error({ status: response.status, code }, "auth error");
    const fields = code === "VALIDATION_ERROR" ? parseValidationFields(answer?.message) : [];
    const endpoint = c.req.path.replace(/^\/api\/auth/, "");
    const message =
      fields.length === 1
        ? fields[0]!.message
        : endpoint === "/change-password" && code === "INVALID_PASSWORD"
          ? CURRENT_PASSWORD_WRONG
          : translateAuthError(response.status, code);
    return errorResponse(response.status, code, message, c.get("requestId"), {
      headers: response.headers,
      fields,
    });
  }

  /**
   * "Esqueceu a senha?". Per client IP, a 429 past the hourly limit (it says nothing about any
   * account). Per address, past its hourly limit the request is answered as usual and no e-mail
   * goes out: a 429 there would be a mail bomb's only feedback, and the owner of the address is
   * told to check the mailbox anyway. Every other outcome, account or not, is the same 200.
   */
  async function requestPasswordReset(c: Context<AppEnv>, email: string): Promise<Response> {
    const started = Date.now();
    const ip = c.get("clientIp");
    if (ip) {
      const perIp = await hitMailLimit(db, limitKeys.resetPerIp(ip), RESET_REQUESTS_PER_IP);
      if (!perIp.allowed) {
        const headers = new Headers({ "Retry-After": String(perIp.retryAfterSeconds) });
        const message = tooManyResetRequests(perIp.retryAfterSeconds);
        return errorResponse(429, "TOO_MANY_RESET_REQUESTS", message, c.get("requestId"), { headers });
      }
    }
    const perAddress = await hitMailLimit(db, limitKeys.resetPerAddress(email), RESET_MAILS_PER_ADDRESS);
    if (perAddress.allowed) {
      const response = await auth.handler(c.req.raw);
      // Failures here (a redirect target not allowed, a database outage) do not depend on the account.
      if (!response.ok) return relay(c, response);
    } else {
      c.get("logger").info("password reset e-mail not sent: the address reached its hourly limit");
    }
    await sleep(RESET_REQUEST_MIN_MS - (Date.now() - started));
    return c.json({ status: true, message: PASSWORD_RESET_REQUESTED_MESSAGE }, 200);
  }

  /**
   * Resending the confirmation e-mail is for the signed-in owner of the account only: better-auth
   * also sends it to any unverified address without a session, which would let anyone mail them.
   */
  async function refuseVerificationMail(c: Context<AppEnv>): Promise<Response | null> {
    const requestId = c.get("requestId");
    const session = await auth.api.getSession({ headers: c.req.raw.headers });
    if (!session) return errorResponse(401, "UNAUTHORIZED", SIGN_IN_TO_RESEND_VERIFICATION, requestId);
    const limit = await hitMailLimit(db, limitKeys.verificationPerUser(session.user.id), VERIFICATION_MAILS_PER_USER);
    if (limit.allowed) return null;
    const headers = new Headers({ "Retry-After": String(limit.retryAfterSeconds) });
    const message = tooManyVerificationMails(limit.retryAfterSeconds);
    return errorResponse(429, "TOO_MANY_VERIFICATION_EMAILS", message, requestId, { headers });
  }

  routes.on(["GET", "POST"], "/*", async (c) => {
    const requestId = c.get("requestId");
    const request = c.req.raw;

    const endpoint = c.req.path.replace(/^\/api\/auth/, "");
    if (!isExposedAuthEndpoint(c.req.method, endpoint)) {
      return errorResponse(404, "NOT_FOUND", "Rota da API não encontrada.", requestId);
    }
    let body: unknown;
    if (c.req.method === "POST") {
      const parsed = await readJsonBody(request);
      if (!parsed.ok) {
        return errorResponse(400, "BAD_REQUEST", "JSON malformado no corpo da requisição.", requestId);
      }
      body = parsed.value;
      const guard = AUTH_BODY_GUARDS[endpoint] ?? REDIRECT_URL_GUARD;
      const result = guard.safeParse(body ?? {});
      if (!result.success) {
        const error = validationError(result.error);
        return errorResponse(400, error.code, error.message, requestId, { fields: error.fields });
      }
    }

    if (c.req.method === "POST" && endpoint === "/request-password-reset") {
      return requestPasswordReset(c, (body as { email: string }).email);
    }
    if (c.req.method === "POST" && endpoint === "/send-verification-email") {
      const refusal = await refuseVerificationMail(c);
      if (refusal) return refusal;
    }

    const isSignIn = c.req.method === "POST" && endpoint === "/sign-in/email";
    const email = isSignIn ? (body as { email: string }).email : null;
    let attempt: LoginAttempt | null = null;
    if (email) {
      const admission = await throttle.admit(email, c.get("clientIp"));
      if (!admission.admitted) {
        const headers = new Headers({ "Retry-After": String(admission.retryAfterSeconds) });
        const message = tooManyLoginFailures(admission.retryAfterSeconds);
        return errorResponse(429, "TOO_MANY_LOGIN_FAILURES", message, requestId, { headers });
      }
      attempt = admission.attempt;
    }

    const isSignOut = c.req.method === "POST" && endpoint === "/sign-out";
    const ending = isSignOut ? await auth.api.getSession({ headers: request.headers }).catch(() => null) : null;

    const response = await auth.handler(request);
    // The database's NOTIFY reaches every instance; this one need not wait for it.
    if (c.req.method === "POST" && response.ok) await sessions.forget(request.headers);

    if (attempt) {
      const outcome = response.ok ? "success" : response.status === 401 ? "wrong-password" : "not-checked";
      await throttle.settle(attempt, outcome);
    }
    await auditAuthOutcome(c, { response, email, ending }).catch((error: unknown) =>
      c.get("logger").error({ err: error }, "auditoria de login falhou"),
    );
    return relay(c, response);
  });

  return routes;
}
