/**
 * The process's side of reaching residents: the escalation job and the message delivery job, one
 * run of each at a time per process (instances coordinate in the database), kicked when a message
 * is enqueued anywhere (NOTIFY on commit) and on a timer.
 */
import type { Logger } from "pino";
import type { Database, DatabaseHandle, Unlisten } from "../db/client";
import { coalescedRunner } from "../jobs/coalesced-run";
import { type Channels, deliverDueNotifications } from "./deliver";
import { escalateDue, NOTIFICACOES_CHANNEL } from "./outreach";

export interface NotificationDispatcher {
  readonly channels: Channels;
  /** Sends what is due; resolves after a run that started after the call. */
  deliverDue(): ReturnType<typeof deliverDueNotifications>;
  /** Takes the escalation steps due at `now`. */
  escalate(now?: Date): Promise<number>;
  kick(): void;
  watch(): Promise<Unlisten>;
  close(): Promise<void>;
}

export function createNotificationDispatcher(options: {
  db: Database;
  logger: Logger;
  channels: Channels;
  linkBase: string;
  listen?: DatabaseHandle["listen"];
}): NotificationDispatcher {
  const log = options.logger.child({ component: "notificacoes" });
  let closed = false;
  const sender = coalescedRunner(async () => {
    const result = await deliverDueNotifications({
      db: options.db,
      channels: options.channels,
      linkBase: options.linkBase,
      logger: log,
    });
    // Nobody of a step could be reached (channels off): the next resident now, not at the next tick.
    // Inside the run, so close() waits for it too.
    if (result.movedOn > 0) {
      await escalate().catch((error) => log.error({ err: error }, "falha ao escalonar para o próximo morador"));
    }
    return result;
  });
  const deliverDue = () =>
    closed ? Promise.resolve({ sent: 0, retrying: 0, failed: 0, skipped: 0, off: 0, movedOn: 0 }) : sender.runNow();
  const kick = () => {
    if (closed) return;
    deliverDue().catch((error) => log.error({ err: error }, "falha ao enviar mensagens aos moradores"));
  };
  async function escalate(now?: Date) {
    if (closed) return 0;
    let total = 0;
    let n: number;
    do {
      n = await escalateDue(options.db, now);
      total += n;
    } while (n > 0 && !closed);
    if (total > 0) kick();
    return total;
  }
  return {
    channels: options.channels,
    deliverDue,
    escalate,
    kick,
    async watch() {
      if (!options.listen) throw new Error("createNotificationDispatcher: watch() precisa de listen");
      return options.listen(NOTIFICACOES_CHANNEL, kick, kick);
    },
    async close() {
      closed = true;
      await sender.settled();
    },
  };
}
