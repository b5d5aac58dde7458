/** Hourly housekeeping: what it deletes and, above all, what it keeps. */
import { randomUUID } from "node:crypto";
import { inArray } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { client } from "../../../tests/support/http";
import { setupTestSystem } from "../../../tests/support/system";
import type { CheckoutStatus } from "../../shared/domain";
import { checkoutSessions, type MailStatus, mailOutbox, rateLimit } from "../db/schema";
import { hitLimit } from "../http/rate-limit";
import { deleteExpiredCheckouts, deleteSentMail, deleteStaleRateLimits } from "./housekeeping";

const system = setupTestSystem();
const HOUR = 3_600_000;
const DAY = 24 * HOUR;

async function checkout(status: CheckoutStatus, ageMs: number, now: Date) {
  const createdAt = new Date(now.getTime() - ageMs);
  const [row] = await system()
    .handle.db.insert(checkoutSessions)
    .values({
      planType: "essencial",
      billingCycle: "monthly",
      amountCents: status === "sem_cobranca" ? 0 : 19_900,
      email: `${status}-${randomUUID().slice(0, 6)}@cliente.guarita.app`,
      nome: "Cliente",
      cliente: {} as never,
      provider: "demo",
      providerRef: randomUUID(),
      status,
      createdAt,
      paidAt: status === "pago" || status === "concluido" ? createdAt : null,
    })
    .returning({ id: checkoutSessions.id });
  return row!.id;
}

describe("deleteExpiredCheckouts", () => {
  it("deletes unpaid checkouts older than a week and keeps paid ones, used ones and recent ones", async () => {
    const now = new Date();
    const old = 8 * DAY;
    const recent = 2 * DAY;
    const gone = [
      await checkout("pendente", old, now),
      await checkout("falhou", old, now),
      await checkout("sem_cobranca", old, now),
    ];
    const kept = [
      await checkout("pago", 400 * DAY, now),
      await checkout("concluido", 400 * DAY, now),
      await checkout("pendente", recent, now),
      await checkout("falhou", recent, now),
      await checkout("sem_cobranca", recent, now),
    ];

    expect(await deleteExpiredCheckouts(system().handle.db, now)).toBe(3);

    const left = await system()
      .handle.db.select({ id: checkoutSessions.id })
      .from(checkoutSessions)
      .where(inArray(checkoutSessions.id, [...gone, ...kept]));
    expect(left.map((r) => r.id).sort()).toEqual([...kept].sort());
    expect(await deleteExpiredCheckouts(system().handle.db, now)).toBe(0);
  });
});

describe("deleteStaleRateLimits", () => {
  it("deletes counters of windows closed more than a day ago, better-auth's and ours, and keeps live ones", async () => {
    const db = system().handle.db;
    const nowMs = Date.now();
    // Real rows: one from better-auth's limiter (a request through /api/auth), one from ours.
    await client(system()).get("/api/auth/get-session", { ip: "203.0.113.7" });
    await hitLimit(db, "checkout:203.0.113.7", { max: 20, windowMs: 600_000 }, nowMs);
    const live = await db.select({ key: rateLimit.key }).from(rateLimit);
    expect(live.map((r) => r.key)).toEqual(
      expect.arrayContaining(["guarita:checkout:203.0.113.7", expect.stringContaining("203.0.113.7")]),
    );
    await db.insert(rateLimit).values([
      { id: randomUUID(), key: "198.51.100.1|/sign-in/email", count: 3, lastRequest: nowMs - 2 * DAY },
      { id: randomUUID(), key: "guarita:checkout:198.51.100.1", count: 20, lastRequest: nowMs - DAY - 1 },
      { id: randomUUID(), key: "198.51.100.2|/sign-in/email", count: 3, lastRequest: nowMs - 23 * HOUR },
    ]);

    expect(await deleteStaleRateLimits(db, nowMs)).toBe(2);

    const keys = (await db.select({ key: rateLimit.key }).from(rateLimit)).map((r) => r.key).sort();
    expect(keys).toEqual([...live.map((r) => r.key), "198.51.100.2|/sign-in/email"].sort());
  });
});

describe("deleteSentMail", () => {
  it("deletes e-mail sent more than 30 days ago and keeps recent, pending and given-up messages", async () => {
    const db = system().handle.db;
    const now = new Date();
    const mail = async (status: MailStatus, ageMs: number) => {
      const at = new Date(now.getTime() - ageMs);
      const [row] = await db
        .insert(mailOutbox)
        .values({
          para: `${status}@teste.guarita.app`,
          assunto: "Assunto",
          html: "<p>x</p>",
          texto: "x",
          tipo: "verificar-email",
          status,
          createdAt: at,
          enviadoEm: status === "enviado" ? at : null,
        })
        .returning({ id: mailOutbox.id });
      return row!.id;
    };
    const gone = await mail("enviado", 31 * DAY);
    const kept = [await mail("enviado", 29 * DAY), await mail("pendente", 60 * DAY), await mail("falhou", 60 * DAY)];

    expect(await deleteSentMail(db, now)).toBe(1);

    const left = (await db.select({ id: mailOutbox.id }).from(mailOutbox)).map((r) => r.id);
    expect(left).not.toContain(gone);
    expect(left.sort()).toEqual([...kept].sort());
    expect(await deleteSentMail(db, now)).toBe(0);
  });
});
