/**
 * Mounts better-auth under /api/auth. Around it: sign-in throttling per (e-mail, IP) and per IP,
 * and pt-BR error messages in both better-auth's shape ({code, message}) and ours ({error: {...}}).
 * The client IP reaches better-auth's limiter through the header client-ip.ts sets on every request.
 */
import { Hono } from "hono";
import type { AppEnv } from "../http/context";
import { validationError } from "../http/errors";
import type { Auth } from "./auth";
import { isExposedAuthEndpoint } from "./auth-endpoints";
import { AUTH_BODY_GUARDS, REDIRECT_URL_GUARD } from "./auth-guards";
import { tooManyLoginFailures, translateAuthError } from "./auth-messages";
import type { LoginAttempt, LoginThrottle } from "./login-throttle";

export interface AuthRoutesOptions {
  auth: Auth;
  throttle: LoginThrottle;
}

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

export function createAuthRoutes({ auth, throttle }: AuthRoutesOptions) {
  const routes = new Hono<AppEnv>();

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

    const response = await auth.handler(request);

    if (attempt) {
      const outcome = response.ok ? "success" : response.status === 401 ? "wrong-password" : "not-checked";
      await throttle.settle(attempt, outcome);
    }
    if (response.status < 400) return response;

    const answer = (await response
      .clone()
      .json()
      .catch(() => null)) as { code?: string; message?: string } | null;
    const code = answer?.code ?? (response.status === 429 ? "TOO_MANY_REQUESTS" : "AUTH_ERROR");
    if (response.status >= 500) c.get("logger").error({ status: response.status, code }, "auth error");
    const fields = code === "VALIDATION_ERROR" ? parseValidationFields(answer?.message) : [];
    const message = fields.length === 1 ? fields[0]!.message : translateAuthError(response.status, code);
    return errorResponse(response.status, code, message, requestId, { headers: response.headers, fields });
  });

  return routes;
}
