/** The outbox: transactional enqueue, delivery to `.eml` files with the log line, NOTIFY wake-up. */

import { randomUUID } from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { eq } from "drizzle-orm";
import { pino } from "pino";
import { afterAll, beforeEach, describe, expect, it } from "vitest";
import { mailsTo, readMailbox, waitForMail } from "../../../tests/support/mailbox";
import { setupTestSystem } from "../../../tests/support/system";
import { mailOutbox, organization } from "../db/schema";
import { createMailer } from "./mailer";
import { enqueueMail } from "./outbox";

const system = setupTestSystem();
const tempDirs: string[] = [];
const tempDir = () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "guarita-mail-test-"));
  tempDirs.push(dir);
  return dir;
};
afterAll(() => {
  for (const dir of tempDirs) fs.rmSync(dir, { recursive: true, force: true });
});

const recipient = () => `pessoa-${randomUUID().slice(0, 8)}@teste.guarita.app`;
const resetUrl = (token = randomUUID()) => `https://guarita.app/redefinir-senha?token=${token}&origem=email`;

/** A pino logger whose lines the test reads. */
function capturingLogger() {
  const lines: Record<string, unknown>[] = [];
  const logger = pino({ level: "info" }, { write: (line: string) => lines.push(JSON.parse(line)) });
  return { logger, lines };
}

beforeEach(async () => {
  await system().handle.db.delete(mailOutbox);
});

describe("enqueueMail", () => {
  it("writes nothing when the caller's transaction rolls back", async () => {
    const db = system().handle.db;
    const to = recipient();
    await expect(
      db.transaction(async (tx) => {
        await enqueueMail(tx, { to, template: "redefinir-senha", data: { url: resetUrl() } });
        throw new Error("a mudança falhou");
      }),
    ).rejects.toThrow("a mudança falhou");

    expect(await db.select().from(mailOutbox).where(eq(mailOutbox.para, to))).toEqual([]);
    await system().mailer.deliverDue();
    expect(await mailsTo(system().mailer.mailDir!, to)).toEqual([]);
  });

  it("stores the rendered message as pendente, due now, with its links and template name", async () => {
    const db = system().handle.db;
    const to = recipient();
    const url = resetUrl();
    const { id } = await db.transaction((tx) =>
      enqueueMail(tx, { to, template: "redefinir-senha", data: { nome: "Ana", url } }),
    );
    const [row] = await db.select().from(mailOutbox).where(eq(mailOutbox.id, id));
    expect(row).toMatchObject({
      para: to,
      assunto: "Redefina sua senha do Guarita",
      tipo: "redefinir-senha",
      links: [url],
      status: "pendente",
      tentativas: 0,
      organizationId: null,
      enviadoEm: null,
    });
    expect(row!.texto).toContain(url);
    expect(row!.proximaTentativaEm.getTime()).toBeLessThanOrEqual(Date.now() + 1000);
  });

  it("refuses anything but one plain recipient address", async () => {
    const db = system().handle.db;
    for (const to of ["", "sem-arroba", "a@x.br, b@x.br", "Ana <ana@x.br>", "a@x.br\r\nBcc: b@x.br"]) {
      await expect(
        enqueueMail(db, { to, template: "verificar-email", data: { url: "https://guarita.app/v" } }),
      ).rejects.toThrow(/destinatário inválido/);
    }
    expect(await db.select().from(mailOutbox)).toEqual([]);
  });

  it("goes with its tenant: deleting the organization deletes its messages", async () => {
    const db = system().handle.db;
    const orgId = randomUUID();
    await db.insert(organization).values({ id: orgId, name: "Cliente Apagado", slug: `apagado-${orgId}` });
    await enqueueMail(db, {
      to: recipient(),
      template: "convite",
      data: { convidadoPor: "Ana", organizacao: "Cliente Apagado", papel: "Porteiro", url: "https://guarita.app/c" },
      organizationId: orgId,
    });
    const other = await enqueueMail(db, { to: recipient(), template: "verificar-email", data: { url: resetUrl() } });

    await db.delete(organization).where(eq(organization.id, orgId));

    expect((await db.select({ id: mailOutbox.id }).from(mailOutbox)).map((r) => r.id)).toEqual([other.id]);
  });
});

describe("delivery without SMTP_URL", () => {
  it("writes an .eml file whose text and HTML parts carry the link, marks the row enviado and logs it", async () => {
    const db = system().handle.db;
    const dir = tempDir();
    const { logger, lines } = capturingLogger();
    const mailer = createMailer({ db, logger, from: "Guarita Teste <nao-responda@teste.guarita.app>", mailDir: dir });
    const to = recipient();
    const url = resetUrl();
    const { id } = await db.transaction((tx) =>
      enqueueMail(tx, { to, template: "redefinir-senha", data: { nome: "Ana", url } }),
    );

    expect(await mailer.deliverDue()).toEqual({ sent: 1, retrying: 0, failed: 0 });
    await mailer.close();

    const files = fs.readdirSync(dir);
    expect(files).toHaveLength(1);
    expect(files[0]).toMatch(new RegExp(`^\\d{4}-\\d{2}-\\d{2}T\\d{2}-\\d{2}-\\d{2}\\.\\d{3}Z-${id}\\.eml$`));
    const raw = fs.readFileSync(path.join(dir, files[0]!), "utf8");
    expect(raw).toMatch(/^Content-Type: multipart\/alternative/m);
    expect(raw).toMatch(/^Content-Type: text\/plain; charset=utf-8/m);
    expect(raw).toMatch(/^Content-Type: text\/html; charset=utf-8/m);
    expect(raw).toContain("\r\n");

    const [mail] = await readMailbox(dir);
    expect(mail).toMatchObject({
      to,
      from: '"Guarita Teste" <nao-responda@teste.guarita.app>',
      subject: "Redefina sua senha do Guarita",
      links: [url],
      messageId: `<${id}@teste.guarita.app>`,
    });
    expect(mail!.text).toContain(url);
    expect(mail!.text).toContain("Olá, Ana!");
    expect(mail!.html).toContain("Redefinir senha");

    const [row] = await db.select().from(mailOutbox).where(eq(mailOutbox.id, id));
    expect(row!.status).toBe("enviado");
    expect(row!.enviadoEm).toBeInstanceOf(Date);
    expect(row!.tentativas).toBe(0);

    const logged = lines.find((l) => l.msg === "e-mail gravado em arquivo (sem SMTP_URL)");
    expect(logged).toMatchObject({
      level: 30,
      component: "mail",
      para: to,
      assunto: "Redefina sua senha do Guarita",
      links: [url],
      arquivo: path.join(dir, files[0]!),
    });
  });

  it("delivers each message once, and a second run finds nothing to send", async () => {
    const db = system().handle.db;
    const to = recipient();
    for (let i = 0; i < 3; i++) {
      await enqueueMail(db, { to, template: "verificar-email", data: { url: `https://guarita.app/v/${i}` } });
    }
    await waitForMail(system(), to, { count: 3 });
    expect(await system().mailer.deliverDue()).toEqual({ sent: 0, retrying: 0, failed: 0 });
    const mails = await mailsTo(system().mailer.mailDir!, to);
    expect(mails.map((m) => m.links[0]).sort()).toEqual([0, 1, 2].map((i) => `https://guarita.app/v/${i}`));
  });

  it("sends at once when an enqueue commits, woken by NOTIFY (no delivery call)", async () => {
    const db = system().handle.db;
    const mailer = createMailer({
      db,
      logger: pino({ level: "silent" }),
      from: "Guarita <nao-responda@guarita.app>",
      mailDir: tempDir(),
      listen: system().handle.listen,
    });
    const unwatch = await mailer.watch();
    try {
      const to = recipient();
      await db.transaction((tx) => enqueueMail(tx, { to, template: "verificar-email", data: { url: resetUrl() } }));
      const mail = await waitForMail({ mailer }, to, { deliver: false });
      expect(mail.subject).toBe("Confirme seu e-mail no Guarita");
    } finally {
      await unwatch();
      await mailer.close();
    }
  });
});
