/**
 * The test mailbox: without SMTP the system writes each e-mail as an `.eml` file in its mail folder
 * (tests/support/system.ts gives each worker a temporary one). These helpers parse those files with
 * mailparser, so a test reads what a mail client would: the text and HTML parts and their links.
 *
 *   await client.post("/api/...")                       // something that enqueues an e-mail
 *   const mail = await waitForMail(system(), "ana@x.br") // runs delivery until it arrives
 *   await client.get(new URL(mail.links[0]!).pathname)
 */
import fs from "node:fs/promises";
import path from "node:path";
import { type AddressObject, simpleParser } from "mailparser";
import type { System } from "@/server/bootstrap";

export interface ReceivedMail {
  file: string;
  from: string;
  to: string;
  subject: string;
  text: string;
  html: string;
  /** Every distinct href of the HTML part, in order. */
  links: string[];
  messageId: string;
}

const parsed = new Map<string, ReceivedMail>();

function firstAddress(field: AddressObject | AddressObject[] | undefined): string {
  const first = Array.isArray(field) ? field[0] : field;
  return first?.value[0]?.address ?? "";
}

export function linksOf(html: string): string[] {
  const hrefs = [...html.matchAll(/href="([^"]*)"/g)].map((m) => m[1]!.replaceAll("&amp;", "&"));
  return [...new Set(hrefs)];
}

export async function parseMailFile(file: string): Promise<ReceivedMail> {
  const cached = parsed.get(file);
  if (cached) return cached;
  const mail = await simpleParser(await fs.readFile(file));
  const html = typeof mail.html === "string" ? mail.html : "";
  const received: ReceivedMail = {
    file,
    from: mail.from?.text ?? "",
    to: firstAddress(mail.to),
    subject: mail.subject ?? "",
    text: mail.text ?? "",
    html,
    links: linksOf(html),
    messageId: mail.messageId ?? "",
  };
  parsed.set(file, received);
  return received;
}

/** Every message in the folder, oldest first (file names start with the time they were written). */
export async function readMailbox(dir: string): Promise<ReceivedMail[]> {
  const names = await fs.readdir(dir).catch(() => [] as string[]);
  const files = names.filter((n) => n.endsWith(".eml")).sort();
  return Promise.all(files.map((n) => parseMailFile(path.join(dir, n))));
}

/** Messages to one recipient, oldest first. */
export async function mailsTo(dir: string, to: string): Promise<ReceivedMail[]> {
  const wanted = to.toLowerCase();
  return (await readMailbox(dir)).filter((m) => m.to.toLowerCase() === wanted);
}

/**
 * The latest message to `to`, waiting for it: each round runs the delivery job (unless
 * `deliver: false`, to see what the system sends by itself) and reads the folder again.
 */
export async function waitForMail(
  system: Pick<System, "mailer">,
  to: string,
  opts: { timeoutMs?: number; deliver?: boolean; count?: number } = {},
): Promise<ReceivedMail> {
  const dir = system.mailer.mailDir;
  if (!dir) throw new Error("waitForMail: o sistema envia por SMTP, não grava arquivos .eml");
  const deadline = Date.now() + (opts.timeoutMs ?? 5_000);
  for (;;) {
    if (opts.deliver !== false) await system.mailer.deliverDue();
    const mails = await mailsTo(dir, to);
    if (mails.length >= (opts.count ?? 1)) return mails.at(-1)!;
    if (Date.now() > deadline) {
      throw new Error(`nenhum e-mail para ${to} em ${dir} (${mails.length} de ${opts.count ?? 1} esperados)`);
    }
    await new Promise((r) => setTimeout(r, 50));
  }
}
