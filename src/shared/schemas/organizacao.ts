/** The administradora's own data ("Configurações → Organização"), used on e-mails and invitations. */
import { z } from "zod";
import { isValidCnpjNumber, onlyDigits } from "../br-format";
import { optionalPhone } from "../phone";
import { optionalText } from "./common";

export const organizacaoInputSchema = z
  .object({
    nome: z
      .string({ error: "Informe o nome da administradora" })
      .trim()
      .min(2, "Nome deve ter pelo menos 2 caracteres")
      .max(120, "Nome deve ter no máximo 120 caracteres"),
    /** Stored as 14 digits; the form shows the mask. */
    cnpj: optionalText(18)
      .refine((v) => v === null || isValidCnpjNumber(v), { message: "CNPJ inválido" })
      .transform((v) => (v === null ? null : onlyDigits(v))),
    /** Stored in E.164 (docs/product.md, "Telefones"); older values are digits, shown with formatPhone. */
    telefone: optionalPhone(),
    email: optionalText(254).refine((v) => v === null || z.email().safeParse(v).success, {
      message: "E-mail inválido",
    }),
  })
  .strict();
export type OrganizacaoInput = z.input<typeof organizacaoInputSchema>;

export const organizacaoSchema = z.object({
  id: z.string(),
  nome: z.string(),
  cnpj: z.string().nullable(),
  telefone: z.string().nullable(),
  email: z.string().nullable(),
});
export type Organizacao = z.infer<typeof organizacaoSchema>;
