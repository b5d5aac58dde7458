/**
 * Errors that mean "the database server cannot be reached right now" (a restart, a failover, a
 * dropped network, a full pool that timed out), as opposed to a bug or bad input. The HTTP layer
 * answers them with 503 and Retry-After, never 500 (http/errors.ts).
 */

/** Socket-level failures of the driver (Node's errno codes). */
const SOCKET_CODES = new Set([
  "ECONNREFUSED",
  "ECONNRESET",
  "ETIMEDOUT",
  "EPIPE",
  "EHOSTUNREACH",
  "ENETUNREACH",
  "EAI_AGAIN",
]);

/**
 * PostgreSQL SQLSTATEs: 57P01 admin shutdown ("terminating connection due to administrator
 * command"), 57P02 crash shutdown, 57P03 cannot connect now (starting up), 53300 too many
 * connections (the server is full: several instances' pools, or an admin session), and class 08
 * (connection exception).
 */
const SERVER_CODES = new Set(["57P01", "57P02", "57P03", "53300"]);

/** node-postgres and pg-pool report these without a code. */
const DRIVER_MESSAGES = [
  "Connection terminated",
  "timeout exceeded when trying to connect",
  "Client has encountered a connection error and is not queryable",
];

function matches(error: unknown): boolean {
  if (!error || typeof error !== "object") return false;
  const { code, message } = error as { code?: unknown; message?: unknown };
  if (typeof code === "string" && (SOCKET_CODES.has(code) || SERVER_CODES.has(code) || /^08[0-9A-Z]{3}$/.test(code)))
    return true;
  return typeof message === "string" && DRIVER_MESSAGES.some((m) => message.startsWith(m));
}

/** True when `error`, or one of its causes (Drizzle wraps driver errors), is a connection failure. */
export function isDatabaseUnavailable(error: unknown): boolean {
  const seen = new Set<unknown>();
  for (let e: unknown = error; e && !seen.has(e); e = (e as { cause?: unknown }).cause) {
    seen.add(e);
    if (matches(e)) return true;
    // Node reports a refused dual-stack connect as an AggregateError of one error per address.
    if (e instanceof AggregateError && e.errors.some(matches)) return true;
  }
  return false;
}
