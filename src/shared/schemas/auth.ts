import { z } from "zod";

/**
 * Sign-in form (docs/product.md, "Sign-in and passwords"): e-mail and password are required and the e-mail must be
 * an address. The browser's own `required`/`type="email"` checks run first; these messages cover the
 * rest (for example "a@b", which browsers accept).
 */
export const signInSchema = z.object({
  email: z.string().trim().min(1, "E-mail é obrigatório").pipe(z.email("E-mail inválido")),
  password: z.string().min(1, "Senha é obrigatória"),
});

export type SignInInput = z.input<typeof signInSchema>;
export type SignInValues = z.output<typeof signInSchema>;

/** "Esqueceu a senha?" (/esqueci-a-senha): the address to send the link to. */
export const forgotPasswordSchema = z.object({
  email: z.string().trim().min(1, "E-mail é obrigatório").pipe(z.email("E-mail inválido")),
});
export type ForgotPasswordInput = z.input<typeof forgotPasswordSchema>;

/**
 * The answer to every reset request, whether or not the address has an account (and whether or not
 * a mail actually goes out): the same status and text, so the form cannot be used to find accounts.
 */
export const PASSWORD_RESET_REQUESTED_MESSAGE =
  "Se houver uma conta com este e-mail, você receberá um link para redefinir a senha em alguns minutos.";

/** A reset or confirmation link that is unknown, expired or already used. */
export const INVALID_LINK_MESSAGE = "Este link é inválido, expirou ou já foi usado. Peça um novo link.";

/**
 * What /verificar-email says for the `?error=` codes better-auth's GET /verify-email redirects with.
 * Any other code gets the invalid-link text.
 */
export const EMAIL_VERIFICATION_ERRORS: Readonly<Record<string, string>> = {
  TOKEN_EXPIRED: "Este link de confirmação expirou. Peça um novo e-mail de confirmação.",
  INVALID_TOKEN: "Este link de confirmação é inválido ou não é mais desta conta. Peça um novo e-mail de confirmação.",
  USER_NOT_FOUND: "A conta deste link não existe mais.",
  INVALID_USER: "Este link é de outra conta. Saia da conta atual e abra o link novamente.",
};
