import { describe, expect, it } from "vitest";
import { regexes } from "zod/v4/core";
import { signInSchema } from "@/shared/schemas/auth";
import { EMAIL_PATTERN, validateSignIn } from "./sign-in-validation";

const EMAILS = [
  "",
  " ",
  "   \t",
  "a@b",
  "a@b.c",
  "a@b.co",
  " sindico@demo.guarita.app ",
  "sindico@demo.guarita.app",
  "João@exemplo.com.br",
  "joao@exemplo",
  "joao.silva+tag@exemplo.com.br",
  "joao..silva@exemplo.com",
  ".joao@exemplo.com",
  "joao.@exemplo.com",
  "joao@-exemplo.com",
  "joao@exemplo..com",
  "joao@exemplo.c0m",
  "o'neil@exemplo.com",
  "a b@exemplo.com",
  "@exemplo.com",
  "joao@",
  "joao@@exemplo.com",
  `${"x".repeat(300)}@exemplo.com`,
];
const PASSWORDS = ["", " ", "demo1234", "senha com espaço "];

describe("validateSignIn", () => {
  it("uses zod's own e-mail pattern", () => {
    // zod writes `\-` at the end of its character classes, where "-" (as here) means the same.
    expect(EMAIL_PATTERN.source).toBe(regexes.email.source.replaceAll("\\-]", "-]"));
    expect(EMAIL_PATTERN.flags).toBe(regexes.email.flags);
  });

  it("gives what signInSchema gives, for every pair of inputs", () => {
    for (const email of EMAILS) {
      for (const password of PASSWORDS) {
        const ours = validateSignIn({ email, password });
        const theirs = signInSchema.safeParse({ email, password });
        expect(ours.success, JSON.stringify({ email, password })).toBe(theirs.success);
        if (ours.success && theirs.success) {
          expect(ours.data).toEqual(theirs.data);
        } else if (!ours.success && !theirs.success) {
          const first: Record<string, string> = {};
          for (const issue of theirs.error.issues) {
            const field = String(issue.path[0]);
            first[field] ??= issue.message;
          }
          expect(ours.errors).toEqual(first);
        }
      }
    }
  });
});
