/**
 * Where a webhook may point (docs/decisions/020-webhooks.md). A webhook makes the server send
 * requests to a URL a customer typed, so without a guard it reaches what only the server can reach:
 * the cloud metadata service (169.254.169.254), the database's host, the office network. Only public
 * unicast addresses are allowed, unless WEBHOOKS_ALLOW_PRIVATE=true (tests, on-premise installs).
 *
 * Checked twice: when the URL is saved (literal addresses and local names, no DNS in a request), and
 * at every connection, on the addresses DNS actually returned (so a name that later resolves to a
 * private address, DNS rebinding, is refused at the socket).
 */
import { lookup as dnsLookup, type LookupAddress, type LookupAllOptions } from "node:dns";
import ipaddr from "ipaddr.js";

export const PRIVATE_ADDRESS_REFUSED =
  "Endereço interno ou privado não é permitido para webhooks. Use um endereço público (http:// ou https://).";

/** Whether an IP address is public unicast (not loopback, private, link-local, CGNAT, reserved…). */
export function isPublicAddress(address: string): boolean {
  if (!ipaddr.isValid(address)) return false;
  let parsed = ipaddr.parse(address);
  if (parsed.kind() === "ipv6" && (parsed as ipaddr.IPv6).isIPv4MappedAddress()) {
    parsed = (parsed as ipaddr.IPv6).toIPv4Address();
  }
  return parsed.range() === "unicast";
}

/** Host names that always mean this machine or its local network. */
function isLocalName(hostname: string): boolean {
  const name = hostname.toLowerCase().replace(/\.$/, "");
  return name === "localhost" || name.endsWith(".localhost") || name.endsWith(".local") || name.endsWith(".internal");
}

/**
 * The check when a URL is saved: null when acceptable, else the pt-BR reason. Names are resolved
 * only when delivering.
 */
export function webhookUrlProblem(raw: string, allowPrivate: boolean): string | null {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    return "Informe uma URL http:// ou https:// válida";
  }
  if (url.protocol !== "http:" && url.protocol !== "https:") return "Informe uma URL http:// ou https:// válida";
  if (allowPrivate) return null;
  const host = url.hostname.replace(/^\[|\]$/g, "");
  if (ipaddr.isValid(host)) return isPublicAddress(host) ? null : PRIVATE_ADDRESS_REFUSED;
  // Forms like "2130706433" or "0x7f.1" are IPv4 to some resolvers; WHATWG URL normalises most of them.
  if (/^[0-9.x]+$/i.test(host)) return PRIVATE_ADDRESS_REFUSED;
  return isLocalName(host) ? PRIVATE_ADDRESS_REFUSED : null;
}

export class PrivateAddressError extends Error {
  readonly code = "EPRIVATEADDRESS";
  constructor(hostname: string, address: string) {
    super(`${hostname} resolve para ${address}, um endereço interno: entrega recusada`);
  }
}

type LookupCallback = (err: NodeJS.ErrnoException | null, address: string | LookupAddress[], family?: number) => void;

/**
 * A `lookup` for http.request that refuses non-public addresses, so the socket connects only to
 * an address that passed the check (no second resolution between check and connect).
 */
export function guardedLookup(allowPrivate: boolean) {
  return (hostname: string, options: LookupAllOptions | number | object, callback: LookupCallback) => {
    const opts = typeof options === "number" ? { family: options } : options;
    dnsLookup(hostname, { ...opts, all: true }, (err, addresses) => {
      if (err) return callback(err, []);
      const list = addresses as LookupAddress[];
      if (!allowPrivate) {
        const bad = list.find((a) => !isPublicAddress(a.address));
        if (bad) return callback(new PrivateAddressError(hostname, bad.address) as NodeJS.ErrnoException, []);
      }
      if ((opts as { all?: boolean }).all) return callback(null, list);
      const first = list[0];
      if (!first) return callback(Object.assign(new Error(`${hostname}: sem endereço`), { code: "ENOTFOUND" }), []);
      callback(null, first.address, first.family);
    });
  };
}
