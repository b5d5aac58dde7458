/**
 * The new-password form of /redefinir-senha: the shared new-password rule and its confirmation.
 * Kept apart from schemas/auth.ts, which the sign-in page imports: this module brings the list of
 * common passwords (schemas/password.ts), which must stay out of that page's bundle.
 */
import { z } from "zod";
import { newPasswordSchema, passwordLengthSchema } from "./password";

export const resetPasswordFormSchema = z
  .object({
    senha: newPasswordSchema,
    confirmacao: passwordLengthSchema,
  })
  .refine((v) => v.senha === v.confirmacao, { message: "As senhas não coincidem", path: ["confirmacao"] });
export type ResetPasswordFormInput = z.input<typeof resetPasswordFormSchema>;
