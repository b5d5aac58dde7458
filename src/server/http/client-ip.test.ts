import { describe, expect, it } from "vitest";
import { ipLimitKey, parseTrustProxy, resolveClientIp } from "./client-ip";

describe("TRUST_PROXY", () => {
  it("reads false, true, a hop count and a list of addresses and CIDRs", () => {
    expect(parseTrustProxy(undefined)).toBe(false);
    expect(parseTrustProxy("")).toBe(false);
    expect(parseTrustProxy("false")).toBe(false);
    expect(parseTrustProxy("0")).toBe(false);
    expect(parseTrustProxy("true")).toBe(true);
    expect(parseTrustProxy("1")).toBe(1);
    expect(parseTrustProxy("2")).toBe(2);
    expect(parseTrustProxy(" 10.0.0.0/8, 127.0.0.1 ,::1")).toEqual(["10.0.0.0/8", "127.0.0.1", "::1"]);
  });

  it("refuses anything else with a pt-BR message", () => {
    expect(() => parseTrustProxy("sim")).toThrow(/"sim" não é um endereço ou CIDR válido/);
    expect(() => parseTrustProxy("10.0.0.0/33")).toThrow(/não é um endereço ou CIDR válido/);
    expect(() => parseTrustProxy("10.0.0")).toThrow(/não é um endereço ou CIDR válido/);
    expect(() => parseTrustProxy("99")).toThrow(/entre 0 e 32/);
  });
});

describe("client IP", () => {
  it("is the socket's address when no proxy is trusted, whatever X-Forwarded-For says", () => {
    expect(resolveClientIp("203.0.113.7", "6.6.6.6", false)).toBe("203.0.113.7");
    expect(resolveClientIp("::ffff:203.0.113.7", undefined, false)).toBe("203.0.113.7");
  });

  it("with a hop count, is the address that many hops from the socket: a forged prefix is ignored", () => {
    // The client forged "6.6.6.6"; our one proxy (the socket) appended the real address.
    expect(resolveClientIp("10.0.0.2", "6.6.6.6, 198.51.100.4", 1)).toBe("198.51.100.4");
    // Two proxies: a CDN appended the client, then our load balancer appended the CDN.
    expect(resolveClientIp("10.0.0.2", "6.6.6.6, 198.51.100.4, 172.16.5.5", 2)).toBe("198.51.100.4");
    // Fewer hops than configured: the leftmost address there is.
    expect(resolveClientIp("10.0.0.2", "198.51.100.4", 3)).toBe("198.51.100.4");
  });

  it("with proxy addresses, is the rightmost address that is not one of them", () => {
    const trust = parseTrustProxy("10.0.0.0/8,127.0.0.1");
    expect(resolveClientIp("127.0.0.1", "6.6.6.6, 198.51.100.4, 10.1.2.3", trust)).toBe("198.51.100.4");
    expect(resolveClientIp("::ffff:10.9.9.9", "198.51.100.4", trust)).toBe("198.51.100.4");
    // A request that did not come through our proxy: its X-Forwarded-For is not believed.
    expect(resolveClientIp("203.0.113.7", "6.6.6.6", trust)).toBe("203.0.113.7");
    // Every hop is ours (a health check from inside): the leftmost one.
    expect(resolveClientIp("127.0.0.1", "10.0.0.5", trust)).toBe("10.0.0.5");
  });

  it("stops at the proxy that reported a malformed address", () => {
    expect(resolveClientIp("10.0.0.2", "198.51.100.4, unknown", parseTrustProxy("10.0.0.0/8"))).toBe("10.0.0.2");
    expect(resolveClientIp("10.0.0.2", "<script>", 1)).toBe("10.0.0.2");
  });

  it("with true (documented alias), is the leftmost address", () => {
    expect(resolveClientIp(null, "198.51.100.4, 10.0.0.1", true)).toBe("198.51.100.4");
  });
});

describe("ipLimitKey (the key of every per-IP limit)", () => {
  it("keys an IPv6 address on its /64: two hosts of one network share it, another network does not", () => {
    expect(ipLimitKey("2001:db8:1:2::1")).toBe("2001:db8:1:2::/64");
    expect(ipLimitKey("2001:db8:1:2:ffff:ffff:ffff:ffff")).toBe("2001:db8:1:2::/64");
    expect(ipLimitKey("2001:DB8:1:2:0:0:0:9")).toBe("2001:db8:1:2::/64");
    expect(ipLimitKey("2001:db8:1:3::1")).toBe("2001:db8:1:3::/64");
  });

  it("keeps IPv4 as it is, and an IPv4-mapped IPv6 address as its IPv4", () => {
    expect(ipLimitKey("198.51.100.4")).toBe("198.51.100.4");
    expect(ipLimitKey("198.51.100.5")).toBe("198.51.100.5");
    expect(ipLimitKey("::ffff:198.51.100.4")).toBe("198.51.100.4");
    expect(ipLimitKey("::ffff:c633:6404")).toBe("198.51.100.4");
  });

  it("leaves what is not an address, and null, alone", () => {
    expect(ipLimitKey(null)).toBeNull();
    expect(ipLimitKey("desconhecido")).toBe("desconhecido");
  });
});
