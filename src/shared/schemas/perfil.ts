/**
 * The signed-in user's own profile ("Perfil" in the user menu): name and photo (PUT /api/perfil),
 * the password form (sent to better-auth's /api/auth/change-password) and the open sessions
 * (GET/DELETE /api/perfil/sessoes). Only the profile screen and the server import this module: it
 * carries the new-password rule and its list of common passwords.
 */
import { z } from "zod";
import { newPasswordSchema, PASSWORD_MAX_LENGTH, passwordLengthSchema } from "./password";

/** The photo is stored in the user row as a data: URL, so it must stay small (the web sends 128×128). */
export const AVATAR_SIZE_PX = 128;
export const AVATAR_MAX_BYTES = 100 * 1024;
export const AVATAR_TYPES = ["image/png", "image/jpeg", "image/webp"] as const;
export type AvatarType = (typeof AVATAR_TYPES)[number];

const AVATAR_LABELS: Record<AvatarType, string> = { "image/png": "PNG", "image/jpeg": "JPEG", "image/webp": "WebP" };
const DATA_URL_PREFIX = /^data:(image\/(?:png|jpeg|webp));base64,/;
// Base64 of AVATAR_MAX_BYTES plus the longest prefix: anything longer is refused before any regex runs.
const MAX_DATA_URL_LENGTH = "data:image/jpeg;base64,".length + Math.ceil(AVATAR_MAX_BYTES / 3) * 4;

export const AVATAR_INVALID = "A foto deve ser uma imagem PNG, JPEG ou WebP.";
export const AVATAR_TOO_LARGE = "A foto deve ter no máximo 100 KB.";
const notRealImage = (type: AvatarType) => `O conteúdo da foto não é uma imagem ${AVATAR_LABELS[type]} válida.`;

/** The first bytes of each accepted format (PNG signature, JPEG SOI marker, RIFF....WEBP). */
function hasSignature(type: AvatarType, bytes: Uint8Array): boolean {
  const at = (offset: number, expected: number[]) => expected.every((b, i) => bytes[offset + i] === b);
  if (type === "image/png") return at(0, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
  if (type === "image/jpeg") return at(0, [0xff, 0xd8, 0xff]);
  return at(0, [0x52, 0x49, 0x46, 0x46]) && at(8, [0x57, 0x45, 0x42, 0x50]);
}

/** Bytes a base64 text decodes to (its length minus the padding). */
function decodedLength(base64: string): number {
  const padding = base64.endsWith("==") ? 2 : base64.endsWith("=") ? 1 : 0;
  return (base64.length / 4) * 3 - padding;
}

/**
 * A photo as a data: URL: PNG, JPEG or WebP, well-formed base64 whose bytes start with the declared
 * format's signature (so a renamed file or a text is refused), at most AVATAR_MAX_BYTES decoded.
 */
export const avatarDataUrlSchema = z
  .string({ error: (issue) => (issue.input === undefined ? "Campo obrigatório" : AVATAR_INVALID) })
  .max(MAX_DATA_URL_LENGTH, { error: AVATAR_TOO_LARGE, abort: true })
  .superRefine((value, ctx) => {
    const prefix = DATA_URL_PREFIX.exec(value);
    const base64 = prefix ? value.slice(prefix[0].length) : "";
    if (!prefix || base64.length === 0 || base64.length % 4 !== 0 || !/^[A-Za-z0-9+/]+={0,2}$/.test(base64)) {
      ctx.addIssue({ code: "custom", message: AVATAR_INVALID });
      return;
    }
    if (decodedLength(base64) > AVATAR_MAX_BYTES) {
      ctx.addIssue({ code: "custom", message: AVATAR_TOO_LARGE });
      return;
    }
    const type = prefix[1] as AvatarType;
    // 16 base64 characters are 12 bytes: enough for every signature (WebP's ends at byte 12).
    const head = Uint8Array.from(atob(base64.slice(0, 16)), (ch) => ch.charCodeAt(0));
    if (!hasSignature(type, head)) ctx.addIssue({ code: "custom", message: notRealImage(type) });
  });

export const NAME_TOO_SHORT = "Nome deve ter pelo menos 2 caracteres";

/** PUT /api/perfil and the "Dados pessoais" form: the name shown in the console and the photo (null removes it). */
export const perfilInputSchema = z
  .object({
    name: z
      .string({ error: NAME_TOO_SHORT })
      .trim()
      .min(2, NAME_TOO_SHORT)
      .max(120, "Nome deve ter no máximo 120 caracteres"),
    image: avatarDataUrlSchema.nullable(),
  })
  .strict();
export type PerfilInput = z.input<typeof perfilInputSchema>;

/** The signed-in user as /api/me shows it (the e-mail is the login and is not changed here). */
export const perfilSchema = z.object({
  id: z.string(),
  name: z.string(),
  email: z.string(),
  image: z.string().nullable(),
});
export type Perfil = z.infer<typeof perfilSchema>;

/**
 * The "Senha" form. Sent as {currentPassword, newPassword, revokeOtherSessions: true} to
 * better-auth's /api/auth/change-password, whose guard applies the same new-password rule.
 */
export const alterarSenhaFormSchema = z
  .object({
    currentPassword: z
      .string({ error: "Informe a senha atual" })
      .min(1, "Informe a senha atual")
      .max(PASSWORD_MAX_LENGTH, "A senha deve ter no máximo 128 caracteres"),
    newPassword: newPasswordSchema,
    confirmPassword: passwordLengthSchema,
  })
  .strict()
  .refine((v) => v.newPassword === v.confirmPassword, { message: "As senhas não coincidem", path: ["confirmPassword"] })
  .refine((v) => v.newPassword !== v.currentPassword, {
    message: "A nova senha deve ser diferente da atual",
    path: ["newPassword"],
  });
export type AlterarSenhaForm = z.input<typeof alterarSenhaFormSchema>;

export const DEVICE_KINDS = ["computador", "celular", "tablet", "desconhecido"] as const;
export type DeviceKind = (typeof DEVICE_KINDS)[number];

/** One open session of the caller (never its token). */
export const sessaoSchema = z.object({
  id: z.string(),
  /** Readable pt-BR description from the user agent: "Chrome no Windows", "Safari no iPhone". */
  dispositivo: z.string(),
  tipo: z.enum(DEVICE_KINDS),
  ip: z.string().nullable(),
  created_at: z.string().describe("Data e hora ISO 8601"),
  /** When the session was last refreshed (better-auth renews it at most once a day of use). */
  ultimo_acesso: z.string().describe("Data e hora ISO 8601"),
  /** The session of this request. */
  atual: z.boolean(),
});
export type Sessao = z.infer<typeof sessaoSchema>;

/** The caller's unexpired sessions: the current one first, then by last access, newest first. */
export const sessoesSchema = z.object({ items: z.array(sessaoSchema) });
export type Sessoes = z.infer<typeof sessoesSchema>;

export const SESSAO_NOT_FOUND = "Sessão não encontrada.";

/** better-auth's session ids are short alphanumeric strings, not UUIDs; an unknown one is a 404. */
export const sessaoIdParam = z.object({
  id: z.string().min(1, "Identificador inválido").max(255, "Identificador inválido"),
});

/** DELETE /api/perfil/sessoes/{id}: `atual` says the caller ended their own session (signed out). */
export const encerrarSessaoResultSchema = z.object({ atual: z.boolean() });

/** POST /api/perfil/sessoes/encerrar-outras: how many sessions ended. */
export const encerrarOutrasResultSchema = z.object({ encerradas: z.number().int() });
