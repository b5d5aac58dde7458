/**
 * Account creation after checkout (docs/product.md, "Account creation"): the password form the
 * create-account page and POST /api/cadastro both validate with, and the API's answer.
 */
import { z } from "zod";
import { newPasswordSchema, passwordLengthSchema } from "./password";

/** POST /api/cadastro's 402, and what the create-account page says when this browser has no paid checkout. */
export const PAYMENT_REQUIRED_MESSAGE =
  "Não encontramos um pagamento confirmado neste navegador. Conclua o checkout para criar a sua conta.";

export const cadastroSchema = z
  .object({
    senha: newPasswordSchema,
    confirmacao: passwordLengthSchema,
  })
  .strict()
  .refine((v) => v.senha === v.confirmacao, { message: "As senhas não coincidem", path: ["confirmacao"] });
export type CadastroInput = z.input<typeof cadastroSchema>;

export const cadastroResultSchema = z.object({
  user: z.object({ id: z.string(), email: z.string(), name: z.string() }),
  organization: z.object({ id: z.string(), name: z.string() }),
});
export type CadastroResult = z.infer<typeof cadastroResultSchema>;
