/**
 * Sign-in throttling (docs/decisions/011): failures count per (e-mail, client IP) and per IP,
 * atomically, with a progressive delay instead of an account lockout.
 */
import { and, eq, like } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { rateLimit } from "@/server/db/schema";
import { createUser, uniqueIp } from "../../../tests/support/factories";
import { client } from "../../../tests/support/http";
import { setupTestSystem } from "../../../tests/support/system";
import { createLoginThrottle, FIRST_LOGIN_DELAY_MS } from "./login-throttle";

const system = setupTestSystem();

const signIn = (email: string, password: string, ip: string) =>
  client(system()).post("/api/auth/sign-in/email", { json: { email, password }, ip });

describe("sign-in throttling", () => {
  it("never locks the account: a stranger's failures do not stop the right password from another IP", async () => {
    const porteiro = await createUser(system());
    const stranger = uniqueIp();
    for (let i = 0; i < 8; i++) await signIn(porteiro.email, `chute-${i}`, stranger);

    const atTheGate = await signIn(porteiro.email, porteiro.password, uniqueIp());
    expect(atTheGate.status).toBe(200);

    // The stranger, meanwhile, is slowed down.
    const again = await signIn(porteiro.email, "outro-chute", stranger);
    expect(again.status).toBe(429);
  });

  it("delays repeated failures from one (e-mail, IP) with Retry-After and a pt-BR message", async () => {
    const { email, password } = await createUser(system());
    const ip = uniqueIp();
    const statuses: number[] = [];
    for (let i = 0; i < 5; i++) statuses.push((await signIn(email, `errada-${i}`, ip)).status);
    expect(statuses).toEqual([401, 401, 401, 401, 401]);

    // Even the right password waits: this attempt is counted too, so the wait has doubled once.
    const delayed = await signIn(email, password, ip);
    expect(delayed.status).toBe(429);
    expect(delayed.headers.get("retry-after")).toBe(String((2 * FIRST_LOGIN_DELAY_MS) / 1000));
    expect(delayed.body.message).toBe("Muitas tentativas de login sem sucesso. Aguarde 4 segundos e tente novamente.");
    expect(delayed.body.error.code).toBe("TOO_MANY_LOGIN_FAILURES");

    // Once the announced wait has passed, the right password gets in from that same IP.
    await new Promise((resolve) => setTimeout(resolve, Number(delayed.headers.get("retry-after")) * 1000 + 100));
    expect((await signIn(email, password, ip)).status).toBe(200);
    // And the success forgives that pair's failures.
    expect((await signIn(email, "errada-de-novo", ip)).status).toBe(401);
  });

  it("counts a burst of 50 parallel wrong passwords one by one: only the free ones reach the password check", async () => {
    const { email } = await createUser(system());
    const ip = uniqueIp();
    const burst = await Promise.all(Array.from({ length: 50 }, (_, i) => signIn(email, `errada-${i}`, ip)));
    const statuses = burst.map((r) => r.status).sort();
    expect(statuses.filter((s) => s === 401)).toHaveLength(5);
    expect(statuses.filter((s) => s === 429)).toHaveLength(45);

    const [counter] = await system()
      .handle.db.select({ count: rateLimit.count })
      .from(rateLimit)
      .where(and(like(rateLimit.key, "guarita:login:conta:%"), like(rateLimit.key, `%:${email}`)));
    expect(counter?.count).toBe(50);
  });

  it("doubles the delay with each further attempt, up to the 15-minute window", async () => {
    const throttle = createLoginThrottle(system().handle.db, { maxFailuresPerAccount: 3, maxFailuresPerIp: 1000 });
    const email = `atraso-${uniqueIp()}@teste.guarita.app`;
    const ip = uniqueIp();
    let now = Date.UTC(2026, 0, 1, 2, 0, 0);
    for (let i = 0; i < 3; i++) expect((await throttle.admit(email, ip, now)).admitted).toBe(true);

    const waits: number[] = [];
    for (let i = 0; i < 10; i++) {
      const refused = await throttle.admit(email, ip, now);
      if (refused.admitted) throw new Error("deveria ter sido recusada");
      waits.push(refused.retryAfterSeconds);
      now += refused.retryAfterSeconds * 1000;
      expect((await throttle.admit(email, ip, now)).admitted).toBe(true);
    }
    expect(waits).toEqual([4, 16, 64, 256, 900, 900, 900, 900, 900, 900]);
  });

  it("slows down one IP trying many e-mails, and only that IP", async () => {
    const throttle = createLoginThrottle(system().handle.db, { maxFailuresPerAccount: 5, maxFailuresPerIp: 4 });
    const ip = uniqueIp();
    const now = Date.now();
    const results = [];
    for (let i = 0; i < 6; i++)
      results.push((await throttle.admit(`alvo-${i}-${ip}@teste.guarita.app`, ip, now)).admitted);
    expect(results).toEqual([true, true, true, true, false, false]);
    expect((await throttle.admit(`alvo-0-${ip}@teste.guarita.app`, uniqueIp(), now)).admitted).toBe(true);
  });

  it("gives the count back when the password was not checked or was right", async () => {
    const throttle = createLoginThrottle(system().handle.db, { maxFailuresPerAccount: 2, maxFailuresPerIp: 2 });
    const ip = uniqueIp();
    const email = `devolve-${ip}@teste.guarita.app`;
    const now = Date.now();
    for (let i = 0; i < 5; i++) {
      const admission = await throttle.admit(email, ip, now);
      if (!admission.admitted) throw new Error(`tentativa ${i} recusada`);
      await throttle.settle(admission.attempt, i % 2 === 0 ? "not-checked" : "success");
    }
    const rows = await system()
      .handle.db.select({ count: rateLimit.count })
      .from(rateLimit)
      .where(eq(rateLimit.key, `guarita:login:ip:${ip}`));
    expect(rows[0]?.count).toBe(0);
  });
});
