/**
 * Per-IP limits count an IPv6 client by its /64 (http/client-ip.ts ipLimitKey): one host can use
 * any address of its network, so counting each address would give it 2^64 budgets. IPv4 is counted
 * per address as before, and an IPv4-mapped IPv6 address as its IPv4.
 */
import { describe, expect, it } from "vitest";
import { createUser } from "../../../tests/support/factories";
import { client } from "../../../tests/support/http";
import { setupTestSystem } from "../../../tests/support/system";
import { RESET_REQUESTS_PER_IP } from "../auth/auth-limits";
import { CONVITE_REQUESTS_PER_IP } from "../modules/equipe/convites.routes";

const system = setupTestSystem();

/** The n-th address of one /64 (documentation prefix). */
const inNetwork = (network: string, n: number) => `${network}:${(n + 1).toString(16)}:0:0:${(n * 7 + 1).toString(16)}`;

async function requestReset(ip: string) {
  return client(system()).post("/api/auth/request-password-reset", {
    json: { email: `ninguem-${Math.random().toString(36).slice(2)}@teste.guarita.app` },
    ip,
  });
}

describe("per-IP limits and IPv6", () => {
  it("password reset requests: addresses of one /64 share the hourly budget; another /64 has its own", async () => {
    for (let i = 0; i < RESET_REQUESTS_PER_IP.max; i++) {
      expect((await requestReset(inNetwork("2001:db8:10:1", i))).status).toBe(200);
    }
    const next = await requestReset(inNetwork("2001:db8:10:1", 999));
    expect(next.status).toBe(429);
    expect(next.headers.get("retry-after")).not.toBeNull();
    expect((await requestReset("2001:db8:10:2::1")).status).toBe(200);
  });

  it("password reset requests: IPv4 is counted per address, and its IPv4-mapped form with it", async () => {
    for (let i = 0; i < RESET_REQUESTS_PER_IP.max; i++) {
      expect((await requestReset("198.51.100.20")).status).toBe(200);
    }
    expect((await requestReset("::ffff:198.51.100.20")).status).toBe(429);
    expect((await requestReset("198.51.100.21")).status).toBe(200);
  });

  it("sign-in throttling: wrong passwords from addresses of one /64 add up for the e-mail", async () => {
    const { email } = await createUser(system());
    const statuses: number[] = [];
    for (let i = 0; i < 6; i++) {
      const res = await client(system()).post("/api/auth/sign-in/email", {
        json: { email, password: "senha-errada" },
        ip: inNetwork("2001:db8:20:1", i),
      });
      statuses.push(res.status);
    }
    // AUTH_MAX_LOGIN_FAILURES is 5 in the tests: the sixth attempt waits.
    expect(statuses).toEqual([401, 401, 401, 401, 401, 429]);
  });

  it("the invitation link: addresses of one /64 share the per-IP budget", async () => {
    const statuses: number[] = [];
    for (let i = 0; i <= CONVITE_REQUESTS_PER_IP; i++) {
      const res = await client(system()).get("/api/convites/token-que-nao-existe", {
        ip: inNetwork("2001:db8:30:1", i),
      });
      statuses.push(res.status);
    }
    expect(statuses.slice(0, CONVITE_REQUESTS_PER_IP).every((s) => s === 404)).toBe(true);
    expect(statuses.at(-1)).toBe(429);
  });

  it("the resident's link and the pass page: addresses of one /64 share the per-IP budget", async () => {
    for (const [path, network] of [
      ["/r/token-que-nao-existe", "2001:db8:40:1"],
      ["/p/token-que-nao-existe", "2001:db8:40:2"],
    ] as const) {
      const statuses: number[] = [];
      // 120 views per IP per minute (resident-link.routes.ts, pass-page.routes.ts).
      for (let i = 0; i <= 120; i++) {
        statuses.push((await client(system()).get(path, { ip: inNetwork(network, i) })).status);
      }
      expect(
        statuses.slice(0, 120).every((s) => s !== 429),
        path,
      ).toBe(true);
      expect(statuses.at(-1), path).toBe(429);
    }
  });
});
