/**
 * The rule for every new password (account creation, and any better-auth endpoint that sets one): the
 * product's minimum length and its message (docs/product.md, "Validation messages"), at most 128 characters,
 * and none of the 10,000 most common passwords. Signing in never applies it, so existing logins keep working.
 *
 * Kept in its own module with the list: only the create-account page and the server import it,
 * so the list stays out of every other page's bundle.
 */
import { z } from "zod";
import { COMMON_PASSWORDS } from "../common-passwords";

export const PASSWORD_MIN_LENGTH = 6;
export const PASSWORD_MAX_LENGTH = 128;

export const PASSWORD_TOO_SHORT = "A senha deve ter pelo menos 6 caracteres";
export const PASSWORD_TOO_LONG = "A senha deve ter no máximo 128 caracteres";
export const PASSWORD_TOO_COMMON =
  "Esta senha está entre as mais usadas e é fácil de adivinhar. Escolha uma senha menos comum.";

let commonPasswords: Set<string> | undefined;

/** The list is lower case (as zxcvbn matches it): "Password" is as common as "password". */
export function isCommonPassword(password: string): boolean {
  commonPasswords ??= new Set(COMMON_PASSWORDS.split("\n"));
  return commonPasswords.has(password.toLowerCase());
}

/** Length is checked first (and stops there), so a short password gets only the length message. */
export const passwordLengthSchema = z
  .string({ error: PASSWORD_TOO_SHORT })
  .min(PASSWORD_MIN_LENGTH, { error: PASSWORD_TOO_SHORT, abort: true })
  .max(PASSWORD_MAX_LENGTH, { error: PASSWORD_TOO_LONG, abort: true });

export const newPasswordSchema = passwordLengthSchema.refine((v) => !isCommonPassword(v), PASSWORD_TOO_COMMON);
