/**
 * Periodic work of an app instance: request expiry every 30 s (so "within a minute" holds) and
 * hourly housekeeping. Every job is safe to run on all instances at once.
 */
import type { Logger } from "pino";
import type { LoginThrottle } from "../auth/login-throttle";
import type { Database } from "../db/client";
import type { EventBus } from "../realtime/event-bus";
import { expireOverdue } from "./expire-solicitacoes";
import { deleteExpiredCheckouts, deleteStaleRateLimits } from "./housekeeping";

const EVENT_RETENTION_MS = 7 * 86_400_000;

export function startScheduler(deps: { db: Database; bus: EventBus; throttle: LoginThrottle; logger: Logger }) {
  const { db, bus, throttle, logger } = deps;
  const log = logger.child({ component: "jobs" });

  async function expire() {
    try {
      let n: number;
      do {
        n = await expireOverdue(db);
        if (n > 0) log.info({ expired: n }, "solicitações expiradas");
      } while (n > 0 && !stopped);
    } catch (error) {
      log.error({ err: error }, "falha ao expirar solicitações");
    }
  }

  async function housekeeping() {
    try {
      await bus.prune(new Date(Date.now() - EVENT_RETENTION_MS));
      await throttle.prune();
      const checkouts = await deleteExpiredCheckouts(db);
      const rateLimits = await deleteStaleRateLimits(db);
      if (checkouts + rateLimits > 0) log.info({ checkouts, rateLimits }, "limpeza periódica");
    } catch (error) {
      log.error({ err: error }, "falha na limpeza periódica");
    }
  }

  let stopped = false;
  const timers = [setInterval(expire, 30_000), setInterval(housekeeping, 3_600_000)];
  for (const t of timers) t.unref();
  void expire();
  void housekeeping();
  return () => {
    stopped = true;
    for (const t of timers) clearInterval(t);
  };
}
