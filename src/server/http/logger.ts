import type { MiddlewareHandler } from "hono";
import { type Logger, pino } from "pino";
import type { AppEnv } from "./context";

export function createLogger(level: string): Logger {
  return pino({
    level,
    base: { service: "guarita" },
    // Credentials never reach the logs, whatever object gets logged.
    redact: ["req.headers.cookie", "req.headers.authorization", "*.password", "*.token"],
  });
}

/** One structured line per request, with its request id, on a child logger handlers can use. */
export function requestLogger(root: Logger): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    const started = performance.now();
    const log = root.child({ requestId: c.get("requestId") });
    c.set("logger", log);
    await next();
    const status = c.res.status;
    const line = {
      method: c.req.method,
      path: c.req.path,
      status,
      ms: Math.round((performance.now() - started) * 10) / 10,
    };
    if (status >= 500) log.error(line, "request");
    else if (c.req.path === "/api/health") log.debug(line, "request");
    else log.info(line, "request");
  };
}
