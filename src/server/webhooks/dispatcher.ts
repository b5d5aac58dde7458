/**
 * The process's webhook sender: runs the delivery job one run at a time, at once when a delivery
 * is enqueued on any instance (NOTIFY on commit) and on a timer for retries that came due.
 */
import type { Logger } from "pino";
import type { Database, DatabaseHandle, Unlisten } from "../db/client";
import { coalescedRunner } from "../jobs/coalesced-run";
import { deliverDueWebhooks, type WebhookDeliveryResult } from "./deliver";
import { WEBHOOKS_CHANNEL } from "./outbox";

export interface WebhookDispatcher {
  /** Sends what is due; resolves after a run that started after the call. */
  deliverDue(): Promise<WebhookDeliveryResult>;
  kick(): void;
  watch(): Promise<Unlisten>;
  close(): Promise<void>;
}

export function createWebhookDispatcher(options: {
  db: Database;
  logger: Logger;
  /** WEBHOOKS_ALLOW_PRIVATE: deliver to loopback and private addresses too. */
  allowPrivate: boolean;
  listen?: DatabaseHandle["listen"];
}): WebhookDispatcher {
  const log = options.logger.child({ component: "webhooks" });
  let closed = false;
  const runner = coalescedRunner(() =>
    deliverDueWebhooks({ db: options.db, logger: log, allowPrivate: options.allowPrivate }),
  );
  const deliverDue = () => (closed ? Promise.resolve({ delivered: 0, retrying: 0, failed: 0 }) : runner.runNow());
  const kick = () => {
    if (!closed) deliverDue().catch((error) => log.error({ err: error }, "falha ao entregar webhooks"));
  };
  return {
    deliverDue,
    kick,
    async watch() {
      if (!options.listen) throw new Error("createWebhookDispatcher: watch() precisa de listen");
      return options.listen(WEBHOOKS_CHANNEL, kick, kick);
    },
    async close() {
      closed = true;
      await runner.settled();
    },
  };
}
