import { z } from "zod";

/**
 * Sign-in form (SPEC.md sections 2.2 and 5): e-mail and password are required and the e-mail must be
 * an address. The browser's own `required`/`type="email"` checks run first; these messages cover the
 * rest (for example "a@b", which browsers accept).
 */
export const signInSchema = z.object({
  email: z.string().trim().min(1, "E-mail é obrigatório").pipe(z.email("E-mail inválido")),
  password: z.string().min(1, "Senha é obrigatória"),
});

export type SignInInput = z.input<typeof signInSchema>;
export type SignInValues = z.output<typeof signInSchema>;
