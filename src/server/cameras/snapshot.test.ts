/**
 * fetchSnapshot against real HTTP servers on 127.0.0.1 started by each test: fake cameras with
 * Digest (the answer's hash checked here with node:crypto, independently of digest-auth.ts), Basic
 * or no authentication, and misbehaving ones (hanging, redirecting, too large).
 */
import { createHash, randomBytes } from "node:crypto";
import type { LookupAddress } from "node:dns";
import http, { type IncomingHttpHeaders, type IncomingMessage, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { afterEach, describe, expect, it, vi } from "vitest";
import { cameraUrlProblem, fetchSnapshot } from "./snapshot";

/**
 * A name that DNS answers with 127.0.0.1, as a rebinding attacker's domain would: it passes the
 * check at save time, so only the guarded lookup can refuse it. Everything else resolves for real.
 */
const REBOUND_NAME = "camera.condominio-exemplo.com.br";
vi.mock("node:dns", async (importOriginal) => {
  const real = await importOriginal<typeof import("node:dns")>();
  const lookup = (hostname: string, options: unknown, callback: (...args: unknown[]) => void) => {
    if (hostname !== REBOUND_NAME) return (real.lookup as (...args: unknown[]) => void)(hostname, options, callback);
    const answer: LookupAddress[] = [{ address: "127.0.0.1", family: 4 }];
    const all = typeof options === "object" && options !== null && (options as { all?: boolean }).all;
    queueMicrotask(() => (all ? callback(null, answer) : callback(null, "127.0.0.1", 4)));
  };
  return { ...real, lookup, default: { ...real, lookup } };
});

/** A fake JPEG: the magic number and random bytes, so equality proves every byte arrived. */
const IMAGE = Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), randomBytes(64 * 1024)]);
const USUARIO = "admin";
const SENHA = "Portaria#2024";

interface FakeCamera {
  port: number;
  url: (path?: string) => string;
  /** Headers of every request received, in order. */
  requests: IncomingHttpHeaders[];
  /** TCP connections accepted (a refused address must cause none). */
  connections: () => number;
}

const servers: http.Server[] = [];
afterEach(async () => {
  for (const server of servers.splice(0)) {
    server.closeAllConnections();
    await new Promise((resolve) => server.close(resolve));
  }
});

async function startCamera(handler: (req: IncomingMessage, res: ServerResponse) => void): Promise<FakeCamera> {
  const requests: IncomingHttpHeaders[] = [];
  let connections = 0;
  const server = http.createServer((req, res) => {
    requests.push(req.headers);
    handler(req, res);
  });
  server.on("connection", () => {
    connections++;
  });
  servers.push(server);
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return {
    port,
    url: (path = "/ISAPI/Streaming/channels/101/picture") => `http://127.0.0.1:${port}${path}`,
    requests,
    connections: () => connections,
  };
}

function sendImage(res: ServerResponse, contentType: string | null = "image/jpeg") {
  res.writeHead(200, { ...(contentType ? { "content-type": contentType } : {}), "content-length": IMAGE.length });
  res.end(IMAGE);
}

const HASHES = { MD5: "md5", "SHA-256": "sha256", "SHA-512-256": "sha512-256" } as const;
const REALM = "IP Camera(F1234)";
const OPAQUE = "d1e2f3";

/** The parameters of `Authorization: Digest …`, read by the fake camera itself. */
function digestParams(header: string): Record<string, string> {
  const found: Record<string, string> = {};
  for (const match of header.slice("Digest ".length).matchAll(/([\w*]+)=(?:"((?:[^"\\]|\\.)*)"|([^\s,]+))/g)) {
    const [, name = "", quoted, bare] = match;
    found[name] = quoted !== undefined ? quoted.replace(/\\(.)/g, "$1") : (bare ?? "");
  }
  return found;
}

/**
 * A camera with Digest authentication that checks the client's answer as RFC 7616 says: its own
 * nonce, the request's own URI, and the response hash recomputed from the password it knows.
 */
function digestCamera(options: {
  algorithm?: keyof typeof HASHES;
  qop?: boolean;
  /** Answer the first valid response with stale=true and a new nonce. */
  staleOnce?: boolean;
  /** Challenges sent before the real one (other schemes, unsupported algorithms). */
  otherChallenges?: string[];
}) {
  const { algorithm, qop = true } = options;
  const nonces = new Set<string>();
  const verdicts: string[] = [];
  let staleSent = false;
  const challenge = (stale = false) => {
    const nonce = randomBytes(12).toString("base64");
    nonces.add(nonce);
    return [
      `Digest realm="${REALM}"`,
      qop ? 'qop="auth,auth-int"' : null,
      `nonce="${nonce}"`,
      `opaque="${OPAQUE}"`,
      algorithm ? `algorithm=${algorithm}` : null,
      stale ? "stale=true" : null,
    ]
      .filter(Boolean)
      .join(", ");
  };
  const deny = (res: ServerResponse, stale = false) => {
    res.writeHead(401, { "www-authenticate": [...(options.otherChallenges ?? []), challenge(stale)] });
    res.end("Unauthorized");
  };
  const handler = (req: IncomingMessage, res: ServerResponse) => {
    const header = req.headers.authorization;
    if (!header?.startsWith("Digest ")) return deny(res);
    const p = digestParams(header);
    const h = (data: string) =>
      createHash(HASHES[algorithm ?? "MD5"])
        .update(data)
        .digest("hex");
    const ha1 = h(`${USUARIO}:${REALM}:${SENHA}`);
    const ha2 = h(`GET:${req.url}`);
    const problems = [
      p.username === USUARIO ? null : "username",
      p.realm === REALM ? null : "realm",
      p.nonce && nonces.has(p.nonce) ? null : "nonce",
      p.uri === req.url ? null : "uri",
      p.opaque === OPAQUE ? null : "opaque",
      p.algorithm === algorithm ? null : "algorithm",
      ...(qop
        ? [
            p.qop === "auth" ? null : "qop",
            /^[0-9a-f]{8}$/.test(p.nc ?? "") ? null : "nc",
            (p.cnonce ?? "").length >= 8 ? null : "cnonce",
            p.response === h(`${ha1}:${p.nonce}:${p.nc}:${p.cnonce}:auth:${ha2}`) ? null : "response",
          ]
        : [
            p.qop === undefined && p.nc === undefined ? null : "no qop expected",
            p.response === h(`${ha1}:${p.nonce}:${ha2}`) ? null : "response",
          ]),
    ].filter(Boolean);
    verdicts.push(problems.length ? `refused: ${problems.join(", ")}` : "accepted");
    if (problems.length) return deny(res);
    nonces.delete(p.nonce ?? "");
    if (options.staleOnce && !staleSent) {
      staleSent = true;
      return deny(res, true);
    }
    sendImage(res);
  };
  return { handler, verdicts };
}

const hangs = () => {
  // Accepts the request and never answers.
};

describe("fetchSnapshot: authentication", () => {
  it("gets the picture from a camera without authentication, sending no credentials it was not asked for", async () => {
    const camera = await startCamera((_req, res) => sendImage(res));
    const result = await fetchSnapshot({ url: camera.url(), usuario: USUARIO, senha: SENHA }, { allowPrivate: true });
    expect(result.ok).toBe(true);
    if (!result.ok) return;
    expect(result.bytes.equals(IMAGE)).toBe(true);
    expect(result.contentType).toBe("image/jpeg");
    expect(result.ms).toBeGreaterThanOrEqual(0);
    expect(camera.requests).toHaveLength(1);
    expect(camera.requests[0]?.authorization).toBeUndefined();
  });

  it("reports a missing content type as null", async () => {
    const camera = await startCamera((_req, res) => sendImage(res, null));
    const result = await fetchSnapshot({ url: camera.url() }, { allowPrivate: true });
    expect(result).toMatchObject({ ok: true, contentType: null });
  });

  it.each([
    ["MD5 with qop=auth", { algorithm: "MD5" as const }],
    ["SHA-256 with qop=auth", { algorithm: "SHA-256" as const }],
    ["SHA-512-256 with qop=auth", { algorithm: "SHA-512-256" as const }],
    ["no algorithm parameter (MD5) with qop=auth", {}],
    ["the legacy form without qop (RFC 2069)", { algorithm: "MD5" as const, qop: false }],
  ])("answers a Digest challenge: %s", async (_name, options) => {
    const fake = digestCamera(options);
    const camera = await startCamera(fake.handler);
    const result = await fetchSnapshot(
      { url: camera.url("/cgi-bin/snapshot.cgi?channel=1&subtype=0"), usuario: USUARIO, senha: SENHA },
      { allowPrivate: true },
    );
    expect(fake.verdicts).toEqual(["accepted"]);
    expect(result.ok).toBe(true);
    if (result.ok) expect(result.bytes.equals(IMAGE)).toBe(true);
    expect(camera.requests).toHaveLength(2);
    expect(camera.requests.map((headers) => headers.authorization ?? "").join()).not.toContain(SENHA);
  });

  it("prefers Digest offered after Basic, and takes the first algorithm it supports", async () => {
    const fake = digestCamera({
      algorithm: "SHA-256",
      otherChallenges: ['Basic realm="cam"', 'Digest realm="x", nonce="y", algorithm=SHA3-512, qop="auth"'],
    });
    const camera = await startCamera(fake.handler);
    const result = await fetchSnapshot({ url: camera.url(), usuario: USUARIO, senha: SENHA }, { allowPrivate: true });
    expect(result.ok).toBe(true);
    expect(fake.verdicts).toEqual(["accepted"]);
    expect(camera.requests[1]?.authorization).toMatch(/^Digest .*algorithm=SHA-256/);
  });

  it("tries once more when the camera says the nonce was stale", async () => {
    const fake = digestCamera({ algorithm: "MD5", staleOnce: true });
    const camera = await startCamera(fake.handler);
    const result = await fetchSnapshot({ url: camera.url(), usuario: USUARIO, senha: SENHA }, { allowPrivate: true });
    expect(result.ok).toBe(true);
    expect(fake.verdicts).toEqual(["accepted", "accepted"]);
    expect(camera.requests).toHaveLength(3);
  });

  it("answers a Basic challenge", async () => {
    const camera = await startCamera((req, res) => {
      if (req.headers.authorization === `Basic ${Buffer.from(`${USUARIO}:${SENHA}`).toString("base64")}`) {
        return sendImage(res);
      }
      res.writeHead(401, { "www-authenticate": 'Basic realm="DS-2CD2043"' }).end();
    });
    const result = await fetchSnapshot({ url: camera.url(), usuario: USUARIO, senha: SENHA }, { allowPrivate: true });
    expect(result.ok).toBe(true);
    if (result.ok) expect(result.bytes.equals(IMAGE)).toBe(true);
    expect(camera.requests).toHaveLength(2);
  });

  it.each([
    ["Digest", () => digestCamera({ algorithm: "SHA-256" }).handler],
    [
      "Basic",
      () => (_req: IncomingMessage, res: ServerResponse) => {
        res.writeHead(401, { "www-authenticate": 'Basic realm="cam"' }).end();
      },
    ],
  ])("a wrong password (%s) is 'auth' after exactly one attempt", async (_scheme, handler) => {
    const camera = await startCamera(handler());
    const wrong = "senha-errada-123";
    const result = await fetchSnapshot({ url: camera.url(), usuario: USUARIO, senha: wrong }, { allowPrivate: true });
    expect(result).toMatchObject({ ok: false, codigo: "auth", motivo: "A câmera recusou o usuário e a senha." });
    expect(JSON.stringify(result)).not.toContain(wrong);
    // One challenge, one answer: cameras lock the account after a few failures.
    expect(camera.requests).toHaveLength(2);
  });

  it("without user and password, a camera that asks for them is 'auth'", async () => {
    const camera = await startCamera(digestCamera({}).handler);
    const result = await fetchSnapshot({ url: camera.url(), usuario: null, senha: null }, { allowPrivate: true });
    expect(result).toMatchObject({ ok: false, codigo: "auth" });
    if (!result.ok) expect(result.motivo).toMatch(/pede usuário e senha/);
    expect(camera.requests).toHaveLength(1);
  });

  it("an authentication scheme other than Digest or Basic is 'auth', and nothing is sent", async () => {
    const camera = await startCamera((_req, res) => {
      res.writeHead(401, { "www-authenticate": "Negotiate, NTLM" }).end();
    });
    const result = await fetchSnapshot({ url: camera.url(), usuario: USUARIO, senha: SENHA }, { allowPrivate: true });
    expect(result).toMatchObject({ ok: false, codigo: "auth" });
    if (!result.ok) expect(result.motivo).toMatch(/não suporta/);
    expect(camera.requests).toHaveLength(1);
  });
});

describe("fetchSnapshot: time limit", () => {
  it("a camera that accepts and never answers is 'timeout' at the given limit", async () => {
    const camera = await startCamera(hangs);
    const started = performance.now();
    const result = await fetchSnapshot({ url: camera.url() }, { allowPrivate: true, timeoutMs: 300 });
    const elapsed = performance.now() - started;
    expect(result).toMatchObject({ ok: false, codigo: "timeout", motivo: "A câmera não respondeu em 0,3 s." });
    expect(elapsed).toBeGreaterThanOrEqual(290);
    expect(elapsed).toBeLessThan(800);
  });

  it("the limit defaults to 3 s", { timeout: 10_000 }, async () => {
    const camera = await startCamera(hangs);
    const started = performance.now();
    const result = await fetchSnapshot({ url: camera.url() }, { allowPrivate: true });
    const elapsed = performance.now() - started;
    expect(result).toMatchObject({ ok: false, codigo: "timeout", motivo: "A câmera não respondeu em 3 s." });
    expect(elapsed).toBeGreaterThanOrEqual(2990);
    expect(elapsed).toBeLessThan(3500);
  });

  it("covers the body: headers sent, then the body stalls", async () => {
    const camera = await startCamera((_req, res) => {
      res.writeHead(200, { "content-type": "image/jpeg", "content-length": 1000 });
      res.write(IMAGE.subarray(0, 10));
    });
    const started = performance.now();
    const result = await fetchSnapshot({ url: camera.url() }, { allowPrivate: true, timeoutMs: 300 });
    expect(result).toMatchObject({ ok: false, codigo: "timeout" });
    expect(performance.now() - started).toBeLessThan(800);
  });

  it("covers both requests of an authentication: one limit, not one per request", async () => {
    const camera = await startCamera((req, res) => {
      if (req.headers.authorization) return; // the answer to the challenge hangs
      setTimeout(() => res.writeHead(401, { "www-authenticate": 'Basic realm="cam"' }).end(), 300);
    });
    const started = performance.now();
    const result = await fetchSnapshot(
      { url: camera.url(), usuario: USUARIO, senha: SENHA },
      { allowPrivate: true, timeoutMs: 400 },
    );
    const elapsed = performance.now() - started;
    expect(result).toMatchObject({ ok: false, codigo: "timeout" });
    expect(camera.requests).toHaveLength(2);
    // A limit per request would end at 300 + 400 ms at the earliest.
    expect(elapsed).toBeLessThan(650);
  });

  it("stops when the caller's signal aborts", async () => {
    const camera = await startCamera(hangs);
    const started = performance.now();
    const result = await fetchSnapshot(
      { url: camera.url() },
      { allowPrivate: true, timeoutMs: 3000, signal: AbortSignal.timeout(100) },
    );
    expect(result).toMatchObject({ ok: false, codigo: "rede", motivo: "A busca da imagem da câmera foi cancelada." });
    expect(performance.now() - started).toBeLessThan(500);
    const already = await fetchSnapshot({ url: camera.url() }, { allowPrivate: true, signal: AbortSignal.abort() });
    expect(already).toMatchObject({ ok: false, codigo: "rede" });
  });
});

describe("fetchSnapshot: answers that are not a picture", () => {
  it.each([301, 302, 303, 307, 308])("a %i redirect is a failure and its target is never requested", async (status) => {
    const target = await startCamera((_req, res) => sendImage(res));
    const camera = await startCamera((_req, res) => {
      res.writeHead(status, { location: target.url("/outra") }).end();
    });
    const result = await fetchSnapshot({ url: camera.url() }, { allowPrivate: true });
    expect(result).toMatchObject({
      ok: false,
      codigo: "redirect",
      motivo: "A câmera redirecionou para outro endereço; configure o endereço final.",
    });
    expect(target.connections()).toBe(0);
  });

  it("a picture over 10 MB is 'grande', with or without Content-Length", async () => {
    const big = Buffer.alloc(11 * 1024 * 1024, 0xab);
    const declared = await startCamera((_req, res) => {
      res.writeHead(200, { "content-type": "image/jpeg", "content-length": big.length });
      res.end(big);
    });
    const chunked = await startCamera((_req, res) => {
      res.writeHead(200, { "content-type": "image/jpeg" });
      // Written in 1 MB chunks without a length (chunked encoding): the client must count.
      for (let offset = 0; offset < big.length; offset += 1024 * 1024)
        res.write(big.subarray(offset, offset + 1024 * 1024));
      res.end();
    });
    for (const camera of [declared, chunked]) {
      const result = await fetchSnapshot({ url: camera.url() }, { allowPrivate: true });
      expect(result).toMatchObject({ ok: false, codigo: "grande", motivo: "A imagem da câmera passa de 10 MB." });
    }
  });

  it("the limit is inclusive: exactly maxBytes is accepted, one more byte is not", async () => {
    const camera = await startCamera((req, res) => {
      const size = req.url === "/mais" ? 1001 : 1000;
      res.writeHead(200, { "content-type": "image/jpeg" });
      res.end(IMAGE.subarray(0, size));
    });
    const exact = await fetchSnapshot({ url: camera.url("/exato") }, { allowPrivate: true, maxBytes: 1000 });
    expect(exact.ok && exact.bytes.equals(IMAGE.subarray(0, 1000))).toBe(true);
    const over = await fetchSnapshot({ url: camera.url("/mais") }, { allowPrivate: true, maxBytes: 1000 });
    expect(over).toMatchObject({ ok: false, codigo: "grande" });
  });

  it.each([
    [500, "A câmera respondeu com erro 500."],
    [503, "A câmera respondeu com erro 503."],
    [404, "A câmera respondeu com erro 404: o caminho da imagem não existe nela."],
  ])("an HTTP %i is 'http'", async (status, motivo) => {
    const camera = await startCamera((_req, res) => {
      res.writeHead(status, { "content-type": "text/html" }).end(`<h1>${SENHA}</h1>`);
    });
    const result = await fetchSnapshot({ url: camera.url() }, { allowPrivate: true });
    expect(result).toEqual({ ok: false, codigo: "http", motivo, ms: expect.any(Number) });
  });

  it("an empty 200 is 'http'", async () => {
    const camera = await startCamera((_req, res) => {
      res.writeHead(200, { "content-type": "image/jpeg" }).end();
    });
    expect(await fetchSnapshot({ url: camera.url() }, { allowPrivate: true })).toMatchObject({
      ok: false,
      codigo: "http",
      motivo: "A câmera respondeu sem imagem.",
    });
  });

  it("a connection closed mid-body, and a refused connection, are 'rede'", async () => {
    const camera = await startCamera((_req, res) => {
      res.writeHead(200, { "content-type": "image/jpeg", "content-length": 1000 });
      res.write(IMAGE.subarray(0, 10), () => res.socket?.destroy());
    });
    const cut = await fetchSnapshot({ url: camera.url() }, { allowPrivate: true });
    expect(cut).toMatchObject({ ok: false, codigo: "rede" });

    const closed = await startCamera(hangs);
    const server = servers.pop();
    await new Promise((resolve) => server?.close(resolve));
    const refused = await fetchSnapshot({ url: closed.url() }, { allowPrivate: true });
    expect(refused).toMatchObject({
      ok: false,
      codigo: "rede",
      motivo: "A câmera recusou a conexão. Confira o endereço e a porta.",
    });
  });
});

describe("fetchSnapshot: addresses", () => {
  it.each([
    ["an IPv4 literal", (port: number) => `http://127.0.0.1:${port}/picture`],
    ["localhost", (port: number) => `http://localhost:${port}/picture`],
    ["an IPv6 literal", (port: number) => `http://[::1]:${port}/picture`],
    ["a name whose DNS answer is private", (port: number) => `http://${REBOUND_NAME}:${port}/picture`],
  ])("refuses %s when private addresses are not allowed, without connecting", async (_name, url) => {
    const camera = await startCamera((_req, res) => sendImage(res));
    const result = await fetchSnapshot({ url: url(camera.port) }, { allowPrivate: false });
    expect(result).toMatchObject({ ok: false, codigo: "endereco" });
    if (!result.ok) {
      expect(result.motivo).toMatch(/^Endereço interno ou privado não é permitido/);
      expect(result.motivo).not.toContain("127.0.0.1");
    }
    expect(camera.connections()).toBe(0);
  });

  it("reaches the same name when private addresses are allowed (it does resolve to the camera)", async () => {
    const camera = await startCamera((_req, res) => sendImage(res));
    const result = await fetchSnapshot(
      { url: `http://${REBOUND_NAME}:${camera.port}/picture` },
      { allowPrivate: true },
    );
    expect(result.ok && result.bytes.equals(IMAGE)).toBe(true);
    expect(camera.requests[0]?.host).toBe(`${REBOUND_NAME}:${camera.port}`);
  });

  it("refuses a URL that cameraUrlProblem refuses, before any connection", async () => {
    const camera = await startCamera((_req, res) => sendImage(res));
    const withCredentials = `http://${USUARIO}:${SENHA}@127.0.0.1:${camera.port}/picture`;
    const result = await fetchSnapshot({ url: withCredentials }, { allowPrivate: true });
    expect(result).toMatchObject({ ok: false, codigo: "endereco" });
    expect(JSON.stringify(result)).not.toContain(SENHA);
    expect(await fetchSnapshot({ url: "ftp://127.0.0.1/x.jpg" }, { allowPrivate: true })).toMatchObject({
      ok: false,
      codigo: "endereco",
    });
    expect(camera.connections()).toBe(0);
  });
});

describe("cameraUrlProblem", () => {
  it.each([
    "http://200.150.10.20/ISAPI/Streaming/channels/101/picture",
    "https://camera.condominio.com.br:8443/cgi-bin/snapshot.cgi?channel=1",
    "http://[2001:4860:4860::8888]/picture",
    "  http://200.150.10.20/snapshot.jpg  ",
  ])("accepts %s", (url) => {
    expect(cameraUrlProblem(url, false)).toBeNull();
    expect(cameraUrlProblem(url, true)).toBeNull();
  });

  it.each([
    "http://192.168.1.64/ISAPI/Streaming/channels/101/picture",
    "http://10.0.0.20/cgi-bin/snapshot.cgi",
    "http://172.16.5.5/snapshot.jpg",
    "http://127.0.0.1:8080/picture",
    "http://169.254.169.254/latest/meta-data/",
    "http://localhost/picture",
    "http://nvr.local/picture",
    "http://[fe80::1]/picture",
    "http://2130706433/picture",
  ])("refuses %s unless private addresses are allowed", (url) => {
    expect(cameraUrlProblem(url, false)).toMatch(/^Endereço interno ou privado não é permitido/);
    expect(cameraUrlProblem(url, true)).toBeNull();
  });

  it.each([
    "http://admin:12345@192.168.1.64/ISAPI/Streaming/channels/101/picture",
    "http://admin@200.150.10.20/picture",
    "https://:senha@camera.condominio.com.br/picture",
  ])("refuses credentials in the URL (%s), pointing to the user and password fields", (url) => {
    expect(cameraUrlProblem(url, true)).toMatch(/campos Usuário e Senha/);
    expect(cameraUrlProblem(url, false)).toMatch(/campos Usuário e Senha/);
  });

  it.each([
    "",
    "câmera da portaria",
    "192.168.1.64/picture",
    "rtsp://192.168.1.64:554/Streaming/Channels/101",
    "ftp://200.150.10.20/snapshot.jpg",
    "file:///etc/passwd",
    "javascript:alert(1)",
  ])("refuses %j: not an http(s) URL", (url) => {
    expect(cameraUrlProblem(url, true)).toMatch(/URL http:\/\/ ou https:\/\//);
  });
});
