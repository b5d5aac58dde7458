/**
 * Meta's subscription check on /api/webhooks/whatsapp: the right `hub.verify_token` echoes the
 * challenge, anything else is a 403, and the comparison is constant-time (timingSafeEqual on
 * hashes), so the answer's timing tells nothing about the token.
 */
import { Hono } from "hono";
import { beforeEach, describe, expect, it, vi } from "vitest";
import type { Database } from "@/server/db/client";
import type { AppEnv } from "@/server/http/context";
import { handleError } from "@/server/http/errors";
import { receiptsRoutes } from "@/server/notifications/receipts.routes";

const compared = vi.hoisted(() => ({ calls: 0 }));
vi.mock("node:crypto", async (importOriginal) => {
  const actual = await importOriginal<typeof import("node:crypto")>();
  const timingSafeEqual: typeof actual.timingSafeEqual = (a, b) => {
    compared.calls++;
    return actual.timingSafeEqual(a, b);
  };
  return { ...actual, default: { ...actual, timingSafeEqual }, timingSafeEqual };
});

const TOKEN = "verifica-123";

function app() {
  const a = new Hono<AppEnv>();
  a.onError((error, c) => handleError(error, c));
  a.route(
    "/api/webhooks",
    receiptsRoutes({} as Database, {
      whatsapp: { appSecret: "meta-app-secret-123", verifyToken: TOKEN },
      publicUrl: "https://guarita.example.com",
    }),
  );
  return a;
}

const check = (token: string | null) =>
  app().request(
    `/api/webhooks/whatsapp?hub.mode=subscribe${token === null ? "" : `&hub.verify_token=${encodeURIComponent(token)}`}&hub.challenge=42`,
  );

describe("WhatsApp's verify token", () => {
  beforeEach(() => {
    compared.calls = 0;
  });

  it("echoes the challenge for the right token, compared in constant time", async () => {
    const res = await check(TOKEN);
    expect(res.status).toBe(200);
    expect(await res.text()).toBe("42");
    expect(compared.calls).toBeGreaterThan(0);
  });

  it("refuses a wrong, shorter, longer or missing token, also compared in constant time", async () => {
    for (const token of ["verifica-124", "verifica-12", `${TOKEN}4`, "", null]) {
      const res = await check(token);
      expect(res.status, String(token)).toBe(403);
      expect(await res.text()).not.toContain("42");
    }
    expect(compared.calls).toBeGreaterThanOrEqual(4);
  });
});
