/**
 * Delivery over SMTP (a real SMTP server from `smtp-server` on an ephemeral port), retries while
 * the server is down, giving up, the claim lease, and two instances delivering at once.
 */
import { randomUUID } from "node:crypto";
import { eq, inArray, sql } from "drizzle-orm";
import { type ParsedMail, simpleParser } from "mailparser";
import { pino } from "pino";
import { SMTPServer } from "smtp-server";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { freePort } from "../../../tests/support/ports";
import { describeOnPostgres } from "../../../tests/support/postgres-only";
import { setupTestSystem } from "../../../tests/support/system";
import { mailOutbox } from "../db/schema";
import { deliverDueMail, MAX_TENTATIVAS, retryDelayMs } from "./deliver";
import { createMailer, type Mailer } from "./mailer";
import { enqueueMail } from "./outbox";
import type { MailTransport, OutgoingMail } from "./transport";

const system = setupTestSystem();
const FROM = "Guarita <nao-responda@guarita.app>";
const silent = pino({ level: "silent" });
const recipient = () => `pessoa-${randomUUID().slice(0, 8)}@teste.guarita.app`;

interface Received {
  envelopeFrom: string;
  envelopeTo: string[];
  mail: ParsedMail;
}

/** An SMTP server on 127.0.0.1 that keeps what it receives; `delayMs` slows each message down. */
async function startSmtpServer(opts: { port?: number; delayMs?: number } = {}) {
  const received: Received[] = [];
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ["STARTTLS", "AUTH"],
    logger: false,
    onData(stream, session, callback) {
      simpleParser(stream)
        .then(async (mail) => {
          if (opts.delayMs) await new Promise((r) => setTimeout(r, opts.delayMs));
          received.push({
            envelopeFrom: session.envelope.mailFrom ? session.envelope.mailFrom.address : "",
            envelopeTo: session.envelope.rcptTo.map((r) => r.address),
            mail,
          });
          callback();
        })
        .catch(callback);
    },
  });
  const port = opts.port ?? (await freePort());
  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(port, "127.0.0.1", () => resolve());
  });
  return {
    port,
    url: `smtp://127.0.0.1:${port}`,
    received,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

function capturingLogger() {
  const lines: Record<string, unknown>[] = [];
  const logger = pino({ level: "info" }, { write: (line: string) => lines.push(JSON.parse(line)) });
  return { logger, lines };
}

const cleanups: (() => Promise<void>)[] = [];
function smtpMailer(url: string, logger = silent): Mailer {
  const mailer = createMailer({ db: system().handle.db, logger, smtpUrl: url, from: FROM, mailDir: null });
  cleanups.push(() => mailer.close());
  return mailer;
}

beforeEach(async () => {
  await system().handle.db.delete(mailOutbox);
});
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

const rowOf = async (id: string) =>
  (await system().handle.db.select().from(mailOutbox).where(eq(mailOutbox.id, id)))[0]!;

/** The time passes for a retry: the row is due now (instead of waiting out the backoff). */
const makeDue = (id: string) =>
  system().handle.db.update(mailOutbox).set({ proximaTentativaEm: sql`now()` }).where(eq(mailOutbox.id, id));

describe("delivery over SMTP", () => {
  it("hands the message to the server with the right envelope, From, To and subject", async () => {
    const smtp = await startSmtpServer();
    cleanups.push(smtp.close);
    const { logger, lines } = capturingLogger();
    const mailer = smtpMailer(smtp.url, logger);
    expect(mailer.transport).toBe("smtp");
    expect(mailer.mailDir).toBeNull();
    const to = recipient();
    const url = "https://guarita.app/convite/abc";
    const { id } = await system().handle.db.transaction((tx) =>
      enqueueMail(tx, {
        to,
        template: "convite",
        data: { convidadoPor: "Marina Souza", organizacao: "Residencial Aurora", papel: "Síndico", url },
      }),
    );

    expect(await mailer.deliverDue()).toEqual({ sent: 1, retrying: 0, failed: 0 });

    expect(smtp.received).toHaveLength(1);
    const [got] = smtp.received;
    expect(got!.envelopeFrom).toBe("nao-responda@guarita.app");
    expect(got!.envelopeTo).toEqual([to]);
    expect(got!.mail.from?.text).toBe('"Guarita" <nao-responda@guarita.app>');
    expect(got!.mail.to && !Array.isArray(got!.mail.to) ? got!.mail.to.text : "").toBe(to);
    expect(got!.mail.subject).toBe("Convite para a equipe de Residencial Aurora no Guarita");
    expect(got!.mail.text).toContain(url);
    expect(got!.mail.html).toContain(`href="${url}"`);
    expect(got!.mail.messageId).toBe(`<${id}@guarita.app>`);

    const row = await rowOf(id);
    expect(row.status).toBe("enviado");
    expect(row.enviadoEm).toBeInstanceOf(Date);
    const logged = lines.find((l) => l.msg === "e-mail enviado por SMTP");
    expect(logged).toMatchObject({ para: to, assunto: "Convite para a equipe de Residencial Aurora no Guarita" });
    // Links carry tokens: they are logged only for file delivery (development).
    expect(logged).not.toHaveProperty("links");
  });

  it("loses nothing while the server is down: the message waits with backoff and goes once it is back", async () => {
    const port = await freePort();
    const mailer = smtpMailer(`smtp://127.0.0.1:${port}`);
    const db = system().handle.db;
    const first = await enqueueMail(db, {
      to: recipient(),
      template: "verificar-email",
      data: { url: "https://g.app/1" },
    });
    await db
      .update(mailOutbox)
      .set({ proximaTentativaEm: sql`now() - interval '1 second'` })
      .where(eq(mailOutbox.id, first.id));
    const second = await enqueueMail(db, {
      to: recipient(),
      template: "verificar-email",
      data: { url: "https://g.app/2" },
    });

    const before = Date.now();
    expect(await mailer.deliverDue()).toEqual({ sent: 0, retrying: 1, failed: 0 });

    const failed = await rowOf(first.id);
    expect(failed.status).toBe("pendente");
    expect(failed.tentativas).toBe(1);
    expect(failed.ultimoErro).toMatch(/ECONNREFUSED/);
    const wait = failed.proximaTentativaEm.getTime() - before;
    expect(wait).toBeGreaterThan(retryDelayMs(1) - 5_000);
    expect(wait).toBeLessThan(retryDelayMs(1) + 5_000);
    // A connection failure ends the run: the next message was not tried against a dead server.
    expect(await rowOf(second.id)).toMatchObject({ status: "pendente", tentativas: 0, ultimoErro: null });

    const smtp = await startSmtpServer({ port });
    cleanups.push(smtp.close);
    await makeDue(first.id);
    expect(await mailer.deliverDue()).toEqual({ sent: 2, retrying: 0, failed: 0 });
    expect(smtp.received.map((r) => r.mail.text?.match(/https:\/\/g\.app\/\d/)?.[0]).sort()).toEqual([
      "https://g.app/1",
      "https://g.app/2",
    ]);
    expect(await rowOf(first.id)).toMatchObject({ status: "enviado", tentativas: 1 });
    expect(await rowOf(second.id)).toMatchObject({ status: "enviado", tentativas: 0 });
  });

  it("backs off 30 s, 2 min, 10 min, 1 h, … capped at 12 h", () => {
    expect([1, 2, 3, 4, 5, 6, 7, 8, 20].map(retryDelayMs)).toEqual([
      30_000, 120_000, 600_000, 3_600_000, 10_800_000, 21_600_000, 43_200_000, 43_200_000, 43_200_000,
    ]);
  });

  it(`gives up after ${MAX_TENTATIVAS} failed attempts: falhou, with the error logged`, async () => {
    const port = await freePort();
    const { logger, lines } = capturingLogger();
    const mailer = smtpMailer(`smtp://127.0.0.1:${port}`, logger);
    const db = system().handle.db;
    const to = recipient();
    const { id } = await enqueueMail(db, { to, template: "verificar-email", data: { url: "https://g.app/x" } });
    await db
      .update(mailOutbox)
      .set({ tentativas: MAX_TENTATIVAS - 1 })
      .where(eq(mailOutbox.id, id));

    expect(await mailer.deliverDue()).toEqual({ sent: 0, retrying: 0, failed: 1 });

    expect(await rowOf(id)).toMatchObject({ status: "falhou", tentativas: MAX_TENTATIVAS, enviadoEm: null });
    expect(lines.find((l) => l.msg === "e-mail não enviado: tentativas esgotadas")).toMatchObject({
      level: 50,
      id,
      para: to,
      tentativas: MAX_TENTATIVAS,
    });
    // Given up for good: later runs leave it alone.
    await makeDue(id);
    expect(await mailer.deliverDue()).toEqual({ sent: 0, retrying: 0, failed: 0 });
  });
});

describe("claim lease", () => {
  /** A transport that holds each send until the test releases it. */
  function gatedTransport() {
    const sent: OutgoingMail[] = [];
    let release: () => void = () => undefined;
    const gate = new Promise<void>((r) => {
      release = r;
    });
    let started: () => void = () => undefined;
    const sending = new Promise<void>((r) => {
      started = r;
    });
    const transport: MailTransport = {
      kind: "arquivo",
      async send(mail) {
        started();
        await gate;
        sent.push(mail);
      },
      close: () => undefined,
    };
    return { transport, sent, release, sending };
  }

  function recordingTransport() {
    const sent: OutgoingMail[] = [];
    const transport: MailTransport = {
      kind: "arquivo",
      send: async (mail) => {
        sent.push(mail);
      },
      close: () => undefined,
    };
    return { transport, sent };
  }

  it("keeps a message another run is sending out of reach until the lease ends; a late first sender changes nothing", async () => {
    const db = system().handle.db;
    const { id } = await enqueueMail(db, {
      to: recipient(),
      template: "verificar-email",
      data: { url: "https://g.app/l" },
    });

    const slow = gatedTransport();
    const slowRun = deliverDueMail({ db, transport: slow.transport, logger: silent });
    await slow.sending;
    // No lock is held while it sends; the lease alone keeps others away.
    const leased = await rowOf(id);
    expect(leased.status).toBe("pendente");
    expect(leased.proximaTentativaEm.getTime()).toBeGreaterThan(Date.now() + 4 * 60_000);

    const other = recordingTransport();
    expect(await deliverDueMail({ db, transport: other.transport, logger: silent })).toEqual({
      sent: 0,
      retrying: 0,
      failed: 0,
    });
    expect(other.sent).toEqual([]);

    // The first sender "crashed": once its lease ends, the message is sent again (never lost).
    await makeDue(id);
    expect(await deliverDueMail({ db, transport: other.transport, logger: silent })).toMatchObject({ sent: 1 });
    expect(other.sent.map((m) => m.id)).toEqual([id]);
    const sentAt = (await rowOf(id)).enviadoEm!;

    // It was only slow after all: its outcome no longer touches a row it lost.
    slow.release();
    expect(await slowRun).toEqual({ sent: 1, retrying: 0, failed: 0 });
    expect(await rowOf(id)).toMatchObject({ status: "enviado", enviadoEm: sentAt });
  });
});

describeOnPostgres("two instances delivering at once", () => {
  it("sends every message exactly once", async () => {
    const smtp = await startSmtpServer({ delayMs: 15 });
    cleanups.push(smtp.close);
    const db = system().handle.db;
    const ids: string[] = [];
    for (let i = 0; i < 30; i++) {
      const { id } = await enqueueMail(db, {
        to: recipient(),
        template: "verificar-email",
        data: { url: `https://g.app/c/${i}` },
      });
      ids.push(id);
    }
    const a = smtpMailer(smtp.url);
    const b = smtpMailer(smtp.url);

    const [ra, rb] = await Promise.all([a.deliverDue(), b.deliverDue()]);

    expect(ra.sent + rb.sent).toBe(30);
    expect(ra.sent).toBeGreaterThan(0);
    expect(rb.sent).toBeGreaterThan(0);
    const receivedIds = smtp.received.map((r) => r.mail.messageId!.replace(/^<([^@]+)@.*$/, "$1"));
    expect(receivedIds).toHaveLength(30);
    expect(new Set(receivedIds)).toEqual(new Set(ids));
    const rows = await db.select({ status: mailOutbox.status }).from(mailOutbox).where(inArray(mailOutbox.id, ids));
    expect(rows.every((r) => r.status === "enviado")).toBe(true);
  });
});
