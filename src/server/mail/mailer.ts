/**
 * The process's mailer: picks the transport (SMTP_URL, else `.eml` files in the mail folder) and
 * runs the delivery job, one run at a time per process (instances coordinate in the database).
 */
import type { Logger } from "pino";
import type { Database, DatabaseHandle, Unlisten } from "../db/client";
import { coalescedRunner } from "../jobs/coalesced-run";
import { parseMailbox } from "./address";
import { type DeliveryResult, deliverDueMail } from "./deliver";
import { MAIL_CHANNEL } from "./outbox";
import { createFileTransport, createSmtpTransport, type MailTransport } from "./transport";

export interface MailerOptions {
  db: Database;
  logger: Logger;
  /** `smtp://` or `smtps://` URL; without it, messages become `.eml` files in `mailDir`. */
  smtpUrl?: string;
  /** The From header, `Nome <endereco>`. */
  from: string;
  /** Folder of the `.eml` files; required without `smtpUrl`. */
  mailDir: string | null;
  /** The database's LISTEN, for `watch()`. */
  listen?: DatabaseHandle["listen"];
}

export interface Mailer {
  readonly transport: MailTransport["kind"];
  /** Folder of the `.eml` files (null when sending over SMTP). */
  readonly mailDir: string | null;
  readonly from: string;
  /**
   * Sends what is due. Resolves after a run that started after the call, so whatever was committed
   * before it is sent (or scheduled again) by then. Throws only if the database fails.
   */
  deliverDue(): Promise<DeliveryResult>;
  /** Starts a run soon (after an enqueue committed); errors are logged, never thrown. */
  kick(): void;
  /** LISTENs for enqueues committed on any instance and kicks a run for each. */
  watch(): Promise<Unlisten>;
  /** Lets a running delivery finish, then closes the transport. */
  close(): Promise<void>;
}

export function createMailer(options: MailerOptions): Mailer {
  const log = options.logger.child({ component: "mail" });
  if (!parseMailbox(options.from)) throw new Error(`MAIL_FROM inválido: ${options.from}`);
  let transport: MailTransport;
  if (options.smtpUrl) {
    transport = createSmtpTransport({ url: options.smtpUrl, from: options.from, logger: log });
  } else if (options.mailDir) {
    transport = createFileTransport({ dir: options.mailDir, from: options.from, logger: log });
  } else {
    throw new Error("createMailer: sem SMTP_URL, informe a pasta dos arquivos .eml (mailDir)");
  }

  let closed = false;
  const runner = coalescedRunner(() => deliverDueMail({ db: options.db, transport, logger: log }));

  function deliverDue(): Promise<DeliveryResult> {
    if (closed) return Promise.resolve({ sent: 0, retrying: 0, failed: 0 });
    return runner.runNow();
  }

  function kick() {
    if (closed) return;
    deliverDue().catch((error) => log.error({ err: error }, "falha ao entregar e-mails"));
  }

  return {
    transport: transport.kind,
    mailDir: options.smtpUrl ? null : options.mailDir,
    from: options.from,
    deliverDue,
    kick,
    async watch() {
      if (!options.listen) throw new Error("createMailer: watch() precisa de listen");
      // NOTIFYs sent while the LISTEN connection was down are lost: on reconnect, look again.
      return options.listen(MAIL_CHANNEL, kick, kick);
    },
    async close() {
      closed = true;
      await runner.settled();
      transport.close();
    },
  };
}
