import { describe, expect, it } from "vitest";
import { basicAuthorization, digestAuthorization, isStale, parseChallenges, pickChallenge } from "./digest-auth";

/** The Authorization value's parameters, read independently of the code under test. */
function params(header: string): Record<string, string> {
  const found: Record<string, string> = {};
  for (const match of header.replace(/^Digest /, "").matchAll(/([\w*]+)=(?:"((?:[^"\\]|\\.)*)"|([^\s,]+))/g)) {
    const [, name = "", quoted, bare] = match;
    found[name] = quoted !== undefined ? quoted.replace(/\\(.)/g, "$1") : (bare ?? "");
  }
  return found;
}

describe("digestAuthorization: the RFC examples", () => {
  // RFC 7616 §3.9.1: the same request answered with MD5 and with SHA-256.
  const rfc7616 = (algorithm: string) =>
    parseChallenges(
      `Digest realm="http-auth@example.org", qop="auth, auth-int", algorithm=${algorithm}, nonce="7ypf/xlj9XXwfDPEoM4URrv/xwf94BcCAzFZH4GiTo0v", opaque="FQhe/qaU925kfnzjCev0ciny7QMkPqMAFRtzCUYo5tdS"`,
    )[0];

  it.each([
    ["MD5", "8ca523f5e9506fed4657c9700eebdbec"],
    ["SHA-256", "753927fa0e85d155564e2e272a28d1802ca10daf4496794697cf8db5856cb6c1"],
  ])("RFC 7616 §3.9.1 with %s", (algorithm, expected) => {
    const challenge = rfc7616(algorithm);
    expect(challenge).toBeDefined();
    const header = digestAuthorization({
      challenge: challenge as NonNullable<typeof challenge>,
      method: "GET",
      uri: "/dir/index.html",
      username: "Mufasa",
      password: "Circle of Life",
      cnonce: "f2/wE4q74E6zIJEtWaHKaf5wv/H5QzzpXusqGemxURZJ",
    });
    expect(header).toMatch(/^Digest /);
    expect(params(header ?? "")).toEqual({
      username: "Mufasa",
      realm: "http-auth@example.org",
      nonce: "7ypf/xlj9XXwfDPEoM4URrv/xwf94BcCAzFZH4GiTo0v",
      uri: "/dir/index.html",
      algorithm,
      response: expected,
      cnonce: "f2/wE4q74E6zIJEtWaHKaf5wv/H5QzzpXusqGemxURZJ",
      qop: "auth",
      nc: "00000001",
      opaque: "FQhe/qaU925kfnzjCev0ciny7QMkPqMAFRtzCUYo5tdS",
    });
  });

  it("RFC 2617 §3.5 (MD5 without an algorithm parameter, qop=auth)", () => {
    const [challenge] = parseChallenges(
      'Digest realm="testrealm@host.com", qop="auth,auth-int", nonce="dcd98b7102dd2f0e8b11d0f600bfb0c093", opaque="5ccc069c403ebaf9f0171e9517f40e41"',
    );
    const header = digestAuthorization({
      challenge: challenge as NonNullable<typeof challenge>,
      method: "GET",
      uri: "/dir/index.html",
      username: "Mufasa",
      password: "Circle Of Life",
      cnonce: "0a4f113b",
    });
    const sent = params(header ?? "");
    expect(sent.response).toBe("6629fae49393a05397450978507c4ef1");
    expect(sent.algorithm).toBeUndefined();
  });

  it("the legacy form without qop sends no nc and no cnonce", () => {
    const [challenge] = parseChallenges(
      'Digest realm="testrealm@host.com", nonce="dcd98b7102dd2f0e8b11d0f600bfb0c093"',
    );
    const sent = params(
      digestAuthorization({
        challenge: challenge as NonNullable<typeof challenge>,
        method: "GET",
        uri: "/dir/index.html",
        username: "Mufasa",
        password: "Circle Of Life",
      }) ?? "",
    );
    // MD5(MD5(A1):nonce:MD5(A2)), computed by hand from the RFC 2617 example's HA1 and HA2.
    expect(sent.response).toBe("670fd8c2df070c60b045671b8b24ff02");
    expect(sent.qop).toBeUndefined();
    expect(sent.nc).toBeUndefined();
    expect(sent.cnonce).toBeUndefined();
  });

  it("escapes quotes in the user name, and a user name outside ASCII goes in username*", () => {
    const [challenge] = parseChallenges('Digest realm="r", nonce="n", qop=auth');
    const input = { challenge: challenge as NonNullable<typeof challenge>, method: "GET", uri: "/", password: "x" };
    expect(digestAuthorization({ ...input, username: 'a"b\\c' })).toContain('username="a\\"b\\\\c"');
    expect(digestAuthorization({ ...input, username: "joão" })).toContain("username*=UTF-8''jo%C3%A3o");
  });
});

describe("parseChallenges and pickChallenge", () => {
  it("reads several challenges in one header, commas inside quotes included", () => {
    const found = parseChallenges(
      'Basic realm="Portaria, bloco A", Digest realm="IP Camera(F1234)", qop="auth,auth-int", nonce="abc", stale=FALSE, Negotiate abc==',
    );
    expect(found).toEqual([
      { scheme: "basic", params: { realm: "Portaria, bloco A" } },
      { scheme: "digest", params: { realm: "IP Camera(F1234)", qop: "auth,auth-int", nonce: "abc", stale: "FALSE" } },
      { scheme: "negotiate", params: {} },
    ]);
    // Digest is answered even when Basic comes first: Basic would send the password itself.
    expect(pickChallenge(found)?.scheme).toBe("digest");
  });

  it("follows the server's order among Digest challenges and skips what it cannot answer", () => {
    const found = parseChallenges([
      'Digest realm="r", nonce="1", algorithm=SHA-512-256-sess, qop="auth-conf"',
      'Digest realm="r", nonce="2", algorithm=SHA3-256, qop="auth"',
      'Digest realm="r", nonce="3", algorithm=SHA-256, qop="auth"',
      'Digest realm="r", nonce="4", algorithm=MD5, qop="auth"',
    ]);
    expect(pickChallenge(found)?.params.nonce).toBe("3");
  });

  it("falls back to Basic, and to nothing for unknown schemes", () => {
    expect(pickChallenge(parseChallenges('Basic realm="cam"'))?.scheme).toBe("basic");
    expect(pickChallenge(parseChallenges('Bearer realm="cam", NTLM'))).toBeNull();
    expect(pickChallenge(parseChallenges(""))).toBeNull();
    expect(parseChallenges('=== ,,, "x')).toEqual([]);
  });

  it("isStale reads stale=true in any case", () => {
    expect(isStale(parseChallenges('Digest realm="r", nonce="n", stale=TRUE')[0] as never)).toBe(true);
    expect(isStale(parseChallenges('Digest realm="r", nonce="n"')[0] as never)).toBe(false);
  });

  it("basicAuthorization encodes user and password as UTF-8", () => {
    expect(basicAuthorization("admin", "senha:ç")).toBe(`Basic ${Buffer.from("admin:senha:ç").toString("base64")}`);
  });
});
