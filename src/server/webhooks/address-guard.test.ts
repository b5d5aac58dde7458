import { describe, expect, it } from "vitest";
import { guardedLookup, isPublicAddress, PRIVATE_ADDRESS_REFUSED, webhookUrlProblem } from "./address-guard";
import { postWebhook } from "./post";

describe("isPublicAddress: only global unicast (docs/decisions/020-webhooks.md)", () => {
  it.each([
    ["8.8.8.8", "IPv4 public"],
    ["1.1.1.1", "IPv4 public"],
    ["2001:4860:4860::8888", "IPv6 global unicast"],
    ["2606:4700:4700::1111", "IPv6 global unicast"],
    ["::ffff:8.8.8.8", "IPv4-mapped public"],
  ])("allows %s (%s)", (address) => {
    expect(isPublicAddress(address)).toBe(true);
  });

  it.each([
    // IPv4 special ranges
    ["0.0.0.0", "unspecified"],
    ["10.1.2.3", "private"],
    ["172.16.0.1", "private"],
    ["192.168.0.1", "private"],
    ["127.0.0.1", "loopback"],
    ["169.254.169.254", "link-local (cloud metadata)"],
    ["100.64.0.1", "carrier-grade NAT"],
    ["192.0.0.8", "IETF protocol assignments"],
    ["198.18.0.1", "benchmarking"],
    ["203.0.113.5", "documentation"],
    ["224.0.0.1", "multicast"],
    ["240.0.0.1", "reserved"],
    ["255.255.255.255", "broadcast"],
    // IPv4 inside IPv6
    ["::ffff:127.0.0.1", "IPv4-mapped loopback"],
    ["::ffff:10.0.0.1", "IPv4-mapped private"],
    ["::ffff:169.254.169.254", "IPv4-mapped metadata"],
    ["::127.0.0.1", "IPv4-compatible ::/96"],
    ["::10.0.0.1", "IPv4-compatible ::/96"],
    ["::8.8.8.8", "IPv4-compatible ::/96, even of a public IPv4"],
    ["64:ff9b::7f00:1", "NAT64 well-known prefix"],
    ["64:ff9b:1::a00:1", "NAT64 local-use 64:ff9b:1::/48"],
    ["64:ff9b:1:ffff::1", "NAT64 local-use 64:ff9b:1::/48"],
    ["2002:7f00:1::1", "6to4 of 127.0.0.1"],
    ["2002:808:808::1", "6to4"],
    ["2001::1", "Teredo"],
    // IPv6 outside global unicast
    ["::", "unspecified"],
    ["::1", "loopback"],
    ["fe80::1", "link-local"],
    ["fec0::1", "site-local fec0::/10"],
    ["feff::1", "site-local fec0::/10"],
    ["fc00::1", "unique local"],
    ["fd12:3456::1", "unique local"],
    ["ff02::1", "multicast"],
    ["100::1", "discard"],
    ["4000::1", "outside 2000::/3"],
    // Special ranges inside 2000::/3
    ["2001:db8::1", "documentation"],
    ["3fff::1", "documentation 3fff::/20"],
    ["2001:2::1", "benchmarking"],
    ["2001:10::1", "ORCHID"],
    ["2001:20::1", "ORCHIDv2"],
    // Not an address at all
    ["gate.example.com", "a name"],
    ["", "empty"],
  ])("refuses %s (%s)", (address) => {
    expect(isPublicAddress(address)).toBe(false);
  });

  it("refuses the same ranges as URL literals when the URL is saved", () => {
    for (const host of ["[::127.0.0.1]", "[fec0::1]", "[64:ff9b:1::a00:1]", "[::ffff:a00:1]", "0x7f.1"]) {
      expect(webhookUrlProblem(`http://${host}/x`, false), host).toBe(PRIVATE_ADDRESS_REFUSED);
    }
    expect(webhookUrlProblem("http://[2606:4700:4700::1111]/x", false)).toBeNull();
    expect(webhookUrlProblem("http://[fec0::1]/x", true)).toBeNull();
  });
});

describe("postWebhook with the guard on", () => {
  // Loopback only: even on a build without the check, this test sends nothing off the machine.
  it.each([
    "http://127.0.0.1:9/hook",
    "http://127.1.2.3:9/hook",
    "http://[::1]:9/hook",
    "http://[::ffff:127.0.0.1]:9/hook",
  ])("refuses the IP literal %s before connecting, with an error that names no address", async (url) => {
    const result = await postWebhook(url, "{}", {}, { allowPrivate: false, timeoutMs: 500 });
    expect(result.status).toBeNull();
    expect(result.error).toBe("Entrega recusada: endereço interno ou privado.");
  });

  it("refuses, at the lookup, a name that resolves to loopback without naming the address", async () => {
    // The socket's own lookup (a URL with a local name is already refused before it).
    const error = await new Promise<Error | null>((resolve) =>
      guardedLookup(false)("localhost", { all: true }, (err) => resolve(err)),
    );
    expect(error?.message).toBe("Entrega recusada: endereço interno ou privado.");
    expect(error?.message).not.toMatch(/localhost|127\.0\.0\.1|::1/);
  });
});
