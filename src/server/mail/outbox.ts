/**
 * Enqueueing: a message is rendered and written to `mail_outbox` with the caller's executor, so
 * inside the caller's transaction it exists if and only if that transaction commits. The NOTIFY
 * goes out at commit too, and wakes the delivery job on every instance (mailer.watch).
 */
import { sql } from "drizzle-orm";
import type { Executor } from "../db/client";
import { mailOutbox } from "../db/schema";
import { isRecipientAddress } from "./address";
import { renderMail } from "./render";
import type { MailData, MailTemplateName } from "./templates";

export const MAIL_CHANNEL = "guarita_mail";

export interface EnqueueMailInput<T extends MailTemplateName> {
  /** One recipient address. */
  to: string;
  template: T;
  data: MailData<T>;
  /** The tenant the message is about (invitations); its deletion deletes the message. */
  organizationId?: string | null;
}

export async function enqueueMail<T extends MailTemplateName>(
  executor: Executor,
  input: EnqueueMailInput<T>,
): Promise<{ id: string }> {
  const to = input.to.trim();
  if (!isRecipientAddress(to)) throw new Error(`enqueueMail: destinatário inválido: ${JSON.stringify(input.to)}`);
  const mail = renderMail(input.template, input.data);
  const [row] = await executor
    .insert(mailOutbox)
    .values({
      organizationId: input.organizationId ?? null,
      para: to,
      assunto: mail.subject,
      html: mail.html,
      texto: mail.text,
      links: mail.links,
      tipo: input.template,
    })
    .returning({ id: mailOutbox.id });
  await executor.execute(sql`SELECT pg_notify(${MAIL_CHANNEL}, ${row!.id})`);
  return { id: row!.id };
}
