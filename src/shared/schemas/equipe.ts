/**
 * The team: members of a tenant and invitations to it ("Configurações → Equipe",
 * docs/decisions/017-team-and-invitations.md). Shared by the API and the console's forms.
 */
import { z } from "zod";
import { INVITABLE_ROLES, MEMBER_ROLES } from "../domain";
import { isoDateTime, listQuery, pageOf } from "./common";

/** How long an invitation link stays valid. */
export const CONVITE_VALIDADE_DIAS = 7;

const emailField = z
  .string({ error: "Informe o e-mail" })
  .trim()
  .toLowerCase()
  .min(1, "Informe o e-mail")
  .max(254, "E-mail longo demais")
  .pipe(z.email("E-mail inválido"));

const invitableRole = z.enum(INVITABLE_ROLES, { error: "Escolha o papel: síndico, porteiro ou morador" });

const pessoaRef = z
  .uuid("Pessoa inválida")
  .nullish()
  .transform((v) => v ?? null);

/** A morador's invitation names the person record whose units the login will reach. */
const withPessoaForMorador = <T extends { papel: string; pessoa_id: string | null }>(
  value: T,
  ctx: z.RefinementCtx,
) => {
  if (value.papel === "morador" && !value.pessoa_id)
    ctx.addIssue({ code: "custom", path: ["pessoa_id"], message: "Escolha a pessoa cadastrada deste morador" });
  if (value.papel !== "morador" && value.pessoa_id)
    ctx.addIssue({ code: "custom", path: ["pessoa_id"], message: "Só o convite de morador indica uma pessoa" });
};

export const conviteInputSchema = z
  .object({ email: emailField, papel: invitableRole, pessoa_id: pessoaRef })
  .strict()
  .superRefine(withPessoaForMorador);
export type ConviteInput = z.input<typeof conviteInputSchema>;

/** Changing a member's role; becoming a morador names their person record, as an invitation does. */
export const papelInputSchema = z
  .object({ papel: invitableRole, pessoa_id: pessoaRef })
  .strict()
  .superRefine(withPessoaForMorador);
export type PapelInput = z.input<typeof papelInputSchema>;

/** At most this many condominiums per porteiro: one who works at more is better left on "Todos". */
export const MAX_CONDOMINIOS_POR_MEMBRO = 200;

/** Where a porteiro works: none means every condominium of the tenant. */
export const membroCondominiosInputSchema = z
  .object({
    condominio_ids: z
      .array(z.uuid("Condomínio inválido"), { error: "Informe a lista de condomínios" })
      .max(MAX_CONDOMINIOS_POR_MEMBRO, `Escolha no máximo ${MAX_CONDOMINIOS_POR_MEMBRO} condomínios`)
      .transform((ids) => [...new Set(ids)]),
  })
  .strict();
export type MembroCondominiosInput = z.input<typeof membroCondominiosInputSchema>;

export const membroListQuerySchema = listQuery({
  q: z.string().trim().max(100, "Busca longa demais").optional(),
  papel: z.enum(MEMBER_ROLES, { error: "Papel inválido" }).optional(),
});

export const membroSchema = z.object({
  /** The membership id (member.id). */
  id: z.string(),
  user_id: z.string(),
  nome: z.string(),
  email: z.string(),
  image: z.string().nullable(),
  papel: z.enum(MEMBER_ROLES),
  /** The person record a morador acts as, with their units' labels. */
  pessoa: z.object({ id: z.uuid(), nome: z.string(), unidades: z.array(z.string()) }).nullable(),
  /**
   * The condominiums a porteiro works at, by name (docs/product.md, "Equipe"); empty: every
   * condominium of the tenant ("Todos"), as for every other role.
   */
  condominios: z.array(z.object({ id: z.uuid(), nome: z.string() })),
  desde: isoDateTime,
  /** Whether this row is the caller. */
  voce: z.boolean(),
});
export type Membro = z.infer<typeof membroSchema>;
export const membroPageSchema = pageOf(membroSchema);

export const CONVITE_LIST_STATUSES = ["pendente", "expirado"] as const;

export const conviteListQuerySchema = listQuery({
  q: z.string().trim().max(100, "Busca longa demais").optional(),
});

export const conviteSchema = z.object({
  id: z.uuid(),
  email: z.string(),
  papel: z.enum(INVITABLE_ROLES),
  pessoa: z.object({ id: z.uuid(), nome: z.string() }).nullable(),
  /** Open invitations only: pending and valid, or pending past their expiry (resend renews). */
  status: z.enum(CONVITE_LIST_STATUSES),
  expira_em: isoDateTime,
  enviado_em: isoDateTime,
  envios: z.number().int(),
  convidado_por: z.string().nullable(),
});
export type Convite = z.infer<typeof conviteSchema>;
export const convitePageSchema = pageOf(conviteSchema);

export const tokenParam = z.object({
  token: z
    .string()
    .min(20, "Convite inválido")
    .max(100, "Convite inválido")
    .regex(/^[A-Za-z0-9_-]+$/, "Convite inválido"),
});

/** What the invitation page shows before accepting (GET /api/convites/{token}). */
export const conviteAbertoSchema = z.object({
  email: z.string(),
  papel: z.enum(INVITABLE_ROLES),
  organizacao: z.string(),
  convidado_por: z.string().nullable(),
  expira_em: isoDateTime,
  /** An account with this e-mail exists: accept by signing in to it, not by creating one. */
  conta_existente: z.boolean(),
});
export type ConviteAberto = z.infer<typeof conviteAbertoSchema>;
