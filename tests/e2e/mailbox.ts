/**
 * The e2e server's e-mails: without SMTP_URL it writes each message as an `.eml` file under
 * DATA_DIR/mail (docs/decisions/014), and playwright.config.ts shares that DATA_DIR through
 * E2E_DATA_DIR. Specs follow the links in them as a person would.
 */
import path from "node:path";
import { mailsTo, type ReceivedMail } from "../support/mailbox";

function mailDir(): string {
  const dataDir = process.env.E2E_DATA_DIR;
  if (!dataDir) throw new Error("E2E_DATA_DIR não definido: rode os testes pelo playwright.config.ts");
  return path.join(dataDir, "mail");
}

/** The `count`-th message to `to` (the latest once there are that many), polling the folder. */
export async function waitForEmail(
  to: string,
  opts: { count?: number; timeoutMs?: number } = {},
): Promise<ReceivedMail> {
  const deadline = Date.now() + (opts.timeoutMs ?? 15_000);
  for (;;) {
    const mails = await mailsTo(mailDir(), to);
    if (mails.length >= (opts.count ?? 1)) return mails.at(-1)!;
    if (Date.now() > deadline) throw new Error(`nenhum e-mail para ${to} em ${mailDir()}`);
    await new Promise((r) => setTimeout(r, 200));
  }
}

/** The first link of a message that contains `fragment` ("/convite?token="). */
export function linkIn(mail: ReceivedMail, fragment: string): string {
  const link = mail.links.find((l) => l.includes(fragment));
  if (!link) throw new Error(`sem link "${fragment}" no e-mail "${mail.subject}": ${mail.links.join(", ")}`);
  return link;
}
