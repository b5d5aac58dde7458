import { getConnInfo } from "@hono/node-server/conninfo";
import type { Context } from "hono";
import type { AppEnv } from "./context";

/** The caller's IP: X-Forwarded-For only behind a trusted proxy, else the socket's address. */
export function clientIp(c: Context<AppEnv>, trustProxy: boolean): string | null {
  if (trustProxy) {
    const forwarded = c.req.header("x-forwarded-for")?.split(",")[0]?.trim();
    if (forwarded) return forwarded;
  }
  try {
    return getConnInfo(c as unknown as Context).remote.address ?? null;
  } catch {
    return null; // Not behind a Node socket (in-process test requests).
  }
}
