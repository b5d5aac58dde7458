/**
 * Accepting an invitation (the /convite page and POST /api/convites/{token}/aceitar). Its own module
 * because it carries the new-password rule and its list of common passwords, which the console's
 * team screen must not download.
 */
import { z } from "zod";
import { newPasswordSchema, passwordLengthSchema } from "./password";

/** Accepting with a new account: name and password. With an existing account, signed in: empty body. */
export const aceitarConviteSchema = z
  .object({
    nome: z
      .string({ error: "Informe seu nome" })
      .trim()
      .min(2, "Nome deve ter pelo menos 2 caracteres")
      .max(120, "Nome deve ter no máximo 120 caracteres")
      .optional(),
    senha: newPasswordSchema.optional(),
  })
  .strict();
export type AceitarConviteInput = z.input<typeof aceitarConviteSchema>;

/** The invitation page's form for a new account: the password typed twice, as on account creation. */
export const conviteNovaContaFormSchema = z
  .object({
    nome: z
      .string({ error: "Informe seu nome" })
      .trim()
      .min(2, "Nome deve ter pelo menos 2 caracteres")
      .max(120, "Nome deve ter no máximo 120 caracteres"),
    senha: newPasswordSchema,
    confirmacao: passwordLengthSchema,
  })
  .strict()
  .refine((v) => v.senha === v.confirmacao, { message: "As senhas não coincidem", path: ["confirmacao"] });
export type ConviteNovaContaForm = z.input<typeof conviteNovaContaFormSchema>;
