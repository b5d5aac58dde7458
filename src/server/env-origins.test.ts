import { describe, expect, it } from "vitest";
import { loadEnv } from "./env";

describe("env: origins, proxies and the demo switch", () => {
  it("keeps the effective PUBLIC_URL for links and says whether it was set", () => {
    expect(loadEnv({ PORT: "3000" })).toMatchObject({
      PUBLIC_URL: "http://localhost:3000",
      PUBLIC_URL_EXPLICIT: false,
    });
    expect(loadEnv({ PUBLIC_URL: "" })).toMatchObject({ PUBLIC_URL_EXPLICIT: false });
    expect(loadEnv({ PUBLIC_URL: "https://portaria.exemplo.com.br" })).toMatchObject({
      PUBLIC_URL: "https://portaria.exemplo.com.br",
      PUBLIC_URL_EXPLICIT: true,
    });
  });

  it("reads TRUST_PROXY as false, a hop count or proxy addresses, and refuses anything else in pt-BR", () => {
    expect(loadEnv({}).TRUST_PROXY).toBe(false);
    expect(loadEnv({ TRUST_PROXY: "1" }).TRUST_PROXY).toBe(1);
    expect(loadEnv({ TRUST_PROXY: "10.0.0.0/8,127.0.0.1" }).TRUST_PROXY).toEqual(["10.0.0.0/8", "127.0.0.1"]);
    expect(() => loadEnv({ TRUST_PROXY: "sim" })).toThrow(/TRUST_PROXY: use false, um número de proxies/);
  });

  it("reads GUARITA_DEMO and the per-IP failure limit", () => {
    expect(loadEnv({}).GUARITA_DEMO).toBe(false);
    expect(loadEnv({ GUARITA_DEMO: "true" }).GUARITA_DEMO).toBe(true);
    expect(loadEnv({}).AUTH_MAX_LOGIN_FAILURES_PER_IP).toBe(30);
  });
});
