/**
 * Our own validation in front of the better-auth endpoints whose schemas are looser than the
 * product's rules (update-user accepts any record, for instance). Same zod + pt-BR messages as
 * every other endpoint; a body that fails never reaches better-auth. Every endpoint that sets a new
 * password takes the shared new-password rule; sign-in only bounds the length, so existing
 * passwords keep working.
 */
import { z } from "zod";
import { newPasswordSchema } from "../../shared/schemas/password";
import { avatarDataUrlSchema } from "../../shared/schemas/perfil";

const email = z.string().trim().email("E-mail inválido").max(254);

export const AUTH_BODY_GUARDS: Record<string, z.ZodType> = {
  "/sign-in/email": z.object({
    email,
    password: z.string().min(1, "Informe a senha").max(128),
    rememberMe: z.boolean().optional(),
    callbackURL: z.string().optional(),
  }),
  "/change-password": z.object({
    newPassword: newPasswordSchema,
    currentPassword: z.string().min(1, "Informe a senha atual").max(128),
    revokeOtherSessions: z.boolean().optional(),
  }),
  "/reset-password": z.object({
    newPassword: newPasswordSchema,
    token: z.string().max(512).optional(),
  }),
  // The e-mailed link is built from the token and the public URL (auth.ts), whatever redirectTo says.
  "/request-password-reset": z.object({
    email,
    redirectTo: z.string().max(2048).optional(),
  }),
  "/send-verification-email": z.object({
    email,
    callbackURL: z.string().max(2048).optional(),
  }),
  "/update-user": z
    .object({
      name: z.string().trim().min(2, "Nome deve ter pelo menos 2 caracteres").max(120).optional(),
      // The profile's photo rule (PUT /api/perfil): a small PNG/JPEG/WebP data: URL, never a link
      // (a javascript: URL, a huge value on every /api/me, or a remote image that tells its host who
      // opened the team screen).
      image: avatarDataUrlSchema.nullable().optional(),
    })
    .strict(),
};

/**
 * Every other endpoint: better-auth's origin check reads these redirect targets before its own body
 * validation and answers a non-string with a bare 400 "Invalid callbackURL"; this names the field.
 */
export const REDIRECT_URL_GUARD = z.looseObject({
  callbackURL: z.string().optional(),
  redirectTo: z.string().optional(),
  errorCallbackURL: z.string().optional(),
  newUserCallbackURL: z.string().optional(),
});
