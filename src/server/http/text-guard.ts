/**
 * Text PostgreSQL cannot store, refused at the door of the API: one middleware in front of every
 * `/api` route (better-auth's included) checks the query string, the path and every string (keys
 * too) of a JSON body.
 *
 * - NUL (U+0000): PostgreSQL `text` cannot hold it; today it would fail deep inside a query as a 500.
 * - Lone UTF-16 surrogates (`"\ud800"` in JSON): not Unicode text; the drivers would silently store
 *   U+FFFD instead of what was sent.
 *
 * Refused, not cleaned: neither character is ever typed in a form, so their presence means a broken
 * client or a probe, and silently altering a name or a document would store something the client
 * did not send. The 400 names the field like every other validation error.
 *
 * Long paths: no route takes more than a few ids, and better-auth keys its stored rate-limit rows
 * by path (a btree entry is capped at ~2.7 kB), so a path beyond MAX_PATH is a 414 here.
 *
 * Headers: better-auth stores `User-Agent`; Node's HTTP parser and the Fetch `Headers` class both
 * refuse NUL in a header value, and header values are bytes (never surrogates), so no header that
 * reaches us can carry either.
 */
import type { MiddlewareHandler } from "hono";
import type { AppEnv } from "./context";
import { AppError, badRequest, type FieldError } from "./errors";

const NUL_MESSAGE = "Caractere inválido (NUL) no campo";
const SURROGATE_MESSAGE = "Caractere Unicode inválido no campo";
/** Characters of an `/api` path (without the query string). */
export const MAX_PATH = 1024;
/** Enough to name the problem; a probe with thousands of bad fields gets the first ones. */
const MAX_REPORTED = 20;

/** Why a string cannot be stored, or null when it can. */
export function unstorableReason(text: string): string | null {
  if (text.includes("\u0000")) return NUL_MESSAGE;
  // With the `u` flag a valid surrogate pair is one code point; only a lone half is \p{Cs}.
  if (/\p{Cs}/u.test(text)) return SURROGATE_MESSAGE;
  return null;
}

/** A field name fit to print back: the bad characters themselves shown as U+FFFD. */
const printable = (name: string) => name.replaceAll("\u0000", "\uFFFD").replace(/\p{Cs}/gu, "\uFFFD");

/** Every unstorable string of a parsed JSON value, keys included. Iterative: no stack limit on depth. */
export function findUnstorableJson(value: unknown): FieldError[] {
  const found: FieldError[] = [];
  const stack: { value: unknown; path: string }[] = [{ value, path: "" }];
  while (stack.length > 0 && found.length < MAX_REPORTED) {
    const item = stack.pop()!;
    if (typeof item.value === "string") {
      const reason = unstorableReason(item.value);
      if (reason) found.push({ path: item.path || "(corpo)", message: reason });
    } else if (Array.isArray(item.value)) {
      item.value.forEach((v, i) => {
        stack.push({ value: v, path: item.path ? `${item.path}.${i}` : String(i) });
      });
    } else if (item.value && typeof item.value === "object") {
      for (const [key, v] of Object.entries(item.value)) {
        const path = item.path ? `${item.path}.${printable(key)}` : printable(key);
        const reason = unstorableReason(key);
        if (reason) found.push({ path, message: reason });
        stack.push({ value: v, path });
      }
    }
  }
  return found;
}

function findUnstorableUrl(url: URL): FieldError[] {
  const found: FieldError[] = [];
  for (const segment of url.pathname.split("/")) {
    let decoded: string;
    try {
      decoded = decodeURIComponent(segment);
    } catch {
      continue; // Malformed escapes never match a route parameter; the router answers those.
    }
    const reason = unstorableReason(decoded);
    if (reason) found.push({ path: "(caminho)", message: reason });
  }
  for (const [key, value] of url.searchParams) {
    const reason = unstorableReason(key) ?? unstorableReason(value);
    if (reason) found.push({ path: printable(key), message: reason });
  }
  return found;
}

const isJson = (contentType: string | undefined) =>
  !!contentType && /^application\/([\w.-]+\+)?json\b/i.test(contentType);

async function findUnstorableBody(request: Request): Promise<FieldError[]> {
  // GET and HEAD carry no body; asking would build @hono/node-server's full Request for nothing.
  if (request.method === "GET" || request.method === "HEAD") return [];
  if (!request.body || !isJson(request.headers.get("content-type") ?? undefined)) return [];
  // A clone: the route (or better-auth) still reads the original body.
  const text = await request.clone().text();
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    return []; // Malformed JSON gets its own 400 from the route.
  }
  return findUnstorableJson(parsed);
}

export function rejectUnstorableText(): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    const url = new URL(c.req.url);
    if (url.pathname.length > MAX_PATH) {
      throw new AppError(414, "URI_TOO_LONG", "Endereço da requisição longo demais.");
    }
    const found = [...findUnstorableUrl(url), ...(await findUnstorableBody(c.req.raw))].slice(0, MAX_REPORTED);
    if (found.length > 0) {
      const first = found[0]!;
      throw badRequest(`${first.message} "${first.path}".`, found);
    }
    await next();
  };
}
