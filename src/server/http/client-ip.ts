/**
 * The caller's IP, decided once per request. Behind reverse proxies, X-Forwarded-For lists the
 * addresses each hop saw, left (client) to right (nearest proxy). Only the hops we trust may have
 * written it, so the client is the rightmost address that is not one of our proxies: anything to
 * its left was written by the client itself and may be forged.
 */
import { getConnInfo } from "@hono/node-server/conninfo";
import type { Context, MiddlewareHandler } from "hono";
import ipaddr from "ipaddr.js";
import type { AppEnv } from "./context";

/**
 * TRUST_PROXY, parsed: `false` (use the socket), a hop count (the nearest N hops are ours), a list
 * of proxy addresses/CIDRs, or `true` (trust the whole chain: the leftmost address; only behind a
 * proxy that overwrites X-Forwarded-For).
 */
export type TrustProxy = boolean | number | readonly string[];

/** The internal header that carries the resolved client IP to better-auth; only we ever write it. */
export const CLIENT_IP_HEADER = "x-guarita-client-ip";

type Range = [ipaddr.IPv4 | ipaddr.IPv6, number];

const isStrictIp = (value: string) => ipaddr.IPv4.isValidFourPartDecimal(value) || ipaddr.IPv6.isValid(value);

/** A valid address in canonical form (IPv4-mapped IPv6 becomes IPv4), else null. */
function normalizeIp(value: string | null | undefined): string | null {
  const trimmed = value?.trim();
  if (!trimmed || !isStrictIp(trimmed)) return null;
  return ipaddr.process(trimmed).toString();
}

function parseRange(entry: string): Range {
  if (entry.includes("/")) {
    if (!ipaddr.isValidCIDR(entry)) throw new Error(`"${entry}" não é um endereço ou CIDR válido`);
    return ipaddr.parseCIDR(entry);
  }
  if (!isStrictIp(entry)) throw new Error(`"${entry}" não é um endereço ou CIDR válido`);
  const address = ipaddr.process(entry);
  return [address, address.kind() === "ipv4" ? 32 : 128];
}

/**
 * Reads TRUST_PROXY: `false`/`0`/empty, `true`, a hop count (`1`, `2`), or a comma list of proxy
 * addresses and CIDRs (`10.0.0.0/8,127.0.0.1`). Throws a pt-BR message on anything else.
 */
export function parseTrustProxy(value: string | undefined): TrustProxy {
  const text = (value ?? "").trim();
  if (text === "" || text === "false") return false;
  if (text === "true") return true;
  if (/^\d+$/.test(text)) {
    const hops = Number(text);
    if (hops > 32) throw new Error("o número de proxies deve estar entre 0 e 32");
    return hops === 0 ? false : hops;
  }
  const entries = text
    .split(",")
    .map((s) => s.trim())
    .filter(Boolean);
  for (const entry of entries) parseRange(entry);
  return entries;
}

/** Whether the address at `hop` (0 = the socket's peer, 1 = the rightmost forwarded one…) is our proxy. */
function compileTrust(trust: TrustProxy): (address: string | null, hop: number) => boolean {
  if (trust === true) return () => true;
  if (trust === false) return () => false;
  if (typeof trust === "number") return (_address, hop) => hop < trust;
  const ranges = trust.map(parseRange);
  return (address) => {
    if (!address) return false;
    const parsed = ipaddr.process(address);
    return ranges.some(([range, bits]) => parsed.kind() === range.kind() && parsed.match(range, bits));
  };
}

/**
 * The client IP from the socket's peer address and X-Forwarded-For: walk from the nearest hop
 * outwards while the hop is a trusted proxy; the first untrusted address is the client. A malformed
 * forwarded entry stops the walk at the proxy that reported it.
 */
export function resolveClientIp(
  socketAddress: string | null,
  forwardedFor: string | null | undefined,
  trust: TrustProxy,
): string | null {
  const socket = normalizeIp(socketAddress);
  if (trust === false || !forwardedFor) return socket;
  const isTrusted = compileTrust(trust);
  const forwarded = forwardedFor
    .split(",")
    .map((s) => s.trim())
    .reverse();
  let client = socket;
  for (let hop = 0; hop < forwarded.length; hop++) {
    if (!isTrusted(client, hop)) break;
    const next = normalizeIp(forwarded[hop]);
    if (!next) break;
    client = next;
  }
  return client;
}

/** The IPv6 prefix one client is counted by: one subscriber or server usually gets a whole /64. */
export const IPV6_LIMIT_PREFIX = 64;

/**
 * The key every per-IP limit counts under (sign-in throttling, better-auth's limiter, reset
 * e-mails, checkout, invitations, the resident's link, the pass page): an IPv4 address as it is
 * (IPv4-mapped IPv6 as its IPv4), an IPv6 address as its /64 (`2001:db8:1:2::/64`), since a single
 * host can use any of the 2^64 addresses of its network and would otherwise get as many budgets.
 * Anything that is not an address (the "desconhecido" of a request without socket) is kept as is.
 */
export function ipLimitKey(ip: string): string;
export function ipLimitKey(ip: string | null): string | null;
export function ipLimitKey(ip: string | null): string | null {
  if (ip === null || !isStrictIp(ip)) return ip;
  const address = ipaddr.process(ip);
  if (address.kind() === "ipv4") return address.toString();
  const prefix = (address as ipaddr.IPv6).parts.slice(0, IPV6_LIMIT_PREFIX / 16);
  return `${new ipaddr.IPv6([...prefix, 0, 0, 0, 0]).toString()}/${IPV6_LIMIT_PREFIX}`;
}

function socketAddress(c: Context<AppEnv>): string | null {
  try {
    return getConnInfo(c as unknown as Context).remote.address ?? null;
  } catch {
    return null; // Not behind a Node socket (in-process test requests).
  }
}

/**
 * First middleware after the request id: resolves the client IP once (`c.get("clientIp")`) and
 * rewrites the internal header so it holds that IP or nothing. A value sent by the caller never
 * survives, whichever route (better-auth, /api/cadastro, …) later forwards the headers.
 */
export function clientIpMiddleware(trust: TrustProxy): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    const ip = resolveClientIp(socketAddress(c), c.req.header("x-forwarded-for"), trust);
    const headers = c.req.raw.headers;
    headers.delete(CLIENT_IP_HEADER);
    if (ip) headers.set(CLIENT_IP_HEADER, ip);
    c.set("clientIp", ip);
    await next();
  };
}
