import { dictionary } from "@zxcvbn-ts/language-common";
import { describe, expect, it } from "vitest";
import { COMMON_PASSWORDS, COMMON_PASSWORDS_SOURCE } from "../common-passwords";
import { newPasswordSchema, PASSWORD_TOO_COMMON, PASSWORD_TOO_LONG, PASSWORD_TOO_SHORT } from "./password";
import "../zod-config";

const messages = (value: unknown) => {
  const result = newPasswordSchema.safeParse(value);
  return result.success ? [] : result.error.issues.map((i) => i.message);
};

describe("the common-password list", () => {
  it("is the installed package's 10,000 most common passwords, in rank order (scripts/common-passwords.mjs)", async () => {
    const { version } = (await import("@zxcvbn-ts/language-common/package.json", { with: { type: "json" } })).default;
    expect(COMMON_PASSWORDS_SOURCE).toBe(`@zxcvbn-ts/language-common@${version}`);
    expect(COMMON_PASSWORDS.split("\n")).toEqual(dictionary["passwords-common"].slice(0, 10_000));
  });
});

describe("newPasswordSchema", () => {
  it.each(["123456", "password", "qwerty123", "Password", "FLAMENGO", "iloveyou"])("refuses %s as too common", (p) => {
    expect(messages(p)).toEqual([PASSWORD_TOO_COMMON]);
  });

  it("keeps the product's minimum length and message, and caps the length at 128", () => {
    expect(messages("12345")).toEqual([PASSWORD_TOO_SHORT]);
    expect(messages("")).toEqual([PASSWORD_TOO_SHORT]);
    expect(messages(undefined)).toEqual([PASSWORD_TOO_SHORT]);
    expect(PASSWORD_TOO_SHORT).toBe("A senha deve ter pelo menos 6 caracteres");
    expect(messages("a1-".repeat(43))).toEqual([PASSWORD_TOO_LONG]);
    expect(messages(`${"a1-".repeat(42)}zz`)).toEqual([]);
  });

  it("accepts a password that is not on the list", () => {
    expect(messages("portaria-do-jardim-42")).toEqual([]);
  });
});
