/**
 * Our own validation in front of the better-auth endpoints whose schemas are looser than the
 * product's rules (update-user accepts any record, for instance). Same zod + pt-BR messages as
 * every other endpoint; a body that fails never reaches better-auth.
 */
import { z } from "zod";

const email = z.string().trim().email("E-mail inválido").max(254);

export const AUTH_BODY_GUARDS: Record<string, z.ZodType> = {
  "/sign-in/email": z.object({
    email,
    password: z.string().min(1, "Informe a senha").max(128),
    rememberMe: z.boolean().optional(),
    callbackURL: z.string().optional(),
  }),
  "/sign-up/email": z.object({
    email,
    password: z.string().min(6, "A senha deve ter pelo menos 6 caracteres").max(128),
    name: z.string().trim().min(2, "Nome deve ter pelo menos 2 caracteres").max(120),
    image: z.string().url("URL inválida").nullable().optional(),
    callbackURL: z.string().optional(),
    rememberMe: z.boolean().optional(),
  }),
  "/update-user": z
    .object({
      name: z.string().trim().min(2, "Nome deve ter pelo menos 2 caracteres").max(120).optional(),
      image: z.string().url("URL inválida").nullable().optional(),
    })
    .strict(),
};
