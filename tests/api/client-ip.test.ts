/**
 * The client IP is resolved once per request (TRUST_PROXY) and the internal header that carries it
 * to better-auth is rewritten on every request, so a caller can never choose the IP that sign-in
 * limits and session records see. better-auth stores that IP on the session row.
 */
import { desc, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { createSystem } from "@/server/bootstrap";
import { session, user } from "@/server/db/schema";
import { CLIENT_IP_HEADER } from "@/server/http/client-ip";
import { paidCheckout } from "../support/checkout";
import { createUser } from "../support/factories";
import { client } from "../support/http";
import { setupTestSystem, testSystemOptions } from "../support/system";

const system = setupTestSystem();

async function lastSessionIp(email: string) {
  const [row] = await system()
    .handle.db.select({ ip: session.ipAddress })
    .from(session)
    .innerJoin(user, eq(user.id, session.userId))
    .where(eq(user.email, email))
    .orderBy(desc(session.createdAt))
    .limit(1);
  return row?.ip;
}

describe("client IP", () => {
  it("ignores a forged internal header on /api/cadastro", async () => {
    const { session: checkout, cookie } = await paidCheckout(system());
    const res = await client(system(), { cookie }).post("/api/cadastro", {
      json: { senha: "minha-senha-1", confirmacao: "minha-senha-1" },
      ip: "198.51.100.23",
      headers: { [CLIENT_IP_HEADER]: "6.6.6.6" },
    });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    expect(await lastSessionIp(checkout.email)).toBe("198.51.100.23");
  });

  it("ignores a forged internal header on sign-in", async () => {
    const { email, password } = await createUser(system());
    const res = await client(system()).post("/api/auth/sign-in/email", {
      json: { email, password },
      ip: "198.51.100.24",
      headers: { [CLIENT_IP_HEADER]: "6.6.6.6" },
    });
    expect(res.status).toBe(200);
    expect(await lastSessionIp(email)).toBe("198.51.100.24");
  });

  it("with TRUST_PROXY=1, takes the rightmost X-Forwarded-For address, not the client's forged prefix", async () => {
    const behindOneProxy = await createSystem({ ...testSystemOptions(), handle: system().handle, trustProxy: 1 });
    const { email, password } = await createUser(system());
    const res = await client(behindOneProxy).post("/api/auth/sign-in/email", {
      json: { email, password },
      ip: "6.6.6.6, 198.51.100.25",
    });
    expect(res.status).toBe(200);
    expect(await lastSessionIp(email)).toBe("198.51.100.25");
  });
});
