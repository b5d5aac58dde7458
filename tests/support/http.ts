/** Calls the in-process app like a browser would: JSON, same-origin header, session cookie. */
import type { System } from "@/server/bootstrap";
import { TEST_ORIGIN } from "./system";

export interface CallOptions {
  cookie?: string;
  json?: unknown;
  /** Raw body, for malformed-input tests. */
  body?: string;
  /** A multipart body (file uploads); the request sets its Content-Type with the boundary. */
  form?: FormData;
  /** Raw bytes (a photo upload); give the Content-Type in `headers`. */
  bytes?: Uint8Array;
  headers?: Record<string, string>;
  ip?: string;
  /** The address the app is opened on (default http://localhost:3000); also the Origin sent. */
  baseUrl?: string;
}

export interface CallResult<T = any> {
  status: number;
  body: T;
  headers: Headers;
}

export function client(system: System, defaults: CallOptions = {}) {
  async function call<T = any>(method: string, path: string, options: CallOptions = {}): Promise<CallResult<T>> {
    // Headers add up: a call's own headers join the client's (an API key stays on an Idempotency-Key call).
    const opts = { ...defaults, ...options, headers: { ...defaults.headers, ...options.headers } };
    const base = opts.baseUrl ?? TEST_ORIGIN;
    const headers: Record<string, string> = { origin: base, accept: "application/json", ...opts.headers };
    if (opts.cookie) headers.cookie = opts.cookie;
    if (opts.ip) headers["x-forwarded-for"] = opts.ip;
    let body: string | FormData | Uint8Array | undefined = opts.form ?? opts.bytes ?? opts.body;
    if (opts.json !== undefined) body = JSON.stringify(opts.json);
    if (typeof body === "string" && !headers["content-type"]) headers["content-type"] = "application/json";
    const response = await system.app.request(`${base}${path}`, { method, headers, body: body as BodyInit });
    if (response.headers.get("content-type")?.startsWith("image/")) {
      // Images come back as their bytes (a Buffer), for the tests to decode.
      return {
        status: response.status,
        body: Buffer.from(await response.arrayBuffer()) as T,
        headers: response.headers,
      };
    }
    const text = await response.text();
    let parsed: unknown = text;
    try {
      parsed = text ? JSON.parse(text) : null;
    } catch {
      // Not JSON (HTML pages): keep the text.
    }
    return { status: response.status, body: parsed as T, headers: response.headers };
  }
  return {
    get: <T = any>(path: string, o?: CallOptions) => call<T>("GET", path, o),
    post: <T = any>(path: string, o?: CallOptions) => call<T>("POST", path, o),
    put: <T = any>(path: string, o?: CallOptions) => call<T>("PUT", path, o),
    patch: <T = any>(path: string, o?: CallOptions) => call<T>("PATCH", path, o),
    delete: <T = any>(path: string, o?: CallOptions) => call<T>("DELETE", path, o),
  };
}

/** `name=value` pairs of every Set-Cookie, ready for a Cookie header. */
export function cookieFrom(headers: Headers): string {
  return headers
    .getSetCookie()
    .map((c) => c.split(";")[0])
    .join("; ");
}
