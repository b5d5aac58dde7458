/**
 * Where a webhook may point (docs/decisions/020-webhooks.md). A webhook makes the server send
 * requests to a URL a customer typed, so without a guard it reaches what only the server can reach:
 * the cloud metadata service (169.254.169.254), the database's host, the office network. Only public
 * unicast addresses are allowed, unless WEBHOOKS_ALLOW_PRIVATE=true (tests, on-premise installs).
 *
 * Checked twice: when the URL is saved (literal addresses and local names, no DNS in a request), and
 * at every delivery: the URL again (Node connects to an IP literal without any lookup, and a URL
 * saved while private addresses were allowed must not be sent once they are not), then the
 * addresses DNS actually returned (so a name that later resolves to a private address, DNS
 * rebinding, is refused at the socket).
 *
 * An allow-list, not a deny-list: IPv4 only where ipaddr.js calls it 'unicast' (none of its special
 * ranges), IPv6 only global unicast 2000::/3 minus its special ranges. Everything else (IPv4-
 * compatible ::/96, site-local fec0::/10, NAT64 64:ff9b::/96 and 64:ff9b:1::/48, unique-local,
 * link-local, 6to4, Teredo, documentation, and whatever is assigned later) is refused. An
 * IPv4-mapped address (::ffff:a.b.c.d) is judged as its IPv4.
 *
 * The refusal never names the address a name resolved to: the tenant sees the delivery's error,
 * and naming it would let them read the server's internal DNS.
 */
import { lookup as dnsLookup, type LookupAddress, type LookupAllOptions } from "node:dns";
import ipaddr from "ipaddr.js";

export const PRIVATE_ADDRESS_REFUSED =
  "Endereço interno ou privado não é permitido para webhooks. Use um endereço público (http:// ou https://).";

/** IPv6 global unicast (RFC 4291). */
const GLOBAL_UNICAST = ipaddr.parseCIDR("2000::/3") as [ipaddr.IPv6, number];
/** Inside 2000::/3 but not reachable hosts, and not (yet) in ipaddr.js's special ranges. */
const IPV6_NOT_GLOBAL = [
  ipaddr.parseCIDR("3fff::/20"), // documentation (RFC 9637)
] as [ipaddr.IPv6, number][];

/** Whether an IP address is global unicast (not loopback, private, link-local, CGNAT, reserved…). */
export function isPublicAddress(address: string): boolean {
  // ipaddr.js reads "::a.b.c.d" (IPv4-compatible, ::/96, the form inet_ntop gives DNS answers in) as
  // the IPv4-mapped ::ffff:a.b.c.d, but the socket would connect to ::/96: refused as such.
  if (/^::[^:]*\./.test(address)) return false;
  if (!ipaddr.isValid(address)) return false;
  const parsed = ipaddr.parse(address);
  if (parsed.kind() === "ipv4") return parsed.range() === "unicast";
  const v6 = parsed as ipaddr.IPv6;
  if (v6.isIPv4MappedAddress()) return v6.toIPv4Address().range() === "unicast";
  return v6.match(GLOBAL_UNICAST) && v6.range() === "unicast" && !IPV6_NOT_GLOBAL.some((range) => v6.match(range));
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
  return isPrivateHost(url.hostname) ? PRIVATE_ADDRESS_REFUSED : null;
}

/**
 * Whether a URL's host is refused without any DNS lookup: a non-public IP literal, a numeric form
 * some resolvers read as IPv4, or a name that always means this machine or its network. Takes
 * `URL.hostname` (IPv6 in brackets). Shared with the camera snapshot URLs (src/server/cameras).
 */
export function isPrivateHost(hostname: string): boolean {
  const host = hostname.replace(/^\[|\]$/g, "");
  if (ipaddr.isValid(host)) return !isPublicAddress(host);
  // Forms like "2130706433" or "0x7f.1" are IPv4 to some resolvers; WHATWG URL normalises most of them.
  if (/^[0-9.x]+$/i.test(host)) return true;
  return isLocalName(host);
}

/** What a refused delivery records and shows: no address, no host name. */
export const PRIVATE_ADDRESS_DELIVERY_REFUSED = "Entrega recusada: endereço interno ou privado.";

export class PrivateAddressError extends Error {
  readonly code = "EPRIVATEADDRESS";
  constructor() {
    super(PRIVATE_ADDRESS_DELIVERY_REFUSED);
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
        if (list.some((a) => !isPublicAddress(a.address))) {
          return callback(new PrivateAddressError() as NodeJS.ErrnoException, []);
        }
      }
      if ((opts as { all?: boolean }).all) return callback(null, list);
      const first = list[0];
      if (!first) return callback(Object.assign(new Error(`${hostname}: sem endereço`), { code: "ENOTFOUND" }), []);
      callback(null, first.address, first.family);
    });
  };
}
