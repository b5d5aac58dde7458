/**
 * Where a message goes: an SMTP server (SMTP_URL), or, without one, an RFC 822 `.eml` file in
 * the mail folder plus a log line naming subject, recipient and links (docs/decisions/014-transactional-email.md).
 * Both build the MIME message with nodemailer, so a file is exactly what SMTP would have carried.
 */
import fs from "node:fs/promises";
import path from "node:path";
import nodemailer from "nodemailer";
import type { Logger } from "pino";
import { parseMailbox } from "./address";

export interface OutgoingMail {
  /** The outbox row's id: the Message-ID and the file name derive from it. */
  id: string;
  to: string;
  subject: string;
  html: string;
  text: string;
  links: string[];
}

export interface MailTransport {
  readonly kind: "smtp" | "arquivo";
  send(mail: OutgoingMail, signal?: AbortSignal): Promise<void>;
  close(): void;
}

/** nodemailer's defaults wait minutes; a send has to end well inside the delivery lease. */
const SMTP_TIMEOUTS = {
  dnsTimeout: 10_000,
  connectionTimeout: 10_000,
  greetingTimeout: 10_000,
  socketTimeout: 30_000,
};

function messageFields(mail: OutgoingMail, from: string) {
  const domain = parseMailbox(from)?.address.split("@")[1] ?? "guarita.app";
  return {
    from,
    to: mail.to,
    subject: mail.subject,
    text: mail.text,
    html: mail.html,
    // Stable across retries, so a receiver can drop a duplicate of a send that timed out late.
    messageId: `<${mail.id}@${domain}>`,
  };
}

export function createSmtpTransport(opts: { url: string; from: string; logger: Logger }): MailTransport {
  const transporter = nodemailer.createTransport({ url: opts.url, ...SMTP_TIMEOUTS });
  return {
    kind: "smtp",
    async send(mail, signal) {
      const info = await transporter.sendMail({ ...messageFields(mail, opts.from), signal });
      // Links stay out of this log: they carry sign-in and reset tokens.
      opts.logger.info({ para: mail.to, assunto: mail.subject, messageId: info.messageId }, "e-mail enviado por SMTP");
    },
    close: () => transporter.close(),
  };
}

/** `2026-11-23T18-32-06.123Z-<id>.eml`: sorts by time, unique by id, no colon (Windows). */
export function mailFileName(id: string, at = new Date()): string {
  return `${at.toISOString().replaceAll(":", "-")}-${id}.eml`;
}

export function createFileTransport(opts: { dir: string; from: string; logger: Logger }): MailTransport {
  const composer = nodemailer.createTransport({ streamTransport: true, buffer: true, newline: "windows" });
  return {
    kind: "arquivo",
    async send(mail, signal) {
      const info = await composer.sendMail({ ...messageFields(mail, opts.from), signal });
      await fs.mkdir(opts.dir, { recursive: true });
      const file = path.join(opts.dir, mailFileName(mail.id));
      // Written aside and renamed, so whoever watches the folder never reads half a message.
      const partial = path.join(opts.dir, `.${path.basename(file)}.tmp`);
      await fs.writeFile(partial, info.message as Buffer);
      await fs.rename(partial, file);
      opts.logger.info(
        { para: mail.to, assunto: mail.subject, links: mail.links, arquivo: file },
        "e-mail gravado em arquivo (sem SMTP_URL)",
      );
    },
    close: () => composer.close(),
  };
}
