/**
 * HTTP authentication for IP camera snapshots: reading `WWW-Authenticate` challenges (RFC 9110
 * §11) and answering Digest (RFC 7616, and RFC 2617's legacy form without qop) or Basic (RFC 7617).
 *
 * Hand-written rather than taken from npm: the packages found either hash only with MD5, ignore the
 * algorithm the camera names, draw the cnonce from Math.random, or wrap `fetch` (which cannot take
 * the guarded DNS lookup the snapshot fetcher needs). Node's crypto has MD5, SHA-256 and
 * SHA-512/256, and the rest is string building.
 *
 * Nothing here logs or throws with the password in a message.
 */
import { createHash, randomBytes } from "node:crypto";

export interface Challenge {
  /** Lower case: "digest", "basic", … */
  scheme: string;
  /** Parameter names in lower case, values unquoted. */
  params: Record<string, string>;
}

const TOKEN_CHAR = /[!#$%&'*+\-.^_`|~0-9A-Za-z]/;

/**
 * Every challenge in the given `WWW-Authenticate` values, in the order the server sent them. One
 * value may hold several challenges (`Digest realm="a", nonce="b", Basic realm="a"`), and a quoted
 * value may hold commas, so this walks the grammar instead of splitting on commas. Malformed input
 * never throws: what cannot be read is skipped.
 */
export function parseChallenges(values: string | readonly string[] | undefined): Challenge[] {
  if (values === undefined) return [];
  const list = typeof values === "string" ? [values] : values;
  return list.flatMap(parseOneHeader);
}

function parseOneHeader(text: string): Challenge[] {
  const challenges: Challenge[] = [];
  let pos = 0;
  const skip = (chars: RegExp) => {
    while (pos < text.length && chars.test(text.charAt(pos))) pos++;
  };
  const token = () => {
    const start = pos;
    while (pos < text.length && TOKEN_CHAR.test(text.charAt(pos))) pos++;
    return text.slice(start, pos);
  };
  const quoted = () => {
    // At the opening quote; a backslash escapes the next character (quoted-pair).
    pos++;
    let value = "";
    while (pos < text.length && text.charAt(pos) !== '"') {
      if (text.charAt(pos) === "\\" && pos + 1 < text.length) pos++;
      value += text.charAt(pos);
      pos++;
    }
    pos++;
    return value;
  };
  /** Whether the text at `pos` is `name=value` (a parameter) rather than the next challenge's scheme. */
  const atParam = () => {
    const save = pos;
    const name = token();
    skip(/[ \t]/);
    const isParam = name !== "" && text.charAt(pos) === "=" && text.charAt(pos + 1) !== "=";
    pos = save;
    return isParam;
  };

  while (pos < text.length) {
    skip(/[ \t,]/);
    const scheme = token();
    if (!scheme) {
      // Not a token where a scheme must start: skip to the next comma.
      while (pos < text.length && text.charAt(pos) !== ",") pos++;
      continue;
    }
    const challenge: Challenge = { scheme: scheme.toLowerCase(), params: {} };
    challenges.push(challenge);
    skip(/[ \t]/);
    if (!atParam()) {
      // token68 (`Negotiate abc==`) or nothing: not used here, skipped up to the next comma.
      while (pos < text.length && text.charAt(pos) !== ",") pos++;
      continue;
    }
    while (pos < text.length) {
      skip(/[ \t]/);
      if (!atParam()) break;
      const name = token().toLowerCase();
      skip(/[ \t]/);
      pos++; // "="
      skip(/[ \t]/);
      challenge.params[name] = text.charAt(pos) === '"' ? quoted() : token();
      skip(/[ \t]/);
      if (text.charAt(pos) !== ",") break;
      // A comma ends this parameter; what follows is another parameter or the next challenge.
      skip(/[ \t,]/);
    }
  }
  return challenges;
}

/** Digest algorithms (RFC 7616 §3.3, IANA "HTTP Digest Hash Algorithms") → Node's hash names. */
const DIGEST_HASHES: Record<string, string> = {
  md5: "md5",
  "sha-256": "sha256",
  "sha-512-256": "sha512-256",
};

function digestAlgorithm(challenge: Challenge): { hash: string; session: boolean } | null {
  // No algorithm parameter means MD5 (RFC 7616 §3.3, as in RFC 2617).
  const name = (challenge.params.algorithm ?? "MD5").toLowerCase();
  const session = name.endsWith("-sess");
  const hash = DIGEST_HASHES[session ? name.slice(0, -"-sess".length) : name];
  return hash ? { hash, session } : null;
}

/** The qop to answer with: "auth" when offered, else "auth-int", "" for the legacy no-qop form, null when none is usable. */
function digestQop(challenge: Challenge): "auth" | "auth-int" | "" | null {
  const offered = challenge.params.qop;
  if (offered === undefined) return "";
  const options = offered.split(",").map((option) => option.trim().toLowerCase());
  if (options.includes("auth")) return "auth";
  if (options.includes("auth-int")) return "auth-int";
  return null;
}

function isUsableDigest(challenge: Challenge): boolean {
  return (
    challenge.scheme === "digest" &&
    challenge.params.nonce !== undefined &&
    challenge.params.realm !== undefined &&
    digestAlgorithm(challenge) !== null &&
    digestQop(challenge) !== null
  );
}

/**
 * The challenge to answer. Digest before Basic whatever the order, because Basic sends the password
 * itself (readable on plain http); among Digest challenges the server's order, since RFC 7616 §3.7
 * has the server list its preferred algorithm first. Null when nothing offered is supported.
 */
export function pickChallenge(challenges: readonly Challenge[]): Challenge | null {
  return challenges.find(isUsableDigest) ?? challenges.find((challenge) => challenge.scheme === "basic") ?? null;
}

/** Whether the server refused only because the nonce expired (RFC 7616 §3.3 `stale`): the same credentials may be tried again. */
export function isStale(challenge: Challenge): boolean {
  return challenge.scheme === "digest" && challenge.params.stale?.toLowerCase() === "true";
}

/** Basic credentials (RFC 7617), user and password as UTF-8. */
export function basicAuthorization(username: string, password: string): string {
  return `Basic ${Buffer.from(`${username}:${password}`, "utf8").toString("base64")}`;
}

export interface DigestInput {
  challenge: Challenge;
  method: string;
  /** The request-target exactly as sent: path and query. */
  uri: string;
  username: string;
  password: string;
  /** Only for tests against the RFC's examples; otherwise 16 random bytes. */
  cnonce?: string;
  /** Each answer uses a fresh challenge, so this is the nonce's first use. */
  nc?: number;
}

/** A quoted-string (RFC 9110 §5.6.4): `"` and `\` escaped. */
function quote(value: string): string {
  return `"${value.replace(/["\\]/g, "\\$&")}"`;
}

/** The `Authorization` value answering a Digest challenge (RFC 7616 §3.4). Null when the challenge is not usable. */
export function digestAuthorization(input: DigestInput): string | null {
  const { challenge, method, uri, username, password } = input;
  const algorithm = digestAlgorithm(challenge);
  const qop = digestQop(challenge);
  const { realm, nonce, opaque } = challenge.params;
  if (!algorithm || qop === null || realm === undefined || nonce === undefined) return null;
  const h = (data: string) => createHash(algorithm.hash).update(data, "utf8").digest("hex");

  const cnonce = input.cnonce ?? randomBytes(16).toString("hex");
  const nc = (input.nc ?? 1).toString(16).padStart(8, "0");

  // A1 = user:realm:password; the -sess variants hash in the nonce and cnonce (§3.4.2).
  let ha1 = h(`${username}:${realm}:${password}`);
  if (algorithm.session) ha1 = h(`${ha1}:${nonce}:${cnonce}`);
  // A2 = method:uri; auth-int adds the hash of the request body, empty for a GET (§3.4.3).
  const ha2 = qop === "auth-int" ? h(`${method}:${uri}:${h("")}`) : h(`${method}:${uri}`);
  // With qop: KD(HA1, nonce:nc:cnonce:qop:HA2); the legacy form (RFC 2069, kept by RFC 2617): KD(HA1, nonce:HA2).
  const response = qop ? h(`${ha1}:${nonce}:${nc}:${cnonce}:${qop}:${ha2}`) : h(`${ha1}:${nonce}:${ha2}`);

  const parts: string[] = [];
  // userhash (§3.4.4): the server asked for the user name hashed with the realm.
  if (challenge.params.userhash?.toLowerCase() === "true") {
    parts.push(`username=${quote(h(`${username}:${realm}`))}`, "userhash=true");
  } else if (/^[\x20-\x7e]*$/.test(username)) {
    parts.push(`username=${quote(username)}`);
  } else {
    // A user name outside ASCII goes in username* (RFC 8187 encoding, §3.4.4).
    parts.push(`username*=UTF-8''${encodeURIComponent(username)}`);
  }
  parts.push(`realm=${quote(realm)}`, `nonce=${quote(nonce)}`, `uri=${quote(uri)}`);
  // Echo the algorithm only when the server named one: some legacy servers reject the parameter.
  if (challenge.params.algorithm !== undefined) parts.push(`algorithm=${challenge.params.algorithm}`);
  parts.push(`response=${quote(response)}`);
  if (qop || algorithm.session) parts.push(`cnonce=${quote(cnonce)}`);
  if (qop) parts.push(`qop=${qop}`, `nc=${nc}`);
  if (opaque !== undefined) parts.push(`opaque=${quote(opaque)}`);
  return `Digest ${parts.join(", ")}`;
}
