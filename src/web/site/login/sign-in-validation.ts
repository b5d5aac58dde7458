/**
 * The sign-in form's checks, without zod in the page (docs/decisions/026): the rules and messages of
 * `signInSchema` (src/shared/schemas/auth.ts) and zod's e-mail pattern. sign-in-validation.test.ts
 * runs both on the same inputs and checks the pattern against the installed zod's.
 */

/** zod's `z.email()` pattern (zod/v4/core's `regexes.email`). */
export const EMAIL_PATTERN =
  /^(?:[A-Za-z0-9_'+-]+\.)*[A-Za-z0-9_'+-]*[A-Za-z0-9_+-]@(?:[A-Za-z0-9][A-Za-z0-9-]*\.)+[A-Za-z]{2,}$/;

export type SignInField = "email" | "password";
export type SignInErrors = Partial<Record<SignInField, string>>;
export interface SignInFormValues {
  email: string;
  password: string;
}

/** `signInSchema.safeParse`: the values to send (the e-mail trimmed), or the first message of each field. */
export function validateSignIn(
  input: SignInFormValues,
): { success: true; data: SignInFormValues } | { success: false; errors: SignInErrors } {
  const errors: SignInErrors = {};
  const email = input.email.trim();
  if (email.length < 1) errors.email = "E-mail é obrigatório";
  else if (!EMAIL_PATTERN.test(email)) errors.email = "E-mail inválido";
  if (input.password.length < 1) errors.password = "Senha é obrigatória";
  if (errors.email || errors.password) return { success: false, errors };
  return { success: true, data: { email, password: input.password } };
}
