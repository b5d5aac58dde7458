/**
 * The secret box (docs/decisions/039-visitor-photos.md, "Gate cameras"): what it seals opens only with
 * the same server secret, purpose and row; it never holds the plaintext visibly, and a tampered or
 * foreign value opens to null instead of throwing.
 */
import { describe, expect, it } from "vitest";
import { openSecret, sealSecret } from "./secret-box";

const SECRET = "test-secret-test-secret-test-secret-123";
const GATE = "4b0c8a9e-4a0f-4d53-9a38-0c3f3b1f9d11";

describe("secret box", () => {
  it("opens what it sealed, with a fresh IV each time and no plaintext in sight", () => {
    const a = sealSecret(SECRET, "camera-senha", "s3nh@ da câmera", GATE);
    const b = sealSecret(SECRET, "camera-senha", "s3nh@ da câmera", GATE);
    expect(a).not.toBe(b);
    expect(a).toMatch(/^v1\.[\w-]{16}\.[\w-]+\.[\w-]{22}$/);
    expect(a).not.toContain("s3nh");
    expect(openSecret(SECRET, "camera-senha", a, GATE)).toBe("s3nh@ da câmera");
    expect(openSecret(SECRET, "camera-senha", b, GATE)).toBe("s3nh@ da câmera");
  });

  it("does not open under another server secret, purpose or row", () => {
    const sealed = sealSecret(SECRET, "camera-senha", "segredo", GATE);
    expect(openSecret(`${SECRET}-novo`, "camera-senha", sealed, GATE)).toBeNull();
    expect(openSecret(SECRET, "outra-coisa", sealed, GATE)).toBeNull();
    expect(openSecret(SECRET, "camera-senha", sealed, "8f0e7c52-0000-4000-8000-000000000000")).toBeNull();
  });

  it("refuses tampered or malformed values without throwing", () => {
    const sealed = sealSecret(SECRET, "camera-senha", "segredo", GATE);
    const [v, iv, ct, tag] = sealed.split(".") as [string, string, string, string];
    const flipped = Buffer.from(ct, "base64url");
    flipped[0]! ^= 1;
    expect(openSecret(SECRET, "camera-senha", [v, iv, flipped.toString("base64url"), tag].join("."), GATE)).toBeNull();
    expect(openSecret(SECRET, "camera-senha", [v, iv, ct, "AAAA"].join("."), GATE)).toBeNull();
    expect(openSecret(SECRET, "camera-senha", `v2.${iv}.${ct}.${tag}`, GATE)).toBeNull();
    expect(openSecret(SECRET, "camera-senha", "segredo", GATE)).toBeNull();
    expect(openSecret(SECRET, "camera-senha", "", GATE)).toBeNull();
  });

  it("seals the empty string and long texts alike", () => {
    for (const text of ["", "x".repeat(5000)]) {
      expect(openSecret(SECRET, "camera-senha", sealSecret(SECRET, "camera-senha", text, GATE), GATE)).toBe(text);
    }
  });
});
